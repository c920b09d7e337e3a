"""Benchmark racing a video's ghost in the app (headless, the dummy video driver: our code and SDL's software
blitter, no GPU):

- the ghost's cost a frame: the painter's own work (moving the ghost on the race's clock, putting back the cells
  under its last place, drawing it and its clock), and whole frames of an Expert race against the same frames
  of the same board played without a ghost, run in turns;
- the start of a race: from the key (B) in Replay to the first frame of play drawn, against the start of the
  same board without a ghost (what "Same board" does), in turns.

The ghost is an Expert game (or, with --huge, 100 x 100) whose pointer moves at 125 Hz between its clicks, as a
speed-runner's does. Prints medians.

Run: python -m bench.race [--frames 600] [--runs 5] [--huge]
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from bench.timing import percentile
from game.video.events import Mouse, Video
from game.view import screens

EXPERT = (16, 30, 99)
HUGE = (100, 100, 1500)
MOTION_MS = 8  # the ghost's pointer reports its place this often between clicks


def ghost_video(rows: int, cols: int, mines: int) -> Video:
    """A won game whose pointer glides from click to click, reporting every MOTION_MS."""
    from tests.video.games import won_video

    clicks = won_video(rows, cols, mines, gap_ms=360)
    video = Video(rows, cols, clicks.mines)
    last = None
    for n in range(len(clicks)):
        kind, t, x, y = Mouse(clicks.kinds[n]), clicks.times[n], clicks.xs[n], clicks.ys[n]
        if kind == Mouse.MOVE and last is not None:
            t0, x0, y0 = last
            for step in range(t0 + MOTION_MS, t, MOTION_MS):
                share = (step - t0) / (t - t0)
                video.append(Mouse.MOVE, step, round(x0 + (x - x0) * share), round(y0 + (y - y0) * share))
        video.append(kind, t, x, y)
        last = (t, x, y)
    return video


def new_app():
    from game.shell.app import App
    from tests.driver import FakeClock

    app = App(clock=FakeClock(), seed=3, desktop_size=(1366, 768))
    pygame.event.clear()
    app.step()
    return app


def timed_painter(app, spent: list[float]) -> None:
    """Count the time the ghost's painter takes in each frame (update and draw) into `spent`."""
    painter = app.scene.ghost
    for name in ("update", "draw", "draw_all"):
        original = getattr(painter, name)

        def timed(*args, _original=original, **kwargs):
            started = time.perf_counter()
            try:
                return _original(*args, **kwargs)
            finally:
                spent[-1] += time.perf_counter() - started

        setattr(painter, name, timed)


def frames(app, count: int, spent: list[float] | None = None, moving: bool = False) -> list[float]:
    """Milliseconds of each of `count` frames (app.step), the clock running; `moving`: the player's pointer
    moves over the board's cells, one a frame (what a frame that draws costs without a ghost)."""
    took = []
    g = app.scene.geometry
    for n in range(count):
        if spent is not None:
            spent.append(0.0)
        if moving:
            pos = g.cell_rect(n % g.rows, (n // g.rows) % g.cols).center
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        started = time.perf_counter()
        app.step()
        took.append((time.perf_counter() - started) * 1000)
    return took


def start_game(app, video, race: bool):
    """Put a game of the video's board on show (with its ghost, or not), opened and started by a click."""
    from game.play.race import Race
    from game.video.ghost import opening_cell

    first = opening_cell(video)
    session, first = app.dealer.from_video(video, first)
    app.show(screens.Playing(session=session, made_click=first, race=Race(video) if race else None))
    app.step()
    app.step()
    board = app.scene.board
    safe = next(
        (r, c)
        for r in range(board.rows)
        for c in range(board.cols)
        if not board.is_mine(r, c) and not board.is_revealed(r, c)
    )
    pos = app.scene.geometry.cell_rect(*safe).center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.step()
    assert app.scene.session.clock_running
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0)))
    app.step()  # the player's pointer off the board: the frames after are the ghost's alone


def settle(app) -> None:
    """Let the race's figures and the records' writer finish (their threads share the interpreter: they would
    slow the next runs), and collect the garbage left (else a collection lands in the next run, whichever)."""
    race = getattr(app.scene, "race", None)
    app.step()
    if race is not None:
        race.wait(60)
    app.store.flush(60)
    gc.collect()


def frame_costs(video, count: int, runs: int) -> None:
    app = new_app()
    took: dict[tuple[bool, bool], list[float]] = {(r, m): [] for r in (True, False) for m in (False, True)}
    painter: list[float] = []
    try:
        for _ in range(runs):
            for race, moving in took:
                start_game(app, video, race=race)
                settle(app)
                spent: list[float] | None = None
                if race:
                    spent = []
                    timed_painter(app, spent)
                took[race, moving] += frames(app, count, spent, moving)
                if spent is not None:
                    painter += spent
    finally:
        app.store.close()
    print(f"  the ghost's painter a frame (update and draw): median {statistics.median(painter) * 1e6:.0f} us")
    for moving in (False, True):
        race, plain = statistics.median(took[True, moving]), statistics.median(took[False, moving])
        p99s = [percentile(took[ghost, moving], 0.99) for ghost in (True, False)]
        pointer = "the player's pointer moving over the cells" if moving else "the player's pointer still"
        print(
            f"  a whole frame, {pointer}: median {race:.3f} ms racing, {plain:.3f} ms without a ghost "
            f"(x{race / plain:.2f}); p99 {p99s[0]:.2f} and {p99s[1]:.2f} ms; {runs} x {count} frames each, in turns"
        )


def start_costs(video, runs: int) -> None:
    """Milliseconds from the key in Replay to the first frame of play drawn, racing or not: on the wall clock,
    and of the process's CPU (which a busy machine's other work does not inflate)."""
    from game.model.replay.replay import Replay

    app = new_app()
    mines = sorted(video.mines)
    replay = Replay(video.rows, video.cols, len(mines), 0, "opening", False, mines, [], 0)
    took: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
    from game.video.ghost import opening_cell

    first = opening_cell(video)  # the same board knows its first click: it is not looked for in its start
    try:
        for _ in range(runs):
            for race in (True, False):
                app.show(screens.Replay(replay=replay, video=video))
                app.step()
                app.step()
                app.dealer.forget_saved("the bench starts afresh")  # (the game left) else the race asks first
                app.store.flush(60)  # the records' writer idle, its thread not competing with the run
                started, cpu = time.perf_counter(), time.process_time()
                if race:
                    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b"))
                else:  # the same board without its ghost, as "Same board" starts it
                    session, cell = app.dealer.from_video(video, first)
                    app.show(screens.Playing(session=session, made_click=cell))
                app.step()  # the key handled and the scene switched (the first click made on entering)
                app.step()  # the first frame of play drawn
                took[race].append(((time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000))
                assert isinstance(app.scene.shown, screens.Playing) and (app.scene.race is not None) == race
                settle(app)
    finally:
        app.store.close()
    for n, clock in enumerate(("wall clock", "CPU")):
        race, same = (statistics.median(t[n] for t in took[ghost]) for ghost in (True, False))
        print(
            f"  start of a race (key to first frame), {clock}: median {race:.1f} ms; the same board without a "
            f"ghost {same:.1f} ms (x{race / same:.2f}; {runs} each, in turns)"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--huge", action="store_true", help="a 100 x 100 board rather than Expert")
    options = parser.parse_args()
    rows, cols, mines = HUGE if options.huge else EXPERT
    video = ghost_video(rows, cols, mines)
    print(f"race against a {cols} x {rows} ghost ({len(video):,} events), window for a 1366 x 768 screen:")
    frame_costs(video, options.frames, options.runs)
    start_costs(video, max(10, options.runs * 4))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
