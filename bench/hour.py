"""An hour of 1,000 Hz mouse motion through the real app (python -m bench.hour): frames run back to
back on a simulated clock, each handed the motion of its 16.7 ms as the app's clock hands over the events it
stamped while it waited; a right click every 10 s of it (a flag, then off: moves, so the game is saved as it
goes). Then the player leaves (the save), resumes (the chunks read back off the frame) and finishes the game
(the record, and the figures of an hour's video worked out off the frame). Every frame's working time."""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.view import screens

STEP = 1 / 60  # game.config.STEP, read again when the game is imported (a checkout's own)
CLICK_EVERY_MS = 10_000


class SimulatedClock:
    """The app's clock with time made up: each frame lasts a step, never waits, and hands over the events
    queued for it (stamped, as SystemClock stamps what comes while it waits)."""

    def __init__(self) -> None:
        self.ms = 0.0
        self.coming: list[pygame.event.Event] = []

    def tick(self) -> float:
        self.ms += STEP * 1000
        return STEP

    def now_ms(self) -> int:
        return int(self.ms)

    def arrived(self) -> list[pygame.event.Event]:
        events, self.coming = self.coming, []
        return events

    def idle(self, timeout: float) -> list[pygame.event.Event]:
        return []


def event(kind: int, t_ms: int, **attrs: object) -> pygame.event.Event:
    made = pygame.event.Event(kind, **attrs)
    made.t_ms = t_ms
    return made


CPU: list[float] = []  # each frame's processor time on the frame's thread, beside its wall time
PROCESS: list[float] = []  # each frame's processor time in the whole process (the writer's thread too)


def timed_frame(app, times: list[float]) -> None:
    """One frame: its wall time in `times` (what a player waits; on a loaded machine it holds the time other
    processes ran), its processor time on this thread in CPU (what the frame itself cost) and in the whole
    process in PROCESS (a frame long in wall time whose process hardly ran waited for the machine)."""
    started, cpu, process = time.perf_counter(), time.thread_time(), time.process_time()
    app.step()
    CPU.append((time.thread_time() - cpu) * 1000)
    PROCESS.append((time.process_time() - process) * 1000)
    times.append((time.perf_counter() - started) * 1000)


class Player:
    """The player at the real app: clicks and keys queued for the next frame, stamped with its time."""

    def __init__(self, app, clock: SimulatedClock):
        self.app, self.clock = app, clock

    def at(self, cell: tuple[int, int]) -> tuple[int, int]:
        return self.app.scene.geometry.cell_rect(*cell).center

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        t = self.clock.now_ms()
        self.clock.coming += [
            event(pygame.MOUSEMOTION, t, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            event(pygame.MOUSEBUTTONDOWN, t, pos=pos, button=button),
            event(pygame.MOUSEBUTTONUP, t, pos=pos, button=button),
        ]

    def key(self, key: int) -> None:
        self.clock.coming.append(event(pygame.KEYDOWN, self.clock.now_ms(), key=key, mod=0, unicode="", scancode=0))

    def frames_until(self, done: Callable[[], bool], times: list[float], then: int = 10) -> None:
        while not done():
            timed_frame(self.app, times)
        for _ in range(then):
            timed_frame(self.app, times)


def move_on(player: Player, minutes: float) -> list[float]:
    """`minutes` of motion at 1,000 Hz across the board, a hand's jittery walk (as bench.recording's `hand`:
    a straight line would pack far smaller than a player's motion) kept inside the board, and a right click on
    a covered cell every 10 s: the frames' working times."""
    clock, scene = player.clock, player.app.scene
    view, board = scene.geometry.view, scene.board
    flag_cell = next((r, c) for r in range(board.rows) for c in range(board.cols) if not board.is_revealed(r, c))
    times: list[float] = []
    end = clock.ms + minutes * 60_000
    t = int(clock.ms)
    next_click = t + CLICK_EVERY_MS
    rng = random.Random(1)
    x, y, dx, dy = float(view.centerx), float(view.centery), 0.0, 0.0
    while clock.ms < end:
        due = int(clock.ms + STEP * 1000)
        while t < due:
            dx, dy = 0.95 * dx + rng.gauss(0, 0.8), 0.95 * dy + rng.gauss(0, 0.8)
            x, y = x + dx, y + dy
            if not view.left + 2 < x < view.right - 2:
                dx, x = -dx, min(max(x, view.left + 3), view.right - 3)
            if not view.top + 2 < y < view.bottom - 2:
                dy, y = -dy, min(max(y, view.top + 3), view.bottom - 3)
            clock.coming.append(event(pygame.MOUSEMOTION, t, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0)))
            t += 1
        if t >= next_click:
            next_click += CLICK_EVERY_MS
            player.click(player.at(flag_cell), button=3)
        timed_frame(player.app, times)
    if board.is_flagged(*flag_cell):
        player.click(player.at(flag_cell), button=3)
        timed_frame(player.app, times)
    return times


def leave(player: Player) -> list[float]:
    """Esc, then Leave: the frames until the save is written."""
    app, times = player.app, []
    player.key(pygame.K_ESCAPE)
    timed_frame(app, times)
    player.click(app.overlays[-1].yes.rect.center)
    player.frames_until(lambda: isinstance(app.scene.shown, screens.Menu) and app.store._writer.waiting == 0, times)
    return times


def resume(player: Player, took: list[float]) -> list[float]:
    """Resume: the frames until the game is back (its chunks read off the frame); how long that took, in `took`."""
    from game.scenes.playing import PlayingScene

    app, times = player.app, []
    player.click(app.scene.resume.rect.center)
    began = time.perf_counter()
    player.frames_until(lambda: isinstance(app.scene, PlayingScene), times, then=0)
    took.append(time.perf_counter() - began)
    player.frames_until(lambda: True, times)
    return times


def finish(player: Player, took: list[float]) -> list[float]:
    """Every safe cell clicked: the frames until the game is recorded and its figures worked out; how long the
    figures took after the last click, in `took`."""
    scene, times = player.app.scene, []
    board = scene.board
    for cell in [(r, c) for r in range(board.rows) for c in range(board.cols) if not board.is_mine(r, c)]:
        if not board.is_revealed(*cell):
            player.click(player.at(cell))
            timed_frame(player.app, times)
    began = time.perf_counter()
    job = scene.session.figures_job
    player.frames_until(lambda: job is not None and job.done, times, then=30)
    took.append(time.perf_counter() - began)
    return times


def report(name: str, times: list[float], cpu: list[float], process: list[float]) -> None:
    """A phase's frames: median, p99 and worst wall time; the worst processor time of one on the frame's thread
    (`cpu`), and of the frames over 50 ms, those whose process ran less than half their time (`process`: the
    processor time of all its threads), which waited for the machine's other work, not for the game's."""
    ordered = sorted(times)
    p99 = ordered[int(0.99 * (len(ordered) - 1))]
    over = [n for n, t in enumerate(times) if t > 50]
    waited = sum(1 for n in over if process[n] < times[n] / 2)
    print(
        f"  {name}: {len(times):,} frames, median {statistics.median(times):.2f} ms, p99 {p99:.2f} ms, "
        f"worst {ordered[-1]:.1f} ms ({len(over)} over 50 ms, {waited} of them with the process off the processor"
        f" more than half the time); processor time on the frame's thread: median {statistics.median(cpu):.2f} ms,"
        f" worst {max(cpu):.1f} ms"
    )


def phase(name: str, run: Callable[[], list[float]]) -> list[float]:
    """Run a phase's frames and report them."""
    CPU.clear()
    PROCESS.clear()
    times = run()
    report(name, times, CPU, PROCESS)
    return times


def chunk_bytes_on_disk(home: str) -> tuple[int, int]:
    """The video chunks' packed bytes and events in the records (none in a checkout from before chunks)."""
    import sqlite3

    db = sqlite3.connect(f"file:{Path(home) / 'minesweeper.db'}?mode=ro", uri=True)
    try:
        row = db.execute("SELECT SUM(LENGTH(data)), SUM(events) FROM video_chunks").fetchone()
    except sqlite3.Error:
        row = None
    finally:
        db.close()
    return (row[0] or 0, row[1] or 0) if row else (0, 0)


def an_hour(minutes: float) -> int:
    global STEP
    with tempfile.TemporaryDirectory() as home:
        os.environ["MINESWEEPER_HOME"] = home
        from game import config
        from game.shell.app import App

        STEP = config.STEP
        clock = SimulatedClock()
        app = App(clock=clock, seed=7, difficulty="expert", desktop_size=(1366, 768))
        app.step()
        player = Player(app, clock)
        player.click(player.at((8, 15)))
        app.step()
        started = time.perf_counter()
        recording = phase("recording", lambda: move_on(player, minutes))
        took = time.perf_counter() - started
        session = app.scene.session
        events = len(session.video)
        sealed = getattr(session, "sealed", None)  # (a checkout from before chunks has none)
        written = f", {sealed.events:,} of them written in {sealed.chunks} chunks as they came" if sealed else ""
        print(
            f"{minutes:g} minutes of 1,000 Hz motion through the app, in {took:.0f} s: {events:,} events recorded"
            f"{written}; per event: {took / events * 1e6:.1f} us of the whole run, {sum(CPU) / events * 1000:.1f} us"
            f" of the frame thread's processor time (frames back to back: {len(recording):,} frames in {took:.0f} s)"
        )
        phase("leaving (the save)", lambda: leave(player))
        saved = app.store.load_resume()
        characters = len(str(saved.extra)) if saved else 0
        packed, chunked = chunk_bytes_on_disk(home)
        print(
            f"the save as the player leaves: {characters:,} characters of details ({characters / events:.2f} per event"
            f" of the game's); its chunks: {packed:,} bytes for {chunked:,} events"
            f" ({packed / max(chunked, 1):.2f} bytes per event)"
        )
        resumed: list[float] = []
        phase("resuming", lambda: resume(player, resumed))
        took = resumed[0]
        print(f"resumed in {took:.2f} s: {len(app.scene.session.video):,} events back, read off the frame")
        finished: list[float] = []
        phase("finishing (the record, the figures)", lambda: finish(player, finished))
        took = finished[0]
        print(f"won; the figures of its {len(app.scene.session.video):,} events came {took:.1f} s later, off the frame")
        app.store.close()
        pygame.quit()
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0, help="minutes of motion (60: the hour)")
    parser.add_argument("--checkout", type=Path, help="another checkout's game, for a baseline run in turns")
    args = parser.parse_args()
    if args.checkout:
        sys.path.insert(0, str(args.checkout.resolve()))
    return an_hour(args.minutes)


if __name__ == "__main__":
    raise SystemExit(main())
