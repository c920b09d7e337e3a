"""The game's summary on the game-over panel: its guesses (forced or avoidable), the luck it took, its clicks
over ZiNi and a one-line verdict, from the review of every click, worked out off the frame (in a worker from
Intermediate up). The real app, driven headless by real events."""

import pytest

from game.model import review_game
from game.overlays.gameover import GameOverPanel
from game.play import aftermath
from game.video.review_of import verdict_text
from game.view.end_figures import luck_text
from game.view.formats import sentence
from tests.driver import driven


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=2)  # reading order guesses on this board: 4 times where a cell was safe


def cells(board):
    return [(r, c) for r in range(board.rows) for c in range(board.cols)]


def win_in_reading_order(driver, level):
    """Open every safe cell from the top left, row by row: a careless player, who guesses where a safe cell
    was certain. The panel once the game's verdict is in."""
    driver.click_button(driver.scene.difficulty_buttons[level])
    playing = driver.scene
    board = playing.board
    driver.click_cell(board.rows // 2, board.cols // 2)
    for cell in cells(board):
        if not board.is_mine(*cell) and not board.is_revealed(*cell):
            driver.click_cell(*cell, frames=1)
    assert board.state == "won" and isinstance(driver.overlay, GameOverPanel)
    panel = driver.overlay
    for _ in range(1200):
        if panel.session.verdict is not None:
            break
        if panel.session.verdict_job is not None:
            panel.session.verdict_job.wait(0.05)
        driver.frames(1)
    assert panel.session.verdict is not None, "the review never came"
    driver.frames(1)
    return playing, panel


def test_a_won_games_panel_sums_up_its_review(driver):
    playing, panel = win_in_reading_order(driver, "beginner")
    review = panel.session.verdict.review
    assert review == review_game(playing.session.replay()), "the panel shows the review of the game played"
    lines = dict(panel.lines())
    assert lines["Luck"] == luck_text(review.luck)
    assert panel._verdict_words() == sentence(verdict_text(review))
    assert review.avoidable > 0 and lines["Guesses"].endswith(f", {review.avoidable} avoidable")
    assert panel._verdict_words().startswith(f"{review.avoidable} avoidable guesses")
    figures = panel.session.figures
    if figures is not None and figures.zini:
        assert lines["Clicks/ZiNi"] == f"{figures.clicks / figures.zini:.2f}"


def test_an_intermediate_game_is_reviewed_in_a_worker_and_agrees_with_the_model(driver, monkeypatch):
    asked = []
    real = aftermath.worker.run

    def run(target, *args, **kwargs):
        asked.append(target)
        return real(target, *args, **kwargs)

    monkeypatch.setattr(aftermath.worker, "run", run)
    playing, panel = win_in_reading_order(driver, "intermediate")
    assert asked.count("game.model.replay.verdict:judge_json") == 1  # (the records review their own, as well)
    review = panel.session.verdict.review
    assert review == review_game(playing.session.replay())
    assert review.guesses == panel.session.verdict.guesses and review.won


def test_luck_reads_as_odds():
    assert luck_text(0.0) == "0 (no guess)"
    assert luck_text(1.0) == "1.00 (1 in 10)"
    assert luck_text(3.301) == "3.30 (1 in 2000)"
    assert luck_text(float("inf")).startswith("none left")
