"""What Progress draws, worked out from a board's games off the frame (no pygame): each timed win's time and
3BV/s in order with a moving median and the personal bests as steps, the spread of 3BV/s, games and wins a
week, and games a day over the last weeks."""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from typing import NamedTuple

from game.store.history import ChartGame

MEDIAN_OF = 25  # games in the moving median (fewer at the start)
WEEKS = 26  # weeks the bars and the calendar show, the current one last
BINS = 20  # bars of the 3BV/s histogram
SAME_SPEED = 0.005  # 3BV/s this close read alike (to two decimals): the histogram draws them as one bar
TIME, RATE = "Time", "3BV/s"  # the figures drawn in order (the community's names)


class Series(NamedTuple):
    """One figure of each timed win in order: its value, the moving median and the best so far after it."""

    figure: str
    values: list[float]
    median: list[float]
    bests: list[float]
    lower_better: bool


class Histogram(NamedTuple):
    start: float  # the first bar's left edge
    width: float  # each bar's
    counts: list[int]


class Week(NamedTuple):
    monday: date
    played: int
    won: int


class Progress(NamedTuple):
    """Everything a board's Progress view draws."""

    category: str
    wins: list[ChartGame]  # the timed wins, in order: the points
    series: dict[str, Series]  # by figure, TIME and RATE
    histogram: Histogram
    weeks: list[Week]  # the last WEEKS, oldest first
    days: dict[date, int]  # games played each day of those weeks (local dates; days without none left out)
    first_day: date  # the calendar's first day: a Monday WEEKS - 1 weeks before this one's
    today: date
    played: int

    @property
    def empty(self) -> bool:
        return not self.played


def moving_median(values: Sequence[float], window: int = MEDIAN_OF) -> list[float]:
    """The median of each value and the `window` - 1 before it (fewer at the start)."""
    ordered: list[float] = []
    medians = []
    for n, value in enumerate(values):
        bisect.insort(ordered, value)
        if n >= window:
            del ordered[bisect.bisect_left(ordered, values[n - window])]
        middle = len(ordered) // 2
        medians.append(ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2)
    return medians


def running_best(values: Sequence[float], lower_better: bool) -> list[float]:
    """The best value so far after each one: the personal bests, as steps."""
    bests: list[float] = []
    for value in values:
        if not bests:
            bests.append(value)
        else:
            bests.append(min(bests[-1], value) if lower_better else max(bests[-1], value))
    return bests


def series(figure: str, values: list[float], lower_better: bool) -> Series:
    return Series(figure, values, moving_median(values), running_best(values, lower_better), lower_better)


def histogram(values: Sequence[float], bins: int = BINS) -> Histogram:
    """The values counted in `bins` equal bars from the lowest to the highest; one bar, of no width, when they all
    read alike (within SAME_SPEED: bars a ten-thousandth apart tell nothing)."""
    if not values:
        return Histogram(0.0, 1.0, [])
    low, high = min(values), max(values)
    if high - low < SAME_SPEED:
        return Histogram(low, 0.0, [len(values)])
    width = (high - low) / bins
    counts = [0] * bins
    for value in values:
        counts[min(bins - 1, int((value - low) / width))] += 1
    return Histogram(low, width, counts)


def monday_of(day: date) -> date:
    return day - timedelta(days=day.weekday())


def progress_of(category: str, games: Sequence[ChartGame], now: datetime | None = None) -> Progress:
    """A board's Progress from its games (in the order recorded); `now`: the time it is (the local one)."""
    today = (now or datetime.now().astimezone()).date()
    wins = [game for game in games if game.timed and game.won]
    times = series(TIME, [game.time_ms / 1000 for game in wins], lower_better=True)
    rated = [game.bbbv_s if game.bbbv_s is not None else 0.0 for game in wins]
    rates = series(RATE, rated, lower_better=False)
    first_day = monday_of(today) - timedelta(weeks=WEEKS - 1)
    local = [(game.played_at.astimezone().date(), game.won) for game in games]
    days = Counter(day for day, _ in local if first_day <= day <= today)
    played = Counter(monday_of(day) for day, _ in local if day >= first_day)
    won = Counter(monday_of(day) for day, won in local if won and day >= first_day)
    mondays = [first_day + timedelta(weeks=n) for n in range(WEEKS)]
    weeks = [Week(monday, played[monday], won[monday]) for monday in mondays]
    return Progress(
        category, wins, {TIME: times, RATE: rates}, histogram(rated), weeks, dict(days), first_day, today, len(games)
    )
