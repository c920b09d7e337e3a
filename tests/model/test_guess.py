"""Guess tests: the exact endgame search against brute-force perfect play, and its work cap."""

import itertools
import random
from dataclasses import replace

import pytest

from game.model.solver.analysis import DEFAULT_BUDGET, analyse_visible, neighbours
from game.model.solver.endgame import endgame_cell
from game.model.solver.guess import SHIPPED, GuessStrategy, Spot, choose_guess, dominating
from tests.solverfixtures import brute_force, grid, layouts_of, perfect_play_wins, random_view


@pytest.mark.parametrize("seed", range(4))
def test_endgame_search_opens_a_cell_that_wins_most_often(seed):
    rng = random.Random(seed)
    checked = 0
    while checked < 12:
        rows, cols = rng.randint(2, 4), rng.randint(3, 4)
        mines = rng.randint(2, max(2, rows * cols // 3))
        f = random_view(rng, rows, cols, mines, rng.choice([0.3, 0.5]))
        total, hits = brute_force(rows, cols, mines, f.vis)
        if not 2 <= total <= 20 or len(hits) > 9 or all(h in (0, total) for h in hits.values()):
            continue
        a = analyse_visible(rows, cols, mines, f.vis)
        if a.safe:
            continue
        covered = [i for i, v in enumerate(f.vis) if v < 0]
        layouts = [
            frozenset(c)
            for c in itertools.combinations(covered, mines)
            if all(sum(j in c for j in neighbours(rows, cols)[i]) == v for i, v in enumerate(f.vis) if v >= 0)
        ]
        cell = endgame_cell(rows, cols, mines, f.vis, a, covered, SHIPPED.endgame_layouts, SHIPPED.endgame_work)
        assert cell is not None and f.vis[cell] < 0
        assert perfect_play_wins(rows, cols, layouts, f.vis, cell) == perfect_play_wins(rows, cols, layouts, f.vis)
        checked += 1


def test_endgame_gives_up_past_its_work_cap_and_the_guess_still_stands():
    rows, cols, vis = grid(["1###", "####", "####"])
    a = analyse_visible(rows, cols, 3, vis)
    covered = [i for i, v in enumerate(vis) if v < 0]
    assert not a.safe and a.layouts == 84 <= SHIPPED.endgame_layouts
    assert endgame_cell(rows, cols, 3, vis, a, covered, SHIPPED.endgame_layouts, SHIPPED.endgame_work) is not None
    assert endgame_cell(rows, cols, 3, vis, a, covered, SHIPPED.endgame_layouts, 1) is None
    r, c = choose_guess(rows, cols, 3, vis, a, strategy=replace(SHIPPED, endgame_work=1))
    assert vis[r * cols + c] < 0


def test_a_cell_whose_safety_the_chosen_cell_would_prove_and_is_safer_dominates_it():
    # ##2##   opening (0, 3) survives only in layouts where (2, 1) is safe too, and (2, 1) is safer:
    # 1####   open (2, 1) instead (it survives all the layouts (0, 3) survives, and more)
    # ##2##
    rows, cols, vis = grid(["##2##", "1####", "##2##"])
    a = analyse_visible(rows, cols, 5, vis)
    spot = Spot(rows, cols, 5, vis, a, DEFAULT_BUDGET)
    i, j = 0 * cols + 3, 2 * cols + 1
    assert dominating(spot, i) == j
    layouts = layouts_of(rows, cols, 5, vis)
    assert all(j not in layout for layout in layouts if i not in layout)
    assert a.probability(2, 1) < a.probability(0, 3)
    # the safest cell is dominated by none
    assert dominating(spot, spot.ranked[0]) == spot.ranked[0]


def test_the_shipped_guess_opens_the_cell_that_dominates_its_pick():
    # the same position, with the endgame search, pockets and pseudo-50/50s out of the way and a strategy
    # whose pick is (0, 3): the shipped dominance swap opens (2, 1) instead; without it, (0, 3)
    class PicksTopRight(GuessStrategy):
        def pick(self, spot):
            return 0 * spot.cols + 3

    rows, cols, vis = grid(["##2##", "1####", "##2##"])
    a = analyse_visible(rows, cols, 5, vis)
    plain = PicksTopRight(endgame=False, pockets=False, fifty_fifty=False)
    assert SHIPPED.dominance and plain.dominance
    assert choose_guess(rows, cols, 5, vis, a, strategy=plain) == (2, 1)
    assert choose_guess(rows, cols, 5, vis, a, strategy=replace(plain, dominance=False)) == (0, 3)


def test_the_endgame_lists_every_layout_once_and_stops_when_the_search_grows():
    from game.model.solver.endgame import layouts_of as endgame_layouts

    rng = random.Random(21)
    checked = 0
    while checked < 30:
        rows, cols = rng.randint(3, 5), rng.randint(3, 6)
        mines = rng.randint(2, rows * cols // 3)
        f = random_view(rng, rows, cols, mines, rng.choice([0.2, 0.4]))
        a = analyse_visible(rows, cols, mines, f.vis)
        if not a.layouts or a.layouts > 500:
            continue
        cells, lay, _ = endgame_layouts(rows, cols, mines, f.vis, a, 500)
        assert len(set(lay)) == len(lay) == a.layouts
        as_sets = {
            frozenset(cells[k] for k in range(len(cells)) if L >> k & 1) | {r * cols + c for r, c in a.mines}
            for L in lay
        }
        assert as_sets == set(layouts_of(rows, cols, mines, f.vis))
        assert endgame_layouts(rows, cols, mines, f.vis, a, 500, max_nodes=1) is None
        checked += 1
