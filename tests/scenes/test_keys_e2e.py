"""Keyboard play, pause, zoom and window resizing, driven through the real app headless."""

import pygame
import pytest

from game.overlays.gameover import GameOverPanel
from game.scenes.help import HelpScene
from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.store import Store
from game.view import theme
from tests.driver import driven

DESKTOP = (1366, 768)


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=4321, desktop=DESKTOP)


def start(driver, key="beginner"):
    driver.click_button(driver.scene.difficulty_buttons[key])
    assert isinstance(driver.scene, PlayingScene)
    return driver.scene


def move_cursor_to(driver, playing, target):
    while playing.ui.cursor != target:
        row, col = playing.ui.cursor
        if row != target[0]:
            driver.key(pygame.K_DOWN if target[0] > row else pygame.K_UP, frames=1)
        else:
            driver.key(pygame.K_RIGHT if target[1] > col else pygame.K_LEFT, frames=1)


def test_a_whole_game_won_with_the_keyboard_alone(driver):
    playing = start(driver)
    board = playing.board
    driver.key(pygame.K_d)  # the first key shows the cursor, in the middle
    assert playing.ui.cursor == (4, 4)
    driver.key(pygame.K_SPACE)
    assert board.state == "playing" and board.is_revealed(4, 4)
    driver.screenshot("keyboard-cursor")
    flagged = False
    for row in range(board.rows):
        for col in range(board.cols):
            if board.state != "playing":
                break
            if board.is_mine(row, col) and not flagged:
                move_cursor_to(driver, playing, (row, col))
                driver.key(pygame.K_f)
                assert board.is_flagged(row, col)
                flagged = True
            elif not board.is_mine(row, col) and not board.is_revealed(row, col):
                move_cursor_to(driver, playing, (row, col))
                driver.key(pygame.K_RETURN)
    driver.frames(2)
    assert board.state == "won" and isinstance(driver.overlay, GameOverPanel)


def test_space_on_a_satisfied_number_chords(driver):
    playing = start(driver)
    board = playing.board
    driver.click_cell(4, 4)
    number = next(
        (r, c)
        for r in range(9)
        for c in range(9)
        if board.is_revealed(r, c)
        and board.adjacent_mines(r, c) > 0
        and any(
            not board.is_revealed(rr, cc) and not board.is_mine(rr, cc)
            for rr in range(max(0, r - 1), min(9, r + 2))
            for cc in range(max(0, c - 1), min(9, c + 2))
        )
    )
    around = [
        (rr, cc)
        for rr in range(max(0, number[0] - 1), min(9, number[0] + 2))
        for cc in range(max(0, number[1] - 1), min(9, number[1] + 2))
    ]
    for cell in around:
        if board.is_mine(*cell):
            board.toggle_flag(*cell)
    driver.key(pygame.K_UP)
    move_cursor_to(driver, playing, number)
    driver.key(pygame.K_SPACE)
    assert all(board.is_revealed(*cell) or board.is_flagged(*cell) for cell in around)


def test_pause_hides_the_board_and_stops_the_clock(driver):
    playing = start(driver)
    driver.click_cell(4, 4)
    driver.frames(120)
    assert 1.9 < playing.session.elapsed < 2.1
    driver.key(pygame.K_p)
    assert playing.session.paused
    driver.screenshot("paused")
    # the board is hidden: every board pixel row through the middle is the pause panel, not tiles
    surface = pygame.display.get_surface()
    view = playing.geometry.view
    colours = {surface.get_at((x, view.y + 2))[:3] for x in range(view.x, view.right)}
    assert colours == {theme.current().shadow}
    driver.frames(300)
    assert 1.9 < playing.session.elapsed < 2.1, "the clock stands still while paused"
    assert playing.next_wake() is None, "a paused game sleeps"
    revealed = sum(playing.board.is_revealed(r, c) for r in range(9) for c in range(9))
    driver.click_cell(0, 0)  # the click that resumes opens nothing
    assert not playing.session.paused
    assert sum(playing.board.is_revealed(r, c) for r in range(9) for c in range(9)) == revealed
    driver.frames(60)
    assert 2.9 < playing.session.elapsed < 3.1


def test_losing_focus_or_minimising_pauses(driver):
    playing = start(driver)
    driver.click_cell(4, 4)
    driver.post(pygame.WINDOWFOCUSLOST)
    driver.frames(2)
    assert playing.session.paused
    driver.key(pygame.K_a)  # any key resumes, and does nothing else
    assert not playing.session.paused and playing.ui.cursor is None
    driver.post(pygame.WINDOWMINIMIZED)
    driver.frames(2)
    assert playing.session.paused


def test_a_game_not_started_does_not_pause(driver):
    playing = start(driver)
    driver.key(pygame.K_p)
    assert not playing.session.paused


@pytest.mark.parametrize("key,tile", [(pygame.K_MINUS, 28), (pygame.K_EQUALS, 40), (pygame.K_0, 32)])
def test_zoom_keys_change_the_tile_size_and_clicks_still_land(driver, key, tile):
    playing = start(driver)
    if key == pygame.K_0:
        driver.key(pygame.K_EQUALS, mod=pygame.KMOD_CTRL)
    driver.key(key, mod=pygame.KMOD_CTRL)
    assert playing.layout.tile == tile == driver.app.settings["tile"]
    assert pygame.display.get_surface().get_size() == playing.window_size
    assert playing.geometry.view.right <= playing.window_size[0]
    for cell in [(0, 0), (8, 8), (3, 5)]:
        rect = playing.geometry.cell_rect(*cell)
        assert playing.geometry.view.contains(rect)
        assert playing.geometry.cell_at(rect.center) == cell
        assert playing.geometry.cell_at((rect.right - 1, rect.bottom - 1)) == cell
    driver.click_cell(4, 4)
    assert playing.board.is_revealed(4, 4)
    driver.screenshot(f"zoom-{tile}")


def test_zoom_is_remembered_for_the_next_game(driver):
    start(driver)
    driver.key(pygame.K_MINUS, mod=pygame.KMOD_CTRL)
    driver.app.store.close()
    store = Store.open()
    assert store.settings()["tile"] == 28
    store.close()


def test_ctrl_wheel_zooms(driver):
    playing = start(driver)
    pygame.key.set_mods(pygame.KMOD_CTRL)
    try:
        driver.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
        driver.frames(2)
    finally:
        pygame.key.set_mods(0)
    assert playing.layout.tile == 40


def test_a_resized_window_centres_the_board_and_a_small_one_scrolls(driver):
    playing = start(driver, "expert")
    driver.post(pygame.WINDOWSIZECHANGED, x=1300, y=740)
    driver.frames(2)
    assert playing.window_size == (1300, 740)
    view = playing.geometry.view
    left_gap, right_gap = view.x, 1300 - view.right
    assert abs(left_gap - right_gap) <= 1, "centred"
    driver.post(pygame.WINDOWSIZECHANGED, x=400, y=300)
    driver.frames(2)
    assert playing.layout.scrolls and playing.geometry.view.w < 30 * playing.layout.tile
    cell = (15, 29)
    driver.post(pygame.MOUSEWHEEL, x=-30, y=-30, flipped=False, precise_x=-30.0, precise_y=-30.0)
    driver.frames(2)
    rect = playing.geometry.cell_rect(*cell)
    assert playing.geometry.view.contains(rect), "scrolled to the far corner"
    driver.click_cell(*cell)
    assert playing.board.state != "ready"
    driver.screenshot("resized-small")


def test_help_lists_every_key_over_its_pages(driver):
    driver.click_button(driver.scene.help)
    help_scene = driver.scene
    assert isinstance(help_scene, HelpScene)
    for n, tab in enumerate(help_scene.tabs):
        driver.click_button(tab)
        assert help_scene.page == n
        driver.screenshot(f"help-{n}")
    from game.scenes import help as help_module

    keys = " ".join(key for key, _ in help_module.KEYS)
    for name in ("Arrows", "Space", "F", "N", "P", "H", "C", "M", "Esc", "Ctrl"):
        assert name in keys
    replay_keys = " ".join(key for key, _ in help_module.AFTER)
    for name in ("R", "Space", "Left", "Right", "- +", "E", "G, I"):
        assert name in replay_keys
    assert "Drop a file" in " ".join(key for key, _ in help_module.MOUSE)  # (the Replays page has no room left)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene)


def test_the_timer_shows_001_from_the_first_click_as_windows_does(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    assert playing._counters().seconds == 0, "000 before the first click"  # the LED shows what Counters holds
    driver.click_cell(4, 4, frames=1)
    assert playing._counters().seconds == 1
    while playing.session.elapsed < 1.0:
        driver.frames(1)
    assert playing._counters().seconds == 2
