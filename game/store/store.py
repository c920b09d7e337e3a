"""The records: settings, finished games, best times, statistics and the saved game, in one SQLite file.

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
- Played, won, win % and streaks count every finished game (an abandoned one as a loss), in the order
  recorded. Times (best times, best 3BV/s, average win time)
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
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.model.category import category_label
from game.records import GameRecord, SavedGame
from game.store import games
from game.store.games import TOP, BestTime, PlayedGame, RecordResult, Stats, clamp_ms, stamp, to_utc, utc_now
from game.store.schema import MIGRATIONS, Corrupt, Newer, connect, migrate, rollback, set_aside

log = logging.getLogger(__name__)

HOME_ENV = "MINESWEEPER_HOME"
APP_NAME = "minesweeper"
DB_NAME = "minesweeper.db"
BUSY_TIMEOUT = 5.0  # seconds a write waits for another copy of the game before giving up


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
                    db = connect(path, busy_timeout)
                except Corrupt as error:
                    log.warning("%s is damaged (%s); setting it aside", path, error)
                    aside = set_aside(path)
                    notices.append(
                        f"The records file was damaged; it was kept as {aside.name} and a new one was started."
                    )
                    db = connect(path, busy_timeout)
            except Newer as error:
                log.warning("%s has schema version %s, newer than %s", path, error, len(MIGRATIONS))
                return cls.memory("Records were saved by a newer version of the game; running without records.")
            except (sqlite3.Error, OSError, Corrupt) as error:
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
        migrate(db)
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
                rollback(db)
                raise
        except sqlite3.Error as error:
            log.error("writing the records failed: %s", error, exc_info=True)
            if not self._failing:
                self._notice(f"Could not save to the records ({error}); the game goes on.")
            self._failing = True
            return default
        self._failing = False
        return result

    # settings: kept as JSON; game/settings.py cleans what is read back

    def settings(self) -> dict[str, Any]:
        """Every stored setting, decoded; a value that is not readable JSON is left out."""
        rows = self._read(lambda db: db.execute("SELECT key, value FROM settings").fetchall(), [])
        stored = {}
        for key, text in rows:
            try:
                stored[key] = json.loads(text)
            except (ValueError, TypeError, RecursionError):
                log.warning("the stored setting %r is unreadable; its default is used", key)
        return stored

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

    # learning: lessons done, mistakes by rule, drill scores, each a JSON value under a key

    def learnt(self) -> dict[str, Any]:
        """What the player has learnt, by key; an unreadable value is left out (it starts again)."""
        rows = self._read(lambda db: db.execute("SELECT key, value FROM learn").fetchall(), [])
        found = {}
        for key, text in rows:
            try:
                found[key] = json.loads(text)
            except (ValueError, TypeError, RecursionError):
                log.warning("the learning record %r is unreadable; it starts again", key)
        return found

    def set_learnt(self, key: str, value: Any) -> None:
        text = json.dumps(value)
        self._write(
            lambda db: db.execute(
                "INSERT INTO learn (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, text),
            )
        )

    # games, best times, statistics

    def record_game(self, record: GameRecord, *, clear_resume: bool = True) -> RecordResult:
        """Record a finished game; also forget the saved game (in the same transaction) unless told not to."""

        def change(db):
            recorded = games.insert(db, record)
            if clear_resume:
                db.execute("DELETE FROM resume")
            return recorded

        game_id, rank, counted = self._write(change, (None, None, False))
        if game_id is None and clear_resume and not record.won:
            # The failed write took its DELETE down with it. The save from before the losing click must not
            # stay, or the next start would offer to take the loss back. (After a win it may: winning it
            # again is no cheat, and that game may then be recorded.)
            self.clear_resume()
        return RecordResult(record.category, category_label(record.category), rank, counted, game_id)

    def _games(self, read: Callable[[games.Reader, sqlite3.Connection], Any], default: Any) -> Any:
        reader = games.Reader()
        result = self._read(lambda db: read(reader, db), default)
        if reader.skipped:
            self._notice(
                f"{reader.skipped} damaged game{'s' if reader.skipped > 1 else ''} in the records could not be shown."
            )
        return result

    def best_times(self, category: str, limit: int = TOP) -> list[BestTime]:
        """Fastest unassisted wins, ties broken by the earlier game."""
        return self._games(lambda reader, db: reader.best_times(db, category, limit), [])

    def recent_games(self, category: str, limit: int = TOP) -> list[PlayedGame]:
        """The last games recorded in a category, newest first."""
        return self._games(lambda reader, db: reader.recent_games(db, category, limit), [])

    def statistics(self, category: str) -> Stats:
        return self._games(
            lambda reader, db: reader.statistics(db, category), Stats(category, category_label(category))
        )

    def custom_categories(self) -> list[str]:
        """Custom sizes that have been played, smallest board first."""
        return self._games(lambda reader, db: reader.custom_categories(db), [])

    def replay(self, game_id: int) -> str | None:
        """The move log of a recorded game (a replay file's JSON), or None when it has none or it is damaged."""
        row = self._read(lambda db: db.execute("SELECT moves FROM games WHERE id = ?", (game_id,)).fetchone(), None)
        return None if row is None else games.replay_text(row[0], game_id)

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
        elapsed, ok = clamp_ms(elapsed_ms)
        if not ok:
            log.warning("implausible elapsed time %r ms saved as %d ms", elapsed_ms, elapsed)
        row = (
            str(category),
            elapsed,
            json.dumps(board_dict, separators=(",", ":")),
            None if extra is None else json.dumps(extra, separators=(",", ":")),
            stamp(utc_now()),
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
            elapsed, _ = clamp_ms(elapsed)
            saved = to_utc(saved_at)
        except (ValueError, TypeError, AttributeError, RecursionError) as error:
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
