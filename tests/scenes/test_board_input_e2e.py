"""The playing scene's board input, end to end: the player's clicks and keys reach the board only as the
plain input events game.play.board_ui interprets, and a listener (a recorder) hears the same stream, each event with
the time it arrived."""

import pygame
import pytest

from game.play.board_ui import BoardKey, KeyPress, Motion, Press, Release
from tests.driver import driven


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=1234)


def start(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    return driver.scene


def test_a_recorder_hears_what_the_interpreter_reads(driver):
    playing = start(driver)
    heard = []
    playing.listeners.append(heard.append)
    driver.click_cell(4, 4)
    pos = driver.cell_pos(4, 4)
    assert [type(e) for e in heard] == [Motion, Press, Release]
    assert all(e.pos == pos for e in heard) and [e.button for e in heard[1:]] == [1, 1]
    assert heard[0].t_ms <= heard[1].t_ms <= heard[2].t_ms, "each carries the time it arrived"
    assert playing.board.is_revealed(4, 4)
    driver.key(pygame.K_f)
    driver.key(pygame.K_RIGHT)
    assert heard[-2:] == [KeyPress(heard[-2].t_ms, BoardKey.FLAG), KeyPress(heard[-1].t_ms, BoardKey.RIGHT)]
    count = len(heard)
    driver.key(pygame.K_f, mod=pygame.KMOD_CTRL)
    assert len(heard) == count, "a key with Ctrl held is not the board's"


def test_the_cursor_and_the_press_live_in_the_scenes_ui_state(driver):
    playing = start(driver)
    driver.key(pygame.K_d)
    assert playing.ui.cursor == (4, 4)
    driver.press(driver.cell_pos(2, 2))
    driver.frames(1)
    assert playing.ui.left and playing.ui.cursor is None, "the mouse over the board took over from the keys"
    assert playing.screen.looks.pressed == {(2, 2)} and playing.screen.looks.cursor is None
