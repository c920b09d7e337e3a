"""Solver benchmarks: auto-play win rates with 95% intervals, and hint latency on Expert positions."""
import argparse
import math
import random
import statistics
import time

from game.model.solver import analyze, choose_guess, first_click_cell, neighbours

CONFIGS = {
    "beginner-safe": (9, 9, 10, "safe"),
    "beginner-opening": (9, 9, 10, "opening"),
    "intermediate-safe": (16, 16, 40, "safe"),
    "intermediate-opening": (16, 16, 40, "opening"),
    "expert-safe": (16, 30, 99, "safe"),
    "expert-opening": (16, 30, 99, "opening"),
}


class Game:
    """A bare mine field for auto-play: the same rules as the game, none of its bookkeeping."""

    def __init__(self, rows, cols, mines, rng, first, rule):
        self.rows, self.cols, self.mines = rows, cols, mines
        self.nb = neighbours(rows, cols)
        n = rows * cols
        fi = first[0] * cols + first[1]
        banned = {fi} | (set(self.nb[fi]) if rule == "opening" else set())
        pool = [i for i in range(n) if i not in banned]
        self.mine = [False] * n
        for i in rng.sample(pool, mines):
            self.mine[i] = True
        self.counts = [sum(self.mine[j] for j in self.nb[i]) for i in range(n)]
        self.visible = [-1] * n
        self.left = n - mines
        self.lost = False

    def reveal(self, i):
        if self.visible[i] >= 0:
            return
        if self.mine[i]:
            self.lost = True
            return
        stack = [i]
        vis, counts, nb = self.visible, self.counts, self.nb
        vis[i] = counts[i]
        self.left -= 1
        while stack:
            k = stack.pop()
            if counts[k] == 0:
                for j in nb[k]:
                    if vis[j] < 0:
                        vis[j] = counts[j]
                        self.left -= 1
                        stack.append(j)


def play(rows, cols, mines, rule, rng, positions=None):
    """Auto-play one game; True on a win. positions, when given, collects visible positions met."""
    first = first_click_cell(rows, cols, rule)
    g = Game(rows, cols, mines, rng, first, rule)
    g.reveal(first[0] * cols + first[1])
    while not g.lost and g.left:
        vis = g.visible
        a = analyze(rows, cols, mines, vis)
        if positions is not None:
            positions.append(list(vis))
        if a.safe:
            for r, c in a.safe:
                g.reveal(r * cols + c)
            continue
        r, c = choose_guess(rows, cols, mines, vis, a)
        g.reveal(r * cols + c)
    return not g.lost


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
    args = ap.parse_args(argv)
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
