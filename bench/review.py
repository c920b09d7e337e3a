"""Game review: an Expert game (played well, and a worst case of clicks anywhere) and a 100x100 game (played well,
and clicked in reading order: a guess at nearly every row) reviewed click by click (the model's `review_game`, as
a worker runs it), the game-over panel's verdict in a worker process, and `python main.py review --json` over the
sample videos (the whole command: its pool, the reader children, the reviews). Medians, to compare before and
after a change; the goals are the issue's (an Expert game within 1 s, a 100x100 game within 10 s).

python -m bench.review [--runs N] [--folder DIR]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from pathlib import Path

from bench.replay import lucky_game
from bench.timing import report, timed
from game.model import Board, Move, MoveKind, Replay, analyse, review_game

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT.parent / "shared" / "replays"


def thinking_game(rows: int, cols: int, mines: int, seed: int) -> Replay:
    """A game played as a good player plays it: every cell the numbers prove safe opened, one click each, and
    when none is, a guess at one of the safest cells (a safe one: the game is won, every click reviewed)."""
    rng = random.Random(seed)
    board = Board(rows, cols, mines, seed=seed)
    t = 0

    def click(row: int, col: int) -> list[tuple[int, int]]:
        nonlocal t
        revealed = board.apply(Move(MoveKind.REVEAL, row, col, t_ms=t))
        t += rng.randrange(80, 400)
        return revealed

    click(rows // 2, cols // 2)
    analysis = analyse(board)
    while board.state == "playing":
        safe = [cell for cell in sorted(analysis.safe) if not board.is_revealed(*cell)]
        if not safe:
            chances = analysis.probabilities
            lowest = min(chances.values())
            safe = [
                cell
                for cell in sorted(chances, key=chances.__getitem__)
                if not board.is_mine(*cell) and chances[cell] <= lowest + 0.1
            ][:1] or [next(cell for cell in sorted(chances) if not board.is_mine(*cell))]
        reveals: dict[int, int] = {}
        for row, col in safe:
            if not board.is_revealed(row, col):
                for r, c in click(row, col):
                    reveals[r * cols + c] = board.adjacent_mines(r, c)
        if board.state == "playing":
            analysis = analysis.after(reveals)
    return Replay.from_game(board)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--folder", default=str(SAMPLES))
    args = parser.parse_args()
    expert = [thinking_game(16, 30, 99, seed) for seed in range(args.runs)]
    print(f"Expert games: {[len(game.moves) for game in expert]} clicks")
    report("review an Expert game", timed(lambda i: review_game(expert[i]), args.runs), goal_ms=1000)
    # as the game-over panel asks for it: the verdict (the review and the losing click) in a worker process, the
    # first time with the worker's start, then with the worker kept
    from game.work import worker

    texts = [game.to_json() for game in expert]
    report(
        "verdict in a worker, worker started",
        timed(lambda i: worker.run("game.model.replay.verdict:judge_json", texts[0]), 1),
        goal_ms=1000,
    )
    report(
        "verdict in a worker, worker kept",
        timed(lambda i: worker.run("game.model.replay.verdict:judge_json", texts[i]), args.runs),
        goal_ms=1000,
    )
    lucky = [lucky_game(seed) for seed in range(args.runs)]
    guesses = [review.guesses for review in map(review_game, lucky) if review is not None]
    print(f"Expert games of clicks anywhere: {[len(game.moves) for game in lucky]} clicks, {guesses} guesses")
    report("review an Expert game of guesses", timed(lambda i: review_game(lucky[i]), args.runs), goal_ms=1000)
    huge = [thinking_game(100, 100, 2000, seed) for seed in range(max(1, args.runs // 2))]
    print(f"100x100 games (2,000 mines): {[len(game.moves) for game in huge]} clicks")
    report("review a 100x100 game", timed(lambda i: review_game(huge[i]), len(huge)), goal_ms=10_000)
    # every safe cell clicked in reading order: ~200 avoidable guesses, each naming a safe cell and its proof
    from tests.played import played

    in_order = [Replay.from_game(played(100, 100, 2000, seed)[0]) for seed in range(max(1, args.runs // 2))]
    print(f"100x100 games clicked in reading order: {[len(game.moves) for game in in_order]} clicks")
    report(
        "review a 100x100 game in reading order",
        timed(lambda i: review_game(in_order[i]), len(in_order)),
        goal_ms=10_000,
    )
    command = [sys.executable, str(ROOT / "main.py"), "review", "--json", args.folder]
    files = sum(1 for _ in Path(args.folder).iterdir() if _.suffix.lower() in (".avf", ".rmv", ".mvf", ".evf"))
    report(
        f"review --json over {files} videos",
        timed(lambda i: subprocess.run(command, capture_output=True, check=False), args.runs),
    )


if __name__ == "__main__":
    main()
