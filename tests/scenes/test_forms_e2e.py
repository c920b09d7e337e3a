"""The menu's forms read and type as any desktop form: one order for a board's size everywhere, and fields whose
text a player can replace."""

import re

import pygame
import pytest

from game.scenes.custom import CustomScene
from game.view import text
from tests.driver import driven


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=3)


def open_custom(driver):
    driver.click_button(driver.scene.custom)
    form = driver.scene
    assert isinstance(form, CustomScene)
    return form


def drawn(driver):
    with text.recording() as log:
        driver.scene.draw(driver.app.screen)
    return [item.text for item in log]


def test_the_custom_summary_reads_the_size_in_the_order_the_form_asks_it(driver):
    form = open_custom(driver)
    form.fields["rows"].value, form.fields["cols"].value, form.fields["mines"].value = "100", "20", "16"
    driver.key(pygame.K_END)  # any key: the form checks its fields again
    top_down = sorted(("rows", "cols"), key=lambda f: form.fields[f].rect.y)
    asked = [form.fields[f].value for f in top_down]
    summary = next(t for t in drawn(driver) if " board, " in t)
    assert re.findall(r"\d+", summary)[:2] == asked, f"{summary!r} reads the sizes as the form asks them: {asked}"
    form.fields["mines"].value = "9999"
    driver.key(pygame.K_END)
    error = form.errors["mines"]
    assert re.findall(r"\d+", error.split(" on ")[1])[:2] == asked, f"{error!r} too"


@pytest.mark.parametrize("entering", ["tab", "click"])
def test_entering_a_number_field_selects_it_so_typing_replaces_it(driver, entering):
    form = open_custom(driver)
    second = sorted(form.fields, key=lambda f: form.fields[f].rect.y)[1]
    box = form.fields[second]
    box.value = "100"
    if entering == "tab":
        driver.key(pygame.K_TAB)
    else:
        driver.click(box.rect.center)
    assert box.focused
    driver.type_text("5")
    assert box.value == "5", "typing replaces the text the field held"


def test_ctrl_a_home_end_backspace_and_delete_work_as_in_any_form(driver):
    form = open_custom(driver)
    box = next(b for b in form.fields.values() if b.focused)
    box.value = "123"
    driver.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.type_text("7")
    assert box.value == "7", "Ctrl+A selects it all"
    box.value = "123"
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_DELETE)
    assert box.value == "23", "Delete erases after the caret, at the start after Home"
    driver.type_text("9")
    assert box.value == "923"
    driver.key(pygame.K_END)
    driver.key(pygame.K_BACKSPACE)
    assert box.value == "92", "Backspace erases before the caret, at the end after End"
    driver.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.key(pygame.K_BACKSPACE)
    assert box.value == "", "Backspace on a selection erases it"


@pytest.mark.parametrize("rule", ["opening", "safe"])
def test_the_rules_say_what_the_first_click_does_under_the_setting_in_force(driver, rule):
    driver.app.settings.change("first_click", rule)
    driver.click_button(driver.scene.help)
    said = " ".join(drawn(driver))
    assert ("opens an area" in said) == (rule == "opening"), said


def test_a_fresh_menu_speaks_of_no_last_custom_size_and_a_win_puts_its_best_time_beside_its_difficulty(driver):
    menu = driver.scene
    assert "last" not in menu.custom.sublabel, "no custom game was played"
    assert "best" not in menu.difficulty_buttons["beginner"].sublabel
    driver.click_button(menu.difficulty_buttons["beginner"])
    board = driver.scene.board
    driver.click_cell(4, 4)
    for cell in [(r, c) for r in range(board.rows) for c in range(board.cols) if not board.is_mine(r, c)]:
        if not board.is_revealed(*cell):
            driver.click_cell(*cell)
    assert board.state == "won"
    driver.click_button(driver.panel_button("menu"))
    assert "best" in driver.scene.difficulty_buttons["beginner"].sublabel
