"""The sprite sheets, each loaded once and sliced into one surface per look: at whole scale factors for the
top bar, and at any tile size from 16 px up for the board."""

from __future__ import annotations

import io
from pathlib import Path

import pygame

from game.files.bounded import read_regular
from game.view import sheet, theme
from game.view.sheet import DIGIT_GLYPHS, Face, Tile

MOST_SHEET_BYTES = 16 * 2**20  # a sprite sheet is a few KB; one this large is not ours, and is not read


class Atlas:
    """Tiles, faces and seven-segment digits at one whole scale (tile size = 16 px x scale), or, given a
    `tile_size` that is not a whole multiple of 16, tiles of that size: the sheet is blown up by whole pixels to
    the next multiple and each tile smoothed down from there, so every sprite pixel keeps its share."""

    def __init__(self, sheet_surface: pygame.Surface, scale: int, tile_size: int | None = None) -> None:
        tile_size = tile_size or sheet.TILE * scale
        if tile_size % sheet.TILE:
            scale = -(-tile_size // sheet.TILE)
        self.scale = scale
        self.tile_size = tile_size
        scaled = pygame.transform.scale_by(sheet_surface, scale) if scale != 1 else sheet_surface

        def cut(rect: tuple[int, int, int, int]) -> pygame.Surface:
            x, y, w, h = (v * scale for v in rect)
            return scaled.subsurface((x, y, w, h)).copy().convert_alpha()

        def tile(which: Tile) -> pygame.Surface:
            image = cut(sheet.tile_rect(which))
            if image.get_width() != tile_size:
                image = pygame.transform.smoothscale(image, (tile_size, tile_size))
            return image

        self.tiles = {which: tile(which) for which in Tile}
        self.faces = {face: cut(sheet.face_rect(face)) for face in Face}
        self.digits = {glyph: cut(sheet.digit_rect(glyph)) for glyph in DIGIT_GLYPHS}


class AtlasCache:
    """Hands out an Atlas for the current theme and number palette at a scale factor, made on first use.

    Sheets are loaded once each and atlases kept per (sheet, scale), so switching theme back and forth costs
    nothing after the first time. `path` pins one sheet whatever the theme (tests, tools). A sheet that is
    missing or unreadable is replaced by the classic one: a broken theme file must not stop the game.
    """

    def __init__(self, path: str | Path | None = None) -> None:
        self._pinned = path
        self._sheets: dict[str, pygame.Surface] = {}
        self._atlases: dict[tuple[str, int] | tuple[str, str, int], Atlas] = {}
        self.sheet_path()  # load the starting sheet now, so a missing classic sheet fails at start-up

    def sheet_path(self) -> str:
        """The sheet in use: the pinned one, else the current theme's; loads it if not loaded yet."""
        path = str(self._pinned or theme.sheet_path())
        self._load(path)
        return path

    def _load(self, path: str) -> pygame.Surface:
        key = str(path)
        if key not in self._sheets:
            try:
                # bounded, and never a pipe named like it (the start would wait on it forever)
                image = pygame.image.load(io.BytesIO(read_regular(key, MOST_SHEET_BYTES)), key).convert_alpha()
                if image.get_size() != sheet.SHEET_SIZE:
                    raise ValueError(f"{path} is {image.get_size()}, not {sheet.SHEET_SIZE}")
            except (pygame.error, OSError, ValueError):
                fallback = str(theme.sheet_path(theme.CLASSIC, colour_blind=False))
                if key == fallback:
                    raise  # the classic sheet is the fallback: without it there is nothing to draw with
                image = self._load(fallback)
            self._sheets[key] = image
        return self._sheets[key]

    def at(self, scale: int) -> Atlas:
        """The current sheet at a whole scale factor (the top bar, the title's mine)."""
        path = self.sheet_path()
        key = (path, scale)
        if key not in self._atlases:
            self._atlases[key] = Atlas(self._sheets[path], scale)
        return self._atlases[key]

    def board(self, tile_size: int) -> Atlas:
        """The current sheet's tiles at any size (the board)."""
        if tile_size % sheet.TILE == 0:
            return self.at(tile_size // sheet.TILE)
        path = self.sheet_path()
        key = (path, "tiles", tile_size)
        if key not in self._atlases:
            self._atlases[key] = Atlas(self._sheets[path], 1, tile_size)
        return self._atlases[key]
