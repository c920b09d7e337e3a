"""Benchmark input at a mouse's polling rate: the real app headless, an Expert game under way, the mouse moved
over the board at 1,000, 4,000 and 8,000 motions a second for 60 s of a made-up clock (each stamped as it
comes, as the real clock stamps them while it waits for the next frame), then 2 s without input. Each rate runs
in a process of its own. Prints, for each rate: the lag (the age of the oldest event still waiting when a frame
ends: median and worst over the frames, and at the end of the quiet 2 s), how long the events handled had
waited (median and worst), the events waiting at the end of the motion, the process's memory (resident, before
the motion and at its end), the motions sent and the video's events recorded meanwhile, and the frames' own CPU
time (median and p99).

Run: python -m bench.input_rate [--rates 1000,4000,8000] [--seconds 60]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUIET_SECONDS = 2.0


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def one_rate(rate: int, seconds: float) -> dict:
    """Runs in its own process: the figures for one rate."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["MINESWEEPER_HOME"] = tempfile.mkdtemp()
    sys.path.insert(0, str(ROOT))
    import pygame

    from game import config
    from game.shell.app import App
    from tests.driver import Driver, FakeClock

    class MouseClock(FakeClock):
        """A frame's motions, each stamped when it came (as SystemClock does while it waits for the frame)."""

        def __init__(self) -> None:
            super().__init__()
            self.rate = 0
            self.sent = 0
            self.angle = 0.0
            self.centre = (0, 0)
            self.radius = 1

        def arrived(self):
            if not self.rate:
                return []
            due = int(self.now * self.rate)
            events = []
            for n in range(self.sent, due):
                self.angle += 0.002
                x = self.centre[0] + round(self.radius * math.cos(self.angle))
                y = self.centre[1] + round(self.radius * math.sin(self.angle))
                event = pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
                event.t_ms = n * 1000 // self.rate
                events.append(event)
            self.sent = max(self.sent, due)
            return events

    clock = MouseClock()
    app = App(clock=clock, seed=7, desktop_size=(1920, 1080), difficulty="expert")
    driver = Driver(app, patient=False)
    driver.frames(2)
    driver.click_cell(8, 15)  # the video starts at the first press on the board
    rect = app.scene.geometry.view
    clock.centre, clock.radius = rect.center, min(rect.w, rect.h) // 3

    def waiting_age() -> int:
        backlog = app._backlog
        if not backlog:
            return 0
        oldest = backlog.oldest_ms() if hasattr(backlog, "oldest_ms") else backlog[0].t_ms
        return clock.now_ms() - oldest

    handled_waits = []
    dispatch = app._dispatch

    def timed_dispatch(event):
        handled_waits.append(clock.now_ms() - min([event.t_ms, *(t for t, _ in getattr(event, "trail", ()))]))
        dispatch(event)

    app._dispatch = timed_dispatch
    before = rss_mb()
    clock.sent = first = int(clock.now * rate)
    clock.rate = rate
    recorded = len(app.scene.session.video)
    lags, cpu = [], []
    end = clock.now + seconds
    while clock.now < end:
        began = time.process_time()
        app.step()
        cpu.append((time.process_time() - began) * 1000)
        lags.append(waiting_age())
    waiting_at_end, after = len(app._backlog), rss_mb()
    clock.rate = 0
    for _ in range(round(QUIET_SECONDS / config.STEP)):
        app.step()
    cpu.sort()
    video = app.scene.session.video
    figures = {
        "rate": rate,
        "lag_median_ms": statistics.median(lags),
        "lag_worst_ms": max(lags),
        "lag_after_quiet_ms": waiting_age(),
        "handled_wait_median_ms": statistics.median(handled_waits),
        "handled_wait_worst_ms": max(handled_waits),
        "waiting_at_end": waiting_at_end,
        "waiting_after_quiet": len(app._backlog),
        "rss_before_mb": before,
        "rss_after_mb": after,
        "video_events": len(video) - recorded,
        "sent": clock.sent - first,
        "frame_cpu_median_ms": statistics.median(cpu),
        "frame_cpu_p99_ms": cpu[int(len(cpu) * 0.99)],
    }
    app.store.close()
    pygame.quit()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rates", default="1000,4000,8000")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # a rate, in the child
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one_rate(args.one, args.seconds)))
        return
    print(f"motion over an Expert board for {args.seconds:g} s of made-up time, then {QUIET_SECONDS:g} s quiet")
    print(
        f"{'rate/s':>7} {'lag med':>8} {'lag max':>8} {'lag quiet':>9} {'wait med':>8} {'wait max':>8} "
        f"{'waiting':>8} {'RSS before':>10} "
        f"{'RSS after':>9} {'video':>8} {'sent':>8} {'cpu med':>8} {'cpu p99':>8}"
    )
    for rate in (int(r) for r in args.rates.split(",")):
        done = subprocess.run(
            [sys.executable, "-m", "bench.input_rate", "--one", str(rate), "--seconds", str(args.seconds)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        f = json.loads(done.stdout.strip().splitlines()[-1])
        print(
            f"{f['rate']:>7} {f['lag_median_ms']:>6.0f}ms {f['lag_worst_ms']:>6.0f}ms "
            f"{f['lag_after_quiet_ms']:>7.0f}ms {f['handled_wait_median_ms']:>6.0f}ms "
            f"{f['handled_wait_worst_ms']:>6.0f}ms "
            f"{f['waiting_at_end']:>8} {f['rss_before_mb']:>8.0f}MB {f['rss_after_mb']:>7.0f}MB "
            f"{f['video_events']:>8} {f['sent']:>8} "
            f"{f['frame_cpu_median_ms']:>6.2f}ms {f['frame_cpu_p99_ms']:>6.2f}ms",
            flush=True,
        )


if __name__ == "__main__":
    main()
