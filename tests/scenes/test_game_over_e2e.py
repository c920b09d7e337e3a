"""The game-over moment: a click meant for the board never lands on the panel, the final board stays in view,
and the status line's tip goes with the game."""

import pygame
import pytest

from game.app import App
from game.overlays.gameover import GRACE_SECONDS, GameOverPanel
from game.scenes.playing import PlayingScene
from tests.driver import Driver, FakeClock


@pytest.fixture
def driver(tmp_path):
    app = App(clock=FakeClock(), seed=21, desktop_size=(1366, 768))
    pygame.event.clear()
    app.step()
    yield Driver(app, tmp_path / "shots")
    app.store.close()
    pygame.quit()


def cells(board):
    return [(r, c) for r in range(board.rows) for c in range(board.cols)]


def to_the_last_cell(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    board = playing.board
    driver.click_cell(4, 4)
    safe = [c for c in cells(board) if not board.is_mine(*c) and not board.is_revealed(*c)]
    for cell in safe[:-1]:
        if not board.is_revealed(*cell):
            driver.click_cell(*cell)
    return playing, [c for c in safe if not board.is_revealed(*c)][-1]


def test_a_double_click_on_the_last_cell_wins_and_shows_the_panel_not_a_new_game(driver):
    playing, last = to_the_last_cell(driver)
    pos = driver.cell_pos(*last)
    panel_bar_again = None
    for _ in range(2):  # the second click of the double click lands where the bar's button may be
        driver.press(pos)
        driver.release(pos)
        driver.frames(1)
        panel_bar_again = getattr(driver.overlay, "bar_again", None)
    assert playing.board.state == "won" and driver.scene is playing
    assert isinstance(driver.overlay, GameOverPanel), "You win! is on screen"
    # even aimed right at a button, clicks inside the grace time do nothing
    driver.click_button(panel_bar_again, frames=1)
    assert driver.scene is playing and driver.overlay is not None


def test_stray_clicks_after_a_loss_start_nothing(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    board = playing.board
    driver.click_cell(4, 4)
    driver.click_cell(*board.mine_cells()[0], frames=1)
    panel = driver.overlay
    for _ in range(5):
        driver.click_button(panel.bar_again, frames=1)
        driver.key(pygame.K_n, frames=1)
    assert panel.age < GRACE_SECONDS
    assert driver.scene is playing and driver.app.store.statistics("beginner").played == 1, "no new game"


def test_a_press_that_began_before_the_panel_does_not_click_it(driver):
    playing, last = to_the_last_cell(driver)
    driver.click_cell(*last, frames=1)
    panel = driver.overlay
    driver.press(panel.bar_again.rect.center)  # pressed during the grace time...
    driver.frames(1)
    driver.past_grace()
    driver.release(panel.bar_again.rect.center)  # ...released after it: not a click on the panel
    driver.frames(1)
    assert driver.scene is playing
    driver.click_button(panel.bar_again)
    assert isinstance(driver.scene, PlayingScene) and driver.scene is not playing, "a whole click after it is"


def test_the_final_board_stays_in_view_and_the_tip_goes(driver):
    driver.click_button(driver.scene.difficulty_buttons["expert"])
    playing = driver.scene
    assert "H: hint" in playing._status()
    driver.click_cell(8, 15)
    driver.click_cell(*playing.board.mine_cells()[0])
    panel = driver.overlay
    assert not panel.expanded, "no room beside the board: the bar"
    assert not panel.bar.colliderect(playing.geometry.view), "the bar hides none of the board"
    assert "H: hint" not in playing._status(), "no tip once the game is over"
    window = pygame.display.get_window_size()
    driver.past_grace()
    driver.key(pygame.K_SPACE)
    assert panel.expanded and pygame.display.get_window_size() == window, "the window does not change"
    driver.screenshot("panel-over-the-board")


def test_with_room_beside_the_board_the_whole_panel_shows_there(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    driver.post(pygame.WINDOWSIZECHANGED, x=1300, y=600)  # the player made the window wide
    driver.frames(2)
    driver.click_cell(4, 4)
    driver.click_cell(*playing.board.mine_cells()[0])
    panel = driver.overlay
    assert panel.expanded and panel.fits_outside
    assert not panel.rect.colliderect(playing.layout.board_view), "beside the board, not over it"
    driver.screenshot("panel-beside")
