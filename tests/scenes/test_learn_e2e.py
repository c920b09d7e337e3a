"""Learn, played as a player would through the real app: every lesson end to end by clicks, a wrong click caught
and explained, progress kept across a restart, the drill, and a lost game studied from the game-over panel."""

import time

import pygame
import pytest

from game.model.solver.analysis import analyse
from game.scenes.learn import LearnScene
from game.scenes.puzzle import PuzzleScene
from tests.driver import driven, start_app, stop_app

LEFT, RIGHT = 1, 3


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path)


def open_learn(driver):
    driver.click_button(driver.scene.learn)
    assert isinstance(driver.scene, LearnScene)
    return driver.scene


def click_cell(driver, cell, button=LEFT):
    driver.click(driver.scene.geometry.cell_rect(*cell).center, button=button)


def wait_for(driver, ready, seconds=30):
    """Frames until `ready()` (work off the frame thread: a drill position, a study, a hint)."""
    deadline = time.monotonic() + seconds
    while not ready():
        assert time.monotonic() < deadline, "waited too long"
        driver.frames(1)
        time.sleep(0.005)


def solve(driver):
    """Play the position on show as the lesson asks: flag its mines, open its safe cells (or its best guess)."""
    scene = driver.scene
    puzzle = scene.puzzle
    for cell in sorted(puzzle.mines):
        click_cell(driver, cell, RIGHT)
    for cell in sorted(puzzle.safe):
        if not puzzle.board.is_revealed(*cell):
            click_cell(driver, cell)
        if puzzle.done:
            break
    if puzzle.guesses:
        click_cell(driver, min(puzzle.guesses))
    assert puzzle.done and scene.said_kind == "right", scene.said


@pytest.mark.parametrize("desktop", [(800, 600), (1366, 768)])
def test_every_lesson_plays_end_to_end_and_is_kept_after_a_restart(tmp_path, desktop):
    driver = start_app(tmp_path, desktop=desktop)
    learn = open_learn(driver)
    assert learn.lesson_buttons[0].marked and learn.done_count == 0
    driver.click_button(learn.lesson_buttons[0])
    lessons_seen = 0
    while isinstance(driver.scene, PuzzleScene):
        scene = driver.scene
        lessons_seen += scene.board_no == 0
        board, view = scene.puzzle.board, scene.geometry.view
        assert view.size == (board.cols * scene.tile, board.rows * scene.tile), "a lesson's board shows whole"
        assert scene.tile >= 32 and driver.app.screen.get_rect().contains(view)
        assert not scene.next.enabled
        solve(driver)
        assert scene.next.enabled and scene.puzzle.mistakes == 0
        driver.key(pygame.K_RETURN)  # Enter goes on, as the words under the board say
    assert lessons_seen == 10 and isinstance(driver.scene, LearnScene)
    assert driver.scene.done_count == 10
    stop_app(driver)

    again = start_app(tmp_path, desktop=desktop)
    learn = open_learn(again)
    assert learn.done_count == 10 and all(button.label.endswith("(done)") for button in learn.lesson_buttons)
    pygame.quit()


def test_a_wrong_click_is_caught_explained_and_tried_again(driver):
    learn = open_learn(driver)
    driver.click_button(learn.lesson_buttons[4])  # the 1-1 at a wall
    scene = driver.scene
    puzzle = scene.puzzle
    unknown_mine = next(
        (r, c)
        for r in range(puzzle.board.rows)
        for c in range(puzzle.board.cols)
        if puzzle.board.is_mine(r, c) and (r, c) not in puzzle.mines
    )
    click_cell(driver, unknown_mine)
    assert puzzle.board.state == "playing" and not puzzle.board.is_revealed(*unknown_mine)
    assert scene.said_kind == "wrong" and "Nothing on the board proves" in scene.said
    safe = min(puzzle.safe)
    click_cell(driver, safe, RIGHT)  # a flag on the safe cell: caught, with the two numbers that prove it safe
    assert not puzzle.board.is_flagged(*safe)
    assert scene.said.startswith("That cell is safe, not a mine") and len(scene.proof) == 2
    driver.screenshot("lesson-caught")
    click_cell(driver, safe)
    assert puzzle.board.is_revealed(*safe) and scene.said_kind == "teach" and not scene.proof
    driver.click_button(scene.why)
    wait_for(driver, lambda: scene.hint_job is None)
    assert scene.proof and scene.marked and set(scene.marked) <= puzzle.safe
    solve(driver)
    assert puzzle.mistakes == 2
    assert not driver.app.progress.is_done("one-one"), "a lesson is done when its last board is"


def test_the_drill_scores_and_learns_what_is_missed(driver):
    learn = open_learn(driver)
    driver.click_button(learn.drill)
    scene = driver.scene
    wait_for(driver, lambda: scene.puzzle is not None)
    position = scene.position
    wrong = next(iter(position.safe or position.mines))
    click_cell(driver, wrong, RIGHT if wrong in position.safe else LEFT)  # the opposite of what it is
    assert scene.said_kind == "wrong" and driver.app.progress.mistakes == {position.rule: 1}
    solve(driver)
    assert driver.app.progress.drill == {"positions": 1, "right": 0, "seconds": pytest.approx(scene.seconds)}
    driver.key(pygame.K_n)
    wait_for(driver, lambda: scene.puzzle is not None)
    solve(driver)
    assert driver.app.progress.drill["right"] == 1
    assert driver.app.store.learnt()["drill"]["positions"] == 2
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, LearnScene)
    assert driver.scene.drill.sublabel.startswith("right first time 1 of 2")


def avoidable_loss(driver):
    """Beginner: open the middle, then click a mine while some cell is certainly safe."""
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    board = playing.board
    driver.click_cell(4, 4)
    analysis = analyse(board)
    assert analysis.safe, "seed 42 leaves a certain cell after the opening"
    mine = next(
        (r, c)
        for r in range(board.rows)
        for c in range(board.cols)
        if board.is_mine(r, c) and (r, c) not in analysis.mines
    )
    driver.click_cell(*mine)
    playing.session.verdict_job.wait(30)
    driver.frames(2)
    driver.past_grace()
    return playing


def test_a_lost_game_is_studied_from_the_panel_and_nothing_is_recorded(driver):
    playing = avoidable_loss(driver)
    panel = driver.overlay
    if not panel.expanded:  # Beginner's window has no room beside the board: the bar's More opens the panel
        driver.click_button(panel.more)
    assert panel.study is not None and panel.expanded
    played = driver.app.store.statistics("beginner").played
    mistakes = driver.app.progress.mistakes
    assert sum(mistakes.values()) == 1, "the avoidable loss is noted for the drill"
    driver.screenshot("game-over-avoidable")
    driver.click_button(panel.study)
    scene = driver.scene
    assert isinstance(scene, PuzzleScene) and scene.studying
    wait_for(driver, lambda: scene.puzzle is not None)
    driver.screenshot("study")
    losing = playing.board.exploded
    click_cell(driver, losing)
    assert scene.said_kind == "wrong" and not scene.puzzle.board.is_revealed(*losing)
    click_cell(driver, min(scene.puzzle.safe))
    assert scene.puzzle.done and scene.said_kind == "right"
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is playing and driver.overlay is panel, "back to the game over, as it was"
    assert driver.app.store.statistics("beginner").played == played


def test_a_forced_loss_offers_no_study(tmp_path):
    """Play every certain cell, as a careful player, until a guess is forced; then lose on it."""
    for seed in range(40, 60):
        driver = start_app(tmp_path, seed)
        driver.click_button(driver.scene.difficulty_buttons["beginner"])
        playing = driver.scene
        board = playing.board
        driver.click_cell(4, 4)
        while board.state == "playing" and (safe := analyse(board).safe):
            driver.click_cell(*min(safe))
        # a mine the numbers did not prove (opening one they proved a mine is avoidable, not forced)
        unproved = [cell for cell in board.mine_cells() if cell not in analyse(board).mines]
        if board.state == "playing" and unproved:
            break
        stop_app(driver)
    driver.click_cell(*unproved[0])
    playing.session.verdict_job.wait(30)
    driver.frames(2)
    driver.past_grace()
    assert playing.session.verdict_job.result.loss.forced and driver.overlay.study is None
    pygame.quit()
