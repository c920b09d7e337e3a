"""The newest games' clicks read back for the drill: newest first a page at a time, damaged ones without their
moves, very large boards passed over, on a connection of the reader's own or the records in memory's."""

import sqlite3

from game.model import Board, Move, Replay
from game.store import Store
from game.store.logs import MOST_CELLS
from tests.owngames import avoidable_game, clean_game, record
from tests.populated import record_of


def large_game():
    board = Board(60, 60, 300, seed=3)
    board.apply(Move("reveal", 30, 30).at(0))
    assert MOST_CELLS < 60 * 60
    return board, 1000


def test_the_newest_games_come_first_a_page_at_a_time(private_home):
    games = [clean_game(100), avoidable_game()[:2], large_game(), clean_game(101)]
    ids = record(private_home, *games, damaged=[3])
    store = Store.open(home=private_home)
    read = store.log_reader()
    first = read(None, 2)
    assert [log.game_id for log in first] == [ids[3], ids[1]], "newest first, the large board passed over"
    assert first[0].moves is None, "a damaged log comes back without its moves, so the page moves on"
    replay = Replay.from_json(first[1].moves)
    assert replay.moves == games[1][0].moves and first[1].played_at.tzinfo is not None
    assert [log.game_id for log in read(ids[1], 5)] == [ids[0]]
    assert read(ids[0], 5) == []
    store.close()


def test_the_records_in_memory_and_none_at_all():
    store = Store.memory()
    board, elapsed = clean_game()
    store.record_game(record_of(board, elapsed))
    store.flush()
    [log] = store.log_reader()(None, 10)
    assert Replay.from_json(log.moves).moves == board.moves
    store.close()


def test_a_file_that_cannot_be_read_reads_as_no_games(private_home):
    record(private_home, clean_game())
    store = Store.open(home=private_home)
    read = store.log_reader()
    path = store.path
    store.close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE games")
    db.commit()
    db.close()
    assert read(None, 10) == []
