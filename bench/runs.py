"""Benchmark runs that survive interruption: one JSON-lines results file per run, keyed by board, filled by a pool
of processes.

The first line of a results file says what the run is (its key: configuration, seed, strategies); each further
line is one board's result. Starting the same run again reads what is there and plays only the boards missing,
so an interrupted run resumes where it stopped, and a longer run extends a shorter one (board k's seed depends
only on the run's seed and k).
"""

from __future__ import annotations

import json
import multiprocessing
import random
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"


def board_seeds(seed: int, games: int) -> list[int]:
    """The seeds of a run's first `games` boards (the same draws the sequential benchmark always made)."""
    rng = random.Random(seed)
    return [rng.randrange(2**32) for _ in range(games)]


def commit() -> str:
    """The code the run measured: the commit, with '+' if the work tree had changes."""
    root = Path(__file__).resolve().parent.parent  # the checkout: git reads the paths below from there
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True)
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "game", "bench"], cwd=root, capture_output=True)
    except OSError:
        return "?"
    return head.stdout.strip() + ("+" if dirty.stdout.strip() else "")


class ResultsFile:
    """The results of one run: {board index: record}, read at start and appended to as boards finish."""

    def __init__(self, path: Path, key: dict[str, Any]) -> None:
        self.path, self.key = path, key
        self.done: dict[int, dict[str, Any]] = {}
        if path.exists():
            with path.open() as f:
                header = json.loads(f.readline() or "null")
                if header is None or header.get("key") != key:
                    raise SystemExit(f"{path} holds another run ({header and header.get('key')}); choose another --out")
                if header.get("commit") != commit():
                    print(f"note: {path} was started at commit {header.get('commit')}, now {commit()}", flush=True)
                for line in f:
                    try:
                        record = json.loads(line)
                    except ValueError:
                        continue  # a line cut short by an interruption: that board is played again
                    self.done[record["i"]] = record
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("w") as f:
                f.write(json.dumps({"key": key, "commit": commit()}) + "\n")

    def add(self, record: dict[str, Any]) -> None:
        self.done[record["i"]] = record
        with self.path.open("a") as f:
            f.write(json.dumps(record) + "\n")


_work: Callable[[int, int], dict[str, Any]] | None = None


def _init(work: Callable[[int, int], dict[str, Any]]) -> None:
    global _work
    _work = work


def _call(item: tuple[int, int]) -> dict[str, Any]:
    assert _work is not None
    return _work(*item)


def play_all(
    results: ResultsFile, seeds: list[int], work: Callable[[int, int], dict[str, Any]], jobs: int
) -> Iterator[dict[str, Any]]:
    """Play every board not yet in the results file with work(index, seed) -> record, in `jobs` processes;
    yields each record once it is saved (in the order boards finish)."""
    todo = [(i, s) for i, s in enumerate(seeds) if i not in results.done]
    if jobs <= 1:
        for item in todo:
            record = work(*item)
            results.add(record)
            yield record
        return
    # Not "fork": a worker forked from a process with other threads copies their locks as they are, and one held
    # at that moment is never released in the worker (it waits forever).
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    with ctx.Pool(jobs, initializer=_init, initargs=(work,)) as pool:
        for record in pool.imap_unordered(_call, todo, chunksize=1):
            results.add(record)
            yield record
