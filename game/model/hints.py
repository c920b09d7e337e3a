"""Hints: the next move with the simplest true reason for it, in words, and the numbers that prove it."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from .analysis import DEFAULT_BUDGET, Analysis, Cell, analyse, mine_total, neighbours, visible_of
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


def _cells_phrase(n, what):
    return f"this cell is {what}" if n == 1 else f"these {n} cells are {what}"


def _mines_word(n):
    return "its mine" if n == 1 else f"its {n} mines"


class _Event:
    __slots__ = ("rule", "value", "cells", "proof", "reason")

    def __init__(self, rule, value, cells, proof, reason):
        self.rule, self.value, self.cells, self.proof, self.reason = rule, value, cells, proof, reason


def _rule_events(rows, cols, visible, stop_at_safe=False):
    """Deductions by the single-number rule and then the pair (subset/overlap) rule, in the order found."""
    nb = neighbours(rows, cols)
    cons = []
    for i, v in enumerate(visible):
        if v >= 0:
            cells = tuple(j for j in nb[i] if visible[j] < 0)
            if cells:
                cons.append((i, cells, v))
    known: dict[int, tuple[int, frozenset[int], int]] = {}  # cell -> (0 safe / 1 mine, proof, level)
    events = []
    levels = {"single": 1, "pair": 2}

    def mark(rule, value, cells, proof, reason, used):
        proof = frozenset(proof)
        # a deduction is as hard as the hardest step it leans on
        level = max([levels[rule]] + [known[j][2] for j in used])
        rule = "single" if level == 1 else "pair"
        for j in cells:
            known[j] = (value, proof, level)
        events.append(_Event(rule, value, sorted(cells), proof, reason))

    def residual(cells):
        unknown = [j for j in cells if j not in known]
        kmines = [j for j in cells if j in known and known[j][0] == 1]
        return unknown, kmines

    def deps(cells):
        out: set[int] = set()
        for j in cells:
            if j in known:
                out |= known[j][1]
        return out

    def single_pass():
        found = False
        for src, cells, v in cons:
            unknown, kmines = residual(cells)
            if not unknown:
                continue
            need = v - len(kmines)
            if need == 0:
                reason = (
                    f"This {v} already touches {_mines_word(v)}, so {_cells_phrase(len(unknown), 'safe')}"
                    if v
                    else f"This 0 has no mines around it, so {_cells_phrase(len(unknown), 'safe')}"
                )
                mark("single", 0, unknown, {src} | deps(cells), reason, [j for j in cells if j in known])
                found = True
            elif need == len(unknown):
                if kmines:
                    reason = (
                        f"This {v} already touches {len(kmines)} of its mines and has only {need} covered "
                        f"cell{'s' if need > 1 else ''} left, "
                        f"so {_cells_phrase(need, 'mines' if need > 1 else 'a mine')}"
                    )
                else:
                    reason = (
                        f"This {v} has exactly {v} covered cell{'s' if v > 1 else ''} around it, "
                        f"so {_cells_phrase(need, 'mines' if need > 1 else 'a mine')}"
                    )
                mark("single", 1, unknown, {src} | deps(cells), reason, [j for j in cells if j in known])
                found = True
        return found

    def pair_pass():
        res = []
        for src, cells, v in cons:
            unknown, kmines = residual(cells)
            if unknown:
                res.append((src, set(unknown), v - len(kmines), v, [j for j in cells if j in known]))
        by_cell: dict[int, list[int]] = {}
        for k, item in enumerate(res):
            for j in item[1]:
                by_cell.setdefault(j, []).append(k)
        for kb, (sb, B, b, vb, mb) in enumerate(res):
            partners = set()
            for j in B:
                partners.update(by_cell[j])
            for ka in sorted(partners):
                if ka == kb:
                    continue
                sa, A, a, va, ma = res[ka]
                only_b = B - A
                only_a = A - B
                if not only_b:
                    continue
                proof = {sa, sb} | deps(ma) | deps(mb)
                if not only_a and b == a:
                    reason = (
                        f"All the mines this {va} still needs are also next to the {vb} beside it, "
                        f"so the {vb}'s other cells are safe"
                        if len(only_b) > 1
                        else f"All the mines this {va} still needs are also next to the {vb} beside it, "
                        f"so the {vb}'s other cell is safe"
                    )
                    mark("pair", 0, only_b, proof, reason, ma + mb)
                    return True
                if b - a == len(only_b):
                    if only_a:
                        reason = (
                            f"The {vb} needs {b} more mine{'s' if b > 1 else ''} but at most {a} can be in "
                            f"cells it shares with the {va}, so its other {_cells_phrase(len(only_b), 'mines')[5:]}"
                            f" and the {va}'s other cells are safe"
                        )
                        mark("pair", 0, only_a, proof, reason, ma + mb)
                    else:
                        reason = (
                            f"The {vb} needs {b} more mine{'s' if b > 1 else ''} but at most {a} can be in "
                            f"cells it shares with the {va}, "
                            f"so {_cells_phrase(len(only_b), 'mines' if len(only_b) > 1 else 'a mine')}"
                        )
                    mark("pair", 1, only_b, proof, reason, ma + mb)
                    return True
        return False

    def has_safe():
        return stop_at_safe and any(e.value == 0 for e in events)

    # stop as soon as the simplest level yields a safe cell: the hint needs nothing more
    while single_pass() and not has_safe():
        pass
    while not has_safe() and pair_pass():
        while single_pass() and not has_safe():
            pass
    return events, cons


def hint_for_visible(
    rows: int,
    cols: int,
    mines: int,
    visible: Sequence[int],
    lookahead: bool = True,
    budget: int = DEFAULT_BUDGET,
    analysis: Analysis | None = None,
    flagged: Collection[int] = frozenset(),
) -> Hint | None:
    """The hint for a visible position (flat list, -1 covered). None when every safe cell is open.

    flagged: flat indices the player has flagged; a mine already flagged is no news, so it is never the hint.
    """
    if not any(v < 0 for v in visible):
        return None
    if all(v < 0 for v in visible):
        return _first_click_hint(rows, cols, mines, None)
    events, _ = _rule_events(rows, cols, visible, stop_at_safe=True)
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
                    f"{'all of them' if left != 1 else 'it'} elsewhere, so {_cells_phrase(len(by_count), 'safe')}"
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
    cell = choose_guess(rows, cols, mines, visible, a, lookahead=lookahead, budget=budget)
    p = a.probability(*cell)
    best = min(a.probabilities.values())
    pct = _percent(p)
    if p <= best + 1e-12:
        reason = f"No cell is certain; this one has the lowest mine chance ({pct})"
    else:
        reason = (
            f"No cell is certain; this one is nearly the safest ({pct}, lowest is {_percent(best)}) "
            f"and the likeliest to open up more"
        )
    return Hint(cell, False, False, p, [], reason, rule="guess")


def _percent(p):
    x = 100 * p
    return f"{x:.0f}%" if x >= 1 or x == 0 else f"{x:.1f}%"


def first_click_cell(rows: int, cols: int, first_click: str | None = "safe") -> Cell:
    """Where to click first. With a safe first click, a corner: it has the fewest neighbours, so it is the
    likeliest cell to be a zero. When the first click always opens an area, a cell a little in from the
    corner: its opening still leans on the edges, and auto-play wins more often from there than from the
    corner itself (bench/solver.py: Beginner 97.4% from (2, 2) against 96.3% from (0, 0))."""
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


def hint_for(board: Any, lookahead: bool = True, budget: int = DEFAULT_BUDGET) -> Hint | None:
    """The hint for a Board, or None when no game is in progress."""
    state = _state_name(board)
    if state == GameState.READY:
        return _first_click_hint(board.rows, board.cols, mine_total(board), getattr(board, "first_click", None))
    if state != GameState.PLAYING:
        return None
    flagged = frozenset(
        r * board.cols + c for r in range(board.rows) for c in range(board.cols) if board.is_flagged(r, c)
    )
    return hint_for_visible(
        board.rows, board.cols, mine_total(board), visible_of(board), lookahead, budget, flagged=flagged
    )
