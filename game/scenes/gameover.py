"""Game over: the final board stays in view under a results panel that can be dismissed.

The panel shows the game's figures at once; the analysis of the game (which clicks were guesses and, on a loss,
whether the last click was forced) runs off the frame loop and fills in when ready.
"""

import logging

import pygame

from game import clipboard
from game.background import BackgroundJob
from game.model.boardcode import BoardCode, encode
from game.model.hints import Hint
from game.scenes.base import Scene
from game.view import theme, widgets
from game.view.sheet import Face

log = logging.getLogger(__name__)

PANEL_W, TITLE_H, LINE_H, VERDICT_SIZE, HINT_H, BUTTONS_H = 300, 44, 22, 17, 20, 138
COPIED_SECONDS = 2.0  # how long the Copy button says "Copied"


def format_seconds(seconds):
    return f"{seconds:.1f} s" if seconds < 60 else f"{int(seconds // 60)} min {seconds % 60:04.1f} s"


def board_code(playing):
    """The game's board code, or None when no code can remake these mines."""
    if playing.board_code is not None:
        return playing.board_code
    try:
        return encode(BoardCode.from_board(playing.board, no_guess=playing.assist.board_is_no_guess))
    except ValueError as error:
        log.info("no board code: %s", error)
        return None


class GameOverScene(Scene):
    """Shows "You win" or "Boom" with the time, 3BV, 3BV/s, clicks, IOE, guesses, seed and board code over
    the finished playing scene; on a loss it says whether the fatal click was forced and marks a safer cell."""

    def __init__(self, app, playing, record_message="", replay=None, stats=None):
        super().__init__(app)
        self.playing = playing
        self.board = playing.board
        self.won = self.board.state == "won"
        self.record_message = record_message
        self.replay = replay
        self.stats = stats
        self.code = board_code(playing)
        playing.board_code = self.code  # "Same board" keeps the code of the board it repeats
        self.analysis = None
        self.job = BackgroundJob(lambda cancel: replay.analyse(cancelled=cancel)) if replay is not None else None
        self.panel_visible = True
        self._face_held = False
        self._copied = 0.0
        self._coming_back = False
        self._lay_out()

    def _lay_out(self):
        playing = self.playing
        width = PANEL_W
        height = self._panel_height(width)
        window_w, window_h = playing.window_size
        if width + 16 > window_w or height + 16 > window_h:  # a small board's window grows to hold the panel
            playing.resized((max(window_w, width + 16), max(window_h, height + 16)))
        self.window_size = playing.window_size
        self.rect = pygame.Rect(0, 0, width, height)
        view = playing.layout.board_frame
        self.rect.center = (self.window_size[0] // 2, max(view.centery, self.rect.h // 2 + 8))
        self.rect.bottom = min(self.rect.bottom, self.window_size[1] - 8)
        x, w, bottom = self.rect.x + 14, width - 28, self.rect.bottom
        half = (w - 8) // 2
        size = widgets.fitting_size(("Same board", "Menu", "Replay", "Copy code"), half - 10, (22, 20, 18, 16))
        self.replay_button = widgets.Button(
            (x, bottom - 134, half, 36), "Replay", size=size, enabled=self.replay is not None
        )
        self.copy = widgets.Button(
            (x + half + 8, bottom - 134, half, 36), "Copy code", size=size, enabled=self.code is not None
        )
        self.play_again = widgets.Button((x, bottom - 92, w, 36), "Play again", size=25)
        self.same_board = widgets.Button((x, bottom - 50, half, 36), "Same board", size=size)
        self.menu = widgets.Button((x + half + 8, bottom - 50, half, 36), "Menu", size=size)
        self.hide = widgets.Button((self.rect.right - 33, self.rect.y + 6, 24, 24), "x", size=24)
        self.buttons = (self.replay_button, self.copy, self.play_again, self.same_board, self.menu, self.hide)

    def _panel_height(self, width):
        verdict = len(self._verdict_lines(width)) if not self.won else 0
        return (
            TITLE_H
            + LINE_H * len(self._lines())
            + (VERDICT_SIZE + 1) * verdict
            + 6 * bool(verdict)
            + (24 if self.record_message else 0)
            + HINT_H
            + BUTTONS_H
        )

    # --- the analysis, off the frame loop ----------------------------------------------------------------

    def update(self, step):
        self.playing.animate(step)  # the flashing mine, the win's flags
        if self.playing.dirty:
            self.playing.dirty = False
            self.dirty = True
        if self._copied:
            self._copied = max(0.0, self._copied - step)
            self.copy.label = "Copied" if self._copied else "Copy code"
            self.dirty |= not self._copied
        if self.job is not None and self.job.done:
            self._analysed(self.job)
            self.job = None
            self.dirty = True

    def _analysed(self, job):
        if job.error is not None or job.result is None:  # None: cancelled
            if job.error is not None:
                log.error("the game's analysis failed", exc_info=job.error)
            self.analysis = False
        else:
            self.analysis = job.result
            verdict = self.analysis.loss
            if verdict is not None and verdict.alternative is not None:
                # mark the cell the player could have clicked, and the numbers that prove it safe
                self.playing.assist.hint = Hint(
                    verdict.alternative,
                    not verdict.forced,
                    False,
                    verdict.alternative_probability or 0.0,
                    verdict.proof,
                    verdict.reason,
                )
            if verdict is not None:
                self.playing.assist.message = verdict.summary  # still there when the panel is put away
                self.playing.invalidate()
        self._lay_out()  # the verdict's lines make the panel taller
        self.app.fit_window(self)

    def next_wake(self):
        if self.playing.animations or self.job is not None:
            return 0.0
        return self._copied or None

    def on_exit(self):
        if self.job is not None and not self._coming_back:
            self.job.cancel()  # a large board's analysis can take seconds: not for a game left behind

    # --- figures -----------------------------------------------------------------------------------------

    @property
    def seconds(self):
        return self.playing.elapsed

    @property
    def three_bv_per_second(self):
        return self.board.three_bv / self.seconds if self.won and self.seconds > 0 else None

    def _lines(self):
        board, stats = self.board, self.stats
        lines = [("Time", format_seconds(self.seconds))]
        rate = stats.three_bv_per_second if stats else self.three_bv_per_second
        rate = f" at {rate:.2f}/s" if rate else ""
        if self.won or stats is None:
            lines.append(("3BV", f"{board.three_bv}{rate}"))
        else:
            lines.append(("3BV", f"{stats.solved_three_bv} of {board.three_bv}{rate}"))
        clicks = board.left_clicks + board.right_clicks + board.chord_clicks
        lines.append(("Clicks", f"{clicks} ({board.effective_clicks} useful)"))
        if stats is not None:
            lines.append(("IOE", f"{stats.ioe:.2f}  ({stats.correctness:.0%} correct)"))
        if self.replay is not None:
            lines.append(("Guesses", self._guesses()))
        if not self.won and self.analysis:
            verdict = self.analysis.loss
            lines.append(
                ("Last click", "-" if verdict is None else "a forced guess" if verdict.forced else "avoidable")
            )
        lines.append(("Seed", str(board.seed)))
        if self.code:
            lines.append(("Code", self.code))
        return lines

    def _guesses(self):
        if self.analysis is None:
            return "counting..."
        if self.analysis is False:
            return "-"
        a = self.analysis
        approx = "" if a.exact else "at most "
        return f"{approx}{a.guesses} of {a.opening_moves} moves"

    def _verdict_lines(self, width):
        verdict = self.analysis.loss if self.analysis else None
        if verdict is None:
            return []
        return widgets.wrap(verdict.summary, VERDICT_SIZE, width - 32)[:5]

    # --- input -------------------------------------------------------------------------------------------

    def handle(self, event):
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_F2, pygame.K_n, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.playing.new_game()
            elif event.key == pygame.K_m:
                said = self.app.toggle_sound()
                if not (self.analysis and self.analysis.loss):  # the status line keeps a loss's verdict
                    self.playing.notify(said)
            elif event.key == pygame.K_ESCAPE:
                self.playing.to_menu()
            elif event.key == pygame.K_SPACE:
                self.panel_visible = not self.panel_visible
            elif event.key == pygame.K_r and self.replay is not None:
                self.watch_replay()
            return
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return
        if self._face(event):
            return
        if not self.panel_visible:
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self.panel_visible = True
            return
        if self.hide.handle(event):
            self.panel_visible = False
        elif self.replay_button.handle(event):
            self.watch_replay()
        elif self.copy.handle(event):
            self.copy_code()
        elif self.play_again.handle(event):
            self.playing.new_game()
        elif self.same_board.handle(event):
            self.playing.same_board_again()
        elif self.menu.handle(event):
            self.playing.to_menu()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.rect.collidepoint(event.pos):
            self.panel_visible = False  # a click beside the panel puts it away to study the board

    def watch_replay(self):
        from game.scenes.replay import ReplayScene

        self._coming_back = True  # the replay returns here: the analysis goes on meanwhile
        self.app.switch(ReplayScene(self.app, self.replay, back=self))

    def copy_code(self):
        if clipboard.copy(self.code):
            self._copied = COPIED_SECONDS
            self.copy.label = "Copied"
        else:
            self.copy.label = "No clipboard"

    def _face(self, event):
        """The face button still starts a new game, as in the classic."""
        if event.type == pygame.MOUSEMOTION or event.button != 1:
            return False
        over = self.playing.layout.face.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._face_held = over
            return over
        if self._face_held:
            self._face_held = False
            if over:
                self.playing.new_game()
            return True
        return False

    # --- drawing -----------------------------------------------------------------------------------------

    def on_enter(self):
        super().on_enter()
        self._coming_back = False
        self.playing.invalidate()  # back from the replay: the whole board again

    def draw(self, surface):
        self.playing.draw_all(surface)
        if self._face_held:
            surface.blit(self.playing.atlas.faces[Face.SMILE_PRESSED], self.playing.layout.face)
        if self.panel_visible:
            self._draw_panel(surface)

    def _draw_panel(self, surface):
        rect, look = self.rect, theme.current()
        widgets.panel(surface, rect, title="You win!" if self.won else "Boom!")
        y = rect.y + TITLE_H
        for label, value in self._lines():
            label_rect = widgets.text(surface, label, (rect.x + 16, y), 21, anchor="topleft")
            size = widgets.fitting_size([value], rect.right - 16 - label_rect.right - 10, (21, 19, 17, 15))
            widgets.text(surface, value, (rect.right - 16, y + (21 - size) // 2), size, anchor="topright", bold=True)
            y += LINE_H
        verdict = [] if self.won else self._verdict_lines(rect.w)
        if verdict:
            y += 4
            for line in verdict:
                widgets.text(surface, line, (rect.x + 16, y), VERDICT_SIZE, look.text)
                y += VERDICT_SIZE + 1
            y += 2
        if self.record_message:
            size = widgets.fitting_size([self.record_message], rect.w - 20, (22, 19, 17, 15))
            widgets.text(
                surface, self.record_message, (rect.centerx, y + 4), size, look.success_text, anchor="midtop", bold=True
            )
        hint = "x or Space shows the board"
        widgets.text(
            surface, hint, (rect.centerx, self.replay_button.rect.y - 4), 17, anchor="midbottom", colour=look.dim_text
        )
        for button in self.buttons:
            button.draw(surface)
