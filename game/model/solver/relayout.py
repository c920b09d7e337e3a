"""A mine layout that fits every number shown and the mine count, with some covered cells made safe or mines: how
the no-guess family's modes move the mines under a guess. As few mines move as the search can manage: it keeps
each cell as it was where it can, starting from the clicked cells and working outwards."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Collection, Mapping, Sequence

from .frontier import neighbours

__all__ = ["RELAYOUT_BUDGET", "OutOfWork", "layout_with"]

# The search's nodes before it gives up (a click never waits long: about 0.1 s of Python at worst).
RELAYOUT_BUDGET = 50_000


class OutOfWork(Exception):
    """The search for a layout gave up before it found one or proved there is none."""


def layout_with(  # noqa: C901 - a search kernel
    rows: int,
    cols: int,
    mines: int,
    visible: Sequence[int],
    wanted: Mapping[int, bool],
    current: Collection[int],
    seed: int = 0,
    budget: int = RELAYOUT_BUDGET,
) -> set[int] | None:
    """Mine cells (flat indices `row * cols + col`) that fit every revealed number of `visible` (-1 covered, else
    the number shown) and the mine count, with each covered cell of `wanted` a mine (True) or safe (False); None
    when no layout does; OutOfWork when the search gave up first (past `budget` nodes). Cells keep their state in
    `current` (the layout in play) wherever the search can keep it; mines the interior (covered cells no number
    touches) gains or loses are chosen with `seed`.

    >>> # 1 * .        the 1 sees one mine among the covered (0, 1), (1, 0) and (1, 1)
    >>> # . . .
    >>> visible = [1, -1, -1, -1, -1, -1]
    >>> sorted(layout_with(2, 3, 1, visible, {1: False}, {1}))  # (0, 1) made safe: the mine goes to (1, 1)
    [4]
    >>> layout_with(2, 3, 1, visible, {1: False, 4: False, 3: False}, {1}) is None  # the 1 needs a mine
    True
    """
    n = rows * cols
    nb = neighbours(rows, cols)
    if not wanted or any(not 0 <= cell < n or visible[cell] >= 0 for cell in wanted):
        raise ValueError("the cells to decide must be covered cells of the board")
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
    interior = [i for i in covered if i not in cons_of and i not in wanted]
    # The frontier in the order the search decides it: outwards from the cells decided, along shared numbers;
    # then the frontier's other groups, each outwards from its first cell.
    order: list[int] = []
    seen: set[int] = set()
    for start in [*sorted(c for c in wanted if c in cons_of), *sorted(cons_of)]:
        if start in seen:
            continue
        seen.add(start)
        queue = deque([start])
        while queue:
            j = queue.popleft()
            order.append(j)
            for ci in cons_of[j]:
                for k in cons[ci][0]:
                    if k not in seen:
                        seen.add(k)
                        queue.append(k)
    need = [m for _, m in cons]  # mines each number still needs
    free = [len(cells) for cells, _ in cons]  # its cells not decided yet
    # mines for the frontier and the interior: those wanted on cells no number touches are laid already
    outside = mines - sum(1 for c, mine in wanted.items() if mine and c not in cons_of)
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
            raise OutOfWork
        if placed > outside:
            return False
        if k == len(order):
            return 0 <= outside - placed <= room
        j = order[k]
        if j in wanted:
            choices: tuple[int, ...] = (1,) if wanted[j] else (0,)
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
    except RecursionError as error:  # a frontier deeper than the interpreter's stack: a huge board
        raise OutOfWork from error
    layout = {j for j, v in value.items() if v}
    layout.update(c for c, mine in wanted.items() if mine and c not in cons_of)
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
