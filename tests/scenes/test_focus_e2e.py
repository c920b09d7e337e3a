"""Every menu, form, dialog and panel from the keyboard alone: Tab and the arrows move a visible ring, Enter
presses what it is on, Esc goes back or cancels."""

import pygame
import pytest

from game.model.rules.boardcode import BoardCode, encode_board_code
from game.scenes.custom import CustomScene
from game.scenes.help import HelpScene
from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.scenes.records import RecordsScene
from game.scenes.settings import SettingsScene
from tests.driver import driven


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=11)


def ringed(scene_or_overlay):
    """The widgets drawn with the focus ring."""
    return [w for w in scene_or_overlay.focus.widgets if w.focused]


def lose_a_beginner_game(driver):
    """Beginner: open the middle, then a mine; (the board, the game-over panel once its grace is past)."""
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    board = driver.scene.board
    driver.click_cell(4, 4)
    driver.click_cell(*board.mine_cells()[0])
    return board, driver.past_grace()


def test_the_menu_plays_from_the_keyboard_and_esc_asks_before_quitting(driver):
    menu = driver.scene
    assert ringed(menu) == [], "no ring until a key asks for it"
    driver.key(pygame.K_DOWN)
    assert ringed(menu) == [menu.difficulty_buttons["intermediate"]], "the first Down moves below the last played"
    driver.key(pygame.K_UP)
    assert ringed(menu) == [menu.difficulty_buttons["beginner"]]
    driver.key(pygame.K_DOWN)
    assert ringed(menu) == [menu.difficulty_buttons["intermediate"]]
    driver.screenshot("menu-ring")
    driver.key(pygame.K_ESCAPE)
    assert driver.app.running and driver.overlay is not None, "Esc asks, it no longer quits at once"
    driver.key(pygame.K_RETURN)
    assert driver.app.running and driver.overlay is None, "Enter means Stay"
    driver.key(pygame.K_RETURN)
    playing = driver.scene
    assert isinstance(playing, PlayingScene) and playing.board.rows == 16, "Enter plays the ringed one"


def test_tab_goes_round_the_menu_in_order(driver):
    menu = driver.scene
    seen = []
    for _ in range(len(menu.buttons) + 1):
        driver.key(pygame.K_TAB, frames=1)
        seen.append(ringed(menu)[0])
    assert seen[1:] == menu.buttons[1:] + menu.buttons[:1] or set(seen) == set(menu.buttons)


def test_the_custom_form_from_the_keyboard(driver):
    driver.click_button(driver.scene.custom)
    form = driver.scene
    assert isinstance(form, CustomScene)
    for value in ("12", "20", "30"):
        for _ in range(4):
            driver.key(pygame.K_BACKSPACE, frames=0)
        driver.type_text(value)
        driver.key(pygame.K_TAB)
    assert [form.fields[f].value for f in ("cols", "rows", "mines")] == ["12", "20", "30"], "width first"
    assert ringed(form) == [form.range_boxes[0]], "then the 3BV range, whose boxes may stay empty"
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    assert ringed(form) == [form.start]
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, PlayingScene) and driver.scene.board.mines == 30


def test_the_code_form_from_the_keyboard_and_esc_goes_back(driver):
    driver.click_button(driver.scene.play_code)
    driver.type_text(encode_board_code(BoardCode(9, 9, 10, seed=5, first_cell=(4, 4))))
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, PlayingScene)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_l)  # Leave
    driver.click_button(driver.scene.play_code)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene)


def test_settings_records_and_help_from_the_keyboard(driver):
    driver.click_button(driver.scene.settings)
    settings = driver.scene
    assert isinstance(settings, SettingsScene) and ringed(settings) == [settings.buttons[0]], "the ring shows"
    was = driver.app.settings["first_click"]
    driver.key(pygame.K_RIGHT)
    assert driver.app.settings["first_click"] != was
    for _ in settings.buttons:
        driver.key(pygame.K_DOWN, frames=0)
    driver.frames(1)
    assert ringed(settings) == [settings.name_field], "the player's name, under the options"
    driver.key(pygame.K_DOWN)
    assert ringed(settings) == [settings.ranges_button], "Boards by 3BV, beside Back"
    driver.key(pygame.K_DOWN)
    assert ringed(settings) == [settings.back]
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, MenuScene)

    driver.click_button(driver.scene.records)
    records = driver.scene
    assert isinstance(records, RecordsScene)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    assert ringed(records) == [records.previous], "Tab from Back goes round to the first"
    driver.key(pygame.K_RETURN)
    assert records.category == "beginner" or records.index == len(records.categories) - 1
    driver.key(pygame.K_ESCAPE)

    driver.click_button(driver.scene.help)
    help_ = driver.scene
    assert isinstance(help_, HelpScene)
    driver.key(pygame.K_RIGHT)
    assert help_.page == 1
    driver.key(pygame.K_TAB)  # the ring shows on Back
    driver.key(pygame.K_TAB)  # and goes round to the first tab
    driver.key(pygame.K_RETURN)
    assert help_.page == 0, "Tab to the first tab, Enter opens it"
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene)


def test_a_dialog_from_the_keyboard_the_safe_answer_first(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    driver.click_cell(4, 4)
    driver.key(pygame.K_ESCAPE)
    question = driver.overlay
    driver.key(pygame.K_TAB)
    assert ringed(question) == [question.no], "the first Tab shows the ring on the safe answer"
    driver.key(pygame.K_LEFT)
    assert ringed(question) == [question.yes]
    driver.screenshot("dialog-ring-on-leave")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, MenuScene), "Enter presses the button the player moved the ring to"


def test_the_game_over_panel_keeps_its_ring_when_it_is_laid_out_again(driver):
    # the panel is laid out again when the window changes, when the records' line or the loss's analysis comes in
    # (background work, whenever it finishes): the ring the player moved stays where it was
    _, panel = lose_a_beginner_game(driver)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    moved = [b.label for b in ringed(panel)]
    assert moved and moved != [panel.bar_again.label], "the second Tab moved the ring off the first button"
    w, h = pygame.display.get_window_size()
    driver.post(pygame.WINDOWSIZECHANGED, x=w, y=h + 20)
    driver.frames(2)
    assert not panel.expanded and [b.label for b in ringed(panel)] == moved, "the ring stays where it was"
    driver.key(pygame.K_SPACE)
    assert panel.expanded, "Space opens the whole panel, as before"


def test_the_game_over_panel_from_the_keyboard(driver):
    board, panel = lose_a_beginner_game(driver)
    driver.key(pygame.K_TAB)
    assert ringed(panel) == [panel.bar_again]
    driver.key(pygame.K_SPACE)
    assert panel.expanded, "Space opens the whole panel"
    driver.key(pygame.K_TAB)
    assert ringed(panel) == [panel.play_again]
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, PlayingScene) and driver.scene.board is not board
