"""A video's clicks as the model's moves: on random games (mistakes, flags before the start, chords in every
order, pauses) and on every sample, the model's board ends exactly as the mouse game does."""

import pytest

from game.model import GameState
from game.video import Mouse, Video, figures_of
from game.video.events import game_stamps
from game.video.mouse import Game, Outcome
from game.video.moves import moves_of, replay_of
from tests.video.games import random_video


def mouse_game(video):
    game = Game(video.rows, video.cols, video.mines)
    for index, kind in enumerate(video.kinds):
        if game.over:
            break
        game.hear(kind, video.cell_of(video.xs[index], video.ys[index]))
    return game


def assert_same_end(video):
    game, board = mouse_game(video), replay_of(video).final_board()
    state = {Outcome.WON: GameState.WON, Outcome.LOST: GameState.LOST, Outcome.PLAYING: GameState.PLAYING}
    assert board.state == state.get(game.outcome, GameState.READY)
    for r in range(video.rows):
        for c in range(video.cols):
            if (r, c) not in video.mines:
                assert board.is_revealed(r, c) == game.opened[r][c], (r, c)
            if board.state != GameState.WON:
                assert board.is_flagged(r, c) == ((r, c) in game.flagged), (r, c)


@pytest.mark.parametrize("seed", range(200))
def test_random_games_end_on_the_same_board(seed):
    assert_same_end(random_video(seed))


def test_the_replays_clock_is_the_figures_clock():
    for seed in range(100):
        video = random_video(seed)
        played, figures = moves_of(video), figures_of(video)
        if figures.won or figures.lost:
            assert played.elapsed_ms == figures.time_ms
        assert [m.t_ms for m in played.moves] == sorted(m.t_ms for m in played.moves)


def test_a_right_press_on_an_open_cell_that_becomes_a_chord_is_one_chord():
    video = Video.from_text(["*..", "...", "..."])
    events = [
        (Mouse.RIGHT_PRESS, 0, 8, 8),
        (Mouse.RIGHT_RELEASE, 10, 8, 8),
        (Mouse.LEFT_PRESS, 100, 24, 8),  # opens the 1 at (0, 1)
        (Mouse.LEFT_RELEASE, 150, 24, 8),
        (Mouse.RIGHT_PRESS, 200, 24, 8),  # right down on the open 1, then left: a chord
        (Mouse.LEFT_PRESS, 210, 24, 8),
        (Mouse.LEFT_RELEASE, 260, 24, 8),
        (Mouse.RIGHT_RELEASE, 270, 24, 8),
    ]
    for event in events:
        video.append(*event)
    played = moves_of(video)
    assert [(m.kind.value, m.cell, m.t_ms) for m in played.moves] == [
        ("flag", (0, 0), 0),
        ("reveal", (0, 1), 0),
        ("chord", (0, 1), 110),
    ]
    assert played.outcome == Outcome.WON and replay_of(video).final_board().state == GameState.WON


def test_pauses_leave_the_replays_clock():
    video = Video.from_text(["*..", "...", "..."])
    for kind, t, x, y in [
        (Mouse.LEFT_PRESS, 0, 24, 8),
        (Mouse.LEFT_RELEASE, 50, 24, 8),
        (Mouse.PAUSE, 100, 24, 8),
        (Mouse.RESUME, 5100, 24, 8),
        (Mouse.LEFT_PRESS, 5200, 40, 40),
        (Mouse.LEFT_RELEASE, 5300, 40, 40),
    ]:
        video.append(kind, t, x, y)
    assert game_stamps(video)[-1] == 300
    assert [m.t_ms for m in moves_of(video).moves] == [0, 250]
