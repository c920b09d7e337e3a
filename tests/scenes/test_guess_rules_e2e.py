"""The no-guess family through the real app, headless: a game in each mode that moves the mines under a guess
(forced guesses made safe; strict: a needless guess punished), its record kept under the mode's category, and its
video exported as EVF, read back by ms-toollib with the mode's code and the board the game ended with."""

import pygame
import pytest

from game.model import GameState, analyse
from game.scenes.playing import PlayingScene
from tests.driver import driven, turn_on_no_guess


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=77)


def covered(board):
    return [(r, c) for r in range(board.rows) for c in range(board.cols) if not board.is_revealed(r, c)]


def exported_evf(driver):
    """The game just over, exported from its replay as EVF, and what ms-toollib reads of it."""
    pytest.importorskip("ms_toollib")
    from tests.video.test_figures_against_ms_toollib import read_one

    driver.past_grace()
    driver.click_button(driver.panel_button("replay"))
    driver.key(pygame.K_e)
    evf = driver.scene.exported.with_suffix(".evf")
    assert evf.exists()
    return read_one(evf.read_bytes())


def mines_read(got):
    return {(r, c) for r, line in enumerate(got["board"]) for c, v in enumerate(line) if v == -1}


def test_forced_guesses_made_safe_win_a_game_with_every_forced_guess_on_a_mine(driver):
    turn_on_no_guess(driver, "forced_safe")
    made_safe = 0
    for _game in range(8):  # until a game meets a forced guess (most Beginner boards do)
        if _game == 0:
            driver.click_button(driver.scene.difficulty_buttons["beginner"])
        else:
            driver.past_grace()
            driver.click_button(driver.panel_button("again"))
        playing = driver.scene
        assert isinstance(playing, PlayingScene) and playing.session.rule == "forced_safe"
        driver.click_cell(4, 4)
        board = playing.board
        while board.state == GameState.PLAYING:
            analysis = analyse(board)
            safe = sorted(analysis.safe)
            if safe:
                driver.click_cell(*safe[0])
                continue
            # a forced guess: click a mine the numbers do not prove a mine, which the mode must make safe
            chances = analysis.probabilities
            mine = next((cell for cell in covered(board) if board.is_mine(*cell) and chances[cell] < 1), None)
            cell = mine or next(cell for cell in covered(board) if chances[cell] < 1)
            driver.click_cell(*cell)
            if mine is not None:
                assert playing.session.ruling == "made_safe" and board.is_revealed(*cell)
                if board.state == GameState.PLAYING:  # (the game's end clears the status line for its panel)
                    assert "forced guess" in playing.assist.message
                made_safe += 1
        assert board.state == GameState.WON, "a forced guess never loses in this mode"
        if made_safe:
            break
    assert made_safe
    session = playing.session
    got = exported_evf(driver)
    assert got["rules"][1] == 8, "EVF mode 8: quasi no-guess (准无猜), ms-toollib's code"
    assert mines_read(got) == set(board.mine_cells()), "the video carries the board the game ended with"
    assert got["is_completed"] and got["bbbv"] == board.three_bv, "ms-toollib replays it won on that board"
    assert session.category == "beginner@forced_safe"
    assert driver.app.store.flush(30)
    assert len(driver.app.store.recent_games("beginner@forced_safe")) >= 1
    assert driver.app.store.recent_games("beginner") == []


def test_strict_punishes_a_needless_guess_and_the_video_shows_the_mine_where_it_was_clicked(driver):
    turn_on_no_guess(driver, "strict")
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    assert playing.session.rule == "strict"
    driver.click_cell(4, 4)
    board = playing.board
    for _step in range(81):
        analysis = analyse(board)
        safe = analysis.safe
        guess = [cell for cell in covered(board) if cell not in safe and not board.is_mine(*cell)]
        if safe and guess:
            break
        driver.click_cell(*sorted(safe)[0] if safe else guess[0])
    assert board.state == GameState.PLAYING and safe and guess, "a needless guess to make"
    driver.click_cell(*guess[0])  # a cell that is safe as dealt, but not certainly: the mode lays a mine there
    assert board.state == GameState.LOST and board.exploded == guess[0]
    assert playing.session.ruling == "punished"
    got = exported_evf(driver)
    assert got["rules"][1] == 7, "EVF mode 7: weak no-guess (弱无猜), ms-toollib's code"
    assert guess[0] in mines_read(got) and mines_read(got) == set(board.mine_cells())
    assert not got["is_completed"]
    assert driver.app.store.flush(30)
    [game] = driver.app.store.recent_games("beginner@strict")
    assert not game.won
