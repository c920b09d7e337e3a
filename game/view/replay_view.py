"""What the replay scene draws besides the board: the player's pointer on the last click, and the seek bar."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.model import MoveKind
from game.view import theme, widgets
from game.view.scale import px

if TYPE_CHECKING:
    from pygame.typing import ColorLike

# The pointer as the desktop draws one: white with a black outline, so it shows on every tile and theme.
POINTER = [(0, 0), (0, 15), (4, 11), (7, 17), (9, 16), (6, 10), (11, 10)]
POINTER_FILL, POINTER_EDGE = (255, 255, 255), (0, 0, 0)
# The ring around the clicked cell tells which button it was, as a colour and as a line style.
RING = {
    MoveKind.REVEAL: (255, 220, 0),
    MoveKind.FLAG: (230, 40, 40),
    MoveKind.UNFLAG: (150, 150, 150),
    MoveKind.CHORD: (40, 120, 255),
}


def draw_click(surface: pygame.Surface, rect: pygame.Rect, kind: MoveKind, scale: int) -> None:
    """Mark the cell of the last click: a ring (solid for a left click, doubled for a chord, dotted corners
    for a right click) and the pointer resting on it."""
    colour = RING[kind]
    pygame.draw.rect(surface, POINTER_EDGE, rect, 2 * scale)
    inner = rect.inflate(-2 * scale, -2 * scale)
    if kind.right_click:
        corner = max(3, rect.w // 4)
        for x, y, dx, dy in (
            (inner.left, inner.top, 1, 1),
            (inner.right - 1, inner.top, -1, 1),
            (inner.left, inner.bottom - 1, 1, -1),
            (inner.right - 1, inner.bottom - 1, -1, -1),
        ):
            pygame.draw.line(surface, colour, (x, y), (x + dx * corner, y), 2 * scale)
            pygame.draw.line(surface, colour, (x, y), (x, y + dy * corner), 2 * scale)
    else:
        pygame.draw.rect(surface, colour, inner, scale)
        if kind is MoveKind.CHORD:
            pygame.draw.rect(surface, colour, inner.inflate(-4 * scale, -4 * scale), scale)
    k = max(1, scale)
    points = [(rect.centerx + x * k, rect.centery + y * k) for x, y in POINTER]
    pygame.draw.polygon(surface, POINTER_FILL, points)
    pygame.draw.polygon(surface, POINTER_EDGE, points, max(1, k // 1))


def draw_seek_bar(
    surface: pygame.Surface, rect: pygame.Rect, fraction: float, end_colour: ColorLike | None = None
) -> None:
    """A sunken track filled up to `fraction` (0..1), with a raised knob at that point."""
    look = theme.current()
    widgets.bevel(surface, rect, raised=False, width=2, face=look.field)
    filled = rect.inflate(-px(6), -px(6))
    filled.w = round(filled.w * max(0.0, min(1.0, fraction)))
    if filled.w:
        surface.fill(look.accent, filled)
    if end_colour is not None:
        surface.fill(end_colour, (rect.right - px(7), rect.y + px(3), px(4), rect.h - px(6)))
    knob = pygame.Rect(0, 0, px(12), rect.h + px(6))
    knob.center = (rect.x + px(3) + filled.w, rect.centery)
    widgets.bevel(surface, knob, raised=True, width=2, face=look.face)


def draw_pointer(surface: pygame.Surface, point: tuple[float, float], scale: int) -> None:
    """The video's mouse pointer, its tip at `point` (a screen position)."""
    k = max(1, scale)
    points = [(point[0] + x * k, point[1] + y * k) for x, y in POINTER]
    pygame.draw.polygon(surface, POINTER_FILL, points)
    pygame.draw.polygon(surface, POINTER_EDGE, points, k)
