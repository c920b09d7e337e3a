"""Depth-limited search of guesses: the cell that gives the best chance of surviving the next few moves, found by
trying the safest cells and every number each could show, within a budget of positions analysed.

The value of a position is the chance of surviving its next `depth` reveals, playing each as well as the search
sees (the search of minesolve and of David Hill's recursive safety, in our terms):

- with no certain safe cell, the best over the candidate cells of the sum, over each number a cell could show,
  of that number's chance times the value of the position it leads to, one reveal shorter; with one reveal
  left, the safest cell's safety (with `blend`, mixed with the second safest cell's);
- with certain safe cells, 1 if there are at least as many as reveals left; otherwise one of them is opened (it
  is one of the reveals, and safe). With `free`, any certain safe cell counts as surviving every reveal left.

Candidates are the safest cells (within `ratio` of the safest, one per chance and number of covered neighbours,
at most `width`, `roots` at the first step; the interior, where no number reaches, through one cell, and with
`off_edge` at the first step also through that many cells two steps from a number, a setting measured and not
shipped: docs/solver.md), tried safest first; a cell is dropped as soon as it cannot beat the best one found (its
value is at most its safety). At the first step a cell's value is raised by its 50/50 influence, and with
`progress` by that weight times its chance of proving another cell safe; with `influenced`, cells that the
influence lifts to the cut are roots too. `blend`, `progress` and `influenced` were measured and are not shipped
(docs/solver.md). Positions are analysed incrementally (`Analysis.after`) and kept
by the reveals that lead to them, so two orders of the same reveals meet one position. Strength is set by work:
the search stops after `nodes` positions analysed (or, with `work`, once they have taken that much work: the
search nodes counting the layouts of each position's new groups, plus POSITION_WORK a position; a position's time
is mostly that), and the answer is that of the deepest search completed, so the choice depends on the position
alone, never on the machine's speed nor on what was counted before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from game.model.solver.analysis import POSITION_WORK, Analysis, InconsistentPosition, counting_work, neighbours

__all__ = ["Search", "SearchSettings", "best_guess", "interior_cell", "off_edge_cells"]

Path = frozenset[tuple[int, int]]  # the reveals (cell, number shown) leading from the root to a position


@dataclass(frozen=True)
class SearchSettings:
    """depth: reveals looked ahead; width / roots: cells tried at a later step / at the first; ratio: cells at
    least this share of the safest cell's safety are tried; off_edge: interior cells two steps from a number tried
    at the first step besides the interior's own cell (`off_edge_cells`); progress: a root cell's score is raised by
    this much times the chance that it is safe and its number proves another cell safe (what it opens, which
    surviving the next reveals counts only up to `depth`); blend: the last reveal counts as this share of the
    second safest cell's chance and the rest of the safest one's (JSMinesweeper blends 0.2: a position with two
    good cells is worth more than one with a single one); influenced: a cell whose safety raised by its 50/50
    influence reaches `ratio` of the safest cell's is a root too (David Hill's solver weighs such cells); living:
    the last reveal counts only living cells, those whose number is not the same in every layout where they are
    safe (David Hill's blended safety does: a dead cell teaches nothing), unless every cell is dead; nodes:
    positions analysed at most; work: the work they may take (None: no limit); free: a certain safe cell counts as
    surviving every reveal left (else opening it is one of the reveals); prefer: at the first step, the cell tried
    for each chance and number of covered neighbours (and for the interior, among its cells of fewest neighbours)
    is the one its 50/50 influence raises most, not the first by index."""

    depth: int = 3
    width: int = 4
    off_edge: int = 0
    progress: float = 0.0
    blend: float = 0.0
    influenced: bool = False
    living: bool = False
    roots: int = 6
    ratio: float = 0.9
    nodes: int = 400
    work: int | None = None
    free: bool = False
    prefer: bool = False


class _Inexact(Exception):
    """A position met has too many layouts to count exactly."""


class _OutOfNodes(Exception):
    """The search has analysed as many positions as its budget allows (or was told to stop)."""


@lru_cache(maxsize=16)
def _by_degree(rows: int, cols: int) -> tuple[int, ...]:
    """Every cell of the board, the fewest neighbours first (corners, then edges), then by index."""
    nb = neighbours(rows, cols)
    return tuple(sorted(range(rows * cols), key=lambda i: (len(nb[i]), i)))


def _interior(a: Analysis) -> Iterator[int]:
    """The undecided covered cells no number touches, the fewest neighbours first, then by index."""
    f = a.frontier
    of, known, visible = f.comp_of(), f.known, f.visible
    return (i for i in _by_degree(f.rows, f.cols) if visible[i] < 0 and i not in known and i not in of)


def interior_cell(a: Analysis, prefer: Mapping[int, float] | None = None) -> int:
    """The covered cell no number touches with the fewest covered neighbours, the first by index among equals, or
    with `prefer`, the one of them it rates highest. (All its neighbours are covered: a revealed one would make it
    a frontier cell.)"""
    cells = _interior(a)
    first = next(cells)
    if not prefer:
        return first
    nb = neighbours(a.rows, a.cols)
    fewest = len(nb[first])
    best = first
    for i in cells:
        if len(nb[i]) > fewest:
            break
        if prefer.get(i, 0) > prefer.get(best, 0):
            best = i
    return best


def off_edge_cells(a: Analysis, count: int) -> list[int]:
    """Up to `count` covered cells no number touches but that lie two steps from one in a row or a column
    (JSMinesweeper's off-edge candidates at this density): what they show counts mines of the frontier cells
    between, unlike the interior's own cell (`interior_cell`, which they exclude). One of each number of covered
    neighbours and of frontier neighbours, the fewest neighbours first, then by index."""
    f = a.frontier
    of, known, visible, rows, cols = f.comp_of(), f.known, f.visible, f.rows, f.cols
    nb, cells = neighbours(rows, cols), _interior(a)
    next(cells, None)  # the interior's own cell
    out: list[int] = []
    seen: set[tuple[int, int]] = set()
    for i in cells:
        if len(out) >= count:
            break
        r, c = divmod(i, cols)
        steps = ((r - 2, c), (r + 2, c), (r, c - 2), (r, c + 2))
        if not any(0 <= rr < rows and 0 <= cc < cols and visible[rr * cols + cc] >= 0 for rr, cc in steps):
            continue
        kind = (sum(1 for j in nb[i] if visible[j] < 0), sum(1 for j in nb[i] if j in of or j in known))
        if kind not in seen:
            seen.add(kind)
            out.append(i)
    return out


class Search:
    """One search from one position (exact analysis `root`, no certain safe cell)."""

    def __init__(self, root: Analysis, settings: SearchSettings, stop: Callable[[], bool] | None = None) -> None:
        self.root, self.settings, self.stop = root, settings, stop
        self.nb = neighbours(root.rows, root.cols)
        self.spent = 0  # positions analysed
        self.work = 0  # and the work they took
        self._values: dict[tuple[Path, int], float] = {}
        self._positions: dict[Path, Analysis | None] = {}
        self._dead: dict[tuple[Path, int], bool] = {}

    def child(self, a: Analysis, path: Path, i: int, v: int) -> Analysis | None:
        """Position a (reached by path) with cell i showing v; None if no layout allows it."""
        key = path | {(i, v)}
        if key in self._positions:
            return self._positions[key]
        self.spent += 1
        limit = self.settings.work
        if (
            self.spent > self.settings.nodes
            or (limit is not None and self.work > limit)
            or (self.stop is not None and self.stop())
        ):
            raise _OutOfNodes
        self.work += POSITION_WORK
        try:
            b = a.after({i: v})
        except InconsistentPosition:
            self._positions[key] = None
            return None
        self.work += counting_work(a, b)  # the groups b shares with a were counted before
        self._positions[key] = b
        return b

    def candidates(self, a: Analysis, width: int, prefer: Mapping[int, float] | None = None) -> list[tuple[float, int]]:
        """(safety, cell) of the cells worth trying from position a, safest first: within `ratio` of the safest,
        one of each chance and number of covered neighbours (the first by index, or the one `prefer` rates
        highest), at most `width`."""
        chances = sorted(((1 - num / d, cells) for num, d, cells in a.chances()), key=lambda o: -o[0])
        if not chances:
            return []
        floor = self.settings.ratio * chances[0][0]
        visible, nb = a.frontier.visible, self.nb
        out: list[tuple[float, int]] = []
        for safety, cells in chances:
            if safety < floor or len(out) >= width:
                break
            if cells is None:
                out.append((safety, interior_cell(a, prefer)))
                continue
            by_shape: dict[int, int] = {}
            for i in cells:
                shape = sum(1 for j in nb[i] if visible[j] < 0)
                held = by_shape.get(shape)
                if (
                    held is None
                    or (not prefer and i < held)
                    or (prefer and (prefer.get(i, 0), -i) > (prefer.get(held, 0), -held))
                ):
                    by_shape[shape] = i
            out.extend((safety, by_shape[shape]) for shape in sorted(by_shape))
        return out[:width]

    def value(self, a: Analysis, path: Path, depth: int) -> float:
        """The chance of surviving the next `depth` reveals from position a (which has no certain safe cell)."""
        if depth <= 1:
            blend = self.settings.blend
            count = 2 if blend else 1
            chances = a.best_chances(count, lambda j: self.dead(a, path, j)) if self.settings.living else []
            chances = chances or a.best_chances(count)
            if not chances:
                return 1.0
            return (1 - blend) * chances[0] + blend * chances[-1] if blend else chances[0]
        key = (path, depth)
        if key in self._values:
            return self._values[key]
        best = 0.0
        for safety, i in self.candidates(a, self.settings.width):
            if safety <= best:
                break  # no later cell is safer, and a cell's value is at most its safety
            best = max(best, self.through(a, path, i, depth, best))
        self._values[key] = best
        return best

    def dead(self, a: Analysis, path: Path, i: int) -> bool:
        """Whether covered cell i of position a (reached by path) shows the same number in every layout where it
        is safe. (Its positions are not counted against the budget: a setting measured, not shipped.)"""
        key = (path, i)
        if key not in self._dead:
            possible = 0
            for v in self.shown(a, i):
                try:
                    a.after({i: v})
                except InconsistentPosition:
                    continue
                possible += 1
                if possible > 1:
                    break
            self._dead[key] = possible <= 1
        return self._dead[key]

    def shown(self, a: Analysis, i: int) -> range:
        """The numbers cell i could show in position a: at least the known mines around it, at most all of its
        covered neighbours that are not known to be safe."""
        visible, known = a.frontier.visible, a.frontier.known
        mines = undecided = 0
        for j in self.nb[i]:
            if visible[j] < 0:
                if j not in known:
                    undecided += 1
                elif known[j]:
                    mines += 1
        return range(mines, mines + undecided + 1)

    def through(self, a: Analysis, path: Path, i: int, depth: int, floor: float) -> float:
        """The chance of surviving cell i and then the next depth - 1 reveals from position a; once that cannot
        beat floor, an upper bound below floor. A position that is not exact counts as its cell's
        safety times the safest cell's safety."""
        total = a.layouts
        assert total is not None
        left = total - a.nums[i] * total // a.den[i]  # layouts where cell i is safe, not yet counted
        got = 0.0
        for v in self.shown(a, i):
            if got + left / total < floor:
                return float(got + left / total)
            b = self.child(a, path, i, v)
            if b is None:
                continue
            if b.layouts is None:
                return float(1 - a.nums[i] / a.den[i]) * a.best_chances(1)[0]
            left -= b.layouts
            got += b.layouts / total * self.after(b, path | {(i, v)}, depth - 1)
            if not left:
                break
        return got

    def progress(self, a: Analysis, i: int) -> float:
        """The chance that cell i is safe and the number it shows proves another cell safe, from position a."""
        total = a.layouts
        assert total is not None
        opened = 0
        for v in self.shown(a, i):
            b = self.child(a, frozenset(), i, v)
            if b is not None and b.layouts is not None and b.safe:
                opened += b.layouts
        return opened / total

    def after(self, b: Analysis, path: Path, depth: int) -> float:
        """The chance of surviving the next `depth` reveals from position b, where it may have certain safe
        cells."""
        if depth <= 0:
            return 1.0
        safe = b.safe
        if not safe:
            if len(b.mines) == b.frontier.covered:
                return 1.0  # only mines are left: the game is won
            return self.value(b, path, depth)
        if self.settings.free or len(safe) >= depth:
            return 1.0
        r, c = min(safe)  # opened: one of the reveals, and a safe one
        return self.through(b, path, r * b.cols + c, depth, 0.0)


def best_guess(
    a: Analysis,
    settings: SearchSettings,
    influence: Mapping[int, float],
    shape: Callable[[int], int],
    stop: Callable[[], bool] | None = None,
) -> tuple[int, int]:
    """(cell, depth searched): the cell with the best chance of surviving the next `depth` reveals, by iterative
    deepening from 2 reveals: the answer of the deepest search completed within the budget (the safest cell if
    none). Each cell's chance is raised by `influence` (layouts counted as survived beyond its safe ones: the
    50/50 influence, game/model/solver/fifty.py) over its safe layouts, as the one-step score is; ties go to the
    fewest covered neighbours (`shape`), then to the safer cell."""
    search = Search(a, settings, stop)
    roots = search.candidates(a, settings.roots, influence if settings.prefer else None)
    if settings.off_edge:
        of = a.frontier.comp_of()  # a root cell outside every group is the interior's
        roots += [(safety, j) for safety, i in roots if i not in of for j in off_edge_cells(a, settings.off_edge)]
    total = a.layouts
    assert total is not None
    if settings.influenced and roots:
        roots += _influenced_roots(a, roots, settings.ratio * roots[0][0], influence)
    if len(roots) <= 1:
        return (roots[0][1] if roots else interior_cell(a)), 0
    factor = {}
    for _, i in roots:
        safe = total - a.nums[i] * total // a.den[i]
        factor[i] = 1 + influence.get(i, 0) / safe
    pick, searched = roots[0][1], 0
    for depth in range(2, settings.depth + 1):
        try:
            scored = _score_roots(search, roots, factor, shape, depth)
        except _OutOfNodes:
            break
        pick, searched = max(scored, key=lambda o: o[0])[1], depth
        # the next depth tries the best cells first: the best score found early cuts the others short
        order = {i: n for n, (_, i) in enumerate(sorted(scored, key=lambda o: o[0], reverse=True))}
        roots.sort(key=lambda o: order[o[1]])
    return pick, searched


def _influenced_roots(
    a: Analysis, roots: list[tuple[float, int]], floor: float, influence: Mapping[int, float]
) -> list[tuple[float, int]]:
    """(safety, cell) of the cells below floor whose safety, raised by their 50/50 influence (layouts counted as
    survived beyond their safe ones), reaches it; safest first. (A cell above floor that is not a root has a root
    of its chance and shape, or is past the roots' number.)"""
    total = a.layouts
    assert total is not None
    have = {i for _, i in roots}
    out = []
    for i, extra in influence.items():
        if i in have or not extra:
            continue
        safe = total - a.nums[i] * total // a.den[i]
        if safe / total < floor <= (safe + extra) / total:
            out.append((safe / total, i))
    return sorted(out, key=lambda o: (-o[0], o[1]))


def _score_roots(
    search: Search, roots: list[tuple[float, int]], factor: dict[int, float], shape: Callable[[int], int], depth: int
) -> list[tuple[tuple[float, int, float], int]]:
    """(score, cell) of each root cell, the score an upper bound below the best one for a cell that cannot beat
    it. A score is (chance, fewest covered neighbours, safety), compared in that order."""
    a = search.root
    weight = search.settings.progress
    best: tuple[float, int, float] | None = None
    out = []
    for safety, i in roots:
        bound = safety * (factor[i] + weight)  # its chance of opening another safe cell is at most its safety
        if best is not None and bound < best[0]:
            out.append(((bound, -shape(i), safety), i))
            continue  # cannot beat the best, even surviving everything after it
        floor = (best[0] - weight * safety) / factor[i] if best is not None else 0.0
        chance = search.through(a, frozenset(), i, depth, floor) * factor[i]
        score = (chance + weight * search.progress(a, i) if weight else chance, -shape(i), safety)
        out.append((score, i))
        if best is None or score > best:
            best = score
    return out
