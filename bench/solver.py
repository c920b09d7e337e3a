"""Solver benchmarks: auto-play win rates with 95% intervals, and hint latency on Expert positions."""
import argparse
import math
import random
import statistics
import time

from game.model import Board, GameState
from game.model import solver
from game.model.solver import COVERED, analyze, choose_guess, first_click_cell

CONFIGS = {
    "beginner-safe": (9, 9, 10, "safe"),
    "beginner-opening": (9, 9, 10, "opening"),
    "intermediate-safe": (16, 16, 40, "safe"),
    "intermediate-opening": (16, 16, 40, "opening"),
    "expert-safe": (16, 30, 99, "safe"),
    "expert-opening": (16, 30, 99, "opening"),
}


def play(rows, cols, mines, rule, rng, positions=None):
    """Auto-play one game on a real Board (one implementation of the rules); True on a win.
    positions, when given, collects the visible positions met."""
    first = first_click_cell(rows, cols, rule)
    board = Board(rows, cols, mines, seed=rng.randrange(2 ** 32), first_click=rule)
    vis = [COVERED] * (rows * cols)

    def reveal(r, c):
        # the board reports what it opened, so the view the solver reads is kept up to date cheaply
        for rr, cc in board.reveal(r, c):
            vis[rr * cols + cc] = board.adjacent_mines(rr, cc)

    reveal(*first)
    while board.state == GameState.PLAYING:
        a = analyze(rows, cols, mines, vis)
        if positions is not None:
            positions.append(list(vis))
        if a.safe:
            for r, c in sorted(a.safe):
                if vis[r * cols + c] == COVERED:   # an earlier cascade may have opened it already
                    reveal(r, c)
            continue
        reveal(*choose_guess(rows, cols, mines, vis, a))
    return board.state == GameState.WON


def wilson(wins, n, z=1.96):
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def bench_winrate(name, games, seed, progress=0):
    rows, cols, mines, rule = CONFIGS[name]
    rng = random.Random(seed)
    wins = 0
    t0 = time.perf_counter()
    for k in range(1, games + 1):
        wins += play(rows, cols, mines, rule, rng)
        if k == games or (progress and k % progress == 0):
            report(name, rows, cols, mines, rule, k, wins, time.perf_counter() - t0, k < games)


def report(name, rows, cols, mines, rule, games, wins, dt, partial):
    lo, hi = wilson(wins, games)
    print(f"{name:22s} {rows}x{cols}/{mines} first-click={rule:7s} games={games:6d} wins={wins:6d} "
          f"rate={100 * wins / games:6.2f}%  95% CI [{100 * lo:.2f}, {100 * hi:.2f}] "
          f"(+/-{50 * (hi - lo):.2f})  {1000 * dt / games:.1f} ms/game{'  (so far)' if partial else ''}",
          flush=True)


def bench_latency(games, seed):
    from game.model.solver import hint_for_visible
    rng = random.Random(seed)
    positions = []
    for _ in range(games):
        play(16, 30, 99, "safe", rng, positions)
    times = []
    for vis in positions:
        t0 = time.perf_counter()
        hint_for_visible(16, 30, 99, vis)
        times.append(time.perf_counter() - t0)
    times.sort()
    med = statistics.median(times) * 1000
    p99 = times[int(0.99 * (len(times) - 1))] * 1000
    print(f"hint latency, Expert: positions={len(times)} median={med:.2f} ms  p99={p99:.2f} ms  "
          f"max={times[-1] * 1000:.1f} ms", flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--config", action="append", choices=sorted(CONFIGS) + ["all", "latency"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--progress", type=int, default=0, help="also print the figures every N games")
    ap.add_argument("--endgame", action="store_true", help="also search endgames exactly (experimental)")
    args = ap.parse_args(argv)
    if args.endgame:
        solver.ENDGAME = True
    configs = args.config or ["all", "latency"]
    if "all" in configs:
        configs = list(CONFIGS) + [c for c in configs if c == "latency"]
    for name in configs:
        if name == "latency":
            bench_latency(max(5, args.games // 20), args.seed)
        else:
            bench_winrate(name, args.games, args.seed, args.progress)


if __name__ == "__main__":
    main()
