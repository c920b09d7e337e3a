"""Draw the sprite sheet and the window icon into assets/, deterministically, with pygame alone.

Run: python tools/make_assets.py
Every sprite is drawn at base size (16 px tiles) from the bitmaps and shapes below; the game scales
the sheet by whole factors, so the pixels stay crisp.
"""
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game import config  # noqa: E402
from game.view import sheet  # noqa: E402
from game.view.sheet import Face, Tile  # noqa: E402

GRAY, LIGHT, SHADOW, BLACK = config.GRAY, config.LIGHT, config.SHADOW, config.BLACK
HOVER_GRAY = (210, 210, 210)
RED = (255, 0, 0)
YELLOW = (255, 255, 0)
SEGMENT_ON = (255, 0, 0)
SEGMENT_OFF = (56, 0, 0)

NUMBER_COLOURS = {
    1: (0, 0, 255), 2: (0, 128, 0), 3: (255, 0, 0), 4: (0, 0, 128),
    5: (128, 0, 0), 6: (0, 128, 128), 7: (0, 0, 0), 8: (128, 128, 128),
}

# Glyphs for the numbers, 10 x 11 pixels, in the bold blocky style of the classic.
GLYPHS = {
    1: """
....###...
...####...
..#####...
.######...
....###...
....###...
....###...
....###...
....###...
..#######.
..#######.""",
    2: """
.#######..
#########.
###...###.
......###.
....#####.
..#####...
.####.....
###.......
###.......
#########.
#########.""",
    3: """
########..
#########.
......###.
......###.
..######..
..######..
......###.
......###.
......###.
#########.
########..""",
    4: """
..###.###.
..###.###.
.###..###.
.###..###.
###...###.
##########
##########
......###.
......###.
......###.
......###.""",
    5: """
#########.
#########.
###.......
###.......
########..
#########.
......###.
......###.
......###.
#########.
########..""",
    6: """
.########.
#########.
###.......
###.......
########..
#########.
###...###.
###...###.
###...###.
#########.
.#######..""",
    7: """
#########.
#########.
......###.
.....###..
.....###..
....###...
....###...
...###....
...###....
...###....
...###....""",
    8: """
.#######..
#########.
###...###.
###...###.
.#######..
.#######..
###...###.
###...###.
###...###.
#########.
.#######..""",
    "?": """
..#####...
.#######..
###...###.
......###.
.....###..
....###...
....###...
..........
....###...
....###...
..........""",
}

# 'K' black, 'W' white highlight.
MINE = """
......K......
......K......
..K.KKKKK.K..
...KKKKKKK...
..KKWWKKKKK..
..KKWWKKKKK..
KKKKKKKKKKKKK
..KKKKKKKKK..
..KKKKKKKKK..
...KKKKKKK...
..K.KKKKK.K..
......K......
......K......"""

# 'R' red cloth, 'K' black pole and foot.
FLAG = """
.....RRK...
...RRRRK...
.RRRRRRK...
.RRRRRRK...
...RRRRK...
.....RRK...
.......K...
.......K...
.....KKKK..
..KKKKKKKK.
..KKKKKKKK."""

PALETTE = {"K": BLACK, "W": LIGHT, "R": RED, "#": BLACK}


def paint_bitmap(surface, bitmap, origin, colour=None):
    """Paint a bitmap string; '#' takes `colour`, letters take their palette colour, '.' is clear."""
    ox, oy = origin
    for y, line in enumerate(bitmap.strip("\n").splitlines()):
        for x, ch in enumerate(line):
            if ch == ".":
                continue
            surface.set_at((ox + x, oy + y), colour if (ch == "#" and colour) else PALETTE[ch])


def bitmap_size(bitmap):
    lines = bitmap.strip("\n").splitlines()
    return max(len(line) for line in lines), len(lines)


def paint_centered(surface, rect, bitmap, colour=None, shift=(0, 0)):
    w, h = bitmap_size(bitmap)
    x = rect.x + (rect.w - w) // 2 + shift[0]
    y = rect.y + (rect.h - h) // 2 + shift[1]
    paint_bitmap(surface, bitmap, (x, y), colour)


def raised(surface, rect, face=GRAY, width=2):
    """A raised bevel: light top-left, shadow bottom-right, the corners split on the diagonal."""
    surface.fill(face, rect)
    for i in range(width):
        pygame.draw.line(surface, LIGHT, (rect.left, rect.top + i), (rect.right - 2 - i, rect.top + i))
        pygame.draw.line(surface, LIGHT, (rect.left + i, rect.top), (rect.left + i, rect.bottom - 2 - i))
        pygame.draw.line(surface, SHADOW, (rect.left + 1 + i, rect.bottom - 1 - i), (rect.right - 1, rect.bottom - 1 - i))
        pygame.draw.line(surface, SHADOW, (rect.right - 1 - i, rect.top + 1 + i), (rect.right - 1 - i, rect.bottom - 1))


def flat(surface, rect, face=GRAY):
    """An opened cell: flat, with a one-pixel grid line on its top and left."""
    surface.fill(face, rect)
    pygame.draw.line(surface, SHADOW, rect.topleft, (rect.right - 1, rect.top))
    pygame.draw.line(surface, SHADOW, rect.topleft, (rect.left, rect.bottom - 1))


def draw_tiles(surface):
    def cell(tile):
        return pygame.Rect(sheet.tile_rect(tile))

    raised(surface, cell(Tile.COVERED))
    raised(surface, cell(Tile.HOVER), face=HOVER_GRAY)
    flat(surface, cell(Tile.PRESSED))
    for n in range(1, 9):
        rect = cell(sheet.NUMBER_TILES[n])
        flat(surface, rect)
        paint_centered(surface, rect.inflate(-1, -1).move(1, 1), GLYPHS[n], NUMBER_COLOURS[n])
    raised(surface, cell(Tile.FLAG))
    paint_centered(surface, cell(Tile.FLAG), FLAG, shift=(0, 0))
    raised(surface, cell(Tile.QUESTION))
    paint_centered(surface, cell(Tile.QUESTION), GLYPHS["?"], BLACK)
    flat(surface, cell(Tile.QUESTION_PRESSED))
    paint_centered(surface, cell(Tile.QUESTION_PRESSED).inflate(-1, -1).move(1, 1), GLYPHS["?"], BLACK)
    flat(surface, cell(Tile.MINE))
    paint_centered(surface, cell(Tile.MINE).inflate(-1, -1).move(1, 1), MINE)
    exploded = cell(Tile.EXPLODED)
    flat(surface, exploded, face=RED)
    paint_centered(surface, exploded.inflate(-1, -1).move(1, 1), MINE)
    wrong = cell(Tile.WRONG_FLAG)
    flat(surface, wrong)
    paint_centered(surface, wrong.inflate(-1, -1).move(1, 1), MINE)
    for offset in (0, 1):
        pygame.draw.line(surface, RED, (wrong.x + 2 + offset, wrong.y + 3), (wrong.x + 12 + offset, wrong.y + 13))
        pygame.draw.line(surface, RED, (wrong.x + 12 + offset, wrong.y + 3), (wrong.x + 2 + offset, wrong.y + 13))


def draw_face(surface, face):
    rect = pygame.Rect(sheet.face_rect(face))
    pressed = face is Face.SMILE_PRESSED
    if pressed:
        surface.fill(GRAY, rect)
        pygame.draw.rect(surface, SHADOW, rect, 1)
        pygame.draw.line(surface, SHADOW, (rect.x + 1, rect.y + 1), (rect.right - 2, rect.y + 1))
        pygame.draw.line(surface, SHADOW, (rect.x + 1, rect.y + 1), (rect.x + 1, rect.bottom - 2))
    else:
        surface.fill(SHADOW, rect)
        raised(surface, rect.inflate(-2, -2))
        pygame.draw.rect(surface, SHADOW, rect, 1)
    cx, cy = rect.centerx + (1 if pressed else 0), rect.centery + (1 if pressed else 0)
    pygame.draw.circle(surface, YELLOW, (cx, cy), 8)
    pygame.draw.circle(surface, BLACK, (cx, cy), 9, 1)

    def dot(x, y, w=2, h=2):
        surface.fill(BLACK, (cx + x, cy + y, w, h))

    if face is Face.DEAD:
        for ex in (-4, 2):
            for i in range(3):
                surface.set_at((cx + ex + i - 1, cy - 4 + i), BLACK)
                surface.set_at((cx + ex + 1 - i, cy - 4 + i), BLACK)
        for x0, x1, yy in ((-2, 2, 3), (-3, -3, 4), (3, 3, 4), (-4, -4, 5), (4, 4, 5)):
            surface.fill(BLACK, (cx + x0, cy + yy, x1 - x0 + 1, 1))
        return
    if face is Face.COOL:
        surface.fill(BLACK, (cx - 7, cy - 4, 15, 1))
        surface.fill(BLACK, (cx - 6, cy - 4, 5, 3))
        surface.fill(BLACK, (cx + 1, cy - 4, 5, 3))
        surface.fill(BLACK, (cx - 5, cy - 1, 3, 1))
        surface.fill(BLACK, (cx + 2, cy - 1, 3, 1))
    else:
        dot(-4, -4)
        dot(2, -4)
    if face is Face.SURPRISED:
        pygame.draw.circle(surface, BLACK, (cx, cy + 4), 2, 1)
    else:
        for x0, x1, yy in ((-4, -3, 2), (3, 4, 2), (-3, -2, 3), (2, 3, 3), (-2, 2, 4)):
            surface.fill(BLACK, (cx + x0, cy + yy, x1 - x0 + 1, 1))


SEGMENTS = {  # which of a b c d e f g are lit, in the usual seven-segment naming
    "0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd",
    "6": "afgedc", "7": "abc", "8": "abcdefg", "9": "abcdfg", "-": "g", " ": "",
}


def segment_runs(x, y):
    """The seven segments of one 13 x 23 digit, each as pixel runs (x, y, w, h) tapering at the ends."""
    def horizontal(yy, shape):
        return [(x + x0, y + yy + i, x1 - x0 + 1, 1) for i, (x0, x1) in enumerate(shape)]

    def vertical(xx, y0, shape):
        return [(x + xx + i, y + y0 + a, 1, b - a + 1) for i, (a, b) in enumerate(shape)]

    return {
        "a": horizontal(1, [(2, 10), (3, 9), (4, 8)]),
        "g": horizontal(10, [(3, 9), (2, 10), (3, 9)]),
        "d": horizontal(19, [(4, 8), (3, 9), (2, 10)]),
        "f": vertical(1, 0, [(2, 10), (3, 9), (4, 8)]),
        "e": vertical(1, 0, [(12, 20), (13, 19), (14, 18)]),
        "b": vertical(9, 0, [(4, 8), (3, 9), (2, 10)]),
        "c": vertical(9, 0, [(14, 18), (13, 19), (12, 20)]),
    }


def draw_digits(surface):
    for glyph in sheet.DIGIT_GLYPHS:
        x, y, w, h = sheet.digit_rect(glyph)
        surface.fill(BLACK, (x, y, w, h))
        for name, runs in segment_runs(x, y).items():
            colour = SEGMENT_ON if name in SEGMENTS[glyph] else SEGMENT_OFF
            for run in runs:
                surface.fill(colour, run)


def draw_icon():
    icon = pygame.Surface((32, 32))
    icon.fill(GRAY)
    small = pygame.Surface((16, 16))
    flat(small, small.get_rect())
    paint_centered(small, pygame.Rect(1, 1, 15, 15), MINE)
    icon.blit(pygame.transform.scale_by(small, 2), (0, 0))
    return icon


def build_sheet():
    surface = pygame.Surface(sheet.SHEET_SIZE, pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    draw_tiles(surface)
    for face in Face:
        draw_face(surface, face)
    draw_digits(surface)
    return surface


def main():
    pygame.display.init()
    config.ASSETS_DIR.mkdir(exist_ok=True)
    pygame.image.save(build_sheet(), str(config.SPRITE_SHEET))
    pygame.image.save(draw_icon(), str(config.ICON))
    print(f"wrote {config.SPRITE_SHEET.relative_to(config.ROOT)} and {config.ICON.relative_to(config.ROOT)}")


if __name__ == "__main__":
    main()
