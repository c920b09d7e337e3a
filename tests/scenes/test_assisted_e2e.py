"""One rule for assisted games, said the same way everywhere it shows: a win after a hint is kept, never timed,
and the win line, the panel and the records all say so, without contradicting each other."""

import pygame
import pytest

from game.view import text
from tests.driver import driven

ASSISTED = "assisted"  # the word the player reads


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=5)


def drawn(driver):
    with text.recording() as log:
        driver.app.scene.draw_all(driver.app.screen)
        for overlay in driver.app.overlays:
            overlay.draw(driver.app.screen)
    return " | ".join(item.text for item in log)


def win_with_a_hint(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    board = playing.board
    driver.click_cell(4, 4)
    driver.key(pygame.K_h)
    driver.until_hint()
    assert playing.session.assisted
    for cell in [(r, c) for r in range(board.rows) for c in range(board.cols) if not board.is_mine(r, c)]:
        if not board.is_revealed(*cell):
            driver.click_cell(*cell)
    assert board.state == "won"
    return playing


def test_an_assisted_win_is_marked_on_the_win_line_the_panel_and_the_records_and_none_contradicts(driver):
    win_with_a_hint(driver)
    panel = driver.past_grace()
    driver.frames(2)
    if not panel.expanded:
        assert ASSISTED in drawn(driver), "the win line says the win was assisted"
        driver.key(pygame.K_SPACE)
    assert ASSISTED in drawn(driver), "the panel says so"
    driver.click_button(panel.menu)
    driver.click_button(driver.scene.records)
    records = driver.scene
    assert records.stats.won == 1
    shown = drawn(driver)
    assert "No wins yet" not in shown, "a win was played: the records never say there was none"
    assert "not timed" in shown, "and say why the best times are empty"
    driver.click_button(records.recent_tab)
    assert ASSISTED in drawn(driver), "the recent games mark it"
