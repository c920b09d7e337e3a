"""Hints: the next move with the simplest true reason for it, in words, and the numbers that prove it."""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Sequence
from typing import Any

from .analysis import DEFAULT_BUDGET, Analysis, Cell, analyse, mine_total, neighbours, visible_of
from .deductions import cells_phrase, deductions
from .guess import choose_guess
from .rules import GameState

__all__ = ["Hint", "first_click_cell", "hint_for", "hint_for_visible"]


class Hint:
    """One suggested move. safe: the cell is certainly safe; is_mine: certainly a mine (flag it); neither:
    a guess. proof: revealed numbers that prove it (empty for guesses and mine-count deductions)."""

    __slots__ = ("cell", "safe", "is_mine", "probability", "proof", "reason", "also_safe", "also_mines", "rule")

    def __init__(
        self,
        cell: Cell,
        safe: bool,
        is_mine: bool,
        probability: float,
        proof: Sequence[Cell],
        reason: str,
        also_safe: Sequence[Cell] = (),
        also_mines: Sequence[Cell] = (),
        rule: str = "",
    ) -> None:
        self.cell = cell
        self.safe = safe
        self.is_mine = is_mine
        self.probability = probability
        self.proof = list(proof)
        self.reason = reason
        self.also_safe = list(also_safe)
        self.also_mines = list(also_mines)
        self.rule = rule  # "single", "pair", "count", "combined", "guess", "first"

    @property
    def certain(self) -> bool:
        return self.safe or self.is_mine

    def __repr__(self) -> str:
        return f"Hint({self.cell}, {self.rule}, p={self.probability:.3f}: {self.reason})"


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
) -> Hint | None:
    """The hint for a visible position (flat list, -1 covered). None when every safe cell is open.

    flagged: flat indices the player has flagged; a mine already flagged is no news, so it is never the hint.
    stop: when a guess is due, called now and then; once it says True the best guess weighed so far is given.
    """
    if not any(v < 0 for v in visible):
        return None
    if all(v < 0 for v in visible):
        return _first_click_hint(rows, cols, mines, None)
    events = deductions(rows, cols, visible, stop_at_safe=True)
    a = None

    def rc(i):
        return divmod(i, cols)

    def from_event(e, cell_i=None):
        i = cell_i if cell_i is not None else next((j for j in e.cells if j not in flagged), e.cells[0])
        rest = [rc(j) for j in e.cells if j != i]
        return Hint(
            rc(i),
            e.value == 0,
            e.value == 1,
            float(e.value),
            sorted(rc(j) for j in e.proof),
            e.reason,
            rest if e.value == 0 else (),
            rest if e.value == 1 else (),
            e.rule,
        )

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
            a = analysis or analyse(rows, cols, mines, visible, budget)
            if len(a.mines) == sum(1 for v in visible if v < 0):
                return None
        certain = sorted(
            a.safe if value == 0 else (cell for cell in a.mines if cell[0] * cols + cell[1] not in flagged)
        )
        by_count = [cell for cell in certain if a.needs_mine_count(*cell)]
        left = mines - sum(1 for cell in a.mines if not a.needs_mine_count(*cell))
        if by_count:
            cell = by_count[0]
            if value == 0:
                reason = (
                    f"Only {left} mine{'s are' if left != 1 else ' is'} left and the numbers need "
                    f"{'all of them' if left != 1 else 'it'} elsewhere, so {cells_phrase(len(by_count), 'safe')}"
                )
            else:
                k = len(by_count)
                reason = f"Only {left} mine{'s are' if left != 1 else ' is'} left and " + (
                    "it must be here"
                    if k == 1 and left == 1
                    else "both must be here"
                    if k == 2 and left == 2
                    else f"{k} of them must be here"
                    if k < left
                    else f"all {k} must be here"
                )
            return Hint(
                cell,
                value == 0,
                value == 1,
                float(value),
                [],
                reason,
                by_count[1:] if value == 0 else (),
                by_count[1:] if value == 1 else (),
                "count",
            )
        if certain:
            cell = certain[0]
            i = cell[0] * cols + cell[1]
            proof = sorted(rc(j) for j in neighbours(rows, cols)[i] if visible[j] >= 0)
            what = "safe" if value == 0 else "a mine"
            reason = f"Taking these {len(proof)} numbers together, every way their mines can lie makes this cell {what}"
            return Hint(
                cell,
                value == 0,
                value == 1,
                float(value),
                proof,
                reason,
                certain[1:] if value == 0 else (),
                certain[1:] if value == 1 else (),
                "combined",
            )
    assert a is not None  # the loop above made it
    cell = choose_guess(rows, cols, mines, visible, a, lookahead=lookahead, budget=budget, stop=stop)
    p = a.probability(*cell)
    best = min(a.probabilities.values())
    if p <= best + TIE:  # the chance itself is said beside the reason, in one format (game.view.formats)
        tied = sum(1 for q in a.probabilities.values() if q <= best + TIE) > 1
        reason = f"No cell is certain; this is {safest_words(tied)}"
    else:
        lowest = _percent(best)
        reason = (
            f"No cell is certain; this one is nearly the safest (lowest is {lowest}) and the likeliest to open up more"
        )
    return Hint(cell, False, False, p, [], reason, rule="guess")


TIE = 1e-9  # chances this close are the same chance


def safest_words(tied: bool) -> str:
    """How a guess among the safest cells is named, by the hint and by the verdict after a loss alike."""
    return "one of the safest" if tied else "the safest"


def _percent(p):
    x = 100 * p
    return f"{x:.0f}%" if x >= 1 or x == 0 else f"{x:.1f}%"


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


def _first_click_hint(rows, cols, mines, first_click):
    cell = first_click_cell(rows, cols, first_click)
    if first_click == "opening":
        reason = "The first click always opens an area; near a corner, the edges help you read it"
    else:
        reason = "The first click is always safe; a corner is the likeliest cell to open an area"
    return Hint(cell, True, False, 0.0, [], reason, rule="first")


def _state_name(board):
    s = board.state
    return getattr(s, "value", s)


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
        return _first_click_hint(board.rows, board.cols, mine_total(board), getattr(board, "first_click", None))
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
