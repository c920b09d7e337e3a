"""Benchmark how well input is stamped: the real game in Xvfb, its mouse moved by one xdotool process at known
intervals (xdotool's own sleeps between moves), and the gaps between the recorded video's stamps compared with
those intervals. Prints the median and the 95th percentile of |stamp gap - sent gap| in ms, and the stamps'
resolution (the smallest non-zero gap seen). Needs Xvfb and xdotool.

Run: python -m bench.stamps [--against DIR]   (DIR: another checkout, timed the same way, in turns)
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.xserver import start_xvfb

ROOT = Path(__file__).resolve().parent.parent
WM_CLASS = "minesweeper-bench"
MOVES = 120


def xdotool(display: str, *args: str) -> str:
    done = subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=display), capture_output=True, text=True)
    return done.stdout.strip()


def wait_for(predicate, timeout=20.0, interval=0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    return None


def plan() -> tuple[dict, set]:
    """The window's cells and the mines of beginner seed 3 after the opening click (worked out headless)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as home:
        os.environ["MINESWEEPER_HOME"] = home
        import pygame

        from game.shell.app import App
        from tests.driver import Driver, FakeClock

        app = App(clock=FakeClock(), seed=3, desktop_size=(1366, 768))
        driver = Driver(app)
        driver.click_button(app.scene.difficulty_buttons["beginner"])
        centre = {(r, c): driver.cell_pos(r, c) for r in range(9) for c in range(9)}
        driver.click_cell(4, 4)
        mines = set(app.scene.board.mine_cells())
        app.store.close()
        pygame.quit()
    return centre, mines


def run(checkout: Path, display: str, centre: dict, mines: set, seed: int) -> list[float]:
    """One game: the errors |stamp gap - sent gap| (ms) of the moves."""
    home = tempfile.mkdtemp()
    env = dict(os.environ, DISPLAY=display, SDL_VIDEO_X11_WMCLASS=WM_CLASS, SDL_AUDIODRIVER="dummy")
    env["MINESWEEPER_HOME"] = home
    env.pop("SDL_VIDEODRIVER", None)
    env["PYTHONPATH"] = str(checkout)
    game = subprocess.Popen(
        [sys.executable, str(checkout / "main.py"), "--difficulty", "beginner", "--seed", "3"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        window = wait_for(lambda: xdotool(display, "search", "--classname", WM_CLASS).split("\n")[0])
        readings: list = []

        def settled():
            out = xdotool(display, "getwindowgeometry", "--shell", window)
            values = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
            keys = ("X", "Y", "WIDTH", "HEIGHT")
            readings.append(tuple(int(values[key]) for key in keys) if values else None)
            last = readings[-2:]
            if len(last) < 2 or last[0] != last[1] or not last[1] or max(last[1][2:]) >= 600:
                return None
            return last[1] if abs(2 * last[1][0] + last[1][2] - 1366) <= 2 else None

        # the menu's size, then the board's, then moved to the middle: wait for the last, seen twice running
        x0, y0, _, _ = wait_for(settled, timeout=120, interval=0.5)
        time.sleep(0.5)

        def at(cell):
            return [str(x0 + centre[cell][0]), str(y0 + centre[cell][1])]

        rng = random.Random(seed)
        xdotool(display, "mousemove", *at((4, 4)), "click", "1")
        time.sleep(0.3)
        # the moves, in one xdotool process: its sleeps are the intervals sent
        chain: list[str] = []
        gaps = []
        for n in range(MOVES):
            gap = rng.uniform(0.005, 0.045)
            gaps.append(gap * 1000)
            cell = (n % 9, (n * 4) % 9)
            chain += ["mousemove", *at(cell), "sleep", f"{gap:.4f}"]
        xdotool(display, *chain)
        for cell in sorted(centre):
            if cell not in mines:
                xdotool(display, "mousemove", *at(cell), "click", "1")

        def recorded():
            db = sqlite3.connect(f"file:{Path(home) / 'minesweeper.db'}?mode=ro", uri=True)
            try:
                return db.execute("SELECT moves, id FROM games WHERE won = 1").fetchone()
            except sqlite3.Error:
                return None
            finally:
                db.close()

        row = wait_for(recorded, timeout=30)
    finally:
        game.terminate()
        game.wait(timeout=20)
    if row is None:
        raise SystemExit(f"{checkout}: the game was not recorded")
    sys.path.insert(0, str(ROOT))
    from game.store.games import replay_text
    from game.video.events import Mouse
    from game.video.packed import split_log, unpack

    _, data = split_log(replay_text(row[0], row[1]) or "")
    video = unpack(data, 9, 9, frozenset(mines))
    release = list(video.kinds).index(Mouse.LEFT_RELEASE)
    moves = [video.times[n] for n in range(release + 1, len(video)) if video.kinds[n] == Mouse.MOVE][: MOVES + 1]
    # move n+1 was sent gaps[n] after move n
    return [abs((b - a) - gap) for a, b, gap in zip(moves, moves[1:], gaps)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, help="another checkout, timed the same way in turns")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    started = start_xvfb()
    if started is None:
        raise SystemExit("Xvfb did not start")
    xvfb, display = started
    try:
        centre, mines = plan()
        checkouts = [ROOT] + ([args.against.resolve()] if args.against else [])
        errors: dict[Path, list[float]] = {c: [] for c in checkouts}
        for run_number in range(args.runs):
            for checkout in checkouts:
                errors[checkout] += run(checkout, display, centre, mines, run_number)
        for checkout, found in errors.items():
            found.sort()
            p95 = found[int(0.95 * (len(found) - 1))]
            print(
                f"{checkout}: |stamp gap - sent gap| median {statistics.median(found):.1f} ms, 95th percentile "
                f"{p95:.1f} ms, max {found[-1]:.1f} ms ({len(found)} gaps of {args.runs} games)"
            )
    finally:
        xvfb.terminate()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
