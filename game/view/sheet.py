"""Where each sprite lies on the sheet, in base pixels: shared by the asset script and the atlas."""

from enum import Enum

TILE = 16
FACE = 26
DIGIT_W, DIGIT_H = 13, 23

TILES_Y = 0
FACES_Y = TILE
DIGITS_Y = FACES_Y + FACE


class Tile(Enum):
    """One member for each look a board cell can have."""

    COVERED = 0
    HOVER = 1
    PRESSED = 2
    N1 = 3
    N2 = 4
    N3 = 5
    N4 = 6
    N5 = 7
    N6 = 8
    N7 = 9
    N8 = 10
    FLAG = 11
    QUESTION = 12
    QUESTION_PRESSED = 13
    MINE = 14
    EXPLODED = 15
    WRONG_FLAG = 16


# Index n gives the tile of a revealed cell with n adjacent mines (0 looks like a pressed cell).
NUMBER_TILES = (Tile.PRESSED, Tile.N1, Tile.N2, Tile.N3, Tile.N4, Tile.N5, Tile.N6, Tile.N7, Tile.N8)


class Face(Enum):
    SMILE = 0
    SMILE_PRESSED = 1
    SURPRISED = 2
    DEAD = 3
    COOL = 4


# Seven-segment glyphs: the ten digits, then a minus sign, then a blank.
DIGIT_GLYPHS = "0123456789- "


def tile_rect(tile: Tile) -> tuple[int, int, int, int]:
    return (tile.value * TILE, TILES_Y, TILE, TILE)


def face_rect(face: Face) -> tuple[int, int, int, int]:
    return (face.value * FACE, FACES_Y, FACE, FACE)


def digit_rect(glyph: str) -> tuple[int, int, int, int]:
    return (DIGIT_GLYPHS.index(glyph) * DIGIT_W, DIGITS_Y, DIGIT_W, DIGIT_H)


SHEET_SIZE = (
    max(len(Tile) * TILE, len(Face) * FACE, len(DIGIT_GLYPHS) * DIGIT_W),
    DIGITS_Y + DIGIT_H,
)
