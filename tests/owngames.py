"""Recorded games for the drill's own positions: a Beginner game with an avoidable guess (a cell clicked that was
not certain while another was certainly safe), and clean ones, recorded through the store as the game does."""

import sqlite3

from game.model import Board, Move, analyse
from game.store import Store
from tests.populated import record_of


def avoidable_game(seed=42, size=(9, 9, 10), certain_first=0):
    """(board, elapsed ms, the guessed cell, the move's index): opened in the middle, `certain_first` cells the
    numbers prove safe clicked (as far as there are), then a safe cell clicked that the numbers did not prove,
    while some cell was certainly safe; the game goes on unfinished. AssertionError when the seed's board
    leaves no such moment."""
    rows, cols, mines = size
    board = Board(rows, cols, mines, seed=seed)
    board.apply(Move("reveal", rows // 2, cols // 2).at(0))
    t = 0
    for _ in range(certain_first):
        safe = analyse(board).safe - _revealed(board)
        if len(safe) < 2 or board.state != "playing":
            break
        t += 700
        board.apply(Move("reveal", *min(safe)).at(t))
    analysis = analyse(board)
    assert board.state == "playing" and analysis.safe - _revealed(board), "the board leaves a certain cell"
    covered = [(r, c) for r in range(rows) for c in range(cols) if not board.is_revealed(r, c)]
    safe = min(analysis.safe - _revealed(board))
    # the guess a player makes: a cell on the edge of the opened part, near the one they missed
    guesses = [c for c in covered if c not in analysis.safe | analysis.mines and not board.is_mine(*c)]
    guess = min(guesses, key=lambda c: (abs(c[0] - safe[0]) + abs(c[1] - safe[1]), c))
    board.apply(Move("reveal", *guess).at(t + 1500))
    return board, t + 2000, guess, len(board.moves) - 1


def record(home, *games, damaged=()):
    """Record these (board, elapsed ms) games in the records in `home`, oldest first; then make the move logs of
    the games at the indexes in `damaged` unreadable. Returns the games' ids."""
    store = Store.open(home=home)
    ids = [store.record_game(record_of(board, elapsed)) for board, elapsed in games]
    store.flush()
    ids = [pending.value.game_id for pending in ids]
    path = store.path
    store.close()
    db = sqlite3.connect(path)
    for index in damaged:
        db.execute("UPDATE games SET moves = ? WHERE id = ?", (b"not a zlib stream", ids[index]))
    db.commit()
    db.close()
    return ids


def clean_game(seed=100):
    """(board, elapsed ms): a Beginner game opened in the middle, then only cells the numbers prove safe clicked,
    until none is left (no guess at all)."""
    board = Board(9, 9, 10, seed=seed)
    board.apply(Move("reveal", 4, 4).at(0))
    t = 0
    while board.state == "playing" and (safe := analyse(board).safe - _revealed(board)):
        t += 700
        board.apply(Move("reveal", *min(safe)).at(t))
    return board, t + 500


def _revealed(board):
    return {(r, c) for r in range(board.rows) for c in range(board.cols) if board.is_revealed(r, c)}
