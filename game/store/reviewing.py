"""Each game's review as the records keep it (game.model's `review_game`: its guesses, the avoidable ones among
them, the luck they took), worked out always in a worker process, never on a thread of the game's: a review
costs 20-150 ms of Python on Expert and, rarely, seconds, which the frames would wait out for the interpreter.
The writer hands the work over before a job's transaction, so the file's write lock is never held meanwhile: a
finished game's review as it is recorded, and, a batch at a time, those of the games recorded before the
records kept reviews. A game whose review cannot be worked out (no move log, a damaged one, one that takes too
long) is kept as reviewed with its figures unknown (NULL), never wrong, and never tried again.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from typing import Any

from game import config
from game.store.games import replay_text
from game.store.reviewed import ESTIMATED, EXACT, NOTHING, Reviewed, checked
from game.store.schema import TIMED, UNREVIEWED
from game.video.packed import VIDEO_KEY
from game.work import worker

log = logging.getLogger(__name__)

GAME_SECONDS = 10.0  # a review that takes longer is given up (an Expert game takes 0.02-0.15 s, a 100x100 one ~10)
HARD_SECONDS = 2 * GAME_SECONDS  # the worker is stopped past this: one position whose analysis never ends
# In the background, a batch is the older games the worker reviews in about BATCH_SECONDS (at least one); a
# write waits behind one no longer (save one long game's). Between two batches the writer rests as long, so the
# worker leaves the machine's other core half free.
BATCH_SECONDS = 0.25
BATCH_GAMES = 12  # and never more games than this in one (their moves travel to the worker together)
BATCH_REST = BATCH_SECONDS
BARE_GAMES = 2_000  # games kept without a move log, marked reviewed (their figures unknown) in one batch at most


class _Deadline:
    """What review_game looks at before each move: set once its time is up."""

    def __init__(self, seconds: float) -> None:
        self.until = time.monotonic() + seconds

    def is_set(self) -> bool:
        return time.monotonic() > self.until


def review_log(log_text: str | None, rows: int, cols: int, mines: int, seconds: float = GAME_SECONDS) -> list[Any]:
    """A game's review figures (Reviewed.as_row) from its move log (a replay's JSON, its video beside it or not)
    and its row's board. Runs in the worker. Never raises: anything wrong gives figures not known."""
    if log_text is None:
        return Reviewed(NOTHING).as_row()
    try:
        return _reviewed(log_text, rows, cols, mines, seconds).as_row()
    except Exception as error:  # a damaged log, or a bug: the game is kept as reviewed without figures
        log.warning("a game could not be reviewed: %s: %s", type(error).__name__, error)
        return Reviewed(NOTHING).as_row()


def _reviewed(log_text: str, rows: int, cols: int, mines: int, seconds: float) -> Reviewed:
    import math

    from game.model import Replay, review_game
    from game.video.packed import split_log

    moves, _ = split_log(log_text)
    replay = Replay.from_json(moves, config.CUSTOM_MAX_SIDE)
    if (replay.rows, replay.cols, replay.mines) != (rows, cols, mines):
        raise ValueError("its move log is of another board")
    review = review_game(replay, explain=False, cancelled=_Deadline(seconds))
    if review is None:
        log.warning("a game's review took longer than %s s: kept without it", seconds)
        return Reviewed(NOTHING)
    luck = review.luck
    source = EXACT if review.exact else ESTIMATED
    return Reviewed(source, review.guesses, review.avoidable, None if math.isinf(luck) else luck)


def review_logs(games: list[list[Any]], budget: float = BATCH_SECONDS) -> list[list[Any]]:
    """In the worker: games ([id, move log, rows, cols, mines] each) reviewed in order for about `budget` seconds
    (at least one): [id, *Reviewed.as_row()] of each game reviewed."""
    started = time.perf_counter()
    done: list[list[Any]] = []
    for game_id, log_text, rows, cols, mines in games:
        if done and time.perf_counter() - started > budget:
            break
        done.append([game_id, *review_log(log_text, rows, cols, mines)])
    return done


def _in_worker(target: str, *args: Any) -> Any:
    """`target` run in a worker process, which is stopped past HARD_SECONDS (Cancelled is raised then)."""
    stop = threading.Event()
    timer = threading.Timer(HARD_SECONDS, stop.set)
    timer.daemon = True
    timer.start()
    try:
        return worker.run(target, *args, cancelled=stop)
    finally:
        timer.cancel()


def of_record(data: dict[str, Any]) -> None:
    """A finished game's job (its record, as jobs.record_data writes it): its review figures, worked out in a
    worker from its move log, go into the job as "review" (a journal keeps them). Never raises: a game whose
    review cannot be worked out is recorded without, and reviewed again in the background."""
    if "review" in data:
        return
    record = data["record"]
    try:
        log_text, size = record.get("replay"), (record.get("rows"), record.get("cols"), record.get("mines"))
        if not all(type(n) is int for n in size):
            return
        data["review"] = _in_worker("game.store.reviewing:review_log", log_text, *size)
    except Exception:  # a worker lost, stopped or a bug: never the record's loss
        log.exception("a finished game's review could not be worked out")


def reviewed_of_job(data: dict[str, Any]) -> Reviewed | None:
    """The review a finished game's job carries (None: none, or a journal's that cannot be read)."""
    row = data.get("review")
    if not isinstance(row, list) or len(row) != len(Reviewed._fields):
        return None
    return checked(*row)


def keep(db: sqlite3.Connection, rows: list[list[Any]]) -> None:
    """In the open transaction: keep games' review figures, each row [game id, *Reviewed.as_row()], unless the
    game has them already (another copy of the game was quicker) or is gone. What repeats the game's row
    (its board, outcome, whether it counts for times, its time) is read from that row."""
    db.executemany(
        f"INSERT INTO reviews (game_id, category, won, timed, time_ms, source, guesses, avoidable, luck) "
        f"SELECT id, category, won = 1, {TIMED}, time_ms, ?, ?, ?, ? FROM games WHERE id = ? "
        f"ON CONFLICT (game_id) DO NOTHING",
        [[*values, game_id] for game_id, *values in rows],
    )


def moves_only(log_text: str | None) -> str | None:
    """A move log without the video beside its moves, cut off unread (the review needs the moves alone, and a
    video is most of a log: handing the worker a batch's videos cost the game's process its interpreter)."""
    if log_text is None:
        return None
    at = log_text.rfind(VIDEO_KEY)
    return log_text[:at] + "}" if at >= 0 and log_text.endswith("}") else log_text


def _rest(seconds: float) -> None:
    """The writer rests between two batches that use the worker."""
    time.sleep(seconds)


def pending(db: sqlite3.Connection, most: int = BATCH_GAMES, rest: float = 0.0) -> tuple[list[list[Any]], bool]:
    """On the writer's thread, no write lock held: the reviews of the newest games still without one, worked out
    in the worker for about BATCH_SECONDS after a rest of `rest` seconds: ([id, *Reviewed.as_row()] each,
    whether more are left). Games kept without a move log have nothing to review: many of them go in one batch,
    without a rest. Reads only: the writes come after, in a short transaction (`keep`)."""
    logged: list[list[Any]] = []
    done: list[list[Any]] = []
    more = False
    unreviewed = db.execute(
        f"SELECT id, rows, cols, mines, moves IS NOT NULL FROM games WHERE {UNREVIEWED} ORDER BY id DESC"
    )
    for game_id, rows, cols, mines, has_log in unreviewed:
        if len(logged) == most or len(done) == BARE_GAMES:
            more = True
            break
        if has_log:
            logged.append([game_id, None, rows, cols, mines])
        else:
            done.append([game_id, *Reviewed(NOTHING).as_row()])
    unreviewed.close()
    for game in logged:
        found = db.execute("SELECT moves FROM games WHERE id = ?", (game[0],)).fetchone()
        game[1] = moves_only(replay_text(found[0], game[0])) if found is not None else None
    if not logged:
        return done, more
    _rest(rest)
    try:
        reviewed = _in_worker("game.store.reviewing:review_logs", logged)
    except Exception:  # the worker stopped past its time, or lost: the first game is given up, never retried
        log.exception("older games' reviews could not be worked out")
        reviewed = [[logged[0][0], *Reviewed(NOTHING).as_row()]]
    return done + reviewed, more or len(reviewed) < len(logged)
