"""Benchmark the worst frame of videos as large as the formats allow (issue 45, item 4): what a player feels as a
freeze when such a file is opened, stepped through or raced. Prints figures.

Run: python -m bench.huge_videos [--repeats N] [--only NAME,...]

The videos are made with the events API and written as EVF (`encode_evf`), then dropped on the window of a real
app on a real clock (frames back to back, the work off the frame running beside them on its threads), as a
player drops a file:

- "255x255": the largest board, 100 mines, opened by one click (its area is most of the board);
- "255x128, 200 mines": a large board whose opening click opens a large area;
- "600k moves first": Expert with 600,000 motion events before the opening click (10 minutes at 1 kHz): its
  opening, then its Race (B: the ghost plays every event before the opening at 0). EVF keeps no motion before
  the first click, so the 600k videos are shown as Records shows a recorded game (its video read off the frame);
- "600k in 1 ms": Expert with 600,000 motion events stamped in one millisecond, a second after the opening:
  its opening, `,` (an event back) twice from just after them, and a race's frames as its ghost passes them.

Each case times every frame from the one that starts it until what it started is on screen, and a few after.
Prints, per case, the median over the repeats of the worst frame's wall time and of its own CPU time (the frame
thread's: the rest of a frame's wall time went to other threads holding the interpreter, or other processes).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from bench.frames import Frames, WallClock, frame, frames_until, key, post
from game.view import screens

BURST = 600_000  # motion events in the videos with a flood of them


def board(rows: int, cols: int, mines: int, seed: int) -> tuple[frozenset[tuple[int, int]], tuple[int, int]]:
    """Mines placed at random, and a cell with none around it (the opening click)."""
    rng = random.Random(seed)
    while True:
        cells = rng.sample(range(rows * cols), mines)
        placed = frozenset((n // cols, n % cols) for n in cells)
        for row in range(rows):
            for col in range(cols):
                around = {(r, c) for r in range(row - 1, row + 2) for c in range(col - 1, col + 2)}
                if not around & placed:
                    return placed, (row, col)


def opened_by_one_click(rows: int, cols: int, mines: int):
    """A board opened by one click, then the pointer going on for a second."""
    from game.video.events import Mouse, Video

    placed, (row, col) = board(rows, cols, mines, seed=rows * cols + mines)
    video = Video(rows, cols, placed)
    x, y = col * 16 + 8, row * 16 + 8
    video.append(Mouse.MOVE, 0, x, y)
    video.append(Mouse.LEFT_PRESS, 10, x, y)
    video.append(Mouse.LEFT_RELEASE, 90, x, y)
    for n in range(100):
        video.append(Mouse.MOVE, 100 + 10 * n, (x + n) % (cols * 16), y)
    return video


def expert_with_a_burst(before_opening: bool):
    """Expert with BURST motion events: before the opening click (one a millisecond), or all in one millisecond
    a second after it; then a few clicks on safe cells."""
    from game.video.events import Mouse, Video

    rows, cols = 16, 30
    placed, (row, col) = board(rows, cols, 99, seed=7)
    video = Video(rows, cols, placed)
    x, y = col * 16 + 8, row * 16 + 8
    t = 0
    if before_opening:
        for n in range(BURST):
            video.append(Mouse.MOVE, n, (n * 7) % (cols * 16), (n * 3) % (rows * 16))
        t = BURST
    video.append(Mouse.LEFT_PRESS, t, x, y)
    video.append(Mouse.LEFT_RELEASE, t + 60, x, y)
    t += 1000
    if not before_opening:
        for n in range(BURST):
            video.append(Mouse.MOVE, t, (n * 7) % (cols * 16), (n * 3) % (rows * 16))
    safe = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in placed]
    for r, c in safe[:20]:
        t += 200
        video.append(Mouse.MOVE, t, c * 16 + 8, r * 16 + 8)
        video.append(Mouse.LEFT_PRESS, t + 50, c * 16 + 8, r * 16 + 8)
        video.append(Mouse.LEFT_RELEASE, t + 100, c * 16 + 8, r * 16 + 8)
    return video


VIDEOS = {
    "255x255": lambda: opened_by_one_click(255, 255, 100),
    "255x128, 200 mines": lambda: opened_by_one_click(128, 255, 200),
    "600k moves first": lambda: expert_with_a_burst(before_opening=True),
    "600k in 1 ms": lambda: expert_with_a_burst(before_opening=False),
}


def new_app():
    from game.shell.app import App

    app = App(clock=WallClock(), seed=11, desktop_size=(1366, 768))
    for _ in range(30):
        app.step()
    return app


def replay_shown(app) -> bool:
    scene = app.scene
    return isinstance(scene.shown, screens.Replay) and getattr(scene, "playback", None) is not None


def drop(app, path: Path) -> Frames:
    import pygame

    post(pygame.DROPFILE, file=str(path))
    return frames_until(app, lambda: replay_shown(app) and not app.scene.dirty, then=30)


def race(app) -> Frames:
    """Race (B) from Replay: the frames until the race is on screen and a few after."""
    import pygame

    app.dealer.forget_saved("the bench starts afresh")  # else the race asks first
    key(pygame.K_b)
    return frames_until(app, lambda: getattr(app.scene, "race", None) is not None, then=30)


def step_back(app) -> Frames:
    """`,` twice, from just after the burst of events: the frames that handle them."""
    import pygame

    scene = app.scene
    scene.playing = False
    scene.seek_time(1000)  # just after the burst (940 ms on the replay's clock): the second `,` steps over it
    frame(app)
    frames = Frames()
    for _ in range(2):
        key(pygame.K_COMMA)
        frames.add(frame(app))
        frames.add(frame(app))
    return frames


def race_past_the_burst(app) -> Frames:
    """A race whose player starts at once: the frames until the ghost's clock passes the burst (1 s in)."""
    import pygame

    race(app)
    scene = app.scene
    board = scene.board
    safe = next(
        (r, c)
        for r in range(board.rows)
        for c in range(board.cols)
        if not board.is_mine(r, c) and not board.is_revealed(r, c)
    )
    pos = scene.geometry.cell_rect(*safe).center
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    return frames_until(app, lambda: scene.session.elapsed > 1.3 or scene.board.state != "playing", then=5)


def watch(app, video) -> Frames:
    """Replay shown for a video already read (as Records shows a recorded game, its video read off the frame)."""
    from game.video.moves import replay_of

    replay = replay_of(video)
    app.show(screens.Replay(replay, video=video))
    return frames_until(app, lambda: replay_shown(app) and not app.scene.dirty, then=30)


def run_case(name: str, path: Path, video) -> dict[str, Frames]:
    app = new_app()
    try:
        # EVF keeps no motion before the first click: those videos are shown as a recorded game's would be
        found = {f"open {name}": drop(app, path) if name.startswith("255") else watch(app, video)}
        if name == "600k moves first":
            found[f"Race {name}"] = race(app)
        elif name == "600k in 1 ms":
            found[f"`,` {name}"] = step_back(app)
            found[f"race past {name}"] = race_past_the_burst(app)
        return found
    finally:
        app.store.flush(60)
        app.store.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", default="", help="cases by name, comma-separated")
    options = parser.parse_args()
    from game.video import encode_evf

    wanted = [name for name in VIDEOS if not options.only or name in options.only.split(",")]
    found: dict[str, list[Frames]] = {}
    with tempfile.TemporaryDirectory() as folder:
        os.environ["MINESWEEPER_HOME"] = str(Path(folder) / "home")
        paths, videos = {}, {}
        for name in wanted:
            video = videos[name] = VIDEOS[name]()
            paths[name] = Path(folder) / f"{name.replace(' ', '_').replace(',', '')}.evf"
            paths[name].write_bytes(encode_evf(video))
            print(
                f"{name}: {video.cols}x{video.rows}, {len(video.mines)} mines, {len(video):,} events, "
                f"{paths[name].stat().st_size:,} bytes of EVF",
                flush=True,
            )
        for _ in range(options.repeats):
            for name in wanted:
                for case, frames in run_case(name, paths[name], videos[name]).items():
                    found.setdefault(case, []).append(frames)
    print(f"\nworst frame of each case, median of {options.repeats} (wall ms / the frame thread's CPU ms):")
    for case, runs in found.items():
        wall = statistics.median(f.worst for f in runs)
        cpu = statistics.median(f.worst_cpu for f in runs)
        print(f"  {case:<32} {wall:8.1f} ms wall  {cpu:8.1f} ms CPU   ({', '.join(f'{f.worst:.0f}' for f in runs)})")
    return 0


if __name__ == "__main__":
    started = time.perf_counter()
    code = main()
    print(f"({time.perf_counter() - started:.0f} s)")
    raise SystemExit(code)
