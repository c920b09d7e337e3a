"""Pseudo-50/50s: guesses no number can ever resolve are found, and opened before a guess that might be avoided."""

from game.model.solver.analysis import analyse_visible
from game.model.solver.fifty import closed_patterns, influence, pseudo_fifty_fifties
from game.model.solver.guess import GuessStrategy, choose_guess
from tests.solverfixtures import Field, layouts_of


def position(rows, cols, mines, revealed):
    f = Field(rows, cols, mines)
    for i in revealed:
        f.vis[i] = f.counts[i]
    return f.vis


def test_a_pair_walled_in_on_both_sides_is_a_pseudo_fifty_fifty_and_is_opened_first():
    # #11#####      two rows: a column's two cells have the same neighbours but each other, so the 1s
    # #11#####      say one mine in column 0 and one in column 3, and no number will ever say which
    vis = position(2, 8, [0, 3, 4, 5], [1, 2, 9, 10])
    a = analyse_visible(2, 8, 4, vis)
    assert not a.safe and a.probability(0, 0) == a.probability(0, 3) == 0.5
    assert set(pseudo_fifty_fifties(a, vis)) == {0, 8, 3, 11}
    plain = choose_guess(2, 8, 4, vis, a, strategy=GuessStrategy(endgame=False, fifty_fifty=False, pockets=False))
    assert a.probability(*plain) == 0.25  # the safest cell, which later numbers might have proved
    forced = choose_guess(2, 8, 4, vis, a, strategy=GuessStrategy(endgame=False, fifty_fifty=True))
    assert forced[0] * 8 + forced[1] in {0, 8, 3, 11}


def test_a_fifty_fifty_a_covered_cell_could_still_resolve_is_not_forced():
    # ######   (0,0) and (0,1) share one mine, but (0,2) touches (0,1) alone and may yet be opened
    # 13####
    # 02####
    # 01####
    vis = position(4, 6, [0, 2, 8, 20, 23], [6, 7, 12, 13, 18, 19])
    a = analyse_visible(4, 6, 5, vis)
    assert a.probability(0, 0) == a.probability(0, 1) == 0.5 and 0 < a.probability(0, 2) < 1
    assert pseudo_fifty_fifties(a, vis) == []


def test_the_fifty_fifty_influence_of_a_cell_is_its_risk_that_would_be_met_anyway():
    # the position above: columns 0 and 3 are walled-in pairs in every layout (their whole risk is met anyway);
    # (0, 4) is a mine in a closed box only when the box (0, 3) (0, 4) (1, 3) (1, 4) has its mines on the diagonal
    # (0, 4) (1, 3): part of its risk; a cell in no pattern has none
    vis = position(2, 8, [0, 3, 4, 5], [1, 2, 9, 10])
    a = analyse_visible(2, 8, 4, vis)
    layouts = layouts_of(2, 8, 4, vis)
    share = influence(a, closed_patterns(a, vis))
    for j in (0, 8, 3, 11):
        assert share[j] == sum(1 for layout in layouts if j in layout)
    assert share[4] == sum(1 for layout in layouts if {4, 11} <= layout and not {3, 12} & layout) == 12
    assert share[4] < sum(1 for layout in layouts if 4 in layout)
    assert 6 not in share and 14 not in share
