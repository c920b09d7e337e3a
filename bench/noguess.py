"""No-guess generation benchmark: time per board on presets and a 35% board, with medians and p95; with
--density, how often a board turns up within the game's wait (config.NO_GUESS_TIMEOUT) and how long it takes,
by board size and mine density.

The density table counts the generator's CPU time (the thread's own), not the wall clock: on a loaded machine
the wall clock measures the other programs too. A board that needs more than the game's wait of CPU time counts
as not made, as it would not be in the game on an idle core.
"""

import argparse
import statistics
import time

from game import config
from game.model.solver.noguess import NoGuessCancelled, generate_no_guess, solves_without_guessing

CONFIGS = {
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (16, 30, 99),
    "expert-170": (16, 30, 170),
}


def bench(name, boards, seed, first_click, verify):
    rows, cols, mines = CONFIGS[name]
    first = (rows // 2, cols // 2)
    times = []
    for k in range(boards):
        t0 = time.perf_counter()
        cells = generate_no_guess(rows, cols, mines, first, seed=seed + k, first_click=first_click, timeout=60)
        times.append(time.perf_counter() - t0)
        if verify:
            assert solves_without_guessing(rows, cols, cells, first)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"{name:12s} {rows}x{cols}/{mines} first-click={first_click}: boards={boards} "
        f"median={1000 * statistics.median(times):.1f} ms  p95={1000 * p95:.1f} ms  "
        f"max={1000 * times[-1]:.1f} ms",
        flush=True,
    )


DENSITY_SIZES = ((9, 9), (16, 16), (16, 30), (30, 30), (50, 50), (100, 100))
DENSITIES = (0.10, 0.15, 0.20, 0.25, 0.30, 0.35)
GIVE_UP_CPU = 4 * config.NO_GUESS_TIMEOUT  # past this a board is "not made" either way: no need to wait longer


def by_density(sizes, densities, boards, seed, first_click):
    """Success within the game's wait, and the CPU time a board takes, for each size and density."""
    wait = config.NO_GUESS_TIMEOUT
    print(f"first click {first_click}; made: within {wait:g} s of CPU (the game's wait); times in CPU seconds")
    print(f"{'board':>9s} {'density':>7s} {'mines':>5s} {'made':>7s} {'median':>8s} {'p90':>8s} {'max':>8s}")
    for rows, cols in sizes:
        for density in densities:
            mines = int(rows * cols * density)
            first = (rows // 2, cols // 2)
            spent = []
            for k in range(boards):
                t0 = time.thread_time()
                try:
                    generate_no_guess(
                        rows,
                        cols,
                        mines,
                        first,
                        seed=seed + k,
                        first_click=first_click,
                        timeout=None,
                        cancel=lambda t0=t0: time.thread_time() - t0 > GIVE_UP_CPU,
                    )
                    spent.append(time.thread_time() - t0)
                except NoGuessCancelled:  # past GIVE_UP_CPU
                    spent.append(float("inf"))
            made = sum(1 for t in spent if t <= wait)
            spent.sort()
            p90 = spent[int(0.9 * (len(spent) - 1))]

            def shown(t):
                return f"{t:8.2f}" if t != float("inf") else f"{'>' + format(GIVE_UP_CPU, 'g'):>8s}"

            print(
                f"{rows:>4d}x{cols:<4d} {100 * density:6.0f}% {mines:5d} {made:3d}/{boards:<3d} "
                f"{shown(statistics.median(spent))} {shown(p90)} {shown(spent[-1])}",
                flush=True,
            )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--boards", type=int, default=100)
    ap.add_argument("--config", action="append", choices=sorted(CONFIGS))
    ap.add_argument("--first-click", default="opening", choices=["opening", "safe"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--verify", action="store_true")
    ap.add_argument("--density", action="store_true", help="success and time by board size and mine density")
    args = ap.parse_args(argv)
    if args.density:
        by_density(DENSITY_SIZES, DENSITIES, args.boards, args.seed, args.first_click)
        return
    for name in args.config or list(CONFIGS):
        bench(name, args.boards, args.seed, args.first_click, args.verify)


if __name__ == "__main__":
    main()
