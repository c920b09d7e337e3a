"""A click under a mode of the no-guess family: before it is played, the mines move as the mode says (a forced
guess made safe, a needless guess punished), always to a layout that fits every number shown and the mine
count, so the board the game ends with explains every number the player saw.

A ruling has two halves, so that the slow one can run off the frame: `question_for` reads what the ruling needs
of the board (a copy of the position, in microseconds) or says at once that the click plays as dealt; `answer`
works out the ruling from that copy alone (an analysis and perhaps a search: milliseconds, now and then far
more); `settle` moves the mines on the board. `rule_move` does the three in turn."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from ..rules.board import Board
from ..rules.facts import GameState
from ..rules.grid import Cell
from ..rules.guessing import GuessRule
from ..rules.move import Move, MoveKind
from .analysis import COVERED, Analysis, InconsistentPosition, analyse_visible
from .relayout import RELAYOUT_BUDGET, OutOfWork, layout_with

__all__ = ["Answer", "Judge", "Question", "Ruling", "answer", "question_for", "rule_move", "settle"]

# What proves the cells of a position (`visible` as analyse_visible reads it): analyse_visible, or a Judge's
# analysis carried from the position before.
Analyser = Callable[[Sequence[int]], Analysis]


class Ruling(str, Enum):
    """What the mode did to one click before it was played."""

    AS_DEALT = "as_dealt"  # nothing to do: the mines stay where they are
    MADE_SAFE = "made_safe"  # a forced guess on a mine: the mines moved and the cells it opens are safe
    PUNISHED = "punished"  # a needless guess: a cell it opens holds a mine (moved there if none did)
    UNDECIDED = "undecided"  # the search for a layout ran out of work: the mines stay where they are


@dataclass(frozen=True)
class Question:
    """What ruling on one click needs of the board, copied from it, so that the ruling can be worked out while
    the board is drawn (and left alone: the click and what follows it wait)."""

    rows: int
    cols: int
    mines: int
    seen: bytes  # Board.seen_codes(): the position as the player sees it
    opened: tuple[int, ...]  # the covered cells the click opens (flat indices): a reveal's one, a chord's several
    hit: bool  # a mine lies under one of them, as the board is now
    mine_cells: tuple[Cell, ...]  # the mines as they lie now
    seed: int  # for the mines the interior gains or loses: the same click of the same game moves the same mines

    @property
    def visible(self) -> list[int]:
        """The position as analyse_visible reads it: -1 covered (flagged or not), else the number shown."""
        return [code if code <= 8 else COVERED for code in self.seen]


@dataclass(frozen=True)
class Answer:
    """A ruling, and where the mines go for it (None: where they are)."""

    ruling: Ruling
    layout: tuple[Cell, ...] | None = None


AS_DEALT = Answer(Ruling.AS_DEALT)


def question_for(board: Board, move: Move, rule: GuessRule) -> Question | None:
    """What ruling on `move` under `rule` needs of `board`; None when the click plays as dealt without a look:
    no mode that moves mines, a game not under way, a click that opens nothing, or (forced is safe) no mine
    under the cells it opens, which no ruling of that mode would change."""
    if not rule.changes_board or board.state != GameState.PLAYING:
        return None
    row, col = move.cell
    cols = board.cols
    if move.kind is MoveKind.REVEAL:
        if board.is_revealed(row, col) or board.is_flagged(row, col):
            return None
        opened: tuple[int, ...] = (row * cols + col,)
    elif move.kind is MoveKind.CHORD:
        opened = tuple(r * cols + c for r, c in board.chord_cells(row, col))
        if not opened:
            return None
    else:
        return None
    hit = any(board.is_mine(*divmod(i, cols)) for i in opened)
    if rule is GuessRule.FORCED_SAFE and not hit:
        return None  # a lucky guess or safe cells: nothing to change, no need to look
    seed = board.seed * 1_000_003 + len(board.moves)
    return Question(board.rows, cols, board.mines, board.seen_codes(), opened, hit, tuple(board.mine_cells()), seed)


def answer(question: Question, rule: GuessRule, analysis: Analysis, budget: int = RELAYOUT_BUDGET) -> Answer:
    """The ruling on the click `question` copies, from `analysis` of its position.

    A click is a forced guess when no covered cell is certainly safe, and a needless guess when some cell is
    while one it opens is not (a chord on a wrong flag opens such a cell too). FORCED_SAFE and STRICT make a
    forced guess on a mine safe; STRICT lays a mine under a needless guess. Each only when some layout that fits
    every number shown and the mine count allows it. Flags are the player's marks, not facts: they count for
    nothing."""
    safe = analysis.safe_cells
    unsure = [i for i in question.opened if i not in safe]
    if not unsure:
        return AS_DEALT  # every cell it opens is certainly safe: no guess
    if not safe:  # a forced guess
        if not question.hit:
            return AS_DEALT
        if analysis.exact and any(_mine_chance(analysis, i) == (1, 1) for i in unsure):
            return AS_DEALT  # no layout makes it safe: a cell it opens is certainly a mine
        choices = [dict.fromkeys(unsure, False)]
        ruling = Ruling.MADE_SAFE
    elif rule is GuessRule.STRICT:  # a needless guess
        if question.hit:
            return Answer(Ruling.PUNISHED)
        # a mine under one of the cells it opens: the first (in the order they open) that may hold one
        candidates = [i for i in unsure if not analysis.exact or _mine_chance(analysis, i)[0] > 0]
        if not candidates:
            return AS_DEALT  # none can: the numbers prove them safe
        choices = [{i: True} for i in candidates]
        ruling = Ruling.PUNISHED
    else:
        return AS_DEALT  # FORCED_SAFE leaves a needless guess to luck
    rows, cols = question.rows, question.cols
    visible = question.visible
    current = {r * cols + c for r, c in question.mine_cells}
    gave_up = False
    for wanted in choices:
        try:
            layout = layout_with(rows, cols, question.mines, visible, wanted, current, question.seed, budget)
        except OutOfWork:
            gave_up = True
            continue
        if layout is not None:
            return Answer(ruling, tuple(divmod(i, cols) for i in sorted(layout)))
    # no layout allows it (a chord's cells that cannot all be safe at once), or the search gave up
    return Answer(Ruling.UNDECIDED) if gave_up else AS_DEALT


def _mine_chance(analysis: Analysis, i: int) -> tuple[int, int]:
    """A cell's exact mine chance, as (0, 1) when none, (1, 1) when certain, else (1, 2): all a ruling asks."""
    num, den = analysis.chance_of(i)
    return (0, 1) if num == 0 else (1, 1) if num == den else (1, 2)


def settle(board: Board, ruled: Answer) -> Ruling:
    """The mines moved as `ruled` says, before its click is played."""
    if ruled.layout is not None:
        board.move_mines(list(ruled.layout))
    return ruled.ruling


def rule_move(
    board: Board, move: Move, rule: GuessRule, budget: int = RELAYOUT_BUDGET, analyser: Analyser | None = None
) -> Ruling:
    """Move `board`'s mines as `rule` says before `move` (a reveal or a chord) is played; the caller then plays it.

    >>> board = Board.from_layout(["*.", "..", "..", ".*"])
    >>> _ = board.reveal(0, 1)  # a 1: the mine is (0, 0), (1, 0) or (1, 1), fifty-fifty with the rest
    >>> rule_move(board, Move(MoveKind.REVEAL, 0, 0), GuessRule.FORCED_SAFE)
    <Ruling.MADE_SAFE: 'made_safe'>
    >>> board.is_mine(0, 0)
    False
    """
    question = question_for(board, move, rule)
    if question is None:
        return Ruling.AS_DEALT
    try:
        visible = question.visible
        analysis = analyser(visible) if analyser else analyse_visible(board.rows, board.cols, board.mines, visible)
    except InconsistentPosition:  # cannot happen on a real board; play it as it lies
        return Ruling.AS_DEALT
    return settle(board, answer(question, rule, analysis, budget))


class Judge:
    """Rules on a game's clicks under one rule, carrying the analysis of each position it looked at to the
    next (`Analysis.after`: only the groups of numbers a reveal touched are counted again), so that a click on
    a large board costs a little of the solver's time, not a whole analysis. The mines moving never changes a
    number shown, so what was proved stays proved. One question at a time: `ask` may run on another thread
    while the board waits for it.

    >>> board = Board.from_layout(["*.", "..", "..", ".*"])
    >>> _ = board.reveal(0, 1)
    >>> Judge(GuessRule.FORCED_SAFE).rule(board, Move(MoveKind.REVEAL, 0, 0))
    <Ruling.MADE_SAFE: 'made_safe'>
    """

    def __init__(self, rule: GuessRule) -> None:
        self.rule_in_play = rule
        self._last: tuple[list[int], Analysis] | None = None  # the last position analysed, and its analysis

    def question(self, board: Board, move: Move) -> Question | None:
        return question_for(board, move, self.rule_in_play)

    def ask(self, question: Question, budget: int = RELAYOUT_BUDGET) -> Answer:
        """The ruling on `question`, with the analysis carried from the position before."""
        try:
            analysis = self._analysis(question)
        except InconsistentPosition:  # cannot happen on a real board; play it as it lies
            return AS_DEALT
        return answer(question, self.rule_in_play, analysis, budget)

    def rule(self, board: Board, move: Move, budget: int = RELAYOUT_BUDGET) -> Ruling:
        """As `rule_move` does, with the analysis carried from the position before."""
        question = self.question(board, move)
        return Ruling.AS_DEALT if question is None else settle(board, self.ask(question, budget))

    def _analysis(self, question: Question) -> Analysis:
        visible = question.visible
        last = self._last
        analysis = None
        if last is not None and len(last[0]) == len(visible):
            before, known = last
            if all(v >= 0 for v, was in zip(visible, before) if was >= 0):  # the same game, some cells on
                analysis = known.after({i: v for i, (v, was) in enumerate(zip(visible, before)) if v >= 0 > was})
        if analysis is None:
            analysis = analyse_visible(question.rows, question.cols, question.mines, visible)
        self._last = visible, analysis
        return analysis
