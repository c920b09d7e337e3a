"""Everything that must outlive the process: settings, finished games, best times, statistics, the saved game.

One SQLite file in the player's data folder (``MINESWEEPER_HOME`` overrides it). The store never stops the
game: whatever goes wrong with the file (damaged, read-only folder, disk full, another copy holding a lock),
methods keep working and return neutral answers, and a one-line message waits in ``store.notices`` for the
menu to show once.

Durability. WAL with ``synchronous=NORMAL``: a commit does not wait for the disk, it only appends to the
write-ahead log, so a move save costs well under a millisecond. That survives the game crashing or being
killed (the data is in the operating system's cache); a power cut or an OS crash can lose the last few
commits (never corrupt the file). Losing the last moves of a game on a power cut is the trade we make for
saving after every move.

Rules decided here (the issue left them open):
- Played, won, win % and streaks count every finished game. Times (best times, best 3BV/s, average win time)
  count only unassisted wins: not hinted, not "same board again", and with a believable time.
- Time travel: a negative, non-finite or absurd (over a week) ``time_ms`` is clamped into 0..MAX_TIME_MS
  and the game is recorded as played, but it never counts for times. Nothing raises.
- ``record_game`` also clears the saved game in the same transaction, so a finished game can never be resumed
  and recorded twice.
- Two copies running: each write is one short transaction behind a busy timeout; settings and the saved game
  are last writer wins, every finished game is recorded.
- Caller mistakes (a board that is not JSON, a category that does not match the size) raise TypeError or
  ValueError at once: those are bugs to find in tests, not conditions of the player's disk.
"""

from __future__ import annotations

import json
import logging
import math
import os
import sqlite3
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, NamedTuple

from game.model import PRESETS as MODEL_PRESETS

log = logging.getLogger(__name__)

HOME_ENV = "MINESWEEPER_HOME"
APP_NAME = "minesweeper"
DB_NAME = "minesweeper.db"
BUSY_TIMEOUT = 5.0  # seconds a write waits for another copy of the game before giving up
TOP = 10  # best times kept per category
MAX_TIME_MS = 7 * 24 * 3600 * 1000  # longer than this is a broken clock, not a game

PRESETS = {key: (p.rows, p.cols, p.mines) for key, p in MODEL_PRESETS.items()}
PRESET_LABELS = {key: p.name for key, p in MODEL_PRESETS.items()}

# Typed defaults: a stored value of another type (a hand-edited file, an old version) reads as the default.
DEFAULT_SETTINGS: dict[str, Any] = {
    "difficulty": "beginner",  # a category key: "beginner" | "intermediate" | "expert" | "custom"
    "custom": [20, 20, 60],  # rows, cols, mines (JSON has no tuples)
    "first_click": "opening",  # "opening" | "safe"
    "question_marks": False,
    "no_guess": False,
    "tile": 32,  # tile size in pixels, i.e. the zoom
    "sound": True,
    "theme": "classic",
    "palette": "standard",
    "animation": True,
}

# Errors that say something about the file's contents, as opposed to locks, permissions or a full disk.
_CORRUPT_CODES = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}


# --- categories -------------------------------------------------------------------------------------------


def category_for(rows: int, cols: int, mines: int) -> str:
    """The preset key for the three classic sizes, else ``"custom:RxCxM"``."""
    for key, size in PRESETS.items():
        if size == (rows, cols, mines):
            return key
    return f"custom:{rows}x{cols}x{mines}"


def parse_custom(category: str) -> tuple[int, int, int] | None:
    """(rows, cols, mines) of a ``"custom:RxCxM"`` key, or None for anything else."""
    if not category.startswith("custom:"):
        return None
    try:
        rows, cols, mines = (int(part) for part in category[len("custom:") :].split("x"))
    except ValueError:
        return None
    return rows, cols, mines


def category_label(category: str) -> str:
    """What the player reads: ``"Expert"``, ``"Custom 20x20, 50 mines"``."""
    if category in PRESET_LABELS:
        return PRESET_LABELS[category]
    size = parse_custom(category)
    if size is None:
        return category
    rows, cols, mines = size
    return f"Custom {rows}x{cols}, {mines} mine{'' if mines == 1 else 's'}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# --- records ----------------------------------------------------------------------------------------------


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


def _to_utc(value: datetime | str) -> datetime:
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if value.tzinfo is None:  # a naive time is taken as UTC, as the store writes them
        return value.replace(tzinfo=timezone.utc)
    return value.astimezone(timezone.utc)


def _stamp(value: datetime | str) -> str:
    # Fixed width, so text order is time order and SQL can sort by it.
    return _to_utc(value).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _clamp_ms(value: Any) -> tuple[int, bool]:
    """(milliseconds within 0..MAX_TIME_MS, whether the value was believable as it came)."""
    if isinstance(value, float) and not math.isfinite(value):
        return (0 if value != math.inf else MAX_TIME_MS), False
    ms = int(value)
    if ms < 0:
        return 0, False
    if ms > MAX_TIME_MS:
        return MAX_TIME_MS, False
    return ms, True


@dataclass(kw_only=True)
class GameRecord:
    """One finished game, as the playing scene knows it when the game ends."""

    rows: int
    cols: int
    mines: int
    won: bool
    time_ms: int
    three_bv: int
    seed: int | None = None
    first_click: str = "opening"
    no_guess: bool = False
    left_clicks: int = 0
    right_clicks: int = 0
    chord_clicks: int = 0
    effective_clicks: int = 0  # clicks that changed the board; wasted = total - effective
    hinted: bool = False
    same_board: bool = False
    played_at: datetime | str = field(default_factory=_utc_now)
    solved_three_bv: int | None = None  # the 3BV of what the player opened: all of it on a win
    replay: str | None = None  # the game's move log, as a replay file's JSON (kept compressed)
    category: str | None = None  # derived from the size when left out

    def __post_init__(self):
        derived = category_for(self.rows, self.cols, self.mines)
        if self.category is None:
            self.category = derived
        elif self.category != derived:
            raise ValueError(
                f"category {self.category!r} does not match a {self.rows}x{self.cols} board "
                f"with {self.mines} mines ({derived!r})"
            )

    @property
    def total_clicks(self) -> int:
        return self.left_clicks + self.right_clicks + self.chord_clicks

    @property
    def wasted_clicks(self) -> int:
        return self.total_clicks - self.effective_clicks


class PlayedGame(NamedTuple):
    """One finished game as the Records list shows it."""

    game_id: int
    played_at: datetime
    won: bool
    time_ms: int
    three_bv: int
    solved_three_bv: int | None
    clicks: int
    effective_clicks: int
    hinted: bool
    has_replay: bool

    @property
    def three_bv_per_s(self) -> float | None:
        solved = self.three_bv if self.won else self.solved_three_bv
        return solved * 1000 / self.time_ms if solved is not None and self.time_ms > 0 else None

    @property
    def ioe(self) -> float | None:
        """3BV per click (of the part opened, on a loss); None for an old game that did not keep it."""
        solved = self.three_bv if self.won else self.solved_three_bv
        return solved / self.clicks if solved is not None and self.clicks else None


class RecordResult(NamedTuple):
    """What recording a game meant: its rank among the best times (1..TOP) or None, and a line to show."""

    category: str
    label: str
    rank: int | None = None
    counted: bool = False  # whether the game can count for times at all (an unassisted, believable win)
    game_id: int | None = None

    @property
    def is_record(self) -> bool:
        return self.rank is not None

    @property
    def message(self) -> str:
        """``"New record! 2nd best Expert time"``, or ``""`` when not a record."""
        if self.rank is None:
            return ""
        place = "Best" if self.rank == 1 else f"{ordinal(self.rank)} best"
        if self.category in PRESET_LABELS:
            return f"New record! {place} {self.label} time"
        return f"New record! {place} time for {self.label}"


class BestTime(NamedTuple):
    rank: int
    time_ms: int
    played_at: datetime
    three_bv: int
    three_bv_per_s: float
    seed: int | None
    game_id: int
    ioe: float | None = None
    has_replay: bool = False
    clicks: int | None = None
    effective_clicks: int | None = None


class Stats(NamedTuple):
    category: str
    label: str
    played: int = 0
    won: int = 0
    win_percent: float = 0.0
    current_streak: int = 0
    best_streak: int = 0
    best_3bv_per_s: float | None = None
    average_win_ms: int | None = None
    best_time_ms: int | None = None

    @property
    def lost(self) -> int:
        return self.played - self.won


class SavedGame(NamedTuple):
    board: dict
    elapsed_ms: int
    category: str
    extra: dict | None
    saved_at: datetime

    def describe(self) -> str:
        """For the menu's button: ``"Expert, 42 s"``."""
        return f"{category_label(self.category)}, {self.elapsed_ms // 1000} s"


# --- schema -----------------------------------------------------------------------------------------------

# The condition for a game to count for times; the partial index repeats it word for word so SQLite uses it.
_TIMED = "won = 1 AND hinted = 0 AND same_board = 0 AND time_ok = 1"


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
    db.execute(f"CREATE INDEX games_best ON games (category, time_ms, played_at, id) WHERE {_TIMED}")
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


# MIGRATIONS[n] takes a database from user_version n to n + 1. Only ever append.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_migrate_0_to_1, _migrate_1_to_2]
SCHEMA_VERSION = len(MIGRATIONS)


class _Corrupt(Exception):
    """The file is not a database we can use; it should be set aside."""


class _Newer(Exception):
    """The file was written by a newer version of the game; leave it alone."""


def _rollback(db: sqlite3.Connection) -> None:
    if db.in_transaction:
        try:
            db.execute("ROLLBACK")
        except sqlite3.Error:
            log.debug("rollback failed", exc_info=True)


def _migrate(db: sqlite3.Connection) -> None:
    target = len(MIGRATIONS)
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version == target:  # the usual start: no write lock taken
        return
    if version > target:
        raise _Newer(version)
    db.execute("BEGIN IMMEDIATE")
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]  # another copy may have just done it
        if version > target:
            raise _Newer(version)
        for step in range(version, target):
            MIGRATIONS[step](db)
        db.execute(f"PRAGMA user_version = {target}")
        db.execute("COMMIT")
    except BaseException:
        _rollback(db)
        raise


def _connect(path: Path, busy_timeout: float) -> sqlite3.Connection:
    """Open, check and upgrade the file; raise _Corrupt, _Newer or sqlite3.Error."""
    # isolation_level=None: we say BEGIN and COMMIT ourselves, so every write is one explicit transaction.
    db = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
        problems = db.execute("PRAGMA quick_check").fetchall()
        if problems != [("ok",)]:
            raise _Corrupt("; ".join(str(row[0]) for row in problems[:3]))
        try:
            _migrate(db)
        except sqlite3.OperationalError as error:
            # SQLITE_ERROR while upgrading ("table games already exists"): a file we cannot make sense of.
            # Busy, read-only, full and I/O errors say nothing about the contents and pass through.
            if error.sqlite_errorcode & 0xFF == sqlite3.SQLITE_ERROR:
                raise _Corrupt(str(error)) from error
            raise
        # A read-only file opens and reads like any other: write its version back now, so the menu says so
        # at start instead of the first finished game failing to save.
        db.execute(f"PRAGMA user_version = {int(db.execute('PRAGMA user_version').fetchone()[0])}")
    except sqlite3.DatabaseError as error:
        db.close()
        if getattr(error, "sqlite_errorcode", 0) & 0xFF in _CORRUPT_CODES:
            raise _Corrupt(str(error)) from error
        raise
    except BaseException:
        db.close()
        raise
    return db


def _set_aside(path: Path) -> Path:
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


def data_folder(home: str | os.PathLike | None = None) -> Path:
    """Where the records live: ``home``, else $MINESWEEPER_HOME, else the platform's user data folder."""
    if home is None:
        home = os.environ.get(HOME_ENV) or None
    if home is None:
        try:
            import platformdirs

            home = platformdirs.user_data_dir(APP_NAME, appauthor=False)
        except ImportError:  # a broken install should still let the game start
            home = Path.home() / f".{APP_NAME}"
    return Path(home).expanduser()


# --- the store --------------------------------------------------------------------------------------------


class Store:
    """The records. Get one with ``Store.open()``; it never raises, and no method raises for disk trouble."""

    def __init__(self, db: sqlite3.Connection | None, path: Path | None, notices=()):
        self._db = db
        self.path = path  # None when running without a file
        self._notices: list[str] = []
        self._failing = False  # a write failed and nothing has succeeded since: say so once, not every move
        for notice in notices:
            self._notice(notice)

    # opening and closing

    @classmethod
    def open(cls, home: str | os.PathLike | None = None, *, busy_timeout: float = BUSY_TIMEOUT) -> Store:
        """The store in ``home`` (see data_folder). Falls back to records in memory, with a notice."""
        try:
            folder = data_folder(home)
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                log.warning("cannot create %s: %s", folder, error)
                return cls.memory(f"Running without records: cannot create the folder {folder}.")
            path = folder / DB_NAME
            notices = []
            try:
                try:
                    db = _connect(path, busy_timeout)
                except _Corrupt as error:
                    log.warning("%s is damaged (%s); setting it aside", path, error)
                    aside = _set_aside(path)
                    notices.append(
                        f"The records file was damaged; it was kept as {aside.name} and a new one was started."
                    )
                    db = _connect(path, busy_timeout)
            except _Newer as error:
                log.warning("%s has schema version %s, newer than %s", path, error, len(MIGRATIONS))
                return cls.memory("Records were saved by a newer version of the game; running without records.")
            except (sqlite3.Error, OSError, _Corrupt) as error:
                log.warning("cannot use %s: %s", path, error)
                return cls.memory(f"Running without records: cannot write to {folder} ({error}).")
            return cls(db, path, notices)
        except Exception as error:
            log.exception("opening the records failed")
            return cls.memory(f"Running without records ({error}).")

    @classmethod
    def memory(cls, notice: str | None = None) -> Store:
        """Records that last until the game closes: what the game runs on when the file is unusable."""
        db = sqlite3.connect(":memory:", isolation_level=None)
        _migrate(db)
        return cls(db, None, [notice] if notice else [])

    @property
    def available(self) -> bool:
        """False when running without a records file (nothing will outlive the process)."""
        return self.path is not None and self._db is not None

    def close(self) -> None:
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                log.debug("close failed", exc_info=True)
            self._db = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # notices

    @property
    def notices(self) -> list[str]:
        """One-line messages the menu should show once; see take_notices."""
        return list(self._notices)

    def take_notices(self) -> list[str]:
        taken, self._notices = self._notices, []
        return taken

    def _notice(self, message: str) -> None:
        if message not in self._notices:
            self._notices.append(message)

    # the two doors to the database: everything goes through them, so no sqlite3 error reaches the game

    def _read(self, query: Callable[[sqlite3.Connection], Any], default: Any) -> Any:
        if self._db is None:
            return default
        try:
            return query(self._db)
        except sqlite3.Error as error:
            log.error("reading the records failed: %s", error, exc_info=True)
            self._notice(f"Could not read the records ({error}).")
            return default

    def _write(self, change: Callable[[sqlite3.Connection], Any], default: Any = None) -> Any:
        if self._db is None:
            return default
        db = self._db
        try:
            # IMMEDIATE: take the write lock first, so a busy wait happens here and never mid-transaction.
            db.execute("BEGIN IMMEDIATE")
            try:
                result = change(db)
                db.execute("COMMIT")
            except BaseException:
                _rollback(db)
                raise
        except sqlite3.Error as error:
            log.error("writing the records failed: %s", error, exc_info=True)
            if not self._failing:
                self._notice(f"Could not save to the records ({error}); the game goes on.")
            self._failing = True
            return default
        self._failing = False
        return result

    # settings

    def get_setting(self, key: str, default: Any = None) -> Any:
        """The stored value, or ``default`` (else DEFAULT_SETTINGS[key]) when unset or of the wrong type."""
        if default is None:
            default = DEFAULT_SETTINGS.get(key)
        row = self._read(lambda db: db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone(), None)
        if row is None:
            return default
        return _typed(row[0], default)

    def set_setting(self, key: str, value: Any) -> None:
        self.set_settings({key: value})

    def set_settings(self, values: dict[str, Any]) -> None:
        """Several settings in one transaction. Values must be JSON (TypeError otherwise)."""
        rows = [(str(key), json.dumps(value)) for key, value in values.items()]
        self._write(
            lambda db: db.executemany(
                "INSERT INTO settings (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                rows,
            )
        )

    def settings(self) -> dict[str, Any]:
        """Every setting: the defaults, overlaid with what is stored."""
        result = dict(DEFAULT_SETTINGS)
        rows = self._read(lambda db: db.execute("SELECT key, value FROM settings").fetchall(), [])
        for key, text in rows:
            result[key] = _typed(text, DEFAULT_SETTINGS.get(key))
        return result

    # games, best times, statistics

    def record_game(self, record: GameRecord, *, clear_resume: bool = True) -> RecordResult:
        """Record a finished game; also forget the saved game (in the same transaction) unless told not to."""
        time_ms, time_ok = _clamp_ms(record.time_ms)
        if not time_ok:
            log.warning("implausible game time %r ms recorded as %d ms, not counted for times", record.time_ms, time_ms)
        category = record.category
        label = category_label(category)
        counted = bool(record.won and not record.hinted and not record.same_board and time_ok)
        played_at = _stamp(record.played_at)
        values = (
            played_at,
            category,
            record.rows,
            record.cols,
            record.mines,
            record.first_click,
            int(record.no_guess),
            None if record.seed is None else str(record.seed),
            int(record.won),
            time_ms,
            int(time_ok),
            record.three_bv,
            record.left_clicks,
            record.right_clicks,
            record.chord_clicks,
            record.effective_clicks,
            int(record.hinted),
            int(record.same_board),
            None if record.replay is None else zlib.compress(record.replay.encode(), 6),
            record.solved_three_bv,
        )

        def change(db):
            game_id = db.execute(
                "INSERT INTO games (played_at, category, rows, cols, mines, first_click, no_guess, seed, won, "
                "time_ms, time_ok, three_bv, left_clicks, right_clicks, chord_clicks, effective_clicks, "
                "hinted, same_board, moves, solved_three_bv) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                values,
            ).lastrowid
            if clear_resume:
                db.execute("DELETE FROM resume")
            rank = None
            if counted:
                # Faster first, then earlier; only TOP rows need looking at.
                ahead = db.execute(
                    f"SELECT COUNT(*) FROM (SELECT 1 FROM games WHERE category = ? AND {_TIMED} "
                    f"AND (time_ms, played_at, id) < (?, ?, ?) LIMIT ?)",
                    (category, time_ms, played_at, game_id, TOP),
                ).fetchone()[0]
                rank = ahead + 1 if ahead < TOP else None
            return game_id, rank

        game_id, rank = self._write(change, (None, None))
        if game_id is None and clear_resume and not record.won:
            # The failed write took its DELETE down with it. The save from before the losing click must not
            # stay, or the next start would offer to take the loss back. (After a win it may: winning it
            # again is no cheat, and that game may then be recorded.)
            self.clear_resume()
        return RecordResult(category, label, rank, counted, game_id)

    def best_times(self, category: str, limit: int = TOP) -> list[BestTime]:
        """Fastest unassisted wins, ties broken by the earlier game."""
        rows = self._read(
            lambda db: db.execute(
                f"SELECT id, time_ms, played_at, three_bv, seed, left_clicks + right_clicks + chord_clicks, "
                f"effective_clicks, moves IS NOT NULL FROM games WHERE category = ? AND {_TIMED} "
                f"ORDER BY time_ms, played_at, id LIMIT ?",
                (category, limit),
            ).fetchall(),
            [],
        )
        return [
            BestTime(
                rank,
                time_ms,
                _to_utc(at.replace("Z", "+00:00")),
                bv,
                bv * 1000 / time_ms if time_ms > 0 else 0.0,
                None if seed is None else int(seed),
                game_id,
                bv / clicks if clicks else None,
                bool(has_replay),
                clicks,
                effective,
            )
            for rank, (game_id, time_ms, at, bv, seed, clicks, effective, has_replay) in enumerate(rows, 1)
        ]

    def recent_games(self, category: str, limit: int = TOP) -> list[PlayedGame]:
        """The last games played in a category, newest first."""
        rows = self._read(
            lambda db: db.execute(
                "SELECT id, played_at, won, time_ms, three_bv, solved_three_bv, "
                "left_clicks + right_clicks + chord_clicks, effective_clicks, hinted, moves IS NOT NULL "
                "FROM games WHERE category = ? ORDER BY played_at DESC, id DESC LIMIT ?",
                (category, limit),
            ).fetchall(),
            [],
        )
        return [
            PlayedGame(
                game_id,
                _to_utc(at.replace("Z", "+00:00")),
                bool(won),
                time_ms,
                bv,
                solved,
                clicks,
                effective,
                bool(hinted),
                bool(has_replay),
            )
            for game_id, at, won, time_ms, bv, solved, clicks, effective, hinted, has_replay in rows
        ]

    def replay(self, game_id: int) -> str | None:
        """The move log of a recorded game (a replay file's JSON), or None when it has none or it is damaged."""
        blob = self._read(lambda db: db.execute("SELECT moves FROM games WHERE id = ?", (game_id,)).fetchone(), None)
        if blob is None or blob[0] is None:
            return None
        try:
            return zlib.decompress(blob[0]).decode()
        except (zlib.error, UnicodeDecodeError, TypeError) as error:
            log.warning("the move log of game %s is damaged: %s", game_id, error)
            return None

    def custom_categories(self) -> list[str]:
        """Custom sizes that have been played, smallest board first."""
        rows = self._read(
            lambda db: db.execute("SELECT DISTINCT category FROM games WHERE category LIKE 'custom:%'").fetchall(), []
        )
        sized = [(parse_custom(c), c) for (c,) in rows]
        return [c for size, c in sorted((s, c) for s, c in sized if s is not None)]

    def statistics(self, category: str) -> Stats:
        def query(db):
            played, won = db.execute(
                "SELECT COUNT(*), COALESCE(SUM(won), 0) FROM games WHERE category = ?", (category,)
            ).fetchone()
            best_rate, average, best = db.execute(
                f"SELECT MAX(CASE WHEN time_ms > 0 THEN three_bv * 1000.0 / time_ms END), AVG(time_ms), "
                f"MIN(time_ms) FROM games WHERE category = ? AND {_TIMED}",
                (category,),
            ).fetchone()
            current = best_streak = 0
            for (game_won,) in db.execute(
                "SELECT won FROM games WHERE category = ? ORDER BY played_at, id", (category,)
            ):
                current = current + 1 if game_won else 0
                best_streak = max(best_streak, current)
            return Stats(
                category,
                category_label(category),
                played,
                won,
                100.0 * won / played if played else 0.0,
                current,
                best_streak,
                best_rate,
                None if average is None else round(average),
                best,
            )

        return self._read(query, Stats(category, category_label(category)))

    def reset_statistics(self, category: str | None = None) -> None:
        """Forget finished games (and so best times and statistics), of one category or all.
        Settings and the saved game stay."""
        if category is None:
            self._write(lambda db: db.execute("DELETE FROM games"))
        else:
            self._write(lambda db: db.execute("DELETE FROM games WHERE category = ?", (category,)))

    # the game in progress

    def save_resume(self, board_dict: dict, elapsed_ms: int, category: str, extra: dict | None = None) -> bool:
        """Keep the game in progress (called after every move); True when it reached the file."""
        if not isinstance(board_dict, dict):
            raise TypeError(f"board_dict must be a dict, not {type(board_dict).__name__}")
        elapsed, ok = _clamp_ms(elapsed_ms)
        if not ok:
            log.warning("implausible elapsed time %r ms saved as %d ms", elapsed_ms, elapsed)
        row = (
            str(category),
            elapsed,
            json.dumps(board_dict, separators=(",", ":")),
            None if extra is None else json.dumps(extra, separators=(",", ":")),
            _stamp(_utc_now()),
        )
        return self._write(
            lambda db: (
                db.execute(
                    "INSERT OR REPLACE INTO resume (slot, category, elapsed_ms, board, extra, saved_at) "
                    "VALUES (0, ?, ?, ?, ?, ?)",
                    row,
                )
                is not None
            ),
            False,
        )

    def load_resume(self) -> SavedGame | None:
        """The saved game, or None. One that cannot be read is discarded with a notice."""
        row = self._read(
            lambda db: db.execute(
                "SELECT category, elapsed_ms, board, extra, saved_at FROM resume WHERE slot = 0"
            ).fetchone(),
            None,
        )
        if row is None:
            return None
        category, elapsed, board, extra, saved_at = row
        try:
            board = json.loads(board)
            extra = None if extra is None else json.loads(extra)
            if not isinstance(board, dict) or not (extra is None or isinstance(extra, dict)):
                raise ValueError("not an object")
            if not isinstance(category, str) or not isinstance(elapsed, int):
                raise ValueError("bad category or time")
            elapsed, _ = _clamp_ms(elapsed)
            saved = _to_utc(saved_at.replace("Z", "+00:00"))
        except (ValueError, TypeError, AttributeError) as error:
            log.warning("saved game unreadable: %s", error)
            self.discard_resume("it could not be read")
            return None
        return SavedGame(board, elapsed, category, extra, saved)

    def clear_resume(self) -> None:
        self._write(lambda db: db.execute("DELETE FROM resume"))

    def discard_resume(self, reason: str) -> None:
        """Forget a saved game that failed validation, and tell the player why."""
        log.warning("saved game discarded: %s", reason)
        self.clear_resume()
        self._notice(f"The saved game was discarded: {reason}.")


def _typed(text: str, default: Any) -> Any:
    """Decode a stored setting; the default wins over a value of another type or unreadable JSON."""
    try:
        value = json.loads(text)
    except ValueError:
        return default
    if default is None:
        return value
    if isinstance(default, bool):  # before int: True is an int in Python
        return value if isinstance(value, bool) else default
    if isinstance(default, int):
        return value if isinstance(value, int) and not isinstance(value, bool) else default
    if isinstance(default, float):
        return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else default
    return value if isinstance(value, type(default)) else default
