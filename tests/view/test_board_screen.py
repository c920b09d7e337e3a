"""The board screen's redraw by comparison: it finds the cells to redraw itself, from the model and the looks
the scene hands it, so nobody outside the view keeps its bookkeeping; a frame where nothing changed redraws
nothing, and whatever changed, what it shows is what tile_for says."""

import pygame
import pytest

from game.model import Board
from game.view import typeface
from game.view.atlas import AtlasCache
from game.view.board_screen import BoardScreen, Counters
from game.view.board_view import BoardLooks, tile_for
from game.view.sheet import Face, Tile

LAYOUT = ["*....", ".....", ".....", ".*...", "....."]  # (4, 4) opens the right of it; (4, 2) is a 1
COUNTERS = Counters(2, 0, Face.SMILE)


@pytest.fixture
def surface():
    pygame.display.init()
    pygame.font.init()
    typeface.forget()
    yield pygame.display.set_mode((800, 600))
    pygame.quit()


def screen_for(board):
    return BoardScreen(AtlasCache(), board, 24, (800, 600))


def cells_of(screen, rects):
    """The board cells the changed rectangles cover (rectangles outside the board are the counters')."""
    g = screen.geometry
    return {g.cell_at(r.center) for r in rects if g.view.contains(r)} - {None}


def shows_the_model(screen, board, looks):
    cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    return all(screen.renderer.tile_at(r, c) is tile_for(board, looks, r, c) for r, c in cells)


def test_a_frame_where_nothing_changed_redraws_nothing(surface):
    board = Board.from_layout(LAYOUT, seed=7)
    screen = screen_for(board)
    assert screen.draw(surface, COUNTERS, "") is None, "the first frame draws it all"
    assert screen.draw(surface, COUNTERS, "") == []


def test_the_cells_a_move_changed_are_found_by_the_view_itself(surface):
    board = Board.from_layout(LAYOUT, seed=7)
    screen = screen_for(board)
    screen.draw(surface, COUNTERS, "")
    board.reveal(4, 4)
    opened = set(board.last_changed)
    changed = screen.draw(surface, COUNTERS, "")
    assert cells_of(screen, changed) == opened and shows_the_model(screen, board, BoardLooks())


def test_two_moves_between_frames_are_both_redrawn(surface):
    """A flag and a reveal in one frame's events: the board's last_changed names only the second."""
    board = Board.from_layout(LAYOUT, seed=7)
    screen = screen_for(board)
    screen.draw(surface, COUNTERS, "")
    board.toggle_flag(0, 0)
    board.reveal(4, 4)
    changed = cells_of(screen, screen.draw(surface, COUNTERS, ""))
    assert (0, 0) in changed and screen.renderer.tile_at(0, 0) is Tile.FLAG
    assert shows_the_model(screen, board, BoardLooks())


def test_the_looks_handed_in_are_compared_with_the_ones_last_drawn(surface):
    board = Board.from_layout(LAYOUT, seed=7)
    screen = screen_for(board)
    screen.draw(surface, COUNTERS, "")
    pressed = BoardLooks(pressed=frozenset({(2, 2)}))
    assert cells_of(screen, screen.draw(surface, COUNTERS, "", pressed)) == {(2, 2)}
    assert screen.renderer.tile_at(2, 2) is Tile.PRESSED
    assert screen.draw(surface, COUNTERS, "", pressed) == [], "the same looks again: nothing to redraw"
    hover = BoardLooks(hover=(1, 3))
    assert cells_of(screen, screen.draw(surface, COUNTERS, "", hover)) == {(2, 2), (1, 3)}
    assert shows_the_model(screen, board, hover)


def test_an_animation_changing_its_tiles_in_place_is_seen(surface):
    board = Board.from_layout(LAYOUT, seed=7)
    screen = screen_for(board)
    override = {}
    looks = BoardLooks(override=override)
    screen.draw(surface, COUNTERS, "", looks)
    override[(1, 1)] = Tile.PRESSED
    assert cells_of(screen, screen.draw(surface, COUNTERS, "", looks)) == {(1, 1)}
    del override[(1, 1)]
    assert cells_of(screen, screen.draw(surface, COUNTERS, "", looks)) == {(1, 1)}
    assert screen.renderer.tile_at(1, 1) is Tile.COVERED


def test_a_loss_shows_every_mine_without_being_told(surface):
    board = Board.from_layout(LAYOUT, seed=7)
    screen = screen_for(board)
    board.reveal(4, 4)
    board.toggle_flag(2, 0)  # a wrong flag
    screen.draw(surface, COUNTERS, "")
    board.reveal(0, 0)
    screen.draw(surface, COUNTERS, "")
    assert screen.renderer.tile_at(0, 0) is Tile.EXPLODED and screen.renderer.tile_at(3, 1) is Tile.MINE
    assert screen.renderer.tile_at(2, 0) is Tile.WRONG_FLAG
    assert shows_the_model(screen, board, BoardLooks())


def test_another_board_shown_is_compared_whole(surface):
    board = Board.from_layout(LAYOUT, seed=7)
    screen = screen_for(board)
    board.reveal(4, 4)
    screen.draw(surface, COUNTERS, "")
    fresh = Board.from_layout(LAYOUT, seed=7)
    screen.show(fresh)
    screen.draw(surface, COUNTERS, "")
    assert shows_the_model(screen, fresh, BoardLooks()) and screen.renderer.tile_at(4, 4) is Tile.COVERED


def test_the_cursor_moving_redraws_the_board_and_a_redrawn_cell_keeps_it(surface):
    board = Board.from_layout(LAYOUT, seed=7)
    screen = screen_for(board)
    screen.draw(surface, COUNTERS, "")
    assert screen.draw(surface, COUNTERS, "", BoardLooks(cursor=(1, 1))) is None, "the old frame must go"
    looks = BoardLooks(cursor=(1, 1), pressed=frozenset({(1, 1)}))
    changed = screen.draw(surface, COUNTERS, "", looks)
    rect = screen.geometry.cell_rect(1, 1)
    assert changed[-1] == rect, "the cursor is drawn again over the cell redrawn under it"
