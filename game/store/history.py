"""Every game a board has had, read off the frame on a connection of the reader's own: what Progress draws (a
row a game, lean: no move log is read) and what the CSV export writes (every game of every board, with all its
figures). Thousands of games are read at once here, which a frame never could."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from game.store.games import to_utc
from game.store.reader import KEPT_COLUMNS, kept_of
from game.store.schema import TIMED

log = logging.getLogger(__name__)

READ_WAIT = 1.0  # seconds a reader's connection waits for a lock (a read in WAL mode hardly ever meets one)
T = TypeVar("T")
Query = Callable[[sqlite3.Connection], T]


class Reads:
    """Runs a query on the records from a thread that is not the frame's: on a connection opened for the call
    (a records file), or on the one open already (records in memory, which no other connection can see)."""

    def __init__(self, path: Path | None, db: sqlite3.Connection | None) -> None:
        self.path, self.db = path, db

    def __call__(self, query: Query[T]) -> T:
        if self.path is None:
            assert self.db is not None
            return query(self.db)
        db = sqlite3.connect(self.path, timeout=READ_WAIT, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA query_only = 1")
            return query(db)
        finally:
            db.close()


class ChartGame(NamedTuple):
    """One finished game as Progress draws it."""

    game_id: int
    played_at: datetime  # UTC
    won: bool
    timed: bool  # counts for times (an unassisted win on a board not seen before, with a believable time)
    time_ms: int
    three_bv: int
    bbbv_s: float | None  # 3BV/s of a win (its video's when worked out), else None
    has_replay: bool


def chart_games(db: sqlite3.Connection, category: str) -> list[ChartGame]:
    """Every game of a board, in the order recorded. Only the columns before the move log are read (SQLite
    would read through a long log to reach those after it), and the figures from their own table."""
    cursor = db.execute(
        f"SELECT games.id, played_at, won, ({TIMED}), time_ms, three_bv, moves IS NOT NULL, bbbv_s "
        "FROM games LEFT JOIN figures ON figures.game_id = games.id WHERE games.category = ? ORDER BY games.id",
        (category,),
    )
    games = []
    for game_id, at, won, timed, time_ms, bv, has_replay, bbbv_s in cursor:
        try:
            time_ms, bv = int(time_ms), int(bv)
            rate = None
            if won:
                rate = float(bbbv_s) if isinstance(bbbv_s, (int, float)) else bv * 1000 / time_ms if time_ms else None
            games.append(ChartGame(game_id, to_utc(at), bool(won), bool(timed), time_ms, bv, rate, bool(has_replay)))
        except (ValueError, TypeError, OverflowError, AttributeError) as error:
            log.warning("a damaged game in the records was left out of Progress: %s", error)
    return games


# What the CSV export writes, a column each: names in the community's notation, kept in English (a file other
# programs and scripts read too, whatever the player's language).
SHEET_COLUMNS = (
    "game",
    "date",
    "time of day",
    "UTC",
    "level",
    "rows",
    "columns",
    "mines",
    "first click",
    "no-guess",
    "won",
    "abandoned",
    "timed",
    "assisted",
    "same board",
    "time (s)",
    "3BV",
    "3BV solved",
    "3BV/s",
    "IOE",
    "STNB",
    "clicks",
    "left clicks",
    "right clicks",
    "chord clicks",
    "useful clicks",
    "NF",
    "video",
)


def sheet_rows(db: sqlite3.Connection) -> list[list[Any]]:
    """Every game of every board, in the order recorded, a row of SHEET_COLUMNS' values each: numbers as
    numbers, yes and no as 1 and 0, nothing known as None. A damaged row is left out."""
    cursor = db.execute(
        "SELECT games.id, played_at, games.category, rows, cols, mines, first_click, no_guess, won, abandoned, "
        f"({TIMED}), hinted, same_board, time_ms, three_bv, solved_three_bv, left_clicks, right_clicks, "
        f"chord_clicks, effective_clicks, moves IS NOT NULL OR video IS NOT NULL, {KEPT_COLUMNS} "
        "FROM games LEFT JOIN figures ON figures.game_id = games.id ORDER BY games.id"
    )
    rows = []
    for row in cursor:
        try:
            rows.append(_sheet_row(*row))
        except (ValueError, TypeError, OverflowError, AttributeError) as error:
            log.warning("a damaged game in the records was left out of the export: %s", error)
    return rows


def _sheet_row(
    game_id: Any, at: Any, category: Any, rows: Any, cols: Any, mines: Any, first: Any, no_guess: Any, won: Any,
    abandoned: Any, timed: Any, assisted: Any, same: Any, time_ms: Any, bv: Any, solved: Any, left: Any,
    right: Any, chord: Any, useful: Any, has_video: Any, *figures: Any,
) -> list[Any]:  # fmt: skip
    utc = to_utc(at)
    local = utc.astimezone()
    kept = kept_of(*figures)
    time_s = int(time_ms) / 1000
    cleared = int(bv) if won else None if solved is None else int(solved)
    rate = kept.bbbv_s if kept is not None and kept.bbbv_s is not None else None
    clicks = int(left) + int(right) + int(chord)
    if rate is None and cleared is not None and time_ms:
        rate = cleared / time_s
    ioe = kept.ioe if kept is not None and kept.ioe is not None else cleared / clicks if cleared and clicks else None
    nf = None if kept is None or kept.nf is None else int(kept.nf)
    return [
        int(game_id),
        local.strftime("%Y-%m-%d"),
        local.strftime("%H:%M:%S"),
        utc.strftime("%Y-%m-%dT%H:%M:%SZ"),
        str(category),
        int(rows),
        int(cols),
        int(mines),
        str(first),
        int(bool(no_guess)),
        int(bool(won)),
        int(bool(abandoned)),
        int(bool(timed)),
        int(bool(assisted)),
        int(bool(same)),
        time_s,
        int(bv),
        cleared,
        rate,
        ioe,
        kept.stnb if kept is not None else None,
        clicks,
        int(left),
        int(right),
        int(chord),
        int(useful),
        nf,
        int(bool(has_video)),
    ]
