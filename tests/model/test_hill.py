"""The shipped guess, David N Hill's (game/model/solver/hill.py): its score equals brute force over every
layout, and it plays."""

import random
from fractions import Fraction

import pytest

from game.model.solver.analysis import analyse_visible, neighbours
from game.model.solver.guess import Spot, choose_guess
from game.model.solver.hill import HillStrategy
from game.model.solver.living import Position
from tests.solverfixtures import grid, layouts_of, random_view


class View:
    """A position and a set of layouts, read by brute force as his engine reads it."""

    def __init__(self, rows, cols, vis, group):
        self.nb = neighbours(rows, cols)
        self.vis, self.group = vis, group
        covered = [j for j, v in enumerate(vis) if v < 0]
        self.covered = covered
        self.interior = [j for j in covered if all(vis[k] < 0 for k in self.nb[j])]
        self.safe = {j for j in covered if all(j not in L for L in group)}
        self.mines = {j for j in covered if all(j in L for L in group)}

    def safety(self, j):
        return Fraction(sum(j not in L for L in self.group), len(self.group))

    def dead(self, j):
        around = [k for k in self.nb[j] if self.vis[k] < 0]
        off = self.safety(self.interior[0]) if self.interior else None
        if any(k in self.interior for k in around) and 0 < off < 1:
            return False
        return len({sum(k in L for k in around) for L in self.group if j not in L}) <= 1

    def blended(self, blend):
        options = [self.safety(self.interior[0])] * 2 if self.interior else [Fraction(0)] * 2
        for j in self.covered:
            if j not in self.interior and j not in self.mines and not self.dead(j):
                options.append(self.safety(j))
        best, second = sorted(options, reverse=True)[:2]
        return (1 - blend) * best + blend * second

    def living_clears(self, skip=-1):
        certain = self.safe | self.mines
        return sum(
            1
            for j in self.safe
            if j != skip
            and j not in self.interior
            and not all(k in certain for k in self.nb[j] if self.vis[k] < 0 and k != j)
        )


def hill_weight(rows, cols, vis, layouts, i, blend=0.2, progress=0.001):
    """His weight of cell i by brute force (no 50/50 influence, no dominated shortcut), and how many numbers it
    may show: the sum over those of their chance times the next position's blended living safety, times 1 +
    progress x the chance its number proves more living cells safe than its being safe does."""
    nb = neighbours(rows, cols)
    safe_layouts = [L for L in layouts if i not in L]
    linked = View(rows, cols, vis, safe_layouts).living_clears(skip=i)
    parts = {}
    for L in safe_layouts:
        parts.setdefault(sum(j in L for j in nb[i]), []).append(L)
    secondary = gained = Fraction(0)
    for v, group in parts.items():
        after = list(vis)
        after[i] = v
        view = View(rows, cols, after, group)
        share = Fraction(len(group), len(layouts))
        secondary += share * Fraction(view.blended(Fraction(blend)))
        if view.living_clears() > linked:
            gained += share
    return float(secondary * (1 + Fraction(progress) * gained)), len(parts)


def positions(seed, count, size=(3, 5)):
    """Random tiny positions with no certain safe cell and an exact analysis."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        rows, cols = rng.randint(3, size[0] + 1), rng.randint(3, size[1])
        mines = rng.randint(2, max(2, rows * cols // 4))
        f = random_view(rng, rows, cols, mines, rng.choice([0.25, 0.4]))
        if not any(v >= 0 for v in f.vis):
            continue
        a = analyse_visible(rows, cols, mines, f.vis)
        if a.safe or not a.exact or sum(v < 0 for v in f.vis) > 16:
            continue
        out.append((rows, cols, mines, f.vis, a))
    return out


PLAIN = HillStrategy(influence=0.0, dominated=False, defer=0)


@pytest.mark.parametrize("seed", range(3))
def test_hills_weight_of_every_cell_he_weighs_equals_brute_force(seed):
    for rows, cols, mines, vis, a in positions(300 + seed, 12):
        layouts = layouts_of(rows, cols, mines, vis)
        spot = Spot(rows, cols, mines, vis, a, 10**6)
        here = Position(a, PLAIN.living)
        weighed = PLAIN.to_weigh(spot, here)
        assert weighed
        for i in weighed:
            expected, shown = hill_weight(rows, cols, vis, layouts, i)
            got = PLAIN.evaluate(spot, here, i, None)
            if shown == 1:
                assert got is None  # dead: left out
                continue
            assert got is not None and got.weight == pytest.approx(expected, abs=1e-12)
            assert got.safety == pytest.approx(1 - a.nums[i] / a.den[i])


@pytest.mark.parametrize("seed", range(3))
def test_hills_pick_has_the_best_brute_force_weight_despite_pruning(seed):
    strategy = HillStrategy(influence=0.0, dominated=False, defer=0, alternative=False, single_safest=False)
    checked = 0
    for rows, cols, mines, vis, a in positions(400 + seed, 12):
        layouts = layouts_of(rows, cols, mines, vis)
        spot = Spot(rows, cols, mines, vis, a, 10**6)
        weighed = strategy.to_weigh(spot, Position(a, strategy.living))
        weights = {}
        for i in weighed:
            w, shown = hill_weight(rows, cols, vis, layouts, i)
            if shown > 1:
                weights[i] = w
        if len(weights) < 2:
            continue
        chosen = strategy.pick(Spot(rows, cols, mines, vis, a, 10**6))
        assert weights[chosen] == pytest.approx(max(weights.values()), abs=1e-12)
        checked += 1
    assert checked >= 4


def test_a_cell_whose_number_is_known_is_not_a_living_option():
    # ###   (2, 2) shows 1 whenever it is safe (its covered neighbours hold one mine in every layout): dead
    # #21
    # #2#
    # ##1
    rows, cols, vis = grid(["###", "#21", "#2#", "##1"])
    a = analyse_visible(rows, cols, 3, vis)
    here = Position(a, "exact")
    assert here.dead(2 * cols + 2) and not here.dead(0)
    assert not Position(a, "mines").dead(2 * cols + 2)  # its covered neighbours are not certain mines
    strategy = HillStrategy(endgame=False, fifty_fifty=False, pockets=False)
    assert choose_guess(rows, cols, 3, vis, a, strategy=strategy) != (2, 2)


def test_a_cell_whose_being_safe_proves_a_box_safe_is_scored_by_its_safety_alone():
    # (0, 1) being safe proves (0, 4) and (1, 4) safe, a box of two (the cells the 1 at (0, 3) alone touches)
    rows, cols, vis = grid(["##11##", "12####", "1#####", "1#####"])
    a = analyse_visible(rows, cols, 6, vis)
    spot = Spot(rows, cols, 6, vis, a, 10**6)
    here = Position(a, "exact")
    i = 0 * cols + 1
    scored = HillStrategy().evaluate(spot, here, i, None)
    p = 1 - a.nums[i] / a.den[i]
    assert {0 * cols + 4, 1 * cols + 4} <= scored.proved
    assert scored.weight == pytest.approx(p * (1 + 0.001 * p))
    full = HillStrategy(dominated=False).evaluate(spot, here, i, None)
    assert full.weight < scored.weight  # the look-ahead would have scored it lower


def test_his_switches_after_the_sort():
    from game.model.solver.hill import Scored

    chosen = Scored(1, 0.80, 0.70, 2.0, False, frozenset({2}), 3)
    safer = Scored(2, 0.85, 0.60, 1.0, False, frozenset(), None)
    single = Scored(3, 0.90, 0.50, 1.0, False, frozenset(), None)
    deferred = Scored(4, 0.99, 0.99, 9.0, True, frozenset(), None)
    plain = HillStrategy(alternative=False, single_safest=False)
    assert plain.select([safer, deferred, chosen, single]).cell == 1  # weight first, deferred cells last
    # a safer cell the chosen one being safe proves safe goes first
    assert HillStrategy(single_safest=False).select([safer, chosen, single]).cell == 2
    # the single safest cell after every number the chosen one may show, if it was weighed
    assert HillStrategy(alternative=False).select([safer, chosen, single]).cell == 3
    assert HillStrategy(alternative=False).select([safer, chosen]).cell == 1
    # ties in weight go to the more expected living clears, then to the order weighed
    tie = Scored(5, 0.80, 0.70, 3.0, False, frozenset(), None)
    assert plain.select([chosen, tie]).cell == 5 and plain.select([tie, chosen]).cell == 5


@pytest.mark.parametrize("shown", [1, 2])
def test_with_his_long_term_risk_his_first_guess_is_the_far_corner_he_opens(shown):
    # Expert, the corner (0, 0) opened and showing a number, nothing else known. His solver (stop 35's logged games)
    # opens (15, 0): the long-term risk lifts the far corners, and of the two, his loops reach column 0 first.
    from game.model.solver.analysis import COVERED

    vis = [COVERED] * (16 * 30)
    vis[0] = shown
    a = analyse_visible(16, 30, 99, vis)
    assert choose_guess(16, 30, 99, vis, a, strategy=HillStrategy(long_term=True)) == (15, 0)
    if shown == 1:  # without it, a cell two steps from the number, as stop 34's port played
        assert choose_guess(16, 30, 99, vis, a, strategy=HillStrategy(long_term=False)) == (2, 0)


def test_a_pick_limited_by_work_weighs_fewer_cells_and_the_same_ones_whatever_was_counted_before(monkeypatch):
    # Expert, the corner opened showing 1: his pick weighs hundreds of positions (about 100,000 of work).
    from game.model.solver.analysis import COVERED
    from game.model.solver.enumeration import forget

    vis = [COVERED] * (16 * 30)
    vis[0] = 1
    a = analyse_visible(16, 30, 99, vis)
    weighed: list[int] = []
    evaluate = HillStrategy.evaluate

    def noted(self, spot, here, i, best):
        weighed.append(i)
        return evaluate(self, spot, here, i, best)

    monkeypatch.setattr(HillStrategy, "evaluate", noted)

    def pick(work):
        weighed.clear()
        cell = HillStrategy(work=work).pick(Spot(16, 30, 99, vis, a, 10**6))
        return cell, list(weighed)

    unlimited = pick(None)
    assert pick(10**9) == unlimited
    for work in (1, 5_000, 30_000):
        forget()  # nothing counted before: the groups' work is what counting them takes
        cold = pick(work)
        warm = pick(work)  # every group is in the store now: the same work is charged for it
        assert cold == warm
        assert 1 <= len(cold[1]) < len(unlimited[1])
        assert cold[1] == unlimited[1][: len(cold[1])]  # the same cells, in the same order, fewer of them
    assert len(pick(1)[1]) == 1 < len(pick(30_000)[1])  # it always weighs one cell
