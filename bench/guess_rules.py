"""Benchmark the no-guess family's rulings: the time a reveal waits for the mode (forced guesses made safe;
strict) on Expert, as a game plays it (a Judge carrying the analysis from click to click). Prints figures.

Run: python -m bench.guess_rules [--games N] [--guess-rate R]
A player is simulated: a certainly safe cell most of the time, else (and at rate R) a random covered cell.
"""

import argparse
import random
import time
from collections import Counter

from game.model import Board, GameState, GuessRule, Judge, Move, MoveKind, Ruling, analyse


def play(seed: int, rule: GuessRule, guess_rate: float, waits: list[float], rulings: Counter[Ruling]) -> None:
    rng = random.Random(seed)
    board = Board(16, 30, 99, seed=seed)
    board.reveal(8, 15)
    judge = Judge(rule)
    while board.state == GameState.PLAYING:
        covered = [(r, c) for r in range(16) for c in range(30) if not board.is_revealed(r, c)]
        safe = sorted(analyse(board).safe)
        cell = rng.choice(safe) if safe and rng.random() >= guess_rate else rng.choice(covered)
        move = Move(MoveKind.REVEAL, *cell)
        start = time.perf_counter()
        rulings[judge.rule(board, move)] += 1
        waits.append(time.perf_counter() - start)
        board.apply(move)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--guess-rate", type=float, default=0.1)
    args = parser.parse_args()
    for rule in (GuessRule.FORCED_SAFE, GuessRule.STRICT):
        waits: list[float] = []
        rulings: Counter[Ruling] = Counter()
        for seed in range(args.games):
            play(seed, rule, args.guess_rate, waits, rulings)
        waits.sort()
        ms = [w * 1000 for w in waits]
        print(
            f"{rule.value}: {len(ms)} reveals in {args.games} Expert games; wait median {ms[len(ms) // 2]:.2f} ms, "
            f"p99 {ms[int(len(ms) * 0.99)]:.1f} ms, worst {ms[-1]:.1f} ms; "
            + ", ".join(f"{r.value} {n}" for r, n in sorted(rulings.items()))
        )


if __name__ == "__main__":
    main()
