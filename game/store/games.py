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

from game.language import _, pgettext
from game.model import PRESETS, category_label
from game.store import speed
from game.store.kept import MAX_SAVE_CHARS, GameRecord
from game.store.reviewed import Reviewed
from game.store.schema import FIGURE_BOUNDS, TIMED, UNFIGURED, believable

log = logging.getLogger(__name__)

TOP = 10  # best times kept per category
MAX_TIME_MS = 7 * 24 * 3600 * 1000  # longer than this is a broken clock, not a game
MAX_LOG_BYTES = MAX_SAVE_CHARS  # a move log is a replay file's JSON: no longer than a save of the same game


# --- values -------------------------------------------------------------------------------------------------


def ordinal(n: int) -> str:
    """`n` as a place in a list ("2nd", "11th"), in the language in effect."""
    ending = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    if ending == "st":
        # TRANSLATORS: a place among the best times ("21st best time"), sorted by English's endings: give each of
        # the four the form your language writes (German "{n}.", French "{n}e", Chinese "第{n}"), all alike if so.
        return pgettext("ordinal number ending in 1 (21st)", "{n}st").format(n=n)
    if ending == "nd":
        # TRANSLATORS: a place among the best times, as for "{n}st"
        return pgettext("ordinal number ending in 2 (2nd, 22nd)", "{n}nd").format(n=n)
    if ending == "rd":
        # TRANSLATORS: a place among the best times, as for "{n}st"
        return pgettext("ordinal number ending in 3 (3rd, 23rd)", "{n}rd").format(n=n)
    # TRANSLATORS: a place among the best times, as for "{n}st"
    return pgettext("ordinal number (4th, 11th, 12th, 13th)", "{n}th").format(n=n)


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
    assisted: bool
    has_replay: bool
    abandoned: bool = False
    same_board: bool = False  # a board seen before (the same board again, a code): never timed
    kept: speed.Kept | None = None  # its speed figures, once worked out
    filtered: bool = False  # dealt within the player's 3BV range: never timed
    review: Reviewed | None = None  # its guesses, avoidable guesses and luck, once reviewed

    @property
    def outcome(self) -> str:
        """How the game ended, in the language in effect (a mark in Records' list of recent games)."""
        if self.won:
            return pgettext("a game's outcome", "won")
        return pgettext("a game's outcome", "abandoned") if self.abandoned else pgettext("a game's outcome", "lost")

    @property
    def cleared_three_bv(self) -> int | None:
        """The 3BV the game cleared: all of it on a win, the part opened on a loss (None: an old loss that did
        not keep it)."""
        return self.three_bv if self.won else self.solved_three_bv

    @property
    def three_bv_per_s(self) -> float | None:
        """3BV (of the part opened, on a loss) per second: the video's, as the game-over panel showed it."""
        solved = self.cleared_three_bv
        return kept_or(
            self.kept, "bbbv_s", solved * 1000 / self.time_ms if solved is not None and self.time_ms else None
        )

    @property
    def ioe(self) -> float | None:
        """3BV per click (of the part opened, on a loss); None for an old game that did not keep it."""
        solved = self.cleared_three_bv
        return kept_or(self.kept, "ioe", solved / self.clicks if solved is not None and self.clicks else None)

    @property
    def stnb(self) -> float | None:
        return self.kept.stnb if self.kept is not None else None

    @property
    def nf(self) -> bool | None:
        """No flag ever placed (None: not known)."""
        return self.kept.nf if self.kept is not None else None


class Beaten(NamedTuple):
    """A personal best: the figure (as Help names it), the game's value and the best it beat (a time in ms)."""

    figure: str
    value: float
    was: float


class RecordResult(NamedTuple):
    """What recording a game meant: its rank among the best times (1..TOP) or None, and a line to show."""

    category: str
    label: str
    rank: int | None = None
    counted: bool = False  # whether the game can count for times at all (an unassisted, believable win)
    game_id: int | None = None
    beaten: tuple[Beaten, ...] = ()  # the board's bests this game beat (none for the board's first timed game)

    @property
    def message(self) -> str:
        """``"New record! 2nd best Expert time"``, or ``""`` when not a record."""
        if self.rank is None:
            return ""
        board = category_label(self.category)  # at show time: in the language in effect now
        if self.category in PRESETS:
            if self.rank == 1:
                return _("New record! Best {board} time").format(board=board)
            return _("New record! {place} best {board} time").format(place=ordinal(self.rank), board=board)
        if self.rank == 1:
            return _("New record! Best time for {board}").format(board=board)
        return _("New record! {place} best time for {board}").format(place=ordinal(self.rank), board=board)

    @property
    def short_message(self) -> str:
        """The record said where the board is in view (the game-over bar): ``"2nd best time!"``, or ``""``."""
        if self.rank is None:
            return ""
        if self.rank == 1:
            return _("Best time!")
        return _("{place} best time!").format(place=ordinal(self.rank))


class Ranking(NamedTuple):
    """A list of a board's best games: by which figure (as Help names it), its column, which way is better."""

    figure: str
    column: str
    higher_better: bool = True


RANKINGS = {
    ranking.figure: ranking
    for ranking in (
        Ranking("Time", "time_ms", higher_better=False),
        Ranking("3BV/s", "bbbv_s"),
        Ranking("IOE", "ioe"),
        Ranking("STNB", "stnb"),
    )
}


class BestGame(NamedTuple):
    """One of a board's best games, at its rank in the list it was read for (fastest, or by a figure)."""

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
    kept: speed.Kept | None = None
    review: Reviewed | None = None  # its guesses, avoidable guesses and luck, once reviewed

    @property
    def cleared_three_bv(self) -> int:
        """A best is a win: it cleared all its 3BV."""
        return self.three_bv

    @property
    def stnb(self) -> float | None:
        return self.kept.stnb if self.kept is not None else None

    @property
    def nf(self) -> bool | None:
        """No flag ever placed (None: not known)."""
        return self.kept.nf if self.kept is not None else None


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
    clean_wins: int = 0  # reviewed wins without an avoidable guess
    reviewed_wins: int = 0  # wins reviewed (with their figures known): what the clean ones are a share of
    average_luck: float | None = None  # of the wins reviewed

    @property
    def lost(self) -> int:
        return self.played - self.won


# --- writing ----------------------------------------------------------------------------------------------------


Inserted = tuple[int | None, int | None, bool, list[Beaten]]


def insert(
    db: sqlite3.Connection, record: GameRecord, uid: str | None = None, kept: speed.Kept | None = None
) -> Inserted:
    """Add a finished game with its speed figures (None: worked out later, in the background); returns (its id,
    its rank among the best times or None, whether it counts, the board's bests it beat). A game whose `uid`
    is already recorded (made again from a journal) is not added twice: its id is None."""
    time_ms, time_ok = clamp_ms(record.time_ms)
    if not time_ok:
        log.warning("implausible game time %r ms recorded as %d ms, not counted for times", record.time_ms, time_ms)
    counted = bool(record.won and not record.assisted and not record.same_board and not record.filtered and time_ok)
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
        int(record.assisted),
        int(record.same_board),
        None if record.replay is None else zlib.compress(record.replay.encode(), 6),
        record.solved_three_bv,
        int(record.abandoned),
        uid,
        record.video,
        int(record.filtered),
    )
    bests = _bests(db, record.category or "", kept) if counted else {}
    cursor = db.execute(
        "INSERT INTO games (played_at, category, rows, cols, mines, first_click, no_guess, seed, won, "
        "time_ms, time_ok, three_bv, left_clicks, right_clicks, chord_clicks, effective_clicks, "
        "hinted, same_board, moves, solved_three_bv, abandoned, uid, video, filtered) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (uid) WHERE uid IS NOT NULL DO NOTHING",
        values,
    )
    if not cursor.rowcount:
        return None, None, counted, []
    game_id = cursor.lastrowid
    if kept is not None:
        keep_figures(db, [[game_id, record.category, counted, *kept.as_row()]])
    rank = None
    if counted:
        # Faster first, then earlier; only TOP rows need looking at.
        ahead = db.execute(
            f"SELECT COUNT(*) FROM (SELECT 1 FROM games WHERE category = ? AND {TIMED} "
            f"AND (time_ms, played_at, id) < (?, ?, ?) LIMIT ?)",
            (record.category, time_ms, played_at, game_id, TOP),
        ).fetchone()[0]
        rank = ahead + 1 if ahead < TOP else None
    return game_id, rank, counted, _beaten(bests, time_ms, kept)


def _bests(db: sqlite3.Connection, category: str, kept: speed.Kept | None) -> dict[str, Any]:
    """The board's best of each figure before a game is added: the time, and the speed figures when every
    timed game of the board has its figures worked out (else a best could be one not known yet)."""

    def best(query: str) -> Any:
        return db.execute(query, (category,)).fetchone()[0]

    bests = {"time_ms": best(f"SELECT MIN(time_ms) FROM games WHERE category = ? AND {TIMED}")}
    unknown = f"SELECT COUNT(*) FROM games WHERE category = ? AND {TIMED} AND {UNFIGURED}"
    if kept is not None and kept.source == speed.FROM_VIDEO and best(unknown) == 0:
        for column in FIGURE_BOUNDS:
            bests[column] = best(
                f"SELECT MAX({column}) FROM figures WHERE category = ? AND timed = 1 AND {believable(column)}"
            )
    return bests


def keep_figures(db: sqlite3.Connection, rows: list[list[Any]]) -> None:
    """In the open transaction: keep games' speed figures, each row [game id, its category, whether it counts
    for times, *Kept.as_row()], with the game's time from its row (the NF best times' index reads it there),
    unless the game has them already (another copy of the game was quicker)."""
    db.executemany(
        "INSERT INTO figures (game_id, category, timed, source, bbbv_s, ioe, stnb, nf, game_ms) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, (SELECT time_ms FROM games WHERE games.id = ?)) "
        "ON CONFLICT (game_id) DO NOTHING",
        [[game_id, category, int(bool(timed)), *values, game_id] for game_id, category, timed, *values in rows],
    )


def _beaten(bests: dict[str, Any], time_ms: int, kept: speed.Kept | None) -> list[Beaten]:
    found = []
    for ranking in RANKINGS.values():
        was = bests.get(ranking.column)
        value = time_ms if ranking.column == "time_ms" else getattr(kept, ranking.column, None)
        if not isinstance(was, (int, float)) or value is None:
            continue
        if (value > was) if ranking.higher_better else (value < was):
            found.append(Beaten(ranking.figure, value, was))
    return found


def kept_or(kept: speed.Kept | None, name: str, otherwise: float | None) -> float | None:
    """A figure the game kept, else (not worked out yet, or damaged) what its row says."""
    value: float | None = getattr(kept, name, None)
    return otherwise if value is None else value


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
