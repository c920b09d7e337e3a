"""Benchmark `minesweeper stats` on a large folder: N small files made in a temporary folder (by default 100,000
small files that are not videos, each of which gets its line without a reader child; `--kind video` copies one
small real video instead, each read by a reader child and its figures worked out), the command run on the
folder with its output counted, in turns with another checkout when asked. Prints, for each run: the wall time,
the lines printed, the peak resident memory of the command's own process and the peak of its whole process
tree (its workers and reader children, sampled every 50 ms); then the medians.

Run: python -m bench.stats [--files 100000] [--kind text|video] [--runs 3] [--against DIR] [-- EXTRA STATS ARGS]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VIDEO = ROOT / "tests" / "fixtures" / "videos" / "Cus_8x11_7mines_5.42_3BV=8_3BVs=1.47_Wang Jianing G15208.avf"


def make_folder(count: int, kind: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="bench-stats-"))
    data = VIDEO.read_bytes() if kind == "video" else b"some notes, not a video\n"
    suffix = ".avf" if kind == "video" else ".txt"
    for n in range(count):
        sub = folder / f"d{n // 1000:03d}"  # a thousand a folder, as a player's archive is kept
        if n % 1000 == 0:
            sub.mkdir()
        (sub / f"f{n:06d}{suffix}").write_bytes(data)
    return folder


def tree_rss_kb(pid: int) -> int:
    """The resident memory of `pid` and every process below it, in kB."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        child, parent = int(entry), int(fields[1])
        children.setdefault(parent, []).append(child)
        rss[child] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE") // 1024
    total, todo = 0, [pid]
    while todo:
        at = todo.pop()
        total += rss.get(at, 0)
        todo += children.get(at, [])
    return total


def run_once(checkout: Path, folder: Path, extra: list[str]) -> tuple[float, int, float, float]:
    """Wall seconds, lines printed, the command's own peak RSS (MB), its process tree's peak RSS (MB)."""
    began = time.perf_counter()
    command = subprocess.Popen(
        [sys.executable, str(checkout / "main.py"), "stats", *extra, str(folder)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=dict(os.environ, PYTHONPATH=str(checkout)),
    )
    peak = [0]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], tree_rss_kb(command.pid))
            done.wait(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    assert command.stdout is not None
    lines = sum(chunk.count(b"\n") for chunk in iter(lambda: command.stdout.read(1 << 16), b""))  # type: ignore[union-attr]
    _, _, usage = os.wait4(command.pid, 0)
    command.returncode = 0
    wall = time.perf_counter() - began
    done.set()
    sampler.join()
    return wall, lines, usage.ru_maxrss / 1024, peak[0] / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=100_000)
    parser.add_argument("--kind", choices=("text", "video"), default="text")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--against", type=Path, help="another checkout, run in turns with this one")
    parser.add_argument("extra", nargs="*", help="more arguments for stats (after --)")
    args = parser.parse_args()
    folder = make_folder(args.files, args.kind)
    checkouts = [ROOT] + ([args.against.resolve()] if args.against else [])
    results: dict[Path, list[tuple[float, int, float, float]]] = {c: [] for c in checkouts}
    print(f"stats on {args.files:,} small {args.kind} files in {args.files // 1000 or 1} folders")
    try:
        for _ in range(args.runs):
            for checkout in checkouts:
                wall, lines, own, tree = run_once(checkout, folder, args.extra)
                results[checkout].append((wall, lines, own, tree))
                print(f"  {checkout}: {wall:6.2f} s  {lines:,} lines  own peak {own:5.0f} MB  tree peak {tree:5.0f} MB")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    for checkout, runs in results.items():
        print(
            f"median {checkout}: {statistics.median(r[0] for r in runs):.2f} s, "
            f"own peak {statistics.median(r[2] for r in runs):.0f} MB, "
            f"tree peak {statistics.median(r[3] for r in runs):.0f} MB"
        )


if __name__ == "__main__":
    main()
