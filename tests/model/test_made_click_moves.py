"""The click made for the player (the same board, a code, a race open the board as it did): on the board, in
its save and in its replay it is the first move, and it counts in no click count."""

import pytest

from game.model import Board, Move, MoveKind, Replay, game_stats, replay_stats

LAYOUT = ["*....", ".....", ".....", "....*", "....."]


def made_then_played() -> Board:
    board = Board.from_layout(LAYOUT)
    board.apply(Move(MoveKind.REVEAL, 0, 4), made=True)
    board.apply(Move(MoveKind.TOGGLE_FLAG, 0, 0, 300))
    board.apply(Move(MoveKind.REVEAL, 4, 4, 900))
    return board


def test_the_made_click_opens_the_board_and_counts_in_no_click_count():
    board = made_then_played()
    assert board.made_moves == 1 and len(board.moves) == 3
    assert (board.left_clicks, board.right_clicks, board.effective_clicks) == (1, 1, 2)
    stats = game_stats(board, 900)
    assert stats.clicks == 2 and stats.ioe == stats.solved_three_bv / 2


def test_only_the_first_click_a_reveal_is_made():
    board = made_then_played()
    with pytest.raises(ValueError):
        board.apply(Move(MoveKind.REVEAL, 2, 2), made=True)
    with pytest.raises(ValueError):
        Board.from_layout(LAYOUT).apply(Move(MoveKind.TOGGLE_FLAG, 2, 2), made=True)


def test_a_save_keeps_the_made_click_and_reads_back_the_same_counts():
    board = made_then_played()
    data = board.to_dict()
    assert data["made"] == 1
    back = Board.from_dict(data)
    assert back.made_moves == 1 and back.left_clicks == board.left_clicks
    assert "made" not in Board.from_layout(LAYOUT).to_dict(), "saves without it are as before"
    data["made"] = 2
    with pytest.raises(ValueError):
        Board.from_dict(data)


def test_a_replay_plays_the_made_click_as_made_and_its_file_says_so():
    board = made_then_played()
    replay = Replay.from_game(board, 1000)
    assert replay.made == 1 and '"made":1' in replay.to_json()
    back = Replay.from_json(replay.to_json())
    assert back.made == 1
    assert replay_stats(back).clicks == 2 and back.board_after(1).left_clicks == 0
    plain = Replay.from_json(replay.to_json().replace(',"made":1', ""))
    assert plain.made == 0 and replay_stats(plain).clicks == 3, "an older file: every click is the player's"
    with pytest.raises(ValueError):
        Replay.from_json(replay.to_json().replace('"made":1', '"made":5'))
