"""Time trials through the real app: a whole "10 Beginner" run with a lost board in it, left midway and resumed
(from Trials and from the menu), finished, and its best run kept with every board's video."""

import json

import pygame
import pytest

from game.model import Replay
from game.overlays.confirm import ConfirmOverlay
from game.play.trial import Trial
from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.scenes.trial_end import TrialEndScene
from game.scenes.trials import TrialsScene
from tests.driver import driven

SEED = 99


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=SEED)


def open_middle(driver):
    """The first click of a board: its middle (the first click opens an area)."""
    board = driver.scene.board
    driver.click_cell(board.rows // 2, board.cols // 2)
    driver.frames(30)  # some time on the clock


def win_board(driver):
    """Win the board on show (opened first if need be); returns the run's scene's trial before it ended."""
    scene = driver.scene
    assert isinstance(scene, PlayingScene) and scene.trial is not None
    board = scene.board
    if board.state == "ready":
        open_middle(driver)
    for r in range(board.rows):
        for c in range(board.cols):
            if board.state == "playing" and not board.is_mine(r, c) and not board.is_revealed(r, c):
                driver.click_cell(r, c)
    assert board.state == "won"
    return scene


def lose_board(driver):
    scene = driver.scene
    board = scene.board
    open_middle(driver)
    driver.click_cell(*board.mine_cells()[0])
    assert board.state == "lost"
    return scene


def run_under_way(driver):
    return Trial.from_dict(driver.app.store.trial_under_way())


@pytest.mark.slow
def test_a_whole_10_beginner_run_with_a_loss_left_and_resumed(driver):
    menu = driver.scene
    driver.click_button(menu.trials)
    trials = driver.scene
    assert isinstance(trials, TrialsScene) and not trials.resume.enabled
    driver.screenshot("trials")
    driver.click_button(trials.set_buttons["beginner-10"])
    times = []
    # boards 1-3 won, board 4 lost (its time counts), the next board is the 4th to win
    for _ in range(3):
        times.append(win_board(driver).session.elapsed_ms)
        driver.frames(2)
    lost = lose_board(driver)
    times.append(lost.session.elapsed_ms)
    driver.frames(2)
    playing = driver.scene
    assert isinstance(playing, PlayingScene) and playing is not lost
    assert playing.trial.won == 3 and playing.trial.lost == 1 and playing.trial.elapsed_ms == sum(times)
    assert "lost" in playing.assist.message
    kept = run_under_way(driver)
    assert (kept.won, kept.lost, kept.elapsed_ms) == (3, 1, sum(times))

    # left midway, on a board under way: asked, then the run and the board are kept
    open_middle(driver)
    board_moves = len(playing.board.moves)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.overlay, ConfirmOverlay)
    driver.click_button(driver.overlay.yes)
    trials = driver.scene
    assert isinstance(trials, TrialsScene) and trials.resume.enabled and trials.run.won == 3
    saved = driver.app.dealer.keeper.saved
    assert saved is not None and saved.extra["trial"] == kept.run_id

    # resumed from Trials: the same run, the same board, as it was
    driver.click_button(trials.resume)
    driver.frames(3)
    resumed = driver.scene
    assert isinstance(resumed, PlayingScene) and resumed.trial == kept
    assert len(resumed.board.moves) == board_moves and resumed.session.trial == kept.run_id
    times.append(win_board(driver).session.elapsed_ms)
    driver.frames(2)

    # left again, untouched between boards; back to the menu, and the run resumed from Trials deals its next board
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, TrialsScene) and driver.overlay is None
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene)
    driver.click_button(driver.scene.trials)
    driver.click_button(driver.scene.resume)
    assert isinstance(driver.scene, PlayingScene) and driver.scene.trial.won == 4

    # a board left under way is resumed from the menu's Resume game too, in its run
    open_middle(driver)
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.overlay.yes)
    driver.key(pygame.K_ESCAPE)
    menu = driver.scene
    assert isinstance(menu, MenuScene) and menu.resume is not None
    driver.click_button(menu.resume)
    driver.frames(4)
    assert isinstance(driver.scene, PlayingScene) and driver.scene.trial is not None and driver.scene.trial.won == 4

    for n in range(6):
        scene = win_board(driver)
        times.append(scene.session.elapsed_ms)
        if n == 2:
            driver.screenshot("board-with-split")
        driver.frames(2)
    end = driver.scene
    assert isinstance(end, TrialEndScene)
    driver.frames(3)
    assert end.kept.result() is True, "the first finished run is the best"
    assert end.trial.won == 10 and end.trial.lost == 1 and end.trial.elapsed_ms == sum(times)
    driver.screenshot("run-end")

    store = driver.app.store
    assert store.trial_under_way() is None, "the run under way is forgotten once finished"
    best = store.best_runs()["beginner-10"]
    assert best.total_ms == sum(times) and len(best.splits) == 10
    kept_run = Trial.from_dict(store.best_run("beginner-10"))
    assert len(kept_run.boards) == 11 and [b.won for b in kept_run.boards].count(False) == 1
    for board in kept_run.boards:  # every board's move log, with its video beside it
        assert json.loads(board.replay)["video"]
        assert Replay.from_json(board.replay).rows == 9
    # every board is a game of its own in Records too
    stats = store.statistics("beginner")
    assert (stats.played, stats.won) == (11, 10)

    # a second run is measured against the first: its board shows a split
    driver.click_button(end.again)
    playing = driver.scene
    assert playing.trial.best == tuple(best.splits)
    open_middle(driver)
    words, _colour = playing.trial_view.state(playing.session.elapsed_ms)
    assert words.startswith(("+", "-"))


def test_a_lost_board_and_one_given_up_count_and_the_run_goes_on_at_its_level(driver):
    driver.click_button(driver.scene.trials)
    driver.click_button(driver.scene.set_buttons["expert-3"])
    first = lose_board(driver)
    driver.frames(2)
    second = driver.scene
    assert isinstance(second, PlayingScene) and second is not first and second.board.cols == 30
    assert second.trial.lost == 1 and second.trial.elapsed_ms == first.session.elapsed_ms
    open_middle(driver)
    driver.key(pygame.K_F2)  # a new board while one is under way: the board is given up, a loss
    third = driver.scene
    assert third is not second and third.trial.lost == 2 and third.board.state == "ready"
    assert third.trial.elapsed_ms == first.session.elapsed_ms + second.session.elapsed_ms
    driver.key(pygame.K_F2)  # nothing to give up on an untouched board
    assert driver.scene is third
    assert run_under_way(driver) == third.trial
    stats = driver.app.store.statistics("expert")
    assert (stats.played, stats.won) == (2, 0)
