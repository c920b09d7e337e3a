"""The pattern drill draws from the player's own avoidable guesses first, through the real app: the position of
a recorded game shown first and said to be theirs, today's drill where there is none, an own position answered
right never shown again, a missed one shown again later, and a damaged move log passed over."""

import time

import pygame

from game.scenes.learn import LearnScene
from game.scenes.puzzle import PuzzleScene
from tests.driver import start_app, stop_app
from tests.owngames import avoidable_game, clean_game, record

LEFT, RIGHT = 1, 3


def open_drill(driver):
    driver.click_button(driver.scene.learn)
    assert isinstance(driver.scene, LearnScene)
    driver.click_button(driver.scene.drill)
    scene = driver.scene
    assert isinstance(scene, PuzzleScene) and scene.drilling
    return scene


def wait_for_position(driver, scene, seconds=60):
    deadline = time.monotonic() + seconds
    while scene.puzzle is None:
        assert time.monotonic() < deadline, "waited too long for a position"
        driver.frames(1)
        time.sleep(0.005)
    return scene.position


def click_cell(driver, cell, button=LEFT):
    driver.click(driver.scene.geometry.cell_rect(*cell).center, button=button)


def next_position(driver, scene):
    driver.key(pygame.K_n)
    return wait_for_position(driver, scene)


def solve_right(driver, scene):
    """An own position: one certainly safe cell opened; the solver's: its mines flagged, its safe cells opened."""
    puzzle = scene.puzzle
    if scene.position.game is None:
        for cell in sorted(puzzle.mines):
            click_cell(driver, cell, RIGHT)
    for cell in sorted(puzzle.safe):
        if not puzzle.done:
            click_cell(driver, cell)
    assert puzzle.done and scene.said_kind == "right", scene.said


def seen(board):
    return board.seen_text()


def test_the_drill_shows_the_players_own_avoidable_guess_first_and_says_so(tmp_path, private_home):
    board, elapsed, guess, move = avoidable_game()
    game_id, *_ = record(private_home, (board, elapsed), clean_game())
    driver = start_app(tmp_path)
    scene = open_drill(driver)
    position = wait_for_position(driver, scene)
    assert position.game is not None and (position.game.game_id, position.game.move) == (game_id, move)
    before = board.copy()
    before_replayed = scene.puzzle.board
    assert position.game.guessed == guess and not before_replayed.is_revealed(*guess)
    assert seen(before_replayed) != seen(before), "the board just before the guess, not after it"
    assert before_replayed.moves == board.moves[:move]
    assert scene.said.startswith("From your game of ") and "you guessed here" in scene.said
    assert guess in scene.marked, "the guessed cell is outlined"
    view, rect = scene.geometry.view, scene.geometry.cell_rect(*guess)
    assert view.contains(rect), "the focus shows where the player guessed"
    driver.screenshot("drill-own")
    stop_app(driver)


def test_an_own_position_answered_right_is_not_shown_again(tmp_path, private_home):
    record(private_home, avoidable_game()[:2], clean_game())
    driver = start_app(tmp_path)
    scene = open_drill(driver)
    position = wait_for_position(driver, scene)
    solve_right(driver, scene)
    assert driver.app.progress.own_done == [position.game.key]
    assert next_position(driver, scene).game is None, "none of their own left: the solver's positions"
    stop_app(driver)

    again = start_app(tmp_path)
    scene = open_drill(again)
    assert wait_for_position(again, scene).game is None, "answered right: not shown again"
    stop_app(again)


def test_without_own_positions_the_drill_is_todays(tmp_path, private_home):
    record(private_home, clean_game(100), clean_game(101))
    driver = start_app(tmp_path)
    scene = open_drill(driver)
    position = wait_for_position(driver, scene)
    assert position.game is None and scene.said.startswith("This one needs ")
    assert len(driver.app.progress.own_cleared) == 2, "reviewed once: not again"
    stop_app(driver)


def test_a_missed_own_position_comes_back_later(tmp_path, private_home):
    board, elapsed, guess, move = avoidable_game()
    record(private_home, (board, elapsed))
    driver = start_app(tmp_path)
    scene = open_drill(driver)
    position = wait_for_position(driver, scene)
    assert position.game is not None
    click_cell(driver, guess)  # the same guess again: not proved safe, caught
    assert scene.said_kind == "wrong"
    solve_right(driver, scene)
    assert driver.app.progress.own_done == []
    shown = []
    for _ in range(3):
        shown.append(next_position(driver, scene))
        if len(shown) < 3:
            solve_right(driver, scene)
    assert [p.game for p in shown[:2]] == [None, None] and shown[2].game == position.game, "back after two others"
    solve_right(driver, scene)
    assert driver.app.progress.own_done == [position.game.key]
    stop_app(driver)


def test_a_damaged_move_log_is_passed_over(tmp_path, private_home):
    board, elapsed, guess, move = avoidable_game()
    game_id, damaged_id = record(private_home, (board, elapsed), avoidable_game(43)[:2], damaged=[1])
    driver = start_app(tmp_path)
    scene = open_drill(driver)
    position = wait_for_position(driver, scene)
    assert position.game is not None and position.game.game_id == game_id
    assert any(key.startswith(f"{damaged_id}/") for key in driver.app.progress.own_cleared)
    stop_app(driver)
