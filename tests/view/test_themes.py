"""Themes and number palettes: the sheets the asset script draws, colour-blind safety, switching, fallbacks."""

import itertools
import math
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import config
from game.view import hud, sheet, theme, typeface, widgets
from game.view.atlas import AtlasCache
from game.view.sheet import Tile

ROOT = Path(__file__).resolve().parents[2]
SHEETS = theme.all_sheets()  # (theme, colour_blind, file name) for every sheet the game can use
NUMBERS = range(1, 9)


@pytest.fixture(autouse=True)
def classic_afterwards():
    """Every test starts and ends on the default look, so no other test sees a switched theme."""
    theme.use(theme.DEFAULT)
    yield
    theme.use(theme.DEFAULT)


@pytest.fixture
def display():
    pygame.display.init()
    pygame.font.init()
    typeface.forget()
    pygame.display.set_mode((64, 64))
    yield
    typeface.forget()


def load(filename):
    return pygame.image.load(str(config.ASSETS_DIR / filename))


def tile_pixels(surface, tile):
    x, y, w, h = sheet.tile_rect(tile)
    return [tuple(surface.get_at((x + i, y + j))) for j in range(h) for i in range(w)]


def number_mask(surface, n):
    """The pixels of number n's glyph: those that differ from an opened cell with nothing on it."""
    blank, tile = tile_pixels(surface, Tile.PRESSED), tile_pixels(surface, sheet.NUMBER_TILES[n])
    return frozenset(i for i, (a, b) in enumerate(zip(blank, tile)) if a != b)


def number_colour(surface, n):
    """The colour number n is drawn in: its glyph's most common pixel."""
    pixels = tile_pixels(surface, sheet.NUMBER_TILES[n])
    glyph = [pixels[i][:3] for i in number_mask(surface, n)]
    return max(set(glyph), key=glyph.count)


# --- colour-vision simulation: Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB ----------

PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
VISIONS = {"normal": None, "protanopia": PROTANOPIA, "deuteranopia": DEUTERANOPIA}
MIN_DELTA_E = 20  # CIE76 units: two colours this far apart are told apart at a glance


def linear(channel):
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(rgb, matrix=None):
    """CIELAB (D65) of an sRGB colour as seen with the given deficiency (None: normal vision)."""
    rgb = [linear(c) for c in rgb]
    if matrix:
        rgb = [min(1, max(0, sum(m * c for m, c in zip(row, rgb)))) for row in matrix]
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def closest_pair(colours, matrix):
    seen = {n: lab(c, matrix) for n, c in colours.items()}
    return min((math.dist(seen[a], seen[b]), a, b) for a, b in itertools.combinations(seen, 2))


# --- the sheets ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("look, colour_blind, filename", SHEETS, ids=[f for _, _, f in SHEETS])
def test_every_sheet_is_there_full_size_and_every_tile_looks_unlike_a_covered_cell(look, colour_blind, filename):
    surface = load(filename)
    assert surface.get_size() == sheet.SHEET_SIZE
    covered = tile_pixels(surface, Tile.COVERED)
    for tile in Tile:
        if tile is not Tile.COVERED:
            assert tile_pixels(surface, tile) != covered, f"{tile} looks like a covered cell in {filename}"


def test_there_are_four_sheets_and_classic_keeps_the_original_file_name():
    assert len({filename for _, _, filename in SHEETS}) == 4
    assert theme.sheet_path(theme.CLASSIC, colour_blind=False) == config.SPRITE_SHEET


@pytest.mark.parametrize("colour_blind", [False, True])
def test_dark_tiles_differ_from_classic_tiles(colour_blind):
    classic = load(theme.CLASSIC.sheet_for(colour_blind))
    dark = load(theme.DARK.sheet_for(colour_blind))
    for tile in Tile:
        assert tile_pixels(classic, tile) != tile_pixels(dark, tile), tile


@pytest.mark.parametrize("look", theme.THEMES.values(), ids=list(theme.THEMES))
def test_the_colour_blind_palette_changes_only_the_numbers(look):
    standard, safe = load(look.sheet_for(False)), load(look.sheet_for(True))
    numbers = set(sheet.NUMBER_TILES[1:])
    changed = {tile for tile in Tile if tile_pixels(standard, tile) != tile_pixels(safe, tile)}
    assert changed <= numbers
    assert len(changed) >= 6  # a number or two may keep its colour (classic 7 stays black)


@pytest.mark.parametrize("look", theme.THEMES.values(), ids=list(theme.THEMES))
@pytest.mark.parametrize("vision", VISIONS)
def test_colour_blind_numbers_stay_apart_with_protanopia_and_deuteranopia(look, vision):
    surface = load(look.sheet_for(True))
    colours = {n: number_colour(surface, n) for n in NUMBERS}
    distance, a, b = closest_pair(colours, VISIONS[vision])
    assert distance >= MIN_DELTA_E, f"{a} and {b} are only {distance:.1f} apart for {vision}"


@pytest.mark.parametrize("look", theme.THEMES.values(), ids=list(theme.THEMES))
def test_colour_blind_numbers_stand_out_from_the_opened_cell(look):
    surface = load(look.sheet_for(True))
    x, y, _, _ = sheet.tile_rect(Tile.PRESSED)
    cell = tuple(surface.get_at((x + 8, y + 8)))[:3]
    for vision, matrix in VISIONS.items():
        for n in NUMBERS:
            contrast = abs(lab(number_colour(surface, n), matrix)[0] - lab(cell, matrix)[0])
            assert contrast >= 20, f"{n} is faint on an opened cell for {vision} in {look.name}"


def test_the_check_has_teeth_the_standard_palettes_fail_it():
    """The usual numbers are not colour-blind safe; the simulation must say so, or it proves nothing."""
    worst = min(
        closest_pair({n: number_colour(load(look.sheet_for(False)), n) for n in NUMBERS}, matrix)[0]
        for look in theme.THEMES.values()
        for matrix in (PROTANOPIA, DEUTERANOPIA)
    )
    assert worst < MIN_DELTA_E / 2


@pytest.mark.parametrize("look, colour_blind, filename", SHEETS, ids=[f for _, _, f in SHEETS])
def test_numbers_differ_by_shape_not_only_by_colour(look, colour_blind, filename):
    surface = load(filename)
    masks = {n: number_mask(surface, n) for n in NUMBERS}
    for a, b in itertools.combinations(NUMBERS, 2):
        assert len(masks[a] ^ masks[b]) >= 8, f"{a} and {b} have nearly the same glyph in {filename}"
    reference = load(theme.CLASSIC.sheet)
    assert masks == {n: number_mask(reference, n) for n in NUMBERS}, "every sheet draws the same glyphs"


def test_the_asset_script_draws_the_committed_files_and_the_same_bytes_every_time(tmp_path):
    outputs = []
    for run in ("first", "second"):
        out = tmp_path / run
        subprocess.run(
            [sys.executable, str(ROOT / "tools" / "make_assets.py"), "--out", str(out)],
            check=True,
            capture_output=True,
            timeout=60,
        )
        outputs.append(out)
    names = sorted(p.name for p in outputs[0].iterdir())
    assert names == sorted([f for _, _, f in SHEETS] + [config.ICON.name])
    for name in names:
        assert (outputs[0] / name).read_bytes() == (outputs[1] / name).read_bytes(), name
        drawn, committed = pygame.image.load(str(outputs[0] / name)), load(name)
        assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(committed, "RGBA"), (
            f"assets/{name} is stale: run tools/make_assets.py"
        )


# --- the current theme -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["", "Dark", "neon", None, 3, "../../etc/passwd"])
def test_an_unknown_theme_name_falls_back_to_classic(name):
    theme.use("dark")
    assert theme.use(name) is theme.CLASSIC
    assert theme.current() is theme.CLASSIC
    assert theme.sheet_path() == config.SPRITE_SHEET


def test_use_sets_theme_and_palette():
    assert theme.use("dark", colour_blind=True) is theme.DARK
    assert theme.current() is theme.DARK and theme.colour_blind()
    assert theme.sheet_path() == config.ASSETS_DIR / theme.DARK.colour_blind_sheet
    theme.use("classic")
    assert not theme.colour_blind()


def test_use_settings_reads_the_settings_keys():
    assert theme.use_settings({"theme": "dark", "palette": "colour-blind"}) is theme.DARK
    assert theme.colour_blind()
    assert theme.use_settings({"theme": "dark", "palette": "standard"}) is theme.DARK
    assert not theme.colour_blind()
    assert theme.use_settings({}) is theme.CLASSIC and not theme.colour_blind()
    assert theme.use_settings({"theme": ["dark"], "palette": 1}) is theme.CLASSIC


def test_themes_are_frozen():
    with pytest.raises(AttributeError):
        theme.CLASSIC.face = (0, 0, 0)


def button_pixels(name):
    theme.use(name)
    surface = pygame.Surface((160, 60))
    button = widgets.Button((0, 0, 160, 60), "New game")
    button.draw(surface)
    return surface


def test_switching_theme_changes_how_a_button_is_drawn(display):
    classic, dark = button_pixels("classic"), button_pixels("dark")
    assert pygame.image.tobytes(classic, "RGB") != pygame.image.tobytes(dark, "RGB")
    for surface, look in ((classic, theme.CLASSIC), (dark, theme.DARK)):
        assert tuple(surface.get_at((0, 0)))[:3] == look.light  # the bevel's highlight
        assert tuple(surface.get_at((159, 59)))[:3] == look.shadow  # and its shadow
        assert tuple(surface.get_at((6, 30)))[:3] == look.face
        colours = {tuple(surface.get_at((x, y)))[:3] for x in range(160) for y in range(60)}
        assert look.text in colours


def test_switching_theme_changes_fields_panels_and_the_status_line(display):
    drawn = {}
    for name in theme.THEMES:
        look = theme.use(name)
        surface = pygame.Surface((300, 200))
        widgets.TextField((10, 10, 100, 40), "12").draw(surface)
        assert tuple(surface.get_at((100, 16)))[:3] == look.field
        widgets.panel(surface, (10, 60, 200, 120), title="Boom!")
        assert tuple(surface.get_at((20, 70)))[:3] == look.accent
        assert tuple(surface.get_at((20, 170)))[:3] == look.panel
        layout = hud.BoardLayout(9, 9, 32, (1000, 1000))
        board = pygame.Surface(layout.window)
        hud.draw_frame(board, layout)
        hud.draw_status(board, layout, "Two safe cells left")
        assert tuple(board.get_at((layout.message.x + 1, layout.message.bottom - 2)))[:3] == look.face
        drawn[name] = pygame.image.tobytes(surface, "RGB") + pygame.image.tobytes(board, "RGB")
    assert drawn["classic"] != drawn["dark"]


# --- the atlas -------------------------------------------------------------------------------------------


def same_image(a, b):
    return pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_the_atlas_follows_the_theme_and_palette_and_caches_each_sheet(display):
    atlases = AtlasCache()
    classic = atlases.at(2)
    assert atlases.at(2) is classic
    theme.use("dark")
    dark = atlases.at(2)
    assert dark is not classic and not same_image(dark.tiles[Tile.COVERED], classic.tiles[Tile.COVERED])
    theme.use("dark", colour_blind=True)
    dark_cb = atlases.at(2)
    assert same_image(dark_cb.tiles[Tile.COVERED], dark.tiles[Tile.COVERED])
    assert not same_image(dark_cb.tiles[Tile.N1], dark.tiles[Tile.N1])
    theme.use("classic")
    assert atlases.at(2) is classic
    assert atlases.at(3).tile_size == 48


@pytest.mark.parametrize("damage", ["missing", "garbage", "wrong size"])
def test_a_missing_or_broken_sheet_falls_back_to_classic(display, tmp_path, monkeypatch, damage):
    broken = tmp_path / "sprites-dark.png"
    if damage == "garbage":
        broken.write_bytes(b"not a png at all")
    elif damage == "wrong size":
        pygame.image.save(pygame.Surface((10, 10)), str(broken))
    real = theme.sheet_path

    def sheet_path(look=None, colour_blind=None):
        if (look or theme.current()) is theme.DARK:
            return broken
        return real(look, colour_blind)

    monkeypatch.setattr(theme, "sheet_path", sheet_path)
    atlases = AtlasCache()
    classic = atlases.at(1)
    theme.use("dark")
    fallback = atlases.at(1)
    for tile in Tile:
        assert same_image(fallback.tiles[tile], classic.tiles[tile])


def _luminance(colour):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("colour_blind", [False, True])
@pytest.mark.parametrize("look", ["classic", "dark"])
def test_proof_outlines_and_the_keyboard_cursor_stand_out_on_every_theme(look, colour_blind):
    """WCAG's 3:1 for outlines: the numbers that prove a hint, on the revealed cells they outline; the cursor's
    frame (one of its two bands) on covered and revealed cells alike."""
    from game.view import hint_marks as assist
    from game.view import hud
    from game.view.atlas import AtlasCache
    from game.view.sheet import Tile

    pygame.display.init()
    pygame.display.set_mode((10, 10))
    theme.use(look, colour_blind=colour_blind)
    try:
        tiles = AtlasCache().board(32).tiles
        revealed, covered = tiles[Tile.N1].get_at((3, 3)), tiles[Tile.COVERED].get_at((8, 8))
        proof = assist.colours()["proof"]
        assert contrast(proof, revealed) >= 3, f"proof {proof} on {revealed[:3]}: {contrast(proof, revealed):.1f}"
        for face in (revealed, covered):
            best = max(contrast(band, face) for band in hud.CURSOR_COLOURS)
            assert best >= 3, f"the cursor on {face[:3]}: {best:.1f}"
    finally:
        theme.use("classic")


@pytest.mark.parametrize("look", ["classic", "dark"])
def test_a_scroll_bars_thumb_stands_out_from_its_track(look):
    from game.model import Board
    from game.view.board_screen import BoardScreen, Counters
    from game.view.input import BoardGeometry
    from game.view.sheet import Face

    pygame.display.init()
    surface = pygame.display.set_mode((10, 10))
    theme.use(look)
    try:
        screen = BoardScreen(AtlasCache(), Board(100, 100, 800, seed=1), 16, (700, 500))
        surface = pygame.display.set_mode(screen.window_size)
        pygame.font.init()
        screen.draw_all(surface, Counters(800, 0, Face.SMILE), "")
        assert isinstance(screen.geometry, BoardGeometry) and screen.layout.h_bar is not None
        (bar, thumb, _), *_ = screen._thumbs()
        track = surface.get_at((bar.right - 4, bar.centery))
        face = surface.get_at(thumb.center)
        assert bar.h >= 16, "wide enough to hit"
        assert contrast(face, track) >= 3, f"thumb {face[:3]} on track {track[:3]}"
    finally:
        theme.use("classic")
