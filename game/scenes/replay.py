"""The replay scene: a finished game played back on its board, with the pointer on each click.

Play and pause (Space), step a move back or on (Left / Right), start and end (Home / End), speeds 0.1x to 10x
(- and +, or the speed button), a seek bar to click or drag, and export to a replay file and EVF (E). The top
bar and the status line show the counters as they were at that moment. A recorded game (its video) shows the
mouse as it moved and the cells pressed while a button was held; comma and full stop step by its events,
[ and ] by its clicks; Race (B) plays its board against its ghost (game.play.race), and its figures so far show
live beside the board or under the controls (game/view/live_figures.py). The game's review (game/view/replay_review.py,
worked out off the frame) marks its guesses and mistakes on the seek bar: G and Shift+G step to the next and the one
before, paused just before the click, where the board shows that position's chances; S studies it as a puzzle, and
I shows the time between clicks as a chart.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pygame

from game import config, language
from game.files.export import REPLAYS_FOLDER, export_evf, export_replay
from game.language import _, pgettext
from game.model import Cell, GameState, Move, around
from game.store import data_folder
from game.video.playback import LEFT, MIDDLE, RIGHT, Playback
from game.view import (
    hud,
    live_figures,
    replay_review,
    replay_status,
    replay_view,
    screens,
    theme,
    tip,
    video_about,
    widgets,
)
from game.view.board_screen import NO_LOOKS, BoardScreen, Counters
from game.view.board_view import BoardLooks
from game.view.input import BoardGeometry
from game.view.scale import px
from game.view.scene import Context, Scene
from game.work.background import BackgroundJob

SPEEDS = (0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 10.0)
CONTROLS_H = 78  # the seek bar and the row of buttons under the board window (base pixels, as below)
MIN_WIDTH = 480  # what the row of buttons needs
MESSAGE_SECONDS = 4.0

# the video at a moment: its pointer (board points; None before its first event or off the board) and the buttons held
VideoPointer = tuple[tuple[float, float] | None, int]


KEY_ACTIONS = {
    pygame.K_SPACE: "play",
    pygame.K_LEFT: "back",
    pygame.K_RIGHT: "forward",
    pygame.K_HOME: "start",
    pygame.K_END: "end",
    pygame.K_MINUS: "slower",
    pygame.K_KP_MINUS: "slower",
    pygame.K_PLUS: "faster",
    pygame.K_EQUALS: "faster",
    pygame.K_KP_PLUS: "faster",
    pygame.K_e: "export",
    pygame.K_b: "race",
    pygame.K_COMMA: "event back",
    pygame.K_PERIOD: "event on",
    pygame.K_LEFTBRACKET: "click back",
    pygame.K_RIGHTBRACKET: "click on",
    pygame.K_g: "mark on",  # Shift+G: "mark back"
    pygame.K_s: "study",
    pygame.K_i: "intervals",
    pygame.K_ESCAPE: "close",
    pygame.K_BACKSPACE: "close",
}


def speed_label(speed: float) -> str:
    return f"{speed:g}x"


class ReplayScene(Scene):
    def __init__(self, context: Context, shown: screens.Replay) -> None:
        super().__init__(context)
        replay, title, video, about = shown.replay, shown.title, shown.video, shown.about
        self.replay = replay
        self.video = video  # the mouse as it moved (game.video), when the game was recorded
        # a file opened to watch (game.files.reading): a video's player, program, date and figures under the board
        self.about = video_about.lines(about) if about is not None and about.video is not None else None
        self.foreign = about.foreign if about is not None else None  # what another program's file said
        self.playback = Playback(video) if video is not None and len(video) else None
        # the figures so far, as the video plays (worked out off the frame)
        self.live = live_figures.LiveFigures(video) if video is not None and self.playback is not None else None
        self.pointer: tuple[int, int] | None = None  # the mouse over the window, for a figure's explanation
        self._tipped: str | None = None  # the figure whose explanation (or the line whole) was drawn last
        self.about_cut: list[tuple[str, pygame.Rect]] = []  # the video's lines cut short, whole, and where
        self.live_whole = True  # the live figures' place must be drawn whole (the window was)
        self._pointer: VideoPointer | None = (
            None  # where the video's pointer was last drawn (board points), and the buttons
        )
        self.moves = replay.moves
        self.speed = 1.0
        self.playing = True
        self.t_ms = 0.0
        self.done = 0  # moves on the board
        # the position was reached by moves (Home, a step), not by time: the video stands just after the click
        # that made the last of them (several clicks can share a time: the made click and the player's first)
        self._by_moves = False
        self.board = replay.fresh_board()
        # ((moves done, milliseconds, the language's changes), status text) as last worked out
        self._counters: tuple[tuple[int, int, int], str] | None = None
        self._dragging = False
        self.message: str | None = title or (
            _("Watching {name}").format(name=about.name)
            if about is not None and self.about
            else replay_status.title(replay)
        )
        self.message_left = MESSAGE_SECONDS
        self.exporting: BackgroundJob[tuple[Path, Path | None]] | None = None  # an export being written
        self.exported: Path | None = None  # the replay file last exported
        self.review = replay_review.ReplayReview(replay)  # worked out off the frame; its marks show when done
        self._lay_out()

    def _lay_out(self) -> None:
        rows, cols = self.replay.rows, self.replay.cols
        context, controls_h = self.context, px(CONTROLS_H)
        about_h = video_about.height() if self.about else 0
        room_w, room_h = context.max_window
        # the board as large as the game showed it (the player's window, or the zoom), if the screen has room
        played = hud.board_tile(
            rows, cols, context.settings["tile"], context.max_window, context.player_window, config.BOARD_WINDOW_LEAST
        )
        side_w = below_h = 0  # the live figures' room: a column beside the board, or rows under the controls
        if self.live is not None:
            below_h = live_figures.height(room_w)
            beside = (room_w - px(live_figures.SIDE_W), room_h - controls_h - about_h)
            under = (room_w, room_h - controls_h - about_h - below_h)
            if hud.fitting(rows, cols, played, beside) >= hud.fitting(rows, cols, played, under):
                side_w, below_h = px(live_figures.SIDE_W), 0  # beside, where it costs the board nothing
        for _attempt in range(3):  # rows under the controls: more of them in a window narrower than the room
            room = (room_w - side_w, room_h - controls_h - about_h - below_h)
            tile = hud.fitting(rows, cols, played, room)
            # the board centres itself in a window wide enough for the buttons (base pixels)
            least = (max(0, MIN_WIDTH - live_figures.SIDE_W), live_figures.SIDE_H) if side_w else (MIN_WIDTH, 0)
            self.screen = BoardScreen(self.context.atlases, self.board, tile, room, least=least)
            needed = live_figures.height(self.layout.window[0]) if below_h else 0
            if needed <= below_h:
                break
            below_h = needed
        layout = self.layout
        self.window_size = (layout.window[0] + side_w, layout.window[1] + about_h + controls_h + below_h)
        self.about_rect = pygame.Rect(0, layout.window[1], self.window_size[0], about_h)  # the whole width
        width, top = self.window_size[0], layout.window[1] + about_h
        self.controls = pygame.Rect(0, top, width, controls_h)
        if side_w:
            self.live_rect = pygame.Rect(layout.window[0], 0, side_w, layout.window[1])  # (least: its height)
        else:
            self.live_rect = pygame.Rect(0, top + controls_h, width, below_h)
        margin = px(12)
        self.seek_rect = pygame.Rect(margin, top + px(6), width - 2 * margin, px(20))
        # TRANSLATORS: Replay's buttons under the board (about 8 characters each)
        labels = [
            ("start", "|<", 44),
            ("back", "<", 40),
            ("play", pgettext("replay button", "Pause"), 78),
            ("forward", ">", 40),
            ("speed", "1x", 52),
            ("export", pgettext("replay button", "Export"), 80),
            ("race", pgettext("replay button", "Race"), 64),
            ("close", _("Back"), 70),
        ]
        gap = px(6)
        spare = width - 2 * margin - sum(px(w) for _name, _label, w in labels) - gap * (len(labels) - 1)
        grow = min(spare // len(labels), px(24))  # a wide window spreads them a little, then centres the row
        x, y = margin + (spare - grow * len(labels)) // 2, top + px(36)
        self.buttons: dict[str, widgets.Button] = {}
        for name, label, w in labels:
            w = px(w) + grow
            self.buttons[name] = widgets.Button((x, y, w, px(34)), label, size=20)
            x += w + gap
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        at_end = self.done == len(self.moves) and self.t_ms >= self.replay.elapsed_ms
        if self.playing:
            label = pgettext("replay button", "Pause")
        else:
            label = pgettext("replay button", "Again") if at_end else pgettext("replay button", "Play")
        self.buttons["play"].label = label
        self.buttons["speed"].label = speed_label(self.speed)

    # --- time --------------------------------------------------------------------------------------------

    def update(self, step: float) -> None:
        self._exported()
        if self.review.update(self.board, self.done, not self.playing):
            self.dirty = True
            self.screen.invalidate()
        if self.live is not None and self.live.news():
            self.dirty = True
        if self.message_left:
            self.message_left = max(0.0, self.message_left - step)
            if not self.message_left:
                self.message = None
                self.dirty = True
        if not self.playing:
            return
        self._by_moves = False
        self.t_ms = min(self.t_ms + step * 1000 * self.speed, self.replay.elapsed_ms)
        self._play_until(self.t_ms)
        if self.t_ms >= self.replay.elapsed_ms and self.done == len(self.moves):
            self.playing = False
            self._sync_buttons()
        self.dirty = True  # the seek bar moves on, and the timer and the board with it

    def _play_until(self, t_ms: float) -> None:
        """Make every move due by t_ms on the board."""
        done_before = self.done
        while self.done < len(self.moves) and self.moves[self.done].t_ms <= t_ms:
            self.board.apply(self.moves[self.done], made=self.done < self.replay.made)
            self.done += 1
        if self.done != done_before:
            self.screen.invalidate()  # the mark moved to the new click
            self._follow(self.moves[self.done - 1])

    def seek_moves(self, count: int) -> None:
        """Go to just after the first `count` moves (at the time of the last of them)."""
        count = max(0, min(count, len(self.moves)))
        t_ms = self.moves[count - 1].t_ms if count else 0
        self._seek(count, t_ms)
        self._by_moves = True

    def seek_time(self, t_ms: float) -> None:
        t_ms = max(0.0, min(t_ms, self.replay.elapsed_ms))
        self._seek(self.replay.moves_until(t_ms), t_ms)
        self._by_moves = False

    def _seek(self, count: int, t_ms: float) -> None:
        if count != self.done:
            self.board = self.replay.board_after(count)
            self.screen.show(self.board)
            self.done = count
            if count:
                self._follow(self.moves[count - 1])
        self.t_ms = t_ms
        self._sync_buttons()
        self.dirty = True

    def _follow(self, move: Move) -> None:
        """Scroll a large board so the last click is in view."""
        g = self.geometry
        rect = g.cell_rect(move.row, move.col)
        if not g.view.contains(rect):
            self.screen.scroll_by(rect.centerx - g.view.centerx, rect.centery - g.view.centery)

    # --- input -------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self.dirty = self.dirty or any(r.collidepoint(event.pos) for r in (self.live_rect, self.about_rect))
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type == pygame.MOUSEWHEEL:
            if self.screen.scroll_by(-event.x * self.geometry.tile * 3, -event.y * self.geometry.tile * 3):
                self.dirty = True
            return
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return
        if self.screen.handle_bars(event):
            self.dirty = True
            return
        if self._seek_bar(event):
            return
        for name, button in self.buttons.items():
            was = (button.hovered, button.held)
            if button.handle(event):
                self.press(name)
            if (button.hovered, button.held) != was:
                self.dirty = True

    def _seek_bar(self, event: pygame.event.Event) -> bool:
        track = self.seek_rect.inflate(0, px(12))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and track.collidepoint(event.pos):
            self._dragging = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            return True
        if not self._dragging:
            return False
        inner = self.seek_rect.inflate(-6, 0)
        fraction = (event.pos[0] - inner.x) / max(1, inner.w)
        self.seek_time(max(0.0, min(1.0, fraction)) * self.replay.elapsed_ms)
        return True

    def _key(self, event: pygame.event.Event) -> None:
        action = KEY_ACTIONS.get(event.key)
        if action == "mark on" and event.mod & pygame.KMOD_SHIFT:
            action = "mark back"
        if action is not None:
            self.press(action)

    def press(self, name: str) -> None:
        self.dirty = True
        if name == "play":
            if not self.playing and self.done == len(self.moves) and self.t_ms >= self.replay.elapsed_ms:
                self.seek_moves(0)  # at the end, play from the start again
            self.playing = not self.playing
        elif name in ("back", "forward"):
            self.playing = False
            self.seek_moves(self.done + (1 if name == "forward" else -1))
        elif name == "start":
            self.seek_moves(0)
        elif name == "end":
            self.playing = False
            self.seek_time(self.replay.elapsed_ms)
        elif name == "speed":
            self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        elif name in ("slower", "faster"):
            index = SPEEDS.index(self.speed) + (1 if name == "faster" else -1)
            self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, index))]
        elif name in ("event back", "event on", "click back", "click on") and self.playback is not None:
            self.playing = False
            on, clicks = name.endswith("on"), name.startswith("click")
            find = self.playback.next_time if on else self.playback.previous_time
            t_ms = find(self.t_ms, clicks_only=clicks)
            if t_ms is not None:
                self.seek_time(t_ms)
        elif name == "export":
            self.export()
        elif name == "race":  # play this board against the video's ghost
            self.race()
        elif name in ("mark on", "mark back", "study", "intervals"):
            self._review_key(name)
        elif name == "close":
            self.close()
        self._sync_buttons()

    def _review_key(self, name: str) -> None:
        """Step to the next marked click (or the one before), paused just before it; study its position; show or
        hide the time between clicks."""
        review, paused = self.review, not self.playing
        if name == "intervals":
            review.show_intervals = not review.show_intervals
            self.screen.invalidate()
        elif not review.ready:
            self.say(_("Still reviewing the game…"))
        elif name == "study":
            mark = review.at(self.done, paused)
            if mark is None or not mark.studied:
                self.say(_("Nothing to study here: G steps to a guess made while a cell was certainly safe."))
                return
            before = None if mark.lost else mark.index  # (the losing click is the study the game-over panel offers)
            self.context.show(screens.Puzzle(study=self.replay, before=before), remember=True)
        elif (mark := review.step(self.done, name == "mark on", paused)) is not None:
            self.playing = False
            self.seek_moves(mark.index)
            self.message = None  # the status line says the click's verdict
        else:
            self.say(
                _("No guess or mistake after this point.")
                if name == "mark on"
                else _("No guess or mistake before this point.")
            )

    def race(self) -> None:
        """Play this board against the video's ghost (asking first when that would replace a saved game)."""
        try:
            session, first, race = self.context.dealer.race(self.video, self.playback)
        except ValueError as refused:
            self.say(str(refused))
            return
        self.context.replace_saved_then(lambda: self.context.show(screens.Playing(session, first, race)))

    def close(self) -> None:
        self.context.back()

    def export(self) -> None:
        """Write the replay file into the records folder's replays folder, off the frame (a 100x100 game's file
        and video take hundreds of milliseconds to encode and write), and say where when it is written."""
        if self.exporting is not None:
            return  # one at a time: the one under way says where it went
        replay, video, foreign, player = self.replay, self.video, self.foreign, self.context.settings["player"]

        def work(cancel: threading.Event) -> tuple[Path, Path | None]:
            folder = data_folder() / REPLAYS_FOLDER
            exported = export_replay(replay, folder, video)
            evf = None if video is None else export_evf(video, folder, exported.stem, player, foreign)
            return exported, evf

        self.exporting = BackgroundJob(work)
        self.say(_("Saving the replay…"))

    def _exported(self) -> None:
        """The export under way, when it is written: said on the status line."""
        job = self.exporting
        if job is None or not job.done:
            return
        self.exporting = None
        if job.error is not None or job.result is None:
            error = job.error
            if not isinstance(error, OSError):
                raise error if error is not None else RuntimeError("the export gave nothing")
            self.say(_("Could not save the replay: {error}").format(error=error.strerror or error))
            return
        self.exported, evf = job.result
        if evf is None:
            self.say(_("Saved {path}").format(path=self.exported))
        else:
            self.say(_("Saved {path} and {video}").format(path=self.exported, video=evf.name))

    def say(self, message: str) -> None:
        self.message, self.message_left = message, MESSAGE_SECONDS
        self.dirty = True

    def notify(self, message: str) -> None:
        """A file dropped here that would not open: said on the status line, the replay goes on."""
        self.say(message)

    def next_wake(self) -> float | None:
        working = self.exporting is not None or self.review.working or (self.live is not None and self.live.working)
        if self.playing or working:
            return 0.0
        return self.message_left or None

    def on_exit(self) -> None:
        self.review.stop()
        if self.live is not None:
            self.live.stop()

    # --- drawing -----------------------------------------------------------------------------------------

    @property
    def layout(self) -> hud.BoardLayout:
        return self.screen.layout

    @property
    def geometry(self) -> BoardGeometry:
        return self.screen.geometry

    def on_enter(self) -> None:
        super().on_enter()
        self.screen.invalidate(board_too=True)
        self.live_whole = True

    def invalidate(self) -> None:
        super().invalidate()
        self.screen.invalidate()
        self.live_whole = True  # the live figures drawn whole too (they are drawn by value otherwise)

    def _video_looks(self) -> tuple[VideoPointer | None, BoardLooks]:
        """The video at this moment: the pointer (board points) and buttons, the cells they press, and the
        keyboard cursor."""
        if self.playback is None:
            return None, NO_LOOKS
        pointer = self.playback.cursor_at(self.t_ms)
        buttons = self.playback.buttons_at(self.t_ms)
        cell = None if pointer is None else self.playback.video.cell_of(int(pointer[0]), int(pointer[1]))
        pressed: frozenset[Cell] = frozenset()
        board = self.board
        if cell is not None and board.state in (GameState.READY, GameState.PLAYING):
            chord = bool(buttons & MIDDLE) or buttons & (LEFT | RIGHT) == LEFT | RIGHT
            if buttons == LEFT or chord:
                area = [cell, *around(board.rows, board.cols, *cell)] if chord else [cell]
                pressed = frozenset(c for c in area if not board.is_revealed(*c) and not board.is_flagged(*c))
        return (pointer, buttons), BoardLooks(pressed=pressed, cursor=self.playback.key_cursor_at(self.t_ms))

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        counters = self.counters()
        pointer, looks = self._video_looks()
        paused, review = not self.playing, self.review
        if pointer != self._pointer or review.shows_over_board(self.done, paused):
            self._pointer = pointer
            self.screen.invalidate()  # the pointer moved, or marks lie over the cells: the window is drawn again
        status = self.message or review.status(self.done, paused) or self._status()
        changed = self.screen.draw(surface, counters, status, looks)
        if changed is None:
            review.draw_over_board(surface, self.geometry, self.board, self.done, paused)
        if pointer is not None and pointer[0] is not None and self.video is not None:
            g = self.geometry
            scale = g.tile / self.video.cell_size
            at = (g.view.x - g.scroll_x + pointer[0][0] * scale, g.view.y - g.scroll_y + pointer[0][1] * scale)
            if g.view.collidepoint(at):
                surface.set_clip(g.view)
                replay_view.draw_pointer(surface, at, self.layout.scale)
                surface.set_clip(None)
        if changed is None and self.done and self.playback is None:  # the whole board drawn: mark the last click
            move, g = self.moves[self.done - 1], self.geometry
            surface.set_clip(g.view)
            replay_view.draw_click(surface, g.cell_rect(move.row, move.col), move.kind, self.layout.scale)
            surface.set_clip(None)
        if changed is None:
            review.draw_chart(surface, self.geometry)  # over the pointer and the last click too
        look = theme.current()
        if self.about and changed is None:
            self.about_cut = video_about.draw(surface, self.about_rect, self.about)
        surface.fill(look.face, self.controls)
        end = {GameState.LOST: look.error_text, GameState.WON: look.success_text}.get(self.board.state)
        fraction = self.t_ms / self.replay.elapsed_ms if self.replay.elapsed_ms else 1.0
        replay_view.draw_seek_bar(surface, self.seek_rect, fraction, end)
        review.draw_seek_marks(surface, self.seek_rect)
        for button in self.buttons.values():
            button.draw(surface)
        tipped, self._tipped = self._tipped, None
        live: list[pygame.Rect] = []
        if self.live is not None:  # beside or under the board window: drawn whole only when the window was
            whole, self.live_whole = self.live_whole or tipped is not None, False
            live = self.live.draw(surface, self.live_rect, self.live_lines(), whole=whole)
            self._tipped = tip.figure_at(self.live.names.items(), self.pointer)
            tip.draw_tip(surface, self._tipped, self.pointer)
        if (whole_line := tip.cut_at(self.about_cut, self.pointer)) is not None:  # a line the strip cut short
            tip.draw_words(surface, whole_line, self.pointer)
            self._tipped = whole_line
        if tipped is not None or self._tipped is not None:  # a tip may lie over the board: all drawn again
            self.screen.invalidate()
            return None
        return None if changed is None else [*changed, self.controls, *live]

    def draw_all(self, surface: pygame.Surface) -> None:
        """The whole window, whatever changed (the board window by diff, the live figures by value, otherwise)."""
        self.invalidate()
        self.draw(surface)

    def live_lines(self) -> dict[str, str] | None:
        """The figures so far, as the live strip shows them (None until they are worked out)."""
        if self.live is None or self.playback is None:
            return None
        return self.live.lines(self.video_index(), self.t_ms)

    def video_index(self) -> int:
        """The video's last event at this position: the one at its time, or, at a position reached by moves,
        the click that made the last of them (before the first, none): the one position the board, the
        status line and the figures all describe."""
        assert self.playback is not None
        at = self.playback.index_at(self.t_ms)
        events = self.live.move_events if self.live is not None else None
        if not self._by_moves or events is None or len(events) != len(self.moves):
            return at  # by time (a video whose clicks are not the replay's moves is only ever by time)
        return events[self.done - 1] if self.done else min(at, events[0] - 1) if events else at

    def counters(self) -> Counters:
        """The top bar as the game showed it then (game.view.replay_status)."""
        return replay_status.counters(self.board, self.done, self.t_ms)

    def _status(self) -> str:
        """The counters as they were (game.view.replay_status), worked out again only when they change."""
        key = (self.done, int(self.t_ms), language.changes())
        if self._counters is None or self._counters[0] != key:
            figures = self.live.figures(self.video_index(), self.t_ms) if self.live and self.playback else None
            line = replay_status.status_line(
                self.board, self.t_ms, self.done, len(self.moves), self.replay.made, figures
            )
            self._counters = key, line
        return self._counters[1]
