"""Guesses that must be made sometime: two cells (or a 2x2 box) that no number can ever tell apart.

Two covered cells side by side whose other neighbours on each side are off the board or mines show the same
numbers around them whichever of the two holds the mine: once it comes to them, it is a 50/50 that no
later number resolves. A cell is a "pseudo-50/50" when every layout that makes it a mine makes it such a pair
(or a 2x2 box with two mines on a diagonal and mines or walls on the four outer corners): the risk of opening it
must be taken anyway, so opening it now costs nothing, and what it shows comes earlier (JSMinesweeper's
long-term risk helper has the same idea).

`long_term_influence` is David Hill's long-term risk (his Java solver's LongTermRiskHelper): the same patterns
counted while they may still form, up to three of their outer cells still to become mines, so that a cell by a
wall, where a 50/50 can form later, is worth a little more than one in the open.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache

from .analysis import Analysis, InconsistentPosition

__all__ = ["closed_patterns", "influence", "long_term_influence", "pseudo_fifty_fifties"]

# (pattern cells as (row, col) offsets, the cells assumed mines among them, the outer cells that would tell them
# apart, at most this many mines needed in the pattern and its outer cells together)
_PATTERNS = (
    (((0, 0), (0, 1)), ((0, 0),), ((-1, -1), (0, -1), (1, -1), (-1, 2), (0, 2), (1, 2)), 2),
    (((0, 0), (1, 0)), ((0, 0),), ((-1, -1), (-1, 0), (-1, 1), (2, -1), (2, 0), (2, 1)), 2),
    (((0, 0), (0, 1), (1, 0), (1, 1)), ((0, 0), (1, 1)), ((-1, -1), (-1, 2), (2, -1), (2, 2)), 4),
)

Placed = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
Placement = tuple[tuple[int, ...], tuple[int, ...], frozenset[int], int]


@lru_cache(maxsize=16)
def _placed(rows: int, cols: int) -> tuple[Placed, ...]:
    """Every pattern placed on the board: (its kind, an index into _PATTERNS: 0 a pair in a row, 1 in a column, 2 a
    box; its cells; the ones assumed mines; its outer cells on the board)."""
    out = []
    for kind, (cells, mined, outer, _) in enumerate(_PATTERNS):
        for r in range(rows - max(dr for dr, _ in cells)):
            for c in range(cols - max(dc for _, dc in cells)):
                at = tuple((r + dr) * cols + c + dc for dr, dc in cells)
                mine_at = tuple((r + dr) * cols + c + dc for dr, dc in mined)
                around = tuple(
                    (r + dr) * cols + c + dc for dr, dc in outer if 0 <= r + dr < rows and 0 <= c + dc < cols
                )
                out.append((kind, at, mine_at, around))
    return tuple(out)


@lru_cache(maxsize=16)
def _placements(rows: int, cols: int) -> tuple[Placement, ...]:
    """Every pattern placed on the board, as the closed 50/50s read it: (its cells, the ones assumed mines, its
    outer cells on the board, how many of those may still be unknown)."""
    return tuple(
        (at, mine_at, frozenset(around), _PATTERNS[kind][3] - len(mine_at))
        for kind, at, mine_at, around in _placed(rows, cols)
    )


ClosedPattern = tuple[tuple[int, ...], int]  # a pattern's cells, and the layouts that close it


def _patterns(
    rows: int, cols: int, visible: Sequence[int], mines: set[int], numbered: set[int]
) -> Iterator[tuple[dict[int, int], tuple[int, ...]]]:
    """Each pattern placed where its cells are covered and not known mines, some of them next to a number, and no
    outer cell is revealed: ({cell: 1 mine / 0 safe, outer cells still to be mines: 1}, the pattern's cells).
    (A pattern no number touches is never a pseudo-50/50: its cells' layouts are not tied to each other.)"""
    for at, mine_at, around, unknown in _placements(rows, cols):
        if len(around) > unknown and mines.isdisjoint(around):
            continue  # too many outer cells to be mines, and none is yet (most placements away from walls)
        if numbered.isdisjoint(at):
            continue
        if any(visible[j] >= 0 or j in mines for j in at) or any(visible[j] >= 0 for j in around):
            continue
        missing = around - mines
        if len(missing) <= unknown:
            yield _closing(at, mine_at, missing), at


def _closing(at: tuple[int, ...], mine_at: tuple[int, ...], missing: Iterable[int]) -> dict[int, int]:
    """The assumption that closes a pattern: {cell: 1 mine / 0 safe} for its cells, its outer cells still to be
    mines taken as mines."""
    assume = dict.fromkeys(at, 0)
    assume.update(dict.fromkeys(mine_at, 1))
    assume.update(dict.fromkeys(missing, 1))
    return assume


def _layouts_given(a: Analysis, assume: dict[int, int]) -> int:
    """The layouts of position a where the assumed cells are mines (1) or safe (0); assumed cells that no number
    touches only are counted from the interior, without a new analysis."""
    f = a.frontier
    known, of = f.known, f.comp_of()
    if not any(j in known or j in of for j in assume):
        mines = sum(assume.values())
        return a.interior_given(mines, len(assume) - mines)
    try:
        return a.given(assume).layouts or 0
    except InconsistentPosition:
        return 0


def closed_patterns(a: Analysis, visible: Sequence[int]) -> list[ClosedPattern]:
    """Each pattern that some layouts close, with how many layouts close it with a given one of its diagonals
    (or one of its two cells) as the mines: as many close it with the other, by symmetry. Exact analyses only."""
    if a.layouts is None:
        return []
    mines = {r * a.cols + c for r, c in a.mines}
    numbered = {j for comp in a.frontier.comps for j in comp.cells}
    out = []
    for assume, cells in _patterns(a.rows, a.cols, visible, mines, numbered):
        closed = _layouts_given(a, assume)
        if closed:
            out.append((cells, closed))
    return out


def pseudo_fifty_fifties(a: Analysis, visible: Sequence[int], closed: list[ClosedPattern] | None = None) -> list[int]:
    """The covered cells (flat indices) that are pseudo-50/50s in an exact analysis: every layout that makes the
    cell a mine closes it into a pair or box no number can resolve. closed: closed_patterns(a, visible)."""
    if a.layouts is None:
        return []
    total = a.layouts
    nums, den = a.nums, a.den
    found: list[int] = []
    for cells, count in closed_patterns(a, visible) if closed is None else closed:
        for j in cells:
            # the layouts that close the pattern with j as a mine are, by symmetry, as many as `count`
            if j not in found and nums[j] * total == count * den[j]:
                found.append(j)
    return found


def influence(a: Analysis, closed: list[ClosedPattern]) -> dict[int, int]:
    """Per covered cell, the layouts where it is a mine in a closed pattern (pairs added up, the largest box
    taken), at most its layouts as a mine or as safe: the part of its risk that would be met anyway (the
    "50/50 influence" of JSMinesweeper's long-term risk helper)."""
    pairs: dict[int, int] = {}
    boxes: dict[int, int] = {}
    for cells, count in closed:
        into = pairs if len(cells) == 2 else boxes
        for j in cells:
            into[j] = into.get(j, 0) + count if into is pairs else max(into.get(j, 0), count)
    total = a.layouts or 0
    out = {}
    for j in pairs.keys() | boxes.keys():
        mine = a.nums[j] * total // a.den[j]
        out[j] = min(pairs.get(j, 0) + boxes.get(j, 0), mine, total - mine)
    return out


# Long-term risk: a pattern counts in its cells' influence while at most this many of its outer cells on the board
# are still to become mines; one with at most ENABLER_MISSING of them also counts for that cell (its "enabler":
# opening it removes the risk too) when the layouts closing it are over 1 / ENABLER_SHARE of all. (Hill's values.)
LONG_TERM_MISSING = 3
ENABLER_MISSING = 1
ENABLER_SHARE = 40


def long_term_influence(a: Analysis, visible: Sequence[int]) -> dict[int, int]:
    """Per covered cell, the layouts where it is a mine in a 2x1 or 2x2 pattern closed by the mines around it
    (as `influence`, but the outer cells may still be covered: up to LONG_TERM_MISSING of them taken as mines),
    the largest such count of each kind of pattern added up, plus, for a cell that is the one missing outer mine
    of a likely pattern, that pattern's layouts; at most its layouts as a mine or as safe. Exact analyses only.
    David Hill's long-term risk: the risk of these cells may have to be met later as a 50/50, so opening them
    now costs less than their mine chance says."""
    total = a.layouts
    if total is None:
        return {}
    mines = {r * a.cols + c for r, c in a.mines}
    left = a.mine_count - len(mines)
    best: tuple[dict[int, int], ...] = ({}, {}, {})
    enablers: dict[int, int] = {}
    for kind, at, mine_at, around in _placed(a.rows, a.cols):
        if any(visible[j] >= 0 or j in mines for j in at) or any(visible[j] >= 0 for j in around):
            continue
        missing = [j for j in around if j not in mines]
        if len(missing) > LONG_TERM_MISSING or len(missing) + len(mine_at) > left:
            continue
        count = _layouts_given(a, _closing(at, mine_at, missing))
        if not count:
            continue
        most = best[kind]
        for j in at:
            if count > most.get(j, 0):
                most[j] = count
        if len(missing) <= ENABLER_MISSING and ENABLER_SHARE * count > total:
            for j in missing:
                enablers[j] = enablers.get(j, 0) + count
    out = {}
    for j in best[0].keys() | best[1].keys() | best[2].keys() | enablers.keys():
        mine = a.nums[j] * total // a.den[j]
        got = min(sum(most.get(j, 0) for most in best) + enablers.get(j, 0), mine, total - mine)
        if got > 0:
            out[j] = got
    return out
