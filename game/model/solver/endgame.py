"""Exact endgame search: with few mine layouts left, the covered cell that wins the most of them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from operator import itemgetter

from .analysis import Analysis, neighbours

__all__ = ["best_move", "endgame_cell", "layouts_of"]


class _OutOfWork(Exception):
    pass


def layouts_of(  # noqa: C901 - a search kernel (see pyproject.toml)
    rows: int, cols: int, mines: int, visible: Sequence[int], a: Analysis, limit: int, max_nodes: int = 200_000
) -> tuple[list[int], list[int], list[int]] | None:
    """(cells, layouts, masks): every layout of the undecided covered cells consistent with the view, each a
    bitmask over `cells`; masks[k] is the neighbours of cells[k] in `cells` (certain mines add the same to
    its number in every layout, so they tell no layouts apart). None if more than limit layouts, if the search
    for them takes more than max_nodes steps, or if the position has no layout.

    The cells next to numbers are tried group by group (so each number's cells come close together and a
    wrong branch ends early), then the cells no number touches take the mines left in every way."""
    nb = neighbours(rows, cols)
    known = {r * cols + c for r, c in a.mines}
    grouped = [j for comp in a.frontier.comps for j in sorted(comp.cells) if j not in known]
    seen = set(grouped)
    covered = [i for i in range(rows * cols) if visible[i] < 0 and i not in known and i not in seen]
    numbered = [i for i in covered if any(visible[j] >= 0 for j in nb[i])]
    front = grouped + numbered
    interior = [i for i in covered if not any(visible[j] >= 0 for j in nb[i])]
    cells = front + interior
    bit = {i: k for k, i in enumerate(cells)}
    total = mines - len(known)
    m = len(front)
    cons: list[list[int]] = []  # [need, cells left to assign] per number
    cell_cons: list[list[int]] = [[] for _ in range(m)]
    for i, v in enumerate(visible):
        if v < 0:
            continue
        around = [bit[j] for j in nb[i] if j in bit]
        if not around:
            continue
        ci = len(cons)
        cons.append([v - sum(1 for j in nb[i] if j in known), len(around)])
        for k in around:
            cell_cons[k].append(ci)
    out: list[int] = []
    nodes = [0]
    spare = [1 << k for k in range(m, len(cells))]

    def rec(k: int, mask: int, placed: int) -> bool:
        nodes[0] += 1
        if len(out) > limit or nodes[0] > max_nodes:
            return False
        if placed > total or total - placed > len(cells) - k:
            return True
        if k == m:
            # the cells no number touches take the mines left, in every way
            for chosen in combinations(spare, total - placed):
                out.append(mask | sum(chosen))
                if len(out) > limit:
                    return False
            return True
        cs = cell_cons[k]
        for v in (0, 1):
            ok = True
            for ci in cs:
                need, left = cons[ci]
                need -= v
                left -= 1
                if need < 0 or need > left:
                    ok = False
                    break
            if not ok:
                continue
            for ci in cs:
                cons[ci][0] -= v
                cons[ci][1] -= 1
            going = rec(k + 1, mask | (v << k), placed + v)
            for ci in cs:
                cons[ci][0] += v
                cons[ci][1] += 1
            if not going:
                return False
        return True

    if not rec(0, 0, 0) or not out:
        return None
    masks = [sum(1 << bit[j] for j in nb[i] if j in bit) for i in cells]
    return cells, out, masks


def endgame_cell(
    rows: int,
    cols: int,
    mines: int,
    visible: Sequence[int],
    a: Analysis,
    order: Sequence[int],
    max_layouts: int,
    max_work: int,
    stop: Callable[[], bool] | None = None,
) -> int | None:
    """The covered cell (flat index) that wins the most layouts with perfect play from here, or None when the
    position has more than max_layouts layouts or the search needs more than max_work (or `stop` says so, when
    given). order: candidate flat indices, preferred first (ties go to the earlier one)."""
    found = layouts_of(rows, cols, mines, visible, a, max_layouts)
    if found is None:
        return None
    best = best_move(*found, order, max_work, stop)
    return None if best is None else best[1]


def best_move(  # noqa: C901 - a search kernel (see pyproject.toml)
    cells: list[int],
    lay: list[int],
    masks: list[int],
    order: Sequence[int],
    max_work: int,
    stop: Callable[[], bool] | None = None,
) -> tuple[int, int] | None:
    """(layouts won, cell to open) by perfect play over these layouts of these cells (each a bitmask over
    `cells`; masks[k] the neighbours of cells[k] among them), or None past max_work or once `stop` says so.

    A set of layouts is a bitset over the layout list, and col[k] is the set of layouts with a mine at cell k,
    so "which layouts survive opening k" and "which show the number n there" are a few integer operations
    rather than a loop over the layouts."""
    m = len(cells)
    # the caller's order decides among equals
    rank = {i: n for n, i in enumerate(order)}
    perm = sorted(range(m), key=lambda k: rank.get(cells[k], len(rank)))
    where = {old: new for new, old in enumerate(perm)}
    col = [0] * m
    for n, L in enumerate(lay):
        while L:
            low = L & -L
            col[where[low.bit_length() - 1]] |= 1 << n
            L ^= low
    around = [[where[j] for j in range(m) if masks[k] >> j & 1] for k in perm]
    everyone = (1 << len(lay)) - 1
    safe_at = [everyone & ~c for c in col]  # the layouts where cell k is safe
    memo: dict[int, int] = {}
    spent = 0
    cells_work = m // 16

    def work(units: int) -> None:
        # a deterministic cap on the search: one unit is one split of a group (counted inline where it is hot)
        nonlocal spent
        before = spent
        spent += units
        if spent > max_work or (stop is not None and before >> 8 != spent >> 8 and stop()):
            raise _OutOfWork

    def spend(splits: int) -> None:
        # as many splits one by one: the cap and `stop` see each (stop is asked on every 256th unit)
        nonlocal spent
        if stop is not None:
            for _ in range((spent >> 8) + 1 << 8, min(spent + splits, max_work) + 1, 256):
                if stop():
                    raise _OutOfWork
        spent += splits
        if spent > max_work:
            raise _OutOfWork

    # shown[k]: the layouts split by the number cell k would show, fewest mines first (empty sets left out)
    shown: list[list[int]] = []
    for cell in range(m):
        parts = [everyone]
        for j in around[cell]:
            c = col[j]
            nxt = [0] * (len(parts) + 1)
            for n, g in enumerate(parts):
                nxt[n] |= g & ~c
                nxt[n + 1] |= g & c
            parts = nxt
        shown.append([g for g in parts if g])

    def split(group: int, k: int) -> list[int]:
        # the layouts of the group told apart by the number cell k would show
        nonlocal spent
        spent += 1
        if spent > max_work or (stop is not None and not spent & 255 and stop()):
            raise _OutOfWork
        return [x for g in shown[k] if (x := group & g)]

    def wins(group: int, opened: int) -> int:
        """How many layouts of the group perfect play wins, opened cells being open (a group of two layouts or
        more, whose result is not yet in the memo). Every opened cell is safe in all of the group's layouts and
        shows the same number in all of them, so the result depends on the group alone: that is the memo key
        (other orders of the same moves meet the same entry)."""
        work(1)
        free = [k for k in range(m) if not opened >> k & 1 and not group & col[k]]
        if free:  # safe in every layout left: opening it only teaches
            parts = [group]
            for k in free:
                spend(len(parts))  # a split of each part
                told: list[int] = []
                for g in parts:
                    for h in shown[k]:
                        if x := g & h:
                            told.append(x)
                parts = told
            now = opened | sum(1 << k for k in free)
            if len(parts) > 1:
                result = 0
                for g in parts:
                    if g & (g - 1) == 0:
                        result += 1  # one layout left: every cell is known
                    else:
                        got = memo.get(g)
                        result += wins(g, now) if got is None else got
            else:
                result = best_cell(group, now)[0]
        else:
            result = best_cell(group, opened)[0]
        memo[group] = result
        return result

    def best_cell(group: int, opened: int) -> tuple[int, int | None]:
        work(cells_work)
        best_w, best_k = -1, None
        options = []
        for k in range(m):
            if opened >> k & 1:
                continue
            alive = group & safe_at[k]
            if alive:
                options.append((alive.bit_count(), k, alive))
        options.sort(key=itemgetter(0), reverse=True)  # stable: keeps the caller's preference among equals
        for safe_count, k, alive in options:
            if safe_count <= best_w:
                break  # it cannot win more layouts than it survives
            w = 0
            rest = safe_count  # layouts not yet counted: each wins at most once
            now = opened | (1 << k)
            for g in split(alive, k):
                if g & (g - 1) == 0:
                    rest -= 1
                    w += 1  # one layout left: every cell is known
                else:
                    rest -= g.bit_count()
                    got = memo.get(g)
                    w += wins(g, now) if got is None else got
                if w + rest <= best_w:
                    break  # it can no longer beat the best cell
            else:
                if w > best_w:
                    best_w, best_k = w, k
        return best_w, best_k

    try:
        w, k = best_cell((1 << len(lay)) - 1, 0)
    except _OutOfWork:
        return None
    return None if k is None else (w, cells[perm[k]])
