"""How long the records store takes: recording a game, saving a move, opening the file."""

import argparse
import random
import shutil
import tempfile
from pathlib import Path

from bench.timing import report, timed
from game.model import Board
from game.store import GameRecord, Store


def board_dict(rows, cols, mines, seed):
    """A game in progress, as the playing scene saves it: a few moves into a real board."""
    board = Board(rows, cols, mines, seed=seed)
    rng = random.Random(seed)
    board.reveal(rows // 2, cols // 2)
    for _ in range(rows * cols // 20):
        r, c = rng.randrange(rows), rng.randrange(cols)
        if board.state == "playing" and not board.is_revealed(r, c):
            board.toggle_flag(r, c) if board.is_mine(r, c) else board.reveal(r, c)
    return board.to_dict()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--home", help="folder to benchmark in (default: a temporary folder)")
    parser.add_argument("-n", type=int, default=1000, help="saves per board size")
    args = parser.parse_args()
    base = Path(args.home) if args.home else Path(tempfile.mkdtemp(prefix="bench-store-"))
    rng = random.Random(1)
    print(f"records store benchmark in {base}")
    try:
        home = base / "main"
        store = Store.open(home=home)
        assert store.available, store.notices

        for label, (rows, cols, mines) in (("Expert 16x30", (16, 30, 99)), ("100x100", (100, 100, 2000))):
            boards = [board_dict(rows, cols, mines, seed) for seed in range(20)]
            size = len(str(boards[0]))
            report(
                f"save_resume {label} (~{size // 1024} KB)",
                timed(lambda i, boards=boards: store.save_resume(boards[i % 20], i * 16, "expert"), args.n),
                2,
            )
        report("load_resume 100x100", timed(lambda i: store.load_resume(), 200))

        def record(i):
            store.record_game(
                GameRecord(
                    rows=16,
                    cols=30,
                    mines=99,
                    won=i % 3 != 0,
                    time_ms=rng.randrange(40_000, 400_000),
                    three_bv=rng.randrange(100, 250),
                    seed=i,
                    left_clicks=200,
                    right_clicks=80,
                    chord_clicks=30,
                    effective_clicks=250,
                )
            )

        report("record_game (Expert)", timed(record, 500))

        # What the playing scene does at game over since games keep their moves: the replay is built from
        # the board, written as JSON and stored compressed with the game.
        from bench.replay import expert_game
        from game.model.replay import Replay

        games = [expert_game(seed) for seed in range(10)]
        finals = [(g.final_board(), g.elapsed_ms) for g in games]
        sizes = sorted(len(g.to_json()) for g in games)

        def record_with_log(i):
            board, elapsed = finals[i % len(finals)]
            log = Replay.from_game(board, elapsed).to_json()
            store.record_game(
                GameRecord(
                    rows=16,
                    cols=30,
                    mines=99,
                    won=board.state == "won",
                    time_ms=elapsed,
                    three_bv=board.three_bv,
                    seed=i,
                    left_clicks=board.left_clicks,
                    right_clicks=board.right_clicks,
                    chord_clicks=board.chord_clicks,
                    effective_clicks=board.effective_clicks,
                    replay=log,
                )
            )

        report(f"record_game + move log (Expert, {sizes[0]}-{sizes[-1]} B of JSON)", timed(record_with_log, 500), 2)
        report("statistics('expert'), 500 games", timed(lambda i: store.statistics("expert"), 100))
        report("best_times('expert')", timed(lambda i: store.best_times("expert"), 100))
        store.close()

        def open_fresh(i):
            Store.open(home=base / f"fresh{i}").close()

        report("open + close, fresh folder", timed(open_fresh, 30))
        report("open + close, existing file", timed(lambda i: Store.open(home=home).close(), 30))
    finally:
        if not args.home:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
