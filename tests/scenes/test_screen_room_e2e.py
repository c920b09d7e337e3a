"""Screens that use the room they have, played through the real app: a replay as large as its game, the drill's
position shown large, and the wait for a no-guess board said before the first click."""

import time

import pygame
import pytest

from game.shell.app import App
from game.view import noguess_wait, screens, text
from game.view.cut_view import FADE
from tests.driver import Driver, FakeClock


def start(screen=(1920, 1080), seed=42):
    app = App(clock=FakeClock(), seed=seed, desktop_size=screen)
    pygame.event.clear()
    app.step()
    return app, Driver(app)


@pytest.fixture
def quits():
    yield
    pygame.quit()


def lose(driver):
    playing = driver.scene
    board = playing.board
    driver.click_cell(board.rows // 2, board.cols // 2)
    mine = next((r, c) for r in range(board.rows) for c in range(board.cols) if board.is_mine(r, c))
    driver.click_cell(*mine)
    return driver.past_grace()


@pytest.mark.parametrize("resized", [False, True], ids=["zoom", "the player's window"])
def test_the_replay_shows_the_board_as_large_as_the_game_did(private_home, quits, resized):
    """The bug: Replay drew the board smaller than the game (at the zoom setting, whatever the player's window)."""
    app, driver = start()
    try:
        driver.click_button(app.scene.difficulty_buttons["beginner"])
        if resized:
            driver.post(pygame.WINDOWSIZECHANGED, x=1000, y=900)
            driver.frames(2)
        game_tile = driver.scene.layout.tile
        panel = lose(driver)
        driver.click_button(driver.panel_button("replay") if not panel.expanded else panel.replay_button)
        assert isinstance(driver.scene.shown, screens.Replay)
        assert driver.scene.layout.tile == game_tile
    finally:
        app.store.close()


def wait_for(driver, ready, seconds=30):
    deadline = time.monotonic() + seconds
    while not ready() and time.monotonic() < deadline:
        driver.frames(1)
        time.sleep(0.005)


def test_the_drill_shows_the_part_of_its_board_that_matters_larger(private_home, quits):
    """The bug: the drill showed a whole 16 x 16 board at 16 px to find one cell. Now the part around the
    deduction fills the room, every cell it needs in view, and a side that cuts through the board fades."""
    app, driver = start((1366, 768))
    try:
        driver.click_button(app.scene.learn)
        driver.click_button(driver.scene.drill)
        drill = driver.scene
        for _ in range(3):  # a few positions: each shown by its own focus
            wait_for(driver, lambda: drill.puzzle is not None)
            position, g = drill.position, drill.geometry
            focus = position.focus()
            area, rows, cols = drill.board_area, position.board.rows, position.board.cols
            whole = min(area.w // cols, area.h // rows)  # the tile the whole board would get
            cuts = focus.cut(rows, cols)  # a cut side shows half a cell more, fading
            shown_rows, shown_cols = focus.rows + FADE * sum(cuts[0::2]), focus.cols + FADE * sum(cuts[1::2])
            assert g.tile >= whole, "the part is never shown smaller than the whole board would be"
            if shown_rows <= rows - 1 and shown_cols <= cols - 1:
                # smaller than the board both ways: larger (a part as tall as the board, in a room that the
                # board's height limits, gets the same tile: it happens, the positions are random)
                assert g.tile > whole, "the part shown is larger"
            for cell in (*position.safe, *position.mines, *position.proof):
                assert g.view.contains(g.cell_rect(*cell)), f"{cell} is in view"
            app.invalidate()
            app._draw()
            depth = max(1, round(FADE * g.tile))  # a side's fade reaches this far in: the corners are left out
            across = range(g.view.left + depth, g.view.right - depth)
            down = range(g.view.top + depth, g.view.bottom - depth)
            edges = {  # the line of pixels just inside each side of the view
                0: [(x, g.view.top) for x in across],
                1: [(g.view.left, y) for y in down],
                2: [(x, g.view.bottom - 1) for x in across],
                3: [(g.view.right - 1, y) for y in down],
            }
            for side, cut in enumerate(cuts):
                # a pixel of the board's own face colour looks the same faded, so the whole line is compared
                faded = any(
                    app.screen.get_at((x, y))
                    != drill.renderer.surface.get_at((x - g.view.x + g.scroll_x, y - g.view.y + g.scroll_y))
                    for x, y in edges[side]
                )
                assert faded == cut, f"side {side}: {'cut, must fade' if cut else 'the edge: no fade'}"
            solve_all(driver, drill)
            driver.key(pygame.K_n)
    finally:
        app.store.close()


def solve_all(driver, scene):
    position = scene.position
    for cell in sorted(position.safe):
        driver.click(scene.geometry.cell_rect(*cell).center)
    for cell in sorted(position.mines):
        driver.click(scene.geometry.cell_rect(*cell).center, button=3)
    assert scene.puzzle.done


def drawn_words(app):
    with text.recording() as log:
        app.scene.draw_all(app.screen)
    return " ".join(item.text for item in log)


def test_the_wait_for_a_no_guess_board_is_said_before_the_first_click(private_home, quits):
    """With no-guess on, a 100 x 100 board with 2,500 mines is rarely made within the wait: Custom says so as
    the player types it, and Settings when no-guess is turned on with that custom size; a preset says nothing."""
    app, driver = start((1366, 768))
    try:
        app.settings.change("custom", (100, 100, 2_500))
        driver.click_button(app.scene.settings)
        assert "rarely" not in drawn_words(app), "no-guess off: nothing to say"
        settings = driver.scene
        driver.click_button(settings.buttons[[o.key for o in settings_options()].index("no_guess")])
        assert "100 x 100, 2500 mines: rarely made within 5 s" in drawn_words(app)
        driver.key(pygame.K_ESCAPE)
        driver.click_button(driver.scene.custom)
        form = driver.scene
        assert "rarely found within 5 s" in drawn_words(app)
        form.fields["mines"].value = "1500"
        driver.key(pygame.K_TAB)
        assert "No-guess" not in drawn_words(app), "a board made at once goes without a word"
    finally:
        app.store.close()


def test_the_words_follow_the_measured_waits():
    assert noguess_wait.advice(16, 30, 99) == noguess_wait.advice(30, 30, 315) == ""
    assert "rarely" in noguess_wait.advice(100, 100, 2_500)
    assert "not always" in noguess_wait.advice(50, 50, 875)
    assert "normal board" in noguess_wait.advice(100, 100, 3_600), "past 35.5% no board is no-guess"
    most = noguess_wait.most_mines(100, 100)
    assert noguess_wait.odds(100, 100, most).made >= noguess_wait.SURE > noguess_wait.odds(100, 100, 2_500).made
    wait = [noguess_wait.odds(rows, rows, rows * rows // 4).seconds for rows in (9, 16, 30, 50, 70, 100)]
    assert wait == sorted(wait), "larger boards at one density wait longer"


def settings_options():
    from game.settings import LISTED

    return LISTED
