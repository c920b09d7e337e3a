"""The Settings scene: every option cycles with a click or the keys, applies at once and is kept."""

import pygame
import pytest

from game.app import App
from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.scenes.settings import OPTIONS, SettingsScene
from game.store import Store
from tests.driver import Driver, FakeClock


@pytest.fixture
def driver(tmp_path):
    app = App(clock=FakeClock(), seed=99, desktop_size=(1366, 768))
    pygame.event.clear()
    app.step()
    yield Driver(app, tmp_path / "shots")
    pygame.quit()


def open_settings(driver):
    driver.click_button(driver.scene.settings)
    assert isinstance(driver.scene, SettingsScene)
    return driver.scene


def test_every_option_cycles_and_is_kept_for_the_next_start(driver):
    scene = open_settings(driver)
    driver.screenshot("settings-before")
    changed = {}
    for option, button in zip(OPTIONS, scene.buttons):
        before = driver.app.settings[option.key]
        driver.click_button(button)
        after = driver.app.settings[option.key]
        assert after != before and after in [v for v, _ in option.choices]
        assert button.label == dict(option.choices)[after]
        changed[option.key] = after
    driver.screenshot("settings-after")
    driver.app.store.close()
    store = Store.open()
    stored = store.settings()
    store.close()
    for key, value in changed.items():
        assert stored[key] == value, key


def test_keys_move_and_change_and_esc_goes_back(driver):
    scene = open_settings(driver)
    driver.key(pygame.K_DOWN)
    assert scene.selected == 1 and scene.buttons[1].marked
    was = driver.app.settings["question_marks"]
    driver.key(pygame.K_RIGHT)
    assert driver.app.settings["question_marks"] is (not was)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene)


def test_the_changes_shape_the_next_game(driver):
    scene = open_settings(driver)
    driver.click_button(scene.buttons[0])  # first click: safe
    driver.click_button(scene.buttons[1])  # question marks on
    zoom = [o.key for o in OPTIONS].index("tile")
    while driver.app.settings["tile"] != 16:
        driver.click_button(scene.buttons[zoom])
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    assert isinstance(playing, PlayingScene)
    assert playing.board.first_click == "safe" and playing.board.question_marks
    assert playing.layout.tile == 16


def test_sound_off_mutes_at_once(driver):
    scene = open_settings(driver)
    sound = [o.key for o in OPTIONS].index("sound")
    driver.click_button(scene.buttons[sound])
    assert driver.app.settings["sound"] is False and driver.app.sounds.muted


def test_switching_theme_repaints_the_game_in_the_new_colours(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    driver.click_cell(4, 4)
    surface = pygame.display.get_surface()
    covered = next((r, c) for r in range(9) for c in range(9) if not playing.board.is_revealed(r, c))
    spot = playing.geometry.cell_rect(*covered).center
    before_cell, before_frame = surface.get_at(spot), surface.get_at((3, 3))
    driver.screenshot("classic")
    driver.app.settings.change("theme", "dark")
    driver.frames(1)
    assert surface.get_at(spot) != before_cell, "the board's tiles changed"
    assert surface.get_at((3, 3)) != before_frame, "the window frame changed"
    driver.screenshot("dark")
    driver.app.settings.change("palette", "colour-blind")
    driver.frames(1)
    assert any(
        True
        for r in range(9)
        for c in range(9)
        if playing.board.is_revealed(r, c) and playing.board.adjacent_mines(r, c) > 0
    )
    assert playing.screen.renderer.atlas is driver.app.atlases.at(playing.layout.scale)
    driver.screenshot("dark-colour-blind")
    driver.key(pygame.K_ESCAPE)
    driver.screenshot("confirm-dark")
    driver.click_button(driver.overlay.yes)
    assert isinstance(driver.scene, MenuScene)
    driver.screenshot("menu-dark")
