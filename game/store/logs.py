"""The move logs of the newest recorded games, read back off the frame on a connection of the reader's own: the
pattern drill looks in them for the player's own avoidable guesses.

A log that is damaged (it does not unpack, or its date is not one) comes back without its moves, so a page of
games still moves on past it; the video kept beside the moves is left out (the drill reads the clicks only)."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from game.store.games import replay_text, to_utc
from game.video.packed import split_log

log = logging.getLogger(__name__)

READ_WAIT = 1.0  # seconds a reader's connection waits for a lock (a read in WAL mode hardly ever meets one)
MOST_CELLS = 2_500  # a larger board's game is not read: reviewing it would keep the drill waiting seconds a game


class GameLog(NamedTuple):
    """A recorded game's clicks: its id, when it was played, and its replay's JSON (None: damaged)."""

    game_id: int
    played_at: datetime | None
    moves: str | None


# (older than this game id, None: from the newest; how many) -> those games, newest first
LogReader = Callable[[int | None, int], list[GameLog]]


def read_logs(db: sqlite3.Connection, before: int | None, count: int) -> list[GameLog]:
    """Up to `count` games that kept a move log, newest first, older than game `before` (None: from the newest).
    Boards larger than MOST_CELLS are passed over."""
    rows = db.execute(
        "SELECT id, played_at, moves FROM games WHERE moves IS NOT NULL AND rows * cols <= ? AND id < ? "
        "ORDER BY id DESC LIMIT ?",
        (MOST_CELLS, 2**63 - 1 if before is None else before, max(0, count)),
    ).fetchall()
    logs = []
    for game_id, at, blob in rows:
        text = replay_text(blob, game_id)
        try:
            played_at: datetime | None = to_utc(at)
        except (ValueError, TypeError, AttributeError):
            played_at, text = None, None
        logs.append(GameLog(game_id, played_at, None if text is None else split_log(text)[0]))
    return logs


def file_reader(path: Path) -> LogReader:
    """Reads logs on a connection of its own, opened for the call: for a thread that is not the frame's. A file
    that cannot be read reads as no games."""

    def read(before: int | None, count: int) -> list[GameLog]:
        try:
            db = sqlite3.connect(path, timeout=READ_WAIT, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            log.warning("the records could not be opened to read games' clicks: %s", error)
            return []
        try:
            db.execute("PRAGMA query_only = 1")
            return read_logs(db, before, count)
        except sqlite3.Error as error:
            log.warning("games' clicks could not be read: %s", error)
            return []
        finally:
            db.close()

    return read


def connection_reader(db: sqlite3.Connection) -> LogReader:
    """Reads logs on a connection already open: records in memory's (shared with the frame, where no read waits)."""

    def read(before: int | None, count: int) -> list[GameLog]:
        try:
            return read_logs(db, before, count)
        except sqlite3.Error as error:
            log.warning("games' clicks could not be read: %s", error)
            return []

    return read
