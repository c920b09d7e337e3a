"""The title block the menu screens share: a mine, the title and a subtitle, on a raised window face."""

from game.view import theme, widgets
from game.view.sheet import Tile

TITLE_Y, SUBTITLE_Y, TITLE_SIZE, SUBTITLE_SIZE = 44, 76, 46, 22


def draw_title(surface, atlas, title, subtitle=""):
    width = surface.get_width()
    widgets.bevel(surface, surface.get_rect(), raised=True, width=3)
    scale, size = atlas.scale, atlas.tile_size
    mine = atlas.tiles[Tile.MINE].subsurface((scale, scale, size - scale, size - scale))  # without the grid line
    widgets.text(surface, title, (width // 2 + 20, TITLE_Y), TITLE_SIZE, anchor="center", bold=True)
    title_w = widgets.font(TITLE_SIZE, True).size(title)[0]
    surface.blit(mine, mine.get_rect(center=(width // 2 + 20 - title_w // 2 - 26, TITLE_Y)))
    if subtitle:
        widgets.text(
            surface, subtitle, (width // 2, SUBTITLE_Y), SUBTITLE_SIZE, theme.current().dim_text, anchor="center"
        )
