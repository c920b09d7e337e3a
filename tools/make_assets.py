"""Draw the sprite sheets (one per theme and number palette) and the window icon into assets/, deterministically;
cut the CJK typeface's subset into assets/fonts/.

Run: python tools/make_assets.py [--out FOLDER] [STEP ...]   (steps: sheets, fonts; default: sheets)
Every sprite is drawn with pygame alone at base size (16 px tiles) from the bitmaps and shapes below; the
game scales a sheet by whole factors, so the pixels stay crisp. game/view/theme.py names the sheets.
The fonts step needs fontTools and the Noto Sans CJK collection installed on the build machine (Debian:
fonts-noto-cjk); run it again after the translations change, since it reads every catalog's msgstr.
"""

import argparse
import contextlib
import os
import sys
from dataclasses import dataclass, replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game import config
from game.view import sheet, theme
from game.view.sheet import Face, Tile

BLACK = (0, 0, 0)
WHITE = (255, 255, 255)
RED = (255, 0, 0)
YELLOW = (255, 255, 0)
SEGMENT_ON = (255, 0, 0)
SEGMENT_OFF = (56, 0, 0)


@dataclass(frozen=True)
class Look:
    """The colours of one sprite sheet: a theme's cells and chrome, and a number palette."""

    face: tuple  # covered cell and face button
    light: tuple  # bevel highlight
    shadow: tuple  # bevel shadow
    hover: tuple  # covered cell under the mouse
    opened: tuple  # an opened cell
    grid: tuple  # the line between opened cells
    numbers: dict  # 1..8 -> colour
    mark: tuple  # the question mark
    mine: tuple
    mine_shine: tuple
    mine_cell: tuple  # the opened cell behind a mine shown at the end
    cloth: tuple  # the flag
    pole: tuple
    exploded: tuple  # the cell of the mine that went off
    cross: tuple  # the cross over a wrong flag


# The numbers as everyone knows them from Windows.
CLASSIC_NUMBERS = {
    1: (0, 0, 255),
    2: (0, 128, 0),
    3: (255, 0, 0),
    4: (0, 0, 128),
    5: (128, 0, 0),
    6: (0, 128, 128),
    7: (0, 0, 0),
    8: (128, 128, 128),
}
# The same hues, lightened to read on dark cells.
DARK_NUMBERS = {
    1: (110, 165, 255),
    2: (110, 200, 110),
    3: (255, 110, 100),
    4: (185, 140, 255),
    5: (255, 170, 70),
    6: (80, 210, 210),
    7: (235, 235, 235),
    8: (150, 150, 150),
}
# Colour-blind palettes: Okabe-Ito-like hues spread over lightness and the blue-yellow axis (the two that
# protanopes and deuteranopes keep), tuned so that every pair stays over 20 CIELAB units apart under normal
# vision and under simulated protanopia and deuteranopia (Machado 2009) while keeping contrast with the opened
# cell (the standard palettes fall to 3 to 5 units for some pair). tests/view/test_themes.py checks the
# distances. The glyphs differ in shape as well, so colour is never the only cue.
CLASSIC_CB_NUMBERS = {
    1: (0, 128, 212),
    2: (30, 142, 84),
    3: (190, 104, 12),
    4: (0, 12, 140),
    5: (96, 66, 6),
    6: (132, 40, 136),
    7: (0, 0, 0),
    8: (94, 106, 112),
}
DARK_CB_NUMBERS = {
    1: (92, 216, 255),
    2: (120, 208, 128),
    3: (208, 120, 24),
    4: (144, 140, 255),
    5: (190, 110, 180),
    6: (240, 228, 66),
    7: (240, 240, 240),
    8: (162, 150, 150),
}

CLASSIC_LOOK = Look(
    face=theme.CLASSIC.face,
    light=theme.CLASSIC.light,
    shadow=theme.CLASSIC.shadow,
    hover=(210, 210, 210),
    opened=theme.CLASSIC.face,
    grid=theme.CLASSIC.shadow,
    numbers=CLASSIC_NUMBERS,
    mark=BLACK,
    mine=BLACK,
    mine_shine=WHITE,
    mine_cell=theme.CLASSIC.face,
    cloth=RED,
    pole=BLACK,
    exploded=RED,
    cross=RED,
)
# Dark: covered cells a step lighter than the window, with light bevels; opened cells sink darker, so the
# unopened area reads at a glance. Mines shown at the end sit on a lighter cell, where black still shows.
DARK_LOOK = Look(
    face=(80, 84, 92),
    light=(132, 138, 148),
    shadow=(34, 36, 40),
    hover=(98, 103, 112),
    opened=(42, 44, 49),
    grid=(28, 30, 33),
    numbers=DARK_NUMBERS,
    mark=(232, 234, 238),
    mine=(14, 14, 16),
    mine_shine=(235, 235, 235),
    mine_cell=(104, 108, 116),
    cloth=(240, 72, 60),
    pole=(222, 225, 230),
    exploded=(214, 48, 40),
    cross=(255, 84, 70),
)


def looks():
    """Every sheet to draw: file name -> Look, one per theme and number palette."""
    base = {theme.CLASSIC.name: CLASSIC_LOOK, theme.DARK.name: DARK_LOOK}
    colour_blind = {theme.CLASSIC.name: CLASSIC_CB_NUMBERS, theme.DARK.name: DARK_CB_NUMBERS}
    return {
        filename: replace(base[t.name], numbers=colour_blind[t.name]) if cb else base[t.name]
        for t, cb, filename in theme.all_sheets()
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


def paint_bitmap(surface, bitmap, origin, colours):
    """Paint a bitmap string: each character takes its colour from `colours`; '.' is clear."""
    ox, oy = origin
    for y, line in enumerate(bitmap.strip("\n").splitlines()):
        for x, ch in enumerate(line):
            if ch != ".":
                surface.set_at((ox + x, oy + y), colours[ch])


def bitmap_size(bitmap):
    lines = bitmap.strip("\n").splitlines()
    return max(len(line) for line in lines), len(lines)


def paint_centered(surface, rect, bitmap, colours, shift=(0, 0)):
    w, h = bitmap_size(bitmap)
    x = rect.x + (rect.w - w) // 2 + shift[0]
    y = rect.y + (rect.h - h) // 2 + shift[1]
    paint_bitmap(surface, bitmap, (x, y), colours)


def raised(surface, rect, look, face=None, width=2):
    """A raised bevel: light top-left, shadow bottom-right, the corners split on the diagonal."""
    surface.fill(face or look.face, rect)
    for i in range(width):
        pygame.draw.line(surface, look.light, (rect.left, rect.top + i), (rect.right - 2 - i, rect.top + i))
        pygame.draw.line(surface, look.light, (rect.left + i, rect.top), (rect.left + i, rect.bottom - 2 - i))
        pygame.draw.line(
            surface, look.shadow, (rect.left + 1 + i, rect.bottom - 1 - i), (rect.right - 1, rect.bottom - 1 - i)
        )
        pygame.draw.line(
            surface, look.shadow, (rect.right - 1 - i, rect.top + 1 + i), (rect.right - 1 - i, rect.bottom - 1)
        )


def flat(surface, rect, look, face=None):
    """An opened cell: flat, with a one-pixel grid line on its top and left."""
    surface.fill(face or look.opened, rect)
    pygame.draw.line(surface, look.grid, rect.topleft, (rect.right - 1, rect.top))
    pygame.draw.line(surface, look.grid, rect.topleft, (rect.left, rect.bottom - 1))


def inside(rect):
    """An opened cell's area without its grid line, where its picture is centred."""
    return rect.inflate(-1, -1).move(1, 1)


def draw_tiles(surface, look):
    def cell(tile):
        return pygame.Rect(sheet.tile_rect(tile))

    mine = {"K": look.mine, "W": look.mine_shine}
    raised(surface, cell(Tile.COVERED), look)
    raised(surface, cell(Tile.HOVER), look, face=look.hover)
    flat(surface, cell(Tile.PRESSED), look)
    for n in range(1, 9):
        rect = cell(sheet.NUMBER_TILES[n])
        flat(surface, rect, look)
        paint_centered(surface, inside(rect), GLYPHS[n], {"#": look.numbers[n]})
    raised(surface, cell(Tile.FLAG), look)
    paint_centered(surface, cell(Tile.FLAG), FLAG, {"R": look.cloth, "K": look.pole})
    raised(surface, cell(Tile.QUESTION), look)
    paint_centered(surface, cell(Tile.QUESTION), GLYPHS["?"], {"#": look.mark})
    flat(surface, cell(Tile.QUESTION_PRESSED), look)
    paint_centered(surface, inside(cell(Tile.QUESTION_PRESSED)), GLYPHS["?"], {"#": look.mark})
    flat(surface, cell(Tile.MINE), look, face=look.mine_cell)
    paint_centered(surface, inside(cell(Tile.MINE)), MINE, mine)
    exploded = cell(Tile.EXPLODED)
    flat(surface, exploded, look, face=look.exploded)
    paint_centered(surface, inside(exploded), MINE, mine)
    wrong = cell(Tile.WRONG_FLAG)
    flat(surface, wrong, look, face=look.mine_cell)
    paint_centered(surface, inside(wrong), MINE, mine)
    for offset in (0, 1):
        pygame.draw.line(
            surface, look.cross, (wrong.x + 2 + offset, wrong.y + 3), (wrong.x + 12 + offset, wrong.y + 13)
        )
        pygame.draw.line(
            surface, look.cross, (wrong.x + 12 + offset, wrong.y + 3), (wrong.x + 2 + offset, wrong.y + 13)
        )


def draw_face(surface, face, look):
    rect = pygame.Rect(sheet.face_rect(face))
    pressed = face is Face.SMILE_PRESSED
    if pressed:
        surface.fill(look.face, rect)
        pygame.draw.rect(surface, look.shadow, rect, 1)
        pygame.draw.line(surface, look.shadow, (rect.x + 1, rect.y + 1), (rect.right - 2, rect.y + 1))
        pygame.draw.line(surface, look.shadow, (rect.x + 1, rect.y + 1), (rect.x + 1, rect.bottom - 2))
    else:
        surface.fill(look.shadow, rect)
        raised(surface, rect.inflate(-2, -2), look)
        pygame.draw.rect(surface, look.shadow, rect, 1)
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
    "0": "abcdef",
    "1": "bc",
    "2": "abged",
    "3": "abgcd",
    "4": "fgbc",
    "5": "afgcd",
    "6": "afgedc",
    "7": "abc",
    "8": "abcdefg",
    "9": "abcdfg",
    "-": "g",
    " ": "",
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
    """The window icon: a classic mine on a grey cell, whatever the theme (the desktop shows it, not the game)."""
    icon = pygame.Surface((32, 32))
    icon.fill(CLASSIC_LOOK.face)
    small = pygame.Surface((16, 16))
    flat(small, small.get_rect(), CLASSIC_LOOK)
    paint_centered(small, pygame.Rect(1, 1, 15, 15), MINE, {"K": BLACK, "W": WHITE})
    icon.blit(pygame.transform.scale_by(small, 2), (0, 0))
    return icon


def build_sheet(look=CLASSIC_LOOK):
    surface = pygame.Surface(sheet.SHEET_SIZE, pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    draw_tiles(surface, look)
    for face in Face:
        draw_face(surface, face, look)
    draw_digits(surface)
    return surface


# The installed collections the CJK subset is cut from (its Simplified Chinese face also draws kana and most
# kanji), where the build machine keeps them.
CJK_COLLECTIONS = {
    "Regular": Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
    "Bold": Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),
}
CJK_FACE = "Noto Sans CJK SC"
# Japanese is read in Japan's forms of the kanji (直, 角, 骨... are drawn otherwise in China): the Japanese face's
# ideographs for JIS X 0208's first level and every kanji of the Japanese catalog, used when the game speaks it.
JP_FACE = "Noto Sans CJK JP"
CJK_LICENCE = Path("/usr/share/doc/fonts-noto-cjk/copyright")  # Debian's copyright file: holds the OFL's text
LOCALE = Path(__file__).resolve().parent.parent / "game" / "locale"

# Besides the ideographs: kana, CJK punctuation, fullwidth forms, and the letters of names in the other scripts
# the game's Latin typeface lacks (Latin Extended for Czech and Vietnamese, Greek, Cyrillic for Russian).
CJK_RANGES = (
    (0x0020, 0x024F),  # Basic Latin to Latin Extended-B
    (0x0300, 0x036F),  # combining diacritical marks
    (0x0370, 0x03FF),  # Greek
    (0x0400, 0x04FF),  # Cyrillic
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese)
    (0x2000, 0x206F),  # general punctuation
    (0x2100, 0x214F),  # letterlike symbols
    (0x2190, 0x21FF),  # arrows
    (0x2460, 0x24FF),  # enclosed numbers
    (0x25A0, 0x25FF),  # geometric shapes
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0xFF00, 0xFFEF),  # halfwidth and fullwidth forms
)


def catalog_characters(locale=LOCALE):
    """Every character of every translation (msgstr, plural forms too) in the game's catalogs."""
    from babel.messages.pofile import read_po

    found = set()
    for po in sorted(locale.glob("*/LC_MESSAGES/messages.po")):
        with po.open("rb") as stream:
            for message in read_po(stream):
                strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
                for string in strings:
                    found.update(string or "")
    return found


def _decoded(codec, leads, trails):
    found = set()
    for lead in leads:
        for trail in trails:
            with contextlib.suppress(UnicodeDecodeError):  # a code point the set leaves empty
                found.update(bytes((lead, trail)).decode(codec))
    return found


def cjk_characters(locale=LOCALE):
    """What the subset covers: the catalogs, GB2312's first level (3,755 hanzi), JIS X 0208's first level
    (2,965 kanji), the ranges above."""
    wanted = catalog_characters(locale)
    wanted |= _decoded("gb2312", range(0xB0, 0xD8), range(0xA1, 0xFF))
    kanji = _decoded("shift_jis", range(0x88, 0x98), [t for t in range(0x40, 0xFD) if t != 0x7F])
    wanted |= kanji | _decoded("shift_jis", [0x98], range(0x40, 0x9F))  # level 1 ends at 0x9872
    for first, last in CJK_RANGES:
        wanted.update(map(chr, range(first, last + 1)))
    return {ch for ch in wanted if ch.isprintable() or ch == "\u3000"}


def _face_index(collection, family):
    from fontTools.ttLib import TTCollection

    names = [font["name"].getDebugName(1) for font in TTCollection(str(collection), lazy=True).fonts]
    return names.index(family)


def _licence_text(font):
    """The OFL as the package ships it (Debian's copyright file), under the font's own copyright line."""
    text = CJK_LICENCE.read_text(encoding="utf-8").splitlines()
    start = next((i for i, line in enumerate(text) if line == "License: SIL-1.1" and text[i + 1 : i + 2] != [""]), None)
    lines = []
    for line in text[start + 1 :] if start is not None else []:
        if not line.startswith(" "):
            break
        lines.append("" if line.strip() == "." else line[1:])
    if not lines:
        raise SystemExit(f"no OFL text in {CJK_LICENCE}")
    copyright = font["name"].getDebugName(0)
    return (
        f"{copyright}\n\nThis Font Software is licensed under the SIL Open Font License, Version 1.1.\n\n"
        + "\n".join(lines)
        + "\n"
    )


def is_ideograph(ch):
    """A CJK ideograph (hanzi, kanji): what the Japanese face draws otherwise than the Chinese one."""
    code = ord(ch)
    return 0x3400 <= code <= 0x4DBF or 0x4E00 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF


def jp_characters(locale=LOCALE):
    """What the Japanese subset covers: the ideographs of JIS X 0208's first level and of the Japanese catalog."""
    wanted = {ch for ch in catalog_characters(locale) if is_ideograph(ch)}
    wanted |= _decoded("shift_jis", range(0x88, 0x98), [t for t in range(0x40, 0xFD) if t != 0x7F])
    wanted |= _decoded("shift_jis", [0x98], range(0x40, 0x9F))  # level 1 ends at 0x9872
    return {ch for ch in wanted if is_ideograph(ch)}


def _subset(collection, family, wanted, path):
    """Cut `wanted` out of the collection's face `family` into `path`; returns the font."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(str(collection), fontNumber=_face_index(collection, family), lazy=False)
    options = subset.Options()
    options.hinting = False  # drawn at screen sizes by FreeType's autohinter anyway
    options.layout_features = []  # drawn across, one glyph a character (text.py composes to NFC): half the size
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.name_languages = [0x409]
    options.notdef_outline = True
    options.glyph_names = False
    options.drop_tables += ["VORG", "vhea", "vmtx", "DSIG", "BASE", "JSTF", "MATH"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(ch) for ch in wanted])
    subsetter.subset(font)
    font.save(str(path))
    return font


def make_fonts(out):
    """Cut the CJK subsets (regular and bold; the Chinese face, and the Japanese face's kanji) out of the
    installed collection, with the licence beside them."""
    folder = out / "fonts"
    folder.mkdir(parents=True, exist_ok=True)
    cuts = (("NotoSansSC", CJK_FACE, cjk_characters()), ("NotoSansJP", JP_FACE, jp_characters()))
    written = []
    for weight, collection in CJK_COLLECTIONS.items():
        if not collection.is_file():
            raise SystemExit(f"{collection} is missing: install fonts-noto-cjk (fc-list | grep -i 'Noto Sans CJK')")
        for stem, family, wanted in cuts:
            name = f"{stem}-Subset-{weight}.otf"
            font = _subset(collection, family, wanted, folder / name)
            size = (folder / name).stat().st_size // 1024
            written.append(f"{name} ({size} KiB, {len(font.getBestCmap())} characters)")
            if weight == "Regular" and stem == "NotoSansSC":
                (folder / "OFL.txt").write_text(_licence_text(font), encoding="utf-8")
    print(f"wrote {', '.join(written)} and OFL.txt into {folder}")


def make_sheets(out):
    pygame.display.init()
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for filename, look in looks().items():
        pygame.image.save(build_sheet(look), str(out / filename))
        written.append(filename)
    pygame.image.save(draw_icon(), str(out / config.ICON.name))
    written.append(config.ICON.name)
    print(f"wrote {', '.join(written)} into {out}")


STEPS = {"sheets": make_sheets, "fonts": make_fonts}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=config.ASSETS_DIR, help="folder to write into (default: assets/)")
    parser.add_argument("steps", nargs="*", metavar="STEP", help=f"what to make: {', '.join(STEPS)} (default: sheets)")
    args = parser.parse_args(argv)
    unknown = set(args.steps) - set(STEPS)
    if unknown:
        parser.error(f"no step {', '.join(sorted(unknown))}: the steps are {', '.join(STEPS)}")
    for step in args.steps or ["sheets"]:
        STEPS[step](args.out)


if __name__ == "__main__":
    main()
