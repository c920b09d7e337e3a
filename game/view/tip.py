"""A figure's one-line explanation (formats.FIGURES, as Help lists them) shown beside the pointer while it rests
on the figure's name: on the game-over panel, in Records and in Replay's live figures; and, the same way, the
whole of a text a list had to cut short (Records' marks, a video's line)."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.view import text, theme, widgets
from game.view.formats import FIGURES
from game.view.scale import px
from game.view.typeface import SMALL, TINY

TIP_W = 260  # the widest a tip gets, in base pixels (narrower windows: the window less a margin)


def figure_at(names: Iterable[tuple[str, pygame.Rect]], pointer: tuple[int, int] | None) -> str | None:
    """The figure whose name is under the pointer (None: off the window), of `names` (each figure and where
    its name shows: a figure may show in more than one place), if it has words."""
    if pointer is None:
        return None
    return next((name for name, rect in names if rect.collidepoint(pointer) and name in FIGURES), None)


def draw_tip(surface: pygame.Surface, figure: str | None, pointer: tuple[int, int] | None) -> None:
    """The figure's explanation in a small raised box below and right of the pointer, kept in the window
    (nothing without a figure or a pointer)."""
    if figure is not None:
        draw_words(surface, FIGURES[figure], pointer)


def cut_at(cut: Iterable[tuple[str, pygame.Rect]], pointer: tuple[int, int] | None) -> str | None:
    """The whole of a text shown cut short (with an ellipsis) where the pointer is, of `cut` (each text and
    where it shows), if any."""
    if pointer is None:
        return None
    return next((words for words, rect in cut if rect.collidepoint(pointer)), None)


def draw_words(surface: pygame.Surface, words: str | None, pointer: tuple[int, int] | None) -> None:
    """Any words (a figure's explanation, a text shown cut short, whole) in the tip's box by the pointer."""
    if not words or pointer is None:
        return
    w, h = surface.get_size()
    width, pad = min(px(TIP_W), w - px(16)), px(8)
    width = min(width, text.width(words, SMALL) + 2 * pad + px(2))  # a few words: a box no wider than they are
    lines, size = text.fit_paragraph(words, pygame.Rect(0, 0, width - 2 * pad, px(120)), SMALL, smallest=TINY)
    tip = pygame.Rect(0, 0, width, len(lines) * text.line_height(size) + px(12))
    tip.topleft = (min(pointer[0] + px(16), w - width - px(4)), min(pointer[1] + px(18), h - tip.h - px(4)))
    if tip.top < pointer[1] < tip.bottom and tip.left < pointer[0] < tip.right:
        tip.bottom = pointer[1] - px(6)  # no room below: above the pointer, never under it
    text.next_layer()  # the tip lies over the words beneath it
    widgets.bevel(surface, tip, raised=True, width=1, face=theme.current().field)
    text.draw_paragraph(surface, words, tip.inflate(-2 * pad, -px(12)), size, smallest=TINY)
