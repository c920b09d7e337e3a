"""The title block the menu screens share: a mine and the title, a subtitle under them, on a raised face."""

import pygame

from game.view import text, theme, widgets
from game.view.layout import MARGIN, TITLE_H
from game.view.sheet import Tile
from game.view.typeface import BLACK, BODY, TITLE

TITLE_Y, SUBTITLE_Y = 40, 74  # the centres of the title and subtitle lines
TITLE_SCALE = 2  # the mine drawn at twice the sprite sheet's size
MINE_GAP = 10  # between the mine and the title


def mine_icon(atlases):
    """The theme's mine without the cell it lies on, so it sits on any face colour."""
    atlas = atlases.at(TITLE_SCALE)
    scale, size = atlas.scale, atlas.tile_size
    mine = atlas.tiles[Tile.MINE].subsurface((scale, scale, size - scale, size - scale)).copy()
    mine.set_colorkey(mine.get_at((1, 1)))  # the cell's colour, at a corner the mine does not reach
    return mine


def draw_title(surface, atlases, title, subtitle=""):
    """Returns the bottom of the title block (where a screen's content may start)."""
    width = surface.get_width()
    widgets.bevel(surface, surface.get_rect(), raised=True, width=3)
    mine = mine_icon(atlases)
    room = width - 2 * MARGIN - mine.get_width() - MINE_GAP
    title, size = text.fit(title, room, TITLE, BLACK, smallest=BODY)
    title_w = text.width(title, size, BLACK)
    left = (width - title_w - mine.get_width() - MINE_GAP) // 2
    surface.blit(mine, mine.get_rect(midleft=(left, TITLE_Y)))
    box = pygame.Rect(left + mine.get_width() + MINE_GAP, TITLE_Y - 28, title_w, 56)
    text.draw(surface, title, (box.x, TITLE_Y), size, anchor="midleft", weight=BLACK, box=box)
    if subtitle:
        line = pygame.Rect(MARGIN, SUBTITLE_Y - 10, width - 2 * MARGIN, 20)
        text.draw_fitted(surface, subtitle, line, BODY, theme.current().dim_text, "center")
    return TITLE_H
