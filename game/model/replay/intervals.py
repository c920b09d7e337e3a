"""The time between a game's consecutive clicks (left, right and chord alike): its median, quartiles and a histogram
over log-spaced bins, how speed-runners read the rhythm of a game.

    >>> from game.model import Move, MoveKind
    >>> moves = [Move(MoveKind.REVEAL, 0, 0, t_ms=t) for t in (0, 100, 300, 400, 1400)]
    >>> spread = click_intervals(moves)
    >>> spread.intervals_ms, spread.median_ms, spread.quartiles_ms
    ((100, 200, 100, 1000), 150.0, (100.0, 400.0))
    >>> sum(spread.counts), spread.below, spread.above
    (4, 0, 0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.move import Move

__all__ = ["BINS", "FASTEST_MS", "SLOWEST_MS", "ClickIntervals", "click_intervals", "quantile"]

FASTEST_MS, SLOWEST_MS = 50, 2000  # the histogram's range: 0.05 s to 2 s
BINS = 12  # log-spaced between them (each about 1.36 times the one before)


@dataclass(frozen=True)
class ClickIntervals:
    """The milliseconds between consecutive clicks, in order, and what they add up to."""

    intervals_ms: tuple[int, ...]
    edges_ms: tuple[float, ...]  # BINS + 1 edges, FASTEST_MS to SLOWEST_MS
    counts: tuple[int, ...]  # intervals in each bin (the first holds those below it, the last those above)
    below: int  # intervals under FASTEST_MS (counted in the first bin too)
    above: int  # intervals over SLOWEST_MS (counted in the last bin too)

    @property
    def median_ms(self) -> float | None:
        return quantile(self.intervals_ms, 0.5)

    @property
    def quartiles_ms(self) -> tuple[float, float] | None:
        low, high = quantile(self.intervals_ms, 0.25), quantile(self.intervals_ms, 0.75)
        return None if low is None or high is None else (low, high)


def quantile(values: Sequence[int], q: float) -> float | None:
    """The q-quantile (0..1) by linear interpolation between the sorted values (as numpy's default); None of none.

    >>> quantile([4, 1, 3, 2], 0.5), quantile([5], 0.25), quantile([], 0.5)
    (2.5, 5.0, None)
    """
    if not values:
        return None
    ordered = sorted(values)
    at = q * (len(ordered) - 1)
    low = math.floor(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def log_edges(fastest: float = FASTEST_MS, slowest: float = SLOWEST_MS, bins: int = BINS) -> tuple[float, ...]:
    """`bins` + 1 edges spaced evenly on a log scale from `fastest` to `slowest`."""
    ratio = (slowest / fastest) ** (1 / bins)
    return tuple(fastest * ratio**i for i in range(bins)) + (float(slowest),)


def click_intervals(moves: Sequence[Move], made: int = 0) -> ClickIntervals:
    """The intervals between consecutive moves (every move is a click: left, right or chord), leaving out the
    first `made` (a click made for the player: not theirs)."""
    times = [move.t_ms for move in moves[made:]]
    intervals = tuple(max(0, b - a) for a, b in zip(times, times[1:]))
    edges = log_edges()
    counts = [0] * BINS
    for gap in intervals:
        if gap < edges[0]:
            counts[0] += 1
            continue
        # the bin whose edges hold the gap (the log scale makes it arithmetic), the last one above the range too
        at = int(math.log(gap / edges[0]) / math.log(edges[1] / edges[0]))
        counts[min(max(at, 0), BINS - 1)] += 1
    below = sum(1 for gap in intervals if gap < edges[0])
    above = sum(1 for gap in intervals if gap > edges[-1])
    return ClickIntervals(intervals, edges, tuple(counts), below, above)
