"""The sprite sheet, loaded once and sliced into one surface per look at each whole scale factor."""
import pygame

from game import config
from game.view import sheet
from game.view.sheet import DIGIT_GLYPHS, Face, Tile


class Atlas:
    """Tiles, faces and seven-segment digits at one scale (tile size = 16 px x scale)."""

    def __init__(self, sheet_surface, scale):
        self.scale = scale
        self.tile_size = sheet.TILE * scale
        scaled = pygame.transform.scale_by(sheet_surface, scale) if scale != 1 else sheet_surface

        def cut(rect):
            x, y, w, h = (v * scale for v in rect)
            return scaled.subsurface((x, y, w, h)).copy().convert_alpha()

        self.tiles = {tile: cut(sheet.tile_rect(tile)) for tile in Tile}
        self.faces = {face: cut(sheet.face_rect(face)) for face in Face}
        self.digits = {glyph: cut(sheet.digit_rect(glyph)) for glyph in DIGIT_GLYPHS}


class AtlasCache:
    """Loads the sheet file once; hands out an Atlas per scale factor, made on first use."""

    def __init__(self, path=config.SPRITE_SHEET):
        self._sheet = pygame.image.load(str(path)).convert_alpha()
        self._by_scale = {}

    def at(self, scale):
        if scale not in self._by_scale:
            self._by_scale[scale] = Atlas(self._sheet, scale)
        return self._by_scale[scale]
