"""Benchmark recording a game's video in the game. Prints medians.

- the recorder's cost per input event (the screen point made a board point, appended, and a chunk cut every
  16,384 events), and the bytes an event takes in memory and, packed in its chunk, on disk;
- a game with 100,000 and with 3,600,000 events (an hour at 1,000 Hz) in real records: the save after a move
  (on the frame, and the writer's share), the chunks written as the video grew, the resume (its chunks read,
  off the frame), the figures at its end (off the frame);
- a replay's seek on a 1,000-second video;
- with --hour [MINUTES]: the real app fed an hour of 1,000 Hz mouse motion (stamped events, as the app's clock
  hands them over, 16 or 17 a frame, a right click every 10 s of it), frame by frame as fast as it goes, then
  the save as the player leaves, the resume and the end of the game: every frame's working time, the worst.

Run: python -m bench.recording [--hour [MINUTES]]   (under `nice` on a shared machine)
     python -m bench.hour [--minutes N] [--checkout DIR]   (the hour alone; on DIR's game, for a baseline)
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.model import Board, Move
from game.play.board_ui import BoardUI, Motion, Press, Release
from game.play.session import GameSession
from game.video.chunks import CHUNK_EVENTS, chunk_bytes, pack_chunk
from game.video.events import Mouse, Video
from game.video.playback import Playback

EVENTS = 100_000
HOUR = 3_600_000
RUNS = 7


class Rect(SimpleNamespace):
    def collidepoint(self, pos: tuple[int, int]) -> bool:
        return self.x <= pos[0] < self.x + self.w and self.y <= pos[1] < self.y + self.h


GEOMETRY = SimpleNamespace(
    view=Rect(x=10, y=60, w=720, h=384), scroll_x=0, scroll_y=0, tile=24, max_scroll=(0, 0), cell_at=lambda p: None
)


class Heard:
    """The session hearing input as the playing scene hands it over: with the UI state and the geometry."""

    def __init__(self, session):
        self.session = session

    def hear(self, event):
        self.session.hear(event, BoardUI(), GEOMETRY)


def hand(count: int, seed: int = 1, start: int = 1) -> list[Motion]:
    """A hand moving the mouse at 1,000 Hz over an expert board 24 px a cell: a smooth, jittery walk."""
    rng = random.Random(seed)
    x, y, vx, vy = 300.0, 200.0, 0.0, 0.0
    events = []
    for t in range(start, start + count):
        vx, vy = 0.95 * vx + rng.gauss(0, 0.8), 0.95 * vy + rng.gauss(0, 0.8)
        x, y = min(max(x + vx, 10), 729), min(max(y + vy, 60), 443)
        events.append(Motion(t, (int(x), int(y))))
    return events


def opened(keeper=None) -> tuple[GameSession, Heard]:
    session = GameSession(Board(16, 30, 99, seed=7), keeper=keeper)
    recorder = Heard(session)
    recorder.hear(Press(0, (370, 250), 1))
    recorder.hear(Release(0, (370, 250), 1))
    session.apply(Move("reveal", 7, 15), t_ms=0)
    return session, recorder


def recorder_cost() -> float:
    """Microseconds per motion event heard (every one kept; a chunk cut every 16,384)."""
    session, recorder = opened()
    events = hand(EVENTS)
    hear = recorder.hear
    started = time.perf_counter()
    for event in events:
        hear(event)
    took = time.perf_counter() - started
    assert len(session.video) == EVENTS + 2 and session.sealed.chunks == EVENTS // CHUNK_EVENTS
    return took / EVENTS * 1e6


def disk_bytes_per_event() -> float:
    video = Video(16, 30, frozenset())
    for event in hand(CHUNK_EVENTS):
        video.append(Mouse.MOVE, event.t_ms, event.pos[0] - 10, event.pos[1] - 60)
    return len(pack_chunk(chunk_bytes(video, 0, CHUNK_EVENTS))) / CHUNK_EVENTS


def long_game(events: int) -> dict[str, float]:
    """A game of `events` motion events in real records (a temporary folder): what its save, resume and
    figures cost, in ms."""
    from game.play.dealer import Dealer
    from game.settings import Settings
    from game.store import Store
    from game.video import figures_of

    with tempfile.TemporaryDirectory() as home:
        store = Store.open(home=home)
        dealer = Dealer(store, Settings(store.settings(), save=lambda values: None), seed=7)
        session, recorder = opened(dealer)
        started = time.perf_counter()
        for event in hand(events):
            recorder.hear(event)
        heard = time.perf_counter() - started
        started = time.perf_counter()
        store.flush()
        chunks_left = time.perf_counter() - started  # the writer still packing and writing chunks
        frame, written = [], []
        for n in range(RUNS):  # a save after a move, as a game under way makes them
            recorder.hear(Motion(events + 10 + n, (300, 100 + n)))
            started = time.perf_counter()
            session.suspend()
            frame.append(time.perf_counter() - started)
            started = time.perf_counter()
            store.flush()
            written.append(time.perf_counter() - started)
        saved = store.load_resume()
        reader = store.chunk_reader()
        resumes = []
        for _ in range(3):
            started = time.perf_counter()
            resumed = GameSession.from_save(saved, read_chunks=reader)
            resumes.append(time.perf_counter() - started)
        assert len(resumed.video) == len(session.video), "the whole video came back"
        started = time.perf_counter()
        figures_of(resumed.video)
        figuring = time.perf_counter() - started
        store.close()
    return {
        "heard": heard * 1000,
        "chunks_left": chunks_left * 1000,
        "save_frame": statistics.median(frame) * 1000,
        "save_written": statistics.median(written) * 1000,
        "resume": statistics.median(resumes) * 1000,
        "figures": figuring * 1000,
        "chunks": session.sealed.chunks,
    }


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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hour", nargs="?", type=float, const=60.0, help="minutes of motion through the real app")
    args = parser.parse_args()
    if args.hour is not None:
        from bench.hour import an_hour

        return an_hour(args.hour)
    costs = [recorder_cost() for _ in range(RUNS)]
    print(f"recorder: median {statistics.median(costs):.2f} us per event heard ({RUNS} runs of {EVENTS:,} events)")
    video = Video(16, 30, frozenset())
    in_memory = sum(column.itemsize for column in (video.kinds, video.times, video.xs, video.ys))
    print(
        f"memory: {in_memory} bytes per event in the video's columns; on disk, packed in its chunk: "
        f"{disk_bytes_per_event():.2f} bytes per event of mouse motion"
    )
    for events in (EVENTS, HOUR):
        got = long_game(events)
        print(
            f"a game of {events:,} events ({got['chunks']} chunks): heard in {got['heard'] / 1000:.1f} s, chunks "
            f"written {got['chunks_left']:.0f} ms after; save after a move: median {got['save_frame']:.2f} ms on "
            f"the frame, {got['save_written']:.1f} ms on the writer's thread; resume (chunks read and checked, "
            f"off the frame): median {got['resume']:.0f} ms; figures at its end (off the frame): "
            f"{got['figures']:.0f} ms"
        )
    builds, seeks, count = zip(*(seek_video() for _ in range(3)))
    print(
        f"seek on a 1,000-second video ({count[0]:,} events): playback built once in median "
        f"{statistics.median(builds):.0f} ms, then median {statistics.median(seeks):.2f} us per seek"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
