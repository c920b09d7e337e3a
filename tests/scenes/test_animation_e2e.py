"""Animations are view-only: the cascade ripples, the mine flashes, the flags rise, and input never waits."""

import pytest

from game.view.board_view import tile_for
from game.view.sheet import Tile
from tests.driver import driven


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=2024)


def drawn(playing, cell):
    return playing.screen.renderer.tile_at(*cell)


def start_expert(driver):
    driver.click_button(driver.scene.difficulty_buttons["expert"])
    return driver.scene


def test_a_cascade_ripples_out_and_settles_within_150_ms(driver):
    playing = start_expert(driver)
    driver.click_cell(8, 15, frames=1)
    board = playing.board
    opened = [(r, c) for r in range(16) for c in range(30) if board.is_revealed(r, c)]
    assert len(opened) > 10 and board.state == "playing", "the model is done at once"
    waiting = [cell for cell in opened if drawn(playing, cell) is Tile.COVERED]
    assert waiting, "the far cells have not appeared yet"
    assert drawn(playing, (8, 15)) is not Tile.COVERED, "the clicked cell shows at once"
    driver.frames(10)  # 1/6 s
    assert all(drawn(playing, cell) is tile_for(board, playing.screen.looks, *cell) for cell in opened)
    assert not playing.animations and not playing.screen.looks.override


def test_the_next_click_never_waits_for_the_ripple(driver):
    playing = start_expert(driver)
    driver.click_cell(8, 15, frames=1)
    board = playing.board
    assert playing.animations
    covered = next((r, c) for r in range(16) for c in range(30) if not board.is_revealed(r, c))
    driver.click_cell(*covered, button=3, frames=1)
    assert board.is_flagged(*covered) and drawn(playing, covered) is Tile.FLAG
    opened = [(r, c) for r in range(16) for c in range(30) if board.is_revealed(r, c)]
    assert all(drawn(playing, cell) is tile_for(board, playing.screen.looks, *cell) for cell in opened)


def test_animation_off_draws_everything_in_the_click_frame(driver):
    driver.app.settings.change("animation", False)
    playing = start_expert(driver)
    driver.click_cell(8, 15, frames=1)
    board = playing.board
    opened = [(r, c) for r in range(16) for c in range(30) if board.is_revealed(r, c)]
    assert not playing.animations
    assert all(drawn(playing, cell) is not Tile.COVERED for cell in opened)


def test_the_exploded_mine_flashes_then_stays_red(driver):
    playing = start_expert(driver)
    driver.click_cell(8, 15)
    board = playing.board
    mine = next((r, c) for r in range(16) for c in range(30) if board.is_mine(r, c))
    driver.click_cell(*mine, frames=1)
    assert board.state == "lost"
    looks = set()
    for _ in range(60):
        driver.frames(1)
        looks.add(drawn(playing, mine))
    assert looks == {Tile.MINE, Tile.EXPLODED}, "it blinked"
    assert drawn(playing, mine) is Tile.EXPLODED and not playing.animations


def test_an_animation_never_hides_what_the_player_already_saw(driver):
    """On the winning click the flags the win puts up rise in a wave; the ones the player placed stay drawn as
    flags all along, and no cell opened before the click is drawn covered again."""
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    board = playing.board
    driver.click_cell(4, 4)
    everything = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    mines = [cell for cell in everything if board.is_mine(*cell)]
    placed = mines[: len(mines) // 2]
    for cell in placed:
        driver.click_cell(*cell, button=3)
    safe = [cell for cell in everything if not board.is_mine(*cell)]
    for cell in safe[:-1]:
        if not board.is_revealed(*cell):
            driver.click_cell(*cell)
    last = next(cell for cell in safe if not board.is_revealed(*cell))
    seen = {cell: drawn(playing, cell) for cell in everything if board.is_revealed(*cell) or board.is_flagged(*cell)}
    driver.click_cell(*last, frames=1)
    assert board.state == "won" and playing.animations, "the flags rise"
    for _ in range(30):
        hidden = {cell for cell, tile in seen.items() if drawn(playing, cell) is not tile}
        assert not hidden, f"drawn otherwise during the win's animation: {sorted(hidden)}"
        driver.frames(1)
    assert all(drawn(playing, cell) is Tile.FLAG for cell in mines)
