"""Boards dealt within a 3BV range: the mines drawn as the first-click rule draws them, board after board, until
one's 3BV falls in the range or the time runs out. Rejection sampling: each board in the range is exactly as
likely as it is under the normal deal, so a range changes which boards come and nothing else about them."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import NamedTuple

from .grid import Cell, Grid
from .mines import draw_mines


class ThreeBvRange(NamedTuple):
    """The 3BV a board may have: at least `low`, at most `high` (None: no bound on that side).

    >>> ThreeBvRange(150, None).holds(149), ThreeBvRange(150, None).holds(150), ThreeBvRange().bounded
    (False, True, False)
    """

    low: int | None = None
    high: int | None = None

    @property
    def bounded(self) -> bool:
        return self.low is not None or self.high is not None

    def holds(self, three_bv: int) -> bool:
        return (self.low is None or three_bv >= self.low) and (self.high is None or three_bv <= self.high)


class RangeDeal(NamedTuple):
    """What a deal in a range came to: the mines (None: no board in the range turned up in time), their 3BV,
    how many boards were drawn, and whether no board of this size could ever be in the range."""

    mines: list[Cell] | None
    three_bv: int | None
    tried: int
    impossible: bool = False


def possible(rows: int, cols: int, mines: int, bv_range: ThreeBvRange) -> bool:
    """Whether any board of this size could have a 3BV in the range: 3BV is at least 1 and at most one click a
    safe cell (a sure bound, not a likely one: the time limit catches a range merely too far from the usual)."""
    safe = rows * cols - mines
    low, high = bv_range
    return (low is None or low <= safe) and (high is None or high >= 1) and (low is None or high is None or low <= high)


def seeds_after(seed: int) -> Callable[[], int]:
    """The seeds a deal draws its boards from: `seed` first (so a board the range holds is the very one the normal
    deal lays), then a sequence that follows from it."""
    following = random.Random(seed)
    first: list[int] = [seed]

    def next_seed() -> int:
        return first.pop() if first else following.randrange(2**32)

    return next_seed


def deal_in_range(
    rows: int,
    cols: int,
    mines: int,
    first: Cell,
    seed: int,
    first_click: str,
    bv_range: ThreeBvRange,
    timeout: float,
    clock: Callable[[], float] = time.monotonic,
) -> RangeDeal:
    """Mines for a board whose first reveal is `first`, drawn from `seed` onwards, whose 3BV is in the range; gives
    up after `timeout` seconds (at least one board is always drawn).

    >>> deal = deal_in_range(9, 9, 10, (4, 4), seed=1, first_click="opening", bv_range=ThreeBvRange(20, 25),
    ...                      timeout=5.0)
    >>> 20 <= deal.three_bv <= 25, len(deal.mines), (4, 4) in deal.mines
    (True, 10, False)
    >>> deal_in_range(9, 9, 10, (4, 4), 1, "opening", ThreeBvRange(80, None), timeout=5.0)
    RangeDeal(mines=None, three_bv=None, tried=0, impossible=True)
    """
    if not possible(rows, cols, mines, bv_range):
        return RangeDeal(None, None, 0, impossible=True)
    grid = Grid(rows, cols)
    start = grid.index(*first)
    next_seed = seeds_after(seed)
    ends = clock() + timeout
    tried = 0
    while True:
        tried += 1
        indices = draw_mines(grid, mines, next_seed(), start, first_click)
        mine = bytearray(grid.size)
        for index in indices:
            mine[index] = 1
        laid = bytes(mine)
        three_bv = grid.three_bv(laid, grid.neighbour_counts(laid))
        if bv_range.holds(three_bv):
            return RangeDeal(sorted(grid.cell(index) for index in indices), three_bv, tried)
        if clock() >= ends:
            return RangeDeal(None, None, tried)
