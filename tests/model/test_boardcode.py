"""Board codes: they round-trip, remake the same mines, catch typos and refuse bad input with a clear ValueError."""

import contextlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.model import Board
from game.model.rules.boardcode import ALPHABET, PREFIX, BoardCode, decode_board_code, encode_board_code
from game.model.rules.facts import MAX_DENSITY
from game.model.solver.noguess import generate_no_guess

PRESET_SIZES = [(9, 9, 10), (16, 16, 40), (16, 30, 99)]


@st.composite
def codes(draw, max_side=100, min_side=5):
    rows = draw(st.integers(min_side, max_side))
    cols = draw(st.integers(min_side, max_side))
    if rows * cols < 10:
        cols = 10  # a decodable board has room for a mine beside its first opening
    no_guess = draw(st.booleans())
    most = rows * cols - 9
    if no_guess:
        most = min(most, int(MAX_DENSITY * rows * cols))
    mines = draw(st.integers(1, most))
    if draw(st.integers(0, 3)) == 0:
        rows, cols, mines = draw(st.sampled_from(PRESET_SIZES))
    cell = draw(st.none() | st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)))
    return BoardCode(
        rows, cols, mines, draw(st.sampled_from(["opening", "safe"])), draw(st.integers(0, 2**32 - 1)), cell, no_guess
    )


def sample_codes():
    rng = random.Random(6)
    out = [
        BoardCode(r, c, m, rule, rng.randrange(2**32), cell, ng)
        for r, c, m in PRESET_SIZES + [(5, 5, 16), (100, 100, 3000), (7, 40, 50)]
        for rule in ("opening", "safe")
        for ng in (False, True)
        for cell in (None, (r - 1, 0))
    ]
    return out


def message(text, **limits):
    with pytest.raises(ValueError) as info:
        decode_board_code(text, **limits)
    text = str(info.value)
    assert text and "\n" not in text and len(text) < 120
    return text


# --- round trip --------------------------------------------------------------------------------------


@given(codes())
def test_round_trip(code):
    text = encode_board_code(code)
    assert decode_board_code(text) == code
    assert text.startswith(PREFIX) and len(text) <= 27


@given(codes(max_side=1000, min_side=1))
def test_round_trip_up_to_the_format_limit(code):
    assert decode_board_code(encode_board_code(code), max_side=1000, min_side=1) == code


@given(codes(), st.data())
def test_players_may_type_it_loosely(code, data):
    text = encode_board_code(code)
    loose = "".join(
        data.draw(st.sampled_from([ch.lower(), ch])) + data.draw(st.sampled_from(["", " ", "-"]))
        for ch in text.replace("-", "")
    )
    loose = loose.replace("0", "o").replace("1", "l")
    assert decode_board_code("  " + loose + "\n") == code


def test_expert_codes_are_short_and_one_size_has_one_length():
    lengths = {
        len(encode_board_code(BoardCode(16, 30, 99, rule, seed, cell)))
        for rule in ("opening", "safe")
        for seed in (0, 1, 2**31, 2**32 - 1)
        for cell in (None, (0, 0), (15, 29))
    }
    assert lengths == {len("MS1-XXXX-XXXX-XXXX")}
    assert len(encode_board_code(BoardCode(100, 100, 9991, "safe", 2**32 - 1, (99, 99)))) <= 27


# --- the board it makes ------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(codes(max_side=40))
def test_a_code_remakes_the_same_mines(code):
    if code.first_cell is None:
        code = BoardCode(code.rows, code.cols, code.mines, code.first_click, code.seed, (0, 0), code.no_guess)
    original = Board(code.rows, code.cols, code.mines, seed=code.seed, first_click=code.first_click)
    original.reveal(*code.first_cell)
    shared = decode_board_code(encode_board_code(BoardCode.from_board(original)))
    assert shared.first_cell == code.first_cell
    remade = shared.board()
    assert (remade.rows, remade.cols, remade.mines, remade.seed, remade.first_click) == (
        code.rows,
        code.cols,
        code.mines,
        code.seed,
        code.first_click,
    )
    assert not remade.mines_placed
    remade.reveal(*shared.first_cell)
    assert remade.mine_cells() == original.mine_cells()


def test_from_board_finds_the_click_that_laid_the_mines():
    board = Board(9, 9, 10, seed=77)
    board.toggle_flag(0, 0)
    board.reveal(0, 0)  # on a flag: nothing happens, no mines yet
    board.reveal(4, 5)
    code = BoardCode.from_board(board)
    assert code.first_cell == (4, 5)
    assert "row 5, column 6" in code.start_hint()
    before = BoardCode.from_board(Board(9, 9, 10, seed=77))
    assert before.first_cell is None and before.start_hint() is None


def test_from_board_refuses_mines_that_did_not_come_from_the_seed():
    board = Board.from_layout(["*....", ".....", ".....", ".....", "....*"], seed=5)
    board.reveal(2, 2)
    with pytest.raises(ValueError):
        BoardCode.from_board(board)


def test_a_no_guess_code_remakes_the_no_guess_board():
    board = Board(9, 9, 10, seed=123, first_click="safe")
    board.lay_mines(generate_no_guess(9, 9, 10, (4, 4), seed=123, first_click="safe", timeout=60))
    board.reveal(4, 4)
    code = decode_board_code(encode_board_code(BoardCode.from_board(board, no_guess=True)))
    assert code.no_guess and code.first_cell == (4, 4)
    remade = code.board()
    remade.lay_mines(
        generate_no_guess(
            code.rows, code.cols, code.mines, code.first_cell, seed=code.seed, first_click=code.first_click, timeout=60
        )
    )
    assert remade.mine_cells() == board.mine_cells()


# --- typos -------------------------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(codes())
def test_every_single_character_substitution_is_caught(code):
    text = encode_board_code(code)
    for i, ch in enumerate(text):
        if i < len(PREFIX) - 1 or ch == "-":
            continue  # the prefix has its own message; a dash replaced is an insertion (next test)
        for other in ALPHABET:
            if other != ch:
                mutated = text[:i] + other + text[i + 1 :]
                with pytest.raises(ValueError):
                    decode_board_code(mutated)


@pytest.mark.slow
@pytest.mark.parametrize("code", sample_codes(), ids=encode_board_code)
def test_any_one_character_changed_added_dropped_or_swapped_is_caught(code):
    text = encode_board_code(code)
    chars = ALPHABET + "ILOU-_ " + "é"
    variants = set()
    for i in range(len(text) + 1):
        variants.add(text[:i] + text[i + 1 :])
        variants.add(text[:i] + text[i + 1 : i + 2] + text[i : i + 1] + text[i + 2 :])
        for ch in chars:
            variants.add(text[:i] + ch + text[i + 1 :])
            variants.add(text[:i] + ch + text[i:])
    for variant in variants:
        with contextlib.suppress(ValueError):
            assert decode_board_code(variant, max_side=1000, min_side=1) == code, variant


def test_a_typo_says_so():
    text = encode_board_code(BoardCode(16, 30, 99, "opening", 987654321, (3, 4)))
    last = text[-1]
    wrong = text[:-1] + ("0" if last != "0" else "1")
    assert message(wrong) == "That code has a typo: its check digits don't match."


# --- bad input ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,expected",
    [
        ("", "Type or paste"),
        ("   - -  ", "Type or paste"),
        ("hello", "should start with MS1-"),
        ("XS1-0000-0000-0000", "should start with MS1-"),
        ("MS2-0000-0000-0000", "another version"),
        ("MS1-", "too short"),
        ("MS1-AB", "too short"),
        ("MS1-ABCD-UUUU", "never use: 'U'"),
        ("MS1-ABCD-ÉÉÉÉ", "never use"),
        ("MS1-ABCD-\x00", "never use: '\\x00'"),
        ("MS1-ABCD-\u2028X", "never use"),
        ("MS1-" + "A" * 60, "too long"),
        ("MS1-" + "A" * 10**6, "too long"),
        ("MS1-😀😀", "never use"),
    ],
)
def test_bad_input_gets_a_clear_message(text, expected):
    assert expected in message(text)


def test_a_board_larger_than_the_limits_is_refused():
    text = encode_board_code(BoardCode(200, 200, 400, "opening", 5, None))
    assert message(text) == "That code is for a 200x200 board; the largest is 100x100."
    assert (
        message(encode_board_code(BoardCode(16, 30, 99)), max_side=20)
        == "That code is for a 30x16 board; the largest is 20x20."
    )
    assert decode_board_code(encode_board_code(BoardCode(200, 200, 400)), max_side=200).rows == 200
    assert "the largest is 100x100" in message(encode_board_code(BoardCode(1000, 1, 5)))
    assert "the smallest is 5x5" in message(encode_board_code(BoardCode(4, 9, 5)))
    assert "the smallest is 5x5" in message(encode_board_code(BoardCode(1, 2, 1)))


def test_too_many_mines_is_refused():
    assert (
        message(encode_board_code(BoardCode(9, 9, 73, "opening")))
        == "That code has 73 mines; a 9x9 board holds at most 72."
    )
    assert "at most 72" in message(encode_board_code(BoardCode(9, 9, 80, "safe")))
    assert decode_board_code(encode_board_code(BoardCode(9, 9, 72, "safe"))).mines == 72
    assert "no-guess 9x9 board holds at most 28" in message(
        encode_board_code(BoardCode(9, 9, 40, "opening", no_guess=True))
    )


def _forge(number_of_payload, length):
    """A code with matching check digits for any payload number: what a hand-made code could say."""
    from game.model.rules.boardcode import _check

    symbols = [(number_of_payload >> (5 * i)) & 31 for i in range(length - 1, -1, -1)]
    return PREFIX + "".join(ALPHABET[s] for s in symbols + _check(symbols))


def test_forged_codes_with_good_check_digits_are_still_refused():
    expert_length = len(encode_board_code(BoardCode(16, 30, 99)).replace("-", "")) - len("MS1") - 3
    assert "damaged" in message(_forge((2**32) * 4 * 481 * 4 + 3, expert_length))  # seed too big
    assert "missing or extra" in message(_forge(3, expert_length + 1))
    assert "damaged" in message(_forge(0, 30))  # custom 1x1: not a board
    # every number in a short payload decodes or is refused, never crashes
    for n in range(0, 4 * 1000 * 30, 37):
        with contextlib.suppress(ValueError):
            decode_board_code(_forge(n, 12), max_side=1000, min_side=1)


@pytest.mark.slow
@given(st.text(max_size=300))
def test_any_text_is_a_code_or_a_value_error(text):
    try:
        code = decode_board_code(text)
    except ValueError as error:
        assert str(error) and "\n" not in str(error)
    else:
        assert 5 <= code.rows <= 100 and 5 <= code.cols <= 100


@given(st.binary(max_size=300), st.sampled_from(["utf-8", "latin-1", "cp1252", "utf-16"]))
def test_any_bytes_from_a_clipboard_are_a_code_or_a_value_error(data, encoding):
    text = data.decode(encoding, errors="surrogateescape" if encoding == "utf-8" else "replace")
    with contextlib.suppress(ValueError):
        decode_board_code(text)


@given(
    codes(max_side=1000, min_side=1),
    st.lists(
        st.tuples(
            st.integers(0, 40),
            st.sampled_from(list(ALPHABET + "ILOU- _é\x00\n")),
            st.sampled_from(["replace", "insert", "delete"]),
        ),
        max_size=5,
    ),
    st.integers(1, 100),
    st.integers(1, 20),
)
def test_mutated_codes_never_crash_or_break_the_limits(code, edits, max_side, min_side):
    text = encode_board_code(code)
    for position, ch, how in edits:
        i = position % (len(text) + 1)
        text = {
            "replace": text[:i] + ch + text[i + 1 :],
            "insert": text[:i] + ch + text[i:],
            "delete": text[:i] + text[i + 1 :],
        }[how]
    try:
        decoded = decode_board_code(text, max_side=max_side, min_side=min_side)
    except ValueError:
        return
    assert min_side <= decoded.rows <= max_side and min_side <= decoded.cols <= max_side
    assert decoded.mines <= decoded.rows * decoded.cols - 9


def test_bad_fields_are_refused_when_making_a_code():
    with pytest.raises(ValueError):
        BoardCode(9, 9, 10, seed=2**32)
    with pytest.raises(ValueError):
        BoardCode(9, 9, 10, seed=-1)
    with pytest.raises(ValueError):
        BoardCode(9, 9, 10, first_click="anywhere")
    with pytest.raises(ValueError):
        BoardCode(9, 9, 10, first_cell=(9, 0))
    with pytest.raises(ValueError):
        BoardCode(9, 9, 81)
    with pytest.raises(ValueError):
        BoardCode(1001, 9, 10)
    with pytest.raises(TypeError):
        BoardCode(9, 9, 10, no_guess=1)
    with pytest.raises(TypeError):
        encode_board_code("MS1-0000")
    assert BoardCode(9, 9, 10, first_cell=[2, 3]).first_cell == (2, 3)


def test_the_model_still_needs_no_pygame():
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-c", "import sys, game.model.rules.boardcode; print('pygame' in sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "False"
