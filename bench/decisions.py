"""One decision of the engine shipped, weighed against the others it could have made: each choice is forced, and
the game finished by the engine shipped on the same layouts with the same draws (weighted: each guess counts by
its exact chance, bench/autoplay.py), so the choices are compared on equal terms. Classic Expert, safe corner.

    python -m bench.decisions first-guess --boards 2400 --seed 7001 --samples 2 --jobs 2
        the first guess when the corner shows a number: the engine's pick (the far corner) against four cells
        near the corner, by the number the corner shows
    python -m bench.decisions aim --games 800 --seed 8101 --samples 16 --jobs 2
        one guess position a game (outside the exact endgame): every root the search weighs, and four off-edge
        cells, against the engine's pick; how well the chance of surviving the next reveals, and the chances of
        opening a zero or proving a cell safe, foretell the game's result

Results files resume as bench.solver's do (bench/runs.py). docs/solver.md gives the figures.
"""

from __future__ import annotations

import argparse
import math
import random
from functools import partial

from bench.autoplay import Game
from bench.posterior import sample_layout
from bench.runs import RESULTS, ResultsFile, board_seeds, play_all
from bench.search import Search, SearchSettings, off_edge_cells
from game.model.solver.guess import SHIPPED

ROWS, COLS, MINES = 16, 30, 99
NEAR_CORNER = [(0, 2), (2, 2), (1, 2), (0, 3)]  # beside the corner's neighbours, and one along the edge


def finish_forced(seed, moves, layouts, cell):
    """The weighted results of finishing the game after `moves` with `cell` opened next, on each layout."""
    out = []
    for n, layout in enumerate(layouts):
        game = Game(ROWS, COLS, MINES, "safe", seed, list(moves), layout)
        out.append(game.finish_weighted(SHIPPED, random.Random(f"{seed}/{n}"), cell))
    return out


def layouts_for(game, a, rng, samples):
    """The board's own layout and samples - 1 more drawn from those the position allows."""
    return [{r * COLS + c for r, c in game.board.mine_cells()}] + [sample_layout(a, rng) for _ in range(samples - 1)]


def first_guess_board(samples, i, seed):
    game = Game(ROWS, COLS, MINES, "safe", seed)
    if sum(1 for v in game.vis if v >= 0) != 1:
        return {"i": i, "seed": seed}  # the corner opened a region: no first guess of this kind
    a = game.analysis()
    pick = game.guess(a, SHIPPED)
    layouts = layouts_for(game, a, random.Random(seed), samples)
    results = [finish_forced(seed, game.moves, layouts, cell) for cell in [pick, *NEAR_CORNER]]
    return {"i": i, "seed": seed, "shown": game.vis[0], "pick": list(pick), "w": results}


def mean(xs):
    return sum(xs) / len(xs)


def interval(diffs):
    """Mean and 95% interval of paired differences."""
    m = mean(diffs)
    sd = math.sqrt(sum((x - m) ** 2 for x in diffs) / max(1, len(diffs) - 1))
    half = 1.96 * sd / math.sqrt(len(diffs))
    return m, m - half, m + half


def points(m, lo, hi):
    return f"{100 * m:+.2f} [{100 * lo:+.2f}, {100 * hi:+.2f}]"


def first_guess_summary(records):
    rows = [r for r in records if "shown" in r]
    share = len(rows) / len(records)
    print(f"first guess, Expert safe corner: {len(records)} boards, the corner shows a number on {len(rows)}")
    names = ["far corner (the engine's pick)", *map(str, NEAR_CORNER)]
    for label, part in [("all", rows)] + [(f"corner {k}", [r for r in rows if r["shown"] == k]) for k in (1, 2, 3)]:
        if len(part) < 2:
            continue
        means = [[mean(w) for w in r["w"]] for r in part]
        rates = "  ".join(f"{name} {100 * mean([m[c] for m in means]):.2f}%" for c, name in enumerate(names))
        print(f"  {label}, {len(part)} boards: {rates}")
        for c, name in enumerate(names[1:], 1):
            m, lo, hi = interval([x[c] - x[0] for x in means])
            overall = f", on all boards {points(m * share, lo * share, hi * share)}" if label == "all" else ""
            print(f"    {name} against the pick: {points(m, lo, hi)}{overall}")


def features(a, search, i):
    """A candidate cell's safety, chance of showing a zero, chance of proving another cell safe, and chances of
    surviving the next two and three reveals."""
    total = a.layouts
    zero = 0
    for v in search.shown(a, i):
        b = search.child(a, frozenset(), i, v)
        if v == 0 and b is not None and b.layouts is not None:
            zero += b.layouts
    return {
        "cell": i,
        "safety": float(1 - a.nums[i] / a.den[i]),
        "zero": zero / total,
        "progress": search.progress(a, i),
        "s2": search.through(a, frozenset(), i, 2, 0.0),
        "s3": search.through(a, frozenset(), i, 3, 0.0),
        "frontier": i in a.frontier.comp_of(),
    }


def aim_board(samples, i, seed):
    game = Game(ROWS, COLS, MINES, "safe", seed)
    positions = [list(game.moves) for a, _ in game.guesses(SHIPPED) if a.exact and a.layouts > SHIPPED.endgame_layouts]
    if not positions:
        return {"i": i, "seed": seed}
    rng = random.Random(seed)
    moves = rng.choice(positions)
    game = Game(ROWS, COLS, MINES, "safe", seed, moves)
    a = game.analysis()
    r, c = game.guess(a, SHIPPED)
    pick = r * COLS + c
    search = Search(a, SearchSettings(nodes=10**9))
    cells = [j for _, j in search.candidates(a, 6)]
    if any(j not in a.frontier.comp_of() for j in cells):
        cells += off_edge_cells(a, 4)
    cells = list(dict.fromkeys([*cells, pick]))
    if len(cells) < 2:
        return {"i": i, "seed": seed}
    layouts = layouts_for(game, a, rng, samples)
    found = [features(a, search, j) for j in cells]
    for f in found:
        f["w"] = finish_forced(seed, moves, layouts, divmod(f["cell"], COLS))
    return {"i": i, "seed": seed, "pick": pick, "layouts": float(a.layouts), "cells": found}


def least_squares(xs, ys):
    """Coefficients and standard errors of ys ~ xs (no intercept: the differences are against the pick)."""
    k = len(xs[0])
    m = [[sum(x[p] * x[q] for x in xs) for q in range(k)] + [float(p == q) for q in range(k)] for p in range(k)]
    b = [sum(x[p] * y for x, y in zip(xs, ys)) for p in range(k)]
    for p in range(k):  # Gauss-Jordan on [X'X | I] gives the inverse
        piv = max(range(p, k), key=lambda r: abs(m[r][p]))
        m[p], m[piv] = m[piv], m[p]
        m[p] = [v / m[p][p] for v in m[p]]
        for r in range(k):
            if r != p:
                m[r] = [v - m[r][p] * w for v, w in zip(m[r], m[p])]
    inv = [row[k:] for row in m]
    beta = [sum(inv[p][q] * b[q] for q in range(k)) for p in range(k)]
    res = [y - sum(bp * xp for bp, xp in zip(beta, x)) for x, y in zip(xs, ys)]
    s2 = sum(e * e for e in res) / max(1, len(xs) - k)
    return beta, [math.sqrt(s2 * inv[p][p]) for p in range(k)]


def aim_summary(records):
    rows = [r for r in records if "cells" in r]
    print(f"aim, Expert safe corner: {len(records)} games, {len(rows)} positions with two cells or more to weigh")
    # the best cell chosen on odd layouts, judged on even ones: what a perfect choice among these cells would win
    gains = []
    for r in rows:
        pick = next(f for f in r["cells"] if f["cell"] == r["pick"])
        best = max(r["cells"], key=lambda f: mean(f["w"][1::2]))
        gains.append(mean(best["w"][0::2]) - mean(pick["w"][0::2]))
    print(
        f"  the best of these cells (chosen on half the layouts, judged on the other half) against the pick: "
        f"{points(*interval(gains))} a position"
    )
    pairs = []
    for r in rows:
        pick = next(f for f in r["cells"] if f["cell"] == r["pick"])
        for f in r["cells"]:
            if f is not pick:
                pairs.append((f, pick, mean([x - y for x, y in zip(f["w"], pick["w"])])))
    print(f"  {len(pairs)} cells against the pick of their position; their result's difference regressed on:")
    for names in (["s3"], ["s3", "zero"], ["s3", "progress"], ["s3", "zero", "progress"]):
        xs = [[f[n] - p[n] for n in names] for f, p, _ in pairs]
        beta, se = least_squares(xs, [d for _, _, d in pairs])
        print("    " + "  ".join(f"{n} {b:+.3f} ({s:.3f})" for n, b, s in zip(names, beta, se)))
    for cand in (True, False):
        for picked in (True, False):
            part = [d for f, p, d in pairs if f["frontier"] == cand and p["frontier"] == picked]
            if len(part) > 1:
                what = (
                    f"{'frontier' if cand else 'interior'} cells against {'frontier' if picked else 'interior'} picks"
                )
                print(f"  {what}: {len(part)}, {points(*interval(part))}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=["first-guess", "aim"])
    parser.add_argument("--boards", "--games", type=int, default=400, dest="boards")
    parser.add_argument("--seed", type=int, default=7001)
    parser.add_argument("--samples", type=int, default=2, help="layouts each choice is finished on")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    work, summary = {"first-guess": (first_guess_board, first_guess_summary), "aim": (aim_board, aim_summary)}[
        args.kind
    ]
    key = {"decisions": args.kind, "seed": args.seed, "samples": args.samples}
    results = ResultsFile(RESULTS / f"decisions-{args.kind}-s{args.seed}-n{args.samples}.jsonl", key)
    for _ in play_all(results, board_seeds(args.seed, args.boards), partial(work, args.samples), args.jobs):
        pass
    summary([results.done[i] for i in range(args.boards)])
    print(f"  results: {results.path}", flush=True)


if __name__ == "__main__":
    main()
