"""The worker processes that run long pure computations away from the frames' interpreter."""

import os
import threading

import pytest

from game.model import Board, Move
from game.model.solver.analysis import InconsistentPosition, analyse, mine_total, visible_of
from game.work import worker


@pytest.fixture(autouse=True)
def fresh_pool(monkeypatch):
    monkeypatch.setattr(worker, "_idle", [])
    monkeypatch.setattr(worker, "_broken", False)
    yield
    for kept in worker._idle:
        kept.stop()


def test_a_job_runs_in_another_process_and_its_worker_is_kept_for_the_next():
    first = worker.run("os:getpid")
    assert first != os.getpid()
    assert worker.run("os:getpid") == first, "the worker is reused, not started again"


def test_the_chances_a_worker_works_out_are_the_solver_s():
    board = Board(16, 16, 40, seed=5)
    board.apply(Move("reveal", 8, 8))
    chances = worker.run(
        "game.model.solver.analysis:chance_list", board.rows, board.cols, mine_total(board), visible_of(board)
    )
    expected = analyse(board).probabilities
    for row in range(board.rows):
        for col in range(board.cols):
            if board.is_revealed(row, col):
                assert chances[row * board.cols + col] is None
            else:
                assert chances[row * board.cols + col] == pytest.approx(expected[row, col])


def test_what_the_job_raises_is_raised_in_the_caller():
    with pytest.raises(InconsistentPosition):
        worker.run("game.model.solver.analysis:chance_list", 3, 3, 20, [-1] * 9)


def test_a_cancelled_job_stops_its_worker():
    cancel = threading.Event()
    threading.Timer(0.2, cancel.set).start()
    with pytest.raises(worker.Cancelled):  # a job far longer than the wait: a fast machine cannot finish it first
        worker.run("time:sleep", 600, cancelled=cancel)
    assert worker._idle == [], "a worker stopped mid-job is not kept"


def test_without_a_worker_the_job_runs_in_the_caller(monkeypatch):
    def cannot_start():
        raise OSError("no processes here")

    monkeypatch.setattr(worker, "Worker", cannot_start)
    assert worker.run("os:getpid") == os.getpid()


def test_a_worker_that_dies_mid_job_leaves_the_job_to_the_caller(monkeypatch):
    monkeypatch.setattr(worker, "child_command", lambda: ["python3", "-c", "import sys; sys.stdin.read(1)"])
    assert worker.run("os:getpid") == os.getpid()
    assert worker._broken, "a worker that never answered is not started again for every job"


def test_a_large_lost_game_is_set_up_for_study_by_a_worker_as_it_would_be_here(monkeypatch):
    from game.learn.study import study_puzzle
    from game.model import Replay
    from game.scenes.puzzle import _studied

    board = Board(50, 50, 300, seed=8)
    board.apply(Move("reveal", 25, 25, 0))
    mine = next((r, c) for r in range(50) for c in range(50) if board.is_mine(r, c))
    board.apply(Move("reveal", *mine, 900))
    replay = Replay.from_game(board)
    asked, real = [], worker.run
    monkeypatch.setattr(worker, "run", lambda target, *args, **kw: asked.append(target) or real(target, *args, **kw))
    studied, here = _studied(replay, threading.Event()), study_puzzle(replay)
    assert asked == ["game.learn.study:study_json"]
    assert here is not None and studied is not None
    assert (studied.safe, studied.mines) == (here.safe, here.mines)
    assert studied.board.seen_codes() == here.board.seen_codes()


def test_a_worker_speaks_the_game_s_language():
    """What a worker words (a verdict, an error) is in the language the game speaks when it asks (#46)."""
    from game import language

    try:
        language.use("qps")
        assert worker.run("game.language:current") == "qps"
        assert worker.run("game.language:_", "Best time!") == language.pseudo("Best time!")
        language.use("en")
        assert worker.run("game.language:_", "Best time!") == "Best time!", "the same worker, the new language"
    finally:
        language.use("en")


def _large_game():
    from game.model import Replay

    board = Board(50, 50, 300, seed=8)
    board.apply(Move("reveal", 25, 25, 0))
    covered = [(r, c) for r in range(50) for c in range(50) if not board.is_revealed(r, c)]
    safe = next(cell for cell in covered if not board.is_mine(*cell))  # a guess, most likely avoidable
    board.apply(Move("reveal", *safe, 400))
    mine = next(cell for cell in covered if board.is_mine(*cell))
    board.apply(Move("reveal", *mine, 900))
    return Replay.from_game(board)


def test_a_large_game_is_reviewed_for_replay_by_a_worker_as_it_would_be_here(monkeypatch):
    from game.model import review_game
    from game.view.replay_review import _reviewed
    from game.view.review_steps import marks_of

    replay = _large_game()
    asked, real = [], worker.run
    monkeypatch.setattr(worker, "run", lambda target, *args, **kw: asked.append(target) or real(target, *args, **kw))
    (marks, intervals), here = _reviewed(replay, threading.Event()), review_game(replay)
    assert asked == ["game.view.review_steps:marks_of_json"]
    assert here.lost and len(here.clicks) == 3
    assert marks == marks_of(here) and marks[-1].lost and marks[-1].index == 2
    assert intervals.intervals_ms == (400, 500)


def test_a_large_game_s_mid_game_position_is_set_up_for_study_by_a_worker(monkeypatch):
    from game.learn.study import study_puzzle
    from game.scenes.puzzle import _studied

    replay = _large_game()
    asked, real = [], worker.run
    monkeypatch.setattr(worker, "run", lambda target, *args, **kw: asked.append(target) or real(target, *args, **kw))
    studied, here = _studied(replay, threading.Event(), 1), study_puzzle(replay, 1)
    assert asked == ["game.learn.study:study_json"]
    assert here is not None and studied is not None and (studied.safe, studied.mines) == (here.safe, here.mines)
    assert studied.board.seen_codes() == replay.board_after(1).seen_codes()
