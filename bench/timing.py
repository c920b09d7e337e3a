"""Timing helpers shared by the benchmarks: per-call samples and a median / p99 line."""

import statistics
import time


def timed(fn, n):
    """Per-call times in milliseconds; fn gets the call number."""
    out = []
    for i in range(n):
        start = time.perf_counter()
        fn(i)
        out.append((time.perf_counter() - start) * 1000)
    return out


def percentile(samples, fraction):
    samples = sorted(samples)
    return samples[min(len(samples) - 1, round(fraction * (len(samples) - 1)))]


def report(name, samples, goal_ms=None):
    """Print one line: median and p99 in ms, and how the median compares with a goal."""
    median = statistics.median(samples)
    line = f"  {name:<40} median {median:8.3f} ms   p99 {percentile(samples, 0.99):8.3f} ms   (n={len(samples)})"
    if goal_ms is not None:
        line += f"   goal <= {goal_ms:g} ms: {'met' if median <= goal_ms else 'MISSED'} ({median / goal_ms:.2f}x)"
    print(line)
    return median
