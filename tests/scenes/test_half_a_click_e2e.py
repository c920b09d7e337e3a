"""A click is wholly a button's or wholly the board's, in every scene where buttons and a board share the mouse
(a game: Hint and the face; a lesson, the drill and a lost game studied: Back, Why? and Next): after a click on
any button, a right click on a covered cell flags it (in a puzzle, judged as a flag), and a press on a button
that slides onto the board and is released on a cell plays nothing there. Replay's board takes no clicks."""

import time

import pygame
import pytest

from game.model.solver.analysis import analyse
from game.play.board_ui import Release
from game.scenes.playing import PlayingScene
from game.scenes.puzzle import PuzzleScene
from game.view import screens
from tests.driver import start_app, stop_app

LEFT, RIGHT = 1, 3
KINDS = ("game", "lesson", "drill", "study")


def wait_for(driver, ready, seconds=30):
    deadline = time.monotonic() + seconds
    while not ready():
        assert time.monotonic() < deadline, "waited too long"
        driver.frames(1)
        time.sleep(0.005)


def avoidable_loss(driver):
    """Beginner: open the middle, then click a mine while some cell is certainly safe (seed 42)."""
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    board = playing.board
    driver.click_cell(4, 4)
    analysis = analyse(board)
    cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    mine = next(cell for cell in cells if board.is_mine(*cell) and cell not in analysis.mines)
    driver.click_cell(*mine)
    playing.session.verdict_job.wait(30)
    driver.frames(2)
    return driver.past_grace()


def open_scene(driver, kind):
    """The scene of that kind on show, its board ready for a click."""
    if kind == "game":
        driver.click_button(driver.scene.difficulty_buttons["beginner"])
        driver.click_cell(4, 4)
        assert isinstance(driver.scene, PlayingScene)
        return driver.scene
    if kind == "study":
        panel = avoidable_loss(driver)
        if not panel.expanded:
            driver.click_button(panel.more)
        driver.click_button(panel.study)
    else:
        driver.click_button(driver.scene.learn)
        learn = driver.scene
        driver.click_button(learn.lesson_buttons[0] if kind == "lesson" else learn.drill)
    scene = driver.scene
    assert isinstance(scene, PuzzleScene)
    wait_for(driver, lambda: scene.puzzle is not None)
    return scene


def buttons_of(scene):
    """(name, rectangle) of every button the scene shows beside its board, those that leave it last."""
    if isinstance(scene, PlayingScene):
        return [("hint", scene.hint_button.rect), ("face", scene.layout.face)]
    return sorted(((button.label, button.rect) for button in scene.buttons), key=lambda named: named[0] == "Back")


def board_of(scene):
    return scene.board if isinstance(scene, PlayingScene) else scene.puzzle.board


def covered_target(scene):
    """A covered, unflagged cell to right-click: in a puzzle, a mine to flag if it asks for one."""
    board = board_of(scene)
    covered = [
        (r, c)
        for r in range(board.rows)
        for c in range(board.cols)
        if not board.is_revealed(r, c) and not board.is_flagged(r, c)
    ]
    if isinstance(scene, PuzzleScene):
        mines = sorted(cell for cell in covered if cell in scene.puzzle.mines)
        return mines[0] if mines else min(cell for cell in covered if cell in scene.puzzle.safe)
    return covered[0]


def holds_nothing(scene):
    ui = scene.ui
    return not (ui.left or ui.right or ui.middle or ui.chording)


def right_click_flags(driver, scene):
    """A right click on a covered cell flags it; in a puzzle it is judged as a flag (a mine asked for: flagged;
    a safe cell: caught as a flag on a safe cell), never as an opening or a chord."""
    cell = covered_target(scene)
    board = board_of(scene)
    driver.click(driver.cell_pos(*cell), button=RIGHT)
    if isinstance(scene, PuzzleScene) and cell not in scene.puzzle.mines:
        assert scene.said.startswith("That cell is safe, not a mine"), scene.said
        assert not board.is_flagged(*cell)
    else:
        assert board.is_flagged(*cell), getattr(scene, "said", None)
        assert not board.is_revealed(*cell)
    if isinstance(scene, PuzzleScene) and cell in scene.puzzle.mines:
        assert scene.said_kind != "wrong", scene.said


@pytest.mark.parametrize("kind", KINDS)
def test_after_any_button_a_right_click_on_the_board_flags(tmp_path, kind):
    driver = start_app(tmp_path, desktop=(1366, 768))
    try:
        scene = open_scene(driver, kind)
        for name, _ in buttons_of(scene):
            if driver.scene is not scene:  # the button before left the scene (Back, the face): a fresh one
                stop_app(driver)
                driver = start_app(tmp_path, desktop=(1366, 768))
                scene = open_scene(driver, kind)
            rect = dict(buttons_of(scene))[name]
            driver.click(rect.center)
            if isinstance(scene, PuzzleScene) and scene.hint_job is not None:
                wait_for(driver, lambda asked=scene: asked.hint_job is None)  # Why?'s answer, its cell outlined
            if isinstance(scene, PuzzleScene) and driver.scene is scene:  # Next or Skip: the next position, made
                wait_for(driver, lambda asked=scene: asked.puzzle is not None)  # off the frame
            if driver.scene is scene:
                right_click_flags(driver, scene)
            elif isinstance(driver.scene, PlayingScene) and not driver.scene.over:  # the face: a new game
                right_click_flags(driver, driver.scene)
            assert holds_nothing(scene), f"after {name}, the board believes a button held: {scene.ui}"
    finally:
        stop_app(driver)


@pytest.mark.parametrize("kind", KINDS)
def test_a_press_on_a_button_released_on_a_cell_plays_nothing_there(tmp_path, kind):
    driver = start_app(tmp_path, desktop=(1366, 768))
    try:
        scene = open_scene(driver, kind)
        board = board_of(scene)
        for name, rect in buttons_of(scene):
            moves, cell = len(board.moves), covered_target(scene)
            said = getattr(scene, "said", None)
            driver.press(rect.center)
            driver.frames(1)
            target = driver.cell_pos(*cell)
            driver.post(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0))
            driver.release(target)
            driver.frames(2)
            assert driver.scene is scene, f"{name} released off itself does nothing"
            assert len(board.moves) == moves and not board.is_revealed(*cell), f"{name}'s press opened {cell}"
            assert holds_nothing(scene), f"after {name}, the board believes a button held: {scene.ui}"
            if isinstance(scene, PuzzleScene):
                assert scene.said == said and scene.puzzle.mistakes == 0, scene.said
    finally:
        stop_app(driver)


def test_a_press_on_a_scroll_bars_track_released_on_a_cell_plays_nothing_there(tmp_path):
    """A click on a bar's track pages the board; its release, dragged onto a cell, is the bar's too."""
    driver = start_app(tmp_path, seed=31)
    try:
        driver.app.show(screens.Playing(session=driver.app.dealer.new(100, 100, 1500)))
        driver.frames(2)
        playing = driver.scene
        (bar, thumb, _), _ = playing.screen._thumbs()
        heard = []
        playing.listeners.append(heard.append)
        driver.press((bar.right - 2, bar.centery))
        driver.frames(1)
        assert playing.geometry.scroll_x > 0, "the track paged the board"
        target = playing.geometry.cell_rect(*playing.geometry.cell_at(playing.geometry.view.center)).center
        driver.post(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0))
        driver.release(target)
        driver.frames(2)
        assert not playing.board.moves and holds_nothing(playing)
        assert not any(isinstance(event, Release) for event in heard), "the game's video hears no half of a click"
    finally:
        stop_app(driver)


def test_words_about_outlined_cells_go_when_the_outlines_do(tmp_path):
    """Why? outlines cells and their numbers and says "see the outlined cells"; the moves that play them take the
    outlines away, and the words with them (not before: the words stay while a cell they explain is to play)."""
    driver = start_app(tmp_path, desktop=(1366, 768))
    try:
        scene = open_scene(driver, "lesson")
        driver.click_button(scene.why)
        wait_for(driver, lambda: scene.hint_job is None)
        cells = list(scene.marked)
        assert "See the outlined cell" in scene.said and cells
        for cell in cells:
            driver.click(driver.cell_pos(*cell), button=RIGHT if cell in scene.puzzle.mines else 1)
        assert all(scene.puzzle.board.is_flagged(*c) or scene.puzzle.board.is_revealed(*c) for c in cells)
        assert not scene.proof and not scene.marked
        assert "outlined" not in scene.said, f"nothing is outlined, yet the words say: {scene.said}"
    finally:
        stop_app(driver)
