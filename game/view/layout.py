"""Placing things on a menu screen from named sizes rather than pixels that happened to fit: rows stacked in the
room there is, shrinking toward their smallest heights when a short window has less room."""

from __future__ import annotations

from typing import NamedTuple

import pygame

MARGIN = 20  # between a menu screen's edge and what is on it
GAP = 8  # between rows
TITLE_H = 92  # the title block at the top of a menu screen (see title.py)


class Row(NamedTuple):
    height: int  # wanted
    smallest: int  # the least it can do with
    gap: int = GAP  # above it


def stack(top: int, bottom: int, rows: list[Row]) -> list[tuple[int, int]]:
    """(y, height) of each row, top down between `top` and `bottom`: the wanted heights when they fit, else
    every row shrunk by the same share of what it can give up (gaps shrink too, to no less than half)."""
    wanted = sum(r.height + r.gap for r in rows)
    room = bottom - top
    if wanted <= room:
        share = 0.0
    else:
        give = sum(r.height - r.smallest + r.gap // 2 for r in rows)
        share = min(1.0, (wanted - room) / give) if give else 1.0
    placed, y = [], top
    for row in rows:
        gap = round(row.gap - share * (row.gap // 2))
        height = round(row.height - share * (row.height - row.smallest))
        y += gap
        placed.append((y, height))
        y += height
    return placed


def split(rect: pygame.Rect, parts: int, gap: int = GAP) -> list[pygame.Rect]:
    """`rect` cut into `parts` side by side, `gap` apart."""
    width = (rect.w - gap * (parts - 1)) // parts
    return [pygame.Rect(rect.x + n * (width + gap), rect.y, width, rect.h) for n in range(parts)]


def menu_window(max_window: tuple[int, int], wanted: tuple[int, int]) -> tuple[int, int]:
    """A menu screen's window: the size it wants, made smaller to fit the screen it opens on."""
    return min(wanted[0], max_window[0]), min(wanted[1], max_window[1])
