"""The playing scene: the classic top bar (mines left, face, timer) over the board, played with the mouse."""

import logging
from dataclasses import dataclass

import pygame

from game import config
from game.input import BoardGeometry, BoardKeyboard, BoardMouse, Move
from game.model import PRESETS, Board
from game.model.replay import Replay
from game.model.replay_stats import game_stats
from game.scenes.assist import Assistant
from game.scenes.base import Scene
from game.store import GameRecord, category_for
from game.view import animation, hud, theme, widgets
from game.view.animation import Flash, Ripple
from game.view.board_view import BoardLooks, BoardRenderer
from game.view.sheet import Face, Tile

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameSpec:
    """What kind of game to play: its size, mines, and the key its records are kept under."""

    rows: int
    cols: int
    mines: int
    category: str  # "beginner", "intermediate", "expert" or "custom"

    @classmethod
    def preset(cls, name):
        p = PRESETS[name]
        return cls(p.rows, p.cols, p.mines, name)

    @classmethod
    def for_size(cls, rows, cols, mines):
        """A preset's spec when the size and mines are a preset's, else a custom one."""
        name = next((key for key, p in PRESETS.items() if (p.rows, p.cols, p.mines) == (rows, cols, mines)), "custom")
        return cls(rows, cols, mines, name)

    @property
    def label(self):
        if self.category in PRESETS:
            return PRESETS[self.category].name
        return f"Custom {self.cols}x{self.rows}, {self.mines} mines"


# Ctrl + these keys zoom: in, out, back to the default size.
ZOOM_KEYS = {
    pygame.K_EQUALS: 1,
    pygame.K_PLUS: 1,
    pygame.K_KP_PLUS: 1,
    pygame.K_MINUS: -1,
    pygame.K_KP_MINUS: -1,
    pygame.K_0: 0,
    pygame.K_KP_0: 0,
}


SAVED_FLAGS = ("same_board", "hinted", "no_guess")


def check_saved_extra(extra):
    """ValueError unless `extra` is what save() writes beside the board: true/false flags and the time of each
    move, whole milliseconds that never go back (a save without times is an older version's: allowed)."""
    if not isinstance(extra, dict):
        raise ValueError("its details are not a record")
    for key in SAVED_FLAGS:
        if not isinstance(extra.get(key, False), bool):
            raise ValueError(f"its {key.replace('_', ' ')} mark is not true or false")
    times = extra.get("times") or []
    if not (
        isinstance(times, list)
        and all(type(t) is int and t >= 0 for t in times)
        and all(a <= b for a, b in zip(times, times[1:]))
    ):
        raise ValueError("its move times are not whole milliseconds in order")


class PlayingScene(Scene):
    board_code = None  # the code of the board being played, once known (game over works it out)
    _background_look = None  # the theme the cached window frame was drawn in

    def __init__(self, app, spec, board=None, same_board=False, elapsed=0.0, extra=None, no_guess=None):
        super().__init__(app)
        extra = extra or {}
        self.spec = spec
        self.same_board = same_board
        settings = app.settings
        self.board = board or Board(
            spec.rows,
            spec.cols,
            spec.mines,
            seed=app.seeds.next(),
            first_click=settings["first_click"],
            question_marks=settings["question_marks"],
        )
        self.elapsed = elapsed
        self.move_times = list(extra.get("times") or [])
        if len(self.move_times) != len(self.board.moves):  # an older save: no times, so spread none
            self.move_times = [0] * len(self.board.moves)
        self.paused = False
        self.animations = []
        self._swallow_release = False
        self.keyboard = BoardKeyboard(spec.rows, spec.cols)
        self.looks = BoardLooks()
        self._lay_out(hud.fitting_tile(spec.rows, spec.cols, settings["tile"], app.max_window))
        self._dirty_cells = set()
        self._face_held = False
        self._last_face = Face.SMILE
        self._background = None
        self._whole = True  # draw the whole window next frame, not just what changed
        self._shown = None  # (mines left, seconds, face) as last drawn
        self._status_shown = None  # (status text, hint button look) as last drawn
        self._cursor_shown = None
        if no_guess is None:  # the player's setting; a board code brings its own
            no_guess = settings.get("no_guess")
        self.assist = Assistant(
            no_guess=bool(no_guess), hinted=bool(extra.get("hinted")), board_is_no_guess=bool(extra.get("no_guess"))
        )

    def _lay_out(self, tile, window=None):
        """Size everything for a tile size (the zoom) and, when the player resized it, the window."""
        spec = self.spec
        self.layout = hud.BoardLayout(spec.rows, spec.cols, tile, self.app.max_window, window)
        self.window_size = self.layout.window
        self.atlas = self.app.atlases.at(self.layout.scale)
        self.geometry = BoardGeometry(self.layout.board_view, tile, spec.rows, spec.cols)
        self.mouse = BoardMouse(self.geometry)
        self.looks.pressed, self.looks.hover = set(), None
        self.renderer = BoardRenderer(self.atlas, self.board, self.geometry.visible_rows)
        self.hint_button = widgets.Button(self.layout.hint_button, "Hint", size=self.layout.status_font + 2)
        self._background = None
        self._whole = True
        self._keep_cursor_in_view()

    resizable = True

    def resized(self, size):
        """The player resized the window: the board centres itself in it, and scrolls if it does not fit."""
        self._lay_out(self.layout.tile, size)
        self.dirty = True

    def zoom(self, direction):
        """Ctrl + / Ctrl - / Ctrl 0: the next crisp tile size up or down (0: the default); remembered."""
        sizes = config.TILE_SIZES
        tile = self.layout.tile
        if direction == 0:
            tile = config.DEFAULT_TILE
        else:
            index = sizes.index(tile) + direction
            if not 0 <= index < len(sizes):
                return
            tile = sizes[index]
        self.app.remember(tile=tile)
        self._lay_out(tile)
        self.app.fit_window(self)
        self.dirty = True

    @classmethod
    def for_difficulty(cls, app, name):
        return cls(app, GameSpec.preset(name))

    @classmethod
    def resumed(cls, app, board, saved):
        """The game saved in the records, picked up where it was left. ValueError if it cannot be: a game
        already over, or details beside the board (see save()) that are not what this scene writes."""
        if board.state != "playing":
            raise ValueError("it had not started" if board.state == "ready" else f"the game was already {board.state}")
        spec = GameSpec.for_size(board.rows, board.cols, board.mines)
        extra = saved.extra or {}
        check_saved_extra(extra)
        return cls(
            app,
            spec,
            board=board,
            same_board=bool(extra.get("same_board")),
            elapsed=saved.elapsed_ms / 1000,
            extra=extra,
        )

    # --- scene interface -------------------------------------------------------------------------------

    def on_enter(self):
        super().on_enter()
        self.invalidate()
        self.renderer.invalidate()

    def invalidate(self):
        super().invalidate()
        self._whole = True
        atlas = self.app.atlases.at(self.layout.scale)
        if atlas is not self.atlas:  # the theme changed: new sprites, so a new board surface
            self.atlas = atlas
            self.renderer = BoardRenderer(atlas, self.board, self.geometry.visible_rows)

    def on_exit(self):
        self.save()  # the clock ran since the last move; keep that too (window closed, or left to the menu)

    @property
    def finished(self):
        return self.board.state in ("won", "lost")

    @property
    def started(self):
        return self.board.state != "ready"

    def handle(self, event):
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.pause()
            return
        if self.paused:
            self._while_paused(event)
            return
        if event.type == pygame.MOUSEBUTTONUP and self._swallow_release:
            self._swallow_release = False  # the click that resumed a pause plays nothing
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type == pygame.MOUSEWHEEL and pygame.key.get_mods() & pygame.KMOD_CTRL:
            self.zoom(1 if event.y > 0 else -1)
            return
        if (
            event.type == pygame.MOUSEMOTION
            and self.keyboard.cursor is not None
            and self.geometry.view.collidepoint(event.pos)
        ):
            self.keyboard.hide()  # the mouse took over
            self.invalidate()
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self._face_event(event):
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            was = (self.hint_button.hovered, self.hint_button.held)
            if self.hint_button.handle(event):
                self.show_hint()
            if (self.hint_button.hovered, self.hint_button.held) != was:
                self.dirty = True
            if self.hint_button.rect.collidepoint(event.pos):
                return
        if event.type in (
            pygame.MOUSEMOTION,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEWHEEL,
            pygame.WINDOWLEAVE,
        ):
            self._board_mouse(event)

    def update(self, step):
        if self.assist.busy:
            first_click = self.assist.poll(self.board, step)
            self.dirty = True  # the status line counts the wait
            if first_click is not None:
                self.invalidate()
                self.apply(Move("reveal", first_click))
        self.animate(step)
        if self.board.state == "playing" and not self.paused:
            before = int(self.elapsed)
            self.elapsed += step
            if int(self.elapsed) != before:
                self.dirty = True

    def animate(self, step):
        """Run the view's animations on (the game-over scene calls this too, while it shows the board)."""
        for running in self.animations:
            self._dirty_cells.update(running.advance(step, self.looks.override))
        if self.animations:
            self.animations = [a for a in self.animations if not a.done]
            self.dirty = True

    def _finish_animations(self):
        for running in self.animations:
            self._dirty_cells.update(running.finish(self.looks.override))
        self.animations = []

    def _start_animations(self, move, changed, was):
        board = self.board
        new = []
        if board.state == "lost" and was != "lost":
            new.append(Flash(board.exploded, Tile.MINE))
        if len(changed) > 1:
            new.append(Ripple(move.cell, [c for c in changed if c != move.cell], animation.RIPPLE_SECONDS))
        if board.state == "won" and was != "won":
            new.append(Ripple(move.cell, board.mine_cells(), animation.FLOURISH_SECONDS))
        for anim in new:
            anim.hold(self.looks.override)
            self._dirty_cells.update(anim.advance(0.0, self.looks.override))
        self.animations += new

    def next_wake(self):
        if self.animations:
            return 0.0
        if self.board.state == "playing" and not self.paused:
            return 1.0 - (self.elapsed % 1.0)
        return None

    def draw(self, surface):
        """Draw what changed since the last frame (the whole window after on_enter, a scroll or invalidate);
        returns the changed rectangles, or None when it drew everything."""
        if (
            self._whole
            or self.assist.overlays
            or self.assist.spinner_shown
            or self.paused
            or self.keyboard.cursor != self._cursor_shown
        ):
            self.draw_all(surface)  # overlays sit on top of cells: redraw them whole when anything changes
            return None
        layout, changed = self.layout, []
        if self._status_look() != self._status_shown:
            changed.append(self._draw_status(surface))
        mines_left, seconds, face = shown = self._hud_values()
        if mines_left != self._shown[0]:
            hud.draw_number(surface, self.atlas, layout.counter, mines_left)
            changed.append(layout.counter)
        if seconds != self._shown[1]:
            hud.draw_number(surface, self.atlas, layout.timer, seconds)
            changed.append(layout.timer)
        if face != self._shown[2]:
            surface.blit(self.atlas.faces[face], layout.face)
            changed.append(layout.face)
        self._shown = shown
        cells = self.renderer.refresh(self.looks, self._dirty_cells)
        self._dirty_cells = set()
        g = self.geometry
        if cells is None:
            self._blit_board(surface)
            return changed + [g.view]
        offset = (g.view.x - g.scroll_x, g.view.y - g.scroll_y)
        for cell in cells:
            on_screen = cell.move(offset).clip(g.view)
            if on_screen:
                surface.blit(self.renderer.surface, on_screen, area=on_screen.move(-offset[0], -offset[1]))
                changed.append(on_screen)
        if self.keyboard.cursor is not None and cells:
            changed.append(self._draw_cursor(surface))  # a redrawn cell may have covered it
        return changed

    def draw_all(self, surface):
        """The whole window: frame, counters, face and board (scenes drawn on top use this too)."""
        look = theme.current()
        if self._background is None or self._background_look is not look:  # the frame follows the theme
            self._background = pygame.Surface(self.window_size).convert()
            self._background_look = look
            hud.draw_frame(self._background, self.layout)
        surface.blit(self._background, (0, 0))
        self._shown = mines_left, seconds, face = self._hud_values()
        hud.draw_number(surface, self.atlas, self.layout.counter, mines_left)
        hud.draw_number(surface, self.atlas, self.layout.timer, seconds)
        surface.blit(self.atlas.faces[face], self.layout.face)
        self.renderer.refresh(self.looks, self._dirty_cells)
        self._dirty_cells = set()
        self._blit_board(surface)
        surface.set_clip(self.geometry.view)
        self.assist.draw(surface, self.geometry, self.board)
        surface.set_clip(None)
        if self.keyboard.cursor is not None:
            self._draw_cursor(surface)
        self._cursor_shown = self.keyboard.cursor
        if self.paused:
            hud.draw_paused(surface, self.geometry.view)
        self._draw_status(surface)
        self._whole = False

    def _draw_cursor(self, surface):
        rect = self.geometry.cell_rect(*self.keyboard.cursor)
        surface.set_clip(self.geometry.view)
        hud.draw_cursor(surface, rect, self.layout.scale)
        surface.set_clip(None)
        return rect.clip(self.geometry.view)

    def _status_look(self):
        button = self.hint_button
        return self.assist.status(self.board, self.looks.hover), button.hovered, button.held

    def _draw_status(self, surface):
        self._status_shown = look = self._status_look()
        hud.draw_status(surface, self.layout, look[0])
        self.hint_button.enabled = self.board.state in ("ready", "playing") and not self.assist.busy
        self.hint_button.draw(surface)
        return self.layout.status

    def _hud_values(self):
        return self.board.mines_left, min(999, int(self.elapsed)), self.face()

    def _blit_board(self, surface):
        g = self.geometry
        surface.blit(self.renderer.surface, g.view, area=pygame.Rect(g.scroll_x, g.scroll_y, g.view.w, g.view.h))

    def face(self):
        if self._face_held:
            return Face.SMILE_PRESSED
        if self.board.state == "lost":
            return Face.DEAD
        if self.board.state == "won":
            return Face.COOL
        if self.mouse.pressing_board:
            return Face.SURPRISED
        return Face.SMILE

    # --- moves -----------------------------------------------------------------------------------------

    def apply(self, move):
        """Play one move on the model and mark what it changed for redrawing."""
        board, (row, col) = self.board, move.cell
        if self.assist.busy:
            return []
        if move.kind == "reveal" and self.assist.wants_board(board) and not board.is_flagged(row, col):
            self.assist.start_board(board, move.cell)  # the click plays once the board is made
            self.dirty = True
            return []
        if move.kind == "reveal" and board.is_revealed(row, col):
            move = Move("chord", move.cell)  # a click on a number chords it
        self._finish_animations()  # a new move never waits for the last one's animation
        was = board.state
        if self.assist.overlays:
            self.invalidate()
        self.assist.moved()
        logged = len(board.moves)
        if move.kind == "reveal":
            changed = board.reveal(row, col)
        elif move.kind == "flag":
            changed = board.toggle_flag(row, col)
        else:
            changed = board.chord(row, col)
        if was == "ready" and board.state != "ready":
            self.elapsed = 0.0  # the clock starts at the first reveal
        # when each logged click happened, in ms from the first reveal (for replays)
        self.move_times += [round(self.elapsed * 1000)] * (len(board.moves) - logged)
        self._dirty_cells.update(changed)
        if self.app.settings.get("animation", True):
            self._start_animations(move, changed, was)
        self.app.sounds.play(sound_for(move.kind, changed, was, board.state))
        if board.state != was and self.finished:
            self.renderer.invalidate()  # the end shows every mine and every wrong flag
            self.mouse.reset()
            self._update_looks()
            self.game_over()
        elif changed:
            self.save()
        self.dirty = True
        return changed

    def save(self):
        """Keep the game in progress in the records, so a closed window or a crash loses nothing."""
        if self.board.state == "playing":
            self.app.store.save_resume(
                self.board.to_dict(),
                round(self.elapsed * 1000),
                category_for(self.spec.rows, self.spec.cols, self.spec.mines),
                {
                    "same_board": self.same_board,
                    "hinted": self.assist.hinted,
                    "no_guess": self.assist.board_is_no_guess,
                    "times": self.move_times,
                },
            )

    def game_over(self):
        from game.scenes.gameover import GameOverScene

        b = self.board
        elapsed_ms = round(self.elapsed * 1000)
        replay = self.replay(elapsed_ms)
        stats = game_stats(b, elapsed_ms)
        result = self.app.store.record_game(
            GameRecord(
                rows=b.rows,
                cols=b.cols,
                mines=b.mines,
                won=b.state == "won",
                time_ms=elapsed_ms,
                three_bv=b.three_bv,
                seed=b.seed,
                first_click=b.first_click,
                left_clicks=b.left_clicks,
                right_clicks=b.right_clicks,
                chord_clicks=b.chord_clicks,
                effective_clicks=b.effective_clicks,
                same_board=self.same_board,
                hinted=self.assist.hinted,
                no_guess=self.assist.board_is_no_guess,
                solved_three_bv=stats.solved_three_bv,
                replay=None if replay is None else replay.to_json(),
            )
        )
        self.app.switch(GameOverScene(self.app, self, result.message, replay=replay, stats=stats))

    def replay(self, elapsed_ms):
        """The game so far as a replay (its moves with their times), or None if the log does not add up."""
        try:
            return Replay.from_game(self.board, self.move_times, max(elapsed_ms, *self.move_times[-1:], 0))
        except (ValueError, TypeError) as error:  # a bug, not the player's doing: the game is still recorded
            log.error("no replay of this game: %s", error)
            return None

    def new_game(self):
        if not self.finished:
            self.app.store.clear_resume()  # the face or F2 gives up this game, as in the classic
        self.app.switch(PlayingScene(self.app, self.spec))

    def same_board_again(self):
        again = PlayingScene(self.app, self.spec, board=self.board.same_board(), same_board=True)
        again.board_code = self.board_code  # its mines came from this code, wherever the first click falls
        self.app.switch(again)

    def to_menu(self):
        from game.scenes.menu import MenuScene

        self.app.switch(MenuScene(self.app))

    # --- input -----------------------------------------------------------------------------------------

    def _key(self, event):
        if self.assist.busy:
            if event.key == pygame.K_ESCAPE:
                self.assist.cancel()
            return
        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl and event.key in ZOOM_KEYS:
            self.zoom(ZOOM_KEYS[event.key])
        elif event.key in (pygame.K_p, pygame.K_PAUSE):
            self.pause()
        elif event.key == pygame.K_h:
            self.show_hint()
        elif event.key == pygame.K_c:
            self.assist.toggle_chances()
            self.invalidate()
        elif event.key == pygame.K_m:
            self.notify(self.app.toggle_sound())
        elif event.key in (pygame.K_F2, pygame.K_n):
            self.new_game()
        elif event.key == pygame.K_ESCAPE:
            if self.board.moves and not self.finished:  # a flag is a move too
                from game.scenes.confirm import ConfirmScene

                kept = (
                    "It stays saved: resume it from the menu."
                    if self.started
                    else "Its flags are not kept (nothing is opened yet)."
                )
                self.pause()  # the question is no free time to think: the clock stops and the board hides
                self.app.switch(
                    ConfirmScene(
                        self.app,
                        self,
                        "Leave this game?",
                        kept,
                        yes=("Leave", self.to_menu),
                        no="Keep playing",
                        on_no=self.unpause,
                    )
                )
            else:
                self.to_menu()
        else:
            self._keyboard(event)

    def _face_event(self, event):
        if event.button != 1:
            return False
        over = self.layout.face.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._face_held = over
            self.dirty |= over
            return over
        if self._face_held:
            self._face_held = False
            self.dirty = True
            if over:
                self.new_game()
            return True
        return False

    def _keyboard(self, event):
        action = self.keyboard.handle(event)
        if action is None:
            return
        self._keep_cursor_in_view()
        if isinstance(action, Move) and not self.finished:
            self.apply(action)
        self.dirty = True

    def _keep_cursor_in_view(self):
        cursor = self.keyboard.cursor
        if cursor is None:
            return
        g, rect = self.geometry, self.geometry.cell_rect(*cursor)
        dx = min(0, rect.left - g.view.left) + max(0, rect.right - g.view.right)
        dy = min(0, rect.top - g.view.top) + max(0, rect.bottom - g.view.bottom)
        if (dx or dy) and g.scroll_by(dx, dy):
            self.invalidate()

    def pause(self):
        """Stop the clock and hide the board (so a pause is no free time to think); a click or key resumes."""
        if self.board.state == "playing" and not self.paused:
            self.paused = True
            self.mouse.reset()
            self.save()
            self.invalidate()

    def _while_paused(self, event):
        if event.type == pygame.KEYDOWN or event.type == pygame.MOUSEBUTTONDOWN:
            self.unpause()
            self._swallow_release = event.type == pygame.MOUSEBUTTONDOWN

    def unpause(self):
        if self.paused:
            self.paused = False
            self.invalidate()

    def notify(self, message):
        self.assist.message = message
        self.dirty = True

    def show_hint(self):
        if self.assist.show_hint(self.board):
            self.invalidate()

    def _board_mouse(self, event):
        action = self.mouse.handle(event)
        if isinstance(action, Move) and not self.finished:
            self.apply(action)
        elif isinstance(action, tuple) and action[0] == "scroll" and self.geometry.scroll_by(action[1], action[2]):
            self.invalidate()
        self._update_looks()

    def _update_looks(self):
        pressed = self.mouse.pressed_cells(self.board)
        hover = self.mouse.hover_cell()
        looks = self.looks
        if pressed != looks.pressed or hover != looks.hover:
            self._dirty_cells |= pressed | looks.pressed
            self._dirty_cells.update(c for c in (hover, looks.hover) if c is not None)
            looks.pressed, looks.hover = pressed, hover
            self.dirty = True
        face = self.face()
        if face != self._last_face:
            self._last_face = face
            self.dirty = True


def sound_for(kind, changed, was, state):
    """The effect a move makes: winning or losing outranks the move; a move that changed nothing is silent."""
    if state != was and state in ("lost", "won"):
        return "explosion" if state == "lost" else "win"
    if not changed:
        return None
    if kind in ("flag", "chord"):
        return kind
    return "cascade" if len(changed) > 1 else "reveal"
