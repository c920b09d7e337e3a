"""Progress's charts drawn with pygame, in the theme's colours and at the interface's size: a figure of every
timed win in order (points, the moving median, the personal bests as steps), the 3BV/s histogram, games and
wins a week as bars, and a calendar of the days played as a heat map."""

from __future__ import annotations

from datetime import date, timedelta

import pygame

from game.language import _, pgettext
from game.view import text, theme
from game.view.progress_data import Histogram, Series, Week
from game.view.scale import px
from game.view.typeface import BOLD, SMALL, TINY

AXIS_W = 40  # the room left of a plot for its values (base pixels)
POINT = 3  # a game's point, a square this wide (base pixels)


def ground(surface: pygame.Surface, box: pygame.Rect, title: str) -> pygame.Rect:
    """A chart's ground with its title along the top; returns the room under the title."""
    look = theme.current()
    surface.fill(look.chart, box)
    pygame.draw.rect(surface, look.shadow, box, max(1, px(1)))
    line = text.line_height(SMALL, BOLD)
    head = pygame.Rect(box.x + px(6), box.y + px(2), box.w - px(12), line)
    text.draw_fitted(surface, title, head, SMALL, look.text, weight=BOLD, smallest=TINY)
    return pygame.Rect(box.x + px(6), head.bottom + px(2), box.w - px(12), box.bottom - head.bottom - px(6))


def empty(surface: pygame.Surface, room: pygame.Rect, words: str) -> None:
    """What a chart without data says, in its middle."""
    text.draw_paragraph(surface, words, room.inflate(-px(8), -px(8)), SMALL, theme.current().dim_text, smallest=TINY)


def value_text(value: float, figure: str, step: float) -> str:
    """A value on a plot's axis, short, with as many decimals as tell it from the next one `step` away (the wins
    of a long custom board can all lie within a second of each other)."""
    digits = 0 if step >= 1 else 1 if step >= 0.1 else 2 if step >= 0.01 else 3
    if figure != "Time":  # (a speed may differ in its fourth decimal; a time is kept to the millisecond)
        return f"{value:.{max(2, digits if step >= 0.001 else 4)}f}"
    return f"{value:.{max(1, digits) if value < 10 else digits}f} s"


def plot(surface: pygame.Surface, room: pygame.Rect, series: Series) -> tuple[pygame.Rect, list[tuple[int, int]]]:
    """The figure of every game in order as points, its moving median as a line and the best so far as steps,
    in `room` (values on the left, game numbers under it). Returns the plot's area and each point's centre."""
    look = theme.current()
    tiny = text.line_height(TINY)
    values = series.values
    low, high = min(values), max(values)
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    pad = (high - low) * 0.05
    low, high = max(0.0, low - pad), high + pad
    count = len(values)
    # the grid's values, as wide as the widest needs (a custom board's long times with decimals), up to a third
    grid = [low + (high - low) * step / 4 for step in range(5)]
    labels = [value_text(value, series.figure, (high - low) / 4) for value in grid]
    axis = min(room.w // 3, max(px(AXIS_W), max(text.width(label, TINY) for label in labels) + px(8)))
    area = pygame.Rect(room.x + axis, room.y + px(4), room.w - axis - px(4), room.h - tiny - px(8))

    # Positions worked out in bulk, the arithmetic hoisted: ten thousand games are drawn on the first frame.
    y_scale, y_base = (area.h - 1) / (high - low), area.bottom - 1 + 0.5

    def y_of(value: float) -> int:
        return int(y_base - (value - low) * y_scale)

    x_scale = (area.w - 1) / (count - 1) if count > 1 else 0.0
    x_base = (area.x if count > 1 else area.x + area.w // 2) + 0.5
    xs = [int(x_base + n * x_scale) for n in range(count)]

    for value, said in zip(grid, labels):  # the grid, and its values on the left
        y = y_of(value)
        pygame.draw.line(surface, look.grid, (area.x, y), (area.right - 1, y))
        label = pygame.Rect(room.x, y - tiny // 2, axis - px(4), tiny)
        text.draw_fitted(surface, said, label, TINY, look.dim_text, "right", smallest=TINY)
    under = pygame.Rect(area.x, area.bottom + px(2), area.w, tiny)
    text.draw_fitted(surface, "1", under, TINY, look.dim_text, smallest=TINY)
    text.draw_fitted(surface, str(count), under, TINY, look.dim_text, "right", smallest=TINY)
    points = [(x, int(y_base - (value - low) * y_scale)) for x, value in zip(xs, values)]
    size = max(2, px(POINT))
    dot = pygame.Surface((size, size))
    dot.fill(look.point)
    half = size // 2
    surface.fblits([(dot, (x - half, y - half)) for x, y in set(points)])  # one call for them all
    width = max(1, px(2))
    if count > 1:
        median = [(x, int(y_base - (value - low) * y_scale)) for x, value in zip(xs, series.median)]
        pygame.draw.lines(surface, look.median, False, median, width)
    bests = series.bests
    steps = [(xs[0], y_of(bests[0]))]
    for n in range(1, count):
        if bests[n] != bests[n - 1]:
            steps += [(xs[n], steps[-1][1]), (xs[n], y_of(bests[n]))]
    steps.append((xs[-1], steps[-1][1]))
    if len(steps) > 1:
        pygame.draw.lines(surface, look.best, False, steps, width)
    return area, points


def legend(surface: pygame.Surface, box: pygame.Rect, items: list[tuple[str, tuple[int, int, int]]]) -> None:
    """Coloured marks with their names, right to left from the box's right end."""
    x = box.right
    for words, colour in reversed(items):
        words, size = text.fit(words, box.w // len(items) - px(18), TINY, smallest=TINY)
        w = text.width(words, size)
        x -= w
        text.draw(surface, words, (x, box.centery), size, theme.current().dim_text, anchor="midleft")
        x -= px(14)
        pygame.draw.rect(surface, colour, (x, box.centery - px(3), px(10), px(6)))
        x -= px(10)


def draw_histogram(surface: pygame.Surface, room: pygame.Rect, counts: Histogram) -> None:
    """The 3BV/s of the wins in bars, lowest to highest, the range's ends under them."""
    look = theme.current()
    tiny = text.line_height(TINY)
    area = pygame.Rect(room.x, room.y, room.w, room.h - tiny - px(2))
    most = max(counts.counts)
    bars = len(counts.counts)
    for n, count in enumerate(counts.counts):
        left, right = area.x + n * area.w // bars, area.x + (n + 1) * area.w // bars
        h = round(count / most * area.h) if most else 0
        if h:
            surface.fill(look.bar, (left, area.bottom - h, max(1, right - left - px(1)), h))
    under = pygame.Rect(area.x, area.bottom + px(2), area.w, tiny)
    if not counts.width:  # every win as fast as the others: one bar, and its value
        text.draw_fitted(
            surface, value_text(counts.start, "3BV/s", 1.0), under, TINY, look.dim_text, "center", smallest=TINY
        )
        return
    high = counts.start + counts.width * bars
    step = (high - counts.start) / 2  # the ends with as many decimals as tell them apart
    text.draw_fitted(surface, value_text(counts.start, "3BV/s", step), under, TINY, look.dim_text, smallest=TINY)
    text.draw_fitted(surface, value_text(high, "3BV/s", step), under, TINY, look.dim_text, "right", smallest=TINY)


def draw_weeks(surface: pygame.Surface, room: pygame.Rect, weeks: list[Week]) -> None:
    """Games (the bar) and wins (within it) of each week, oldest on the left; the most a week under them."""
    look = theme.current()
    tiny = text.line_height(TINY)
    area = pygame.Rect(room.x, room.y, room.w, room.h - tiny - px(2))
    most = max((week.played for week in weeks), default=0)
    for n, week in enumerate(weeks):
        left, right = area.x + n * area.w // len(weeks), area.x + (n + 1) * area.w // len(weeks)
        w = max(1, right - left - px(1))
        if most:
            played, won = round(week.played / most * area.h), round(week.won / most * area.h)
            surface.fill(look.bar, (left, area.bottom - played, w, played))
            surface.fill(look.win_bar, (left, area.bottom - won, w, won))
    under = pygame.Rect(area.x, area.bottom + px(2), area.w, tiny)
    # TRANSLATORS: under the weekly bars of Progress: the most games played in one week (little room)
    text.draw_fitted(surface, _("most: {count}").format(count=most), under, TINY, look.dim_text, smallest=TINY)


def heat_level(count: int, most: int) -> int:
    """The calendar's shade of a day of `count` games, 0 (none) to 4 (as many as the busiest day)."""
    if count <= 0 or most <= 0:
        return 0
    return min(4, 1 + (count - 1) * 4 // most)


def month_name(month: int) -> str:
    """A month's short name (1: January), as the calendar heads its weeks."""
    # TRANSLATORS: the months, short, over the weeks of Progress's calendar (about three letters)
    names = (
        pgettext("month", "Jan"),
        pgettext("month", "Feb"),
        pgettext("month", "Mar"),
        pgettext("month", "Apr"),
        pgettext("month", "May"),
        pgettext("month", "Jun"),
        pgettext("month", "Jul"),
        pgettext("month", "Aug"),
        pgettext("month", "Sep"),
        pgettext("month", "Oct"),
        pgettext("month", "Nov"),
        pgettext("month", "Dec"),
    )
    return names[month - 1]


def draw_calendar(
    surface: pygame.Surface, room: pygame.Rect, days: dict[date, int], first: date, today: date, weeks: int
) -> list[tuple[pygame.Rect, date]]:
    """The days of `weeks` weeks from the Monday `first`, a column a week and a row a weekday, shaded by the games
    played, each month's name over the week it begins in (where there is room). Returns each day's square (for
    its tip)."""
    look = theme.current()
    tiny = text.line_height(TINY)
    cell = max(3, min(room.w // weeks, (room.h - tiny - px(2)) // 7))
    gap = 1 if cell < px(8) else max(1, px(2))
    grid = pygame.Rect(0, 0, cell * weeks, cell * 7)
    grid.center = (room.centerx, room.centery + (tiny + px(2)) // 2)
    most = max(days.values(), default=0)
    squares = []
    for n in range(weeks * 7):
        day = first + timedelta(days=n)
        if day > today:
            break
        square = pygame.Rect(grid.x + (n // 7) * cell, grid.y + (n % 7) * cell, cell - gap, cell - gap)
        surface.fill(look.heat[heat_level(days.get(day, 0), most)], square)
        squares.append((square, day))
    free = grid.x  # where the next month's name may begin
    for week in range(weeks):
        monday = first + timedelta(weeks=week)
        if week and monday.month == (monday - timedelta(weeks=1)).month:
            continue
        x = grid.x + week * cell
        name = month_name(monday.month)
        width = text.width(name, TINY)
        if x >= free and x + width <= room.right:
            text.draw(surface, name, (x, grid.y - px(2)), TINY, look.dim_text, anchor="bottomleft")
            free = x + width + px(4)
    return squares
