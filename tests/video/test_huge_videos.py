"""Videos as large as the formats allow, played on the frame only in bounded steps (issue 45, item 4): the
opening click of a 255 x 255 board is found without opening its area, a step by `,` or `.` over events that
share a millisecond is a lookup, and a ghost plays only the events that can change a game, at most
ghost.MOST_A_FRAME of them a call. bench/huge_videos.py measures the frames; these count the work."""

from game.video import ghost as ghost_module
from game.video import mouse
from game.video.events import Mouse, Video
from game.video.ghost import Finish, Ghost
from game.video.playback import Playback, opening_index

BURST = 50_000


def one_click_board(rows=255, cols=255):
    """A large board with a mine in each corner, opened by one click in the middle."""
    mines = frozenset({(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)})
    video = Video(rows, cols, mines)
    x, y = (cols // 2) * 16 + 8, (rows // 2) * 16 + 8
    video.append(Mouse.MOVE, 0, x, y)
    video.append(Mouse.LEFT_PRESS, 10, x, y)
    video.append(Mouse.LEFT_RELEASE, 90, x, y)
    video.append(Mouse.MOVE, 100, x + 1, y)
    return video


def with_a_burst(before_opening):
    """Expert-sized, with BURST moves before the opening click, or in one millisecond a second after it."""
    video = Video(16, 30, frozenset({(0, 0), (15, 29), (0, 29)}))
    t = 0
    if before_opening:
        for n in range(BURST):
            video.append(Mouse.MOVE, n, n % 480, n % 256)
        t = BURST
    video.append(Mouse.LEFT_PRESS, t, 248, 136)
    video.append(Mouse.LEFT_RELEASE, t + 60, 248, 136)
    if not before_opening:
        for n in range(BURST):
            video.append(Mouse.MOVE, t + 1000, n % 480, n % 256)
    video.append(Mouse.LEFT_PRESS, t + 2000, 8, 24)
    video.append(Mouse.LEFT_RELEASE, t + 2050, 8, 24)
    return video


def test_the_opening_of_a_255_by_255_board_is_found_without_opening_its_area(monkeypatch):
    def flood(*args):
        raise AssertionError("before: the opening's area was opened (seconds on 255 x 255), to find a click")

    monkeypatch.setattr(mouse.Game, "_flood", flood)
    monkeypatch.setattr(mouse, "numbers", lambda *args: flood())
    video = one_click_board()
    assert opening_index(video) == 2
    assert Playback(video).opening == 2


def test_stepping_by_events_over_a_burst_in_one_millisecond_is_a_lookup(monkeypatch):
    playback = Playback(with_a_burst(before_opening=False))
    burst_at = playback.time_of(3)
    steps = []
    real = Playback.time_of

    def counted(self, index):
        steps.append(index)
        return real(self, index)

    monkeypatch.setattr(Playback, "time_of", counted)
    assert playback.previous_time(burst_at + 500) == burst_at
    assert playback.previous_time(burst_at) == playback.time_of(1), "over the burst, to the opening's release"
    assert playback.next_time(playback.time_of(1)) == burst_at
    assert playback.next_time(burst_at) == burst_at + 1000
    assert playback.previous_time(burst_at, clicks_only=True) == playback.time_of(1)
    assert len(steps) < 20, f"before: {len(steps):,} events looked at, one by one"


def test_a_ghost_skips_the_moves_before_the_opening_and_in_a_burst(monkeypatch):
    looked = []
    real = Playback.time_of

    def counted(self, index):
        looked.append(index)
        return real(self, index)

    for before_opening in (True, False):
        playback = Playback(with_a_burst(before_opening))
        ghost = Ghost(playback)
        looked.clear()
        monkeypatch.setattr(Playback, "time_of", counted)
        ghost.advance(0)
        ghost.advance(5_000)
        monkeypatch.undo()
        assert len(looked) < 20, f"before: {len(looked):,} events looked at one by one, in one frame"
        assert ghost.finish is not None and ghost.opened


def test_a_ghost_with_more_clicks_in_a_moment_than_a_frame_plays_catches_up_over_frames():
    video = Video(30, 30, frozenset({(0, 0), (29, 29)}))
    for n in range(3 * ghost_module.MOST_A_FRAME):  # a flag put on a cell and taken off, over and over, at once
        video.append(Mouse.RIGHT_PRESS if n % 2 == 0 else Mouse.RIGHT_RELEASE, 5, 8, 8)
    video.append(Mouse.LEFT_PRESS, 10, 248, 248)
    video.append(Mouse.LEFT_RELEASE, 90, 248, 248)
    playback = Playback(video)
    ghost, frames = Ghost(playback), 0
    while ghost.finish is None:
        ghost.advance(1_000)
        frames += 1
        assert frames < 10
    assert frames >= 3, "spread over frames, not one"
    assert ghost.finish is Finish.WON and (15, 15) in ghost.opened_cells
