"""A video's figures at every moment (Replay's live figures, the records' figures): at any event they are the
figures of the video cut there, and at its end `figures_of`'s, figure for figure, on random games with
mistakes, flags before the start, chords in every order and pauses."""

import random
from dataclasses import replace

import pytest

from game.video import Video, figures_of
from game.video.events import game_stamps
from game.video.timeline import Timeline, board_figures, final_figures
from tests.video.games import random_video


def cut(video, events):
    """The video of its first `events` events."""
    short = Video(video.rows, video.cols, video.mines, cell_size=video.cell_size)
    short.kinds, short.times = video.kinds[:events], video.times[:events]
    short.xs, short.ys = video.xs[:events], video.ys[:events]
    return short


def same(got, expected):
    """Figure for figure, the path to a billionth: `figures_of` sums it a run of points at a time, the timeline
    a point at a time, and floating point's sums differ in the last digit with the order."""
    assert got.path == pytest.approx(expected.path, rel=1e-9, abs=1e-9)
    return replace(got, path=expected.path) == expected


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(300))
def test_at_its_end_a_timeline_gives_figures_of(seed):
    video = random_video(seed)
    expected = figures_of(video)
    assert same(Timeline(video).final(board_figures(video)), expected)
    assert replace(final_figures(video), zini=expected.zini, op=expected.op, isl=expected.isl) == expected


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(60))
def test_at_any_event_a_timeline_gives_the_figures_of_the_video_cut_there(seed):
    video = random_video(seed)
    if not len(video):
        return
    timeline, board = Timeline(video), board_figures(video)
    stamps = game_stamps(video)
    rng = random.Random(seed)
    for index in sorted(rng.sample(range(len(video)), min(8, len(video)))):
        expected = figures_of(cut(video, index + 1))
        start = expected.time_ms and stamps[index] - expected.time_ms  # the opening's stamp, when it came
        t_ms = stamps[index] - start if expected.time_ms else 0
        assert same(timeline.at(index, t_ms, board), expected), index


def test_before_any_event_and_past_the_end():
    video = random_video(3)
    timeline = Timeline(video)
    before = timeline.at(-1, -50.0)
    assert (before.time_ms, before.clicks, before.bbbv_solved, before.path) == (0, 0, 0, 0.0)
    assert timeline.at(len(video) - 1, 10**9).time_ms == timeline.time_ms == figures_of(video).time_ms


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(60))
def test_keys_count_in_the_timeline_as_their_clicks_do_in_figures_of(seed):
    video = random_video(seed, keys=True)
    expected = figures_of(video)
    timeline = Timeline(video)
    assert same(timeline.final(board_figures(video)), expected)
    stamps = game_stamps(video)
    for index in sorted(random.Random(seed).sample(range(len(video)), min(8, len(video)))):
        expected = figures_of(cut(video, index + 1))
        start = expected.time_ms and stamps[index] - expected.time_ms
        t_ms = stamps[index] - start if expected.time_ms else 0
        assert same(timeline.at(index, t_ms, board_figures(video)), expected), index
