"""Boards dealt within a 3BV range: for Expert, the median and p95 time to deal a board with 3BV >= 150, >= 170,
>= 190, <= 110 and <= 100, and the share of boards in each range; with --table, each standard level's 3BV
quantiles, as game/view/bv_wait.py keeps them for the Custom form and Settings.

Times are the deal's CPU time (the process's own), which is what the game's worker process gets on an idle
core; the wall clock on a loaded machine would measure the other programs too. A deal is given GIVE_UP seconds
(one that needs longer counts as that, and a median or p95 among those reads "> GIVE_UP"); a range stops after
`--deals` deals or BUDGET seconds of deals, whichever comes first. "in 5 s": the share of deals done within the
game's wait (config.BV_RANGE_TIMEOUT).

    python -m bench.bbbv                  # Expert's five ranges, 200 deals each
    python -m bench.bbbv --table          # each level's 3BV quantiles over 20,000 boards
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from game import config
from game.model import PRESETS
from game.model.rules.bv_range import ThreeBvRange, deal_in_range
from game.model.rules.grid import Grid, three_bv_of
from game.model.rules.mines import draw_mines

RANGES = (
    (">= 150", ThreeBvRange(150, None)),
    (">= 170", ThreeBvRange(170, None)),
    (">= 190", ThreeBvRange(190, None)),
    ("<= 110", ThreeBvRange(None, 110)),
    ("<= 100", ThreeBvRange(None, 100)),
)
QUANTILES = (0.0001, 0.001, 0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99, 0.999, 0.9999)
GIVE_UP = 30.0
BUDGET = 120.0


def sample(rows: int, cols: int, mines: int, boards: int, seed: int) -> list[int]:
    """The 3BV of `boards` boards dealt as the game deals them (first click in the middle, the opening rule)."""
    grid = Grid(rows, cols)
    first = grid.index(rows // 2, cols // 2)
    return [
        three_bv_of(rows, cols, map(grid.cell, draw_mines(grid, mines, seed + k, first, "opening")))
        for k in range(boards)
    ]


def deals(deals_each: int, seed: int) -> None:
    rows, cols, mines = 16, 30, 99
    shares = sample(rows, cols, mines, 100_000, seed)
    print(f"Expert {rows}x{cols}/{mines}, first click in the middle, opening rule; {deals_each} deals a range")
    print(
        f"{'range':>7s} {'in range':>9s} {'deals':>5s} {'median':>9s} {'p95':>9s} {'in 5 s':>7s} {'boards/deal':>11s}"
    )
    for name, bv_range in RANGES:
        share = sum(bv_range.holds(bv) for bv in shares) / len(shares)
        spent: list[float] = []
        tried: list[int] = []
        while len(spent) < deals_each and sum(spent) < BUDGET:
            t0 = time.process_time()
            deal = deal_in_range(
                rows, cols, mines, (8, 15), seed + 1000 * len(spent), "opening", bv_range, GIVE_UP, time.process_time
            )
            spent.append(time.process_time() - t0 if deal.mines is not None else math.inf)
            tried.append(deal.tried)
        spent.sort()
        p95 = spent[int(0.95 * (len(spent) - 1))]
        in_time = sum(s <= config.BV_RANGE_TIMEOUT for s in spent) / len(spent)
        print(
            f"{name:>7s} {share:9.4%} {len(spent):5d} {_seconds(statistics.median_low(spent)):>9s} "
            f"{_seconds(p95):>9s} {in_time:7.0%} {statistics.mean(tried):11.0f}",
            flush=True,
        )


def _seconds(value: float) -> str:
    return f"> {GIVE_UP:g} s" if math.isinf(value) else f"{1000 * value:.0f} ms" if value < 1 else f"{value:.2f} s"


def table(boards: int, seed: int) -> None:
    print(f"3BV quantiles over {boards} boards a level ({', '.join(f'{q:g}' for q in QUANTILES)}):")
    for key, preset in PRESETS.items():
        values = sorted(sample(preset.rows, preset.cols, preset.mines, boards, seed))
        picked = [values[min(len(values) - 1, int(q * len(values)))] for q in QUANTILES]
        print(f'    "{key}": {tuple(picked)},', flush=True)
    rows, cols, mines = 16, 30, 99
    t0 = time.process_time()
    sample(rows, cols, mines, 2_000, seed)
    print(f"Expert: {1000 * (time.process_time() - t0) / 2_000:.3f} ms of CPU a board drawn and its 3BV worked out")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200, help="deals a range (default 200)")
    parser.add_argument("--table", action="store_true", help="each level's 3BV quantiles instead")
    parser.add_argument("--boards", type=int, default=20_000, help="boards a level for --table")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.table:
        table(args.boards, args.seed)
    else:
        deals(args.deals, args.seed)


if __name__ == "__main__":
    main()
