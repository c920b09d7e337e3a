"""The Settings scene: every option cycles with a click or the keys, applies at once and is kept."""

import pygame
import pytest

from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.scenes.settings import OPTIONS, SettingsScene
from game.settings import BY_KEY, SETTINGS, Settings, cleaned
from game.shell.app import App
from game.store import Store
from tests.driver import FakeClock, driven


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=99)


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
    assert scene.selected == 1 and scene.buttons[1].focused
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


def test_every_setting_changed_in_the_ui_is_there_after_a_restart(tmp_path, driver):
    """Every setting, the custom size and the last difficulty among them, changed as a player would, then a
    new App on the same records folder."""
    scene = open_settings(driver)
    for button in scene.buttons:
        driver.click_button(button)
    changed = {option.key: driver.app.settings[option.key] for option in OPTIONS}
    driver.click_button(scene.ranges_button)  # Boards by 3BV: its own form
    driver.click_button(driver.scene.boxes["expert"][0])
    driver.type_text("150")
    driver.click_button(driver.scene.done)
    changed["bbbv_range"] = {"expert": (150, None)}
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.scene.custom)
    form = driver.scene
    for field, value in zip(("rows", "cols", "mines"), ("11", "23", "45")):
        form.fields[field].value = ""
        driver.click_button(form.fields[field])
        driver.type_text(value)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, PlayingScene)
    changed.update(custom=(11, 23, 45), difficulty="custom")
    # The player's name (for video files) has no field on any screen yet: changed as the game's code does.
    driver.app.settings.change("player", "Ann Example")
    changed["player"] = "Ann Example"
    # The window, moved and sized as the player leaves it (kept per screen size).
    driver.post(pygame.WINDOWMOVED, x=301, y=202)
    driver.post(pygame.WINDOWSIZECHANGED, x=900, y=700)
    driver.frames(2)
    changed["window"] = {"1366x768": {"place": (301, 202), "size": driver.app.player_window}}
    assert set(changed) == {setting.key for setting in SETTINGS}, "every setting was changed"
    driver.key(pygame.K_ESCAPE)
    driver.post(pygame.QUIT)
    driver.frames(1)
    driver.app.run(max_frames=driver.app.frames)
    again = App(clock=FakeClock(), desktop_size=(1366, 768))
    try:
        assert {key: again.settings[key] for key in changed} == changed
    finally:
        again.store.close()


@pytest.mark.parametrize(
    "stored, key, expected",
    [
        ({"tile": True}, "tile", 32),
        ({"question_marks": 1}, "question_marks", False),
        ({"custom": "20x20"}, "custom", (20, 20, 60)),
        ({"custom": [100, 100, 9992]}, "custom", (20, 20, 60)),
        ({"custom": [4, 50, 10]}, "custom", (20, 20, 60)),
        ({"custom": [12, 20, 30]}, "custom", (12, 20, 30)),
        ({"difficulty": "legendary"}, "difficulty", "beginner"),
        ({"theme": None}, "theme", "classic"),
    ],
)
def test_a_stored_value_the_game_cannot_use_reads_as_its_default(stored, key, expected):
    assert cleaned(stored)[key] == expected


def test_the_theme_setting_offers_exactly_the_themes_there_are():
    from game.view import theme

    offered = {value for value, _ in BY_KEY["theme"].choices}
    assert offered == set(theme.THEMES) and {v for v, _ in BY_KEY["palette"].choices} == set(theme.PALETTES)


def test_a_change_the_game_cannot_use_is_a_bug_and_changes_nothing():
    saved = []
    settings = Settings({}, save=saved.append)
    with pytest.raises(ValueError):
        settings.change("tile", 17)
    assert settings["tile"] == 32 and saved == []
    settings.change("custom", [12, 20, 30])
    assert settings["custom"] == (12, 20, 30) and saved == [{"custom": [12, 20, 30]}]


def test_a_right_click_steps_an_option_back(driver):
    scene = open_settings(driver)
    for option, button in zip(OPTIONS, scene.buttons):
        before = driver.app.settings[option.key]
        driver.click_button(button)
        driver.click(button.rect.center, button=3)
        assert driver.app.settings[option.key] == before, f"{option.key}: a right click undoes a left one"
