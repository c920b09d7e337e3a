"""A board's view that cuts through the board: on each side cut, the last strip of cells fades into the window."""

from __future__ import annotations

import pygame

from game.view import theme
from game.view.input import BoardGeometry

FADE = 0.5  # of a cell: the cells beyond a cut side show this much, fading, so a cut never reads as the edge


def draw_fades(surface: pygame.Surface, g: BoardGeometry) -> None:
    """Over each side of the view that cuts through the board (the board goes on beyond it), the last strip of
    cells fades into the window's face: the board goes on there; it is not the board's edge."""
    board_w, board_h = g.board_size
    depth = max(1, round(FADE * g.tile))
    face = theme.current().face
    cut = (g.scroll_y > 0, g.scroll_x > 0, g.scroll_y + g.view.h < board_h, g.scroll_x + g.view.w < board_w)
    for side, (is_cut, horizontal) in enumerate(zip(cut, (True, False, True, False))):
        if not is_cut:
            continue
        for step in range(depth):  # from the view's edge inward, opaque to clear
            alpha = round(230 * (1 - step / depth))
            line = pygame.Surface((g.view.w, 1) if horizontal else (1, g.view.h), pygame.SRCALPHA)
            line.fill((*face[:3], alpha))
            x = {1: g.view.left + step, 3: g.view.right - 1 - step}.get(side, g.view.left)
            y = {0: g.view.top + step, 2: g.view.bottom - 1 - step}.get(side, g.view.top)
            surface.blit(line, (x, y))
