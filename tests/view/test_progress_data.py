"""What Progress draws, worked out from games: the moving median, the bests as steps, the histogram, the weeks
and the calendar's days."""

import statistics
from datetime import datetime, timedelta, timezone

from hypothesis import given
from hypothesis import strategies as st

from game.store.history import ChartGame
from game.view.charts import heat_level
from game.view.progress_data import WEEKS, histogram, monday_of, moving_median, progress_of, running_best


@given(st.lists(st.floats(0, 1000, allow_nan=False), max_size=80), st.integers(1, 30))
def test_the_moving_median_is_the_median_of_the_window(values, window):
    expected = [statistics.median(values[max(0, n - window + 1) : n + 1]) for n in range(len(values))]
    assert moving_median(values, window) == expected


def test_the_bests_are_steps_that_never_go_back():
    assert running_best([30, 40, 25, 26, 20], lower_better=True) == [30, 30, 25, 25, 20]
    assert running_best([1.5, 1.2, 2.0, 1.9], lower_better=False) == [1.5, 1.5, 2.0, 2.0]
    assert running_best([], lower_better=True) == []


def test_the_histogram_counts_every_value_once():
    counts = histogram([1.0, 1.5, 2.0, 3.0], bins=4)
    assert counts.start == 1.0 and counts.width == 0.5 and counts.counts == [1, 1, 1, 1]
    assert sum(histogram([0.5 * n for n in range(101)], bins=20).counts) == 101
    assert histogram([2.0, 2.0]).counts == [2]  # all one value: one bar
    assert histogram([]).counts == []


def game(n, when, won=True, timed=True, time_ms=60_000):
    return ChartGame(n, when, won, timed and won, time_ms, 120, 120_000 / time_ms if won else None, True)


def test_progress_of_a_board_counts_its_weeks_and_days():
    now = datetime(2026, 11, 25, 12, 0, tzinfo=timezone.utc).astimezone()  # a Wednesday
    at = now.astimezone(timezone.utc)
    games = [
        game(1, at - timedelta(weeks=40)),  # before the calendar: in the points, not the weeks
        game(2, at - timedelta(days=8), time_ms=50_000),
        game(3, at - timedelta(days=8), won=False),
        game(4, at - timedelta(days=1), time_ms=55_000),
        game(5, at, timed=False),  # an assisted win: never a point
    ]
    progress = progress_of("expert", games, now)
    assert progress.played == 5 and [g.game_id for g in progress.wins] == [1, 2, 4]
    assert progress.series["Time"].values == [60.0, 50.0, 55.0]
    assert progress.series["Time"].bests == [60.0, 50.0, 50.0]
    assert progress.series["3BV/s"].bests == [2.0, 2.4, 2.4]
    assert len(progress.weeks) == WEEKS and progress.weeks[-1].monday == monday_of(now.date())
    assert progress.first_day == monday_of(now.date()) - timedelta(weeks=WEEKS - 1)
    assert sum(w.played for w in progress.weeks) == 4 and sum(w.won for w in progress.weeks) == 3
    assert progress.days[(at - timedelta(days=8)).astimezone().date()] == 2
    assert sum(progress.days.values()) == 4


def test_no_games_is_an_empty_progress():
    progress = progress_of("beginner", [])
    assert progress.empty and progress.wins == [] and sum(w.played for w in progress.weeks) == 0


def test_the_calendar_shades_days_by_their_games():
    assert [heat_level(n, 8) for n in (0, 1, 2, 3, 4, 8, 9)] == [0, 1, 1, 2, 2, 4, 4]
    assert heat_level(3, 0) == 0


def test_the_axis_values_differ_however_close_the_wins_are():
    from game.view.charts import value_text

    for low, high in ((7200.0, 7200.02), (35.0, 95.0), (3.1, 3.4)):
        step = (high - low) / 4
        said = [value_text(low + step * n, "Time", step) for n in range(5)]
        assert len(set(said)) == 5, said
    assert value_text(95.0, "Time", 15.0) == "95 s" and value_text(2.5, "3BV/s", 0.5) == "2.50"
