"""The time between a game's clicks drawn as a small chart over Replay's board: a bar for each log-spaced bin
from 0.05 s to 2 s, the median and quartiles marked and said."""

from __future__ import annotations

import math

import pygame

from game.language import _, ngettext
from game.model import ClickIntervals
from game.view import text, theme, widgets
from game.view.scale import px
from game.view.typeface import BOLD, SMALL, TINY

SIZE = (340, 170)  # the panel at most (base pixels); less in a smaller window
TICKS_MS = (50, 100, 200, 500, 1000, 2000)  # the times named under the bars


def seconds(ms: float) -> str:
    # TRANSLATORS: a time in seconds on the chart of the time between clicks ("0.25 s")
    return _("{seconds} s").format(seconds=f"{round(ms / 1000, 2):g}")


def summary(spread: ClickIntervals) -> str:
    """The median and quartiles in words."""
    count = len(spread.intervals_ms)
    median, quartiles = spread.median_ms, spread.quartiles_ms
    if median is None or quartiles is None:
        return _("Too few clicks to time")
    return ngettext(
        "Median {median}, half within {low} to {high} ({count} interval)",
        "Median {median}, half within {low} to {high} ({count} intervals)",
        count,
    ).format(median=seconds(median), low=seconds(quartiles[0]), high=seconds(quartiles[1]), count=count)


def x_of(ms: float, bars: pygame.Rect, spread: ClickIntervals) -> int:
    """Where a time falls on the chart's log scale."""
    first, last = spread.edges_ms[0], spread.edges_ms[-1]
    share = math.log(max(first, min(last, ms)) / first) / math.log(last / first)
    return bars.x + round(bars.w * share)


def draw(surface: pygame.Surface, area: pygame.Rect, spread: ClickIntervals) -> pygame.Rect:
    """The chart in a panel centred on `area` (kept inside the window); returns the panel."""
    look = theme.current()
    bounds = surface.get_rect().inflate(-px(8), -px(8))
    panel = pygame.Rect(0, 0, min(px(SIZE[0]), bounds.w), min(px(SIZE[1]), bounds.h))
    panel.center = area.center
    panel.clamp_ip(bounds)
    widgets.bevel(surface, panel, raised=True, width=2, face=look.panel)
    inner = panel.inflate(-px(16), -px(12))
    line = text.line_height(SMALL)
    # TRANSLATORS: the title of Replay's chart of the time between consecutive clicks (I shows it)
    text.draw_fitted(
        surface, _("Time between clicks"), pygame.Rect(inner.x, inner.y, inner.w, line), SMALL, weight=BOLD
    )
    said = pygame.Rect(inner.x, inner.y + line, inner.w, line)
    text.draw_fitted(surface, summary(spread), said, SMALL, look.dim_text, smallest=TINY)
    labels_h = text.line_height(TINY)
    bars = pygame.Rect(inner.x, said.bottom + px(6), inner.w, inner.bottom - labels_h - said.bottom - px(8))
    if bars.h < px(12):
        return panel
    surface.fill(look.field, bars)
    most = max(spread.counts, default=0)
    for i, count in enumerate(spread.counts):
        if not count:
            continue
        left = x_of(spread.edges_ms[i], bars, spread)
        right = x_of(spread.edges_ms[i + 1], bars, spread)
        tall = max(1, round(bars.h * count / most))
        surface.fill(look.accent, (left + 1, bars.bottom - tall, max(1, right - left - 2), tall))
    if spread.quartiles_ms is not None and spread.median_ms is not None:
        low, high = (x_of(ms, bars, spread) for ms in spread.quartiles_ms)
        pygame.draw.line(surface, look.guess_forced, (low, bars.y + 2), (high, bars.y + 2), max(2, px(3)))
        median = x_of(spread.median_ms, bars, spread)
        pygame.draw.line(surface, look.error_text, (median, bars.y), (median, bars.bottom - 1), max(1, px(2)))
    pygame.draw.rect(surface, look.shadow, bars, 1)
    roomy = bars.w // len(TICKS_MS) >= text.width(seconds(TICKS_MS[0]), TINY) + px(6)
    named = TICKS_MS if roomy else (TICKS_MS[0], TICKS_MS[-1])
    for ms in named:  # the ends' names inside the chart's edges
        anchor = "topleft" if ms == named[0] else "topright" if ms == named[-1] else "midtop"
        at = (x_of(ms, bars, spread), bars.bottom + px(2))
        text.draw(surface, seconds(ms), at, TINY, look.dim_text, anchor=anchor)
    return panel
