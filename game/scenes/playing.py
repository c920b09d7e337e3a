"""The playing scene: the classic top bar (mines left, face, timer) over the board, played with the mouse.

The game itself is a GameSession; this scene routes the player's input to it, shows it, and asks the app for
the overlays around it (the pause, the question before leaving, the game-over panel).
"""

from __future__ import annotations

import pygame

from game.assist import Assistant, PendingMove
from game.background import BackgroundJob
from game.input import ZOOM_KEYS, BoardKeyboard, BoardMouse, PressButton
from game.model import GameState, Move
from game.scene import Scene
from game.session import GameSession
from game.sound import sound_for
from game.view import hud
from game.view.animation import Animations
from game.view.board_screen import BoardScreen, Counters
from game.view.sheet import Face

BOARD_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.WINDOWLEAVE)
OPENED_FOR_YOU = "The first click was made for you, as in the game it came from; the clock starts at your next move."


class PlayingScene(Scene):
    resizable = True

    def __init__(self, app, session: GameSession, opening=None, no_guess=None):
        """`opening`: a first click to make for the player (the same board again, a board code), after which
        the clock waits for their move. `no_guess`: make the mines with the no-guess generator (default: the
        player's setting)."""
        super().__init__(app)
        self.session = session
        board = session.board
        if no_guess is None:
            no_guess = app.settings["no_guess"]
        self.assist = Assistant(no_guess=bool(no_guess) and not board.mines_placed)
        self.keyboard = BoardKeyboard(board.rows, board.cols)
        tile = hud.fitting_tile(board.rows, board.cols, app.settings["tile"], app.max_window)
        self.screen = BoardScreen(app.atlases, board, tile, app.max_window, button="Hint")
        self._laid_out()
        self.animations = Animations(self.screen.looks)
        self.analysis = None  # the game's analysis, made off the frame loop once it is over
        self._verdict_shown = False
        self._opening = opening
        self.face_button = PressButton()
        self._cursor_shown = None
        if session.waiting and opening is None:  # a resumed game
            self.assist.message = "Resumed: the clock starts at your first move."

    def _laid_out(self):
        layout = self.screen.layout
        self.window_size = layout.window
        self.mouse = BoardMouse(self.screen.geometry)
        self.hint_button = self.screen.button
        self.screen.keep_in_view(self.keyboard.cursor)

    @property
    def board(self):
        return self.session.board

    @property
    def geometry(self):
        return self.screen.geometry

    @property
    def layout(self):
        return self.screen.layout

    # --- scene interface ------------------------------------------------------------------------------------

    def on_enter(self):
        super().on_enter()
        self.screen.invalidate(board_too=True)
        if self._opening is not None:
            cell, self._opening = self._opening, None
            self.assist.message = OPENED_FOR_YOU
            self.apply(Move("reveal", *cell), by_player=False)

    def on_exit(self):
        self.session.leave()  # the clock ran since the last move: keep that too
        self.assist.cancel()
        if self.analysis is not None and not self.analysis.done:
            self.analysis.cancel()  # a large board's analysis can take seconds: not for a game left behind

    def invalidate(self):
        super().invalidate()
        self.screen.invalidate()

    def resized(self, size):
        """The player resized the window: the board takes the largest tile size that fits it (scrolling at
        the smallest), centred in it."""
        b = self.board
        self.screen.lay_out(hud.tile_for_window(b.rows, b.cols, size), self.app.max_window, size)
        self._laid_out()
        self.dirty = True

    def zoom(self, direction, pointer=None):
        """Ctrl + / Ctrl - / Ctrl 0: the next zoom step up or down (0: the default), remembered. With the
        wheel, the cell under the pointer stays under it where the board scrolls."""
        tile = hud.zoomed(self.layout.tile, direction)
        if tile != self.layout.tile:
            self.app.settings.change("tile", tile)
            self.screen.zoom(tile, self.app.max_window, pointer, then=self._rezoomed)

    def _rezoomed(self):
        self._laid_out()
        self.app.fit_window(self)
        self.dirty = True

    @property
    def over(self):
        return self.session.state.over

    def handle(self, event):
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.pause()
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEWHEEL and pygame.key.get_mods() & pygame.KMOD_CTRL:
            self.zoom(1 if event.y > 0 else -1, pygame.mouse.get_pos())
        elif event.type in BOARD_EVENTS:
            self._mouse(event)

    def _mouse(self, event):
        if self.screen.handle_bars(event):
            self.dirty = True
            return
        over_board = event.type == pygame.MOUSEMOTION and self.geometry.view.collidepoint(event.pos)
        if over_board and self.keyboard.cursor is not None:
            self.keyboard.hide()  # the mouse took over
            self.invalidate()
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self._face_event(event):
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if self.hint_button.handle(event):
                self.show_hint()
            self.dirty = True
            if self.hint_button.rect.collidepoint(event.pos):
                return
        action = self.mouse.handle(event)
        if isinstance(action, Move):
            self.apply(action)
        elif isinstance(action, tuple) and action[0] == "scroll" and self.screen.scroll_by(action[1], action[2]):
            self.dirty = True
        self._update_looks()

    def update(self, step):
        if self.assist.busy:
            made = self.assist.poll(step)
            self.dirty = True  # the status line counts the wait
            if made is not None:
                mines, move = made
                if mines is not None:
                    self.session.lay_mines(mines)
                self.invalidate()
                self.apply(move.move, by_player=move.by_player)
        if self.assist.hint_job is not None:
            self.dirty |= self.assist.thinking  # the status line counts the wait
            if self.assist.poll_hint(step):
                self.session.note_assistance()
                self.invalidate()
        self._analysed()
        self.animate(step)
        before = int(self.session.elapsed)
        self.session.tick(step)
        if int(self.session.elapsed) != before:
            self.dirty = True

    def animate(self, step):
        """Run the view's animations on (the flashing mine, a cascade's ripple, the win's flags)."""
        if self.animations:
            self.screen.dirty_cells.update(self.animations.advance(step))
            self.dirty = True

    def next_wake(self):
        if self.animations or self.assist.hint_job or (self.analysis is not None and not self._verdict_shown):
            return 0.0
        if self.session.clock_running:
            return 1.0 - (self.session.elapsed % 1.0)
        return None

    # --- drawing ----------------------------------------------------------------------------------------------

    def draw(self, surface):
        """Draw what changed since the last frame; returns the changed rectangles, or None when it drew
        everything."""
        whole = self.assist.overlays or self.assist.spinner_shown or self.session.paused
        if whole or self.keyboard.cursor != self._cursor_shown or self.screen.needs_whole:
            self.draw_all(surface)  # overlays sit on top of cells: redraw them whole when anything changes
            return None
        cells_before = len(self.screen.dirty_cells)
        self.hint_button.enabled = not self.over and not self.assist.busy
        changed = self.screen.draw(surface, self._counters(), self._status())
        if changed is not None and self.keyboard.cursor is not None and cells_before:
            changed.append(self._draw_cursor(surface))  # a redrawn cell may have covered it
        return changed

    def draw_all(self, surface):
        """The whole window: frame, counters, face, board, what the hint engine shows, and the status line."""
        self.hint_button.enabled = not self.over and not self.assist.busy
        self.screen.draw_all(surface, self._counters(), self._status())
        view = self.geometry.view
        surface.set_clip(view)
        self.assist.draw(surface, self.geometry, self.board, self.screen.looks.hover)
        surface.set_clip(None)
        if self.keyboard.cursor is not None:
            self._draw_cursor(surface)
        self._cursor_shown = self.keyboard.cursor
        if self.session.paused:
            hud.draw_paused(surface, view)

    def _draw_cursor(self, surface):
        return self.screen.draw_cursor(surface, self.keyboard.cursor)

    def _status(self):
        return self.assist.status(self.board, self.screen.looks.hover)

    def _counters(self):
        return Counters(self.board.mines_left, min(999, int(self.session.elapsed)), self.face())

    def face(self):
        state = self.board.state
        if self.face_button.held:
            return Face.SMILE_PRESSED
        if state == GameState.LOST:
            return Face.DEAD
        if state == GameState.WON:
            return Face.COOL
        if self.mouse.pressing_board and not self.over:
            return Face.SURPRISED
        return Face.SMILE

    # --- moves ------------------------------------------------------------------------------------------------

    def apply(self, move, by_player=True):
        """Play one move through the session and show what it changed."""
        board, session = self.board, self.session
        if self.assist.busy or self.over:
            return []
        if move.kind == "reveal" and self.assist.wants_board(board) and not board.is_flagged(*move.cell):
            self.assist.start_board(board, PendingMove(move, by_player))  # played once the board is made
            self.dirty = True
            return []
        self.screen.dirty_cells.update(self.animations.finish())  # a move never waits for an animation
        if self.assist.overlays:
            self.invalidate()
        if by_player:
            self.assist.moved()
        was = board.state
        changed = session.apply(move, by_player=by_player)
        self.screen.dirty_cells.update(board.last_changed)
        if self.app.settings["animation"]:
            self.screen.dirty_cells.update(self.animations.start(board, move, changed, was))
        self.app.sounds.play(sound_for(move.kind, changed, was, board.state))
        if session.state.over:
            self._game_over()
        self.dirty = True
        return changed

    def _game_over(self):
        self.screen.invalidate(board_too=True)  # the end shows every mine and every wrong flag
        self.mouse.reset()
        self._update_looks()
        self.assist.message = None
        replay = self.session.replay()
        self.analysis = BackgroundJob(lambda cancel: replay.analyse(cancelled=cancel))
        layout = self.layout
        self.app.push(
            "game over",
            session=self.session,
            analysis=self.analysis,
            face=layout.face,
            board=layout.board_view,
            status=layout.status,
            then=self._after_game_over,
        )

    def _analysed(self):
        """The game's analysis came in: on a loss, mark the cell the player could have clicked instead."""
        job = self.analysis
        if job is None or not job.done or self._verdict_shown:
            return
        self._verdict_shown = True
        verdict = job.result.loss if job.error is None and job.result is not None else None
        if verdict is not None:
            self.assist.show_verdict(verdict)
            self.invalidate()

    def _after_game_over(self, choice):
        if choice == "again":
            self.new_game()
        elif choice == "same board":
            self.same_board()
        elif choice == "menu":
            self.app.show("menu")

    def new_game(self):
        """The face, F2 or N: a new board of the same size. A game under way counts as abandoned."""
        self.session.abandon()
        self.app.show("playing", session=self.app.dealer.again(self.session))

    def same_board(self):
        session, opening = self.app.dealer.same_board(self.session)
        self.app.show("playing", session=session, opening=opening, no_guess=False)

    # --- input ------------------------------------------------------------------------------------------------

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
            if self.assist.toggle_chances():
                self.session.note_assistance(chances=True)
            self.invalidate()
        elif event.key == pygame.K_m:
            self.notify(self.app.toggle_sound())
        elif event.key in (pygame.K_F2, pygame.K_n):
            self.new_game()
        elif event.key == pygame.K_ESCAPE:
            self.leave()
        else:
            self._keyboard(event)

    def leave(self):
        """Esc: back to the menu, asking first when there is something to lose (a flag is a move too)."""
        if not self.board.moves or self.over:
            self.app.show("menu")
            return
        started = self.session.state == GameState.PLAYING
        kept = (
            "It stays saved: resume it from the menu." if started else "Its flags are not kept (nothing is opened yet)."
        )
        self.pause(cover=False)  # the question is no free time to think: the clock stops and the board hides

        def answered(leave):
            if leave:
                self.app.show("menu")
            else:
                self.session.unpause()
                self.invalidate()

        self.app.ask("Leave this game?", kept, yes="Leave", no="Keep playing", then=answered)

    def _face_event(self, event):
        """The face is a button: a new game when released over it."""
        used, clicked = self.face_button.handle(event, self.layout.face)
        self.dirty |= used
        if clicked:
            self.new_game()
        return used

    def _keyboard(self, event):
        action = self.keyboard.handle(event)
        if action is None:
            return
        self.screen.keep_in_view(self.keyboard.cursor)
        if isinstance(action, Move):
            self.apply(action)
        self.dirty = True

    def pause(self, cover=True):
        """Stop the clock and hide the board (so a pause is no free time to think); a click or key resumes."""
        if self.session.state != GameState.PLAYING or self.session.paused:
            return
        self.session.pause()
        self.mouse.reset()
        self.invalidate()
        if cover:
            self.app.push("pause", then=self._unpaused)

    def _unpaused(self, _result):
        self.session.unpause()
        self.invalidate()

    def notify(self, message):
        self.assist.message = message
        self.dirty = True

    def show_hint(self):
        """H or the Hint button: the hint is worked out off the frame loop and shows when it is there."""
        if not self.over:
            self.assist.ask_hint(self.board)

    def _update_looks(self):
        pressed = self.mouse.pressed_cells(self.board) if not self.over else set()
        self.dirty |= self.screen.point(pressed, self.mouse.hover_cell())
