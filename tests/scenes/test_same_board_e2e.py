"""End-to-end: the same board again (its first click made for the player) tells one truth everywhere: the click
made for the player is none of theirs (the panel, the records, Replay, the video's figures), a same board never
touched is no game, Replay's status line and its figures describe one position, and a loss on the first click
reads the same time on the timer and the panel. The real app driven headless by real events."""

import re
import sqlite3

import pygame
import pytest

from game.overlays.confirm import ConfirmOverlay
from game.overlays.gameover import GameOverPanel
from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.scenes.replay import ReplayScene
from game.store import data_folder
from tests.driver import driven

SEED = 42


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=SEED)


def cells(board):
    return [(r, c) for r in range(board.rows) for c in range(board.cols)]


def lost_then_same_board(driver):
    """Beginner: open the middle, then a mine; then Same board on the panel. The new game's scene."""
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    driver.click_cell(4, 4, frames=20)
    driver.click_cell(*playing.board.mine_cells()[0])
    assert playing.board.state == "lost"
    driver.click_button(driver.panel_button("same board"))
    again = driver.scene
    assert isinstance(again, PlayingScene) and again is not playing
    assert again.board.state == "playing" and again.board.is_revealed(4, 4), "the click made for the player"
    return again


def win_by_hand(driver, playing):
    """Open every safe cell still covered, one click each, with time between: the player's own clicks."""
    board, clicks = playing.board, 0
    for cell in cells(board):
        if board.state == "playing" and not board.is_mine(*cell) and not board.is_revealed(*cell):
            driver.click_cell(*cell, frames=6)
            clicks += 1
    assert board.state == "won"
    return clicks


def panel_value(panel, name):
    return dict(panel.lines())[name]


def wait_for_figures(driver, session):
    driver.frames(2)
    assert session.figures_job is not None and session.figures_job.wait(30)
    driver.frames(2)
    assert session.figures is not None


def db_rows(driver, sql):
    driver.settled()
    with sqlite3.connect(data_folder() / "minesweeper.db") as db:
        return db.execute(sql).fetchall()


def test_the_click_made_for_the_player_counts_in_no_click_count_anywhere(driver):
    again = lost_then_same_board(driver)
    session = again.session
    mine = session.board.left_clicks
    assert (mine, session.board.effective_clicks) == (0, 0), "the click made for the player is not theirs"
    clicks = win_by_hand(driver, again)
    stats = session.stats()
    assert (stats.left, stats.effective, stats.clicks) == (clicks, clicks, clicks)
    assert stats.ioe == pytest.approx(stats.solved_three_bv / clicks)
    panel = driver.overlay
    assert isinstance(panel, GameOverPanel)
    wait_for_figures(driver, session)
    figures = session.figures
    assert (figures.left, figures.lce) == (clicks, clicks), "the video's figures (the panel's) agree"
    assert panel_value(panel, "Clicks").startswith(f"L {clicks} ({clicks})")
    assert panel_value(panel, "IOE") == f"{figures.bbbv / clicks:.3f}"
    record = db_rows(driver, "SELECT left_clicks, effective_clicks, same_board FROM games ORDER BY id")[-1]
    assert record == (clicks, clicks, 1), "the records count the player's clicks only"
    replay = session.replay()
    assert replay.made == 1 and replay.final_board().left_clicks == clicks
    driver.click_button(driver.panel_button("replay"))
    watching = driver.scene
    assert isinstance(watching, ReplayScene)
    watching.press("end")
    driver.frames(1)
    moves = len(replay.moves)
    assert moves == clicks + 1
    assert f"move {moves}/{moves}" in watching._status() and f"{clicks} clicks" in watching._status()
    watching.press("start")
    watching.press("forward")
    driver.frames(1)
    assert "opened for you" in watching._status() and "0 clicks" in watching._status()
    driver.screenshot("replay-opened-for-you")


def test_a_same_board_never_touched_is_no_game(driver):
    again = lost_then_same_board(driver)
    played_before = db_rows(driver, "SELECT COUNT(*) FROM games")[0][0]
    driver.frames(30)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene), "nothing to lose: no question"
    assert not any(isinstance(o, ConfirmOverlay) for o in driver.app.overlays)
    driver.settled()
    assert driver.app.store.load_resume() is None, "not offered to resume"
    assert driver.scene.resume is None
    driver.click_button(driver.scene.difficulty_buttons["intermediate"])
    assert isinstance(driver.scene, PlayingScene), "no question about a saved game"
    assert db_rows(driver, "SELECT COUNT(*) FROM games")[0][0] == played_before, "not recorded"
    stats = driver.app.store.statistics("beginner")
    assert (stats.played, stats.won) == (1, 0)
    assert again.session.recorded is False


def test_a_same_board_left_for_a_new_game_untouched_is_not_recorded(driver):
    again = lost_then_same_board(driver)
    driver.key(pygame.K_F2)
    assert isinstance(driver.scene, PlayingScene) and driver.scene is not again
    assert not again.session.recorded
    assert db_rows(driver, "SELECT COUNT(*) FROM games")[0][0] == 1


def test_a_loss_on_the_first_click_reads_the_same_time_on_the_timer_and_the_panel(driver):
    again = lost_then_same_board(driver)
    board = again.board
    driver.frames(20)
    mine = board.mine_cells()[0]
    driver.click_cell(*mine)
    assert board.state == "lost" and again.session.elapsed_ms == 0
    wait_for_figures(driver, again.session)
    panel = driver.overlay
    assert panel_value(panel, "Time").startswith("0.000 s")
    assert again.session.timer_seconds == 0, "the timer shows the game's time, 000, as the panel does"
    assert again._counters().seconds == 0
    driver.screenshot("first-click-loss")


def said(watching):
    """(clicks, 3BV solved) as the status line says them, and as the figures beside the board say them."""
    status = watching._status()
    clicks = int(re.search(r"· (\d+) clicks?$", status).group(1))
    solved = int(status.split("3BV ")[1].split("/")[0])
    lines = watching.live_lines()
    assert lines is not None
    left, right, double = (int(n) for n in re.findall(r"[LRD] (\d+)", lines["Clicks"]))
    figure = lines["3BV"]
    return (clicks, solved), (left + right + double, int(figure.split(" of ")[0]) if " of " in figure else None)


def test_replay_says_one_position_on_its_status_line_and_beside_the_board_at_home_each_step_and_the_end(driver):
    again = lost_then_same_board(driver)
    win_by_hand(driver, again)
    driver.click_button(driver.panel_button("replay"))
    watching = driver.scene
    assert isinstance(watching, ReplayScene)
    assert watching.live is not None and watching.live.job.wait(30)
    driver.frames(2)
    watching.press("end")  # End stops the replay
    driver.frames(1)
    (clicks, _), (counted, _) = said(watching)
    assert clicks == counted == again.board.left_clicks
    watching.press("start")  # Home
    driver.frames(1)
    assert not watching.playing
    (clicks, solved), (counted, figured) = said(watching)
    driver.screenshot("replay-home")
    assert (clicks, solved) == (0, 0) and (counted, figured) == (0, 0), "Home: before any move, on both"
    for step in range(1, len(watching.moves)):  # each step forward (the last one wins: 3BV then is the whole)
        watching.press("forward")
        driver.frames(1)
        (clicks, solved), (counted, figured) = said(watching)
        assert clicks == counted and solved == figured, f"after move {step}"
    watching.press("start")
    watching.press("play")  # played from Home: each frame's position is one on both too
    for _ in range(120):
        driver.frames(1)
        (clicks, solved), (counted, figured) = said(watching)
        assert clicks == counted and (figured is None or solved == figured)


# --- races: a game of its own kind, never saved ---------------------------------------------------------------


@pytest.fixture
def racer(tmp_path):
    yield from driven(tmp_path, seed=4321)


def a_saved_game_and_a_replay_to_race(driver):
    """A won beginner game, then one left under way (saved), then the won one's replay from Records."""
    from game.view import screens

    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    driver.click_cell(4, 4, frames=20)
    win_by_hand(driver, driver.scene)
    driver.click_button(driver.panel_button("again"))
    driver.click_cell(0, 0)
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.overlay.yes)
    assert isinstance(driver.scene.shown, screens.Menu) and driver.app.dealer.keeper.saved is not None
    driver.click_button(driver.scene.records)
    records = driver.scene
    driver.click_button(records.recent_tab)
    driver.click_button(next(row for row in records.rows if records.game_of[row].won))
    assert isinstance(driver.scene, ReplayScene)
    return driver.scene


def test_the_video_stands_still_while_the_discard_question_is_asked_over_it(racer):
    watching = a_saved_game_and_a_replay_to_race(racer)
    watching.press("start")
    watching.press("play") if not watching.playing else None
    racer.frames(5)
    racer.key(pygame.K_b)
    question = racer.overlay
    assert isinstance(question, ConfirmOverlay) and "Discard the saved game?" in question.question
    asked_at = watching.t_ms
    racer.frames(90)  # a second and a half with the question up
    racer.screenshot("discard-question-over-replay")
    assert watching.t_ms == asked_at, "the video does not play on behind the question"
    racer.key(pygame.K_ESCAPE)  # keep the saved game
    racer.frames(30)
    assert watching.t_ms > asked_at, "it plays on once the question is answered"


def test_leaving_a_race_ends_it_says_so_and_is_never_offered_to_resume(racer):
    a_saved_game_and_a_replay_to_race(racer)
    racer.key(pygame.K_b)
    racer.click_button(racer.overlay.yes)  # discard the saved game for the race
    racer.settled()
    racing = racer.scene
    assert isinstance(racing, PlayingScene) and racing.race is not None
    board = racing.board
    played = db_rows(racer, "SELECT COUNT(*) FROM games")[0][0]
    safe = next(c for c in cells(board) if not board.is_mine(*c) and not board.is_revealed(*c))
    racer.click_cell(*safe, frames=30)
    racer.key(pygame.K_ESCAPE)
    question = racer.overlay
    assert isinstance(question, ConfirmOverlay)
    racer.screenshot("leave-race-question")
    assert question.question == "Leave the race?" and "ends the race" in " ".join(question.lines)
    racer.click_button(question.yes)
    racer.settled()
    assert isinstance(racer.scene, MenuScene)
    assert racer.scene.resume is None and racer.app.store.load_resume() is None, "no plain game without its ghost"
    rows = db_rows(racer, "SELECT abandoned, won, same_board FROM games ORDER BY id")
    assert len(rows) == played + 1 and rows[-1] == (1, 0, 1), "recorded as it said: a loss, a board seen before"


def test_a_race_is_never_saved_under_way(racer):
    a_saved_game_and_a_replay_to_race(racer)
    racer.key(pygame.K_b)
    racer.click_button(racer.overlay.yes)
    racer.settled()
    racing = racer.scene
    board = racing.board
    safe = next(c for c in cells(board) if not board.is_mine(*c) and not board.is_revealed(*c))
    racer.click_cell(*safe, frames=5)
    racer.settled()
    assert racing.session.to_save() is None and racer.app.store.load_resume() is None


def test_replays_timer_reads_as_the_games_did_at_every_moment(driver):
    again = lost_then_same_board(driver)
    win_by_hand(driver, again)
    game_led = again.session.timer_seconds
    assert game_led == -(-again.session.elapsed_ms // 1000)
    driver.click_button(driver.panel_button("replay"))
    watching = driver.scene
    watching.press("end")
    driver.frames(1)
    assert watching.counters().seconds == game_led, "at the end, the game's time rounded up, as the game showed it"
    watching.press("start")
    driver.frames(1)
    assert watching.counters().seconds == 0, "before the first move, 000"
