"""Closed pockets: covered cells walled in by numbers, mines and the board's edge, which no cell opened elsewhere
can tell anything about.

A pocket is a group of numbers' cells whose every neighbour is revealed, a certain mine or in the group. Its
layouts are settled only by guesses inside it (and, at the very end, by the mine count, unless every layout of
the pocket holds as many mines, which is the only kind taken here). Such guesses must be made sometime, so making
them first costs nothing and what they show comes earlier; and a pocket is small enough to play perfectly: the
first cell is the one that clears the pocket in the most of its layouts (game/model/solver/endgame.py's search).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .analysis import Analysis, neighbours
from .endgame import best_move
from .enumeration import Group

__all__ = ["pocket_guess"]


def _pocket_layouts(group: Group, limit: int) -> list[dict[int, int]] | None:
    """Every assignment of the group's cells satisfying its constraints ({cell: 0/1}), or None past limit."""
    cells = sorted({j for key, _ in group for j in key})
    cons = [[need, len(key)] for key, need in group]
    of: dict[int, list[int]] = {j: [] for j in cells}
    for ci, (key, _) in enumerate(group):
        for j in key:
            of[j].append(ci)
    out: list[dict[int, int]] = []
    assign: dict[int, int] = {}

    def rec(k: int) -> bool:
        if k == len(cells):
            out.append(dict(assign))
            return len(out) <= limit
        j = cells[k]
        for v in (0, 1):
            if all(0 <= cons[ci][0] - v <= cons[ci][1] - 1 for ci in of[j]):
                for ci in of[j]:
                    cons[ci][0] -= v
                    cons[ci][1] -= 1
                assign[j] = v
                going = rec(k + 1)
                for ci in of[j]:
                    cons[ci][0] += v
                    cons[ci][1] += 1
                if not going:
                    return False
        return True

    return out if rec(0) else None


def pocket_guess(
    a: Analysis,
    order: Sequence[int],
    max_layouts: int = 300,
    max_work: int = 40_000,
    stop: Callable[[], bool] | None = None,
) -> int | None:
    """The cell to open in a closed pocket, by perfect play within it (the pocket most likely to be cleared
    first), or None when there is no pocket (or none small enough). order: cells preferred first among equals."""
    cols, visible = a.cols, a.frontier.visible
    nb = neighbours(a.rows, cols)
    mines = {r * cols + c for r, c in a.mines}
    best: tuple[float, int] | None = None
    for comp in a.frontier.comps:
        cells = comp.cells
        if any(visible[k] < 0 and k not in mines and k not in cells for j in cells for k in nb[j]):
            continue  # a covered cell outside may yet be opened next to it
        found = _pocket_layouts(comp.group, max_layouts)
        if not found or len({sum(layout.values()) for layout in found}) > 1:
            continue  # the mine count may settle it at the end
        pocket = sorted(cells)
        bit = {j: k for k, j in enumerate(pocket)}
        lay = [sum(1 << bit[j] for j, v in layout.items() if v) for layout in found]
        masks = [sum(1 << bit[k] for k in nb[j] if k in bit) for j in pocket]
        move = best_move(pocket, lay, masks, order, max_work, stop)
        if move is not None and (best is None or move[0] / len(lay) > best[0]):
            best = (move[0] / len(lay), move[1])
    return None if best is None else best[1]
