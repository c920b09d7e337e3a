"""The hint engine's part in a game on screen: the hint on show and the mine-chance overlay.

Owned by the playing scene, which asks it what to draw and what the status line says, and tells it when a
move was made (every move makes a hint and the chances stale). Whether help was used is the session's to
record: the scene tells it.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import pygame

from game import config
from game.language import N_, _, ngettext
from game.model import (
    Board,
    Cell,
    GameState,
    Hint,
    HintRule,
    InconsistentPosition,
    analyse,
    hint_for,
    mine_total,
    visible_of,
)
from game.view import hint_marks, theme
from game.view.formats import format_chance, sentence
from game.view.input import BoardGeometry
from game.work import worker
from game.work.background import BackgroundJob

if TYPE_CHECKING:
    from game.model import LossVerdict

# TRANSLATORS: the status line under the board while a game is on; H, C and P are the keys
IDLE_TIP = N_("H: hint, C: mine chances, P: pause")
Position = tuple[int, int]  # what chances are of: the board's id and how many of its cells are open


class Chances:
    """Every covered cell's mine chance in one position, as plain floats: worked out off the frame, in a worker
    process (a large board's exact chances take seconds, which in a thread here would slow every frame), then
    only read on it. `position` says which position they are of."""

    def __init__(self, position: Position, cols: int, of: list[float | None] | None) -> None:
        self.position = position
        self._cols = cols
        self._of: list[float | None] | None = of  # in reading order; None: the position cannot happen

    @classmethod
    def work_out(cls, position: Position, board: Board, cancelled: threading.Event | None = None) -> Chances:
        """The chances on `board` (a copy the frame no longer changes), by a worker on a large board. Blocks: run
        it as a BackgroundJob."""
        rows, cols = board.rows, board.cols
        of: list[float | None] | None
        try:
            if worker.large(rows, cols):
                target = "game.model.solver.analysis:chance_list"
                of = worker.run(target, rows, cols, mine_total(board), visible_of(board), cancelled=cancelled)
            else:
                of = [None] * (rows * cols)
                for (row, col), chance in analyse(board).probabilities.items():
                    of[row * cols + col] = chance
        except InconsistentPosition:
            of = None
        return cls(position, cols, of)

    @property
    def known(self) -> bool:
        """False when the position cannot happen (the mine count does not fit it): there is nothing to show."""
        return self._of is not None

    def probability(self, row: int, col: int) -> float:
        assert self._of is not None, "no chances in a position that cannot happen"
        chance = self._of[row * self._cols + col]
        assert chance is not None, "no chance on an open cell"
        return chance


def position_of(board: Board) -> Position:
    """What the chances depend on: the board, and how much of it is open (a flag changes no chance)."""
    return id(board), board.revealed_count


class Assistant:
    def __init__(self) -> None:
        self.hint: Hint | None = None
        self.show_chances = False
        self.message: str | None = None  # a one-off line for the status bar
        self._next_message: str | None = None  # the line to show once the next move is played
        # a hint being worked out (a guess may think a few hundred milliseconds)
        self.hint_job: BackgroundJob | None = None
        self.hint_waited = 0.0
        # the latest Chances worked out: of the position on the board, or of an earlier one
        self.chances: Chances | None = None
        self.chances_job: BackgroundJob | None = None  # Chances being worked out, for one position
        self._tints: hint_marks.ChanceTints | None = None

    # --- hints and chances --------------------------------------------------------------------------------

    @property
    def overlays(self) -> bool:
        return self.hint is not None or self.show_chances

    def ask_hint(self, board: Board) -> bool:
        """Start working out the hint for the position on the board, off the frame loop: a certain one comes
        at once, a guess thinks while the board stays in play (at most config.HINT_GUARD_MS)."""
        if self.hint_job is not None or board.state not in (GameState.READY, GameState.PLAYING):
            return False
        position = board.copy(with_moves=False)  # the thread reads its own copy while the player plays on
        guard = config.HINT_GUARD_MS
        self.hint_job = BackgroundJob(lambda cancel: hint_for(position, budget_ms=guard, cancelled=cancel))
        self.hint_waited = 0.0
        return True

    @property
    def thinking(self) -> bool:
        """A hint is taking long enough to say so."""
        return self.hint_job is not None and self.hint_waited >= config.SPINNER_DELAY

    def poll_hint(self, step: float) -> bool:
        """While a hint is worked out: True once it is there to show (the scene redraws and counts the help)."""
        job = self.hint_job
        if job is None:
            return False
        self.hint_waited += step
        if not job.done:
            return False
        self.hint_job = None
        hint: Hint | None = job.result if job.error is None else None
        if job.error is not None and not isinstance(job.error, InconsistentPosition):
            raise job.error
        if hint is None:
            return False
        self.hint = hint
        self.message = hint.reason
        chance = format_chance(hint.probability)
        if not hint.certain and hint.rule != "first" and chance not in hint.reason:  # said once, not twice
            # TRANSLATORS: a hint's reason, then the chance that its cell is a mine ("12%", "under 1%")
            self.message = _("{reason} ({chance} chance of a mine)").format(reason=self.message, chance=chance)
        self.message = sentence(self.message)
        return True

    def show_verdict(self, verdict: LossVerdict) -> None:
        """After a loss: the analysis's word on the last click, and what its words speak of marked (a safe cell
        missed and the numbers that prove it; or the safest guess, and the cell clicked with the numbers that
        proved it a mine when they did)."""
        mine_proved = not verdict.forced and not verdict.missed_safe  # the proof is of the mine clicked
        if verdict.alternative is not None:
            self.hint = Hint(
                verdict.alternative,
                safe=verdict.missed_safe,
                is_mine=False,
                probability=verdict.alternative_probability or 0.0,
                reason=verdict.reason,
                rule=HintRule.COMBINED if verdict.missed_safe else HintRule.GUESS,
                proof=list(verdict.proof),
                also_mines=[verdict.cell] if mine_proved else [],
            )
        elif mine_proved:
            self.hint = Hint(
                verdict.cell,
                safe=False,
                is_mine=True,
                probability=1.0,
                reason=verdict.reason,
                rule=HintRule(verdict.rule),
                proof=list(verdict.proof),
            )
        self.message = verdict.summary

    def toggle_chances(self) -> bool:
        """Show or hide the mine chances; True when they are now shown (which counts as help)."""
        self.show_chances = not self.show_chances
        return self.show_chances

    def chances_ready(self, board: Board) -> bool:
        """The chances of the position on the board are in (what the status line and the pointer's label read)."""
        return self.chances is not None and self.chances.position == position_of(board)

    def current_chances(self, board: Board) -> Chances | None:
        chances = self.chances
        return chances if chances is not None and chances.known and chances.position == position_of(board) else None

    def poll_chances(self, board: Board) -> bool:
        """While the chances show: take what was worked out, and start on the position on the board when it has
        none. One position at a time: a move made meanwhile is worked out when the one before is done (the
        analysis cannot be stopped half-way, and threads piling up would only slow the frames). True when new
        chances came in, to be drawn."""
        arrived = False
        job = self.chances_job
        if job is not None and job.done:
            self.chances_job = None
            if job.error is not None and not isinstance(job.error, worker.Cancelled):
                raise job.error
            if job.error is None:
                self.chances, arrived = job.result, True
        wanted = self.show_chances and board.state == GameState.PLAYING
        if wanted and self.chances_job is None and not self.chances_ready(board):
            position, copy = position_of(board), board.copy(with_moves=False)  # the thread reads its own copy
            self.chances_job = BackgroundJob(lambda cancel: Chances.work_out(position, copy, cancel))
        return arrived and wanted

    @property
    def working(self) -> bool:
        """Something is being worked out that the scene shows when it comes."""
        return self.hint_job is not None or self.chances_job is not None

    def after_next_move(self, line: str | None) -> None:
        """Say this once the next move is played (why a no-guess board is a normal one)."""
        self._next_message = line

    def moved(self) -> None:
        """A move was made: what was shown, or is being worked out, is about an older position."""
        if self.hint_job is not None:
            self.hint_job.cancel()
            self.hint_job = None
        self.hint = None
        self.message, self._next_message = self._next_message, None

    def status(self, board: Board, hover: Cell | None, no_guess: bool = False) -> str:
        """The status line's text (`no_guess`: the board's mines came from the no-guess generator)."""
        if self.thinking:
            dots = "." * (1 + int(self.hint_waited * 3) % 3)
            # TRANSLATORS: the status line while a hint is worked out; {dots} is one to three dots, animated
            return _("Thinking about the best guess{dots}").format(dots=dots)
        if self.message:
            return self.message
        if self.show_chances and board.state in (GameState.READY, GameState.PLAYING):
            chances = self.current_chances(board) if board.state == GameState.PLAYING else None
            if hover is not None and chances is not None and not board.is_revealed(*hover):
                # TRANSLATORS: {chance} is "12%", "under 1%" or "over 99%"
                return _("Mine chance here: {chance}").format(chance=format_chance(chances.probability(*hover)))
            if theme.colour_blind():
                # TRANSLATORS: the status line while the mine chances are shown (colour-blind palette); C is the key
                return _("Mine chances shown: blue safe, orange a mine (C hides them)")
            # TRANSLATORS: the status line while the mine chances are shown; C is the key
            return _("Mine chances shown: green safe, red a mine (C hides them)")
        left = board.safe_cells_left
        if no_guess and board.state == GameState.PLAYING and left <= config.SAFE_CELLS_SHOWN_BELOW:
            return ngettext("{count} safe cell left", "{count} safe cells left", left).format(count=left)
        return _(IDLE_TIP) if board.state in (GameState.READY, GameState.PLAYING) else ""  # no tip once it is over

    def draw(self, surface: pygame.Surface, geometry: BoardGeometry, board: Board, hover: Cell | None = None) -> None:
        """What the hint engine shows over the board (the caller clips to the board's view): the chances, the
        hovered cell's beside the pointer, and the hint. Until the chances of the position on the board are in,
        the last ones worked out show (on a cell opened since, none)."""
        shown = self.chances
        if self.show_chances and board.state == GameState.PLAYING and shown is not None and shown.known:
            colour_blind = theme.colour_blind()
            if self._tints is None or (self._tints.tile, self._tints.colour_blind) != (geometry.tile, colour_blind):
                self._tints = hint_marks.ChanceTints(geometry.tile, colour_blind)
            self._tints.draw(surface, geometry, board, shown)
            if hover is not None and self.chances_ready(board) and not board.is_revealed(*hover):
                pointer = pygame.mouse.get_pos()
                if geometry.view.collidepoint(pointer):
                    words = format_chance(shown.probability(*hover))
                    hint_marks.draw_pointer_label(surface, pointer, words, geometry.view)
        if self.hint is not None:
            hint_marks.draw_hint(surface, geometry, self.hint)

    def cancel(self) -> None:
        for job in (self.hint_job, self.chances_job):
            if job is not None:
                job.cancel()


def ruling_line(ruling: str | None, chord: bool = False) -> str | None:
    """What the status line says of a click (a reveal, or a `chord`) a mode of the no-guess family changed
    (`Ruling`'s value), if anything: the player is told when the mines moved, and when they could not be moved in
    time."""
    if ruling == "made_safe" and chord:
        return _(
            "A forced guess: the mines moved, still fitting every number, and the cells this chord opens are safe."
        )
    if ruling == "made_safe":
        return _("A forced guess: the mines moved, still fitting every number, and this cell is safe.")
    if ruling == "punished" and chord:
        return _("A needless guess: a cell was certainly safe, and one this chord opened hid a mine.")
    if ruling == "punished":
        return _("A needless guess: a cell was certainly safe, and this one hid a mine.")
    if ruling == "undecided":
        return _("The mines could not be moved in time: this click played the board as it lay.")
    return None
