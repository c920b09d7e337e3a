"""The exact endgame's search against the plain one it replaced: the same cell, the same layouts won and the same
work, so it gives up (or is stopped) in the same positions."""

import random

import pytest

from game.model.solver.analysis import analyse_visible
from game.model.solver.endgame import best_move, layouts_of
from tests.solverfixtures import random_view


class OutOfWork(Exception):
    pass


def plain_best_move(cells, lay, masks, order, max_work, stop=None):  # noqa: C901 - the search as it was
    """best_move as it was before its hot paths were made cheaper: the reference."""
    m = len(cells)
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
    memo = {}
    spent = [0]

    def work(units):
        before = spent[0]
        spent[0] += units
        if spent[0] > max_work or (stop is not None and before >> 8 != spent[0] >> 8 and stop()):
            raise OutOfWork

    shown = []
    for cell in range(m):
        parts = [(1 << len(lay)) - 1]
        for j in around[cell]:
            c = col[j]
            nxt = [0] * (len(parts) + 1)
            for n, g in enumerate(parts):
                nxt[n] |= g & ~c
                nxt[n + 1] |= g & c
            parts = nxt
        shown.append([g for g in parts if g])

    def split(group, k):
        work(1)
        return [x for x in (group & g for g in shown[k]) if x]

    def wins(group, opened):
        if group & (group - 1) == 0:
            return 1
        if group in memo:
            return memo[group]
        work(1)
        free = [k for k in range(m) if not opened >> k & 1 and not group & col[k]]
        if free:
            parts = [group]
            for k in free:
                parts = [p for g in parts for p in split(g, k)]
            now = opened | sum(1 << k for k in free)
            result = sum(wins(g, now) for g in parts) if len(parts) > 1 else best_cell(group, now)[0]
        else:
            result = best_cell(group, opened)[0]
        memo[group] = result
        return result

    def best_cell(group, opened):
        work(m // 16)
        best = (-1, None)
        options = []
        for k in range(m):
            if opened >> k & 1:
                continue
            alive = group & ~col[k]
            if alive:
                options.append((alive.bit_count(), k, alive))
        options.sort(key=lambda o: -o[0])
        for safe_count, k, alive in options:
            if safe_count <= best[0]:
                break
            w = 0
            rest = safe_count
            for g in split(alive, k):
                rest -= g.bit_count()
                w += wins(g, opened | (1 << k))
                if w + rest <= best[0]:
                    break
            else:
                if w > best[0]:
                    best = (w, k)
        return best

    try:
        w, k = best_cell((1 << len(lay)) - 1, 0)
    except OutOfWork:
        return None
    return None if k is None else (w, cells[perm[k]])


def endgames(seed, count):
    """(cells, layouts, masks, order) of random positions with 2 to 400 layouts, the order shuffled."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        rows, cols = rng.randint(4, 8), rng.randint(4, 9)
        mines = rng.randint(3, rows * cols // 4)
        vis = random_view(rng, rows, cols, mines, rng.uniform(0.2, 0.6)).vis
        a = analyse_visible(rows, cols, mines, vis)
        if a.safe or not a.layouts or not 2 <= a.layouts <= 400:
            continue
        found = layouts_of(rows, cols, mines, vis, a, 400)
        if found is None:
            continue
        order = [i for i, v in enumerate(vis) if v < 0]
        rng.shuffle(order)
        out.append((*found, order))
    return out


def least_work(move, cells, lay, masks, order):
    """The least max_work with which the search finishes: the work it takes."""
    lo, hi = 0, 1
    while move(cells, lay, masks, order, hi) is None:
        lo, hi = hi, 2 * hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if move(cells, lay, masks, order, mid) is None:
            lo = mid
        else:
            hi = mid
    return hi


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_the_endgame_search_picks_what_the_plain_one_picks_with_the_same_work(seed):
    busy = 0
    for cells, lay, masks, order in endgames(seed, 10):
        move = best_move(cells, lay, masks, order, 10**9)
        assert move == plain_best_move(cells, lay, masks, order, 10**9)
        work = least_work(best_move, cells, lay, masks, order)
        assert work == least_work(plain_best_move, cells, lay, masks, order)
        busy += work > 300
    assert busy  # some searches long enough to be stopped now and then


def stopping_after(calls_allowed):
    """A stop callback saying True from its call number calls_allowed + 1 on, and the list of its calls."""
    asked = []

    def stop():
        asked.append(1)
        return len(asked) > calls_allowed

    return stop, asked


@pytest.mark.parametrize("seed", range(2))
def test_the_endgame_search_asks_whether_to_stop_as_often_as_the_plain_one(seed):
    stopped = 0
    for cells, lay, masks, order in endgames(seed, 10):
        for calls_allowed in (0, 1, 3):
            stop, asked = stopping_after(calls_allowed)
            plain_stop, plain_asked = stopping_after(calls_allowed)
            move = best_move(cells, lay, masks, order, 10**9, stop)
            assert move == plain_best_move(cells, lay, masks, order, 10**9, plain_stop)
            assert len(asked) == len(plain_asked)
            stopped += move is None
    assert stopped
