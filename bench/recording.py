"""Benchmark recording a game's video in the game: the recorder's cost per input event (converting the screen
point to the board's and appending), the save of a game carrying 100,000 events (what the frame thread does:
pack the video and encode the save's JSON) and its resume (check and unpack), and a replay's seek on a
1,000-second video (building the playback once, then the pointer and buttons at any moment). Prints medians.

Run: python -m bench.recording
"""

from __future__ import annotations

import json
import random
import statistics
import time
from types import SimpleNamespace

from game.board_ui import Motion
from game.model import Board
from game.recording import Recorder
from game.session import GameSession
from game.video.events import Mouse, Video
from game.video.playback import Playback

EVENTS = 100_000
RUNS = 7


class Rect(SimpleNamespace):
    def collidepoint(self, pos: tuple[int, int]) -> bool:
        return self.x <= pos[0] < self.x + self.w and self.y <= pos[1] < self.y + self.h


def playing_session() -> GameSession:
    board = Board(16, 30, 99, seed=7)
    session = GameSession(board)
    from game.model.move import Move

    session.apply(Move("reveal", 8, 15), t_ms=0)
    return session


def recorder_cost() -> float:
    """Microseconds per Motion event heard (the first press made, so every event is kept)."""
    session = playing_session()
    session.video = Video(16, 30, frozenset(session.board.mine_cells()))
    geometry = SimpleNamespace(view=Rect(x=10, y=60, w=720, h=384), scroll_x=0, scroll_y=0, tile=24)
    recorder = Recorder(session, lambda: geometry)
    from game.board_ui import Press

    recorder.hear(Press(0, (100, 100), 1))
    events = [Motion(t, (10 + t % 700, 60 + t % 380)) for t in range(1, EVENTS + 1)]
    hear = recorder.hear
    started = time.perf_counter()
    for event in events:
        hear(event)
    took = time.perf_counter() - started
    assert len(session.video) == EVENTS + 1
    return took / EVENTS * 1e6


def long_session(events: int) -> GameSession:
    session = playing_session()
    video = Video(16, 30, frozenset(session.board.mine_cells()))
    rng = random.Random(1)
    for t in range(events):
        video.append(Mouse.MOVE, t, rng.randrange(480), rng.randrange(256))
    session.video = video
    return session


def save_and_resume(session: GameSession) -> tuple[float, float, float, int]:
    """Milliseconds to make the save on the frame thread after a move (to_save: the video's new events packed),
    to write its details as JSON (the records' writer thread), and to resume it (from_save: check the board,
    unpack the video); the save's characters."""
    session.video.append(Mouse.MOVE, session.video.times[-1] + 1, 5, 5)  # a move since the last save
    started = time.perf_counter()
    saved = session.to_save()
    assert saved is not None
    saving = time.perf_counter() - started
    started = time.perf_counter()
    text = json.dumps(saved.extra, separators=(",", ":"))
    writing = time.perf_counter() - started
    back = saved._replace(extra=json.loads(text))
    started = time.perf_counter()
    resumed = GameSession.from_save(back)
    resuming = time.perf_counter() - started
    assert resumed.video is not None and len(resumed.video) == len(session.video)
    return saving * 1000, writing * 1000, resuming * 1000, len(text)


def seek_video() -> tuple[float, float, int]:
    """A 1,000-second video (500 events a second): ms to build its playback, us per seek (pointer and
    buttons at a random moment)."""
    video = Video(16, 30, frozenset({(0, 0), (15, 29)}))
    rng = random.Random(2)
    video.append(Mouse.LEFT_PRESS, 0, 200, 100)
    video.append(Mouse.LEFT_RELEASE, 2, 200, 100)
    for t in range(3, 1_000_000, 2):
        video.append(Mouse.MOVE, t, rng.randrange(480), rng.randrange(256))
    started = time.perf_counter()
    playback = Playback(video)
    building = time.perf_counter() - started
    moments = [rng.uniform(0, 1_000_000) for _ in range(10_000)]
    started = time.perf_counter()
    for t in moments:
        playback.cursor_at(t)
        playback.buttons_at(t)
    seeking = (time.perf_counter() - started) / len(moments)
    return building * 1000, seeking * 1e6, len(video)


def main() -> int:
    costs = [recorder_cost() for _ in range(RUNS)]
    print(f"recorder: median {statistics.median(costs):.2f} us per event heard ({RUNS} runs of {EVENTS:,} events)")
    video = Video(16, 30, frozenset())
    print(f"memory: {video.bytes_per_event()} bytes per event in the video's columns (bench.video measures it)")
    session = long_session(EVENTS)
    session.to_save()  # the first save of the game encodes it whole; each after a move, what is new
    runs = [save_and_resume(session) for _ in range(RUNS)]
    saving, writing, resuming = (statistics.median(r[n] for r in runs) for n in range(3))
    print(
        f"save of a game with {EVENTS:,} events after a move: median {saving:.2f} ms on the frame thread, "
        f"{writing:.1f} ms of JSON on the writer's ({runs[0][3] / 1e6:.2f} M characters); resume: median "
        f"{resuming:.1f} ms"
    )
    builds, seeks, count = zip(*(seek_video() for _ in range(3)))
    built = statistics.median(builds)
    print(
        f"seek on a 1,000-second video ({count[0]:,} events): playback built once in median {built:.0f} ms, then"
        f" median {statistics.median(seeks):.2f} us per seek"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
