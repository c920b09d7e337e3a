"""The board window: tiles at any size, scroll bars on a board larger than the window, zoom that keeps the cell
under the pointer, the four-digit mine counter, times to the millisecond and sizes written one way."""

import pygame
import pytest

from game import config
from game.model.rules.category import category_label, size_text
from game.view import hint_marks, hud, screens, theme
from game.view.atlas import AtlasCache
from game.view.formats import format_time
from game.view.title import mine_icon
from tests.driver import driven


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=31)


def custom(driver, rows, cols, mines):
    driver.app.show(screens.Playing(session=driver.app.dealer.new(rows, cols, mines)))
    driver.frames(2)
    return driver.scene


@pytest.mark.parametrize("size", [16, 20, 24, 37, 48])
def test_tiles_come_at_any_size_from_16_up(size):
    pygame.display.init()
    pygame.display.set_mode((10, 10))
    atlas = AtlasCache().board(size)
    assert atlas.tile_size == size
    assert all(image.get_size() == (size, size) for image in atlas.tiles.values())


def test_resizing_the_window_picks_the_largest_tile_that_fits(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    for size in [(400, 520), (640, 700), (333, 444)]:
        driver.post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])
        driver.frames(2)
        tile = playing.layout.tile
        assert not playing.layout.scrolls and playing.window_size == size
        bigger = hud.BoardLayout(9, 9, tile + 1, size, size)
        assert bigger.scrolls or bigger.window != size, f"{tile + 1} px would not fit {size}"
    driver.screenshot("resized")


def test_a_board_larger_than_the_window_has_scroll_bars_that_drag(driver):
    playing = custom(driver, 100, 100, 1500)
    layout = playing.layout
    assert layout.scrolls and layout.h_bar is not None and layout.v_bar is not None
    assert (playing.layout.counter.w, playing.board.mines_left) == (4 * 13, 1500), "four digits, at 16 px"
    driver.screenshot("scroll-bars")
    (bar, thumb, _), _ = playing.screen._thumbs()
    driver.press(thumb.center)
    driver.post(pygame.MOUSEMOTION, pos=(bar.right, thumb.centery), rel=(0, 0), buttons=(1, 0, 0))
    driver.release((bar.right, thumb.centery))
    driver.frames(2)
    assert playing.geometry.scroll_x == playing.geometry.max_scroll[0], "dragged to the far end"
    driver.click((bar.x + 2, bar.centery))
    assert playing.geometry.scroll_x < playing.geometry.max_scroll[0], "a click on the track pages back"


def test_ctrl_wheel_zoom_keeps_the_cell_under_the_pointer(driver):
    playing = custom(driver, 100, 100, 1500)
    g = playing.geometry
    g.scroll_by(300, 300)
    pointer = (g.view.x + 101, g.view.y + 57)
    cell = g.cell_at(pointer)
    pygame.key.set_mods(pygame.KMOD_CTRL)
    pygame.mouse.set_pos(pointer)
    try:
        playing.zoom(1, pointer)
    finally:
        pygame.key.set_mods(0)
    assert playing.layout.tile == 20
    assert playing.geometry.cell_at(pointer) == cell


def zoom_key(driver, key=pygame.K_EQUALS):
    driver.key(key, mod=pygame.KMOD_CTRL)


def test_zoom_keys_zoom_around_the_keyboard_cursor(driver):
    playing = custom(driver, 100, 100, 1500)
    playing.geometry.scroll_by(300, 300)
    driver.frames(1)
    driver.key(pygame.K_RIGHT)  # the first key shows the cursor, in the middle of the board (scrolled to)
    for _ in range(4):
        driver.key(pygame.K_RIGHT)
        driver.key(pygame.K_DOWN)
    cursor = playing.ui.cursor
    spot = playing.geometry.cell_rect(*cursor).center
    zoom_key(driver)
    assert playing.layout.tile == 20 and playing.ui.cursor == cursor
    assert playing.geometry.cell_at(spot) == cursor, "the cursor's cell stays where it was, not at an edge"
    zoom_key(driver, pygame.K_MINUS)
    assert playing.geometry.cell_at(spot) == cursor


def test_zoom_keys_without_a_cursor_zoom_around_the_pointer_over_the_board(driver):
    playing = custom(driver, 100, 100, 1500)
    g = playing.geometry
    g.scroll_by(300, 300)
    pointer = (g.view.x + 2 * g.view.w // 3 + 5, g.view.y + g.view.h // 3 + 3)
    pygame.mouse.set_pos(pointer)
    driver.post(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(1)
    cell = g.cell_at(pointer)
    assert playing.ui.cursor is None and cell is not None
    zoom_key(driver)
    assert playing.layout.tile == 20
    assert playing.geometry.cell_at(pointer) == cell, "the cell under the pointer stays under it, as Ctrl+wheel"


def test_zoom_keys_with_the_pointer_off_the_board_zoom_around_the_views_centre(driver):
    playing = custom(driver, 100, 100, 1500)
    g = playing.geometry
    g.scroll_by(300, 300)
    pygame.mouse.set_pos((2, 2))  # on the window's frame, not the board
    driver.post(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(1)
    centre = g.cell_at(g.view.center)
    zoom_key(driver)
    assert playing.layout.tile == 20
    assert playing.geometry.cell_at(playing.geometry.view.center) == centre, "not the top-left corner"


def test_the_mine_counter_shows_four_digits_over_999_mines(driver):
    playing = custom(driver, 60, 60, 1200)
    surface = pygame.display.get_surface()
    rect = playing.layout.counter
    digit = playing.screen.atlas.digits["1"]
    assert rect.w == 4 * digit.get_width()
    expected = pygame.Surface(rect.size)
    hud.draw_number(expected, playing.screen.atlas, pygame.Rect((0, 0), rect.size), 1200)
    assert pygame.image.tobytes(surface.subsurface(rect), "RGB") == pygame.image.tobytes(expected, "RGB")


def test_times_to_the_millisecond_and_sizes_width_first():
    # one notation for a game's time, to the millisecond, everywhere (issue 43: Records' Recent read 7.7 s)
    assert format_time(42_312) == "42.312 s" and format_time(7_700) == "7.700 s"
    assert format_time(3_762_500) == "1:02:42.500" and format_time(596_065) == "9:56.065"
    assert format_time(59_999) == "59.999 s" and format_time(60_000) == "1:00.000"
    assert size_text(16, 30) == "30 x 16" and category_label("custom:16x30x98") == "Custom 30 x 16, 98 mines"


def test_the_chances_follow_the_colour_blind_palette():
    standard = [hint_marks.chance_colour(s / 10) for s in range(11)]
    blind = [hint_marks.chance_colour(s / 10, colour_blind=True) for s in range(11)]
    assert standard[0][1] > standard[0][0] and standard[-1][0] > standard[-1][1], "green to red"
    assert blind[0] == hint_marks.COLOUR_BLIND["safe"] and blind[-1] == hint_marks.COLOUR_BLIND["mine"]
    assert not any(c[1] > 2 * max(c[0], c[2]) for c in blind), "no pure greens to tell from red"


@pytest.mark.parametrize("look", ["classic", "dark"])
def test_the_titles_mine_has_no_square_behind_it(look):
    pygame.display.init()
    pygame.display.set_mode((10, 10))
    theme.use(look)
    try:
        icon = mine_icon(AtlasCache())
        assert icon.get_at((1, 1)).a == 0, "the cell's corner is clear"
        assert icon.get_at((icon.get_width() // 2, icon.get_height() // 2)).a == 255, "the mine is not"
    finally:
        theme.use("classic")


def test_zoom_steps_and_the_default():
    assert hud.zoomed(32, 1) == 40 and hud.zoomed(32, -1) == 28 and hud.zoomed(17, -1) == 16
    assert hud.zoomed(config.TILE_SIZES[-1], 1) == config.TILE_SIZES[-1] and hud.zoomed(20, 0) == config.DEFAULT_TILE
