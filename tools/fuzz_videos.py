"""Feed damaged copies of the sample videos to the real child-process reader and count what happens.

Run: python tools/fuzz_videos.py [--count 1000] [--seed 1]
Prints files tried, read, refused (and why: the parser aborted, a signal, a hang, or a checked refusal).
"""

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.video.foreign import UnreadableVideo, read_foreign  # noqa: E402

SAMPLES = ROOT / "tests" / "fixtures" / "videos"


def sources() -> list[Path]:
    return sorted(
        p for p in SAMPLES.iterdir() if p.suffix in (".avf", ".rmv", ".mvf", ".evf") and p.stat().st_size < 100_000
    )


def damaged_copies(count: int, seed: int) -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of `count` copies of the samples, each with flipped bytes, cut short or a huge length."""
    rng = random.Random(seed)
    pool = sources()
    for index in range(count):
        source = rng.choice(pool)
        data = bytearray(source.read_bytes())
        how = rng.choice(["flip", "cut", "huge"])
        if how == "flip":
            for _ in range(rng.randint(1, 20)):
                data[rng.randrange(len(data))] = rng.randrange(256)
        elif how == "cut":
            data = data[: rng.randrange(len(data))]
        else:
            at = rng.randrange(min(len(data), 64))
            data[at : at + 4] = b"\xff\xff\xff\x7f"
        yield f"{index}-{how}{source.suffix}", bytes(data)


def outcome(path: Path) -> str:
    try:
        read_foreign(path, timeout=10)
    except UnreadableVideo as error:
        text = str(error)
        for word, name in (("aborted", "parser aborted"), ("signal", "killed by a signal"), ("took more", "hung")):
            if word in text:
                return name
        return "refused after checks"
    return "read"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for name, data in damaged_copies(args.count, args.seed):
            path = Path(folder) / name
            path.write_bytes(data)
            paths.append(path)
        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = Counter(pool.map(outcome, paths))
        took = time.perf_counter() - started
    print(f"files tried: {args.count} in {took:.1f} s; the test process never went down")
    for name, number in results.most_common():
        print(f"  {name}: {number}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
