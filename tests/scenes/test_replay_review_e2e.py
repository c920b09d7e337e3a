"""End-to-end: Replay's review of a game, the real app driven headless by posted keys: the marks come in off the
frame, G steps to each guess or mistake paused just before it, the position's chances come in, and S studies a
mid-game avoidable guess as a puzzle, coming back to Replay where it was."""

import pygame
import pytest

from game.scenes.puzzle import PuzzleScene
from game.scenes.replay import ReplayScene
from game.view import screens
from tests.driver import driven
from tests.reviewed import GUESS, WASTED, WRONG_FLAG, reviewed_game


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=7, desktop=(1366, 768))


def open_replay(driver, replay):
    driver.app.show(screens.Replay(replay))
    driver.frames(2)
    scene = driver.scene
    assert isinstance(scene, ReplayScene)
    job = scene.review.job
    if job is not None:
        assert job.wait(30), "the review was worked out in time"
    driver.frames(2)
    assert scene.review.ready and scene.review.marks
    return scene


def until_chances(driver, scene):
    while (job := scene.review.chances_job) is not None:
        assert job.wait(30), "the position's chances were worked out in time"
        driver.frames(1)
    driver.frames(1)
    assert scene.review.chances is not None and scene.review.chances_for == scene.done


def test_g_steps_through_the_guesses_and_mistakes_paused_before_each(driver):
    scene = open_replay(driver, reviewed_game(lose=True))
    driver.key(pygame.K_HOME)
    seen = []
    for _ in range(5):
        driver.key(pygame.K_g)
        seen.append((scene.done, scene.playing))
    assert seen == [(2, False), (4, False), (5, False), (10, False), (10, False)]
    assert scene.board.state == "playing", "the losing click is not made yet: the position before it"
    driver.key(pygame.K_g, mod=pygame.KMOD_SHIFT)
    driver.key(pygame.K_g, mod=pygame.KMOD_SHIFT)
    assert scene.done == 4
    until_chances(driver, scene)
    status = scene.review.status(scene.done, True)
    assert status.startswith("Avoidable guess: 85% safe;") and "S: study it" in status
    chances = scene.review.chances
    assert chances.probability(5, 0) == 0.0, "a certainly safe cell of that position"
    assert 0 < chances.probability(*GUESS) < 1


def test_studying_a_mid_game_avoidable_guess_and_coming_back(driver):
    replay = reviewed_game()
    scene = open_replay(driver, replay)
    driver.key(pygame.K_g)
    driver.key(pygame.K_s)  # a wrong flag: nothing to study there
    assert driver.scene is scene and "Nothing to study" in scene.message
    driver.key(pygame.K_g)
    assert scene.done == 4
    driver.key(pygame.K_s)
    puzzle = driver.scene
    assert isinstance(puzzle, PuzzleScene) and puzzle.title == "Study a guess"
    while puzzle.puzzle is None:  # the position is made off the frame
        assert puzzle.next_job is None or puzzle.next_job.wait(30)
        driver.frames(1)
    board = puzzle.puzzle.board
    assert board.seen_text() == replay.board_after(4).seen_text(), "the position before the guess"
    assert not board.is_revealed(*GUESS) and board.is_flagged(*WRONG_FLAG)
    safe = sorted(puzzle.puzzle.safe)[0]
    driver.click_cell(*safe)
    assert board.is_revealed(*safe)
    driver.click_button(puzzle.back)
    assert driver.scene is scene and scene.done == 4 and not scene.playing, "back where it was"
    driver.key(pygame.K_g)  # on to the wasted click, the next mark
    assert scene.done == 5 and scene.review.at(5, True).cell == WASTED
