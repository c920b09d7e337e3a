"""The video itself: its examples, compact columns, order of times, and positions that survive zoom."""

import doctest

import pytest

import game.video.board_figures
import game.video.events
import game.video.figures
from game.video import Mouse, Video, VideoError, board_point, figures_of


@pytest.mark.parametrize("module", [game.video.events, game.video.figures, game.video.board_figures])
def test_the_examples_in_the_docstrings_hold(module):
    failed, tried = doctest.testmod(module)
    assert tried and not failed


def test_an_event_costs_nine_bytes_in_the_columns():
    video = Video.from_text(["*.", ".."])
    assert sum(column.itemsize for column in (video.kinds, video.times, video.xs, video.ys)) == 9


def test_times_never_go_back():
    video = Video.from_text(["*.", ".."])
    video.append(Mouse.MOVE, 10, 1, 1)
    with pytest.raises(VideoError):
        video.append(Mouse.MOVE, 9, 1, 1)


def test_a_point_off_the_board_is_the_corner_past_it():
    video = Video.from_text(["*.", ".."], cell_size=16)
    video.append(Mouse.MOVE, 0, -5, 40)
    assert (video[0].x, video[0].y) == (32, 32)


def test_the_same_click_at_two_zooms_is_the_same_board_point():
    assert board_point(10 + 3.5 * 32, 6 + 1.25 * 32, (10, 6), 32, 16) == board_point(
        20 + 3.5 * 24, 8 + 1.25 * 24, (20, 8), 24, 16
    )


def test_a_lost_game_gets_the_figures_of_the_part_solved():
    video = Video.from_text(["..*.*"])  # 3BV 2: the opening on the left, the lone 2
    for time, (kind, x, y) in enumerate([(2, 56, 8), (3, 56, 8), (2, 40, 8), (3, 40, 8)]):
        video.append(Mouse(kind), time * 100, x, y)
    figures = figures_of(video)
    assert figures.lost and not figures.won
    assert figures.bbbv_solved == 1 and figures.bbbv == 2
    assert figures.time_ms == 200 and figures.bbbv_s == 5.0


def test_a_pause_stops_the_game_clock():
    video = Video.from_text(["..*.*"])
    events = [
        (2, 56, 8, 0),
        (3, 56, 8, 50),
        (100, 56, 8, 60),
        (101, 56, 8, 60_060),
        (2, 8, 8, 60_100),
        (3, 8, 8, 60_150),
    ]
    for kind, x, y, time in events:
        video.append(Mouse(kind), time, x, y)
    figures = figures_of(video)
    assert figures.won and figures.time_ms == 100  # 60,150 - 50 less the minute paused


def test_the_video_package_imports_neither_pygame_nor_ms_toollib():
    # ms-toollib can abort the process it runs in: only the reader child may load it.
    import subprocess
    import sys
    from pathlib import Path

    code = "import sys, game.video, game.video.foreign, game.video.stats_command; "
    code += "print('pygame' in sys.modules, 'ms_toollib' in sys.modules)"
    root = Path(__file__).resolve().parent.parent.parent
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_the_evf_summary_says_won_official_fair_and_nf():
    from game.video import decode_evf, encode_evf

    def won(**options):
        video = Video.from_text(["..*.*"], **options)
        for kind, x, time in [(2, 56, 0), (3, 56, 10), (2, 8, 20), (3, 8, 30)]:
            video.append(Mouse(kind), time, x, 8)
        return encode_evf(video)

    assert won()[1] == 0x80 | 0x40 | 0x20 | 0x10  # completed, official, fair, no flags
    assert won(no_guess=True)[1] == 0x80 | 0x20 | 0x10  # a no-guess board is fair, not official
    assert won(assisted=True)[1] == 0x80 | 0x10
    assert won(filtered=True)[1] == 0x80 | 0x10  # a board chosen by its 3BV is neither fair nor official
    assert won()[2] == 0x80 and won(question_marks=True)[2] == 0  # "question marks off" is the set bit
    assert decode_evf(won())[1].won


def test_the_no_guess_familys_modes_go_into_the_evf_and_a_saved_video_and_come_back():
    from game.video import decode_evf, encode_evf
    from game.video.packed import pack, unpack

    for mode, no_guess, code in ((0, False, 0), (0, True, 5), (7, False, 7), (8, False, 8)):
        video = Video.from_text(["..*.*"], mode=mode, no_guess=no_guess)
        for kind, x, time in [(2, 56, 0), (3, 56, 10), (2, 8, 20), (3, 8, 30)]:
            video.append(Mouse(kind), time, x, 8)
        data = encode_evf(video)
        assert data[1] & 0x20 and bool(data[1] & 0x40) is (code == 0)  # fair in every mode; official in standard
        back, header = decode_evf(data)
        assert header.mode == code and (back.mode, back.no_guess) == (mode, no_guess)
        assert unpack(pack(video), 1, 5, video.mines).mode == mode


def test_a_video_that_never_touched_the_board_is_not_written():
    from game.video import encode_evf

    video = Video.from_text(["*.", ".."])
    video.append(Mouse.MOVE, 0, 5, 5)
    video.append(Mouse.MIDDLE_PRESS, 10, 5, 5)
    video.append(Mouse.MIDDLE_RELEASE, 20, 5, 5)
    with pytest.raises(VideoError, match="never touched the board"):
        encode_evf(video)
