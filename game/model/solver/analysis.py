"""What a visible position proves: certain safe cells, certain mines and every covered cell's exact mine chance."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb as _comb
from typing import Any

from ..rules.grid import Cell
from .frontier import Frontier, InconsistentPosition, neighbours

__all__ = [
    "COVERED",
    "DEFAULT_BUDGET",
    "POSITION_WORK",
    "Analysis",
    "InconsistentPosition",
    "analyse",
    "analyse_visible",
    "counting_work",
    "mine_total",
    "neighbours",
    "visible_of",
]

# Search nodes one analysis may spend enumerating one group's solutions before it falls back to the
# approximation (a few milliseconds of pure Python, so a hint never blocks a frame).
DEFAULT_BUDGET = 20_000

# The work of analysing a position beyond counting the layouts of its new groups, in the counting's search nodes
# (about 0.3 ms, against 2 to 4 microseconds a node, measured on Expert positions): with `counting_work`, the unit
# a guess's thinking is limited by, so its choice never depends on the machine's speed.
POSITION_WORK = 100

COVERED = -1

# The interior's binomials: every position a guess looks at asks for the same few, with numbers of hundreds of
# digits on Expert.
comb = lru_cache(maxsize=4096)(_comb)


class Analysis:
    """What the visible board proves: certain safe cells, certain mines and every covered cell's mine chance.

    Probabilities are exact fractions (`fraction`) when `exact` is true. When a frontier component has too
    many solutions for the work cap, that component's cells get the approximation documented in
    `approximate` (game/model/solver/enumeration.py) and `exact` is false; certain cells are then only the ones the
    numbers prove on their own. A covered cell i's chance is nums[i] / den[i] (kept as two integers: cells
    share few distinct chances). `after` analyses the position a few reveals later, reusing this one's work.

    Cells: `safe`, `mines`, `probability`, `probabilities`, `fraction` and `needs_mine_count` speak `(row, col)`,
    as the rest of the game does; `nums`, `den`, `after`, `given` and `best_chances` are the solver's own, by
    flat index `row * cols + col`.

    >>> from game.model import Board
    >>> board = Board.from_layout(["*...", "....", "...*"])
    >>> _ = board.reveal(0, 3)
    >>> print(board.seen_text())
    #100
    #111
    ####
    >>> a = analyse(board)
    >>> sorted(a.mines), sorted(a.safe), a.probability(1, 0)
    ([(2, 3)], [(2, 0), (2, 1), (2, 2)], 0.5)
    """

    def __init__(self, frontier: Frontier) -> None:
        f = self.frontier = frontier
        self.rows, self.cols, self.mine_count = f.rows, f.cols, f.mines
        comps = f.comps
        self.exact = exact = all(comp.exact for comp in comps)
        on_frontier = sum(len(comp.cells) for comp in comps)
        nint = self._nint = f.covered - len(f.known) - on_frontier
        left = f.mines - sum(f.known.values())
        if left < 0 or left > nint + on_frontier:
            raise InconsistentPosition("the mine count does not fit the board")
        # The frontier's distribution of mines (all components together) times the ways to fill the interior.
        total = {0: 1}
        for comp in comps:
            total = _convolve(total, comp.solutions[1])
        # ways[m]: layouts of the interior when the frontier holds m of the mines left
        ways = {m: comb(nint, left - m) for m in total if 0 <= left - m <= nint}
        layouts = 0
        interior_num = 0
        for m, w in total.items():
            if m in ways:
                layouts += w * ways[m]
                rest = left - m
                if rest:
                    interior_num += w * comb(nint - 1, rest - 1)
        if layouts == 0:
            raise InconsistentPosition("no layout fits the numbers and the mine count")
        self.layouts: int | None = layouts if exact else None  # whole-board layouts consistent with the view
        self._interior = interior_num, layouts
        self._ways = ways
        self._spread, self._left = total, left
        # When every frontier total fits the interior, every count of each component does, so the mine count
        # proves no frontier cell: the certain ones are those the numbers prove (cheaper than every chance).
        self._unforced = len(ways) == len(total)
        self._vars: list[tuple[tuple[int, ...], Any, Any, bool]] | None = None
        self._nums: dict[int, Any] | None = None
        self._den: dict[int, Any] | None = None
        self._certain_cells: tuple[set[int], set[int]] | None = None
        self._safe: set[Cell] | None = None
        self._mines: set[Cell] | None = None
        self._probabilities: dict[Cell, float] | None = None

    def _variables(self) -> list[tuple[tuple[int, ...], Any, Any, bool]]:
        """(cells, numerator, denominator, proved by the numbers alone) for each variable of each component."""
        if self._vars is not None:
            return self._vars
        comps, ways, exact = self.frontier.comps, self._ways, self.exact
        layouts = self._interior[1]
        # each component against the others: prefix and suffix products of their distributions
        k = len(comps)
        prefix = [{0: 1}]
        for comp in comps:
            prefix.append(_convolve(prefix[-1], comp.solutions[1]))
        suffix = [{0: 1}] * (k + 1)
        for t in range(k - 1, -1, -1):
            suffix[t] = _convolve(suffix[t + 1], comps[t].solutions[1])
        out = []
        for t, comp in enumerate(comps):
            variables, weights, sums = comp.solutions
            other = _convolve(prefix[t], suffix[t + 1].items())
            # ways to lay the other components' and the interior's mines, by this component's mines
            fill = [sum(w * ways[mc + mo] for mo, w in other.items() if mc + mo in ways) for mc, _ in weights]
            for vi, (var_cells, local) in enumerate(zip(variables, comp.local())):
                num: Any = sum(s[vi] * f for s, f in zip(sums, fill))
                d: Any = len(var_cells) * layouts
                if local >= 0 and not exact:  # the approximation may blur it, but the numbers prove it
                    num, d = local, 1
                out.append((var_cells, num, d, local >= 0))
        self._vars = out
        return out

    def after(self, reveals: Mapping[int, int]) -> Analysis:
        """The analysis of this position with some covered cells revealed ({flat index: number shown})."""
        return Analysis(self.frontier.after(reveals))

    def given(self, assume: Mapping[int, int]) -> Analysis:
        """This position counted only over the layouts where the given covered cells are mines (1) or safe (0);
        raises InconsistentPosition when there are none."""
        return Analysis(self.frontier.after({}, assume))

    def interior_given(self, mines: int, safe: int) -> int:
        """The layouts where `mines` given interior cells (covered, no number touching them) are mines and `safe`
        other given ones are safe: the interior filled around them, the frontier as it is."""
        rest = self._nint - mines - safe
        if rest < 0:
            raise ValueError("more cells given than the interior has")
        out = 0
        for m, w in self._spread.items():
            fill = self._left - m - mines  # mines left for the interior's other cells
            if 0 <= fill <= rest:
                out += w * comb(rest, fill)
        return out

    def _certain(self) -> tuple[set[int], set[int]]:
        """(safe, mines): the covered cells certain either way, by flat index, found once."""
        if self._certain_cells is not None:
            return self._certain_cells
        exact, f = self.exact, self.frontier
        safe = {j for j, v in f.known.items() if v == 0}
        mines = {j for j, v in f.known.items() if v == 1}
        if self._unforced or not exact:  # then only what the numbers prove on their own is certain: no chance needed
            for comp in f.comps:
                for cells, local in zip(comp.solutions[0], comp.local()):
                    if local >= 0:
                        (mines if local else safe).update(cells)
        else:
            for cells, num, d, proved in self._variables():
                if exact or proved:
                    if num == 0:
                        safe.update(cells)
                    elif num == d:
                        mines.update(cells)
        interior_num, layouts = self._interior
        if exact and self._nint and interior_num in (0, layouts):
            (safe if interior_num == 0 else mines).update(self._interior_cells())
        self._certain_cells = safe, mines
        return self._certain_cells

    @property
    def safe_cells(self) -> set[int]:
        """The covered cells that are certainly safe, by flat index."""
        return self._certain()[0]

    @property
    def mine_cells(self) -> set[int]:
        """The covered cells that certainly hide a mine, by flat index."""
        return self._certain()[1]

    @property
    def interior_size(self) -> int:
        """How many covered cells no number touches (the single-number rule's certain cells left out)."""
        return self._nint

    @property
    def safe(self) -> set[Cell]:
        """The covered cells that are certainly safe."""
        if self._safe is None:
            self._safe = {divmod(j, self.cols) for j in self.safe_cells}
        return self._safe

    @property
    def mines(self) -> set[Cell]:
        """The covered cells that certainly hide a mine."""
        if self._mines is None:
            self._mines = {divmod(j, self.cols) for j in self.mine_cells}
        return self._mines

    def best_chances(self, count: int = 2, dead: Callable[[int], bool] | None = None) -> list[float]:
        """The `count` highest chances of being safe among covered cells that are not certain mines, best first
        (fewer if fewer cells are left), cells that `dead` says are dead left out (the interior never is)."""
        options: list[tuple[float, tuple[int, ...] | None]] = [
            (1.0, (j,)) for j, v in self.frontier.known.items() if v == 0
        ]
        options.extend((1 - num / d, cells) for cells, num, d, _ in self._variables() if num != d)
        interior_num, layouts = self._interior
        if self._nint and interior_num != layouts:
            options.append((1 - interior_num / layouts, None))
        options.sort(key=lambda o: -o[0])
        out: list[float] = []
        for chance, cells in options:
            if cells is None:
                n = self._nint
            else:
                n = len(cells) if dead is None else sum(1 for j in cells if not dead(j))
            out.extend([chance] * min(n, count - len(out)))
            if len(out) >= count:
                break
        return out

    def chances(self) -> list[tuple[Any, Any, tuple[int, ...] | None]]:
        """(numerator, denominator, cells) of each distinct mine chance of the frontier's undecided cells, and of
        the interior (cells None: every covered cell no number touches) when there is one; certain cells left out."""
        out: list[tuple[Any, Any, tuple[int, ...] | None]] = [
            (num, d, cells) for cells, num, d, _ in self._variables() if 0 != num != d
        ]
        interior_num, layouts = self._interior
        if self._nint and 0 != interior_num != layouts:
            out.append((interior_num, layouts, None))
        return out

    def _interior_cells(self) -> list[int]:
        f = self.frontier
        on_frontier = {j for comp in f.comps for j in comp.cells}
        return [j for j, v in enumerate(f.visible) if v < 0 and j not in f.known and j not in on_frontier]

    def _chances(self) -> None:
        nums: dict[int, Any] = {}
        den: dict[int, Any] = {}
        for j, v in self.frontier.known.items():
            nums[j] = v
            den[j] = 1
        interior_num, layouts = self._interior
        for j in self._interior_cells():
            nums[j] = interior_num
            den[j] = layouts
        for cells, num, d, _ in self._variables():
            for j in cells:
                nums[j] = num
                den[j] = d
        self._nums, self._den = nums, den

    @property
    def nums(self) -> dict[int, Any]:
        """Covered cell (flat index) -> numerator of its mine chance (an int, or a Fraction where estimated)."""
        if self._nums is None:
            self._chances()
        assert self._nums is not None
        return self._nums

    @property
    def den(self) -> dict[int, Any]:
        """Covered cell (flat index) -> denominator of its mine chance."""
        if self._den is None:
            self._chances()
        assert self._den is not None
        return self._den

    def chance_of(self, i: int) -> tuple[Any, Any]:
        """(numerator, denominator) of one covered cell's mine chance, by flat index, without working out every
        cell's (what a review of a large board asks at each click). KeyError on a revealed cell."""
        if self._nums is not None:
            return self.nums[i], self.den[i]
        f = self.frontier
        if i in f.known:
            return f.known[i], 1
        if i in f.comp_of():
            for cells, num, d, _ in self._variables():
                if i in cells:
                    return num, d
        if f.visible[i] >= 0:
            raise KeyError(i)
        return self._interior

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
            cols, den = self.cols, self.den
            self._probabilities = {divmod(i, cols): float(n / den[i]) for i, n in self.nums.items()}
        return self._probabilities

    def needs_mine_count(self, r: int, c: int) -> bool:
        """True when (r, c) is certain only because of the total mine count."""
        i = r * self.cols + c
        if not (self.nums[i] == 0 or self.nums[i] == self.den[i]):
            return False
        if i in self.frontier.known:
            return False
        return not any(proved and i in cells for cells, _, _, proved in self._variables())


def counting_work(parent: Analysis, child: Analysis) -> int:
    """The search nodes that counted the layouts of child's groups that parent does not share. A group's work is
    stored with its layouts, so it is the same whatever was counted before."""
    kept = {id(comp) for comp in parent.frontier.comps}
    return sum(comp.work for comp in child.frontier.comps if id(comp) not in kept)


def _convolve(a: dict[int, int], b: Collection[tuple[int, int]]) -> dict[int, int]:
    """The distribution of the mines of two parts together: `a` as {mines: weight}, `b` as (mines, weight) pairs."""
    out: dict[int, int] = {}
    for ma, wa in a.items():
        for mb, wb in b:
            out[ma + mb] = out.get(ma + mb, 0) + wa * wb
    return out


def analyse_visible(rows: int, cols: int, mines: int, visible: Sequence[int], budget: int = DEFAULT_BUDGET) -> Analysis:
    """Analyse a visible position. visible: flat sequence, -1 covered (flags count as covered), 0..8 numbers."""
    if len(visible) != rows * cols:
        raise ValueError("visible must have rows * cols entries")
    blank = Frontier.blank(rows, cols, mines, budget)
    return Analysis(blank.after({i: v for i, v in enumerate(visible) if v >= 0}))


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


def analyse(board: Any, budget: int = DEFAULT_BUDGET) -> Analysis:
    """Analyse a Board (or anything with its read-only surface) as the player sees it."""
    return analyse_visible(board.rows, board.cols, mine_total(board), visible_of(board), budget)


def chance_list(rows: int, cols: int, mines: int, visible: Sequence[int]) -> list[float | None]:
    """Every cell's mine chance in a position (`visible` as `analyse_visible` reads it), in reading order: None
    on a revealed cell. InconsistentPosition when the position cannot happen. (Plain values: what a worker
    process hands back for a large board.)"""
    chances: list[float | None] = [None] * (rows * cols)
    for (row, col), chance in analyse_visible(rows, cols, mines, visible).probabilities.items():
        chances[row * cols + col] = chance
    return chances
