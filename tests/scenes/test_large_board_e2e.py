"""A large board's long computations (mine chances, the game's analysis, its video's figures) are worked out in
worker processes, while the frames go on and the board stays in play: played through the real app."""

import os
import threading

import pygame
import pytest

from game.scenes.playing import PlayingScene
from game.shell.app import App
from game.view import screens
from game.work import worker
from tests.driver import Driver, FakeClock

ROWS, COLS, MINES = 50, 50, 300  # 2,500 cells: large enough for the workers


@pytest.fixture
def driver(tmp_path, monkeypatch):
    monkeypatch.setenv("MINESWEEPER_HOME", str(tmp_path / "records"))
    app = App(clock=FakeClock(), seed=5, desktop_size=(1366, 768))
    pygame.event.clear()
    app.step()
    yield Driver(app, tmp_path / "shots")
    app.store.close()
    pygame.quit()


@pytest.fixture
def asked(monkeypatch):
    """The jobs handed to workers: (target, the thread that asked, the process that answered)."""
    jobs, real = [], worker.run

    def run(target, *args, cancelled=None):
        jobs.append((target, threading.current_thread()))
        return real(target, *args, cancelled=cancelled)

    monkeypatch.setattr(worker, "run", run)
    return jobs


def large_game(driver):
    assert worker.large(ROWS, COLS)
    driver.app.show(screens.Playing(session=driver.app.dealer.new(ROWS, COLS, MINES)))
    driver.frames(2)
    playing = driver.scene
    assert isinstance(playing, PlayingScene)
    driver.click_cell(*in_view(playing, lambda cell: True))  # clicked, so the game's video records it
    assert playing.board.state == "playing"
    return playing


def in_view(playing, wanted):
    board, view = playing.board, playing.geometry.view
    return next(
        (r, c)
        for r in range(ROWS)
        for c in range(COLS)
        if not board.is_revealed(r, c)
        and not board.is_flagged(r, c)
        and wanted((r, c))
        and view.contains(playing.geometry.cell_rect(r, c))
    )


def test_a_large_board_s_chances_come_from_a_worker_and_the_board_stays_in_play(driver, asked):
    playing = large_game(driver)
    driver.key(pygame.K_c)
    board = playing.board
    safe = in_view(playing, lambda cell: not board.is_mine(*cell))
    driver.click_cell(*safe)
    assert board.is_revealed(*safe), "the board stays in play while the chances are worked out"
    driver.until_chances()
    assert asked and all(target == "game.model.solver.analysis:chance_list" for target, _ in asked)
    assert threading.main_thread() not in [thread for _, thread in asked], "never asked on the frame thread"
    chances = playing.assist.current_chances(board)
    covered = [(r, c) for r in range(ROWS) for c in range(COLS) if not board.is_revealed(r, c)]
    assert all(0.0 <= chances.probability(*cell) <= 1.0 for cell in covered)


def test_a_large_board_s_analysis_and_figures_come_from_workers(driver, asked):
    playing = large_game(driver)
    board = playing.board
    driver.click_cell(*in_view(playing, lambda cell: board.is_mine(*cell)))
    assert board.state == "lost"
    session = playing.session
    assert session.verdict_job.wait(120) and session.figures_job.wait(120)
    driver.frames(2)
    assert session.verdict is not None and session.verdict.loss is not None
    assert session.figures is not None
    assert driver.app.store.flush(120)
    targets = {target for target, _ in asked}
    # the records' writer works out the figures it keeps in a worker too (on its thread they held the frames),
    # and the game's review (always in a worker)
    assert targets == {
        "game.model.replay.verdict:judge_json",
        "game.video.figures:figures_of",
        "game.store.speed:work_out",
        "game.store.reviewing:review_log",
    }
    assert threading.main_thread() not in [thread for _, thread in asked], "never asked on the frame thread"
    (game,) = driver.app.store.recent_games(session.category)
    assert game.kept is not None and game.kept.source == "video", "the worker's figures are the ones kept"
    assert game.kept.ioe == pytest.approx(session.figures.ioe, rel=1e-6)


def test_a_large_boards_analysis_starts_after_the_frame_that_shows_its_end(driver, asked):
    """Its worker processes took the cores from the frame that showed the loss (and the records' writer the
    interpreter): they start on the next frame."""
    playing = large_game(driver)
    board = playing.board
    driver.click_cell(*in_view(playing, lambda cell: board.is_mine(*cell)), frames=1)
    assert board.state == "lost" and driver.app.overlays, "the frame that shows the end"
    assert playing.session.verdict_job is None and not [
        t for t, _ in asked if t == "game.model.replay.verdict:judge_json"
    ]
    driver.frames(1)
    assert playing.session.verdict_job is not None and playing.session.figures_job is not None
    assert playing.session.verdict_job.wait(120)


def test_workers_are_other_processes():
    assert worker.run("os:getpid") != os.getpid()
