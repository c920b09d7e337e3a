"""Benchmark a video's recording: microseconds per appended event and bytes per event. Prints figures.

Run: python -m bench.video
"""

import statistics
import sys
import time
import tracemalloc

from game.video import Mouse, Video, encode_evf, figures_of

EVENTS = 100_000


def one_run() -> float:
    video = Video(16, 30, frozenset({(0, 0)}))
    append = video.append
    started = time.perf_counter()
    for index in range(EVENTS):
        append(Mouse.MOVE, index, index % 480, index % 256)
    return (time.perf_counter() - started) / EVENTS * 1e6


def main() -> int:
    runs = [one_run() for _ in range(7)]
    print(f"append: median {statistics.median(runs):.3f} us per event over 7 runs of {EVENTS:,}")
    tracemalloc.start()
    video = Video(16, 30, frozenset({(0, 0)}))
    for index in range(EVENTS):
        video.append(Mouse.MOVE, index, index % 480, index % 256)
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"memory: {current / EVENTS:.1f} bytes per event measured ({video.bytes_per_event()} in the columns)")
    started = time.perf_counter()
    figures_of(video)
    encode_evf(video)
    print(f"figures + EVF of {EVENTS:,} events: {(time.perf_counter() - started) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
