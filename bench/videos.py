"""Benchmark `python main.py stats --json` on a folder of small videos: files a second, and the CPU it takes (all
processes: the command, its workers and the reader children). Prints figures.

Run: nice -n 19 python -m bench.videos [--files 1000] [--repeats 3] [--against DIR]
(--against: another checkout, e.g. `git worktree add /tmp/old main`; the two are run in turns, and the ratios
printed. On a shared machine the CPU figure is the steadier one: the wall time waits for other programs.)
     nice -n 19 python -m bench.videos --listing [--files 1000]
(the real app, headless on a real clock, opens Records' Open video on a folder of that many videos and runs
frames back to back until every row is read: the frames' working times, and as many frames after it.)
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "tests" / "fixtures" / "videos"
SMALL = (
    "test_rmv2_utf8_basic.rmv",
    "test_rmv2_24px.rmv",
    "Cus_8x11_7mines_5.42_3BV=8_3BVs=1.47_Wang Jianing G15208.avf",
    "beg_chinese_name.avf",
    "test_rmv2_16px_preflags.rmv",
)


def make_folder(folder: Path, count: int) -> None:
    for n in range(count):
        sample = SAMPLES / SMALL[n % len(SMALL)]
        shutil.copyfile(sample, folder / f"video-{n:05}{sample.suffix}")


def run(checkout: Path, folder: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds of every process it started) of one stats run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, str(checkout / "main.py"), "stats", "--json", str(folder)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0 or done.stdout.count(b"\n") != len(os.listdir(folder)):
        raise RuntimeError(f"{checkout}: stats failed or left files out")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def listing(count: int) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as home:
        os.environ["MINESWEEPER_HOME"] = home
        (Path(home) / "videos").mkdir()
        make_folder(Path(home) / "videos", count)
        sys.path.insert(0, str(ROOT))
        import pygame

        from bench.frames import WallClock, frame
        from game.shell.app import App
        from game.view import screens

        app = App(clock=WallClock(), desktop_size=(1366, 768))
        for _ in range(5):
            frame(app)
        started = time.perf_counter()
        app.show(screens.Records())
        frame(app)
        app.show(screens.Videos())  # from Records, as the player comes (Records' modules are in by then)
        cpu: list[float] = []

        def timed() -> float:
            began = time.thread_time()
            took = frame(app)
            cpu.append((time.thread_time() - began) * 1000)
            return took

        times = [timed()]
        shelf = app.scene.shelf
        listed_after = None
        while not shelf.listed or shelf.unread:
            times.append(timed())
            if shelf.listed and listed_after is None:
                listed_after = len(times)
            if len(times) % 120 == 0:  # a player scrolling now and then: the rows on show are read first
                pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
        took = time.perf_counter() - started
        after = sorted(frame(app) for _ in range(len(times)))
        app.store.close()
    times.sort()
    print(f"Records' Open video on {count} videos: names listed by frame {listed_after}, all read in {took:.1f} s")
    print(f"  frames while reading: {len(times)}, {spread(times)}")
    print(f"  their CPU on the frame's thread: {spread(sorted(cpu))}")
    print(f"  as many frames after: {spread(after)}")


def spread(times: list[float]) -> str:
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return f"median {statistics.median(times):.2f} ms, 99th percentile {p99:.1f} ms, worst {times[-1]:.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--listing", action="store_true", help="frames of the app while it lists the videos")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--against", type=Path, help="another checkout to run in turns with this one")
    args = parser.parse_args()
    if args.listing:
        listing(args.files)
        return 0
    checkouts = {"this": ROOT} | ({"against": args.against} if args.against else {})
    figures: dict[str, list[tuple[float, float]]] = {name: [] for name in checkouts}
    with tempfile.TemporaryDirectory() as folder:
        make_folder(Path(folder), args.files)
        for _ in range(args.repeats):
            for name, checkout in checkouts.items():
                figures[name].append(run(checkout, Path(folder)))
    print(f"stats --json on {args.files} small videos ({os.cpu_count()} cores), medians of {args.repeats}:")
    medians = {}
    for name, runs in figures.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        medians[name] = (wall, cpu)
        print(f"  {name}: {args.files / wall:.1f} files/s ({wall:.1f} s), CPU {cpu:.1f} s")
    if args.against:
        (wall, cpu), (old_wall, old_cpu) = medians["this"], medians["against"]
        print(f"  this / against: wall {wall / old_wall:.2f}, CPU {cpu / old_cpu:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
