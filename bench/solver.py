"""Solver benchmarks: auto-play win rates with 95% intervals, paired comparisons of guess strategies on the same
boards, analysis speed and hint latency on Expert positions, where an Expert game's risk is taken, and the garbage
collector's pauses as the solver's store of counted groups fills.

Win rates and paired comparisons keep one results file per run (bench/results/, or --out), keyed by board, and can
use several processes (--jobs): an interrupted run started again with the same arguments resumes, and the same
arguments with more --games extend it. Run long ones under `nice -n 19`.
"""

from __future__ import annotations

import argparse
import ast
import gc
import hashlib
import json
import math
import random
import statistics
import time
from dataclasses import fields
from functools import partial
from pathlib import Path

from bench.autoplay import Game, play, play_paired
from bench.runs import RESULTS, ResultsFile, board_seeds, play_all
from bench.strategies import KINDS, make_strategy
from game.model import GameState
from game.model.solver.analysis import analyse_visible
from game.model.solver.enumeration import forget, stored
from game.model.solver.guess import SHIPPED, choose_guess
from game.model.solver.hints import first_click_cell, hint_for_visible

__all__ = ["CONFIGS", "Game", "GameState", "first_click_cell", "main", "paired_interval", "play", "play_paired", "run"]

CONFIGS = {
    "beginner8-safe": (8, 8, 10, "safe"),
    "beginner8-opening": (8, 8, 10, "opening"),
    "beginner-safe": (9, 9, 10, "safe"),
    "beginner-opening": (9, 9, 10, "opening"),
    "intermediate-safe": (16, 16, 40, "safe"),
    "intermediate-opening": (16, 16, 40, "opening"),
    "expert-safe": (16, 30, 99, "safe"),
    "expert-opening": (16, 30, 99, "opening"),
}


def wilson(wins, n, z=1.96):
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def paired_interval(diffs, z=1.96):
    """Mean per-board difference (candidate minus base: -1, 0 or +1 for one game a side, a fraction when both
    played several layouts) and its 95% interval."""
    n = len(diffs)
    d = sum(diffs) / n
    var = sum((x - d) ** 2 for x in diffs) / max(1, n - 1)
    half = z * math.sqrt(var / n)
    return d, d - half, d + half


def label(strategy):
    """A strategy as its kind and the parameters that differ from that kind's defaults."""
    values = {f.name: (getattr(strategy, f.name), f.default) for f in fields(strategy)}
    changed = [f"{name}={value!r}" for name, (value, default) in values.items() if value != default]
    return " ".join([type(strategy).__name__, *changed])


def parse_strategy(items, common=()):
    """A strategy from ["KIND", "NAME=VALUE", ...] (KIND from bench/strategies.py, default the shipped one);
    common: NAME=VALUE items applied first (--set)."""
    kind = "shipped"
    values = {}
    for item in [*(common or ()), *(items or ())]:
        name, eq, text = item.partition("=")
        if not eq:
            kind = name
            continue
        try:
            values[name] = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            values[name] = text
    return make_strategy(kind, **values)


def _board(name, base, cand, samples, first, weighted, i, board_seed):
    """One board of a run: its result as a record for the results file."""
    rows, cols, mines, rule = CONFIGS[name]
    t0 = time.perf_counter()
    if cand is None and weighted:
        won = Game(rows, cols, mines, rule, board_seed, first=first).finish_weighted(base, random.Random(board_seed))
        record = {"i": i, "seed": board_seed, "won": won}
    elif cand is None:
        won = Game(rows, cols, mines, rule, board_seed, first=first).finish(base)
        record = {"i": i, "seed": board_seed, "won": int(won)}
    else:
        b, c, k = play_paired(rows, cols, mines, rule, board_seed, base, cand, samples, first, weighted)
        record = {"i": i, "seed": board_seed, "base": b, "cand": c}
        if k > 1:
            record["k"] = k
    record["ms"] = round(1000 * (time.perf_counter() - t0), 1)
    return record


def run(name, games, seed, base, cand=None, jobs=1, out=None, progress=0, samples=1, first=None, weighted=False):
    """Play (or resume) a run of `games` boards and print its figures; returns the records of its boards.
    first: the first click's cell (row, col), instead of the one the hint gives."""
    key = {"config": name, "seed": seed, "base": repr(base), "candidate": None if cand is None else repr(cand)}
    if samples > 1:
        key["samples"] = samples
    if first is not None:
        key["first"] = list(first)
    if weighted:
        key["weighted"] = True
    digest = hashlib.sha1(json.dumps(key, sort_keys=True).encode()).hexdigest()[:10]
    path = Path(out) if out else RESULTS / f"{name}-s{seed}-{digest}.jsonl"
    results = ResultsFile(path, key)
    before = sum(1 for i in results.done if i < games)
    if before:
        print(f"{path}: {before} of {games} boards already played", flush=True)
    t0 = time.perf_counter()
    played = 0
    work = partial(_board, name, base, cand, samples, first, weighted)
    for _ in play_all(results, board_seeds(seed, games), work, jobs):
        played += 1
        if progress and played % progress == 0:
            summary(name, base, cand, results, games, time.perf_counter() - t0, played, partial=True, first=first)
    records = summary(name, base, cand, results, games, time.perf_counter() - t0, played, first=first)
    print(f"  results: {path}", flush=True)
    return records


def summary(name, base, cand, results, games, wall, played, partial=False, first=None):
    rows, cols, mines, rule = CONFIGS[name]
    if first is not None:
        rule = f"{rule} at {first[0]},{first[1]}"
    records = [r for i, r in results.done.items() if i < games]
    n = len(records)
    ms = statistics.mean(r["ms"] for r in records) if records else 0.0
    pace = f"{ms:.1f} ms/board, {1000 * wall / max(1, played):.1f} ms wall/board here"
    more = "  (so far)" if partial else ""
    if cand is None and any(isinstance(r["won"], float) for r in records):
        d, lo, hi = paired_interval([r["won"] for r in records])
        spread = statistics.pstdev(r["won"] for r in records)
        print(
            f"{name:22s} {rows}x{cols}/{mines} first-click={rule:7s} [{label(base)}] games={n:6d} weighted "
            f"rate={100 * d:6.2f}%  95% CI [{100 * lo:.2f}, {100 * hi:.2f}] (+/-{50 * (hi - lo):.2f}) "
            f"spread={spread:.3f}  {pace}{more}",
            flush=True,
        )
        return records
    if cand is None:
        wins = sum(r["won"] for r in records)
        lo, hi = wilson(wins, n)
        spread = statistics.pstdev(r["won"] for r in records) if n > 1 else 0.0
        print(
            f"{name:22s} {rows}x{cols}/{mines} first-click={rule:7s} [{label(base)}] games={n:6d} wins={wins:6d} "
            f"rate={100 * wins / n:6.2f}%  95% CI [{100 * lo:.2f}, {100 * hi:.2f}] (+/-{50 * (hi - lo):.2f}) "
            f"spread={spread:.3f}  {pace}{more}",
            flush=True,
        )
        return records
    rate_base = sum(r["base"] / r.get("k", 1) for r in records) / n
    rate_cand = sum(r["cand"] / r.get("k", 1) for r in records) / n
    diffs = [(r["cand"] - r["base"]) / r.get("k", 1) for r in records]
    d, lo, hi = paired_interval(diffs)
    resampled = sum(1 for r in records if r.get("k", 1) > 1)
    print(
        f"{name} paired games={n}  base[{label(base)}] {100 * rate_base:.2f}%  "
        f"candidate[{label(cand)}] {100 * rate_cand:.2f}%  "
        f"diff={100 * d:+.2f} pts 95% CI [{100 * lo:+.2f}, {100 * hi:+.2f}]  "
        f"(boards better for base {sum(x < 0 for x in diffs)}, for candidate {sum(x > 0 for x in diffs)}"
        f"{f'; {resampled} played on several layouts' if resampled else ''})  {pace}{more}",
        flush=True,
    )
    return records


def expert_positions(games, seed, strategy=SHIPPED):
    """The positions met playing `games` Expert games (safe first click), in order, one list per game."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        positions = []
        play(16, 30, 99, "safe", rng, strategy, positions)
        out.append(positions)
    return out


def bench_latency(games, seed, strategy=SHIPPED):
    """Hint latency on Expert positions (met playing with the strategy, hinted by it), split into positions with
    a certain hint and positions needing a guess. The certain mines are flagged, as a player who flags has them:
    otherwise a position with a mine to flag and no safe cell gets that mine as its hint, and its guess, often the
    slowest of the game (the exact endgame), would go unmeasured."""
    certain, guess = [], []
    for positions in expert_positions(games, seed, strategy):
        for vis in positions:
            flagged = {r * 30 + c for r, c in analyse_visible(16, 30, 99, vis).mines}
            t0 = time.perf_counter()
            h = hint_for_visible(16, 30, 99, vis, flagged=flagged, strategy=strategy)
            (certain if h is None or h.certain else guess).append(1000 * (time.perf_counter() - t0))
    for what, times in (("certain hints", certain), ("guess hints", guess)):
        times.sort()
        print(
            f"hint latency, Expert, {what}: positions={len(times)} median={statistics.median(times):.2f} ms  "
            f"p99={times[int(0.99 * (len(times) - 1))]:.2f} ms  max={times[-1]:.1f} ms",
            flush=True,
        )


def bench_speed(games, seed, strategy=SHIPPED):
    """Analysis speed on the positions of Expert games: from scratch, and move by move as a game goes (each
    position from the one before and the cells opened); then the time of each guess, in playing order."""
    games_positions = expert_positions(games, seed, strategy)
    positions = [vis for game in games_positions for vis in game]
    forget()  # the games just played solved these positions' groups: time the work, not the store
    t0 = time.perf_counter()
    for vis in positions:
        analyse_visible(16, 30, 99, vis)
    scratch = time.perf_counter() - t0
    steps = []
    for game in games_positions:
        steps.append([(game[0], None)])
        for before, vis in zip(game, game[1:]):
            steps[-1].append((vis, {i: v for i, (u, v) in enumerate(zip(before, vis)) if u < 0 <= v}))
    forget()
    guesses = []
    moved = 0.0
    for game in steps:
        a = None
        for vis, opened in game:
            t1 = time.perf_counter()
            a = analyse_visible(16, 30, 99, vis) if a is None else a.after(opened)
            t2 = time.perf_counter()
            moved += t2 - t1
            if not a.safe:
                choose_guess(16, 30, 99, vis, a, strategy=strategy)
                guesses.append(1000 * (time.perf_counter() - t2))
    guesses.sort()
    n = len(positions)
    print(
        f"speed, Expert: positions={n}  from scratch {n / scratch:.0f} analyses/s ({1000 * scratch / n:.3f} ms each)  "
        f"move by move {n / moved:.0f} analyses/s ({1000 * moved / n:.3f} ms each)",
        flush=True,
    )
    print(
        f"  guesses={len(guesses)} median={statistics.median(guesses):.2f} ms mean={statistics.mean(guesses):.2f} ms "
        f"p99={guesses[int(0.99 * (len(guesses) - 1))]:.1f} ms",
        flush=True,
    )


class NotedGame(Game):
    """A game that notes each guess: (guesses before it in the game, layouts, its chance of a mine, the safest
    cell's chance); layouts is None where the position was not counted exactly."""

    def __init__(self, *args, notes, **kwargs):
        self.notes, self.guesses = notes, 0
        super().__init__(*args, **kwargs)

    def guess(self, a, strategy):
        cell = super().guess(a, strategy)
        i = cell[0] * self.board.cols + cell[1]
        safest = min(a.nums[j] / a.den[j] for j in a.nums if a.nums[j] != a.den[j])
        self.notes.append((self.guesses, a.layouts, float(a.nums[i] / a.den[i]), float(safest)))
        self.guesses += 1
        return cell


def risk_kind(guesses_before, layouts, endgame_layouts):
    """Which kind of guess a noted one is, for the risk table."""
    if layouts is None:
        return "not counted exactly"
    if layouts <= endgame_layouts:
        return f"endgame (<= {endgame_layouts:,} layouts)"
    if guesses_before == 0:
        return "first guess of the game"
    return "later, over 10^10 layouts" if layouts > 10**10 else "later, up to 10^10 layouts"


def bench_risk(games, seed, strategy=SHIPPED):
    """Where an Expert game's risk is taken: every guess of `games` games (safe first click), its chance of a
    mine summed by kind of position (the expected mines hit, which the losses match on average), and how much of
    it the strategy took beyond the safest cell, for what opening that cell may teach."""
    notes = []
    rng = random.Random(seed)
    won = sum(NotedGame(16, 30, 99, "safe", rng.randrange(2**32), notes=notes).finish(strategy) for _ in range(games))
    total = sum(chance for _, _, chance, _ in notes)
    print(
        f"risk, Expert, {games} games (won {won}): {len(notes)} guesses, their chances of a mine summed {total:.1f}",
        flush=True,
    )
    kinds = {}
    for before, layouts, chance, safest in notes:
        row = kinds.setdefault(risk_kind(before, layouts, strategy.endgame_layouts), [0, 0.0, 0.0, 0])
        row[0] += 1
        row[1] += chance
        row[2] += chance - safest
        row[3] += chance > safest
    for kind, (count, risk, beyond, riskier) in sorted(kinds.items(), key=lambda item: -item[1][1]):
        print(
            f"  {kind:28s} guesses {count:6d}  chances summed {risk:7.1f} ({100 * risk / max(total, 1e-9):4.1f}%), "
            f"mean {risk / count:.3f}; beyond the safest cell's {beyond:6.1f} (on {riskier} guesses)",
            flush=True,
        )
    even = [chance for _, _, chance, _ in notes if chance >= 0.5]
    print(f"  of which guesses at 50% or worse: {len(even)}, chances summed {sum(even):.1f}", flush=True)


def bench_collect(games, seed, strategy=SHIPPED):
    """The garbage collector's full collections while Expert games are played (as a session of hints fills the
    solver's store of counted groups, in the game's own process): how long each took, and what it had to walk."""
    forget()
    gc.collect()
    pauses = []
    started = [0.0]

    def timed(phase, info):
        if phase == "start":
            started[0] = time.perf_counter()
        elif info["generation"] == 2:
            pauses.append(1000 * (time.perf_counter() - started[0]))

    gc.callbacks.append(timed)
    try:
        rng = random.Random(seed)
        for _ in range(games):
            play(16, 30, 99, "safe", rng, strategy, [])
        t0 = time.perf_counter()
        gc.collect()
        last = 1000 * (time.perf_counter() - t0)
    finally:
        gc.callbacks.remove(timed)
    pauses.sort()
    print(
        f"full collections, Expert, {games} games: {len(pauses) - 1} while playing, median "
        f"{statistics.median(pauses[:-1] or [0]):.1f} ms, max {max(pauses[:-1] or [0]):.1f} ms; one at the end "
        f"{last:.1f} ms with {stored()} groups stored and {len(gc.get_objects())} objects tracked",
        flush=True,
    )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    others = ["all", "latency", "speed", "collect", "risk"]
    ap.add_argument("--config", action="append", choices=sorted(CONFIGS) + others)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="processes to play boards in (the machine's cores at most)")
    ap.add_argument("--out", help="results file (default: bench/results/<config>-s<seed>-<run digest>.jsonl)")
    ap.add_argument("--progress", type=int, default=0, help="also print the figures every N boards")
    ap.add_argument(
        "--samples",
        type=int,
        default=1,
        help="paired mode: where the strategies part, play both on the real layout and samples-1 more drawn from "
        "those the position allows (less noise per board)",
    )
    ap.add_argument(
        "--candidate",
        action="append",
        metavar="KIND|NAME=VALUE",
        help="paired mode: play each board also with this strategy: a kind (" + ", ".join(KINDS) + ") and/or "
        "parameters changed, e.g. --candidate secondary --candidate blend=0.2 (repeatable)",
    )
    ap.add_argument(
        "--base",
        action="append",
        metavar="KIND|NAME=VALUE",
        help="paired mode: the base strategy, given the same way (default: the shipped one)",
    )
    ap.add_argument(
        "--set",
        action="append",
        metavar="NAME=VALUE",
        help="change a strategy parameter for the whole run, both sides of a paired run (repeatable)",
    )
    ap.add_argument(
        "--first",
        metavar="ROW,COL",
        type=lambda text: tuple(int(part) for part in text.split(",")),
        help="win rates and paired runs: make the first click here instead of where the hint says",
    )
    ap.add_argument(
        "--weighted",
        action="store_true",
        help="count each guess by its exact chance of being safe and play on as if it were (the same expected "
        "result, much less noise): in paired mode from where the strategies part, else from the first guess",
    )
    args = ap.parse_args(argv)
    base = parse_strategy(args.base, args.set)
    cand = parse_strategy(args.candidate, args.set) if args.candidate else None
    configs = args.config or ["all", "latency"]
    if "all" in configs:
        configs = list(CONFIGS) + [c for c in configs if c in ("latency", "speed")]
    if args.out and len([c for c in configs if c in CONFIGS]) > 1:
        raise SystemExit("--out names one run's results file: give one --config with it")
    for name in configs:
        if name == "latency":
            bench_latency(max(5, args.games // 20), args.seed, base)
        elif name == "speed":
            bench_speed(max(5, args.games // 20), args.seed, base)
        elif name == "collect":
            bench_collect(max(5, args.games // 20), args.seed, base)
        elif name == "risk":
            bench_risk(args.games, args.seed, base)
        else:
            run(
                name,
                args.games,
                args.seed,
                base,
                cand,
                args.jobs,
                args.out,
                args.progress,
                args.samples,
                args.first,
                args.weighted,
            )


if __name__ == "__main__":
    main()
