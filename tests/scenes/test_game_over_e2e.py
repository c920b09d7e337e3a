"""The game-over moment: a click meant for the board never lands on the panel, the final board stays in view,
and the status line's tip goes with the game."""

import pygame
import pytest

from game import config
from game.overlays.gameover import GRACE_SECONDS, GameOverPanel
from game.play.aftermath import VerdictState
from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.shell.app import App
from game.view import text
from game.view.scale import px
from game.view.typeface import BODY, BOLD, TINY
from tests.driver import Driver, FakeClock, driven, start_app, stop_app


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=21)


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


def the_way_on_is_on_screen(driver, playing, panel):
    """The buttons that go on (the bar's over the status line, or the whole panel's) lie in the window, the
    bar exactly where the status line is (so the scene's own line never shows instead), and are drawn."""
    from tests.view.test_layout import drawn_texts, problems

    window = pygame.Rect((0, 0), pygame.display.get_surface().get_size())
    if panel.expanded:
        assert window.contains(panel.rect), f"the panel {panel.rect} lies in the window {window}"
        if panel.fits_outside:
            assert not panel.rect.colliderect(playing.layout.board_view), "beside the board, not over it"
    else:
        assert panel.bar == playing.layout.status, "the bar takes the status line's place"
    for button in panel._shown_buttons():
        assert window.contains(button.rect), f"{button.label!r} at {button.rect} is in the window {window}"
    log = drawn_texts(driver.app)
    labels = {item.text for item in log if window.contains(item.rect)}
    assert {"Again", "Play again"} & labels, "a way to play again is drawn"
    assert not problems(log, window)


@pytest.mark.parametrize("look", ["classic", "dark"])
def test_whatever_the_window_does_after_the_game_ends_the_way_on_stays_on_screen(tmp_path, look):
    app = App(clock=FakeClock(), seed=21, desktop_size=(1920, 1080))
    pygame.event.clear()
    app.settings.change("theme", look)
    app.step()
    driver = Driver(app, tmp_path / "shots")
    try:
        driver.click_button(driver.scene.difficulty_buttons["beginner"])
        playing = driver.scene
        driver.click_cell(4, 4)
        driver.click_cell(*playing.board.mine_cells()[0])
        panel = driver.overlay
        driver.past_grace()
        the_way_on_is_on_screen(driver, playing, panel)
        for n, size in enumerate([(1900, 700), (520, 420), (1900, 1000), (700, 560), (1200, 300)]):
            driver.post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])
            driver.frames(2)
            assert driver.overlay is panel
            the_way_on_is_on_screen(driver, playing, panel)
            driver.screenshot(f"after-resize-{n}")
        for key in (pygame.K_EQUALS, pygame.K_MINUS, pygame.K_MINUS):  # a zoom moves the board too
            driver.key(key, mod=pygame.KMOD_CTRL)
            the_way_on_is_on_screen(driver, playing, panel)
        driver.click_button(panel.play_again if panel.expanded else panel.bar_again)
        assert isinstance(driver.scene, PlayingScene) and driver.scene is not playing, "and it works"
    finally:
        app.store.close()
        pygame.quit()


def test_esc_steps_back_one_level_the_whole_panel_then_the_menu(driver):
    """Esc closes the whole panel to the bar (the board in view), as its x does; only Esc on the bar leaves."""
    driver.click_button(driver.scene.difficulty_buttons["expert"])
    playing = driver.scene
    driver.click_cell(8, 15)
    driver.click_cell(*playing.board.mine_cells()[0])
    panel = driver.past_grace()
    driver.key(pygame.K_SPACE)
    assert panel.expanded
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is playing and driver.overlay is panel, "Esc does not skip the bar to the menu"
    assert not panel.expanded, "the whole panel is closed: the bar and the board show"
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene), "Esc on the bar goes on to the menu"


def test_esc_closes_the_whole_panel_that_shows_beside_the_board_too(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    driver.post(pygame.WINDOWSIZECHANGED, x=1300, y=600)
    driver.frames(2)
    driver.click_cell(4, 4)
    driver.click_cell(*playing.board.mine_cells()[0])
    panel = driver.past_grace()
    assert panel.expanded and panel.fits_outside
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is playing and driver.overlay is panel and not panel.expanded


def lose_expert_avoidably(tmp_path, window):
    """An Expert game lost to an avoidable click in a window the player sized, its verdict in (seed 42's last
    mine, after the first click in the middle, was avoidable: a cell was certainly safe)."""
    driver = start_app(tmp_path, seed=42, desktop=(1920, 1080))
    driver.click_button(driver.scene.difficulty_buttons["expert"])
    playing = driver.scene
    driver.post(pygame.WINDOWSIZECHANGED, x=window[0], y=window[1])
    driver.frames(2)
    driver.click_cell(8, 15)
    driver.click_cell(*playing.board.mine_cells()[-1])
    panel = driver.past_grace()
    while playing.session.verdict_state in (VerdictState.NOT_ASKED, VerdictState.RUNNING):
        driver.frames(1)
    driver.frames(2)
    loss = playing.session.verdict.loss
    assert loss is not None and not loss.forced and loss.proof, "a loss the panel explains with marked cells"
    marked = [playing.geometry.cell_rect(*cell) for cell in (loss.alternative, *loss.proof)]
    return driver, playing, panel, marked


def test_the_whole_panel_goes_beside_the_board_where_it_fits_there_not_over_the_proof(tmp_path):
    driver, playing, panel, marked = lose_expert_avoidably(tmp_path, (1900, 900))
    try:
        board = playing.layout.board_view
        assert pygame.display.get_window_size()[0] - board.right < px(config.GAME_OVER_PANEL_W) + 2 * px(8)
        assert panel.expanded and panel.fits_outside, "290 px beside the board is room for the panel"
        assert not panel.rect.colliderect(board), "beside the board, not over it"
        assert not any(panel.rect.colliderect(cell) for cell in marked), "the marked cells stay in view"
        assert pygame.Rect((0, 0), pygame.display.get_window_size()).contains(panel.rect)
        driver.screenshot("panel-beside-1900x900")
    finally:
        stop_app(driver)


def test_over_the_board_the_whole_panel_keeps_clear_of_the_marked_cells(tmp_path):
    driver, playing, panel, marked = lose_expert_avoidably(tmp_path, (1200, 800))
    try:
        assert not panel.expanded, "no room beside the board: the bar first"
        driver.key(pygame.K_SPACE)
        assert panel.expanded and panel.rect.colliderect(playing.layout.board_view), "over the board"
        assert not any(panel.rect.colliderect(cell) for cell in marked), "not over what it explains"
        driver.screenshot("panel-over-1200x800")
    finally:
        stop_app(driver)


# The bar's longest lines, as it says them (the time at its longest): each must fit its words' box whole.
END_LINES = (
    "You win! 999.999 s - 10th best time! - Personal bests: 3BV/s, IOE, STNB",
    "You win! 999.999 s, board seen before: not timed",
    "You win! 999.999 s, assisted: not timed",
    "Boom! forced guess, 999.999 s",
    "Boom! avoidable, 999.999 s",
    "Boom! forced guess, 999.999 s; ghost stopped at 999.999 s: the ghost got further",  # a race's
)


def fits_whole(words, box, most_lines=2):
    """The words drawn as the bar draws them fill at most `most_lines` lines of `box`, none cut."""
    lines, size = text.fit_paragraph(words, box, BODY, BOLD, smallest=TINY)
    whole = " ".join(lines) == words and len(lines) * text.line_height(size, BOLD) <= box.h
    return whole and len(lines) <= most_lines


@pytest.mark.parametrize("desktop", [(800, 600), (1366, 768), (1920, 1080)])
def test_every_end_line_fits_the_bar_at_every_size(tmp_path, desktop):
    driver = start_app(tmp_path, seed=21, desktop=desktop)
    try:
        for difficulty in ("beginner", "intermediate", "expert"):
            driver.click_button(driver.scene.difficulty_buttons[difficulty])
            playing = driver.scene
            driver.click_cell(playing.board.rows // 2, playing.board.cols // 2)
            driver.click_cell(*playing.board.mine_cells()[0])
            panel = driver.past_grace()
            assert not panel.expanded or panel.fits_outside
            for words in END_LINES:
                assert fits_whole(words, panel.bar_title), f"{words!r} in {panel.bar_title} ({difficulty})"
            driver.screenshot(f"bar-{difficulty}-{desktop[0]}x{desktop[1]}")
            driver.key(pygame.K_ESCAPE)
            if panel.expanded:
                driver.key(pygame.K_ESCAPE)
    finally:
        stop_app(driver)


def test_a_win_with_a_new_record_fits_the_bar_at_800x600(tmp_path):
    driver = start_app(tmp_path, seed=21, desktop=(800, 600))
    try:
        playing, last = to_the_last_cell(driver)
        driver.click_cell(*last)
        panel = driver.past_grace()
        assert playing.board.state == "won" and not panel.expanded
        assert panel.record_message == "New record! Best Beginner time", "the whole panel says it whole"
        words = panel.bar_words()
        assert "Best time!" in words
        assert fits_whole(words, panel.bar_title), f"{words!r} in {panel.bar_title}"
        driver.screenshot("bar-new-record-800x600")
    finally:
        stop_app(driver)
