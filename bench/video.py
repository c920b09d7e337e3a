"""Benchmark a video's recording: microseconds per appended event and bytes per event. Prints figures.

Run: python -m bench.video
"""

import statistics
import sys
import time
import tracemalloc

from game.video import Event, Mouse, Video, encode_evf, figures_of

EVENTS = 100_000


def columns() -> tuple[float, object]:
    video = Video(16, 30, frozenset({(0, 0)}))
    append = video.append
    started = time.perf_counter()
    for index in range(EVENTS):
        append(Mouse.MOVE, index, index % 480, index % 256)
    return (time.perf_counter() - started) / EVENTS * 1e6, video


def objects() -> tuple[float, object]:
    """The baseline: a list of one small frozen object per event, the obvious way to keep them."""
    events: list[Event] = []
    append = events.append
    started = time.perf_counter()
    for index in range(EVENTS):
        append(Event(Mouse.MOVE, index, index % 480, index % 256))
    return (time.perf_counter() - started) / EVENTS * 1e6, events


def memory(make) -> float:
    tracemalloc.start()
    kept = make()[1]
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del kept
    return current / EVENTS


def main() -> int:
    times: dict[str, list[float]] = {"columns": [], "objects": []}
    for _ in range(7):  # in turns, so both see the same machine
        times["columns"].append(columns()[0])
        times["objects"].append(objects()[0])
    ours, base = statistics.median(times["columns"]), statistics.median(times["objects"])
    print(f"append: median {ours:.3f} us per event in columns, {base:.3f} us as objects (x{base / ours:.2f}),")
    print(f"        7 runs each of {EVENTS:,} events")
    ours_bytes, base_bytes = memory(columns), memory(objects)
    ratio = base_bytes / ours_bytes
    print(f"memory: {ours_bytes:.1f} bytes per event in columns, {base_bytes:.1f} as objects (x{ratio:.1f})")
    video = Video(16, 30, frozenset({(0, 0)}))
    for index in range(EVENTS):
        video.append(Mouse.MOVE, index, index % 480, index % 256)
    started = time.perf_counter()
    figures_of(video)
    encode_evf(video)
    print(f"figures + EVF of {EVENTS:,} events: {(time.perf_counter() - started) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
