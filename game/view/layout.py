"""Placing things on a menu screen from named sizes rather than pixels that happened to fit: rows stacked in the
room there is, shrinking toward their smallest heights when a short window has less room, growing toward their
largest (then spacing out) when a tall one has more, so no screen leaves a band of nothing at its foot.

Sizes here are base pixels (the interface at 100%); what these functions hand back is in window pixels, at the
interface's factor (scale.py).
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game import config
from game.view.scale import px

MARGIN = 20  # between a menu screen's edge and what is on it
GAP = 8  # between rows
TITLE_H = 92  # the title block at the top of a menu screen (see title.py)


class Row(NamedTuple):
    height: int  # wanted
    smallest: int  # the least it can do with
    gap: int = GAP  # above it
    largest: int = 0  # the most it grows to in a tall window (0: as wanted)


def stack(top: int, bottom: int, rows: list[Row], spread: bool = False) -> list[tuple[int, int]]:
    """(y, height) of each row, top down between `top` and `bottom` (window pixels), its sizes scaled.

    The wanted heights when they fit, else every row shrunk by the same share of what it can give up (gaps
    shrink too, to no less than half). With room to spare, the rows grow by the same share of what they may
    (up to `largest`); what is still left goes, with `spread`, into the gaps between them (else under them)."""
    rows = [Row(px(r.height), px(r.smallest), px(r.gap), px(r.largest or r.height)) for r in rows]
    wanted = sum(r.height + r.gap for r in rows)
    room = bottom - top
    give = sum(r.height - r.smallest + r.gap // 2 for r in rows)
    grow = sum(r.largest - r.height for r in rows)
    shrink = min(1.0, (wanted - room) / give) if wanted > room and give else 1.0 if wanted > room else 0.0
    swell = min(1.0, (room - wanted) / grow) if room > wanted and grow else 0.0
    left = max(0, room - wanted - round(swell * grow)) if spread and len(rows) > 1 else 0
    placed, y = [], top
    for n, row in enumerate(rows):
        extra = left * n // (len(rows) - 1) - left * (n - 1) // (len(rows) - 1) if n else 0
        gap = round(row.gap - shrink * (row.gap // 2)) + extra
        height = round(row.height - shrink * (row.height - row.smallest) + swell * (row.largest - row.height))
        y += gap
        placed.append((y, height))
        y += height
    return placed


def split(rect: pygame.Rect, parts: int, gap: int = GAP) -> list[pygame.Rect]:
    """`rect` cut into `parts` side by side, `gap` base pixels apart."""
    gap = px(gap)
    width = (rect.w - gap * (parts - 1)) // parts
    return [pygame.Rect(rect.x + n * (width + gap), rect.y, width, rect.h) for n in range(parts)]


def menu_window(max_window: tuple[int, int], wanted: tuple[int, int] = config.MENU_SIZE) -> tuple[int, int]:
    """A menu screen's window: the size it wants (base pixels) at the interface's factor, made smaller to fit the
    screen it opens on."""
    return min(px(wanted[0]), max_window[0]), min(px(wanted[1]), max_window[1])


def centred(width: int, y: int, height: int, room: int) -> pygame.Rect:
    """A box `width` base pixels wide (less if `room` is narrower, less the margins), centred across `room`."""
    w = min(px(width), room - 2 * px(MARGIN))
    return pygame.Rect((room - w) // 2, y, w, height)
