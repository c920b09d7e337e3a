"""Game over: the game's figures beside (either side) or below the finished board when the window has room,
otherwise a bar along the bottom that leaves the board in view (More, or Space, opens the whole panel over it,
clear of the cells the verdict marks if it can be; Esc, Space or its x close it again).

The panel ignores the mouse and keys for a moment after the game ends, and any press that began before it
showed, so a click meant for the board never lands on it. The game's verdict (which clicks were guesses, and
whether a losing click was forced) is the session's, made off the frame loop; it fills in when ready. The panel
hands back what the player chose (a PanelChoice): "again", "same board" and "menu" close it; "replay" and
"study" leave it open for when the player comes back.
"""

import logging
from collections.abc import Sequence
from typing import NamedTuple

import pygame

from game import config
from game.language import _, pgettext
from game.model import GameState, GameVerdict
from game.play.aftermath import VerdictState
from game.store.writer import Pending
from game.video.review_of import verdict_text
from game.view import clipboard, layout, race_figures, screens, text, theme, tip, widgets
from game.view.bests import beaten_words
from game.view.end_figures import Line, board_code, draw_lines, figure_lines, kept_lines, untimed
from game.view.focus import FocusRing
from game.view.formats import NOT_TIMED, format_seconds, sentence
from game.view.scale import px
from game.view.scene import Context, Overlay
from game.view.screens import PanelChoice
from game.view.typeface import BODY, BOLD, SMALL, TINY

log = logging.getLogger(__name__)

LEAST_BESIDE_W = 250  # the narrowest the whole panel goes beside the board (base pixels): its words still fit
MOST_DROPPED = 5  # the figures kept however short the window: the first five of PRIORITY
# the panel's buttons by attribute, the whole panel's then the bar's: laid out again, the ring finds its button
PANEL_BUTTONS = ("replay_button", "copy", "play_again", "same_board", "menu", "hide", "study")
BUTTON_NAMES = (*PANEL_BUTTONS, "bar_again", "bar_same", "bar_menu", "more")
GRACE_SECONDS = 0.6  # the panel ignores input this long after the game ends
SAID_SECONDS = 2.0  # how long "Copied" or "Sound off" shows


class Sizes(NamedTuple):
    """The panel's sizes, in base pixels (at 100%); `scaled()` gives them in window pixels (scale.py)."""

    panel_w: int = config.GAME_OVER_PANEL_W
    pad: int = 14
    title_h: int = 42
    line_h: int = 22
    smallest_line: int = 17
    button_h: int = 34
    gap: int = 8  # between the board and the panel, and the panel and the window's edge; under the last buttons
    row_gap: int = 6  # between rows of buttons
    record_line_h: int = 24  # "New record!", when there is one
    beaten_h: int = 36  # the personal bests the game beat, when it beat any (two lines of small letters)
    keys_line_h: int = 20  # the line of keys over the buttons
    keys_room: int = 26  # and the room it takes with its gaps
    hide_w: int = 24  # the x button in the title bar
    hide_right: int = 7  # and its insets from the corner
    hide_top: int = 6
    bar_row: int = 36
    bar_button_w: int = 66  # room for its word at BODY: four of them leave the words beside them room enough
    bar_gap: int = 4
    narrow_bar_w: int = 380  # a bar narrower than this leaves Same board to the whole panel
    bar_title_w: int = 120  # the room the outcome keeps beside the bar's buttons when they share a row
    label_w: int = 92  # the figures' names column

    def scaled(self) -> "Sizes":
        return Sizes(*(px(value) for value in self))


BASE = Sizes()
Where = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]  # the window's size and the scene's places, as values


class GameOverPanel(Overlay[PanelChoice]):
    modal = False  # the face above the board still starts a new game

    def __init__(self, context: Context, shown: screens.GameOver):
        """`places()`: where the scene beneath has, now, (face, board, status, marked): the face button (clicks
        there are the scene's), the board, which the panel keeps clear of when the window has room, the status
        line, where the bar goes, and the cells the loss's verdict marks (the numbers that prove a cell safe and
        that cell), which the panel keeps clear of over the board when it can. The panel asks again whenever
        the window may have changed (a resize, a zoom), so its way on is always on screen. `toggle_sound`: what
        M does (returns the line saying so). `race`: the race this game was (game.play.race): its figures stand
        beside the player's, and who won is said."""
        super().__init__(context)
        session, places, toggle_sound, race = shown.session, shown.places, shown.toggle_sound, shown.race
        self.toggle_sound = toggle_sound
        self.session = session
        self.race = race
        self.won = session.state == GameState.WON
        self.record_message = ""  # "New record!...", once the records have written the game (a frame or two)
        self.record_short = ""  # and as the bar says it: "2nd best time!"
        self.beaten = self.beaten_short = ""  # the personal bests it beat ("Personal best: 3BV/s 2.345 (was 2.101)")
        self._recorded: Pending | None = session.result  # the keeper's Pending
        self.stats = session.stats()
        self.code = board_code(session)
        self.places = places or (lambda: ((0, 0, 0, 0),) * 4)
        self._laid_for = self._where()
        self.face, self.board_frame, self.status, self.marked = (pygame.Rect(r) for r in self._laid_for[1])
        self._progress_shown = self._progress()  # laid out again on a change
        self.age = 0.0
        self._armed = False  # a press began after the panel was ready for one
        self.said, self._said_left = "", 0.0
        self.expanded = False
        self._lay_out()
        self.expanded = self.fits_outside  # the whole panel shows at once only where it hides none of the board

    # --- where things go ---------------------------------------------------------------------------------

    def _where(self) -> Where:
        """The window's size and the scene's places, as plain values to compare."""
        return tuple(self.window_size), tuple(tuple(pygame.Rect(r)) for r in self.places())

    def invalidate(self) -> None:
        super().invalidate()
        self._follow()

    def _follow(self) -> None:
        """The window or the board moved under the panel (a resize, a zoom): lay out again where things are
        now. With room beside the board the whole panel shows there; without, it keeps the player's choice."""
        where = self._where()
        if where == self._laid_for:
            return
        self._laid_for = where
        self.face, self.board_frame, self.status, self.marked = (pygame.Rect(r) for r in where[1])
        self._lay_out_again(whole_if_room=True)

    def _lay_out(self) -> None:
        self.z = z = BASE.scaled()  # the sizes at the interface's factor now
        w, h = self.window_size
        lines = self.lines()
        verdict = self._verdict_words()
        loss = self.verdict.loss if self.verdict is not None and not self.won else None
        studied = loss is not None and loss.missed_safe  # a cell was certainly safe: the position can be studied
        button_rows = 4 if studied else 3
        record_h = (z.record_line_h if self.record_message else 0) + (z.beaten_h if self.beaten else 0)
        fixed = z.title_h + record_h + button_rows * (z.button_h + z.row_gap) + z.keys_room
        self.rect, self.fits_outside = self._place(w, h, fixed, lines, verdict)
        r, inner = self.rect, self.rect.inflate(-2 * z.pad, 0)
        was = self.__dict__.get("copy")
        bottom, step = r.bottom - z.gap, z.button_h + z.row_gap
        rows = [
            pygame.Rect(inner.x, bottom - (n + 1) * step + z.row_gap, inner.w, z.button_h) for n in range(button_rows)
        ]
        # TRANSLATORS: the game-over panel's buttons, two to a row of the panel (about 14 characters each)
        same = _("Same board") if self.race is None else _("Race again")  # a race's board is raced again
        menu, replay, copy = pgettext("button", "Menu"), pgettext("button", "Replay"), _("Copy code")
        size = widgets.widest_fit((same, menu, replay, copy), inner.w // 2 - 2 * px(widgets.PAD))
        (self.same_board, self.menu), (self.play_again,), (self.replay_button, self.copy) = (
            [widgets.Button(box, label, size=size) for box, label in zip(layout.split(row, len(labels)), labels)]
            for row, labels in zip(rows, ((same, menu), (_("Play again"),), (replay, copy)))
        )
        self.copy.enabled = bool(self.code)
        if was is not None and self._said_left:
            self.copy.label = was.label  # "Copied" stays its while when the panel is laid out again
        self.study = widgets.Button(rows[3], _("Study the losing click"), size=size) if studied else None
        hide = (r.right - z.hide_right - z.hide_w, r.y + z.hide_top, z.hide_w, z.hide_w)
        self.hide = widgets.Button(hide, "x", size=BODY)
        self.hint_line = pygame.Rect(inner.x, rows[-1].y - z.keys_line_h - px(2), inner.w, z.keys_line_h)
        self.figures_box = pygame.Rect(inner.x, r.y + z.title_h, inner.w, self.hint_line.y - r.y - z.title_h)
        self._lay_out_bar(w, h)
        self.buttons = [b for b in (getattr(self, name) for name in BUTTON_NAMES) if b is not None]
        self.focus = FocusRing(self._shown_buttons(), start=self.play_again)

    def _place(self, w: int, h: int, fixed: int, lines: Sequence[Line], verdict: str) -> tuple[pygame.Rect, bool]:
        """Where the whole panel goes, and whether that is off the board: beside it (right, else left) when the
        room there takes the panel at its narrowest or wider with its words as they are, else under it, else
        over it, where it covers none of the cells the verdict marks if it can (then the fewest of them)."""
        z, board = self.z, self.board_frame
        beside_h = h - z.gap - board.y  # the room beside the board, when it is wide enough
        for room_w, right in ((w - board.right - 2 * z.gap, True), (board.x - 2 * z.gap, False)):
            panel_w = min(z.panel_w, room_w)
            if panel_w >= px(LEAST_BESIDE_W):
                fits, width, height = self._measure(beside_h, w, fixed, lines, verdict, panel_w)
                if fits:
                    x = board.right + z.gap if right else board.x - z.gap - width
                    return pygame.Rect(x, board.y, width, height), True
        window = pygame.Rect(0, 0, w, h)
        _fits, width, height = self._measure(h - 2 * z.gap, w, fixed, lines, verdict)
        below = pygame.Rect(board.x, board.bottom + z.gap, width, height)
        if window.contains(below):
            return below, True
        xs = ((w - width) // 2, w - z.gap - width, z.gap)  # the middle first, then to a side, top or bottom
        ys = ((h - height) // 2, z.gap, h - z.gap - height)
        over = [pygame.Rect(x, y, width, height) for x in xs for y in ys]
        if not self.marked.w:
            return over[0], False

        def covered(rect: pygame.Rect) -> int:
            clipped = rect.clip(self.marked)
            return clipped.w * clipped.h

        return min(over, key=covered), False  # min keeps the first of equals: the middle when it covers none

    def _measure(
        self, room_h: int, w: int, fixed: int, lines: Sequence[Line], verdict: str, panel_w: int | None = None
    ) -> tuple[bool, int, int]:
        """Fit the panel's words into `room_h`: (whether they fit as they are, the width, the height), and the
        sizes to draw them at. The sentence that explains a loss is read whole: wrapped all of it, in a wider
        panel or smaller letters if need be; what gives way is the figures' spacing, then the figures least
        wanted (PRIORITY: the speed-runners' figures first, then the seed and the code: Copy code has it).
        `panel_w`: the width to try first (the panel's own, or the window less its margins, when not given)."""
        z = self.z
        width, verdict_h, self.verdict_size = panel_w or min(z.panel_w, w - 2 * z.gap), 0, SMALL
        widest = max(width, w - 2 * z.gap)
        kept = min(len(lines), MOST_DROPPED)  # the figures that stay however short the room
        as_they_are = True
        for panel_w, size in ((width, SMALL), (widest, SMALL), (widest, TINY)):
            width, self.verdict_size = panel_w, size
            count = len(text.wrap(verdict, size, panel_w - 2 * z.pad)) if verdict else 0
            verdict_h = text.line_height(size) * count
            if fixed + verdict_h + z.smallest_line * kept <= room_h:
                break
            as_they_are = False
        shown = len(lines)
        while shown > MOST_DROPPED and fixed + verdict_h + z.smallest_line * shown > room_h:
            shown -= 1
        self.lines_shown = shown
        self.line_h = max(z.smallest_line, min(z.line_h, (room_h - fixed - verdict_h) // max(1, shown)))
        return as_they_are, width, min(room_h, fixed + self.line_h * shown + verdict_h)

    def _lay_out_bar(self, w: int, h: int) -> None:
        """The bar, in place of the status line under the board: the outcome and the time, and the buttons
        beside them (under them in a narrow window, whose status line has two rows for it)."""
        z = self.z
        self.bar = self.status.copy() if self.status.w else pygame.Rect(0, h - 2 * z.bar_row, w, 2 * z.bar_row)
        one_row = self.bar.h < 2 * z.bar_row - z.gap
        count = 4 if self.bar.w >= z.narrow_bar_w else 3
        room = self.bar.w - 2 * z.bar_gap - (z.bar_title_w if one_row else 0)
        buttons_w = min(count * z.bar_button_w + (count - 1) * z.bar_gap, room)
        row_h = min(z.bar_row - px(6), (self.bar.h if one_row else self.bar.h // 2) - px(6))
        row = pygame.Rect(self.bar.right - z.bar_gap - buttons_w, self.bar.bottom - row_h - px(3), buttons_w, row_h)
        title_right = row.x - z.gap if one_row else self.bar.right - z.bar_gap
        title_bottom = self.bar.bottom - px(2) if one_row else row.y - px(2)
        left, top = self.bar.x + px(6), self.bar.y + px(2)
        self.bar_title = pygame.Rect(left, top, title_right - left, title_bottom - top)
        # TRANSLATORS: the buttons of the bar under a finished board, four in a row (about 6 characters each):
        # a new game, the same board again (or the same race), the menu, the whole panel of figures
        again, menu, more = pgettext("bar button", "Again"), pgettext("button", "Menu"), pgettext("bar button", "More")
        same = pgettext("bar button", "Same") if self.race is None else pgettext("bar button", "Race")
        labels = (again, same, menu, more) if count == 4 else (again, menu, more)
        made = [
            widgets.Button(box, label, size=BODY) for box, label in zip(layout.split(row, count, BASE.bar_gap), labels)
        ]
        self.bar_again, self.bar_menu, self.more = made[0], made[-2], made[-1]
        self.bar_same = made[1] if count == 4 else None

    def _shown_buttons(self) -> list[widgets.Button]:
        if self.expanded:
            shown = [self.play_again, self.same_board, self.menu, self.replay_button, self.copy, self.study, self.hide]
            return [b for b in shown if b is not None]
        return [b for b in (self.bar_again, self.bar_same, self.bar_menu, self.more) if b is not None]

    def _lay_out_again(self, whole_if_room: bool = False) -> None:
        """Lay the panel out again where things are now, whole or not as it was (or whole, with
        `whole_if_room`, where it fits beside the board), the keyboard's ring on the button it was on: the
        buttons are new ones, the player's place among them is not."""
        expanded = self.expanded
        ringed = self.focus.current if self.focus.shown else None
        name = next((n for n in BUTTON_NAMES if getattr(self, n, None) is ringed), None) if ringed else None
        self._lay_out()
        self._expand(expanded or (whole_if_room and self.fits_outside))
        if name is not None:
            self.focus.focus(getattr(self, name))

    def _expand(self, expanded: bool) -> None:
        self.expanded = expanded
        self.focus = FocusRing(self._shown_buttons(), start=self.play_again if expanded else self.bar_again)
        self.dirty = True

    # --- time and the verdict ---------------------------------------------------------------------------

    def update(self, step: float) -> None:
        self.age += step
        self._follow()
        if self._recorded is not None and self._recorded.done:
            result, self._recorded = self._recorded.value, None
            self.record_message = getattr(result, "message", "") or ""
            self.record_short = getattr(result, "short_message", "") or ""
            self.beaten = beaten_words(getattr(result, "beaten", ()))
            beaten = getattr(result, "beaten", ())
            if self.record_short:  # the bar has said the time: its other bests
                beaten = tuple(b for b in beaten if b.figure != "Time")
            self.beaten_short = beaten_words(beaten, short=True)  # for the bar
            if self.record_message or self.beaten:
                self._lay_out_again()  # the line makes the panel taller
        if self._said_left:
            self._said_left = max(0.0, self._said_left - step)
            self.dirty |= not self._said_left
            if not self._said_left:
                self.copy.label = _("Copy code")
        if self._progress() != self._progress_shown:
            self._progress_shown = self._progress()
            self._lay_out_again()  # the verdict's lines make the panel taller

    def _progress(self) -> tuple[VerdictState | bool, ...]:
        """What of the figures and the verdict is in: the panel is laid out again when it changes."""
        race = self.race
        figures = (race.your_figures, race.ghost_figures) if race is not None else ()
        return self.session.verdict_state, self.session.figures is not None, *(f is not None for f in figures)

    @property
    def verdict(self) -> GameVerdict | None:
        """The game's verdict once it is in (None while it is worked out, or if that failed)."""
        return self.session.verdict

    def next_wake(self) -> float | None:
        figures_coming = self.session.figures_job is not None and not self.session.figures_job.done
        figures_coming |= self.race is not None and self.race.figures_coming
        if self._progress_shown[0] == VerdictState.RUNNING or figures_coming or self._recorded is not None:
            return 0.0
        if self.age < GRACE_SECONDS:
            return 0.0
        return self._said_left or None

    # --- figures -----------------------------------------------------------------------------------------

    def lines(self) -> Sequence[Line]:
        """(name, value) of each figure, the names as FIGURES explains them; in a race, (name, yours, the
        ghost's) of the figures both have, then the player's own (the guesses, the last click)."""
        z = self.z
        panel_w = self.rect.w if hasattr(self, "rect") else z.panel_w  # (first laid out at its own width)
        found = figure_lines(self.session, self.stats, self.code, panel_w - 2 * z.pad - z.label_w)
        if self.race is None:
            return found
        yours = [line for line in found if line[0] in ("Guesses", "Last click")]
        return race_figures.lines(self.race, self.session.elapsed_ms) + yours

    def shown_lines(self) -> Sequence[Line]:
        """The lines that fit the panel (`lines_shown` of them): the most wanted kept, in their order."""
        return kept_lines(self.lines(), self.lines_shown, self.race is not None)

    def _untimed(self) -> str:
        return untimed(self.session)

    def _verdict_words(self) -> str:
        """The game's one-line verdict (every guess forced and among the safest? some avoidable?), then on a loss
        the verdict on the losing click; a race's outcome before them."""
        game_verdict = self.verdict
        review = game_verdict.review if game_verdict is not None else None
        loss = game_verdict.loss if game_verdict is not None and not self.won else None
        said = sentence(verdict_text(review)) if review is not None and (self.won or review.guesses > 1) else ""
        if loss is not None:
            said = f"{said} {loss.summary}".strip()
        if self.race is not None:  # who won the race comes first
            said = f"{race_figures.sentence(self.race)} {said}".strip()
        return said

    # --- input -------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if self.age >= GRACE_SECONDS:
                self._key(event)
            return True
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return False
        if self.face.collidepoint(event.pos) and event.type != pygame.MOUSEMOTION:
            return False  # the face starts a new game, as in the classic
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._armed = self.age >= GRACE_SECONDS
        elif event.type == pygame.MOUSEBUTTONUP and not self._armed:
            return True  # the end of a click meant for the board
        self.dirty = True
        for button in self._shown_buttons():
            if button.handle(event):
                self.press(button)
                return True
        area = self.rect if self.expanded else self.bar
        clicked_off = event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not area.collidepoint(event.pos)
        if clicked_off and self.expanded and not self.fits_outside:
            self._expand(False)  # a click on the board puts the panel away to study it
        return area.collidepoint(event.pos) or event.type != pygame.MOUSEMOTION

    def _key(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if event.key in (pygame.K_F2, pygame.K_n):
            self.finish(PanelChoice.AGAIN)
        elif event.key == pygame.K_m and self.toggle_sound is not None:
            self.said, self._said_left = self.toggle_sound(), SAID_SECONDS
        elif event.key == pygame.K_ESCAPE and self.expanded:
            self._expand(False)  # back one step: the whole panel closes to the bar, the board in view
        elif event.key == pygame.K_ESCAPE:
            self.finish(PanelChoice.MENU)
        elif event.key == pygame.K_SPACE:
            self._expand(not self.expanded)
        elif event.key == pygame.K_r:
            self.watch_replay()
        elif event.key == pygame.K_s and self.study is not None:
            self.study_loss()
        elif (pressed := self.focus.handle(event)) is not None:
            self.press(pressed)

    def press(self, button: widgets.Button) -> None:
        if button in (self.play_again, self.bar_again):
            self.finish(PanelChoice.AGAIN)
        elif button in (self.same_board, self.bar_same):
            self.finish(PanelChoice.SAME_BOARD)
        elif button in (self.menu, self.bar_menu):
            self.finish(PanelChoice.MENU)
        elif button is self.more:
            self._expand(True)
        elif button is self.hide:
            self._expand(False)
        elif button is self.replay_button:
            self.watch_replay()
        elif button is self.copy:
            self.copy_code()
        elif button is self.study and button is not None:
            self.study_loss()

    def watch_replay(self) -> None:
        self.hand_back(PanelChoice.REPLAY)

    def study_loss(self) -> None:
        """The position before the losing click, to find the safe cell (practice: nothing recorded)."""
        self.hand_back(PanelChoice.STUDY)

    def copy_code(self) -> None:
        if self.code is None:  # no code can remake these mines: its Copy button is off
            return
        copied = clipboard.copy(self.code)
        # TRANSLATORS: said on the Copy code button for two seconds (about 14 characters)
        self.copy.label = _("Copied") if copied else _("No clipboard")
        self._said_left = SAID_SECONDS

    # --- drawing -----------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.expanded:
            self._draw_panel(surface)
        else:
            self._draw_bar(surface)
        self._draw_tooltip(surface)

    def _title(self) -> str:
        return _("You win!") if self.won else _("Boom!")

    def bar_words(self) -> str:
        """The bar's line: the outcome, the time, why it is not timed (or the race), a record and the bests
        beaten, short ("You win! 35.199 s - Best time!"): the board is in view, the whole panel says it all."""
        verdict = self.verdict.loss if self.verdict is not None and not self.won else None
        time = format_seconds(self.session.elapsed)
        if self.won:
            words = _("You win! {time}").format(time=time)
        elif verdict is None:
            words = _("Boom! {time}").format(time=time)
        elif verdict.forced:
            words = _("Boom! forced guess, {time}").format(time=time)
        else:
            words = _("Boom! avoidable, {time}").format(time=time)
        if self.race is not None:
            words += race_figures.bar_words(self.race)  # a race is never timed for records: it says so elsewhere
        elif mark := self._untimed():
            # TRANSLATORS: the bar's line, then why a win's time does not count ("assisted"): "not timed"
            words = _("{line}, {why}: {not_timed}").format(line=words, why=_(mark), not_timed=_(NOT_TIMED))
        for said in (self.record_short, self.beaten_short):
            words += f" - {said}" if said else ""
        return words

    def _draw_bar(self, surface: pygame.Surface) -> None:
        look = theme.current()
        widgets.bevel(surface, self.bar, raised=True, width=2, face=look.panel)
        colour = look.success_text if self.record_message or self.beaten else look.text
        words = self.bar_words()
        text.draw_paragraph(surface, words, self.bar_title, BODY, colour, weight=BOLD, smallest=TINY, valign="center")
        for button in self._shown_buttons():
            button.draw(surface)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        r, look, z = self.rect, theme.current(), self.z
        widgets.panel(surface, r, title=self._title(), title_room=r.w - px(60))
        box = self.figures_box
        y = draw_lines(surface, box, self.shown_lines(), self.line_h, z.label_w, self.race)
        if verdict := self._verdict_words():
            room = pygame.Rect(box.x, y + px(2), box.w, box.bottom - y - px(2))
            y = text.draw_paragraph(surface, verdict, room, self.verdict_size, smallest=TINY)
        if self.record_message:
            line = pygame.Rect(box.x, box.bottom - px(24), box.w, px(22))
            text.draw_fitted(surface, self.record_message, line, BODY, look.success_text, "center", BOLD, TINY)
        if self.beaten:
            above = z.record_line_h if self.record_message else 0
            room = pygame.Rect(box.x, box.bottom - above - z.beaten_h, box.w, z.beaten_h - px(2))
            text.draw_paragraph(surface, self.beaten, room, SMALL, look.success_text, "center", smallest=TINY)
        # TRANSLATORS: the keys of the game-over panel (the key names stay), one line of its narrowest width
        keys = (
            _("Space: board  N: again  R: replay  S: study") if self.study else _("Space: board  N: again  R: replay")
        )
        hint = self.said if self._said_left and self.said else keys
        text.draw_fitted(surface, hint, self.hint_line, SMALL, look.dim_text, "center", smallest=TINY)
        for button in self._shown_buttons():
            button.draw(surface)

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        """What a figure counts, beside the pointer while it rests on the figure's name."""
        if not self.expanded:
            return
        box, pointer = self.figures_box, pygame.mouse.get_pos()
        names = [
            (line[0], pygame.Rect(box.x, box.y + n * self.line_h, self.z.label_w, self.line_h))
            for n, line in enumerate(self.shown_lines())
        ]
        tip.draw_tip(surface, tip.figure_at(names, pointer), pointer)
