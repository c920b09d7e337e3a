"""Looks the player can choose (Classic, Dark) and the number palette, read by the view at draw time."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from game import config

if TYPE_CHECKING:
    from game.settings import Settings

PALETTES = ("standard", "colour-blind")
RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


class Theme(NamedTuple):
    """The colours of the windows and widgets, and the sprite sheets drawn for this look by tools/make_assets.py.

    Widgets read these when they draw, never when they are made, so a switch shows on the next full redraw.
    """

    name: str
    label: str
    sheet: str  # file in assets/ with the standard number palette
    colour_blind_sheet: str  # the same look with the colour-blind number palette
    face: RGB  # window and button face
    light: RGB  # bevel highlight (top and left of a raised box)
    shadow: RGB  # bevel shadow (bottom and right), counter outlines
    edge: RGB  # the dark outline of a dialog panel
    hover: RGB  # a button's face under the mouse
    panel: RGB  # dialog face
    field: RGB  # a text box's background
    text: RGB
    dim_text: RGB  # secondary text: sublabels, hints
    disabled_text: RGB  # labels of buttons that cannot be pressed
    error_text: RGB
    success_text: RGB  # good news, e.g. a new record
    accent: RGB  # title bars, focus rings, a marked button
    accent_text: RGB  # text on the accent colour
    heading: RGB  # headings on a window or panel face
    guess_forced: RGB  # a forced guess marked on Replay's seek bar (amber)
    guess_unsafest: RGB  # a forced guess where another cell was safer (distinct from amber and the error red)
    overlay: RGBA  # RGBA shade laid over a scene beneath a dialog
    drop_shadow: RGBA  # RGBA shadow a dialog panel casts
    # Progress's charts: their ground and grid, a game's point, the moving median, the personal bests' steps,
    # the bars of games and of wins, and the calendar's days from none played to the most
    chart: RGB = (255, 255, 255)
    grid: RGB = (220, 220, 220)
    point: RGB = (110, 140, 200)
    median: RGB = (214, 120, 0)
    best: RGB = (0, 140, 60)
    bar: RGB = (170, 180, 200)
    win_bar: RGB = (0, 140, 60)
    heat: tuple[RGB, ...] = ((235, 237, 240), (155, 233, 168), (64, 196, 99), (48, 161, 78), (33, 110, 57))

    def sheet_for(self, colour_blind: bool = False) -> str:
        return self.colour_blind_sheet if colour_blind else self.sheet


CLASSIC = Theme(
    name="classic",
    label="Classic",
    sheet="sprites.png",
    colour_blind_sheet="sprites-classic-cb.png",
    face=(192, 192, 192),
    light=(255, 255, 255),
    shadow=(128, 128, 128),
    edge=(0, 0, 0),
    hover=(236, 236, 236),
    panel=(224, 224, 224),
    field=(255, 255, 255),
    text=(16, 16, 16),
    dim_text=(90, 90, 90),
    disabled_text=(128, 128, 128),
    error_text=(176, 0, 0),
    success_text=(0, 110, 0),
    accent=(0, 0, 160),
    accent_text=(255, 255, 255),
    heading=(0, 0, 160),
    guess_forced=(214, 134, 0),
    guess_unsafest=(150, 40, 170),
    overlay=(0, 0, 0, 110),
    drop_shadow=(0, 0, 0, 70),
)

DARK = Theme(
    name="dark",
    label="Dark",
    sheet="sprites-dark.png",
    colour_blind_sheet="sprites-dark-cb.png",
    face=(58, 61, 67),
    light=(104, 109, 118),
    shadow=(28, 30, 33),
    edge=(12, 13, 15),
    hover=(76, 80, 88),
    panel=(50, 53, 59),
    field=(32, 34, 38),
    text=(228, 230, 234),
    dim_text=(158, 163, 171),
    disabled_text=(108, 112, 120),
    error_text=(255, 120, 110),
    success_text=(120, 215, 120),
    accent=(60, 114, 206),
    accent_text=(245, 247, 250),
    heading=(130, 178, 255),
    guess_forced=(255, 184, 60),
    guess_unsafest=(214, 130, 255),
    overlay=(0, 0, 0, 140),
    drop_shadow=(0, 0, 0, 110),
    chart=(32, 34, 38),
    grid=(60, 64, 70),
    point=(120, 160, 230),
    median=(255, 170, 60),
    best=(110, 220, 120),
    bar=(90, 98, 112),
    win_bar=(90, 200, 110),
    heat=((48, 51, 57), (14, 68, 41), (0, 109, 50), (38, 166, 65), (57, 211, 83)),
)

THEMES = {CLASSIC.name: CLASSIC, DARK.name: DARK}
DEFAULT = CLASSIC.name

_current = CLASSIC
_colour_blind = False


def get(name: object) -> Theme:
    """The theme called `name`; anything unknown (an old or hand-edited settings file) gives Classic."""
    return THEMES.get(name, CLASSIC) if isinstance(name, str) else CLASSIC


def use(name: object, colour_blind: bool = False) -> Theme:
    """Make `name` the current look, with the colour-blind number palette if asked; returns the theme.

    Never raises: the name comes from a settings file.
    """
    global _current, _colour_blind
    _current = get(name)
    _colour_blind = bool(colour_blind)
    return _current


def use_settings(settings: Settings) -> Theme:
    """Apply the player's "theme" and "palette" settings (palette "colour-blind" or "standard"); returns the theme."""
    return use(settings.get("theme"), colour_blind=settings.get("palette") == PALETTES[1])


def current() -> Theme:
    return _current


def colour_blind() -> bool:
    """True when the colour-blind number palette is in use."""
    return _colour_blind


def sheet_path(look: Theme | None = None, colour_blind: bool | None = None) -> Path:
    """The sprite sheet for a theme and palette (by default the current ones)."""
    look = look or _current
    colour_blind = _colour_blind if colour_blind is None else colour_blind
    if look is CLASSIC and not colour_blind:
        return config.SPRITE_SHEET  # read at call time: the sheet every other falls back to, and the default
    return config.ASSETS_DIR / look.sheet_for(colour_blind)


def all_sheets() -> list[tuple[Theme, bool, str]]:
    """Every (theme, colour_blind) pair and its sheet's file name: what the asset script must draw."""
    return [(t, cb, t.sheet_for(cb)) for t in THEMES.values() for cb in (False, True)]
