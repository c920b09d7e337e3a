"""Closed pockets: covered cells nothing outside can inform are played first, and perfectly."""

from dataclasses import replace

from game.model.solver.analysis import DEFAULT_BUDGET, analyse_visible
from game.model.solver.guess import SHIPPED, Spot, choose_guess
from game.model.solver.pockets import pocket_guess
from tests.solverfixtures import grid, layouts_of, perfect_play_wins


def test_a_closed_pocket_is_played_by_perfect_play():
    # ##3##   every covered cell touches only numbers, the edge and each other: one pocket, 5 mines in every
    # 3##2#   layout, so no number outside and no mine count will ever help; the first cell opened is one
    # ##21#   that clears it in the most layouts
    rows, cols, vis = grid(["##3##", "3##2#", "##21#"])
    a = analyse_visible(rows, cols, 5, vis)
    assert not a.safe
    cell = pocket_guess(a, Spot(rows, cols, 5, vis, a, DEFAULT_BUDGET).ranked)
    layouts = layouts_of(rows, cols, 5, vis)
    assert perfect_play_wins(rows, cols, layouts, vis, cell) == perfect_play_wins(rows, cols, layouts, vis)
    assert choose_guess(rows, cols, 5, vis, a, strategy=replace(SHIPPED, endgame=False)) == divmod(cell, cols)


def test_cells_a_covered_cell_outside_may_inform_are_no_pocket():
    # the 1's cells touch covered cells no number touches, which may be opened first
    rows, cols, vis = grid(["1###", "####", "####"])
    a = analyse_visible(rows, cols, 3, vis)
    assert not a.safe
    assert pocket_guess(a, Spot(rows, cols, 3, vis, a, DEFAULT_BUDGET).ranked) is None
