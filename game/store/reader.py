"""Finished games read back from the records: a board's best games by each figure, its recent games and its
statistics. Each method takes an open connection; the Store runs them behind its error guard.

A row that cannot be read back (a damaged value in a field) is skipped and counted in `skipped`, never allowed
to stop a screen; a damaged speed figure reads as not known, and is never ranked.
"""

from __future__ import annotations

import logging
import sqlite3
from datetime import datetime
from typing import Any, NamedTuple

from game.model import PRESETS, RULE_MARK, GuessRule, board_of, category_label, parse_custom, rule_of
from game.store import reviewed, speed
from game.store.games import MAX_TIME_MS, RANKINGS, TOP, BestGame, PlayedGame, Stats, kept_or, replay_text, to_utc
from game.store.schema import CLEAN, FIGURE_BOUNDS, NF_TIMED, TIMED, UNFIGURED, believable

log = logging.getLogger(__name__)


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

    def best_times(self, db: sqlite3.Connection, category: str, limit: int = TOP) -> list[BestGame]:
        """Fastest unassisted wins, ties broken by the earlier game."""
        return self.bests(db, category, "Time", limit)

    def bests(
        self, db: sqlite3.Connection, category: str, figure: str, limit: int = TOP, nf: bool = False
    ) -> list[BestGame]:
        """A board's best unassisted wins by a figure of RANKINGS (the time, or a speed figure: games whose
        figure is not known, or damaged, are not ranked), ties broken by the earlier game; `nf`: the NF wins
        alone (no flag placed: known from the game's figures, so a game whose figures are not worked out yet
        is not among them). CLEAN_TIMES: the fastest wins without an avoidable guess (once reviewed)."""
        ranking = RANKINGS.get(figure, RANKINGS["Time"])
        columns = (
            "games.id, games.time_ms, played_at, three_bv, seed, left_clicks + right_clicks + chord_clicks, "
            f"effective_clicks, moves IS NOT NULL, {KEPT_COLUMNS}"
        )
        if figure == CLEAN_TIMES:  # the reviews' index finds them; the game's own row has the last word
            cursor = db.execute(
                f"SELECT {columns} FROM reviews JOIN games ON games.id = reviews.game_id "
                f"LEFT JOIN figures ON figures.game_id = games.id "
                f"WHERE reviews.category = ? AND reviews.timed = 1 AND {CLEAN_REVIEWS} AND {TIMED_GAMES} "
                f"ORDER BY reviews.time_ms, reviews.game_id LIMIT ?",
                (category, limit),
            )
        elif nf and ranking.column == "time_ms":  # the NF games' own index, by the time their figures keep
            cursor = db.execute(
                f"SELECT {columns} FROM figures INDEXED BY figures_nf_time JOIN games ON games.id = figures.game_id "
                f"WHERE figures.category = ? AND {NF_TIMED} AND {TIMED} ORDER BY game_ms, game_id LIMIT ?",
                (category, limit),
            )
        elif nf:
            column = ranking.column
            cursor = db.execute(
                f"SELECT {columns} FROM figures INDEXED BY figures_nf_{column} "
                "JOIN games ON games.id = figures.game_id "
                f"WHERE figures.category = ? AND {NF_TIMED} AND {believable(column)} AND {TIMED} "
                f"ORDER BY {column} DESC, game_id LIMIT ?",
                (category, limit),
            )
        elif ranking.column == "time_ms":
            cursor = db.execute(
                f"SELECT {columns} FROM games LEFT JOIN figures ON figures.game_id = games.id "
                f"WHERE games.category = ? AND {TIMED} ORDER BY games.time_ms, played_at, games.id LIMIT ?",
                (category, limit),
            )
        else:  # the figures' index finds them; the game's own row has the last word on whether it counts
            column = ranking.column
            cursor = db.execute(
                f"SELECT {columns} FROM figures JOIN games ON games.id = figures.game_id "
                f"WHERE figures.category = ? AND timed = 1 AND {believable(column)} AND {TIMED} "
                f"ORDER BY {column} DESC, game_id LIMIT ?",
                (category, limit),
            )

        def build(
            game_id: Any, time_ms: Any, at: Any, bv: Any, seed: Any, clicks: Any, effective: Any, has_replay: Any,
            *figures: Any,
        ) -> BestGame:  # fmt: skip
            time_ms, bv, clicks, kept = _ms(time_ms), _count(bv), _count(clicks), kept_of(*figures)
            return BestGame(
                0,
                time_ms,
                to_utc(at),
                bv,
                kept_or(kept, "bbbv_s", bv * 1000 / time_ms if time_ms else 0.0) or 0.0,
                None if seed is None else int(seed),
                game_id,
                kept_or(kept, "ioe", bv / clicks if clicks else None),
                bool(has_replay),
                clicks,
                _count(effective),
                kept,
            )

        built = self._rows(cursor, build)
        reviews = reviews_of(db, [game.game_id for game in built])
        return [game._replace(rank=rank, review=reviews.get(game.game_id)) for rank, game in enumerate(built, 1)]

    def recent_games(self, db: sqlite3.Connection, category: str, limit: int = TOP) -> list[PlayedGame]:
        """The last games recorded in a category, newest first (in the order they were recorded, whatever
        the clock said)."""
        cursor = db.execute(
            "SELECT games.id, played_at, won, time_ms, three_bv, solved_three_bv, "
            "left_clicks + right_clicks + chord_clicks, effective_clicks, hinted, moves IS NOT NULL, abandoned, "
            f"same_board, filtered, {KEPT_COLUMNS} FROM games LEFT JOIN figures ON figures.game_id = games.id "
            "WHERE games.category = ? ORDER BY games.id DESC LIMIT ?",
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
            assisted: Any,
            has_replay: Any,
            abandoned: Any,
            same_board: Any,
            filtered: Any,
            *kept: Any,
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
                bool(assisted),
                bool(has_replay),
                bool(abandoned),
                bool(same_board),
                kept_of(*kept),
                bool(filtered),
            )

        built = self._rows(cursor, build)
        reviews = reviews_of(db, [game.game_id for game in built])
        return [game._replace(review=reviews.get(game.game_id)) for game in built]

    def statistics(self, db: sqlite3.Connection, category: str) -> Stats:
        # Each query reads an index (games_outcomes, games_best, figures_best_bbbv_s), never the games' rows,
        # whose move logs make a scan of them slow: 10,000 games are 40 MB of pages.
        played, won = db.execute(
            "SELECT COUNT(*), COALESCE(SUM(won = 1), 0) FROM games WHERE category = ?", (category,)
        ).fetchone()
        average, best = db.execute(
            f"SELECT AVG(time_ms), MIN(time_ms) FROM games INDEXED BY games_best WHERE category = ? AND {TIMED}",
            (category,),
        ).fetchone()
        # the best 3BV/s a game kept (its video's), or (an older game's, not worked out yet) from its time
        kept = db.execute(
            f"SELECT bbbv_s FROM figures JOIN games ON games.id = figures.game_id WHERE figures.category = ? "
            f"AND timed = 1 AND {believable('bbbv_s')} AND {TIMED} ORDER BY bbbv_s DESC LIMIT 1",
            (category,),
        ).fetchone()
        older = None
        if db.execute("SELECT (SELECT COUNT(*) FROM games) > (SELECT COUNT(*) FROM figures)").fetchone()[0]:
            older = db.execute(
                f"SELECT MAX(three_bv * 1000.0 / time_ms) FROM games WHERE category = ? AND {TIMED} "
                f"AND time_ms > 0 AND {UNFIGURED}",
                (category,),
            ).fetchone()
        rates = [row[0] for row in (kept, older) if row is not None and isinstance(row[0], float)]
        best_rate = max(rates) if rates else None
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
            best_rate,
            round(average) if isinstance(average, (int, float)) else None,
            best if isinstance(best, int) else None,
        )._replace(**self.clean_statistics(db, category))

    def clean_statistics(self, db: sqlite3.Connection, category: str) -> dict[str, Any]:
        """The statistics of a board's reviewed wins (Stats' clean_wins, reviewed_wins, average_luck), from the
        reviews' own index, never the games' rows: read again as older games are reviewed."""
        clean, reviewed_wins, luck = db.execute(
            f"SELECT COALESCE(SUM({CLEAN}), 0), COUNT(*), AVG(luck) FROM reviews INDEXED BY reviews_by_category "
            "WHERE category = ? AND won = 1 AND avoidable IS NOT NULL",
            (category,),
        ).fetchone()
        return {
            "clean_wins": clean if isinstance(clean, int) else 0,
            "reviewed_wins": reviewed_wins if isinstance(reviewed_wins, int) else 0,
            "average_luck": luck if isinstance(luck, float) and 0.0 <= luck < 10**7 else None,
        }

    def custom_categories(self, db: sqlite3.Connection) -> list[str]:
        """Custom sizes that have been played, smallest board first."""
        rows = db.execute(
            f"SELECT DISTINCT category FROM games WHERE category LIKE 'custom:%' AND category NOT LIKE '%{RULE_MARK}%'"
        ).fetchall()
        sized = [(parse_custom(c), c) for (c,) in rows]
        return [c for size, c in sorted((s, c) for s, c in sized if s is not None)]

    def rule_categories(self, db: sqlite3.Connection) -> list[str]:
        """The boards played in a mode of the no-guess family (game.model's category_for), by mode, the levels
        first, then the custom sizes, smallest first."""
        rows = db.execute(f"SELECT DISTINCT category FROM games WHERE category LIKE '%{RULE_MARK}%'").fetchall()
        order = list(GuessRule)
        kept = []
        for (category,) in rows:
            board, rule = rule_of(category)
            size = board_of(board)
            if size is not None and rule is not GuessRule.OFF:
                kept.append(((order.index(rule), board not in PRESETS, size[0] * size[1], size), category))
        return [category for _key, category in sorted(kept)]


KEPT_COLUMNS = "figures.source, bbbv_s, ioe, stnb, nf"  # of figures (NULL when a game has none yet)
CLEAN_TIMES = "Clean"  # `bests` of this figure: the fastest timed wins without an avoidable guess
# The conditions of a clean win and of a game that counts for times, said of one table in a query that joins
# both (each has `won`); the first resolves to the partial index's own condition (schema.CLEAN).
CLEAN_REVIEWS = "reviews.won = 1 AND reviews.avoidable = 0"
TIMED_GAMES = "games.won = 1 AND games.hinted = 0 AND games.same_board = 0 AND games.time_ok = 1"


def reviews_of(db: sqlite3.Connection, game_ids: list[int]) -> dict[int, reviewed.Reviewed]:
    """The review figures of these games (a list's few rows), by id; a game not reviewed yet is left out."""
    if not game_ids:
        return {}
    marks = ", ".join("?" * len(game_ids))
    found = {}
    for game_id, *values in db.execute(
        f"SELECT game_id, {reviewed.COLUMNS} FROM reviews WHERE game_id IN ({marks})", game_ids
    ):
        review = reviewed.checked(*values)
        if review is not None:
            found[game_id] = review
    return found


def kept_of(source: Any, bbbv_s: Any, ioe: Any, stnb: Any, nf: Any) -> speed.Kept | None:
    """A game's kept figures as read back: None when not worked out yet; a damaged value reads as not known
    (the game still shows, without it)."""
    if source is None:
        return None
    if source not in speed.SOURCES:
        log.warning("a game's figures say they came from %r: not shown", str(source)[:40])
        return speed.Kept(speed.NOTHING)
    return speed.Kept(
        source,
        _figure(bbbv_s, "bbbv_s"),
        _figure(ioe, "ioe"),
        _figure(stnb, "stnb"),
        None if nf not in (0, 1) or type(nf) is not int else bool(nf),
    )


def _figure(value: Any, column: str) -> float | None:
    if value is None:
        return None
    if type(value) is not float or not 0.0 <= value <= FIGURE_BOUNDS[column]:
        log.warning("a game's %s is damaged (%r): not shown", column, str(value)[:40])
        return None
    return value


def _ms(value: Any) -> int:
    if type(value) is not int or not 0 <= value <= MAX_TIME_MS:
        raise ValueError(f"a time of {value!r} ms")
    return value


def _count(value: Any) -> int:
    if type(value) is not int or not 0 <= value < 10**9:
        raise ValueError(f"a count of {value!r}")
    return value


class AvoidableGame(NamedTuple):
    """A recorded game with an avoidable guess, as `avoidable_games` reads it: enough to make its Replay
    (`game.model.Replay.from_json(game.replay_json, config.CUSTOM_MAX_SIDE)`) and review it again to find the
    positions (`review_game`: the clicks whose kind is "avoidable")."""

    game_id: int
    category: str
    played_at: datetime
    avoidable: int  # how many of its guesses were avoidable, as the records keep it
    replay_json: str  # its move log's moves: a replay file's JSON (its video, if it kept one, left off)


def avoidable_games(db: sqlite3.Connection, limit: int) -> list[AvoidableGame]:
    """The newest `limit` games (in the order they were recorded) that made an avoidable guess, newest first;
    a game whose move log is damaged is left out."""
    from game.video.packed import split_log

    found: list[AvoidableGame] = []
    cursor = db.execute(
        "SELECT games.id, games.category, played_at, reviews.avoidable, moves FROM reviews "
        "JOIN games ON games.id = reviews.game_id WHERE reviews.avoidable > 0 AND moves IS NOT NULL "
        "ORDER BY reviews.game_id DESC"
    )
    for game_id, category, at, avoidable, blob in cursor:
        if len(found) >= limit:
            break
        log_text = replay_text(blob, game_id)
        if log_text is None or type(avoidable) is not int:
            continue
        try:
            found.append(AvoidableGame(game_id, str(category), to_utc(at), avoidable, split_log(log_text)[0]))
        except (ValueError, TypeError, OverflowError) as error:
            log.warning("a damaged game in the records was left out of the drill's: %s", error)
    return found
