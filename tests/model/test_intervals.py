"""The time between clicks: intervals, median, quartiles and the log-spaced histogram."""

import pytest

from game.model import Move, MoveKind, click_intervals
from game.model.replay.intervals import BINS, FASTEST_MS, SLOWEST_MS, log_edges, quantile


def moves_at(*times, kinds=None):
    kinds = kinds or [MoveKind.REVEAL] * len(times)
    return [Move(kind, 0, 0, t_ms=t) for kind, t in zip(kinds, times)]


def test_every_click_counts_left_right_and_chord_alike():
    kinds = [MoveKind.REVEAL, MoveKind.FLAG, MoveKind.CHORD, MoveKind.UNFLAG]
    spread = click_intervals(moves_at(0, 120, 360, 480, kinds=kinds))
    assert spread.intervals_ms == (120, 240, 120)
    assert spread.median_ms == 120 and spread.quartiles_ms == (120.0, 180.0)


def test_a_made_click_is_left_out():
    assert click_intervals(moves_at(0, 0, 300, 500), made=1).intervals_ms == (300, 200)


def test_no_interval_of_fewer_than_two_clicks():
    spread = click_intervals(moves_at(5))
    assert spread.intervals_ms == () and spread.median_ms is None and spread.quartiles_ms is None
    assert sum(spread.counts) == 0


def test_quantiles_interpolate_between_the_sorted_values():
    assert quantile([10, 20, 30, 40, 50], 0.25) == 20
    assert quantile([10, 20, 30, 40], 0.75) == pytest.approx(32.5)


def test_the_bins_are_log_spaced_from_fastest_to_slowest():
    edges = log_edges()
    assert len(edges) == BINS + 1 and edges[0] == FASTEST_MS and edges[-1] == SLOWEST_MS
    ratios = {round(b / a, 9) for a, b in zip(edges, edges[1:])}
    assert len(ratios) == 1


def test_each_interval_falls_in_its_bin_and_the_ends_keep_those_outside():
    edges = log_edges()
    gaps = [10, 50, 60, 100, 999, 2000, 5000]
    times = [0]
    for gap in gaps:
        times.append(times[-1] + gap)
    spread = click_intervals(moves_at(*times))
    assert sum(spread.counts) == len(gaps) and spread.below == 1 and spread.above == 1
    for gap in (60, 100, 999):
        at = next(i for i in range(BINS) if edges[i] <= gap < edges[i + 1])
        assert spread.counts[at] >= 1
    assert spread.counts[0] >= 2, "10 ms (below the range) and 50 ms"
    assert spread.counts[-1] >= 2, "2 s (the last edge) and 5 s (above it)"
