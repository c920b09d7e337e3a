"""A mine layout that fits every number shown and the mine count, with one covered cell made safe or a mine: how
the no-guess family's modes move the mines under a guess. As few mines move as the search can manage: it keeps
each cell as it was where it can, starting from the clicked cell and working outwards."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from .frontier import neighbours

__all__ = ["RELAYOUT_BUDGET", "layout_with"]

# The search's nodes before it gives up (a click never waits long: about 0.1 s of Python at worst).
RELAYOUT_BUDGET = 50_000


class _OutOfWork(Exception):
    pass


def layout_with(  # noqa: C901 - a search kernel
    rows: int,
    cols: int,
    mines: int,
    visible: Sequence[int],
    cell: int,
    mine: bool,
    current: Collection[int],
    seed: int = 0,
    budget: int = RELAYOUT_BUDGET,
) -> set[int] | None:
    """Mine cells (flat indices `row * cols + col`) that fit every revealed number of `visible` (-1 covered, else
    the number shown) and the mine count, with covered `cell` a mine (`mine`) or safe; None when no layout does,
    or the search ran out of work first. Cells keep their state in `current` (the layout in play) wherever the
    search can keep it; mines the interior (covered cells no number touches) gains or loses are chosen with
    `seed`.

    >>> # 1 * .        the 1 sees one mine among the covered (0, 1), (1, 0) and (1, 1)
    >>> # . . .
    >>> visible = [1, -1, -1, -1, -1, -1]
    >>> sorted(layout_with(2, 3, 1, visible, 1, False, {1}))  # (0, 1) made safe: the mine goes to (1, 1)
    [4]
    """
    n = rows * cols
    nb = neighbours(rows, cols)
    if not 0 <= cell < n or visible[cell] >= 0:
        raise ValueError("the cell to decide must be a covered cell of the board")
    now = set(current)
    covered = [i for i in range(n) if visible[i] < 0]
    cons: list[tuple[list[int], int]] = []  # (covered cells, mines among them) of each revealed number
    cons_of: dict[int, list[int]] = {}
    for i in range(n):
        if visible[i] >= 0:
            cells = [j for j in nb[i] if visible[j] < 0]
            if cells:
                for j in cells:
                    cons_of.setdefault(j, []).append(len(cons))
                cons.append((cells, visible[i]))
            elif visible[i]:
                return None  # a number with no covered neighbour to hold its mines: no layout fits
    interior = [i for i in covered if i not in cons_of and i != cell]
    # The frontier in the order the search decides it: outwards from the clicked cell, along shared numbers.
    order: list[int] = []
    if cell in cons_of:
        seen = {cell}
        queue = [cell]
        while queue:
            j = queue.pop(0)
            order.append(j)
            for ci in cons_of[j]:
                for k in cons[ci][0]:
                    if k not in seen:
                        seen.add(k)
                        queue.append(k)
        rest = sorted(j for j in cons_of if j not in seen)
        for start in rest:  # the frontier's other groups, each outwards from its first cell
            if start in seen:
                continue
            seen.add(start)
            queue = [start]
            while queue:
                j = queue.pop(0)
                order.append(j)
                for ci in cons_of[j]:
                    for k in cons[ci][0]:
                        if k not in seen:
                            seen.add(k)
                            queue.append(k)
    else:
        order = sorted(cons_of)
    need = [m for _, m in cons]  # mines each number still needs
    free = [len(cells) for cells, _ in cons]  # its cells not decided yet
    outside = mines - (1 if mine and cell not in cons_of else 0)  # mines for the frontier and the interior
    if outside < 0:
        return None
    room = len(interior)
    value = dict.fromkeys(order, 0)
    work = 0

    def fits(j: int, v: int) -> bool:
        return all(0 <= need[ci] - v <= free[ci] - 1 for ci in cons_of[j])

    def search(k: int, placed: int) -> bool:
        nonlocal work
        work += 1
        if work > budget:
            raise _OutOfWork
        if placed > outside:
            return False
        if k == len(order):
            return 0 <= outside - placed <= room
        j = order[k]
        if j == cell:
            choices: tuple[int, ...] = (1,) if mine else (0,)
        else:
            choices = (1, 0) if j in now else (0, 1)
        for v in choices:
            if not fits(j, v):
                continue
            for ci in cons_of[j]:
                need[ci] -= v
                free[ci] -= 1
            value[j] = v
            if search(k + 1, placed + v):
                return True
            for ci in cons_of[j]:
                need[ci] += v
                free[ci] += 1
        return False

    try:
        if not search(0, 0):
            return None
    except (_OutOfWork, RecursionError):  # (a frontier deeper than the interpreter's stack: a huge board)
        return None
    layout = {j for j, v in value.items() if v}
    if mine:
        layout.add(cell)
    # The interior takes the mines left, keeping those it had first.
    left = mines - len(layout)
    kept = [i for i in interior if i in now]
    other = [i for i in interior if i not in now]
    rng = random.Random(seed)
    if len(kept) >= left:
        layout.update(rng.sample(kept, left) if len(kept) > left else kept)
    else:
        layout.update(kept)
        layout.update(rng.sample(other, left - len(kept)))
    return layout
