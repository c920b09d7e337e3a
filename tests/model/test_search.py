"""The guess search: its survival chances against brute force over every layout, and its budget."""

import random
from fractions import Fraction

import pytest

from game.model.solver.analysis import analyse_visible, neighbours
from game.model.solver.search import Search, SearchSettings
from tests.solverfixtures import layouts_of, random_view


class Exhaustive(Search):
    """The search with every undecided covered cell as a candidate at every step."""

    def candidates(self, a, width):
        cells = [i for i in a.nums if a.nums[i] != a.den[i] and a.nums[i] != 0]
        return sorted(((1 - a.nums[i] / a.den[i], i) for i in cells), key=lambda o: (-o[0], o[1]))


def brute_survival(rows, cols, layouts, vis, depth, free):
    """The chance of surviving the next `depth` guesses (free: a position with a certain safe cell counts as
    survived; else opening a certain safe cell is one of the reveals), by brute force over the layouts."""
    nb = neighbours(rows, cols)

    def shown(L, i):
        return sum(j in L for j in nb[i])

    def covered(view):
        return [i for i, v in enumerate(view) if v < 0]

    def guess(group, view, k):
        cells = [i for i in covered(view) if any(i not in L for L in group) and any(i in L for L in group)]
        if k <= 1:
            return max(Fraction(sum(i not in L for L in group), len(group)) for i in cells)
        return max(through(group, view, i, k) for i in cells)

    def through(group, view, i, k):
        parts = {}
        for L in group:
            if i not in L:
                parts.setdefault(shown(L, i), []).append(L)
        total = Fraction(0)
        for v, part in parts.items():
            child = list(view)
            child[i] = v
            total += Fraction(len(part), len(group)) * after(part, child, k - 1)
        return total

    def after(group, view, k):
        if k <= 0:
            return Fraction(1)
        safe = [i for i in covered(view) if all(i not in L for L in group)]
        if not safe:
            if all(i in L for L in group for i in covered(view)):
                return Fraction(1)  # only mines left
            return guess(group, view, k)
        if free or len(safe) >= k:
            return Fraction(1)
        return through(group, view, min(safe), k)

    return guess(layouts, vis, depth)


@pytest.mark.parametrize("free", [True, False])
@pytest.mark.parametrize("seed", range(3))
def test_survival_over_the_next_guesses_equals_brute_force(seed, free):
    rng = random.Random(seed)
    checked = 0
    while checked < 6:
        rows, cols = rng.randint(3, 4), rng.randint(3, 4)
        mines = rng.randint(2, max(2, rows * cols // 3))
        f = random_view(rng, rows, cols, mines, rng.choice([0.3, 0.5]))
        layouts = layouts_of(rows, cols, mines, f.vis)
        a = analyse_visible(rows, cols, mines, f.vis)
        if a.safe or len(layouts) < 3 or len(a.mines) == sum(v < 0 for v in f.vis):
            continue
        for depth in (1, 2, 3):
            search = Exhaustive(a, SearchSettings(depth=depth, free=free, nodes=10**6))
            got = search.value(a, frozenset(), depth)
            want = brute_survival(rows, cols, layouts, f.vis, depth, free)
            assert got == pytest.approx(float(want), abs=1e-12), (f.vis, depth)
        checked += 1
