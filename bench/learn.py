"""Learn benchmark: how fast the drill finds its positions (the player waits for one only if the one made while
they solved the last is not ready), and how they spread over the rules; how long judging a click takes.

Run: python -m bench.learn [--positions N] [--seed S]
"""

import argparse
import random
import time
from collections import Counter

from bench.timing import report, timed
from game.learn import lessons as lesson_data
from game.learn.drill import DRILL_RULES, next_position, positions_of_game
from game.model import Move


def spread(count, seed):
    """Positions from the solver's games, as they come: per game, per position, and by rule."""
    rng, rules, games, found = random.Random(seed), Counter(), 0, 0
    start = time.perf_counter()
    while found < count:
        games += 1
        for position in positions_of_game(rng):
            rules[position.rule] += 1
            found += 1
    seconds = time.perf_counter() - start
    print(f"drill: {found} positions from {games} Intermediate games in {seconds:.1f} s")
    print(f"  {1000 * seconds / games:.1f} ms a game, {1000 * seconds / found:.1f} ms a position on average")
    print("  by rule: " + ", ".join(f"{rule} {rules[rule]} ({rules[rule] / found:.0%})" for rule in DRILL_RULES))


def asked(seed, per_rule):
    """The wait for a position of one rule, as the drill asks for them."""
    for rule in DRILL_RULES:
        rng = random.Random(seed)
        report(f"next position ({rule})", timed(lambda _, rng=rng, rule=rule: next_position(rng, rule), per_rule))


def judging():
    """Judging a click (and explaining a wrong one) on every lesson board."""
    puzzles = [lesson.puzzle(n) for lesson in lesson_data.load() for n in range(len(lesson.boards))]
    moves = [Move("reveal", r, c) for p in puzzles for r in range(p.board.rows) for c in range(p.board.cols)]
    boards = [p for p in puzzles for r in range(p.board.rows) for c in range(p.board.cols)]
    report("check a click on a lesson board", timed(lambda i: boards[i].check(moves[i]), len(moves)))


def explaining(count, seed):
    """Explaining a wrong click on drill positions (on the frame: the simplest proof, found set by set)."""
    rng, positions = random.Random(seed), []
    while len(positions) < count:
        positions.extend(positions_of_game(rng))
    cells = [(p, cell) for p in positions[:count] for cell in sorted(p.safe | p.mines)]
    report(
        "explain a wrong click on a drill position",
        timed(lambda i: cells[i][0].puzzle().explain(cells[i][1]), len(cells)),
    )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--per-rule", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    spread(args.positions, args.seed)
    asked(args.seed, args.per_rule)
    judging()
    explaining(args.per_rule * len(DRILL_RULES), args.seed)


if __name__ == "__main__":
    main()
