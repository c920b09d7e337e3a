"""JSON read in small steps (game/model/replay/stepwise.py): json.loads's values and refusals, and never a large
text handed to the C reader in one call (a thread in that call keeps every frame waiting)."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.model import Board, Move, Replay
from game.model.replay import check, stepwise
from game.model.replay.check import MAX_MOVES_PER_CELL

scalars = st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=False) | st.text(max_size=12)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=6), inner, max_size=6),
    max_leaves=40,
)
spaces = st.sampled_from(["", " ", "\n", "\t ", " \r\n  "])


def written(value, how):
    """`value` as JSON, laid out one of the ways a file may be."""
    if how == 0:
        return json.dumps(value, separators=(",", ":"))
    if how == 1:
        return json.dumps(value)
    return json.dumps(value, indent=how - 1)


@pytest.mark.slow
@settings(max_examples=400)
@given(values, st.integers(0, 4), spaces, spaces)
def test_every_json_text_reads_to_the_value_json_loads_gives(value, how, before, after):
    text = before + written(value, how) + after
    assert stepwise.read_json(text) == json.loads(text)


def outcome(read, text):
    try:
        return "value", read(text)
    except json.JSONDecodeError:
        return "refused", None
    except RecursionError:
        return "too deep", None


@pytest.mark.slow
@settings(max_examples=600)
@given(values, st.integers(0, 4), st.data())
def test_a_damaged_text_is_refused_exactly_when_json_loads_refuses_it(value, how, data):
    text = written(value, how)
    at = data.draw(st.integers(0, len(text)))
    change = data.draw(st.sampled_from(["cut", "drop", "insert"]))
    if change == "cut":
        text = text[:at]
    elif change == "drop":
        text = text[:at] + text[at + 1 :]
    else:
        text = text[:at] + data.draw(st.sampled_from(list(',:[]{}"0 x-.e'))) + text[at:]
    assert outcome(stepwise.read_json, text) == outcome(json.loads, text)


@pytest.mark.parametrize(
    "text",
    ["", " ", "{", "[", "}", "[1,]", '{"a":1,}', '{"a" 1}', '{"a":1 "b":2}', "[1 2]", "{1:2}", "[1]]", "[][]",
     '{"a":[1,2}', "\ufeff[]", "nul", "[1,,2]", '{"a":}', "[" * 100_000 + "]" * 100_000],
)  # fmt: skip
def test_texts_json_loads_refuses_are_refused(text):
    assert outcome(stepwise.read_json, text) == outcome(json.loads, text) != ("value", None)


def largest_replay_text():
    """A replay file as large as a game may write: a 100x100 board with all the moves it may have."""
    board = Board(100, 100, 2000, seed=3)
    board.apply(Move("reveal", 50, 50, 0))
    covered = [(r, c) for r in range(100) for c in range(100) if not board.is_revealed(r, c)]
    rng = random.Random(5)
    t = 0
    while len(board.moves) < MAX_MOVES_PER_CELL * 10_000 - 1:
        row, col = rng.choice(covered)
        t += 7
        board.apply(Move("flag" if not board.is_flagged(row, col) else "unflag", row, col, t))
    return Replay.from_game(board, t + 1000).to_json()


@pytest.mark.slow
def test_reading_the_largest_replay_file_never_hands_the_c_reader_more_than_a_move_at_once(longest_json_read):
    """json.loads read the whole file in one call into C: 60 ms with the interpreter held, a frame frozen as long
    when a dropped file was read on a thread beside the frames."""
    text = largest_replay_text()
    replay = Replay.from_json(text, 100)
    assert len(replay.moves) == MAX_MOVES_PER_CELL * 10_000 - 1
    assert len(text) > 1_000_000 and longest_json_read[0] <= 40  # a move: ["u",99,99,604800000]
    assert check.parse_replay_json(text, len(text)) == json.JSONDecoder().decode(text)
