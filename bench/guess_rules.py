"""Benchmark the no-guess family's rulings (forced guesses made safe; strict) on Expert, as a game plays them (a
Judge carrying the analysis from click to click). Prints figures: the frame's share of a click's ruling (the
question: a copy of the position), and the wait for the answer, worked out off the frame while the click and the
input after it wait.

Run: python -m bench.guess_rules [--games N] [--guess-rate R] [--size ROWSxCOLSxMINES]
A player is simulated: a certainly safe cell most of the time, else (and at rate R) a random covered cell; now
and then a chord.
"""

import argparse
import random
import time
from collections import Counter

from game.model import Board, GameState, GuessRule, Judge, Move, MoveKind, Ruling, analyse, settle


def play(
    seed: int,
    size: tuple[int, int, int],
    rule: GuessRule,
    guess_rate: float,
    frame: list[float],
    waits: list[float],
    rulings: Counter[Ruling],
) -> None:
    rng = random.Random(seed)
    rows, cols, mines = size
    board = Board(rows, cols, mines, seed=seed)
    board.reveal(rows // 2, cols // 2)
    judge = Judge(rule)
    while board.state == GameState.PLAYING:
        covered = [(r, c) for r in range(rows) for c in range(cols) if not board.is_revealed(r, c)]
        analysis = analyse(board)
        safe = sorted(analysis.safe)
        cell = rng.choice(safe) if safe and rng.random() >= guess_rate else rng.choice(covered)
        move = Move(MoveKind.REVEAL, *cell)
        if rng.random() < 0.1 and analysis.mines:  # a chord, on a flag the numbers may not prove
            flag = rng.choice(sorted(analysis.mines) if rng.random() < 0.7 else covered)
            board.toggle_flag(*flag)
            numbers = [(r, c) for r in range(rows) for c in range(cols) if board.chord_opens(r, c)]
            if numbers:
                move = Move(MoveKind.CHORD, *rng.choice(numbers))
        start = time.perf_counter()
        question = judge.question(board, move)
        asked = time.perf_counter()
        frame.append(asked - start)
        if question is not None:
            rulings[settle(board, judge.ask(question))] += 1
            waits.append(time.perf_counter() - asked)
        else:
            rulings[Ruling.AS_DEALT] += 1
        board.apply(move)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--guess-rate", type=float, default=0.1)
    parser.add_argument("--size", default="16x30x99", help="ROWSxCOLSxMINES (Expert)")
    args = parser.parse_args()
    rows, cols, mines = (int(n) for n in args.size.split("x"))
    for rule in (GuessRule.FORCED_SAFE, GuessRule.STRICT):
        frame: list[float] = []
        waits: list[float] = []
        rulings: Counter[Ruling] = Counter()
        for seed in range(args.games):
            play(seed, (rows, cols, mines), rule, args.guess_rate, frame, waits, rulings)
        print(
            f"{rule.value}: {len(frame)} clicks in {args.games} games of {args.size}; on the frame (the question) "
            f"{quantiles(frame)}; asked {len(waits)} times, off the frame (the answer) {quantiles(waits)}; "
            + ", ".join(f"{r.value} {n}" for r, n in sorted(rulings.items()))
        )


def quantiles(seconds: list[float]) -> str:
    if not seconds:
        return "none"
    ms = sorted(s * 1000 for s in seconds)
    return f"median {ms[len(ms) // 2]:.3f} ms, p99 {ms[int(len(ms) * 0.99)]:.2f} ms, worst {ms[-1]:.1f} ms"


if __name__ == "__main__":
    main()
