"""No-guess generation benchmark: time per board on presets and a 35% board, with medians and p95."""

import argparse
import statistics
import time

from game.model.solver.noguess import generate_no_guess, solves_without_guessing

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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--boards", type=int, default=100)
    ap.add_argument("--config", action="append", choices=sorted(CONFIGS))
    ap.add_argument("--first-click", default="opening", choices=["opening", "safe"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--verify", action="store_true")
    args = ap.parse_args(argv)
    for name in args.config or list(CONFIGS):
        bench(name, args.boards, args.seed, args.first_click, args.verify)


if __name__ == "__main__":
    main()
