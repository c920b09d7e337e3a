"""Solver benchmarks: auto-play win rates with 95% intervals, paired comparisons of guessing strategies, and
hint latency on Expert positions."""

import argparse
import ast
import math
import random
import statistics
import time
from dataclasses import fields

from bench.strategies import KINDS, make_strategy
from game.model import Board, GameState
from game.model.analysis import COVERED, analyse
from game.model.guess import SHIPPED, choose_guess
from game.model.hints import first_click_cell, hint_for_visible

CONFIGS = {
    "beginner-safe": (9, 9, 10, "safe"),
    "beginner-opening": (9, 9, 10, "opening"),
    "intermediate-safe": (16, 16, 40, "safe"),
    "intermediate-opening": (16, 16, 40, "opening"),
    "expert-safe": (16, 30, 99, "safe"),
    "expert-opening": (16, 30, 99, "opening"),
}


def play(rows, cols, mines, rule, rng, strategy=SHIPPED, positions=None):
    """Auto-play one game on a real Board (one implementation of the rules); True on a win.
    positions, when given, collects the visible positions met."""
    board, vis, _ = _start(rows, cols, mines, rule, rng.randrange(2**32))
    return _finish(board, vis, strategy, positions=positions)


def _start(rows, cols, mines, rule, board_seed):
    """A new game with its first click made: (board, visible list, moves made)."""
    board = Board(rows, cols, mines, seed=board_seed, first_click=rule)
    vis = [COVERED] * (rows * cols)
    moves = []
    _reveal(board, vis, moves, first_click_cell(rows, cols, rule))
    return board, vis, moves


def _reveal(board, vis, moves, cell):
    # the board reports what it opened, so the view the solver reads is kept up to date cheaply
    moves.append(cell)
    for rr, cc in board.reveal(*cell):
        vis[rr * board.cols + cc] = board.adjacent_mines(rr, cc)


def _open_safe(board, vis, moves, a):
    for r, c in sorted(a.safe):
        if vis[r * board.cols + c] == COVERED:  # an earlier cascade may have opened it already
            _reveal(board, vis, moves, (r, c))


def _finish(board, vis, strategy=SHIPPED, moves=None, positions=None):
    """Play a started game to its end with the given guess strategy; True on a win."""
    rows, cols, mines = board.rows, board.cols, board.mines
    moves = [] if moves is None else moves
    while board.state == GameState.PLAYING:
        a = analyse(rows, cols, mines, vis)
        if positions is not None:
            positions.append(list(vis))
        if a.safe:
            _open_safe(board, vis, moves, a)
            continue
        _reveal(board, vis, moves, choose_guess(rows, cols, mines, vis, a, strategy=strategy))
    return board.state == GameState.WON


def play_paired(rows, cols, mines, rule, board_seed, base, cand):
    """Play one board with the base strategy and the candidate one: (base won, candidate won).

    Both play in lockstep while they agree (the same moves on the same board give the same game), so only the
    part after their first different guess is played twice: the candidate's board is rebuilt by replaying the
    shared moves."""
    board, vis, moves = _start(rows, cols, mines, rule, board_seed)
    while board.state == GameState.PLAYING:
        a = analyse(rows, cols, mines, vis)
        if a.safe:
            _open_safe(board, vis, moves, a)
            continue
        g_base = choose_guess(rows, cols, mines, vis, a, strategy=base)
        g_cand = choose_guess(rows, cols, mines, vis, a, strategy=cand)
        if g_base == g_cand:
            _reveal(board, vis, moves, g_base)
            continue
        shared = list(moves)
        _reveal(board, vis, moves, g_base)
        base_won = _finish(board, vis, base, moves)
        board2 = Board(rows, cols, mines, seed=board_seed, first_click=rule)
        vis2 = [COVERED] * (rows * cols)
        moves2 = []
        for cell in shared:
            _reveal(board2, vis2, moves2, cell)
        _reveal(board2, vis2, moves2, g_cand)
        return base_won, _finish(board2, vis2, cand, moves2)
    won = board.state == GameState.WON
    return won, won


def wilson(wins, n, z=1.96):
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def bench_winrate(name, games, seed, strategy, progress=0):
    rows, cols, mines, rule = CONFIGS[name]
    rng = random.Random(seed)
    wins = 0
    t0 = time.perf_counter()
    for k in range(1, games + 1):
        wins += play(rows, cols, mines, rule, rng, strategy)
        if k == games or (progress and k % progress == 0):
            report(name, rows, cols, mines, rule, k, wins, time.perf_counter() - t0, k < games)


def report(name, rows, cols, mines, rule, games, wins, dt, partial):
    lo, hi = wilson(wins, games)
    print(
        f"{name:22s} {rows}x{cols}/{mines} first-click={rule:7s} games={games:6d} wins={wins:6d} "
        f"rate={100 * wins / games:6.2f}%  95% CI [{100 * lo:.2f}, {100 * hi:.2f}] "
        f"(+/-{50 * (hi - lo):.2f})  {1000 * dt / games:.1f} ms/game{'  (so far)' if partial else ''}",
        flush=True,
    )


def bench_paired(name, games, seed, base, cand, progress=0):
    rows, cols, mines, rule = CONFIGS[name]
    rng = random.Random(seed)
    wins_base = wins_cand = only_base = only_cand = 0
    t0 = time.perf_counter()
    for k in range(1, games + 1):
        b, c = play_paired(rows, cols, mines, rule, rng.randrange(2**32), base, cand)
        wins_base += b
        wins_cand += c
        only_base += b and not c
        only_cand += c and not b
        if k == games or (progress and k % progress == 0):
            report_paired(
                name, base, cand, k, wins_base, wins_cand, only_base, only_cand, time.perf_counter() - t0, k < games
            )


def paired_interval(n, only_base, only_cand, z=1.96):
    """Mean per-board difference (candidate minus base, each board -1, 0 or +1) and its 95% interval."""
    d = (only_cand - only_base) / n
    var = ((only_cand + only_base) / n - d * d) * n / max(1, n - 1)
    half = z * math.sqrt(max(0.0, var) / n)
    return d, d - half, d + half


def report_paired(name, base, cand, n, wins_base, wins_cand, only_base, only_cand, dt, partial):
    d, lo, hi = paired_interval(n, only_base, only_cand)
    print(
        f"{name} paired games={n}  base[{label(base)}] {100 * wins_base / n:.2f}%  "
        f"candidate[{label(cand)}] {100 * wins_cand / n:.2f}%  "
        f"diff={100 * d:+.2f} pts 95% CI [{100 * lo:+.2f}, {100 * hi:+.2f}]  "
        f"(boards won by only base {only_base}, only candidate {only_cand})  "
        f"{1000 * dt / n:.1f} ms/board{'  (so far)' if partial else ''}",
        flush=True,
    )


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


def bench_latency(games, seed, strategy=SHIPPED):
    rng = random.Random(seed)
    positions = []
    for _ in range(games):
        play(16, 30, 99, "safe", rng, strategy, positions)
    times = []
    for vis in positions:
        t0 = time.perf_counter()
        hint_for_visible(16, 30, 99, vis)
        times.append(time.perf_counter() - t0)
    times.sort()
    med = statistics.median(times) * 1000
    p99 = times[int(0.99 * (len(times) - 1))] * 1000
    print(
        f"hint latency, Expert: positions={len(times)} median={med:.2f} ms  p99={p99:.2f} ms  "
        f"max={times[-1] * 1000:.1f} ms",
        flush=True,
    )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--config", action="append", choices=sorted(CONFIGS) + ["all", "latency"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--progress", type=int, default=0, help="also print the figures every N games")
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
    args = ap.parse_args(argv)
    base = parse_strategy(args.base, args.set)
    configs = args.config or ["all", "latency"]
    if "all" in configs:
        configs = list(CONFIGS) + [c for c in configs if c == "latency"]
    for name in configs:
        if name == "latency":
            bench_latency(max(5, args.games // 20), args.seed, base)
        elif args.candidate:
            bench_paired(name, args.games, args.seed, base, parse_strategy(args.candidate, args.set), args.progress)
        else:
            bench_winrate(name, args.games, args.seed, base, args.progress)


if __name__ == "__main__":
    main()
