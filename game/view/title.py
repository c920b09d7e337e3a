"""The title block the menu screens share: a mine and the title, a subtitle under them, on a raised face."""

from __future__ import annotations

import pygame

from game.view import scale, text, theme, widgets
from game.view.atlas import AtlasCache
from game.view.layout import MARGIN, TITLE_H
from game.view.scale import px
from game.view.sheet import TILE, Tile
from game.view.theme import Theme
from game.view.typeface import BLACK, BODY, TITLE

TITLE_Y, SUBTITLE_Y = 40, 74  # the centres of the title and subtitle lines (base pixels, as below)
TITLE_SCALE = 2  # the mine drawn at twice the sprite sheet's size (at 100%; a whole multiple at any factor)
MINE_GAP = 10  # between the mine and the title
LEAST_CONTRAST = 3.0  # WCAG's for a graphic: below it on the title's face, the mine gets a light rim

Colour = tuple[int, ...] | pygame.Color  # RGB or RGBA, read channel by channel


def luminance(colour: Colour) -> float:
    """WCAG's relative luminance of an sRGB colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# made once per sheet, theme and factor: the menu screens draw their title at every redraw
_icons: dict[tuple[str, str, tuple[int, ...], int], pygame.Surface] = {}


def mine_icon(atlases: AtlasCache, face: Colour | None = None) -> pygame.Surface:
    """The theme's mine without the cell it lies on, so it sits on any face colour; drawn at a whole multiple
    of the sprite (never smoothed). On a face it would not stand out from (a black mine on the dark theme's grey)
    it gets a one-pixel rim in the theme's text colour, so its outline shows."""
    look = theme.current()
    face = face or look.face
    key = (atlases.sheet_path(), look.name, tuple(face), scale.sprite_scale(TITLE_SCALE))
    if key not in _icons:
        _icons[key] = _made_icon(atlases, look, face)
    return _icons[key]


def _made_icon(atlases: AtlasCache, look: Theme, face: Colour) -> pygame.Surface:
    small = atlases.at(1).tiles[Tile.MINE].subsurface((1, 1, TILE - 1, TILE - 1))
    cell = small.get_at((0, 0))  # the cell's colour, at a corner the mine does not reach
    mask = pygame.mask.from_threshold(small, cell, (1, 1, 1, 255))
    mask.invert()  # the mine's own pixels
    body = small.get_at((small.get_width() // 2, small.get_height() // 2 + 2))
    size = small.get_width() + 2
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    if contrast(body, face) < LEAST_CONTRAST:
        rim = mask.convolve(pygame.mask.Mask((3, 3), fill=True))  # the mine grown by a pixel all round
        icon.blit(rim.to_surface(setcolor=look.text, unsetcolor=(0, 0, 0, 0)), (0, 0))
    icon.blit(mask.to_surface(setsurface=small, unsetcolor=(0, 0, 0, 0)), (1, 1))
    return pygame.transform.scale_by(icon, scale.sprite_scale(TITLE_SCALE))  # nearest neighbour: crisp


def title_bottom(offset: int = 0) -> int:
    """Where a screen's content may start under the title block (`offset` base pixels off it), in window pixels."""
    return px(TITLE_H + offset)


def draw_title(surface: pygame.Surface, atlases: AtlasCache, title: str, subtitle: str = "") -> int:
    """Returns the bottom of the title block (where a screen's content may start)."""
    width = surface.get_width()
    widgets.bevel(surface, surface.get_rect(), raised=True, width=3)
    mine = mine_icon(atlases)
    margin, gap, title_y = px(MARGIN), px(MINE_GAP), px(TITLE_Y)
    room = width - 2 * margin - mine.get_width() - gap
    title, size = text.fit(title, room, TITLE, BLACK, smallest=BODY)
    title_w = text.width(title, size, BLACK)
    left = (width - title_w - mine.get_width() - gap) // 2
    surface.blit(mine, mine.get_rect(midleft=(left, title_y)))
    box = pygame.Rect(left + mine.get_width() + gap, title_y - px(28), title_w, px(56))
    text.draw(surface, title, (box.x, title_y), size, anchor="midleft", weight=BLACK, box=box)
    if subtitle:
        line = pygame.Rect(margin, px(SUBTITLE_Y) - px(10), width - 2 * margin, px(20))
        text.draw_fitted(surface, subtitle, line, BODY, theme.current().dim_text, "center")
    return title_bottom()
