"""How long the records store takes: saving a move, recording a game, opening the file, and the frames of a
game while another process holds the records file (no frame over 20 ms).

Writes go to the store's writer thread: a frame pays only for handing a write over ("frame's cost"); the
writer makes it a moment later ("until written", the frame's cost and the wait for the writer together)."""

import argparse
import os
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from bench.timing import percentile, report, timed
from game.model import Board
from game.store import DB_NAME, Store
from game.store.kept import GameRecord
from game.view import screens

FRAME_GOAL_MS = 20.0


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


def move_frames(home, moves, held):
    """Milliseconds per frame of an Expert game, each frame a move (a flag) and the save after it, with the
    records file held by another process (`held`: "write" or "all", see tests/locker.py) or free."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # a frame's figure is of the disk, not a sound card
    from game.model import Move
    from game.shell.app import App
    from tests.driver import FakeClock
    from tests.locker import Holder

    os.environ["MINESWEEPER_HOME"] = str(home)
    Store.open().close()
    holder = Holder(home / DB_NAME, held) if held else None
    try:
        app = App(clock=FakeClock(), seed=5, desktop_size=(1366, 768))
        app.show(screens.Playing(session=app.dealer.new(16, 30, 99)))
        app.step()
        scene = app.scene
        scene.apply(Move("reveal", 8, 15))
        app.step()
        covered = [(r, c) for r in range(16) for c in range(30) if not scene.board.is_revealed(r, c)]
        frames = []
        for n in range(moves):
            cell = covered[n % len(covered)]
            start = time.perf_counter()
            scene.apply(Move("flag", *cell) if not scene.board.is_flagged(*cell) else Move("unflag", *cell))
            app.step()
            frames.append((time.perf_counter() - start) * 1000)
        waiting = app.store._writer.waiting if app.store._writer else 0
    finally:
        if holder is not None:
            holder.release()
    app.store.close()
    return frames, waiting


def frames_report(label, runs):
    """One line for several games' frames: medians over the games of each game's median, p99 and worst frame
    (the machine is shared: a frame now and then waits for another process's turn), and the worst of all."""
    medians, p99s, worsts = ([f(frames) for frames, _ in runs] for f in (statistics.median, p99, max))
    typical_worst = statistics.median(worsts)
    print(
        f"  {label:<40} median {statistics.median(medians):6.3f} ms   p99 {statistics.median(p99s):6.3f} ms   "
        f"worst {typical_worst:6.3f} ms (of all {max(worsts):6.3f} ms)   ({len(runs)} games of {len(runs[0][0])} "
        f"moves, medians over games; {max(waiting for _, waiting in runs)} writes waiting at most at the end)   "
        f"goal: no frame over {FRAME_GOAL_MS:g} ms: {'met' if typical_worst <= FRAME_GOAL_MS else 'MISSED'}"
    )


def p99(frames):
    return percentile(frames, 0.99)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--home", help="folder to benchmark in (default: a temporary folder)")
    parser.add_argument("-n", type=int, default=1000, help="saves per board size")
    parser.add_argument("--moves", type=int, default=300, help="moves (frames) per game in the locked-file figures")
    parser.add_argument("--games", type=int, default=5, help="games per condition in the locked-file figures")
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

            def save(i, boards=boards):
                return store.save_resume(boards[i % 20], i * 16, "expert")

            report(f"save_resume {label} (~{size // 1024} KB), frame's cost", timed(save, args.n), 2)
            store.flush()
            report(f"save_resume {label}, until written", timed(lambda i, save=save: save(i).wait(), args.n // 4), 2)
        report("load_resume 100x100", timed(lambda i: store.load_resume(), 200))

        def record(i):
            return store.record_game(
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

        report("record_game (Expert), until written", timed(lambda i: record(i).wait(), 500))

        # What the playing scene does at game over since games keep their moves: the replay is built from
        # the board, written as JSON and stored compressed with the game.
        from bench.replay import expert_game
        from game.model.replay.replay import Replay

        games = [expert_game(seed) for seed in range(10)]
        finals = [(g.final_board(), g.elapsed_ms) for g in games]
        sizes = sorted(len(g.to_json()) for g in games)

        def record_with_log(i):
            board, elapsed = finals[i % len(finals)]
            log = Replay.from_game(board, elapsed).to_json()
            return store.record_game(
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

        report(
            f"record_game + move log (Expert, {sizes[0]}-{sizes[-1]} B of JSON), frame's cost",
            timed(record_with_log, 500),
            2,
        )
        store.flush()
        report("statistics('expert'), 500 games", timed(lambda i: store.statistics("expert"), 100))
        report("best_times('expert')", timed(lambda i: store.best_times("expert"), 100))
        store.close()

        def open_fresh(i):
            Store.open(home=base / f"fresh{i}").close()

        report("open + close, fresh folder", timed(open_fresh, 30))
        report("open + close, existing file", timed(lambda i: Store.open(home=home).close(), 30))

        print("frames of an Expert game, a move and its save in each (the real app, headless):")
        for label, held in (("records file free", None), ("held by another process (write lock)", "write"),
                            ("held by another process (no reading)", "all")):  # fmt: skip
            runs = [move_frames(base / f"frames-{held}-{n}", args.moves, held) for n in range(args.games)]
            frames_report(label, runs)
    finally:
        if not args.home:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
