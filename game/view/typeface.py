"""The game's typeface: Lato (regular, bold, black) from the font-lato package, with pygame's own font as the
fallback when the package is missing. Sizes come from one small type scale, in base pixels that the interface's
factor (scale.py) turns into the pixels drawn; weights are the font's own, never a faux bold."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.view import scale

# The type scale: every text in the game is one of these sizes (base pixels: at 100%).
TINY, SMALL, BODY, LARGE, HEADING, TITLE = 12, 14, 16, 20, 28, 40
SIZES = (TINY, SMALL, BODY, LARGE, HEADING, TITLE)

REGULAR, BOLD, BLACK = "regular", "bold", "black"
_FILES = {REGULAR: "Lato-Regular.ttf", BOLD: "Lato-Bold.ttf", BLACK: "Lato-Black.ttf"}

_fonts: dict[tuple[int, str], pygame.font.Font] = {}


def _folder() -> Path | None:
    """Where the Lato files are: the font_lato package's folder, or the one-file build's copy of it."""
    try:
        import font_lato  # the package exposes its folder; importing it reads nothing but a directory listing
    except ImportError:
        return None
    folder = Path(font_lato.font_directory)
    return folder if (folder / _FILES[REGULAR]).is_file() else None


_FOLDER = _folder()


def available() -> bool:
    """True when Lato is there (else pygame's default font stands in)."""
    return _FOLDER is not None


def forget() -> None:
    """Drop cached fonts: they die with pygame.font.quit(), so a new app starts afresh."""
    _fonts.clear()


def font(size: int, weight: str = REGULAR) -> pygame.font.Font:
    """The font at a size of the type scale and a weight, at the interface's factor; each loaded once."""
    pixels = scale.px(size)
    key = (pixels, weight)
    if key not in _fonts:
        if _FOLDER is not None:
            made = pygame.font.Font(_FOLDER / _FILES[weight], pixels)
        else:
            made = pygame.font.Font(None, round(pixels * 1.3))  # pygame's font runs small for its size
            made.bold = weight != REGULAR
        _fonts[key] = made
    return _fonts[key]


_glyphs: dict[str, bool] = {}


def writes(message: str) -> bool:
    """Whether the typeface has a glyph for every character of `message` (a player's name in a script it
    lacks would show as boxes). Asked of FreeType, which says which glyphs are missing; cached per text."""
    known = _glyphs.get(message)
    if known is None:
        import pygame.freetype

        pygame.freetype.init()  # (a second init does nothing)
        default = Path(pygame.__file__).parent / pygame.font.get_default_font()  # the fallback's file
        path = _FOLDER / _FILES[REGULAR] if _FOLDER is not None else default
        known = _glyphs[message] = None not in pygame.freetype.Font(path, BODY).get_metrics(message)
    return known
