"""The records speed-runners keep, measured: working out a finished game's figures (on the records' writer
thread), recording a game with its video until written, opening Records on 10,000 games, Replay's frames with
its live figures, the figures of older games worked out in the background and their reviews (in a worker), and
Progress on 10,000 games (its games read and worked out off the frame, its first frame, a frame hovering a game)
with the CSV export.

Run: python -m bench.records [--part record|open|replay|older|reviews|progress] [--games N]
Every part also runs on a checkout of an earlier version (it measures what that version has), so the two can
be run in turns: python -m bench.records --part open  (in each checkout).
"""

import argparse
import os
import shutil
import sqlite3
import statistics
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from bench.timing import report, timed
from game.store import Store
from game.view import screens
from tests.played import played, record_of

SIZES = {"expert": (16, 30, 99), "100x100": (100, 100, 2000)}

try:  # what this version of the game has
    from game.store import figuring, jobs
except ImportError:
    figuring = None
try:
    from game.store import reviewing
except ImportError:
    reviewing = None


def games_of(size, count):
    rows, cols, mines = SIZES[size]
    return [record_of(*played(rows, cols, mines, seed, pace_ms=300 + seed % 7 * 40)) for seed in range(count)]


def part_record(count):
    print("recording a finished game with its video (the move log carries it)")
    home = Path(tempfile.mkdtemp(prefix="bench-records-"))
    try:
        for size in SIZES:
            records = games_of(size, count if size == "expert" else max(3, count // 6))
            events = statistics.median(len(r.replay) for r in records)
            if figuring is not None:
                data = [jobs.record_data(r, jobs.new_id()) for r in records]
                report(
                    f"{size}: figures worked out (writer), log {events / 1000:.0f} kB",
                    timed(lambda i, data=data: figuring.of_record({"record": data[i % len(data)]}), len(data)),
                )
            store = Store.open(home=home / size)
            store.flush(60)

            def record(i, store=store, records=records):
                store.record_game(records[i % len(records)]).wait()

            report(f"{size}: record_game until written", timed(record, len(records)))
            store.close()
    finally:
        shutil.rmtree(home, ignore_errors=True)


def records_file(home, total):
    """A records file of `total` games: 100 real Expert games with their videos, copied until there are
    `total` (and their figures, where this version keeps them)."""
    records = games_of("expert", 100)
    with Store.open(home=home) as store:
        for record in records:
            store.record_game(record)
        store.flush(120)
        path = store.path
    db = sqlite3.connect(path, isolation_level=None)
    figures = db.execute("SELECT name FROM sqlite_master WHERE name = 'figures'").fetchone() is not None
    reviews = db.execute("SELECT name FROM sqlite_master WHERE name = 'reviews'").fetchone() is not None
    db.execute("BEGIN")
    while (count := db.execute("SELECT COUNT(*) FROM games").fetchone()[0]) < total:
        top = db.execute("SELECT MAX(id) FROM games").fetchone()[0]
        n = min(count, total - count)
        columns = [row[1] for row in db.execute("PRAGMA table_info(games)") if row[1] not in ("id", "uid")]
        listed = ", ".join(columns)
        db.execute(f"INSERT INTO games (id, {listed}) SELECT id + ?, {listed} FROM games ORDER BY id LIMIT ?", (top, n))
        if figures:
            # the game's time beside its figures (version 10 on: NF best times' index)
            kept = [row[1] for row in db.execute("PRAGMA table_info(figures)")]
            time_too = ", game_ms" if "game_ms" in kept else ""
            db.execute(
                f"INSERT INTO figures SELECT game_id + ?, category, timed, source, "
                f"bbbv_s * (0.5 + (game_id % 97) / 97.0), ioe, stnb, nf{time_too} FROM figures "
                "ORDER BY game_id LIMIT ?",
                (top, n),
            )
        if reviews:
            db.execute(
                "INSERT INTO reviews SELECT game_id + ?, category, won, timed, time_ms, source, guesses, avoidable, "
                "luck FROM reviews ORDER BY game_id LIMIT ?",
                (top, n),
            )
    db.execute("COMMIT")
    db.close()
    return path


def part_open(total, runs):
    from game.scenes.records import RecordsScene
    from game.shell.app import App
    from tests.driver import FakeClock

    home = Path(tempfile.mkdtemp(prefix="bench-records-open-"))
    try:
        path = records_file(home, total)
        size = path.stat().st_size / 2**20
        print(f"opening Records on {total:,} Expert games ({size:.0f} MiB of records, with their videos)")
        os.environ["MINESWEEPER_HOME"] = str(home)
        app = App(clock=FakeClock(), seed=1, desktop_size=(1366, 768))
        app.store.flush(600)  # any background work on the file first
        expert = screens.Records(category="expert")
        report("Records opened (its reads)", timed(lambda i: RecordsScene(app, expert), runs))
        scene = RecordsScene(app, expert)
        report("Records drawn", timed(lambda i: scene.draw(app.screen), runs))
        for name, tab in getattr(scene, "tabs", {}).items():
            report(f"tab {name}", timed(lambda i, tab=tab: scene.press(tab), runs))
        nf = getattr(scene, "nf_toggle", None)
        if nf is not None:  # the NF bests, each from its own index
            scene.press(nf)
            for name in ("Time", "3BV/s", "IOE", "STNB"):
                report(f"NF tab {name}", timed(lambda i, name=name: scene.press(scene.tabs[name]), runs))
        app.store.close()
    finally:
        shutil.rmtree(home, ignore_errors=True)


def part_replay(frames):
    import pygame

    from game.model.replay.replay import Replay
    from game.shell.app import App
    from tests.driver import FakeClock

    print("Replay's frames, playing at 10x (its live figures, where this version has them)")
    home = Path(tempfile.mkdtemp(prefix="bench-records-replay-"))
    os.environ["MINESWEEPER_HOME"] = str(home)
    try:
        app = App(clock=FakeClock(), seed=1, desktop_size=(1920, 1080))
        for size in SIZES:
            board, video, elapsed = played(*SIZES[size], 1, pace_ms=150)
            app.show(screens.Replay(replay=Replay.from_game(board, elapsed), video=video))
            app.step()
            scene = app.scene
            live = getattr(scene, "live", None)
            if live is not None:
                live.job.wait(600)
            app.step()
            scene.speed, scene.playing = 10.0, True  # played as a player watches it, fast
            samples, spent = [], []
            if live is not None:  # the live figures' share of each frame: their lines worked out, and drawn
                spent_now = [0.0]

                def clocked(work, spent_now=spent_now):
                    def call(*args, **kwargs):
                        start = time.perf_counter()
                        result = work(*args, **kwargs)
                        spent_now[0] += (time.perf_counter() - start) * 1000
                        return result

                    return call

                live.draw, scene.live_lines = clocked(live.draw), clocked(scene.live_lines)
            for _ in range(frames):
                start = time.perf_counter()
                app.step()
                samples.append((time.perf_counter() - start) * 1000)
                if live is not None:
                    spent.append(spent_now[0])
                    spent_now[0] = 0.0
            report(f"{size}: a frame of Replay ({len(video):,} events)", samples)
            if spent:
                report(f"{size}: of which the live figures", spent)
        app.store.close()
        pygame.quit()
    finally:
        shutil.rmtree(home, ignore_errors=True)


def part_older(total, frames):
    """The figures of games recorded before the records kept them: worked out in the background at the first
    start of this version, a batch at a time; and the frames of a game played meanwhile."""
    if figuring is None:
        print("older games: nothing to work out in this version")
        return
    import pygame

    from game.model import Move
    from game.shell.app import App
    from tests.driver import FakeClock

    home = Path(tempfile.mkdtemp(prefix="bench-records-older-"))
    try:
        path = records_file(home, total)
        db = sqlite3.connect(path, isolation_level=None)
        db.execute("DELETE FROM figures")
        db.close()
        os.environ["MINESWEEPER_HOME"] = str(home)
        start = time.perf_counter()
        app = App(clock=FakeClock(), seed=1, desktop_size=(1366, 768))
        opened = time.perf_counter() - start
        app.show(screens.Playing(session=app.dealer.new(16, 30, 99)))
        app.step()
        app.scene.apply(Move("reveal", 8, 15))

        def frame(n):
            where = (100 + n % 300, 200)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(1, 0), buttons=(0, 0, 0)))
            app.invalidate()  # the whole window drawn: a frame's work, to share the processor with the writer
            app.step()

        during = timed(frame, frames)
        still = app.store._writer.waiting
        app.store.flush(3600)
        done = time.perf_counter() - start
        after = timed(frame, frames)
        app.store.close()
        batch = figuring.BATCH_SECONDS * 1000
        print(
            f"older games: {total:,} Expert games with videos: the app starts in {opened * 1000:.0f} ms, their "
            f"figures are worked out in the background in {done:.1f} s ({done / total * 1000:.1f} ms a game, in "
            f"batches of at most {batch:.0f} ms)"
        )
        report(f"a frame of play while they are (writer busy to the end: {bool(still)})", during)
        report("a frame of play after", after)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def on_thread(fn, n):
    """Like timed(), in the calling thread's processor time: what the work costs on a machine not shared."""
    out = []
    for i in range(n):
        start = time.thread_time()
        fn(i)
        out.append((time.thread_time() - start) * 1000)
    return out


def part_progress(total, runs):
    """Progress on `total` Expert games played over a year: the games read and their charts worked out (off the
    frame), its first frame, a frame while the pointer moves over the games, and the CSV export of them all."""
    import pygame

    from game.files.spreadsheet import export_csv
    from game.shell.app import App
    from game.store.games import stamp
    from game.store.history import chart_games, sheet_rows
    from game.view.progress_data import progress_of
    from tests.driver import FakeClock

    home = Path(tempfile.mkdtemp(prefix="bench-records-progress-"))
    try:
        path = records_file(home, total)
        db = sqlite3.connect(path, isolation_level=None)  # a year of play, the games in order
        now = datetime.now(timezone.utc)
        ids = [row[0] for row in db.execute("SELECT id FROM games ORDER BY id")]
        when = [(now - timedelta(days=(len(ids) - n) * 365 / len(ids)), game_id) for n, game_id in enumerate(ids)]
        db.executemany("UPDATE games SET played_at = ? WHERE id = ?", [(stamp(t), i) for t, i in when])
        db.close()
        print(f"Progress on {total:,} Expert games ({path.stat().st_size / 2**20:.0f} MiB of records, with videos)")
        os.environ["MINESWEEPER_HOME"] = str(home)
        app = App(clock=FakeClock(), seed=1, desktop_size=(1920, 1080))
        app.store.flush(600)
        reads = app.store.reads()
        games = reads(lambda db: chart_games(db, "expert"))
        read = timed(lambda i: reads(lambda db: chart_games(db, "expert")), runs)
        report(f"its games read ({len(games):,}, off the frame)", read)
        report("its charts worked out (off the frame)", timed(lambda i: progress_of("expert", games), runs))
        report(
            "  read and worked out, processor time",
            on_thread(lambda i: progress_of("expert", reads(lambda db: chart_games(db, "expert"))), runs),
        )
        app.show(screens.Progress(category="expert"))
        app.step()
        scene = app.scene
        scene.loading.wait(60)
        app.step()

        def first(i):
            scene.invalidate()
            app.step()

        report("Progress's first frame (charts drawn)", timed(first, runs))
        report("  the same, its thread's processor time", on_thread(first, runs))
        points = scene.points

        def hover(i):
            where = points[(i * 37) % len(points)]
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(1, 0), buttons=(0, 0, 0)))
            app.step()

        hover(0)
        report(f"a frame hovering a game ({len(points):,} points)", timed(hover, runs * 10))
        report("  the same, its thread's processor time", on_thread(hover, runs * 10))
        folder = home / "exports"
        export = timed(lambda i: export_csv(reads(sheet_rows), folder), 5)
        report(f"CSV export of every game (read and written, {total:,} rows)", export)
        report("  the same, its thread's processor time", on_thread(lambda i: export_csv(reads(sheet_rows), folder), 5))
        app.store.close()
    finally:
        shutil.rmtree(home, ignore_errors=True)


def part_reviews(total, frames):
    """The reviews of games recorded before the records kept them: worked out in a worker process at the first
    start of this version, a batch at a time; and the frames of a game played meanwhile, against those after."""
    if reviewing is None:
        print("older games' reviews: nothing to work out in this version")
        return
    import pygame

    from game.model import Move
    from game.shell.app import App
    from tests.driver import FakeClock

    home = Path(tempfile.mkdtemp(prefix="bench-records-reviews-"))
    try:
        path = records_file(home, total)
        db = sqlite3.connect(path, isolation_level=None)
        db.execute("DELETE FROM reviews")
        db.close()
        batches = []
        pending = reviewing.pending

        def counted(*args, **kwargs):
            start = time.perf_counter()
            worked, more = pending(*args, **kwargs)
            batches.append(((time.perf_counter() - start) * 1000, len(worked)))
            return worked, more

        reviewing.pending = counted
        os.environ["MINESWEEPER_HOME"] = str(home)
        start = time.perf_counter()
        app = App(clock=FakeClock(), seed=1, desktop_size=(1366, 768))
        app.show(screens.Playing(session=app.dealer.new(16, 30, 99)))
        app.step()
        app.scene.apply(Move("reveal", 8, 15))

        def frame(n):
            where = (100 + n % 300, 200)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(1, 0), buttons=(0, 0, 0)))
            app.invalidate()  # the whole window drawn: a frame's work, to share the processor with the writer
            app.step()

        during = timed(frame, frames)
        still = app.store._writer.waiting
        app.store.flush(3600)
        done = time.perf_counter() - start
        after = timed(frame, frames)
        reviewed = app.store.statistics("expert").reviewed_wins
        app.store.close()
        reviewing.pending = pending
        worked = [ms - reviewing.BATCH_REST * 1000 * (n > 0) for n, (ms, _) in enumerate(batches)]
        print(
            f"older games' reviews: {total:,} Expert games ({reviewed:,} wins reviewed) in {done:.1f} s from the "
            f"start ({done / total * 1000:.1f} ms a game, rests between batches included), {len(batches)} batches "
            f"of up to {reviewing.BATCH_GAMES} games"
        )
        report("a batch's work (the writer waits on the worker)", worked)
        report(
            "a game's review in the worker (a batch's work / its games)",
            [ms / n for ms, (_, n) in zip(worked, batches) if n],
        )
        report(f"a frame of play while they are (writer busy to the end: {bool(still)})", during)
        report("a frame of play after", after)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--part", choices=["record", "open", "replay", "older", "reviews", "progress"], action="append")
    parser.add_argument("--games", type=int, default=30, help="games recorded per size (record)")
    parser.add_argument("--total", type=int, default=10_000, help="games in the records (open, older)")
    parser.add_argument("--runs", type=int, default=30, help="times Records is opened (open)")
    parser.add_argument("--frames", type=int, default=300, help="frames of Replay measured (replay)")
    args = parser.parse_args()
    parts = args.part or ["record", "open", "replay", "older", "reviews", "progress"]
    if "record" in parts:
        part_record(args.games)
    if "open" in parts:
        part_open(args.total, args.runs)
    if "replay" in parts:
        part_replay(args.frames)
    if "progress" in parts:
        part_progress(args.total, args.runs)
    if "older" in parts:
        part_older(min(args.total, 2000), args.frames)
    if "reviews" in parts:
        part_reviews(min(args.total, 2000), args.frames)


if __name__ == "__main__":
    main()
