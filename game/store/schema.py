"""The records file: its tables, the migrations between versions, opening it and setting a damaged one aside."""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from game.store import trouble

log = logging.getLogger(__name__)

# Errors that say nothing about the file's contents: locks, permissions, a full or failing disk. Any other
# error met while opening and checking the file says the file is not one we can use.
SURROUNDINGS = {
    trouble.BUSY,
    trouble.LOCKED,
    trouble.FULL,
    trouble.IOERR,
    trouble.READONLY,
    trouble.CANTOPEN,
    trouble.PERM,
    trouble.NOMEM,
    trouble.INTERRUPT,
    trouble.AUTH,
    trouble.NOLFS,
    trouble.PROTOCOL,
}

# The condition for a game to count for times; the partial index repeats it word for word so SQLite uses it.
TIMED = "won = 1 AND hinted = 0 AND same_board = 0 AND filtered = 0 AND time_ok = 1"
# ... as it was before boards chosen by 3BV were kept (the first migration makes the index with it)
TIMED_BEFORE_FILTERED = "won = 1 AND hinted = 0 AND same_board = 0 AND time_ok = 1"

# The speed figures a game's row keeps, with the largest value the records believe of each (anything else in
# the file is damage, never ranked): 3BV/s, IOE, STNB. The fastest human 3BV/s is about 10, IOE passes 1 only
# by chords, STNB tops out at a few hundred: the bounds leave room for any real game and none for a broken one.
FIGURE_BOUNDS = {"bbbv_s": 100_000.0, "ioe": 1_000.0, "stnb": 1_000_000.0}
# A figures row of a game that counts for times and was won with no flag placed (NF): what the NF bests rank;
# their partial indexes repeat it word for word.
NF_TIMED = "timed = 1 AND nf = 1"
# A games row (`games`) whose figures are not worked out yet.
UNFIGURED = "NOT EXISTS (SELECT 1 FROM figures WHERE figures.game_id = games.id)"
# A games row not reviewed yet (game/store/reviewing.py).
UNREVIEWED = "NOT EXISTS (SELECT 1 FROM reviews WHERE reviews.game_id = games.id)"
# A reviewed win without an avoidable guess: a clean win. The partial index repeats it word for word.
CLEAN = "won = 1 AND avoidable = 0"


# Each board's games in the order they were recorded, and whether each was won: what the statistics count
# (played, won, streaks), read from the index alone. Built by the writer in the background, not by a migration:
# on a large file it reads every game (a tenth of a second for 10,000), which the start never waits for.
OUTCOMES_INDEX = "CREATE INDEX IF NOT EXISTS games_outcomes ON games (category, id, won)"


def believable(column: str) -> str:
    """The condition for a figure's value (a column of `figures`) to be ranked; its partial index repeats it
    word for word."""
    return f"{column} BETWEEN 0 AND {FIGURE_BOUNDS[column]!r}"


def _migrate_0_to_1(db: sqlite3.Connection) -> None:
    db.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute("""
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            played_at TEXT NOT NULL,          -- UTC, fixed width, so text order is time order
            category TEXT NOT NULL,
            rows INTEGER NOT NULL,
            cols INTEGER NOT NULL,
            mines INTEGER NOT NULL,
            first_click TEXT NOT NULL,
            no_guess INTEGER NOT NULL DEFAULT 0,
            seed TEXT,                        -- text: a seed may not fit SQLite's 64-bit integer
            won INTEGER NOT NULL,
            time_ms INTEGER NOT NULL,
            time_ok INTEGER NOT NULL DEFAULT 1,
            three_bv INTEGER NOT NULL,
            left_clicks INTEGER NOT NULL DEFAULT 0,
            right_clicks INTEGER NOT NULL DEFAULT 0,
            chord_clicks INTEGER NOT NULL DEFAULT 0,
            effective_clicks INTEGER NOT NULL DEFAULT 0,
            hinted INTEGER NOT NULL DEFAULT 0,
            same_board INTEGER NOT NULL DEFAULT 0,
            moves BLOB
        )""")
    db.execute("CREATE INDEX games_by_category ON games (category, played_at, id)")
    db.execute(f"CREATE INDEX games_best ON games (category, time_ms, played_at, id) WHERE {TIMED_BEFORE_FILTERED}")
    db.execute("""
        CREATE TABLE resume (
            slot INTEGER PRIMARY KEY CHECK (slot = 0),
            category TEXT NOT NULL,
            elapsed_ms INTEGER NOT NULL,
            board TEXT NOT NULL,
            extra TEXT,
            saved_at TEXT NOT NULL
        )""")


def _migrate_1_to_2(db: sqlite3.Connection) -> None:
    # the 3BV of the part a lost game opened, for its IOE and 3BV/s; NULL for games recorded before
    db.execute("ALTER TABLE games ADD COLUMN solved_three_bv INTEGER")


def _migrate_2_to_3(db: sqlite3.Connection) -> None:
    # a game left under way for another one: recorded as a loss, and shown as abandoned
    db.execute("ALTER TABLE games ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0")


def _migrate_3_to_4(db: sqlite3.Connection) -> None:
    # what the player has learnt: lessons done, the rules their avoidable losses missed, drill scores (JSON)
    db.execute("CREATE TABLE learn (key TEXT PRIMARY KEY, value TEXT NOT NULL)")


def _migrate_4_to_5(db: sqlite3.Connection) -> None:
    # A save names itself and the copy of the game playing it, so that two copies cannot both resume it (a
    # resume claims it by its id). A record names itself, so that one made again from a copy's journal after
    # it was killed (copies.py) is not counted twice.
    db.execute("ALTER TABLE resume ADD COLUMN save_id TEXT")
    db.execute("ALTER TABLE resume ADD COLUMN claimed_by TEXT")
    db.execute("ALTER TABLE games ADD COLUMN uid TEXT")
    db.execute("CREATE UNIQUE INDEX games_uid ON games (uid) WHERE uid IS NOT NULL")


def _migrate_5_to_6(db: sqlite3.Connection) -> None:
    # How far each copy's journal has been made (its jobs are numbered in order), written in the transaction
    # that makes them: a journal made again, after a start or a copy was killed between that commit and
    # removing or rewriting the journal, skips what was made (a finished game's save never comes back).
    db.execute("CREATE TABLE made (copy TEXT PRIMARY KEY, upto INTEGER NOT NULL)")


def _migrate_6_to_7(db: sqlite3.Connection) -> None:
    # The speed figures speed-runners keep, one row per game (a table of their own: a games row's last columns
    # sit past its move log, which SQLite reads through to reach them). A game recorded before has none until
    # the writer works them out, in the background. `category` and `timed` repeat the game's, which never
    # change, so that each board's best games by each figure are read from an index however many were played;
    # the lists still check the game's own row. `source`: what they were worked out from (game/store/speed.py).
    db.execute("""
        CREATE TABLE figures (
            game_id INTEGER PRIMARY KEY,      -- games.id, deleted with it
            category TEXT NOT NULL,
            timed INTEGER NOT NULL,           -- the game counts for times (TIMED)
            source TEXT NOT NULL,
            bbbv_s REAL,                      -- 3BV (of the part solved) per second
            ioe REAL,                         -- 3BV (of the part solved) per click
            stnb REAL,                        -- NULL off the standard boards
            nf INTEGER                        -- no flag ever placed; NULL when not known
        )""")
    for column, most in (("bbbv_s", 100_000.0), ("ioe", 1_000.0), ("stnb", 1_000_000.0)):
        db.execute(
            f"CREATE INDEX figures_best_{column} ON figures (category, {column} DESC, game_id) "
            f"WHERE timed = 1 AND {column} BETWEEN 0 AND {most!r}"
        )


def _migrate_7_to_8(db: sqlite3.Connection) -> None:
    # A long game's video, written in chunks as it is played (game.video.chunks), each chunk once: a save or a
    # record names its video (`video`) and carries only the events after its chunks. `by`: the copy of the
    # game that wrote it, so that a start never sweeps away the chunks of a game another copy is playing.
    db.execute("""
        CREATE TABLE video_chunks (
            video TEXT NOT NULL,
            part INTEGER NOT NULL,            -- from 0, in order
            events INTEGER NOT NULL,
            data BLOB NOT NULL,               -- packed by game.video.chunks.pack_chunk
            by TEXT,
            PRIMARY KEY (video, part)
        )""")
    db.execute("ALTER TABLE games ADD COLUMN video TEXT")
    db.execute("CREATE INDEX games_by_video ON games (video) WHERE video IS NOT NULL")
    db.execute("ALTER TABLE resume ADD COLUMN video TEXT")


def _migrate_8_to_9(db: sqlite3.Connection) -> None:
    # Beginner (9 x 9, 10 mines) became a standard board with STNB (game.model's level_of): its games kept
    # before have none. Their figures go, and the writer works them out again in the background, STNB too.
    db.execute("DELETE FROM figures WHERE category = 'beginner' AND stnb IS NULL")


def _migrate_9_to_10(db: sqlite3.Connection) -> None:
    # The no-guess family: each mode's games are kept apart from the board's others, under the board's category
    # and the mode's name (game.model's category_for: "expert@no_guess"). No-guess games kept before go under
    # theirs, figures too (they repeat the game's category).
    db.execute("UPDATE games SET category = category || '@no_guess' WHERE no_guess = 1 AND category NOT LIKE '%@%'")
    db.execute(
        "UPDATE figures SET category = category || '@no_guess' WHERE category NOT LIKE '%@%' "
        "AND game_id IN (SELECT id FROM games WHERE no_guess = 1)"
    )


def _migrate_10_to_11(db: sqlite3.Connection) -> None:
    # A board dealt within a 3BV range the player set ("filtered": game.model's deal_in_range) is kept apart: never
    # a best time. The best times' partial index takes the new condition (it reads every game once: a few
    # milliseconds for 10,000).
    if "filtered" not in {row[1] for row in db.execute("PRAGMA table_info(games)")}:  # (a file set back by hand)
        db.execute("ALTER TABLE games ADD COLUMN filtered INTEGER NOT NULL DEFAULT 0")
    db.execute("DROP INDEX games_best")
    db.execute(f"CREATE INDEX games_best ON games (category, time_ms, played_at, id) WHERE {TIMED}")


def _migrate_11_to_12(db: sqlite3.Connection) -> None:
    # Time trials (game.play.trial): each set's best run, every board's move log and video in `run` (JSON) and
    # its time at each board won in `splits` (what a run under way is compared with, read without the videos);
    # and the run under way (one slot), kept between its boards as the saved game is kept within one.
    # (Written short: the file's schema, first page and all, is what a damaged file's checks read.)
    db.execute(
        "CREATE TABLE IF NOT EXISTS trials (set_key TEXT PRIMARY KEY, total_ms INT NOT NULL, splits TEXT NOT NULL, "
        "run TEXT NOT NULL, finished_at TEXT NOT NULL)"
    )
    db.execute("CREATE TABLE IF NOT EXISTS trial_run (slot INTEGER PRIMARY KEY CHECK (slot = 0), run TEXT NOT NULL)")


def _migrate_12_to_13(db: sqlite3.Connection) -> None:
    # NF bests (games won without a flag placed) apart, each read from an index of its own as the others are: a
    # game's figures keep its time too (`game_ms`, its row's time_ms, which never changes), so that NF best
    # times need not read every NF game's row. Only the NF games counted for times need it in the index: only
    # theirs are filled in here (a few rows; the rest read their row's), every game's from now on (keep_figures).
    if "game_ms" not in {row[1] for row in db.execute("PRAGMA table_info(figures)")}:  # (a file set back by hand)
        db.execute("ALTER TABLE figures ADD COLUMN game_ms INTEGER")
    db.execute(
        "UPDATE figures SET game_ms = (SELECT time_ms FROM games WHERE games.id = figures.game_id) "
        "WHERE timed = 1 AND nf = 1"
    )
    db.execute(f"CREATE INDEX IF NOT EXISTS figures_nf_time ON figures (category, game_ms, game_id) WHERE {NF_TIMED}")
    for column in FIGURE_BOUNDS:
        db.execute(
            f"CREATE INDEX IF NOT EXISTS figures_nf_{column} ON figures (category, {column} DESC, game_id) "
            f"WHERE {NF_TIMED} AND {believable(column)}"
        )


def _migrate_13_to_14(db: sqlite3.Connection) -> None:
    # Each game's review (game.model's review_game), one row per game, a table of its own as the figures have: a
    # game recorded before has none until the writer works it out in the background. A row is written once the
    # game is reviewed, its figures NULL when they cannot be known (no move log, a damaged one, a review that ran
    # out of time), never tried again. `category`, `won`, `timed` (TIMED) and `time_ms` repeat the game's, which
    # never change, so that the clean wins and each board's fastest clean wins are read from an index however
    # many games were played. `source`: "exact", "estimated" (a group too large to count) or "none"; `guesses`:
    # opening clicks not certainly safe (the first aside); `avoidable`: of them, those made while some covered
    # cell was certainly safe; `luck`: the sum of -log10 of each guess's chance, NULL when infinite.
    db.execute(
        "CREATE TABLE IF NOT EXISTS reviews (game_id INTEGER PRIMARY KEY, category TEXT NOT NULL, "
        "won INTEGER NOT NULL, timed INTEGER NOT NULL, time_ms INTEGER NOT NULL, source TEXT NOT NULL, "
        "guesses INTEGER, avoidable INTEGER, luck REAL)"
    )
    db.execute("CREATE INDEX IF NOT EXISTS reviews_by_category ON reviews (category, won, avoidable, luck)")
    db.execute(
        f"CREATE INDEX IF NOT EXISTS reviews_clean_best ON reviews (category, timed, time_ms, game_id) WHERE {CLEAN}"
    )


# MIGRATIONS[n] takes a database from user_version n to n + 1. Only ever append.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [
    _migrate_0_to_1,
    _migrate_1_to_2,
    _migrate_2_to_3,
    _migrate_3_to_4,
    _migrate_4_to_5,
    _migrate_5_to_6,
    _migrate_6_to_7,
    _migrate_7_to_8,
    _migrate_8_to_9,
    _migrate_9_to_10,
    _migrate_10_to_11,
    _migrate_11_to_12,
    _migrate_12_to_13,
    _migrate_13_to_14,
]
SCHEMA_VERSION = len(MIGRATIONS)


class Corrupt(Exception):
    """The file is not a database we can use; it should be set aside."""


class Newer(Exception):
    """The file was written by a newer version of the game; leave it alone."""


def rollback(db: sqlite3.Connection) -> None:
    if db.in_transaction:
        try:
            db.execute("ROLLBACK")
        except sqlite3.Error:
            log.debug("rollback failed", exc_info=True)


def migrate(db: sqlite3.Connection) -> None:
    target = len(MIGRATIONS)
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version == target:  # the usual start: no write lock taken
        return
    if version > target:
        raise Newer(version)
    db.execute("BEGIN IMMEDIATE")
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]  # another copy may have just done it
        if version > target:
            raise Newer(version)
        for step in range(version, target):
            MIGRATIONS[step](db)
        db.execute(f"PRAGMA user_version = {target}")
        db.execute("COMMIT")
    except BaseException:
        rollback(db)
        raise


# A file this small is checked fully at start: its indexes against its tables too, which the quick check
# leaves out (damage inside an index passes it, and every read through that index then fails). That costs
# about twice the quick check: 20-40 ms at this size; a larger file gets the quick check alone.
CHECKED_FULLY_UNDER = 8 * 2**20


def _check_for(path: Path) -> str:
    try:
        small = path.stat().st_size < CHECKED_FULLY_UNDER
    except OSError:  # not made yet: SQLite makes it, empty
        small = True
    return "integrity_check" if small else "quick_check"


def locked(error: BaseException) -> bool:
    """Whether an error says another connection holds a lock (as opposed to anything wrong with the file)."""
    return trouble.code(error) in (trouble.BUSY, trouble.LOCKED)


def connect(path: Path, busy_timeout: float) -> sqlite3.Connection:
    """Open, check and upgrade the file; raise Corrupt, Newer or sqlite3.Error.

    The connection may be handed from the thread that opened it to another (a file opened late, when a lock
    clears, is opened by the writer's thread for the frame's), never used by two at once."""
    # isolation_level=None: we say BEGIN and COMMIT ourselves, so every write is one explicit transaction.
    db = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None, check_same_thread=False)
    try:
        # The version first, before anything that reads the schema or writes: a newer version's file is never
        # checked (its indexes may use collations or functions this version lacks, which the check calls
        # damage), set aside, upgraded or switched to WAL. The header is read without parsing the schema.
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > len(MIGRATIONS):
            raise Newer(version)
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
        problems = db.execute(f"PRAGMA {_check_for(path)}").fetchall()
        if problems != [("ok",)]:
            raise Corrupt("; ".join(str(row[0]) for row in problems[:3]))
        try:
            migrate(db)
        except sqlite3.OperationalError as error:
            # SQLITE_ERROR while upgrading ("table games already exists"): a file we cannot make sense of.
            # Busy, read-only, full and I/O errors say nothing about the contents and pass through.
            if trouble.code(error) == trouble.ERROR:
                raise Corrupt(str(error)) from error
            raise
        missing = _missing_columns(db)
        if missing:  # a damaged name in the schema passes SQLite's check, and every read of it would fail
            raise Corrupt(f"the records file lacks {', '.join(missing[:3])}")
        # A read-only file opens and reads like any other: write its version back now, so the menu says so
        # at start instead of the first finished game failing to save. Another program holding the write
        # lock is no reason not to open: the file reads, and the writer writes when the lock clears.
        try:
            db.execute(f"PRAGMA user_version = {int(db.execute('PRAGMA user_version').fetchone()[0])}")
        except sqlite3.OperationalError as error:
            if not locked(error):
                raise
    except (Newer, Corrupt):
        db.close()
        raise
    except sqlite3.Error as error:
        db.close()
        if isinstance(error, sqlite3.DatabaseError) and trouble.code(error) not in SURROUNDINGS:
            raise Corrupt(str(error)) from error
        raise
    except Exception as error:
        # Damage reaches Python in more shapes than SQLite's own codes: a damaged name in the schema is quoted
        # in an error message that will not decode (UnicodeDecodeError), a damaged number overflows. Whatever
        # it is, it came from the file's contents (locks, permissions and a full disk are sqlite3 errors).
        db.close()
        raise Corrupt(f"{type(error).__name__}: {error}") from error
    except BaseException:
        db.close()
        raise
    return db


_COLUMNS: dict[str, set[str]] = {}  # each table's columns, as this version makes them


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}


def _missing_columns(db: sqlite3.Connection) -> list[str]:
    """The tables and columns of this version's schema that the file's schema does not have."""
    if not _COLUMNS:
        made = sqlite3.connect(":memory:", isolation_level=None)
        for step in MIGRATIONS:
            step(made)
        tables = [name for (name,) in made.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        _COLUMNS.update({table: _columns(made, table) for table in tables})
        made.close()
    missing = ((table, wanted - _columns(db, table)) for table, wanted in _COLUMNS.items())
    return [f"{table}.{column}" for table, columns in missing for column in sorted(columns)]


def set_aside(path: Path) -> Path:
    """Rename a damaged file (and its log) to ``<name>.corrupt-<UTC time>``; returns the new name."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, aside)
    # The log belongs to the damaged file: left in place, SQLite would try to replay it into the new one.
    for suffix in ("-wal", "-journal"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            os.replace(side, aside.with_name(aside.name + suffix))
    path.with_name(path.name + "-shm").unlink(missing_ok=True)
    return aside
