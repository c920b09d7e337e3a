"""Boards dealt within a 3BV range: in the range, laid as the first-click rule lays them, and a clear answer when
no board can be."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.model import Board, Move, MoveKind, ThreeBvRange, deal_in_range, three_bv_of
from game.model.rules.bv_range import possible

LEVELS = [(9, 9, 10), (16, 16, 40), (16, 30, 99)]


@settings(max_examples=60, deadline=None)
@given(
    level=st.sampled_from(LEVELS),
    seed=st.integers(0, 2**32 - 1),
    spot=st.tuples(st.floats(0, 0.999), st.floats(0, 0.999)),
    rule=st.sampled_from(["opening", "safe"]),
    bounds=st.sampled_from([(None, 0.45), (0.55, None), (0.4, 0.6)]),
)
def test_a_deal_meets_the_range(level, seed, spot, rule, bounds):
    rows, cols, mines = level
    first = (int(spot[0] * rows), int(spot[1] * cols))
    usual = {81: 14, 256: 63, 480: 170}[rows * cols]  # each level's median 3BV (bench.bbbv --table)
    low, high = (None if b is None else round(usual * (2 * b)) for b in bounds)
    bv_range = ThreeBvRange(low, high)
    deal = deal_in_range(rows, cols, mines, first, seed, rule, bv_range, timeout=30.0)
    assert deal.mines is not None and not deal.impossible
    assert bv_range.holds(deal.three_bv) and three_bv_of(rows, cols, deal.mines) == deal.three_bv
    assert len(set(deal.mines)) == mines and first not in deal.mines
    if rule == "opening":  # the first click opens an area: none of its neighbours is a mine
        assert not {(first[0] + dr, first[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)} & set(deal.mines)
    board = Board(rows, cols, mines, seed=seed, first_click=rule)
    board.lay_mines(deal.mines)
    board.apply(Move(MoveKind.REVEAL, *first))
    assert board.three_bv == deal.three_bv and not board.exploded


def test_a_range_the_first_board_meets_deals_the_normal_board():
    """The first board drawn is the seed's own: a range that holds it changes nothing."""
    board = Board(16, 30, 99, seed=7)
    board.apply(Move(MoveKind.REVEAL, 8, 15))
    deal = deal_in_range(16, 30, 99, (8, 15), 7, "opening", ThreeBvRange(1, None), timeout=1.0)
    assert sorted(deal.mines) == sorted(board.mine_cells()) and deal.tried == 1


def test_an_impossible_range_gives_up_at_once():
    deal = deal_in_range(16, 30, 99, (8, 15), 1, "opening", ThreeBvRange(400, None), timeout=30.0)
    assert deal.mines is None and deal.impossible and deal.tried == 0
    assert not possible(16, 30, 99, ThreeBvRange(382, None)) and possible(16, 30, 99, ThreeBvRange(381, None))


def test_a_range_too_far_from_the_usual_gives_up_when_the_time_is_out():
    ticks = iter(range(1000))  # a clock that moves a second a look: no wall clock in the test
    deal = deal_in_range(
        16, 30, 99, (8, 15), 1, "opening", ThreeBvRange(330, None), timeout=5.0, clock=lambda: float(next(ticks))
    )
    assert deal.mines is None and not deal.impossible and deal.tried == 5
