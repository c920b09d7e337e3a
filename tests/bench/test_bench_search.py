"""The guess search: its survival chances against brute force over every layout, and its budget."""

import random
from fractions import Fraction

import pytest

from bench.search import Search, SearchSettings, best_guess, interior_cell
from game.model.solver.analysis import analyse_visible, neighbours
from tests.solverfixtures import layouts_of, random_view


class Exhaustive(Search):
    """The search with every undecided covered cell as a candidate at every step."""

    def candidates(self, a, width):
        cells = [i for i in a.nums if a.nums[i] != a.den[i] and a.nums[i] != 0]
        return sorted(((1 - a.nums[i] / a.den[i], i) for i in cells), key=lambda o: (-o[0], o[1]))


def brute_survival(rows, cols, layouts, vis, depth, free, first=None, blend=0, living=False):
    """The chance of surviving the next `depth` guesses (free: a position with a certain safe cell counts as
    survived; else opening a certain safe cell is one of the reveals), by brute force over the layouts; with
    `first`, the first guess is that cell; with `blend`, the last guess counts as that share of the second safest
    cell's chance and the rest of the safest one's; with `living`, the last guess is among the cells that could
    show two numbers or more, or that no number touches, unless there is none."""
    nb = neighbours(rows, cols)

    def shown(L, i):
        return sum(j in L for j in nb[i])

    def covered(view):
        return [i for i, v in enumerate(view) if v < 0]

    def guess(group, view, k):
        cells = [i for i in covered(view) if any(i not in L for L in group) and any(i in L for L in group)]
        if k <= 1:
            cells = living_cells(nb, group, view, cells) if living else cells
            chances = sorted((Fraction(sum(i not in L for L in group), len(group)) for i in cells), reverse=True)
            share = Fraction(blend)
            return (1 - share) * chances[0] + share * chances[min(1, len(chances) - 1)]
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

    return guess(layouts, vis, depth) if first is None else through(layouts, vis, first, depth)


def living_cells(nb, group, view, cells):
    """Those of `cells` that no number touches or that could show two numbers or more in the layouts of group
    where they are safe; all of them when there is none."""
    alive = [
        i
        for i in cells
        if not any(view[j] >= 0 for j in nb[i]) or len({sum(j in L for j in nb[i]) for L in group if i not in L}) > 1
    ]
    return alive or cells


def random_positions(seed, count):
    """(rows, cols, mines, view, layouts, analysis) of small random positions with no certain safe cell."""
    rng = random.Random(seed)
    while count:
        rows, cols = rng.randint(3, 4), rng.randint(3, 4)
        mines = rng.randint(2, max(2, rows * cols // 3))
        f = random_view(rng, rows, cols, mines, rng.choice([0.3, 0.5]))
        layouts = layouts_of(rows, cols, mines, f.vis)
        a = analyse_visible(rows, cols, mines, f.vis)
        if a.safe or len(layouts) < 3 or len(a.mines) == sum(v < 0 for v in f.vis):
            continue
        yield rows, cols, mines, f.vis, layouts, a
        count -= 1


@pytest.mark.parametrize(
    "free, blend, living", [(True, 0, False), (False, 0, False), (False, 0.25, False), (False, 0, True)]
)
@pytest.mark.parametrize("seed", range(3))
def test_survival_over_the_next_guesses_equals_brute_force(seed, free, blend, living):
    for rows, cols, _, vis, layouts, a in random_positions(seed, 6):
        for depth in (1, 2, 3):
            settings = SearchSettings(depth=depth, free=free, blend=blend, living=living, nodes=10**6)
            got = Exhaustive(a, settings).value(a, frozenset(), depth)
            want = brute_survival(rows, cols, layouts, vis, depth, free, blend=blend, living=living)
            assert got == pytest.approx(float(want), abs=1e-12), (vis, depth)


@pytest.mark.parametrize("seed", [15, 18])
def test_a_living_last_reveal_leaves_out_cells_whose_number_is_known_as_brute_force_does(seed):
    """Seeds whose random positions hold one where the safest cell at the last reveal shows the same number in
    every layout where it is safe (rare: 2 of 240 positions), so that leaving it out changes the chance."""
    differs = False
    for rows, cols, _, vis, layouts, a in random_positions(seed, 6):
        for depth in (1, 2, 3):
            got = Exhaustive(a, SearchSettings(depth=depth, living=True, nodes=10**6)).value(a, frozenset(), depth)
            want = brute_survival(rows, cols, layouts, vis, depth, False, living=True)
            assert got == pytest.approx(float(want), abs=1e-12), (vis, depth)
            differs |= want != brute_survival(rows, cols, layouts, vis, depth, False)
    assert differs, "a position where a dead cell is the safest at the last reveal"


def brute_two_reveals(rows, cols, layouts, vis, i):
    """The chance of surviving cell i and then the safest next cell (1 where i's number leaves a certain safe
    cell), by brute force over the layouts."""
    nb = neighbours(rows, cols)
    parts = {}
    for L in layouts:
        if i not in L:
            parts.setdefault(sum(j in L for j in nb[i]), []).append(L)
    total = Fraction(0)
    for part in parts.values():
        others = [j for j, v in enumerate(vis) if v < 0 and j != i]
        best = max(Fraction(sum(j not in L for L in part), len(part)) for j in others)
        total += Fraction(len(part), len(layouts)) * best
    return total


def test_the_search_opens_a_less_safe_cell_when_it_survives_the_next_reveal_more_often():
    # 1###1   (2, 2) is the safest cell (a 5.7% chance of a mine) but (0, 2) (7.5%) gives the better chance of
    # ##1##   surviving it and the next cell: the search of two reveals opens (0, 2)
    # ###2#
    # #####
    from bench.strategies import SearchStrategy
    from game.model.solver.guess import choose_guess
    from tests.solverfixtures import grid

    rows, cols, vis = grid(["1###1", "##1##", "###2#", "#####"])
    a = analyse_visible(rows, cols, 4, vis)
    layouts = layouts_of(rows, cols, 4, vis)
    safest, picked = 2 * cols + 2, 0 * cols + 2
    assert a.probability(2, 2) == min(a.probabilities.values()) < a.probability(0, 2)
    assert brute_two_reveals(rows, cols, layouts, vis, picked) > brute_two_reveals(rows, cols, layouts, vis, safest)
    plain = {"endgame": False, "pockets": False, "fifty_fifty": False, "dominance": False, "influence": 0.0}
    searched = SearchStrategy(search=2, search_ratio=0.5, search_roots=10, **plain)
    assert choose_guess(rows, cols, 4, vis, a, strategy=searched) == (0, 2)
    assert choose_guess(rows, cols, 4, vis, a, strategy=SearchStrategy(**plain, window=0.0, search=0)) == (2, 2)


def test_off_edge_roots_find_the_cell_beside_the_frontier_that_the_interior_s_own_cell_misses():
    # 1#####   a corner shows 1: the interior (a 27% chance of a mine) is safer than the corner's neighbours
    # ######   (33%); its own cell is the far corner (0, 5), but (2, 0), which touches two of the 1's cells,
    # ######   survives the next two reveals more often (by brute force): only an off-edge root finds it
    from bench.search import off_edge_cells
    from bench.strategies import SearchStrategy
    from game.model.solver.guess import choose_guess
    from tests.solverfixtures import grid

    rows, cols, vis = grid(["1#####", "######", "######"])
    a = analyse_visible(rows, cols, 4, vis)
    layouts = layouts_of(rows, cols, 4, vis)
    value = {i: brute_survival(rows, cols, layouts, vis, 2, False, first=i) for i in range(1, rows * cols)}
    beside, far = 2 * cols + 0, 0 * cols + 5
    assert max(value, key=value.__getitem__) == beside and value[beside] > value[far] > value[1 * cols + 1]
    # the off-edge cells are those two steps from the 1 in its row and column, fewest neighbours first; the far
    # corner, the interior's own cell, is not one of them
    assert off_edge_cells(a, 4) == [beside, 0 * cols + 2]
    assert off_edge_cells(a, 1) == [beside]
    shape = {i: sum(1 for j in neighbours(rows, cols)[i] if vis[j] < 0) for i in range(rows * cols)}.__getitem__
    assert best_guess(a, SearchSettings(depth=2), {}, shape)[0] == far
    plain = {"endgame": False, "pockets": False, "fifty_fifty": False, "dominance": False, "influence": 0.0}
    assert choose_guess(rows, cols, 4, vis, a, strategy=SearchStrategy(search=2, **plain)) == (0, 5)
    assert choose_guess(rows, cols, 4, vis, a, strategy=SearchStrategy(search=2, search_off_edge=4, **plain)) == (2, 0)


def brute_progress(rows, cols, layouts, vis, i):
    """The chance that cell i is safe and the number it shows proves another covered cell safe, by brute force."""
    nb = neighbours(rows, cols)
    parts = {}
    for L in layouts:
        if i not in L:
            parts.setdefault(sum(j in L for j in nb[i]), []).append(L)
    others = [j for j, v in enumerate(vis) if v < 0 and j != i]
    opened = sum(len(part) for part in parts.values() if any(all(j not in L for L in part) for j in others))
    return Fraction(opened, len(layouts))


@pytest.mark.parametrize("seed", range(3))
def test_a_cell_s_chance_of_proving_another_cell_safe_equals_brute_force(seed):
    for rows, cols, _, vis, layouts, a in random_positions(seed, 6):
        search = Search(a, SearchSettings(nodes=10**6))
        for i in a.nums:
            if a.nums[i] != a.den[i]:
                want = brute_progress(rows, cols, layouts, vis, i)
                assert search.progress(a, i) == pytest.approx(float(want), abs=1e-12), (vis, i)


@pytest.mark.parametrize("weight", [0.1, 0.5, 1000.0])
@pytest.mark.parametrize("seed", range(3))
def test_a_progress_weight_picks_the_root_of_best_chance_plus_weight_times_progress(seed, weight):
    # the roots cut short (a root that cannot beat the best found) must still lose once progress counts too
    for rows, cols, _, vis, _, a in random_positions(seed, 6):
        shape = {i: sum(1 for j in neighbours(rows, cols)[i] if vis[j] < 0) for i in range(rows * cols)}.__getitem__
        settings = SearchSettings(depth=2, ratio=0.3, roots=10, width=10, nodes=10**6, progress=weight)
        full = Search(a, settings)
        roots = full.candidates(a, settings.roots)
        scores = {i: full.through(a, frozenset(), i, 2, 0.0) + weight * full.progress(a, i) for _, i in roots}
        pick, depth = best_guess(a, settings, {}, shape)
        if len(roots) > 1:
            assert depth == 2
            assert scores[pick] == pytest.approx(max(scores.values()), abs=1e-12), vis


def test_a_cell_below_the_cut_whose_50_50_influence_lifts_it_is_weighed_with_influenced_roots():
    from tests.solverfixtures import grid

    rows, cols, vis = grid(["1###1", "##1##", "###2#", "#####"])
    a = analyse_visible(rows, cols, 4, vis)
    shape = {i: sum(1 for j in neighbours(rows, cols)[i] if vis[j] < 0) for i in range(rows * cols)}.__getitem__
    lifted = 1 * cols + 3  # 22.6% a mine: under 0.9 of the safest cell's safety (5.7%), so not a root
    total = a.layouts
    mine = a.nums[lifted] * total // a.den[lifted]
    settings = SearchSettings(depth=2, nodes=10**6)
    assert lifted not in {i for _, i in Search(a, settings).candidates(a, settings.roots)}
    # as if every layout where it is a mine put it in a closed 50/50: a risk met anyway
    everything = {lifted: mine}
    assert best_guess(a, settings, everything, shape)[0] != lifted
    assert best_guess(a, SearchSettings(depth=2, nodes=10**6, influenced=True), everything, shape)[0] == lifted
    # lifted too little to reach the cut, it stays out
    little = {lifted: mine // 10}
    assert best_guess(a, SearchSettings(depth=2, nodes=10**6, influenced=True), little, shape)[0] != lifted


def test_with_prefer_the_cell_tried_for_a_chance_and_shape_is_the_one_of_most_influence():
    # a 9x9 board, 10 mines, only the corner's 1 open: (0, 1) and (1, 0) share a chance and a shape, and the
    # interior's cells of fewest neighbours are the three other corners
    vis = [-1] * 81
    vis[0] = 1
    a = analyse_visible(9, 9, 10, vis)
    settings = SearchSettings(ratio=0.5)
    plain = Search(a, settings).candidates(a, settings.roots)
    assert [i for _, i in plain] == [8, 1, 10]  # the interior's corner, then (0, 1) for (1, 0), then (1, 1)
    assert interior_cell(a) == 8
    prefer = {9: 5.0, 80: 3.0, 72: 1.0}
    preferred = Search(a, settings).candidates(a, settings.roots, prefer)
    assert [i for _, i in preferred] == [80, 9, 10]
    assert interior_cell(a, prefer) == 80
    # a cell outside the interior's fewest-neighbour cells is never its representative
    assert interior_cell(a, {40: 9.0}) == 8


def test_influenced_roots_are_only_cells_the_influence_lifts_from_below_the_cut():
    # the 9x9 board with the corner's 1 open: the interior's corners (0, 8), (8, 0), (8, 8) are above the cut,
    # (0, 8) their root; (1, 1) and (0, 1) are below it (a third a mine)
    from bench.search import _influenced_roots

    vis = [-1] * 81
    vis[0] = 1
    a = analyse_visible(9, 9, 10, vis)
    settings = SearchSettings()
    roots = Search(a, settings).candidates(a, settings.roots)
    assert [i for _, i in roots] == [8]
    floor = settings.ratio * roots[0][0]
    total = a.layouts
    lift = {80: total // 10, 10: total // 2, 1: total // 100}
    assert [i for _, i in _influenced_roots(a, roots, floor, lift)] == [10]


def test_the_search_stops_at_its_budget_with_the_deepest_answer_it_completed():
    from tests.solverfixtures import grid

    rows, cols, vis = grid(["1###1", "##1##", "###2#", "#####"])
    a = analyse_visible(rows, cols, 4, vis)
    shape = {i: sum(1 for j in neighbours(rows, cols)[i] if vis[j] < 0) for i in range(rows * cols)}.__getitem__
    wide = {"ratio": 0.5, "roots": 10, "width": 10}
    full = best_guess(a, SearchSettings(depth=3, nodes=10**6, **wide), {}, shape)
    assert full[1] == 3
    two = best_guess(a, SearchSettings(depth=2, nodes=10**6, **wide), {}, shape)
    # a budget too small for three reveals gives the answer of two; too small for two, the safest cell
    answers = [best_guess(a, SearchSettings(depth=3, nodes=n, **wide), {}, shape) for n in range(1, 400)]
    depths = [d for _, d in answers]
    assert depths == sorted(depths) and depths[0] == 0 and depths[-1] == 3 and 2 in depths
    assert all(cell == 2 * cols + 2 for cell, d in answers if d == 0)
    assert all(cell == two[0] for cell, d in answers if d == 2)
    assert all(cell == full[0] for cell, d in answers if d == 3)
    # and a search told to stop gives what it completed too
    assert best_guess(a, SearchSettings(depth=3, nodes=10**6, **wide), {}, shape, stop=lambda: True)[1] == 0


def test_a_work_limit_stops_the_search_at_the_deepest_answer_it_completed_whatever_was_counted_before():
    from game.model.solver.enumeration import forget, solve
    from tests.solverfixtures import grid

    rows, cols, vis = grid(["1###1", "##1##", "###2#", "#####"])
    a = analyse_visible(rows, cols, 4, vis)
    shape = {i: sum(1 for j in neighbours(rows, cols)[i] if vis[j] < 0) for i in range(rows * cols)}.__getitem__
    wide = {"ratio": 0.5, "roots": 10, "width": 10, "nodes": 10**6}
    budgets = range(0, 12_000, 100)  # three reveals take some 7,600 (57 positions)

    def searched(work):
        return best_guess(a, SearchSettings(depth=3, work=work, **wide), {}, shape)

    # a group's work is what counting its layouts took, the same when it comes from the store
    group = (((0, 1, 5), 1), ((1, 2, 7), 1))
    forget()
    counted = solve(group, 20_000)
    assert solve(group, 20_000) == counted and counted[2] > 0
    # so a search's answer for a given work is the same with an empty store or a full one
    cold = []
    for work in budgets:
        forget()
        cold.append(searched(work))
    warm = [searched(work) for work in budgets]
    assert cold == warm
    # less work gives the answer of fewer reveals, never a different answer at the same depth
    full = searched(None)
    two = best_guess(a, SearchSettings(depth=2, **wide), {}, shape)
    depths = [d for _, d in warm]
    assert full[1] == 3 and depths == sorted(depths) and depths[0] == 0 and depths[-1] == 3 and 2 in depths
    assert all(cell == two[0] for cell, d in warm if d == 2)
    assert all(cell == full[0] for cell, d in warm if d == 3)


def test_a_guess_hint_on_a_less_safe_cell_says_why_in_words_that_fit_the_search():
    # the position above: the search opens (0, 2), not the safest (2, 2); the hint says it is nearly the safest
    # and that what it shows makes the next guesses safer (it said "the likeliest to open up more", the one-step
    # score's reason)
    from bench.strategies import SearchStrategy
    from game.model.solver.hints import hint_for_visible
    from tests.solverfixtures import grid

    rows, cols, vis = grid(["1###1", "##1##", "###2#", "#####"])
    plain = {"endgame": False, "pockets": False, "fifty_fifty": False, "dominance": False, "influence": 0.0}
    searched = SearchStrategy(search=2, search_ratio=0.5, search_roots=10, **plain)
    hint = hint_for_visible(rows, cols, 4, vis, strategy=searched)
    assert hint.cell == (0, 2) and not hint.safe
    assert "nearly the safest" in hint.reason and "next guesses safe" in hint.reason
