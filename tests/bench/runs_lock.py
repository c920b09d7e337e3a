"""A lock a test holds in one of its threads while a benchmark pool starts (tests/bench/test_bench_runs.py): a
worker process that copied the test's memory at the moment of starting finds it taken."""

import threading

LOCK = threading.Lock()


def took_the_lock(i: int, seed: int) -> dict[str, object]:
    """One board's stand-in: whether this worker could take LOCK within two seconds."""
    took = LOCK.acquire(timeout=2)
    if took:
        LOCK.release()
    return {"i": i, "seed": seed, "took": took}
