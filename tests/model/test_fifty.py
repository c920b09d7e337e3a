"""Pseudo-50/50s: guesses no number can ever resolve are found, and opened before a guess that might be avoided."""

import random
from dataclasses import replace

import pytest

from game.model.solver.analysis import InconsistentPosition, analyse_visible
from game.model.solver.fifty import closed_patterns, influence, long_term_influence, pseudo_fifty_fifties
from game.model.solver.guess import SHIPPED, choose_guess
from tests.solverfixtures import Field, grid, layouts_of, random_view


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
    # without the rule (nor the 50/50 influence, which weighs the same risk): the safest cell, which later numbers
    # might have proved
    off = replace(SHIPPED, endgame=False, fifty_fifty=False, pockets=False, influence=0.0)
    assert a.probability(*choose_guess(2, 8, 4, vis, a, strategy=off)) == 0.25
    forced = choose_guess(2, 8, 4, vis, a, strategy=replace(SHIPPED, endgame=False, fifty_fifty=True))
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


def long_term_by_brute_force(rows, cols, mines, vis):
    """Hill's long-term influence counted over every layout: per cell, for each kind of pattern (a pair in a row,
    in a column, a box), the most layouts where a placement holding it is closed by mines (up to three of its
    outer cells on the board still covered and taken as mines), added up with the layouts of the likely patterns
    it is the one missing outer mine of, at most its layouts as a mine or as safe."""
    layouts = layouts_of(rows, cols, mines, vis)
    total = len(layouts)
    certain = frozenset.intersection(*layouts)
    kinds = (
        (((0, 0), (0, 1)), ((0, 0),), ((-1, -1), (0, -1), (1, -1), (-1, 2), (0, 2), (1, 2))),
        (((0, 0), (1, 0)), ((0, 0),), ((-1, -1), (-1, 0), (-1, 1), (2, -1), (2, 0), (2, 1))),
        (((0, 0), (0, 1), (1, 0), (1, 1)), ((0, 0), (1, 1)), ((-1, -1), (-1, 2), (2, -1), (2, 2))),
    )
    most = [{} for _ in kinds]
    enablers = {}
    for kind, (cells, mined, outer) in enumerate(kinds):
        for r in range(rows):
            for c in range(cols):
                at = [(r + dr, c + dc) for dr, dc in cells]
                if any(not (0 <= y < rows and 0 <= x < cols) for y, x in at):
                    continue
                at = [y * cols + x for y, x in at]
                around = [(r + dr) * cols + c + dc for dr, dc in outer if 0 <= r + dr < rows and 0 <= c + dc < cols]
                if any(vis[j] >= 0 or j in certain for j in at) or any(vis[j] >= 0 for j in around):
                    continue
                missing = [j for j in around if j not in certain]
                if len(missing) > 3 or len(missing) + len(mined) > mines - len(certain):
                    continue
                must = {(r + dr) * cols + c + dc for dr, dc in mined} | set(missing)
                count = sum(1 for layout in layouts if must <= layout and not (set(at) - must) & layout)
                for j in at:
                    most[kind][j] = max(most[kind].get(j, 0), count)
                if len(missing) <= 1 and 40 * count > total:
                    for j in missing:
                        enablers[j] = enablers.get(j, 0) + count
    out = {}
    for j in range(rows * cols):
        mine = sum(1 for layout in layouts if j in layout)
        got = min(sum(m.get(j, 0) for m in most) + enablers.get(j, 0), mine, total - mine)
        if got > 0:
            out[j] = got
    return out


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_the_long_term_influence_counts_what_brute_force_counts(seed):
    rng = random.Random(seed)
    checked = 0
    while checked < 8:
        rows, cols = rng.choice([(4, 5), (5, 5), (4, 6)])
        mines = rng.randint(3, 7)
        f = random_view(rng, rows, cols, mines, rng.choice([0.15, 0.3, 0.45]))
        try:
            a = analyse_visible(rows, cols, mines, f.vis)
        except InconsistentPosition:
            continue
        assert long_term_influence(a, f.vis) == long_term_by_brute_force(rows, cols, mines, f.vis)
        checked += 1


def test_at_the_first_guess_a_corner_risks_a_50_50_later_more_than_an_edge_and_the_open_board_none():
    # a 9x9 board, 10 mines, nothing opened yet but one safe corner's 1: the far corner (8, 8) can be walled in by
    # three mines, an edge cell needs more, a cell in the open more than three
    rows, cols = 9, 9
    vis = [-1] * 81
    vis[0] = 1
    a = analyse_visible(rows, cols, 10, vis)
    share = long_term_influence(a, vis)
    far_corner, edge, middle = 8 * 9 + 8, 8 * 9 + 4, 4 * 9 + 4
    assert share[far_corner] > share[edge] > 0
    assert middle not in share


def test_the_one_missing_mine_of_a_likely_50_50_shares_its_risk():
    # 001##    (1, 3) is a mine (the 1s at (0, 2) and (2, 2) share it alone), so the pair (2, 4) (3, 4) against
    # 001##    the right wall is closed by a mine at (1, 4), its one missing outer cell: opening (1, 4) ends that
    # #01##    risk as surely as opening the pair, so (1, 4) gets the layouts that close it, though no pattern
    # 0001#    holding (1, 4) itself can close (it would take a fourth mine)
    rows, cols, vis = grid(["001##", "001##", "#01##", "0001#"])
    a = analyse_visible(rows, cols, 3, vis)
    assert (1, 3) in a.mines
    layouts = layouts_of(rows, cols, 3, vis)
    closing = sum(1 for layout in layouts if {9, 14} <= layout and 19 not in layout)
    assert closing * 40 > len(layouts)
    share = long_term_influence(a, vis)
    assert share[9] == closing


@pytest.mark.slow
def test_with_long_term_risk_a_cell_walled_in_by_mines_is_opened_before_a_safer_one():
    # ###2000    (0, 2) and (1, 2) are mines (the 2 at (0, 3) has no other covered neighbour), so the pair
    # ###3111    (0, 0) (0, 1) is closed against the wall: no number can ever tell its cells apart, and in 70 of
    # ####1##    the 74 layouts where (0, 0) is a mine it is that pair's one mine, a 50/50 met sooner or later.
    # ###223#    No number touches the pair, so the closed 50/50s of `influence` miss it; the long-term risk
    # #######    counts it, and makes opening (0, 0) (10.4% a mine) worth more than (4, 3) (4.8%)
    # #######
    rows, cols, vis = grid(["###2000", "###3111", "####1##", "###223#", "#######", "#######"])
    a = analyse_visible(rows, cols, 8, vis)
    layouts = layouts_of(rows, cols, 8, vis)
    assert {(0, 2), (1, 2)} <= a.mines
    share = long_term_influence(a, vis)
    assert share == long_term_by_brute_force(rows, cols, 8, vis)
    assert share[0] >= sum(1 for layout in layouts if 0 in layout and 1 not in layout) == 70
    assert 0 not in influence(a, closed_patterns(a, vis))
    plain = replace(SHIPPED, endgame=False, pockets=False, long_term=False)
    assert choose_guess(rows, cols, 8, vis, a, strategy=plain) == (4, 3)
    long_term = replace(SHIPPED, endgame=False, pockets=False)
    assert choose_guess(rows, cols, 8, vis, a, strategy=long_term) in {(0, 0), (0, 1)}
