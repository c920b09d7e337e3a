"""Replays of Expert games: seeking anywhere, writing and reading the file, and the analysis at game over.

python -m bench.replay
"""

import random

from bench.timing import report, timed
from game.model import Board
from game.model.replay.replay import Replay
from game.model.replay.stats import replay_stats
from game.model.replay.verdict import judge_game
from game.model.solver.hints import hint_for

GAMES = 16


def expert_game(seed, slip=0.0):
    """An Expert game played by the hint engine, flagging every mine it finds; with chance `slip` a move is
    a random covered cell instead, as a hurried player's would be (so some games are lost)."""
    rng = random.Random(seed)
    board = Board(16, 30, 99, seed=seed)
    board.reveal(8, 15)
    times, t = [0], 0
    while board.state == "playing":
        hint = hint_for(board, lookahead=False)
        if rng.random() < slip:
            covered = [
                (r, c)
                for r in range(16)
                for c in range(30)
                if not board.is_revealed(r, c) and not board.is_flagged(r, c)
            ]
            board.reveal(*rng.choice(covered))
        elif hint.is_mine:
            board.toggle_flag(*hint.cell)
        else:
            board.reveal(*hint.cell)
        t += rng.randrange(100, 900)
        times.append(t)
    board.stamp_times(times)
    return Replay.from_game(board, elapsed_ms=t + 50)


def lucky_game(seed, luck=150):
    """An Expert game of clicks anywhere that miss every mine for `luck` clicks: a worst case for the analysis,
    as nearly every click is a guess the solver must confirm on a board of scattered numbers."""
    rng = random.Random(seed)
    board = Board(16, 30, 99, seed=seed)
    while board.state in ("ready", "playing"):
        cell = rng.randrange(16), rng.randrange(30)
        if len(board.moves) < luck and board.mines_placed and board.is_mine(*cell):
            continue
        board.reveal(*cell)
    board.stamp_times([100 * n for n in range(len(board.moves))])
    return Replay.from_game(board)


def main():
    print("replay benchmark (Expert games played by the hint engine, half of them with slips)")
    games = [expert_game(seed, slip=0.0 if seed % 2 else 0.05) for seed in range(GAMES)]
    lost = [g for g in games if g.final_board().state == "lost"]
    print(
        f"  {len(games)} games ({len(lost)} lost), {sum(len(g.moves) for g in games)} moves in all "
        f"({min(len(g.moves) for g in games)} to {max(len(g.moves) for g in games)} per game)"
    )
    rng = random.Random(1)
    points = [(g, rng.randrange(len(g.moves) + 1)) for g in games for _ in range(40)]
    # a replay built from a game lays its keyframes on the way to its first seek: the worst case
    cold = [(Replay.from_game(g.final_board(), g.elapsed_ms), n) for g, n in points]
    report("seek to a random move, first seek", timed(lambda i: cold[i][0].board_after(cold[i][1]), len(cold)), 16)
    report(
        "seek to a random move, keyframes laid",
        timed(lambda i: points[i][0].board_after(points[i][1]), len(points)),
        16,
    )
    times = [(g, rng.uniform(0, g.elapsed_ms)) for g in games for _ in range(40)]
    report("seek to a random time (board_at)", timed(lambda i: times[i][0].board_at(times[i][1]), len(times)), 16)
    texts = [g.to_json() for g in games]
    report("move log as JSON (to_json)", timed(lambda i: games[i % GAMES].to_json(), 400), 2)
    print(f"  replay file size: {min(map(len, texts))} to {max(map(len, texts))} bytes")
    report("read and check a replay file (from_json)", timed(lambda i: Replay.from_json(texts[i % GAMES]), 80))
    report("statistics (stats)", timed(lambda i: replay_stats(games[i % GAMES]), 80))
    report("analysis at game over, every game", timed(lambda i: judge_game(games[i]), GAMES), 100)
    if lost:
        report(
            "analysis at game over, lost games", timed(lambda i: judge_game(lost[i % len(lost)]), 2 * len(lost)), 100
        )
    lucky = [lucky_game(seed) for seed in range(GAMES)]
    report("analysis, lucky clicks anywhere (worst case)", timed(lambda i: judge_game(lucky[i]), GAMES), 100)


if __name__ == "__main__":
    main()
