"""Finished games in the records file: recording one, and the best times, recent games and statistics read
back from them. Each function takes an open connection; the Store runs them behind its error guard.

A row that cannot be read back (a damaged value in a field) is skipped and counted in `skipped`, never
allowed to stop a screen.
"""

from __future__ import annotations

import logging
import math
import sqlite3
import zlib
from datetime import datetime, timezone
from typing import Any, NamedTuple

from game.model.rules.category import category_label, parse_custom
from game.model.rules.facts import PRESETS
from game.records import MAX_SAVE_CHARS, GameRecord
from game.store.schema import TIMED

log = logging.getLogger(__name__)

TOP = 10  # best times kept per category
MAX_TIME_MS = 7 * 24 * 3600 * 1000  # longer than this is a broken clock, not a game
MAX_LOG_BYTES = MAX_SAVE_CHARS  # a move log is a replay file's JSON: no longer than a save of the same game


# --- values -------------------------------------------------------------------------------------------------


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def to_utc(value: datetime | str) -> datetime:
    if isinstance(value, str):
        value = datetime.fromisoformat(value.replace("Z", "+00:00"))
    if value.tzinfo is None:  # a naive time is taken as UTC, as the store writes them
        return value.replace(tzinfo=timezone.utc)
    return value.astimezone(timezone.utc)


def stamp(value: datetime | str) -> str:
    # Fixed width, so text order is time order and SQL can sort by it.
    return to_utc(value).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def clamp_ms(value: Any) -> tuple[int, bool]:
    """(milliseconds within 0..MAX_TIME_MS, whether the value was believable as it came)."""
    if isinstance(value, float) and not math.isfinite(value):
        return (0 if value != math.inf else MAX_TIME_MS), False
    ms = int(value)
    if ms < 0:
        return 0, False
    if ms > MAX_TIME_MS:
        return MAX_TIME_MS, False
    return ms, True


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
    abandoned: bool = False

    @property
    def outcome(self) -> str:
        return "won" if self.won else "abandoned" if self.abandoned else "lost"

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
        if self.category in PRESETS:
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


# --- writing ----------------------------------------------------------------------------------------------------


def insert(db: sqlite3.Connection, record: GameRecord, uid: str | None = None) -> tuple[int | None, int | None, bool]:
    """Add a finished game; returns (its id, its rank among the best times or None, whether it counts). A
    game whose `uid` is already recorded (made again from a journal) is not added twice: its id is None."""
    time_ms, time_ok = clamp_ms(record.time_ms)
    if not time_ok:
        log.warning("implausible game time %r ms recorded as %d ms, not counted for times", record.time_ms, time_ms)
    counted = bool(record.won and not record.hinted and not record.same_board and time_ok)
    played_at = stamp(record.played_at or utc_now())
    values = (
        played_at,
        record.category,
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
        int(record.abandoned),
        uid,
        record.video,
    )
    cursor = db.execute(
        "INSERT INTO games (played_at, category, rows, cols, mines, first_click, no_guess, seed, won, "
        "time_ms, time_ok, three_bv, left_clicks, right_clicks, chord_clicks, effective_clicks, "
        "hinted, same_board, moves, solved_three_bv, abandoned, uid, video) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (uid) WHERE uid IS NOT NULL DO NOTHING",
        values,
    )
    if not cursor.rowcount:
        return None, None, counted
    game_id = cursor.lastrowid
    rank = None
    if counted:
        # Faster first, then earlier; only TOP rows need looking at.
        ahead = db.execute(
            f"SELECT COUNT(*) FROM (SELECT 1 FROM games WHERE category = ? AND {TIMED} "
            f"AND (time_ms, played_at, id) < (?, ?, ?) LIMIT ?)",
            (record.category, time_ms, played_at, game_id, TOP),
        ).fetchone()[0]
        rank = ahead + 1 if ahead < TOP else None
    return game_id, rank, counted


# --- reading ----------------------------------------------------------------------------------------------------


class Reader:
    """Reads games back, skipping rows whose values are damaged; `skipped` counts them."""

    def __init__(self) -> None:
        self.skipped = 0

    def _rows(self, cursor: sqlite3.Cursor, build: Any) -> list[Any]:
        built = []
        for row in cursor:
            try:
                built.append(build(*row))
            except (ValueError, TypeError, OverflowError, AttributeError, ZeroDivisionError) as error:
                self.skipped += 1
                log.warning("a damaged game in the records was skipped: %s", error)
        return built

    def best_times(self, db: sqlite3.Connection, category: str, limit: int = TOP) -> list[BestTime]:
        """Fastest unassisted wins, ties broken by the earlier game."""
        cursor = db.execute(
            f"SELECT id, time_ms, played_at, three_bv, seed, left_clicks + right_clicks + chord_clicks, "
            f"effective_clicks, moves IS NOT NULL FROM games WHERE category = ? AND {TIMED} "
            f"ORDER BY time_ms, played_at, id LIMIT ?",
            (category, limit),
        )

        def build(
            game_id: Any, time_ms: Any, at: Any, bv: Any, seed: Any, clicks: Any, effective: Any, has_replay: Any
        ) -> tuple[Any, ...]:
            seed = None if seed is None else int(seed)
            return game_id, _ms(time_ms), to_utc(at), _count(bv), seed, _count(clicks), _count(effective), has_replay

        rows = self._rows(cursor, build)
        return [
            BestTime(
                rank,
                time_ms,
                at,
                bv,
                bv * 1000 / time_ms if time_ms > 0 else 0.0,
                seed,
                game_id,
                bv / clicks if clicks else None,
                bool(has_replay),
                clicks,
                effective,
            )
            for rank, (game_id, time_ms, at, bv, seed, clicks, effective, has_replay) in enumerate(rows, 1)
        ]

    def recent_games(self, db: sqlite3.Connection, category: str, limit: int = TOP) -> list[PlayedGame]:
        """The last games recorded in a category, newest first (in the order they were recorded, whatever
        the clock said)."""
        cursor = db.execute(
            "SELECT id, played_at, won, time_ms, three_bv, solved_three_bv, "
            "left_clicks + right_clicks + chord_clicks, effective_clicks, hinted, moves IS NOT NULL, abandoned "
            "FROM games WHERE category = ? ORDER BY id DESC LIMIT ?",
            (category, limit),
        )

        def build(
            game_id: Any,
            at: Any,
            won: Any,
            time_ms: Any,
            bv: Any,
            solved: Any,
            clicks: Any,
            effective: Any,
            hinted: Any,
            has_replay: Any,
            abandoned: Any,
        ) -> PlayedGame:
            return PlayedGame(
                game_id,
                to_utc(at),
                bool(won),
                _ms(time_ms),
                _count(bv),
                None if solved is None else _count(solved),
                _count(clicks),
                _count(effective),
                bool(hinted),
                bool(has_replay),
                bool(abandoned),
            )

        return self._rows(cursor, build)

    def statistics(self, db: sqlite3.Connection, category: str) -> Stats:
        played, won = db.execute(
            "SELECT COUNT(*), COALESCE(SUM(won = 1), 0) FROM games WHERE category = ?", (category,)
        ).fetchone()
        best_rate, average, best = db.execute(
            f"SELECT MAX(CASE WHEN time_ms > 0 THEN three_bv * 1000.0 / time_ms END), AVG(time_ms), "
            f"MIN(time_ms) FROM games WHERE category = ? AND {TIMED}",
            (category,),
        ).fetchone()
        current = best_streak = 0
        # streaks follow the order games were recorded in, not the clock (which may be set back)
        for (game_won,) in db.execute("SELECT won = 1 FROM games WHERE category = ? ORDER BY id", (category,)):
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
            best_rate if isinstance(best_rate, float) else None,
            round(average) if isinstance(average, (int, float)) else None,
            best if isinstance(best, int) else None,
        )

    def custom_categories(self, db: sqlite3.Connection) -> list[str]:
        """Custom sizes that have been played, smallest board first."""
        rows = db.execute("SELECT DISTINCT category FROM games WHERE category LIKE 'custom:%'").fetchall()
        sized = [(parse_custom(c), c) for (c,) in rows]
        return [c for size, c in sorted((s, c) for s, c in sized if s is not None)]


def replay_text(blob: Any, game_id: int) -> str | None:
    """A stored move log as text, or None when it is missing or damaged. Never more than a replay of this
    game can hold is unpacked: a damaged log could otherwise unpack to gigabytes."""
    if blob is None:
        return None
    try:
        unpacker = zlib.decompressobj()
        text = unpacker.decompress(blob, MAX_LOG_BYTES + 1)
        if len(text) > MAX_LOG_BYTES or not unpacker.eof:
            raise ValueError("longer than any replay of this game, or cut short")
        return text.decode()
    except (zlib.error, UnicodeDecodeError, TypeError, ValueError) as error:
        log.warning("the move log of game %s is damaged: %s", game_id, error)
        return None


def _ms(value: Any) -> int:
    if type(value) is not int or not 0 <= value <= MAX_TIME_MS:
        raise ValueError(f"a time of {value!r} ms")
    return value


def _count(value: Any) -> int:
    if type(value) is not int or not 0 <= value < 10**9:
        raise ValueError(f"a count of {value!r}")
    return value
