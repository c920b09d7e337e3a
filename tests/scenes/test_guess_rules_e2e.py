"""The no-guess family through the real app, headless: a game in each mode that moves the mines under a guess
(forced guesses made safe; strict: a needless guess punished), its record kept under the mode's category, and its
video exported as EVF, read back by ms-toollib with the mode's code and the board the game ended with."""

import pygame
import pytest

from game.model import GameState, analyse
from game.scenes.playing import PlayingScene
from game.view import text
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


def to_a_needless_guess(driver, playing):
    """Play certainly safe cells until a needless guess is there to make: (a safe cell, a cell safe as dealt that
    nothing proves safe, a cell the numbers prove a mine)."""
    board = playing.board
    for _step in range(81):
        analysis = analyse(board)
        safe = analysis.safe
        guess = [cell for cell in covered(board) if cell not in safe and not board.is_mine(*cell)]
        if safe and guess and analysis.mines:
            return sorted(safe)[0], guess[0], sorted(analysis.mines)[0]
        driver.click_cell(*sorted(safe)[0] if safe else guess[0])
    pytest.fail("no needless guess to make")


@pytest.fixture
def slow_rulings(monkeypatch):
    """Rulings that wait for the test to let them through (as a search of a few hundred ms on an awkward position
    would keep the click waiting)."""
    import threading

    from game.model.solver.guessrules import Judge

    gate = threading.Event()
    ask = Judge.ask

    def slow_ask(self, question, *args, **kwargs):
        assert gate.wait(30)
        return ask(self, question, *args, **kwargs)

    monkeypatch.setattr(Judge, "ask", slow_ask)
    return gate


def test_a_ruling_is_worked_out_off_the_frame_and_the_input_after_the_click_waits_for_it(driver, slow_rulings):
    """Strict: a needless guess waits for its ruling while the frames go on (the spinner turns once it is long);
    a flag and a safe click made meanwhile wait behind it, unplayed and unheard by the video, and are played in
    turn once it comes: the guess explodes, and the video replays the game as the board played it."""
    turn_on_no_guess(driver, "strict")
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    driver.click_cell(4, 4)
    slow_rulings.set()  # the first rulings go through at once
    _safe, guess, mine = to_a_needless_guess(driver, playing)
    board, session = playing.board, playing.session
    slow_rulings.clear()
    driver.patient = False  # (a patient driver waits for every ruling before each frame)
    moves = len(board.moves)
    flags = board.mines_left
    driver.press(driver.cell_pos(*mine), button=3)  # a flag on a proved mine, while the guess waits
    driver.release(driver.cell_pos(*mine), button=3)
    driver.frames(1)
    driver.click_cell(*guess, frames=0)
    driver.frames(1)
    assert session.ruling_wait is not None and len(board.moves) == moves + 1, "the guess waits for its ruling"
    heard = len(session.current_video())  # the flag and the guess
    driver.press(driver.cell_pos(*mine), button=3)  # the flag taken off again, and put back, while it waits
    driver.release(driver.cell_pos(*mine), button=3)
    driver.frames(2)
    driver.click_cell(*_safe, frames=0)
    driver.frames(40)  # 40 frames: the frame loop never waits for the ruling
    assert session.ruling_wait is not None and playing.spinner_shown
    playing.invalidate()
    with text.recording() as drawn:
        driver.frames(1)
    said = [line.text for line in drawn]
    assert "Weighing the guess" in said and "Making a no-guess board" not in said, "the spinner says what it waits for"
    assert len(board.moves) == moves + 1 and board.is_flagged(*mine) and board.mines_left == flags - 1
    assert not board.is_revealed(*_safe) and board.state == GameState.PLAYING
    assert len(session.current_video()) == heard, "the video heard nothing after the guess: it waits too"
    slow_rulings.set()
    assert session.ruling_wait.wait(10)
    driver.frames(2)
    assert session.ruling_wait is None and session.ruling == "punished"
    assert board.state == GameState.LOST and board.exploded == guess
    assert board.is_flagged(*mine) and not board.is_revealed(*_safe), "what came after the loss is not played"
    from game.video.figures import _played, played_of

    video = session.current_video()  # played on the board the game ended with: lost at the guess, at its time
    game, _opening, over = _played(video, video.kinds.tobytes())
    assert over is not None and game.over and video.cell_of(video.xs[over], video.ys[over]) == guess
    assert played_of(video).time_ms == session.elapsed_ms == board.moves[-1].t_ms


def test_a_game_left_while_a_click_waits_for_its_ruling_plays_the_click_as_dealt(driver, slow_rulings):
    """The window closed (the scene left) while a needless guess waits: the click is played as the board lies, as
    the video heard it, and the game is saved with it."""
    turn_on_no_guess(driver, "strict")
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    driver.click_cell(4, 4)
    slow_rulings.set()
    _safe, guess, _mine = to_a_needless_guess(driver, playing)
    slow_rulings.clear()
    driver.patient = False
    session, board = playing.session, playing.board
    driver.click_cell(*guess, frames=1)
    assert session.ruling_wait is not None and not board.is_revealed(*guess)
    driver.key(pygame.K_ESCAPE, frames=1)  # held: the question comes once the click is played
    playing.on_exit()
    slow_rulings.set()
    assert session.ruling_wait is None and session.ruling == "undecided"
    assert board.is_revealed(*guess) and board.state == GameState.PLAYING, "played as dealt: safe"
    from game.store.kept import checked_save

    back, _extra = checked_save(session.to_save())  # the save passes the checks a resume makes, the click in it
    assert back.is_revealed(*guess) and back.moves[-1].cell == guess
