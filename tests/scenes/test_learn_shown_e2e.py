"""What Learn says is on the screen: through the real app, every lesson board, drill positions of each rule and a
lost game studied show the mines counter (drawn as a game's, reading the board's mines left), and each cell and
number an explanation names is outlined, inside the board's view; and a learner who asks Why? and does what it
says, a right click after it, walks every lesson with no wrong verdict."""

import random
import re
import time

import pygame
import pytest

from game.learn import lessons as lesson_data
from game.learn.drill import DRILL_RULES, next_position
from game.scenes.puzzle import PuzzleScene
from game.view import hint_marks, screens
from tests.driver import driven, start_app, stop_app

LEFT, RIGHT = 1, 3
LESSONS = lesson_data.load()


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path)


def wait_for(driver, ready, seconds=60):
    deadline = time.monotonic() + seconds
    while not ready():
        assert time.monotonic() < deadline, "waited too long"
        driver.frames(1)
        time.sleep(0.005)


def click_cell(driver, cell, button=LEFT):
    driver.click(driver.scene.geometry.cell_rect(*cell).center, button=button)


def outlined(scene):
    """The cells outlined on the board now (an older scene outlined its proof and one cell)."""
    if hasattr(scene, "outlined"):
        return scene.outlined()
    return set(scene.proof) | ({scene.caught} if scene.caught else set())


def counter_shows(driver, scene):
    """The counter is on screen, above the board, clear of the words, and its digits are the board's mines left
    as a game draws them."""
    counter = getattr(scene, "counter", None)
    assert counter is not None, f"no mines counter on screen, and the words say: {scene.said!r}"
    window = driver.app.screen.get_rect()
    view = scene.geometry.view
    assert window.contains(counter) and counter.bottom <= view.top and counter.top >= scene.teach_box.bottom
    atlas = driver.app.atlases.at(scene.digits_scale)
    expected = pygame.Surface(counter.size)
    from game.view import hud

    hud.draw_number(expected, atlas, expected.get_rect(), scene.puzzle.board.mines_left)
    shown = driver.app.screen.subsurface(counter)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(expected, "RGB"), "the digits read mines left"


def shows_what_it_says(driver, scene, proof, cells, named=(), counter=False):
    """Every cell and number the words name is outlined (and nothing else), inside the view, drawn; the counter is
    shown, and outlined when the words count on it."""
    driver.frames(1)
    assert outlined(scene) == set(proof) | set(cells) | set(named), scene.said
    view = scene.geometry.view
    colours = set(hint_marks.colours().values())
    for cell in outlined(scene):
        rect = scene.geometry.cell_rect(*cell)
        assert view.contains(rect), f"{cell} is named but out of view: {scene.said!r}"
        assert tuple(driver.app.screen.get_at((rect.centerx, rect.top + 1)))[:3] in colours, f"{cell} outlined"
    counter_shows(driver, scene)
    assert getattr(scene, "counted", False) == counter == ("counter" in scene.said), scene.said
    # "See the outlined cell and the number that proves it": as many as there are
    said = scene.said
    assert ("the number that proves" not in said or len(proof) == 1) and (
        "numbers that prove" not in said or len(proof) > 1
    ), said
    assert ("outlined cell " not in said or len(cells) == 1) and ("outlined cells" not in said or len(cells) > 1), said


def caught(driver, scene, cell):
    """A wrong click on `cell` (the opposite of what it is), and what the scene then shows."""
    puzzle = scene.puzzle
    click_cell(driver, cell, RIGHT if cell in puzzle.safe else LEFT)
    assert scene.said_kind == "wrong" and not puzzle.board.is_revealed(*cell)
    told = puzzle.explain(cell) if hasattr(puzzle, "explain") else None
    if told is None:  # an older puzzle: what it said it proved
        shows_what_it_says(driver, scene, scene.proof, [cell], (), "counter" in scene.said)
    else:
        shows_what_it_says(driver, scene, told.proof, told.cells, told.named, told.counter)


def why(driver, scene):
    driver.click_button(scene.why)
    wait_for(driver, lambda: scene.hint_job is None)
    driver.frames(1)


@pytest.mark.parametrize("desktop", [(800, 600), (1366, 768)])
def test_every_lesson_board_shows_the_counter_and_what_each_explanation_names(tmp_path, desktop):
    driver = start_app(tmp_path, desktop=desktop)
    try:
        for index, lesson in enumerate(LESSONS):
            for n in range(len(lesson.boards)):
                driver.app.show(screens.Puzzle(lesson=index))
                driver.frames(2)
                scene = driver.scene
                if n:
                    scene.board_no = n
                    scene._take(lesson.puzzle(n))
                    driver.frames(1)
                counter_shows(driver, scene)
                if lesson.rule == "guess":
                    continue
                for cell in sorted(scene.puzzle.safe | scene.puzzle.mines):
                    caught(driver, scene, cell)
                why(driver, scene)
                told = scene.puzzle.why() if hasattr(scene.puzzle, "why") else None
                if told is not None:
                    shows_what_it_says(driver, scene, told.proof, told.cells, told.named, told.counter)
                else:
                    shows_what_it_says(driver, scene, scene.proof, [scene.caught], (), "counter" in scene.said)
    finally:
        stop_app(driver)


def test_lesson_two_shows_the_counter_it_speaks_of_and_a_flag_takes_one_off(driver):
    driver.app.show(screens.Puzzle(lesson=1))
    driver.frames(2)
    scene = driver.scene
    assert "counter at the top" in scene.teach
    counter_shows(driver, scene)
    before = scene.puzzle.board.mines_left
    click_cell(driver, min(scene.puzzle.mines), RIGHT)
    assert scene.puzzle.board.mines_left == before - 1
    counter_shows(driver, scene)


def test_lesson_nine_says_the_count_the_counter_shows(driver):
    driver.app.show(screens.Puzzle(lesson=8))
    driver.frames(2)
    scene = driver.scene
    why(driver, scene)
    assert "Only 0" not in scene.said and "No mines are left" in scene.said, scene.said
    shows_what_it_says(driver, scene, (), [(0, 5)], (), True)


# a seed whose first games give a position of each rule soon (found once: any seed gives one, some after many games)
DRILL_SEEDS = {"single": 0, "pair": 6, "combined": 18, "count": 0}


def drill_positions():
    """A drill position of each rule, the same ones every run."""
    found = [next_position(random.Random(DRILL_SEEDS[rule]), rule) for rule in DRILL_RULES]
    assert [position.rule for position in found] == list(DRILL_RULES)
    return found


@pytest.mark.parametrize(
    "desktop", [pytest.param((800, 600), marks=pytest.mark.slow), (1366, 768)], ids=["800x600", "1366x768"]
)
def test_drill_positions_of_each_rule_show_what_they_say(tmp_path, desktop):
    driver = start_app(tmp_path, desktop=desktop)
    try:
        driver.app.show(screens.Puzzle(drill=True))
        driver.frames(2)
        scene = driver.scene
        wait_for(driver, lambda: scene.puzzle is not None)
        for position in drill_positions():
            scene.position = position
            scene._take(position.puzzle(), position.focus())
            driver.frames(1)
            counter_shows(driver, scene)
            for cell in sorted(position.safe | position.mines):
                caught(driver, scene, cell)
            why(driver, scene)
            told = scene.puzzle.why()
            assert told.rule == position.rule
            shows_what_it_says(driver, scene, told.proof, told.cells, told.named, told.counter)
            for cell in sorted(position.mines):
                click_cell(driver, cell, RIGHT)
            for cell in sorted(position.safe):
                if not scene.puzzle.board.is_revealed(*cell):
                    click_cell(driver, cell)
            assert scene.said_kind == "right", scene.said
            shows_what_it_says(driver, scene, position.proof, position.cells, position.named, position.rule == "count")
    finally:
        stop_app(driver)


def act_on(driver, scene, told):
    """Do what Why? said: flag the mines it names (a right click), open the safe cells; after a Why? about safe
    cells, a right click on a number it outlines first (nothing happens: a number cannot be flagged)."""
    puzzle = scene.puzzle
    if told.value == 0 and told.proof:
        click_cell(driver, told.proof[0], RIGHT)
        assert scene.said_kind != "wrong", f"a right click on a number after Why?: {scene.said!r}"
    for cell in told.cells:
        if told.value:
            click_cell(driver, cell, RIGHT)
            assert puzzle.board.is_flagged(*cell), f"a right click after Why? flags: {scene.said!r}"
        elif not puzzle.board.is_revealed(*cell):
            click_cell(driver, cell)
        assert scene.said_kind != "wrong", scene.said
        if puzzle.done:
            return


@pytest.mark.slow
@pytest.mark.parametrize("desktop", [(800, 600), (1366, 768)])
def test_a_learner_who_asks_why_and_does_what_it_says_walks_every_lesson(tmp_path, desktop):
    """Each board from the Learn screen by real clicks: Why?, then what it says (a right click on each mine it
    names), until the board is done; Enter goes on. No wrong verdict, every lesson done."""
    driver = start_app(tmp_path, desktop=desktop)
    try:
        driver.click_button(driver.scene.learn)
        driver.click_button(driver.scene.lesson_buttons[0])
        boards = 0
        while isinstance(driver.scene, PuzzleScene):
            scene = driver.scene
            puzzle = scene.puzzle
            boards += 1
            while not puzzle.done:
                why(driver, scene)
                if puzzle.guesses:  # the lesson on guessing: Why? points at the chances; the lowest is opened
                    assert re.search(r"the lowest is \d+%", scene.said), scene.said
                    chances = puzzle.analysis().probabilities
                    click_cell(driver, min(chances, key=lambda cell: (chances[cell], cell)))
                    continue
                told = puzzle.why()
                assert told is not None and set(outlined(scene)) >= set(told.cells), scene.said
                act_on(driver, scene, told)
            assert puzzle.mistakes == 0 and scene.said_kind == "right", scene.said
            driver.key(pygame.K_RETURN)
        assert boards == sum(len(lesson.boards) for lesson in LESSONS)
        assert driver.scene.done_count == len(LESSONS)
    finally:
        stop_app(driver)


def avoidable_loss(driver):
    """Beginner: open the middle, then click a mine while some cell is certainly safe (as test_learn_e2e)."""
    from game.model.solver.analysis import analyse

    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    board = playing.board
    driver.click_cell(4, 4)
    analysis = analyse(board)
    mine = next(
        (r, c)
        for r in range(board.rows)
        for c in range(board.cols)
        if board.is_mine(r, c) and (r, c) not in analysis.mines
    )
    driver.click_cell(*mine)
    playing.session.verdict_job.wait(30)
    driver.frames(2)
    return playing


def test_a_lost_game_studied_shows_the_counter_and_what_its_words_name(driver):
    playing = avoidable_loss(driver)
    panel = driver.past_grace()
    if not panel.expanded:
        driver.click_button(panel.more)
    driver.click_button(panel.study)
    scene = driver.scene
    wait_for(driver, lambda: scene.puzzle is not None)
    counter_shows(driver, scene)
    losing = playing.board.exploded
    click_cell(driver, losing)
    assert scene.said_kind == "wrong"
    why(driver, scene)
    told = scene.puzzle.why()
    assert told.value == 0, "a lost game studied asks for a safe cell: Why? explains one"
    shows_what_it_says(driver, scene, told.proof, told.cells, told.named, told.counter)


def test_why_and_its_outline_stay_together_until_its_cells_are_played(driver):
    """After Why?, the words say 'see the outlined cells': they and the outline stay while a cell they explain is
    still to play, and both go once all are played (the outline used to go at the first move, the words stayed)."""
    driver.app.show(screens.Puzzle(lesson=0))
    driver.frames(2)
    scene = driver.scene
    why(driver, scene)
    driver.click(scene.teach_box.center)  # a click beside the board, on nothing
    cells = [(0, 3), (1, 3)]  # the 2 at the top has exactly these two covered cells
    assert "outlined" in scene.said and "these 2 cells are mines" in scene.said, scene.said
    for n, cell in enumerate(cells):
        click_cell(driver, cell, RIGHT)
        assert scene.puzzle.board.is_flagged(*cell)
        shown = outlined(scene)
        assert ("outlined" in scene.said) == bool(shown), (scene.said, shown)
        assert bool(shown) == (n + 1 < len(cells)), "the outline stays while a cell it explains is left"
    assert scene.said == "Board 1 of 2."


def test_the_last_lesson_done_on_its_own_does_not_say_every_lesson_is_done(driver):
    driver.app.show(screens.Puzzle(lesson=len(LESSONS) - 1))
    driver.frames(2)
    scene = driver.scene
    click_cell(driver, min(scene.puzzle.guesses))
    assert scene.puzzle.done and scene.said_kind == "right"
    assert "every lesson done" not in scene.said, scene.said
    assert scene.said == f"Lesson done. {len(LESSONS) - 1} other lessons are still to do: N or Enter for the list."
    driver.key(pygame.K_RETURN)
    assert driver.scene.done_count == 1
