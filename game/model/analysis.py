"""What a visible position proves: certain safe cells, certain mines and every covered cell's exact mine chance."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from .frontier import Capped, InconsistentPosition, approximate, components, enumerate_group, propagate

__all__ = [
    "COVERED",
    "DEFAULT_BUDGET",
    "Analysis",
    "InconsistentPosition",
    "analyse",
    "analyse_board",
    "mine_total",
    "neighbours",
    "visible_of",
]

# Search nodes one analysis may spend enumerating frontier solutions before it falls back to the
# approximation (a few milliseconds of pure Python, so a hint never blocks a frame).
DEFAULT_BUDGET = 20_000

COVERED = -1

Cell = tuple[int, int]


@lru_cache(maxsize=64)
def neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Flat neighbour indices of every cell of a rows x cols board."""
    out = []
    for r in range(rows):
        for c in range(cols):
            out.append(
                tuple(
                    (rr * cols + cc)
                    for rr in range(max(0, r - 1), min(rows, r + 2))
                    for cc in range(max(0, c - 1), min(cols, c + 2))
                    if (rr, cc) != (r, c)
                )
            )
    return tuple(out)


class Analysis:
    """What the visible board proves: certain safe cells, certain mines and every covered cell's mine chance.

    Probabilities are exact fractions (`fraction`) when `exact` is true. When a frontier component has too
    many solutions for the work cap, that component's cells get the approximation documented in
    `approximate` (game/model/frontier.py) and `exact` is false; certain cells are then only the ones the
    numbers prove on their own.
    A covered cell i's chance is nums[i] / den[i] (kept as two integers: cells share few distinct chances).
    """

    def __init__(
        self,
        rows: int,
        cols: int,
        mine_count: int,
        safe: set[Cell],
        mines: set[Cell],
        nums: dict[int, Any],
        den: dict[int, Any],
        exact: bool,
        layouts: int | None,
        local: set[int],
    ) -> None:
        self.rows = rows
        self.cols = cols
        self.mine_count = mine_count
        self.safe = safe
        self.mines = mines
        self.nums = nums  # flat index -> numerator (an int, or a Fraction where estimated)
        self.den = den  # flat index -> denominator
        self.exact = exact
        self.layouts = layouts  # number of whole-board mine layouts consistent with the view (when exact)
        self._local = local  # flat indices proved by the numbers alone, without the mine count
        self._probabilities: dict[Cell, float] | None = None

    def probability(self, r: int, c: int) -> float:
        i = r * self.cols + c
        if i not in self.nums:
            raise KeyError((r, c))
        return float(self.nums[i] / self.den[i])

    def fraction(self, r: int, c: int) -> Fraction:
        i = r * self.cols + c
        return Fraction(self.nums[i], self.den[i])

    @property
    def probabilities(self) -> dict[Cell, float]:
        if self._probabilities is None:
            cols = self.cols
            self._probabilities = {divmod(i, cols): float(n / self.den[i]) for i, n in self.nums.items()}
        return self._probabilities

    def needs_mine_count(self, r: int, c: int) -> bool:
        """True when (r, c) is certain only because of the total mine count."""
        i = r * self.cols + c
        return (self.nums[i] == 0 or self.nums[i] == self.den[i]) and i not in self._local


def _convolve(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for ma, wa in a.items():
        for mb, wb in b.items():
            out[ma + mb] = out.get(ma + mb, 0) + wa * wb
    return out


def analyse(rows: int, cols: int, mines: int, visible: Sequence[int], budget: int = DEFAULT_BUDGET) -> Analysis:
    """Analyse a visible position. visible: flat sequence, -1 covered (flags count as covered), 0..8 numbers."""
    n = rows * cols
    if len(visible) != n:
        raise ValueError("visible must have rows * cols entries")
    nb = neighbours(rows, cols)
    cons = []
    covered = []
    for i in range(n):
        v = visible[i]
        if v < 0:
            covered.append(i)
        else:
            cells = [j for j in nb[i] if visible[j] < 0]
            if cells:
                cons.append((cells, v))
            elif v:
                raise InconsistentPosition("a number has no covered neighbours")
    known: dict[int, int] = {}
    residual = propagate(cons, known)
    groups = components(residual)
    exact = True
    comps = []  # (variables, weights, sums, is_exact)
    for g in groups:
        try:
            comps.append(enumerate_group(g, budget) + (True,))
        except Capped:
            exact = False
            comps.append(approximate(g) + (False,))
    frontier: set[int] = set()
    for g in groups:
        for group_cells, _ in g:
            frontier.update(group_cells)
    interior = [i for i in covered if i not in known and i not in frontier]
    nint = len(interior)
    left = mines - sum(known.values())
    if left < 0 or left > nint + len(frontier):
        raise InconsistentPosition("the mine count does not fit the board")

    # Combine: the other components' distribution times the ways to fill the interior, for each component.
    k = len(comps)
    prefix = [{0: 1}]
    for comp in comps:
        prefix.append(_convolve(prefix[-1], comp[1]))
    suffix = [{0: 1}] * (k + 1)
    for t in range(k - 1, -1, -1):
        suffix[t] = _convolve(suffix[t + 1], comps[t][1])
    total_dist = prefix[k]
    layouts = 0
    interior_num = 0
    for m, w in total_dist.items():
        rest = left - m
        if 0 <= rest <= nint:
            layouts += w * comb(nint, rest)
            if rest:
                interior_num += w * comb(nint - 1, rest - 1)
    if layouts == 0:
        raise InconsistentPosition("no layout fits the numbers and the mine count")

    nums: dict[int, Any] = {}
    den: dict[int, Any] = {}
    local = set()
    for i, v in known.items():
        nums[i] = v
        den[i] = 1
        local.add(i)
    for i in interior:
        nums[i] = interior_num
        den[i] = layouts
    for t, (variables, weights, sums, is_exact) in enumerate(comps):
        other = _convolve(prefix[t], suffix[t + 1])
        fill = {}  # ways to lay the other components' and the interior's mines, by this component's mines
        for mc in weights:
            s = 0
            for mo, w in other.items():
                rest = left - mc - mo
                if 0 <= rest <= nint:
                    s += w * comb(nint, rest)
            fill[mc] = s
        for vi, var_cells in enumerate(variables):
            size = len(var_cells)
            num = sum(sums[mc][vi] * fill[mc] for mc in weights)
            d = size * layouts
            never = is_exact and all(sums[mc][vi] == 0 for mc in weights)
            always = is_exact and all(sums[mc][vi] == weights[mc] * size for mc in weights)
            for j in var_cells:
                nums[j] = num
                den[j] = d
                if never or always:
                    local.add(j)
                    if not exact:  # the approximation may blur it, but the numbers alone prove it
                        nums[j] = 1 if always else 0
                        den[j] = 1
    safe = set()
    certain_mines = set()
    for i in covered:
        num = nums[i]
        if num == 0 and (exact or i in local):
            safe.add(divmod(i, cols))
        elif num == den[i] and (exact or i in local):
            certain_mines.add(divmod(i, cols))
    return Analysis(rows, cols, mines, safe, certain_mines, nums, den, exact, layouts if exact else None, local)


def visible_of(board: Any) -> list[int]:
    """The position as the player sees it: -1 covered (flagged or not), else the revealed number."""
    rows, cols = board.rows, board.cols
    return [
        board.adjacent_mines(r, c) if board.is_revealed(r, c) else COVERED for r in range(rows) for c in range(cols)
    ]


def mine_total(board: Any) -> int:
    """The board's mine count (a Board knows it as a number, some stand-ins as the set of mine cells)."""
    m = board.mines
    return m if isinstance(m, int) else len(m)


def analyse_board(board: Any, budget: int = DEFAULT_BUDGET) -> Analysis:
    """Analyse a Board (or anything with its read-only surface) as the player sees it."""
    return analyse(board.rows, board.cols, mine_total(board), visible_of(board), budget)
