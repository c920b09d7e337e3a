"""A hint about mines never walks the player onto one: G puts the keyboard's cursor on the hinted mine, and Space
(which opens) does nothing there but say so, F flags it; Help says the same; and a loss on a cell a hint (or the
numbers) proved a mine is judged avoidable, never a forced guess."""

import pygame
import pytest

from game.model import Board
from game.model.solver.analysis import analyse
from game.play.session import GameSession
from game.scenes.help import KEYS, MOUSE
from game.view import screens
from game.view.formats import FIGURES
from tests.driver import driven

SEED = 1  # Beginner's board of seed 1, opened in the middle: played safe to the end, the hint is two mines


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path)


def to_a_mine_hint(driver):
    """A Beginner board played as a careful player would, every certain cell opened, then H: the hint says
    "these 2 cells are mines"."""
    driver.app.show(screens.Playing(GameSession(Board(9, 9, 10, seed=SEED)), made_click=(4, 4)))
    driver.frames(2)
    playing = driver.scene
    board = playing.board
    while board.state == "playing" and (safe := analyse(board).safe):
        driver.click_cell(*min(safe))
    driver.key(pygame.K_h)
    driver.until_hint()
    hint = playing.assist.hint
    assert hint is not None and hint.is_mine and len(hint.also_mines) == 1, hint
    assert "these 2 cells are mines" in hint.reason
    return playing, hint


def test_g_on_a_mine_hint_then_space_opens_nothing_and_says_so(driver):
    playing, hint = to_a_mine_hint(driver)
    board = playing.board
    moves = len(board.moves)
    heard = []
    playing.listeners.append(heard.append)
    driver.key(pygame.K_g)
    assert playing.ui.cursor == hint.cell
    driver.key(pygame.K_SPACE)
    assert not board.is_revealed(*hint.cell) and board.state == "playing", "Space opened the hinted mine"
    assert len(board.moves) == moves and playing.assist.hint is hint, "nothing was played"
    assert playing._status().startswith("The hint proved that cell a mine") and "F flags it" in playing._status()
    other = hint.also_mines[0]
    playing.ui = playing.ui._replace(cursor=other)  # the hint's other mine: Space opens nothing there either
    driver.key(pygame.K_RETURN)
    assert not board.is_revealed(*other) and len(board.moves) == moves
    assert all(getattr(event, "key", None) is None for event in heard[1:]), "the video kept no key that did nothing"
    driver.key(pygame.K_f)
    assert board.is_flagged(*other), "F flags it, as the words say"


def test_a_loss_on_a_cell_the_hint_proved_a_mine_is_avoidable(driver):
    playing, hint = to_a_mine_hint(driver)
    driver.click_cell(*hint.cell)  # the mouse is the player's own: it opens what it is told to
    assert playing.board.state == "lost"
    playing.session.verdict_job.wait(30)
    driver.frames(3)
    loss = playing.session.verdict.loss
    assert not loss.forced and loss.kind == "avoidable", loss.summary
    assert loss.summary.startswith("Avoidable: that cell was certainly a mine"), loss.summary
    assert "these 2 cells are mines" in loss.summary and loss.rule == "single"
    assert not loss.missed_safe and driver.past_grace().study is None, "no safe cell to study for"
    shown = playing.assist.hint  # what the words speak of is marked: the mine opened, the numbers, the guess
    assert shown.cell == loss.alternative and shown.also_mines == [loss.cell] and shown.proof == list(loss.proof)


def test_help_says_what_space_does_on_a_hinted_mine_and_that_a_hint_may_be_a_mine():
    said = dict(KEYS)["G"]
    assert "Space opens it if safe" in said and "F flags it" in said and "does nothing" in said
    assert "else a mine, or the best guess" in dict(KEYS)["H"], "a hint is not always a safe cell"
    assert "safe cell" not in dict(MOUSE)["Hint"], "the Hint button says what H says"
    assert "proved a mine" in FIGURES["Last click"], "avoidable: a safe cell missed, or a proved mine opened"


def test_a_hint_on_a_board_larger_than_the_window_scrolls_its_cell_into_view(driver):
    """The hint's words speak of its cell ("this 2 ... these 2 cells"): it is on the screen, not scrolled away."""
    driver.app.show(screens.Playing(session=driver.app.dealer.new(100, 100, 800)))
    driver.frames(2)
    playing = driver.scene
    driver.click_cell(3, 3)
    g = playing.geometry
    assert playing.layout.scrolls and playing.board.state == "playing"
    playing.screen.scroll_by(*g.max_scroll)  # the far corner, away from every open cell
    driver.frames(1)
    driver.key(pygame.K_h)
    driver.until_hint()
    hint = playing.assist.hint
    assert hint is not None and g.view.contains(g.cell_rect(*hint.cell)), f"{hint} is off the screen"
