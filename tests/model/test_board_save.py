"""to_dict / from_dict: every stage of a game comes back exactly, and bad saves never build a board."""

import copy
import json

import pytest

from game.model import Board, Move
from tests.boardtext import seen


def played(stage):
    board = Board(9, 9, 10, seed=99, question_marks=True)
    if stage == "ready":
        board.toggle_flag(0, 0)
        return board
    board.reveal(4, 4)
    for cell in board.mine_cells()[:2]:
        board.toggle_flag(*cell)
    board.toggle_flag(*board.mine_cells()[2])
    board.toggle_flag(*board.mine_cells()[2])  # a question mark
    if stage == "lost":
        board.reveal(*board.mine_cells()[5])
    elif stage == "won":
        for r in range(9):
            for c in range(9):
                if not board.is_mine(r, c):
                    board.reveal(r, c)
    return board


@pytest.mark.parametrize("stage", ["ready", "playing", "lost", "won"])
def test_a_game_comes_back_exactly_from_json(stage):
    board = played(stage)
    data = json.loads(json.dumps(board.to_dict()))
    back = Board.from_dict(data)
    assert back.state == board.state == stage
    assert seen(back) == seen(board)
    assert back.to_dict() == board.to_dict()
    assert (back.exploded, back.mines_left, back.three_bv, back.moves) == (
        board.exploded,
        board.mines_left,
        board.three_bv,
        board.moves,
    )


def test_a_restored_game_plays_on_like_the_original():
    board = played("playing")
    back = Board.from_dict(board.to_dict())
    for r in range(9):
        for c in range(9):
            if not board.is_mine(r, c):
                assert back.reveal(r, c) == board.reveal(r, c)
    assert back.state == board.state == "won"


def broken(change):
    data = played("playing").to_dict()
    change(data)
    return data


def set_key(key, value):
    return lambda d: d.__setitem__(key, value)


BAD = {
    "not a dict": lambda d: None,
    "missing cells": lambda d: d.pop("cells"),
    "future format": set_key("format", 2),
    "rows as text": set_key("rows", "9"),
    "too big": set_key("rows", 5000),
    "too many mines": set_key("mines", 81),
    "bool seed": set_key("seed", True),
    "no seed": set_key("seed", None),
    "format true": set_key("format", True),
    "unknown rule": set_key("first_click", "corner"),
    "unknown state": set_key("state", "paused"),
    "mine count disagrees": lambda d: d["mine_cells"].pop(),
    "mine off the board": lambda d: d["mine_cells"].__setitem__(0, [9, 0]),
    "mine twice": lambda d: d["mine_cells"].__setitem__(1, d["mine_cells"][0]),
    "mine not a pair": lambda d: d["mine_cells"].__setitem__(0, [1, 2, 3]),
    "mines missing in play": set_key("mine_cells", None),
    "short row": lambda d: d["cells"].__setitem__(0, d["cells"][0][:-1]),
    "strange cell": lambda d: d["cells"].__setitem__(0, "X" + d["cells"][0][1:]),
    "revealed mine in play": lambda d: reveal_cell(d, d["mine_cells"][-1]),
    "lost without an explosion": set_key("state", "lost"),
    "explosion in play": lambda d: d.__setitem__("exploded", d["mine_cells"][0]),
    "won with cells to go": set_key("state", "won"),
    "ready with cells open": set_key("state", "ready"),
    "negative clicks": lambda d: d["clicks"].__setitem__("left", -1),
    "clicks disagree with moves": lambda d: d["clicks"].__setitem__("left", 99),
    "move off the board": lambda d: d["moves"].__setitem__(0, ["reveal", 4, 40]),
    "unknown move": lambda d: d["moves"].__setitem__(0, ["dig", 4, 4]),
    "question marks off": set_key("question_marks", False),
}


def reveal_cell(data, cell):
    r, c = cell
    line = data["cells"][r]
    data["cells"][r] = line[:c] + "O" + line[c + 1 :]


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_save_is_refused_with_an_error(name):
    data = broken(BAD[name]) if name != "not a dict" else ["not", "a", "dict"]
    with pytest.raises((ValueError, TypeError)):
        Board.from_dict(data)


def test_a_lost_save_must_have_exploded_a_revealed_mine():
    data = played("lost").to_dict()
    Board.from_dict(copy.deepcopy(data))
    data["exploded"] = [4, 4]  # a safe cell
    with pytest.raises(ValueError):
        Board.from_dict(data)


def test_a_copied_board_plays_on_alone():
    board = Board.from_layout(["*....", ".....", ".....", ".*..."])
    board.toggle_flag(0, 0)
    board.reveal(3, 0)  # a 1: no cascade, the game goes on
    twin = board.copy()
    bare = board.copy(with_moves=False)
    assert twin.to_dict() == board.to_dict() and bare.moves == [] and bare.to_dict()["cells"] == twin.to_dict()["cells"]
    twin.toggle_flag(0, 0)
    twin.reveal(0, 0)
    assert twin.state == "lost" and board.state == "playing" and board.is_flagged(0, 0)
    assert board.to_dict() == Board.from_dict(board.to_dict()).to_dict()
    board.reveal(3, 2)
    assert board.state == "playing" and twin.moves[-1] == Move("reveal", 0, 0) and len(board.moves) == 3
