"""Benchmark the game app: start-up, frame times, idle CPU and click-to-screen latency. Prints figures.

Run: python -m bench.app [--quick] [--against DIR] [--startup-only]
(--against: e.g. `git worktree add /tmp/old COMMIT`, then `--against /tmp/old` times both start-ups in turns)
Uses the dummy video driver, so the figures are of our code and SDL's software blitter, not a GPU.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.xserver import start_xvfb

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent

# The first frame is on screen when the first flip returns (the sound device opens after it, in the same step).
STARTUP_GAME = """
import time, sys
sys.path.insert(0, {root!r})
import pygame
shown = []
flip = pygame.display.flip
def timed_flip():
    flip()
    shown.append(time.perf_counter())
pygame.display.flip = timed_flip
try:
    from game.shell.app import App
except ImportError:  # a checkout from before game/ was grouped by layer (--against an older commit)
    from game.app import App
app = App()
app.step()
print("FIRST_FRAME", shown[0])
"""
STARTUP_BARE = """
import time
import pygame
pygame.display.init()
screen = pygame.display.set_mode((440, 600))
pygame.display.flip()
print("FIRST_FRAME", time.perf_counter())
"""

IDLE = """
import sys, time, threading, os
sys.path.insert(0, {root!r})
import pygame
from game.shell.app import App
from game.model import Move
app = App(seed=5, difficulty="expert" if {midgame!r} else None)
app.step()
if {midgame!r}:
    app.scene.apply(Move("reveal", 8, 15))
for _ in range(30):
    app.step()
end = time.monotonic() + {warmup}
while time.monotonic() < end:
    app.step()
cpu0, wall0 = time.process_time(), time.monotonic()
end = wall0 + {seconds}
while time.monotonic() < end:
    app.step()
print("IDLE", (time.process_time() - cpu0) / (time.monotonic() - wall0) * 100, app.frames)
"""


def median(values):
    return statistics.median(values)


def run_python(code, home=None):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    if home is not None:  # a records folder of the benchmark's own, never the player's
        env["MINESWEEPER_HOME"] = str(home)
    # A player's Python caches compiled modules after the first start; measure that, not recompiling.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    return start, out


def startup(runs, against=None):
    """Wall time from launching the interpreter to the first frame on screen, game vs bare pygame, and vs the
    game in another checkout (against: a folder, e.g. a git worktree of an older commit) when given.

    All are run in turns, so a busy spell on this shared machine slows them alike. Each checkout starts on a
    records folder of its own (an older game would set a newer records file aside)."""
    codes = {"bare pygame": STARTUP_BARE, "game": STARTUP_GAME.format(root=str(ROOT))}
    if against is not None:
        codes["other checkout"] = STARTUP_GAME.format(root=str(Path(against).resolve()))
    with tempfile.TemporaryDirectory() as tmp:
        homes = {name: Path(tmp, str(n)) for n, name in enumerate(codes)}
        for name, code in codes.items():
            run_python(code, homes[name])  # warm up: the bytecode cache, the OS file cache, the records file
        times = {name: [] for name in codes}
        for _ in range(runs):
            for name, code in codes.items():
                start, out = run_python(code, homes[name])
                first = float(next(line for line in out.splitlines() if line.startswith("FIRST_FRAME")).split()[1])
                times[name].append(first - start)
    game, bare = median(times["game"]), median(times["bare pygame"])
    pairs = median([g / b for g, b in zip(times["game"], times["bare pygame"])])
    print(
        f"start-up to first frame: game {game * 1000:.0f} ms, bare import pygame + set_mode {bare * 1000:.0f} ms, "
        f"ratio {game / bare:.2f}x (medians of {runs} runs in turns; median ratio of a pair {pairs:.2f}x)"
    )
    if against is not None:
        other = median(times["other checkout"])
        pairs = median([g / o for g, o in zip(times["game"], times["other checkout"])])
        print(
            f"start-up to first frame: this checkout {game * 1000:.0f} ms, {against} {other * 1000:.0f} ms, "
            f"ratio {game / other:.2f}x (median ratio of a pair {pairs:.2f}x)"
        )


def frame_times(repeats):
    import pygame

    from game.model import Move
    from game.shell.app import App
    from game.view import screens
    from tests.driver import FakeClock

    app = App(clock=FakeClock(), seed=11, desktop_size=(1366, 768))
    for label, (rows, cols, mines) in (("Expert 30x16 @32px", (16, 30, 99)), ("100x100 @16px", (100, 100, 1500))):
        app.show(screens.Playing(session=app.dealer.new(rows, cols, mines)))
        app.step()
        scene = app.scene
        opened = _play_half(scene, Move)
        app.step()
        screen = pygame.display.get_surface()
        repaint, changed_only, whole, full, typical = [], [], [], [], []
        for _ in range(repeats):
            scene.screen.renderer.invalidate()
            t0 = time.perf_counter()
            scene.screen.renderer.refresh(scene.screen.looks)
            changed_only.append(time.perf_counter() - t0)
            scene.screen.renderer.invalidate(full=True)
            t0 = time.perf_counter()
            scene.screen.renderer.refresh(scene.screen.looks)
            t1 = time.perf_counter()
            scene.invalidate()
            t2 = time.perf_counter()
            scene.draw(screen)
            pygame.display.flip()
            t3 = time.perf_counter()
            scene.invalidate()
            scene.screen.renderer.invalidate(full=True)
            t4 = time.perf_counter()
            scene.draw(screen)
            pygame.display.flip()
            t5 = time.perf_counter()
            repaint.append(t1 - t0)
            whole.append(t3 - t2)
            full.append(t5 - t4)
        covered = [(r, c) for r in range(rows) for c in range(cols) if not scene.board.is_revealed(r, c)]
        for i in range(repeats):
            # a typical frame: the pointer moves from one covered cell to the next (two tiles change)
            cell = covered[i % len(covered)]
            t0 = time.perf_counter()
            scene.handle(
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=scene.geometry.cell_rect(*cell).center, rel=(0, 0), buttons=(0, 0, 0)
                )
            )
            scene.draw(screen)
            pygame.display.flip()
            typical.append(time.perf_counter() - t0)
        print(
            f"{label}, {opened} of {rows * cols} cells open (medians of {repeats}):\n"
            f"    whole window redrawn from the board surface: {median(whole) * 1000:.3f} ms\n"
            f"    board surface repainted tile by tile:        {median(repaint) * 1000:.3f} ms\n"
            f"    board checked after invalidate, none differ: {median(changed_only) * 1000:.3f} ms\n"
            f"    whole frame with every tile repainted:       {median(full) * 1000:.3f} ms\n"
            f"    typical frame (the pointer moves a cell):    {median(typical) * 1000:.3f} ms"
        )


def _play_half(scene, Move):
    """A mid-game board: the opening click, then every safe cell in the left half opened (and no animation
    holding tiles back), so a repaint has numbers, blanks and covered cells to draw, as in a real game."""
    board = scene.board
    scene.apply(Move("reveal", board.rows // 2, board.cols // 2))
    for row in range(board.rows):
        for col in range(board.cols // 2):
            if not board.is_mine(row, col) and not board.is_revealed(row, col):
                scene.apply(Move("reveal", row, col))
    scene.animations.finish()
    opened = sum(board.is_revealed(r, c) for r in range(board.rows) for c in range(board.cols))
    return opened


def click_latency(repeats):
    """Frames from a posted click to the frame whose board shows the opened cell."""
    import pygame

    from game.shell.app import App
    from game.view.sheet import Tile
    from tests.driver import FakeClock

    frames_needed, frame_ms = [], []
    for seed in range(repeats):
        pygame.event.clear()
        app = App(clock=FakeClock(), seed=seed, desktop_size=(1366, 768), difficulty="expert")
        app.step()
        scene = app.scene
        pos = scene.geometry.cell_rect(8, 15).center
        for event_type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(event_type, pos=pos, button=1))
        for frame in range(1, 10):
            t0 = time.perf_counter()
            app.step()
            elapsed = time.perf_counter() - t0
            if scene.screen.renderer.tile_at(8, 15) is not Tile.COVERED:
                frames_needed.append(frame)
                frame_ms.append(elapsed * 1000)
                break
    print(
        f"posted click -> shown: in frame {max(frames_needed)} at worst (median {median(frames_needed)}), "
        f"that frame took {median(frame_ms):.2f} ms median (opening click on Expert, {repeats} boards)"
    )


def idle_cpu(seconds, warmup):
    for label, midgame in (("menu", False), ("mid-game Expert", True)):
        with tempfile.TemporaryDirectory() as home:
            code = IDLE.format(root=str(ROOT), midgame=midgame, seconds=seconds, warmup=warmup)
            _, out = run_python(code, home)
        line = next(line for line in out.splitlines() if line.startswith("IDLE"))
        _, percent, frames = line.split()
        print(f"idle CPU at the {label}: {float(percent):.2f}% of a core over {seconds:.0f} s ({frames} frames in all)")


def idle_cpu_real_window(seconds):
    """The same, in a real X11 window under Xvfb (the window system's share is what a player pays)."""
    import shutil
    import signal

    if not (shutil.which("Xvfb") and shutil.which("xdotool")):
        print("idle CPU in a real window: skipped (needs Xvfb and xdotool)")
        return
    started = start_xvfb()
    if started is None:
        print("idle CPU in a real window: skipped (Xvfb did not start)")
        return
    xvfb, display = started
    env = dict(
        os.environ,
        DISPLAY=display,
        SDL_AUDIODRIVER="dummy",
        SDL_VIDEO_X11_WMCLASS="ms-bench",
        MINESWEEPER_HOME=tempfile.mkdtemp(prefix="bench-idle-"),
    )
    env.pop("SDL_VIDEODRIVER", None)
    try:
        for label, args in (("menu", []), ("mid-game Expert", ["--difficulty", "expert", "--seed", "7"])):
            game = subprocess.Popen(
                [sys.executable, str(ROOT / "main.py"), *args],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            time.sleep(2.5)
            if args:  # open the board in the middle, so the clock runs
                out = subprocess.run(
                    ["xdotool", "search", "--classname", "ms-bench"], env=env, capture_output=True, text=True
                ).stdout.split()
                geometry = subprocess.run(
                    ["xdotool", "getwindowgeometry", "--shell", out[0]], env=env, capture_output=True, text=True
                ).stdout
                values = dict(line.split("=", 1) for line in geometry.splitlines() if "=" in line)
                x = int(values["X"]) + int(values["WIDTH"]) // 2
                y = int(values["Y"]) + int(values["HEIGHT"]) // 2
                subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1", "mousemove", "0", "0"], env=env)
            time.sleep(3)  # idle means no input for a while: the loop has slowed its polling by then
            cpu0, wall0 = _process_cpu(game.pid), time.monotonic()
            time.sleep(seconds)
            percent = (_process_cpu(game.pid) - cpu0) / (time.monotonic() - wall0) * 100
            game.send_signal(signal.SIGTERM)
            game.wait(timeout=20)
            print(f"idle CPU in a real window (Xvfb) at the {label}: {percent:.2f}% of a core over {seconds:.0f} s")
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


def _process_cpu(pid):
    """CPU seconds (user + system) a process has used, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument(
        "--against",
        metavar="DIR",
        help="also time the start-up of another checkout, in turns with this one",
    )
    parser.add_argument("--startup-only", action="store_true", help="time the start-up and nothing else")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    if args.quick:
        runs = 3
    else:
        runs = 11 if args.against is None else 31  # a comparison of two checkouts needs more pairs to settle
    startup(runs, args.against)
    if args.startup_only:
        return
    frame_times(20 if args.quick else 200)
    click_latency(5 if args.quick else 25)
    idle_cpu(2 if args.quick else 5, 3)
    if sys.platform.startswith("linux"):
        idle_cpu_real_window(2 if args.quick else 5)


if __name__ == "__main__":
    main()
