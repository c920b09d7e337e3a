"""Damaged copies of the sample videos opened through the game's own path, and dropped on the real app (headless).

Run: nice -n 19 python tools/fuzz_videos.py [--per-sample 1000] [--seed 1] [--app 300] [--workers 2]

1. Every sample gets --per-sample damaged copies (bytes flipped, cut short, a length set huge), each opened by
   `game.files.reading.open_to_watch`, what a dropped file, --replay and Records' videos go through (a reader child per
   file, its answer checked, the moves and figures worked out). Prints files tried, read, refused and why
   (the parser aborted, a signal, a hang, refused by the checks), and any that raised anything but the
   sentence for the player (a bug: it would have reached the frame as a crash).
2. The first --app of them are dropped one after another on the real app, headless, on a real clock, frames
   back to back: each must come back as a replay or a line for the player. Prints how many, and the frames'
   working times while the app was reading them (median, 99th percentile, worst).
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SAMPLES = ROOT / "tests" / "fixtures" / "videos"
DAMAGE = ("flip", "cut", "huge")


def sources() -> list[Path]:
    """The samples that open (the one whose damage is in its player's name aborts the parser as it is)."""
    return sorted(
        p for p in SAMPLES.iterdir() if p.suffix in (".avf", ".rmv", ".mvf", ".evf") and "invalid" not in p.name
    )


def damaged(data: bytes, how: str, rng: random.Random) -> bytes:
    out = bytearray(data)
    if how == "flip":
        for _ in range(rng.randint(1, 20)):
            out[rng.randrange(len(out))] = rng.randrange(256)
    elif how == "cut":
        out = out[: rng.randrange(len(out))]
    else:  # a length or count in the header (where the formats keep them) set huge
        at = rng.randrange(min(len(out) - 4, 64))
        out[at : at + 4] = rng.choice([b"\xff\xff\xff\x7f", b"\xff\xff\xff\xff", b"\x7f\xff\xff\xff"])
    return bytes(out)


def damaged_copies(count: int, seed: int, pool: list[Path] | None = None) -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of `count` damaged copies of samples drawn from `pool` (all of them by default)."""
    rng = random.Random(seed)
    pool = pool or [p for p in sources() if p.stat().st_size < 100_000]
    for index in range(count):
        source = rng.choice(pool)
        how = rng.choice(DAMAGE)
        yield f"{index}-{how}{source.suffix}", damaged(source.read_bytes(), how, rng)


def outcome(path: Path) -> str:
    """What the game's path made of one file."""
    from game.files.reading import open_to_watch

    try:
        open_to_watch(path)
    except ValueError as error:
        text = str(error)
        if not text:
            return "BUG: refused without a sentence"
        for words, name in (("aborted", "parser aborted"), ("signal", "killed by a signal"), ("took more", "hung")):
            if words in text:
                return name
        return "refused by the checks"
    except Exception as error:  # anything else would have reached the app as a crash
        return f"BUG: {type(error).__name__}: {error}"
    return "read"


def make_files(folder: Path, per_sample: int, seed: int) -> list[Path]:
    rng = random.Random(seed)
    paths = []
    for source in sources():
        data = source.read_bytes()
        for n in range(per_sample):
            how = DAMAGE[n % len(DAMAGE)]
            path = folder / f"{source.stem[:24]}-{n}-{how}{source.suffix}"
            path.write_bytes(damaged(data, how, rng))
            paths.append(path)
    rng.shuffle(paths)
    return paths


def bulk(paths: list[Path], workers: int) -> Counter:
    started = time.perf_counter()
    results: Counter = Counter()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for done, result in enumerate(pool.map(outcome, paths), 1):
            results[result] += 1
            if done % 500 == 0:
                print(f"  ... {done} of {len(paths)}: {dict(results)}", file=sys.stderr, flush=True)
    took = time.perf_counter() - started
    print(
        f"files tried through game.files.reading.open_to_watch: {len(paths)} in {took:.0f} s "
        f"({len(paths) / took:.1f}/s)"
    )
    for name, number in sorted(results.items(), key=lambda item: -item[1]):
        print(f"  {name}: {number}")
    return results


def in_the_app(paths: list[Path]) -> None:
    """Drop each file on the real app and run frames until it has come back as a replay or a line."""
    import pygame

    from bench.frames import WallClock, frame
    from game.shell.app import App

    with tempfile.TemporaryDirectory() as home:
        os.environ["MINESWEEPER_HOME"] = home
        app = App(clock=WallClock(), desktop_size=(1366, 768))
        came: list[str] = []
        arrived = app._arrived

        def heard(arrival):
            came.append(type(arrival).__name__)
            arrived(arrival)

        app._arrived = heard  # type: ignore[method-assign]
        for _ in range(5):
            frame(app)
        times: list[float] = []
        cpu: list[float] = []  # the frame thread's own CPU: what the frame cost, whatever else the machine ran
        worst = (0.0, "")
        started = time.perf_counter()
        for path in paths:
            before = len(came)
            pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
            while len(came) == before or app.arrivals.busy():
                began = time.thread_time()
                took = frame(app)
                cpu.append((time.thread_time() - began) * 1000)
                times.append(took)
                if took > worst[0]:
                    worst = (took, f"{path.name}, on the {app.scene.name} scene")
        for _ in range(5):
            times.append(frame(app))
        took = time.perf_counter() - started
        # Frames with nothing being read, on the same machine at the same time (as many, up to 20 s of them):
        # what the machine's own load does to a frame, to set the figures above against.
        quiet: list[float] = []
        until = time.perf_counter() + 20
        while len(quiet) < len(times) and time.perf_counter() < until:
            quiet.append(frame(app))
        quiet.sort()
        app.store.close()
    kinds = Counter(came)
    print(
        f"dropped on the app: {len(paths)} in {took:.0f} s; came back: {kinds['Watch']} replays, "
        f"{kinds['Tell']} lines for the player; the app never stopped"
    )
    times.sort()
    print(f"frames while reading: {len(times)}, {spread(times)}, worst ({worst[1]})")
    print(f"  their CPU on the frame's thread: {spread(sorted(cpu))}")
    print(f"frames with nothing read, next: {len(quiet)}, {spread(quiet)}")


def spread(times: list[float]) -> str:
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return f"median {statistics.median(times):.2f} ms, 99th percentile {p99:.1f} ms, worst {times[-1]:.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-sample", type=int, default=1000, help="damaged copies of each sample")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--app", type=int, default=300, help="how many of them to drop on the app (0: none)")
    parser.add_argument("--workers", type=int, default=2, help="files opened at once in the first part")
    parser.add_argument("--app-only", action="store_true", help="leave out the first part")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        paths = make_files(Path(folder), args.per_sample, args.seed)
        print(f"samples: {len(sources())}, damaged copies of each: {args.per_sample}")
        results = Counter() if args.app_only else bulk(paths, args.workers)
        if args.app:
            in_the_app(paths[: args.app])
    return 1 if any(name.startswith("BUG") for name in results) else 0


if __name__ == "__main__":
    sys.exit(main())
