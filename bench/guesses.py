"""Where the guesses of classic Expert games played by the engine shipped stand, for levers that might win more:

python -m bench.guesses depth --games 200 --seed 11
    how deep each search of guesses got within its budget (0: one cell to weigh, no search), in games played by
    the search (kind `search`, shipped until stop 38)
python -m bench.guesses regions --games 300 --seed 31
    guesses outside the exact endgame made in a small covered region (under 8 cells, joined through covered
    neighbours or over one revealed cell, as David Hill's solver counts them before it defers them)
python -m bench.guesses endgame --games 300 --seed 41 --layouts 3000
    the exact endgame search tried on the positions with more layouts than the engine gives it (1,000) and at
    most --layouts: its time, and how often it gives up within the engine's work
python -m bench.guesses work --games 1500 --seed 3901
    the work each pick of the engine shipped spends (game/model/solver/living.py's `Meter`), its CPU time, and how
    many picks its work limit (`HillStrategy.work`) stopped with cells still to weigh
python -m bench.guesses deeper --games 5 --seed 4101
    what a pick one level deeper would cost (each cell's score taken from the picks of the positions its numbers
    lead to, not from their safest cells): at every pick of the engine shipped, the shipped pick run on every
    position a weighed cell's number leads to (where that position has no certain safe cell); the CPU of those
    picks against the pick's own, for every cell weighed and for the five it ranks best
python -m bench.guesses tail --games 400 --seed 3 --slowest 20 --rounds 3 --positions slow.json
    the guess hints of the slowest positions, timed again and again: the --slowest of every guess position of the
    games (hinted as `bench.solver --config latency` does, the certain mines flagged, the store of counted groups
    emptied before each hint), written to --positions the first time and read from it after, so that two builds
    time the same positions in turns
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

from bench import strategies as strategies_module
from bench.autoplay import Game
from game.model.solver import hill, living
from game.model.solver.analysis import DEFAULT_BUDGET, neighbours
from game.model.solver.endgame import endgame_cell
from game.model.solver.enumeration import forget
from game.model.solver.guess import SHIPPED, Spot
from game.model.solver.hints import hint_for_visible

ROWS, COLS, MINES = 16, 30, 99


def positions(games, seed, strategy=SHIPPED):
    """(game, analysis, cell guessed) at every guess of `games` Expert games played by the strategy (the engine
    shipped), before the cell is opened."""
    rng = random.Random(seed)
    for _ in range(games):
        game = Game(ROWS, COLS, MINES, "safe", rng.randrange(2**32))
        for a, cell in game.guesses(strategy):
            yield game, a, cell


def bench_depth(games, seed, **_):
    depths = Counter()
    searched = strategies_module.best_guess

    def noted(*args, **kwargs):
        cell, depth = searched(*args, **kwargs)
        depths[depth] += 1
        return cell, depth

    strategies_module.best_guess = noted
    try:
        count = sum(1 for _ in positions(games, seed, strategies_module.SearchStrategy()))
    finally:
        strategies_module.best_guess = searched
    print(f"depth, Expert, {games} games: {count} guesses, searches by the depth completed {sorted(depths.items())}")


def bench_work(games, seed, **_):
    """Every pick's work and CPU time, played by the engine shipped (its work limit on)."""
    picks = []  # (work, CPU ms, stopped by the limit)

    @dataclass(frozen=True)
    class Metered(hill.HillStrategy):
        def pick(self, spot, meter=None):
            meter = living.Meter()
            t0 = time.process_time()
            cell = super().pick(spot, meter)
            picks.append((meter.spent, 1000 * (time.process_time() - t0), meter.stopped))
            return cell

    shipped = SHIPPED
    assert isinstance(shipped, hill.HillStrategy)
    count = sum(1 for _ in positions(games, seed, Metered(**asdict(shipped))))
    work = sorted(w for w, _, _ in picks)
    ms = sorted(t for _, t, _ in picks)
    rate = sorted(1000 * t / w for w, t, _ in picks if t > 20 and w)

    def at(values, q):
        return values[int(q * (len(values) - 1))]

    print(f"work, Expert, {games} games: {count} guesses, {len(picks)} picks by the look-ahead")
    for name, values, unit in (("work", work, ""), ("CPU", ms, " ms")):
        print(
            f"  {name}: median {at(values, 0.5):,.0f}{unit}  p90 {at(values, 0.9):,.0f}{unit}  "
            f"p99 {at(values, 0.99):,.0f}{unit}  p99.9 {at(values, 0.999):,.0f}{unit}  max {values[-1]:,.0f}{unit}"
        )
    if rate:
        print(
            f"  CPU ms per 1,000 of work (picks over 20 ms): p10 {at(rate, 0.1):.2f}  median {at(rate, 0.5):.2f}  "
            f"p90 {at(rate, 0.9):.2f}"
        )
    stopped = sum(cut for _, _, cut in picks)
    print(f"  picks the work limit ({shipped.work}) stopped with cells still to weigh: {stopped}")


DEEPER_TOP = 5


def bench_deeper(games, seed, **_):
    """The CPU a pick one level deeper would take (module docstring), printed pick by pick and summed up."""
    picks = []  # (pick ms, cells weighed, positions needing a pick, their picks' ms, those of the best five's ms)

    @dataclass(frozen=True)
    class Deeper(hill.HillStrategy):
        def select(self, scored):
            self._order.extend(s.cell for s in sorted(scored, key=lambda s: (s.deferred, -s.weight, -s.clears)))
            return super().select(scored)

        def pick(self, spot, meter=None):
            object.__setattr__(self, "_order", [])
            t0 = time.process_time()
            cell = super().pick(spot, living.Meter())
            own = 1000 * (time.process_time() - t0)
            shipped = hill.HillStrategy(**asdict(SHIPPED))
            weighed = self.to_weigh(spot, living.Position(spot.analysis, self.living, living.Meter()))
            children, per_cell = 0, {}
            for i in weighed:
                t1 = time.process_time()
                for v, b in spot.numbers_shown(i):
                    if b is None:
                        continue
                    vis = list(spot.visible)
                    vis[i] = v
                    child = Spot(spot.rows, spot.cols, spot.mines, vis, b, spot.budget)
                    if any(p == 0.0 for p in child.probs.values()):
                        continue  # a certain safe cell there: one level deeper scores it 1 without a pick
                    children += 1
                    shipped.pick(child, living.Meter())
                per_cell[i] = 1000 * (time.process_time() - t1)
            top = sum(per_cell.get(i, 0.0) for i in self._order[:DEEPER_TOP])
            picks.append((own, len(weighed), children, sum(per_cell.values()), top))
            print(
                f"  pick: {own:.0f} ms, {len(weighed)} cells weighed, {children} positions to pick in: "
                f"{picks[-1][3]:,.0f} ms, the best {DEEPER_TOP} cells' {top:,.0f} ms",
                flush=True,
            )
            return cell

    assert isinstance(SHIPPED, hill.HillStrategy)
    count = sum(1 for _ in positions(games, seed, Deeper(**asdict(SHIPPED))))
    med = statistics.median
    print(f"deeper, Expert, {games} games (seed {seed}): {count} guesses, {len(picks)} picks by the look-ahead")
    if picks:
        print(
            f"  medians: the pick {med(p[0] for p in picks):.0f} ms; one level deeper for every cell weighed "
            f"{med(p[3] for p in picks):,.0f} ms ({med(p[3] / p[0] for p in picks if p[0]):.0f} times the pick), "
            f"for its best {DEEPER_TOP} {med(p[4] for p in picks):,.0f} ms "
            f"({med(p[4] / p[0] for p in picks if p[0]):.1f} times); a position's pick "
            f"{med(p[3] / p[2] for p in picks if p[2]):.0f} ms"
        )


def region_size(vis, start, cap=8):
    """Covered cells joined to `start` through covered neighbours or over one revealed cell, counted up to cap."""
    nb = neighbours(ROWS, COLS)
    seen, todo = {start}, [start]
    while todo and len(seen) < cap:
        m = todo.pop()
        for j in nb[m]:
            for k in [j] if vis[j] < 0 else nb[j]:
                if vis[k] < 0 and k not in seen:
                    seen.add(k)
                    todo.append(k)
    return len(seen)


def bench_regions(games, seed, **_):
    count = small = 0
    risk = 0.0
    for game, a, (r, c) in positions(games, seed):
        if a.layouts is None or a.layouts <= SHIPPED.endgame_layouts:
            continue
        i = r * COLS + c
        count += 1
        if region_size(game.vis, i) < 8:
            small += 1
            risk += float(a.nums[i] / a.den[i])
    print(
        f"regions, Expert, {games} games: {count} guesses outside the endgame, {small} in a small region "
        f"(their chances of a mine summed {risk:.1f})"
    )


def bench_endgame(games, seed, layouts=3000, above=SHIPPED.endgame_layouts, **_):
    times, gave_up = [], 0
    for game, a, _ in positions(games, seed):
        if not a.exact or not above < a.layouts <= layouts:
            continue
        spot = Spot(ROWS, COLS, MINES, game.vis, a, DEFAULT_BUDGET)
        t0 = time.perf_counter()
        cell = endgame_cell(ROWS, COLS, MINES, game.vis, a, spot.ranked, layouts, SHIPPED.endgame_work)
        times.append(1000 * (time.perf_counter() - t0))
        gave_up += cell is None
    if not times:
        print("endgame: no position in that band")
        return
    times.sort()
    print(
        f"endgame, Expert, {games} games: {len(times)} positions of {above:,} to {layouts:,} "
        f"layouts, gave up on {gave_up} within {SHIPPED.endgame_work:,} of work; median "
        f"{statistics.median(times):.0f} ms, p99 {times[int(0.99 * (len(times) - 1))]:.0f} ms, max {times[-1]:.0f} ms"
    )


def cold_hint_ms(vis, flagged):
    """The time of one guess hint (ms) with the store of counted groups emptied first: the work, not the store."""
    forget()
    t0 = time.perf_counter()
    hint_for_visible(ROWS, COLS, MINES, vis, flagged=set(flagged))
    return 1000 * (time.perf_counter() - t0)


def slowest_positions(games, seed, count):
    """The `count` guess positions of the games whose hint takes longest here: [{"vis", "flagged"}], slowest first."""
    timed = []
    for game, a, _ in positions(games, seed):
        flagged = sorted(r * COLS + c for r, c in a.mines)
        timed.append((cold_hint_ms(game.vis, flagged), list(game.vis), flagged))
    timed.sort(key=lambda t: -t[0])
    return [{"vis": vis, "flagged": flagged} for _, vis, flagged in timed[:count]]


def bench_tail(games, seed, slowest=20, rounds=3, path=None, **_):
    file = Path(path) if path else None
    if file is not None and file.exists():
        chosen = json.loads(file.read_text())
    else:
        chosen = slowest_positions(games, seed, slowest)
        if file is not None:
            file.write_text(json.dumps(chosen))
    times = [[cold_hint_ms(p["vis"], p["flagged"]) for p in chosen] for _ in range(rounds)]
    each = sorted(statistics.median(t[n] for t in times) for n in range(len(chosen)))
    print(
        f"tail, Expert: the {len(chosen)} slowest guess positions of {games} games (seed {seed}), {rounds} rounds: "
        f"per position median {statistics.median(each):.0f} ms, max {each[-1]:.0f} ms; all of them a round "
        f"{statistics.median(sum(t) for t in times):.0f} ms (median of rounds)"
    )


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=["depth", "regions", "endgame", "tail", "work", "deeper"])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--layouts", type=int, default=3000)
    parser.add_argument("--above", type=int, default=SHIPPED.endgame_layouts)
    parser.add_argument("--slowest", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--positions", help="tail: the positions' file (written if missing)")
    args = parser.parse_args(argv)
    kinds = {
        "depth": bench_depth,
        "regions": bench_regions,
        "endgame": bench_endgame,
        "tail": bench_tail,
        "work": bench_work,
        "deeper": bench_deeper,
    }
    kinds[args.kind](
        args.games,
        args.seed,
        layouts=args.layouts,
        above=args.above,
        slowest=args.slowest,
        rounds=args.rounds,
        path=args.positions,
    )


if __name__ == "__main__":
    main()
