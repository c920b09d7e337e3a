"""Hints: the next move with the simplest true reason for it, in words, and the numbers that prove it."""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import KW_ONLY, dataclass, field
from enum import Enum
from typing import Any

from game.language import _, ngettext

from ..rules.facts import GameState
from ..rules.grid import Cell
from .analysis import DEFAULT_BUDGET, Analysis, analyse_visible, mine_total, neighbours, visible_of
from .chance import chance_text
from .deductions import Deduction, combined_reason, deductions, safe_cells
from .guess import SHIPPED, GuessStrategy, Why, decide_guess

__all__ = ["Hint", "HintRule", "count_reason", "first_click_cell", "hint_for", "hint_for_visible"]


class HintRule(str, Enum):
    """How a hint was found; compares equal to its plain string."""

    SINGLE = "single"  # one number on its own
    PAIR = "pair"  # two numbers together
    COUNT = "count"  # the mines left
    COMBINED = "combined"  # several numbers at once (the full analysis)
    GUESS = "guess"  # no cell is certain
    FIRST = "first"  # the first click

    def __str__(self) -> str:
        return self.value

    def __hash__(self) -> int:
        return hash(self.value)


@dataclass(slots=True)
class Hint:
    """One suggested move. safe: the cell is certainly safe; is_mine: certainly a mine (flag it); neither:
    a guess. proof: revealed numbers that prove it (empty for guesses and mine-count deductions)."""

    cell: Cell
    _: KW_ONLY
    safe: bool
    is_mine: bool
    probability: float
    reason: str
    rule: HintRule
    proof: list[Cell] = field(default_factory=list)
    also_safe: list[Cell] = field(default_factory=list)
    also_mines: list[Cell] = field(default_factory=list)

    @property
    def certain(self) -> bool:
        return self.safe or self.is_mine

    def __repr__(self) -> str:
        return f"Hint({self.cell}, {self.rule}, p={self.probability:.3f}: {self.reason})"


def _certain_hint(
    cell: Cell, value: int, reason: str, rule: HintRule, proof: list[Cell], others: Sequence[Cell]
) -> Hint:
    """A hint for a cell the position proves safe (value 0) or a mine (value 1), with the others proved alike."""
    return Hint(
        cell,
        safe=value == 0,
        is_mine=value == 1,
        probability=float(value),
        reason=reason,
        rule=rule,
        proof=proof,
        also_safe=list(others) if value == 0 else [],
        also_mines=list(others) if value == 1 else [],
    )


def hint_for_visible(
    rows: int,
    cols: int,
    mines: int,
    visible: Sequence[int],
    lookahead: bool = True,
    budget: int = DEFAULT_BUDGET,
    analysis: Analysis | None = None,
    flagged: Collection[int] = frozenset(),
    stop: Callable[[], bool] | None = None,
    strategy: GuessStrategy = SHIPPED,
) -> Hint | None:
    """The hint for a visible position (flat list, -1 covered). None when every safe cell is open.

    flagged: flat indices the player has flagged; a mine already flagged is no news, so it is never the hint.
    stop: when a guess is due, called now and then; once it says True the best guess weighed so far is given.
    strategy: how to guess (a benchmark may try another than the shipped one).
    """
    if not any(v < 0 for v in visible):
        return None
    if all(v < 0 for v in visible):
        return _first_click_hint(rows, cols, None)
    events = deductions(rows, cols, visible, stop_at_safe=True)
    a: Analysis | None = None

    def rc(i: int) -> Cell:
        return divmod(i, cols)

    def from_event(e: Deduction) -> Hint:
        i = next((j for j in e.cells if j not in flagged), e.cells[0])
        rest = [rc(j) for j in e.cells if j != i]
        return _certain_hint(rc(i), e.value, e.reason, HintRule(e.rule), sorted(rc(j) for j in e.proof), rest)

    # Certain safe cells first (something to open), simplest rule first; then certain mines.
    for value in (0, 1):
        for rule in ("single", "pair"):
            found = [
                e
                for e in events
                if e.rule == rule and e.value == value and (value == 0 or any(j not in flagged for j in e.cells))
            ]
            if found:
                return from_event(min(found, key=lambda e: len(e.proof)))
        if a is None:
            # the rules found no safe cell: now the full analysis is worth its cost
            a = analysis or analyse_visible(rows, cols, mines, visible, budget)
            if len(a.mines) == sum(1 for v in visible if v < 0):
                return None
        certain = sorted(
            a.safe if value == 0 else (cell for cell in a.mines if cell[0] * cols + cell[1] not in flagged)
        )
        by_count = [cell for cell in certain if a.needs_mine_count(*cell)]
        left = mines - sum(1 for cell in a.mines if not a.needs_mine_count(*cell))
        if by_count:
            reason = count_reason(value, left, len(by_count), counter=mines - len(flagged) == left)
            return _certain_hint(by_count[0], value, reason, HintRule.COUNT, [], by_count[1:])
        if certain:
            cell = certain[0]
            i = cell[0] * cols + cell[1]
            proof = sorted(rc(j) for j in neighbours(rows, cols)[i] if visible[j] >= 0)
            reason = combined_reason(len(proof), value)
            return _certain_hint(cell, value, reason, HintRule.COMBINED, proof, certain[1:])
    assert a is not None  # the loop above made it
    guess = decide_guess(rows, cols, mines, visible, a, lookahead, budget, strategy, stop)
    return _guess_hint(a, *guess)


def count_reason(value: int, left: int, k: int, counter: bool = True) -> str:
    """Why the mines left prove `k` cells safe (value 0) or mines (value 1): `left` mines are left besides the ones
    the numbers prove. counter: the mines counter shows `left` too (every other mine is flagged), so the words
    point at it; else they say which mines they count.

    >>> count_reason(0, 0, 1)
    'No mines are left, as the counter shows, so this cell is safe'
    >>> count_reason(1, 1, 1, counter=False)
    'Only 1 mine is left besides the ones the numbers prove, and it must be here'
    """
    if value == 0:
        if left == 0:
            template = (
                _("No mines are left, as the counter shows, so {conclusion}")
                if counter
                else _("No mines are left besides the ones the numbers prove, so {conclusion}")
            )
        elif counter:
            template = ngettext(
                "Only {count} mine is left, as the counter shows, and the numbers need it elsewhere, so {conclusion}",
                "Only {count} mines are left, as the counter shows, and the numbers need all of them elsewhere, "
                "so {conclusion}",
                left,
            )
        else:
            template = ngettext(
                "Only {count} mine is left besides the ones the numbers prove, and the numbers need it elsewhere, "
                "so {conclusion}",
                "Only {count} mines are left besides the ones the numbers prove, and the numbers need all of them "
                "elsewhere, so {conclusion}",
                left,
            )
        return template.format(count=left, conclusion=safe_cells(k))
    if k == 1 and left == 1:
        template = (
            _("Only 1 mine is left, as the counter shows, and it must be here")
            if counter
            else _("Only 1 mine is left besides the ones the numbers prove, and it must be here")
        )
    elif k == 2 and left == 2:
        template = (
            _("Only 2 mines are left, as the counter shows, and both must be here")
            if counter
            else _("Only 2 mines are left besides the ones the numbers prove, and both must be here")
        )
    elif k < left:
        # TRANSLATORS: {count} mines are left in all, {here} of them in the outlined cells
        template = (
            ngettext(
                "Only {count} mine is left, as the counter shows, and {here} of them must be here",
                "Only {count} mines are left, as the counter shows, and {here} of them must be here",
                left,
            )
            if counter
            else ngettext(
                "Only {count} mine is left besides the ones the numbers prove, and {here} of them must be here",
                "Only {count} mines are left besides the ones the numbers prove, and {here} of them must be here",
                left,
            )
        )
    else:
        template = (
            ngettext(
                "Only {count} mine is left, as the counter shows, and all {here} must be here",
                "Only {count} mines are left, as the counter shows, and all {here} must be here",
                left,
            )
            if counter
            else ngettext(
                "Only {count} mine is left besides the ones the numbers prove, and all {here} must be here",
                "Only {count} mines are left besides the ones the numbers prove, and all {here} must be here",
                left,
            )
        )
    return template.format(count=left, here=k)


def _guess_hint(a: Analysis, cell: Cell, why: Why) -> Hint:
    """A guess, with what decided it in words: its chance of a mine is said beside the lowest one whenever it is
    not the safest."""
    p = a.probability(*cell)
    best = min(a.probabilities.values())
    pct = chance_text(p)
    if p <= best + TIE:
        tied = sum(1 for q in a.probabilities.values() if q <= best + TIE) > 1
        reason = (
            _("No cell is certain; this is one of the safest ({chance})")
            if tied
            else _("No cell is certain; this is the safest ({chance})")
        ).format(chance=pct)
    else:
        # TRANSLATORS: {chance} is this cell's chance of a mine ("12%"), {lowest} the lowest on the board
        if why == Why.ENDGAME:
            template = _(
                "No cell is certain; only a few ways for the mines to lie are left; played out to the end, this one "
                "({chance}, lowest is {lowest}) wins in the most of them"
            )
        elif why == Why.POCKET:
            template = _(
                "No cell is certain; these cells are walled in where no other number can help; played out to the "
                "end, this one ({chance}, lowest is {lowest}) wins in the most ways their mines can lie"
            )
        elif why == Why.FIFTY:
            template = _(
                "No cell is certain; this one ({chance}, lowest is {lowest}) is a 50/50 no number can ever settle, "
                "a guess you must make anyway"
            )
        elif (1 - p) >= NEARLY * (1 - best):
            template = _(
                "No cell is certain; this one is nearly the safest ({chance}, lowest is {lowest}) and what it may "
                "show is likeliest to make your next guesses safe"
            )
        else:
            template = _(
                "No cell is certain; this one ({chance}, lowest is {lowest}) is less safe but the better bet: the "
                "safer cells teach little, or a mine here is mostly one a 50/50 would make you guess anyway"
            )
        reason = template.format(chance=pct, lowest=chance_text(best))
    return Hint(cell, safe=False, is_mine=False, probability=p, reason=reason, rule=HintRule.GUESS)


# A cell at least this share as safe as the safest is "nearly the safest" (the share Hill's guess weighs, its cut).
NEARLY = 0.9
TIE = 1e-9  # chances this close are the same chance


def first_click_cell(rows: int, cols: int, first_click: str | None = "safe") -> Cell:
    """Where to click first. With a safe first click, a corner: it has the fewest neighbours, so it is the
    likeliest cell to be a zero. When the first click always opens an area, a cell a little in from the
    corner: its opening still leans on the edges, and auto-play wins more often from there than from the
    corner itself (bench.solver --first: Beginner 97.22% from (2, 2), 96.44% from the corner, 96.42% from the
    centre, 30,000 games each; docs/solver.md)."""
    if first_click != "opening":
        return (0, 0)
    k = 2 if min(rows, cols) < 12 else 3
    return (min(k, (rows - 1) // 2), min(k, (cols - 1) // 2))


def _first_click_hint(rows: int, cols: int, first_click: str | None) -> Hint:
    cell = first_click_cell(rows, cols, first_click)
    if first_click == "opening":
        reason = _("The first click always opens an area; near a corner, the edges help you read it")
    else:
        reason = _("The first click is always safe; a corner is the likeliest cell to open an area")
    return Hint(cell, safe=True, is_mine=False, probability=0.0, reason=reason, rule=HintRule.FIRST)


def _state_name(board: Any) -> str:
    state = board.state  # a GameState, or its plain string on a stand-in
    return state.value if isinstance(state, GameState) else str(state)


def hint_for(
    board: Any,
    lookahead: bool = True,
    budget: int = DEFAULT_BUDGET,
    budget_ms: float | None = None,
    cancelled: Any = None,
    clock: Callable[[], float] = time.monotonic,
) -> Hint | None:
    """The hint for a Board, or None when no game is in progress.

    A certain hint comes at once. A guess may think longer, so a caller off the frame thread can bound it:
    budget_ms, the time it may take (by `clock`, in seconds), after which the best guess weighed so far is
    given; cancelled (a threading.Event), once set, ends the thinking and the answer is None."""
    state = _state_name(board)
    if state == GameState.READY:
        return _first_click_hint(board.rows, board.cols, getattr(board, "first_click", None))
    if state != GameState.PLAYING:
        return None
    flagged = frozenset(
        r * board.cols + c for r in range(board.rows) for c in range(board.cols) if board.is_flagged(r, c)
    )
    deadline = None if budget_ms is None else clock() + budget_ms / 1000

    def stop() -> bool:
        return (cancelled is not None and cancelled.is_set()) or (deadline is not None and clock() >= deadline)

    hint = hint_for_visible(
        board.rows, board.cols, mine_total(board), visible_of(board), lookahead, budget, flagged=flagged, stop=stop
    )
    return None if cancelled is not None and cancelled.is_set() else hint
