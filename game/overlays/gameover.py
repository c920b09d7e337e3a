"""Game over: a results panel over the finished board, which can be put away to study the board.

The panel shows the game's figures at once; the analysis of the game (which clicks were guesses and, on a
loss, whether the last click was forced) runs off the frame loop and fills in when ready. The panel hands
back what the player chose ("again", "same board", "menu"); watching the replay asks the app directly, and
comes back here.
"""

import logging

import pygame

from game import clipboard, config
from game.model.boardcode import BoardCode, encode
from game.scene import Overlay
from game.view import theme, widgets
from game.view.formats import format_seconds

log = logging.getLogger(__name__)

PANEL_W, TITLE_H, LINE_H, VERDICT_SIZE, HINT_H, BUTTONS_H = config.GAME_OVER_PANEL_W, 44, 22, 17, 20, 138
COPIED_SECONDS = 2.0  # how long the Copy button says "Copied"


def board_code(session):
    """The game's board code, or None when no code can remake these mines."""
    try:
        return encode(BoardCode.from_board(session.board, no_guess=session.no_guess))
    except ValueError as error:
        log.info("no board code: %s", error)
        return None


class GameOverPanel(Overlay):
    """Shows "You win" or "Boom" with the time, 3BV, 3BV/s, clicks, IOE, guesses, seed and board code; on a
    loss it says whether the fatal click was forced (the scene beneath marks a safer cell)."""

    modal = False  # the face above the board still starts a new game

    def __init__(self, app, session, analysis=None, face=None):
        """`face`: where the face button is; clicks there are left to the scene beneath."""
        super().__init__(app)
        self.face = pygame.Rect(face) if face is not None else pygame.Rect(0, 0, 0, 0)
        self.said = ""  # a word about a key just pressed (M: sound on or off), shown for a moment
        self._said_left = 0.0
        self.session = session
        self.board = session.board
        self.won = self.board.state == "won"
        result = session.result
        self.record_message = getattr(result, "message", "") or ""
        self.stats = session.stats()
        self.code = board_code(session)
        self.job = analysis
        self.analysis = None
        self.panel_visible = True
        self._copied = 0.0
        self._lay_out()

    def _lay_out(self):
        width = PANEL_W
        height = min(self._panel_height(width), self.window_size[1] - 16)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (self.window_size[0] // 2, self.window_size[1] // 2)
        x, w, bottom = self.rect.x + 14, width - 28, self.rect.bottom
        half = (w - 8) // 2
        size = widgets.fitting_size(("Same board", "Menu", "Replay", "Copy code"), half - 10, (22, 20, 18, 16))
        self.replay_button = widgets.Button((x, bottom - 134, half, 36), "Replay", size=size)
        self.copy = widgets.Button(
            (x + half + 8, bottom - 134, half, 36), "Copy code", size=size, enabled=bool(self.code)
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
        if self._said_left:
            self._said_left = max(0.0, self._said_left - step)
            self.dirty |= not self._said_left
        if self._copied:
            self._copied = max(0.0, self._copied - step)
            self.copy.label = "Copied" if self._copied else "Copy code"
            self.dirty |= not self._copied
        if self.job is not None and self.job.done:
            job, self.job = self.job, None
            if job.error is not None:
                log.error("the game's analysis failed", exc_info=job.error)
            self.analysis = job.result if job.error is None and job.result is not None else False
            self._lay_out()  # the verdict's lines make the panel taller
            self.dirty = True

    def next_wake(self):
        if self.job is not None:
            return 0.0
        return min(t for t in (self._copied, self._said_left, 1e9) if t) if self._copied or self._said_left else None

    # --- figures -----------------------------------------------------------------------------------------

    def _lines(self):
        board, stats = self.board, self.stats
        lines = [("Time", format_seconds(self.session.elapsed, precise=True))]
        rate = stats.three_bv_per_second
        rate = f" at {rate:.2f}/s" if rate else ""
        if self.won:
            lines.append(("3BV", f"{board.three_bv}{rate}"))
        else:
            lines.append(("3BV", f"{stats.solved_three_bv} of {board.three_bv}{rate}"))
        lines.append(("Clicks", f"{stats.clicks} ({stats.effective} useful)"))
        lines.append(("IOE", f"{stats.ioe:.2f}  ({stats.correctness:.0%} correct)"))
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
            self._key(event)
            return True
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return False
        if self.face.collidepoint(event.pos) and event.type != pygame.MOUSEMOTION:
            return False  # the face starts a new game, as in the classic
        if not self.panel_visible:
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self.panel_visible = True
            return True
        if self.hide.handle(event):
            self.panel_visible = False
        elif self.replay_button.handle(event):
            self.watch_replay()
        elif self.copy.handle(event):
            self.copy_code()
        elif self.play_again.handle(event):
            self.finish("again")
        elif self.same_board.handle(event):
            self.finish("same board")
        elif self.menu.handle(event):
            self.finish("menu")
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.rect.collidepoint(event.pos):
            self.panel_visible = False  # a click beside the panel puts it away to study the board
        return True

    def _key(self, event):
        if event.key in (pygame.K_F2, pygame.K_n, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.finish("again")
        elif event.key == pygame.K_m:
            self.said, self._said_left = self.app.toggle_sound(), COPIED_SECONDS
        elif event.key == pygame.K_ESCAPE:
            self.finish("menu")
        elif event.key == pygame.K_SPACE:
            self.panel_visible = not self.panel_visible
        elif event.key == pygame.K_r:
            self.watch_replay()

    def watch_replay(self):
        self.app.show("replay", remember=True, replay=self.session.replay())

    def copy_code(self):
        if clipboard.copy(self.code):
            self._copied = COPIED_SECONDS
            self.copy.label = "Copied"
        else:
            self.copy.label = "No clipboard"

    # --- drawing -----------------------------------------------------------------------------------------

    def draw(self, surface):
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
        hint = self.said if self._said_left else "x or Space shows the board"
        widgets.text(
            surface, hint, (rect.centerx, self.replay_button.rect.y - 4), 17, anchor="midbottom", colour=look.dim_text
        )
        for button in self.buttons:
            button.draw(surface)
