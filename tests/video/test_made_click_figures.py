"""A video whose first click was made for the player (the same board, a code, a race): its figures leave that
click out of every click count, as the game does; its EVF file, which can open a board only by a click, holds
it as the opening click, so ms-toollib counts it, and so do we when we read that file."""

import dataclasses

import pytest

from game.video import Mouse, Video, decode_evf, encode_evf, figures_of
from game.video.events import record_made_click
from game.video.moves import moves_of, replay_of
from game.video.packed import pack, unpack
from game.video.timeline import final_figures
from tests.video.games import random_video

# the figures a click made for the player changes: every other one is ms-toollib's to the last digit
CLICK_FIGURES = {"left", "lce", "clicks", "effective_clicks", "ioe", "throughput", "correctness"}


def made(video: Video) -> Video | None:
    """The video played after a click made for the player on a safe cell: that click, the wait, then its own
    events (None when the board has no cell that click could open without winning at once)."""
    safe = [(r, c) for r in range(video.rows) for c in range(video.cols) if (r, c) not in video.mines]
    if len(safe) < 2:
        return None
    out = Video(video.rows, video.cols, video.mines, cell_size=video.cell_size)
    record_made_click(out, safe[0])
    out.append(Mouse.RESUME, 10, out.xs[-1], out.ys[-1])
    for event in video:
        out.append(event.kind, event.time_ms + 10, event.x, event.y)
    return out if not figures_of(out).won or len(video) else None


def opened_by_hand() -> Video:
    video = Video.from_text(["*....", ".....", ".....", "....*", "....."])
    record_made_click(video, (0, 4))
    video.append(Mouse.RESUME, 0, 72, 8)
    for kind, t, x, y in ((Mouse.RIGHT_PRESS, 300, 8, 8), (Mouse.RIGHT_RELEASE, 360, 8, 8)):
        video.append(kind, t, x, y)
    for kind, t in ((Mouse.LEFT_PRESS, 900), (Mouse.LEFT_RELEASE, 980)):
        video.append(kind, t, 72, 72)
    return video


def test_the_made_click_opens_the_board_and_counts_in_no_click_count():
    video = opened_by_hand()
    assert video.made_click
    figures = figures_of(video)
    assert figures.won and (figures.left, figures.lce, figures.right) == (1, 1, 1)
    assert figures.time_ms == 980, "the clock still runs from the opening: the made click, then the wait"
    assert final_figures(video) == dataclasses.replace(figures, zini=0, op=0, isl=0), "live figures agree"
    unmade = figures_of(dataclasses.replace(video, made_click=False))
    assert (unmade.left, unmade.lce) == (2, 2) and unmade.bbbv_solved == figures.bbbv_solved


def test_the_replay_of_such_a_video_says_its_first_move_was_made():
    played = moves_of(opened_by_hand())
    assert played.made == 1 and played.moves[0].cell == (0, 4) and len(played.moves) == 3
    replay = replay_of(opened_by_hand())
    assert replay.made == 1 and replay.final_board().left_clicks == 1


def test_a_save_and_a_record_keep_that_the_click_was_made():
    video = opened_by_hand()
    back = unpack(pack(video), video.rows, video.cols, video.mines)
    assert back.made_click and figures_of(back) == figures_of(video)
    assert "made_click" not in pack(dataclasses.replace(video, made_click=False))


def test_ms_toollib_counts_the_made_click_of_our_evf_and_so_do_we_reading_it_every_other_figure_agrees():
    pytest.importorskip("ms_toollib")
    from tests.video.test_figures_against_ms_toollib import NAMES, deliberate, has_a_press, read_with_ms_toollib, same

    videos = [v for v in (made(random_video(seed)) for seed in range(80)) if v is not None and has_a_press(v)]
    videos = [v for v in videos if figures_of(v).won or figures_of(v).lost]  # an unfinished one's end is moot
    assert len(videos) > 20
    answers = read_with_ms_toollib([encode_evf(video) for video in videos])
    for video, got in zip(videos, answers):
        ours, file_view = figures_of(video), figures_of(decode_evf(encode_evf(video))[0])
        assert not decode_evf(encode_evf(video))[0].made_click, "EVF cannot say a click was made"
        for name, theirs in NAMES.items():
            mine, said = getattr(file_view, name), got[theirs]
            assert same(mine, said) or deliberate(video, file_view, name, mine, said), (name, mine, said)
            if name not in CLICK_FIGURES:
                mine = getattr(ours, name)
                assert same(mine, said) or deliberate(video, ours, name, mine, said), (name, mine, said)
        assert (ours.left + 1, ours.lce + 1) == (got["left"], got["lce"]), "the made click, and only it"
