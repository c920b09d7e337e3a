"""The renderer's whole-board path agrees with tile_for, cell by cell, in every kind of position."""

import random

from game.model import Board
from game.view.board_view import BoardLooks, all_tiles, tile_for


def positions():
    rng = random.Random(4)
    for game in range(60):
        board = Board(rng.randint(2, 12), rng.randint(2, 12), 1, seed=game, question_marks=game % 2 == 0)
        board = Board(
            board.rows,
            board.cols,
            rng.randint(1, board.rows * board.cols // 3 + 1),
            seed=game,
            first_click=rng.choice(["safe", "opening"]),
            question_marks=game % 2 == 0,
        )
        looks = BoardLooks()
        yield board, looks
        for _ in range(rng.randint(1, 30)):
            cell = (rng.randrange(board.rows), rng.randrange(board.cols))
            move = rng.choice([board.reveal, board.toggle_flag, board.toggle_flag, board.chord])
            if board.state in ("ready", "playing"):
                move(*cell)
            pressed = {(rng.randrange(board.rows), rng.randrange(board.cols)) for _ in range(rng.randint(0, 3))}
            looks = BoardLooks(pressed=frozenset(pressed), hover=rng.choice([None, cell]))
            yield board, looks
    for seed in range(10):  # and some won
        board = Board(8, 8, 10, seed=seed)
        board.reveal(0, 0)
        for r, c in [(r, c) for r in range(8) for c in range(8) if not board.is_mine(r, c)]:
            board.reveal(r, c)
        yield board, BoardLooks(hover=(seed % 8, 0))


def test_all_tiles_matches_tile_for_everywhere():
    states = set()
    for board, looks in positions():
        states.add(str(board.state))
        expected = [tile_for(board, looks, r, c) for r in range(board.rows) for c in range(board.cols)]
        assert all_tiles(board, looks) == expected
    assert {"ready", "playing", "won", "lost"} <= states
