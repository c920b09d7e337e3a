"""The ghost of a raced video (game.video.ghost) and the race's pure parts (game.play.race): the ghost is where the
video's pointer was at each moment of the race's clock, its board and finish are the video's, the click made
for the player is the video's opening, and who won is decided as the panel says."""

import random

import pytest

from game.model import Board
from game.play.race import Lead, Reason, race_result, with_opening, your_figures
from game.video import figures_of
from game.video.events import Mouse, Video
from game.video.figures import Figures
from game.video.ghost import Finish, Ghost, opening_cell
from game.video.mouse import Game
from game.video.playback import LEFT, MIDDLE, RIGHT, Playback
from tests.video.games import random_video, won_video


@pytest.mark.parametrize("seed", range(40))
def test_the_ghost_is_where_the_videos_pointer_was_at_every_moment_and_finishes_as_it_did(seed):
    video = random_video(seed)
    playback = Playback(video)
    ghost = Ghost(playback)
    figures = figures_of(video)
    end = playback.time_of(len(playback) - 1) if len(playback) else 0
    rng = random.Random(seed)
    moments = sorted(rng.uniform(-50, end + 500) for _ in range(60))
    for t in moments:
        look = ghost.look(t)
        held = min(max(0.0, t), ghost.finish_ms) if ghost.finish_ms is not None else max(0.0, t)
        assert look.point == playback.cursor_at(held)
        assert look.clock_ms == (
            min(max(0, int(t)), ghost.finish_ms) if ghost.finish_ms is not None else max(0, int(t))
        )
    ghost.advance(end + 1)
    if figures.won or figures.lost:
        assert ghost.finish is (Finish.WON if figures.won else Finish.LOST)
        assert ghost.finish_ms == figures.time_ms
    game = Game(video.rows, video.cols, video.mines)
    for n, kind in enumerate(video.kinds):
        if not game.over:
            game.hear(kind, video.cell_of(video.xs[n], video.ys[n]))
    opened = {(r, c) for r in range(video.rows) for c in range(video.cols) if game.opened[r][c]}
    assert ghost.opened_cells == opened and len(ghost.opened) == len(opened)


def test_at_zero_the_ghosts_board_is_the_players_after_the_click_made_for_them():
    video = won_video(16, 30, 99, seed=5)
    ghost = Ghost(Playback(video))
    ghost.advance(0)
    first = opening_cell(video)
    board = Board.from_mines(16, 30, sorted(video.mines))
    board.reveal(*first)
    assert ghost.opened_cells == {(r, c) for r in range(16) for c in range(30) if board.is_revealed(r, c)}
    assert ghost.finish is None and ghost.look(0).clock_ms == 0


def test_the_ghost_presses_the_cell_under_a_left_button_and_the_block_under_a_chord():
    video = Video.from_text(["*.*..", ".....", ".....", "..*..", "....*"])
    video.append(Mouse.LEFT_PRESS, 0, 40, 40)  # (2, 2), a 1: the opening
    video.append(Mouse.LEFT_RELEASE, 10, 40, 40)
    video.append(Mouse.RIGHT_PRESS, 100, 8, 8)  # a flag on (0, 0)
    video.append(Mouse.RIGHT_RELEASE, 110, 8, 8)
    video.append(Mouse.LEFT_PRESS, 200, 24, 24)  # both on (1, 1): a chord
    video.append(Mouse.RIGHT_PRESS, 210, 24, 24)
    video.append(Mouse.LEFT_RELEASE, 300, 24, 24)
    video.append(Mouse.RIGHT_RELEASE, 310, 24, 24)
    video.append(Mouse.MIDDLE_PRESS, 400, 72, 72)
    video.append(Mouse.MIDDLE_RELEASE, 410, 72, 72)
    ghost = Ghost(Playback(video))
    assert ghost.look(105 - 10).buttons == RIGHT and ghost.look(95).pressed == ()
    left = ghost.look(205 - 10)
    assert left.buttons == LEFT and left.pressed == ((1, 1),)
    chord = ghost.look(250 - 10)
    assert chord.buttons == LEFT | RIGHT and len(chord.pressed) == 9
    middle = ghost.look(405 - 10)
    assert middle.buttons == MIDDLE and set(middle.pressed) == {(r, c) for r in (3, 4) for c in (3, 4)}


def test_no_click_is_made_for_the_player_when_the_videos_first_click_hit_a_mine_or_none_opened():
    lost = Video.from_text(["*....", "....."] * 2 + ["....*"])
    lost.append(Mouse.LEFT_PRESS, 0, 8, 8)
    lost.append(Mouse.LEFT_RELEASE, 50, 8, 8)
    assert opening_cell(lost) is None
    ghost = Ghost(Playback(lost))
    ghost.advance(0)
    assert ghost.finish is Finish.LOST and ghost.finish_ms == 0
    idle = Video.from_text(["*....", "....."] * 2 + ["....*"])
    idle.append(Mouse.MOVE, 0, 30, 30)
    idle.append(Mouse.MOVE, 500, 60, 30)
    assert opening_cell(idle) is None
    ghost = Ghost(Playback(idle))
    assert ghost.look(250).point == (45.0, 30.0)
    ghost.advance(10_000)
    assert ghost.finish is Finish.STOPPED and ghost.finish_ms == 500


def figures(won=False, lost=False, time_ms=10_000, solved=10, bbbv=10) -> Figures:
    return Figures(won, lost, 6, time_ms, bbbv, solved, 5, 1, 1, 10, 0, 0, 10, 0, 0, 0, True, 100.0)


@pytest.mark.parametrize(
    "you, ghost, lead, reason, gap",
    [
        (figures(won=True, time_ms=9_000), figures(won=True), Lead.YOU, Reason.TIME, 1000),
        (figures(won=True, time_ms=12_500), figures(won=True), Lead.GHOST, Reason.TIME, 2500),
        (figures(won=True), figures(won=True), Lead.EVEN, Reason.TIME, 0),
        (figures(won=True, time_ms=99_000), figures(lost=True, solved=3), Lead.YOU, Reason.LOST, 0),
        (figures(won=True), figures(solved=4), Lead.YOU, Reason.STOPPED, 0),
        (figures(lost=True, solved=2, time_ms=1), figures(won=True), Lead.GHOST, Reason.LOST, 0),
        (figures(lost=True, solved=6), figures(lost=True, solved=4), Lead.YOU, Reason.FURTHER, 0),
        (figures(lost=True, solved=2), figures(lost=True, solved=4), Lead.GHOST, Reason.FURTHER, 0),
        (figures(lost=True, solved=4), figures(solved=4), Lead.EVEN, Reason.FURTHER, 0),
    ],
)
def test_who_won_the_race(you, ghost, lead, reason, gap):
    result = race_result(you, ghost)
    assert (result.lead, result.reason, result.gap_ms) == (lead, reason, gap)
    if reason is Reason.FURTHER:
        assert result.gap_bbbv == abs(you.bbbv_solved - ghost.bbbv_solved)


def test_the_players_figures_count_the_board_from_the_click_made_for_them_but_not_that_click():
    video = won_video(9, 9, 10, seed=3)
    first = opening_cell(video)
    # the player's own video, as the recorder keeps it: the made click is not in it
    played = Video(9, 9, video.mines)
    index = next(n for n in range(len(video)) if video.kinds[n] == Mouse.LEFT_RELEASE) + 1
    for n in range(index, len(video)):
        played.append(Mouse(video.kinds[n]), video.times[n] - video.times[index], video.xs[n], video.ys[n])
    made = with_opening(played, first)
    assert len(made) == len(played) + 2 and made.cell_of(made.xs[0], made.ys[0]) == first
    assert with_opening(made, first) is made, "a video that starts with the made click is kept"
    whole, mine = figures_of(video), your_figures(played, first, 4321)
    assert mine.time_ms == 4321 and mine.won
    assert made.made_click and mine.bbbv_solved == whole.bbbv, "the board counts from its opening"
    assert (mine.left, mine.lce) == (whole.left - 1, whole.lce - 1), "the click made for the player is none of theirs"
    assert mine.bbbv_s == whole.bbbv / 4.321
