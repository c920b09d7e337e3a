"""Working out the speed figures the records keep (speed.py), on the writer's thread and before the transaction
of the job that keeps them, so the file's write lock is never held while they are worked out: a finished game's
as it is recorded, and, a batch at a time, those of the games recorded before the records kept figures."""

from __future__ import annotations

import logging
import sqlite3
import time
from typing import Any

from game.store import speed
from game.store import video_chunks as videos
from game.store.games import keep_figures, replay_text
from game.store.kept import MAX_CATEGORY_CHARS
from game.store.schema import TIMED, UNFIGURED
from game.video.packed import ChunkReader
from game.work import worker

log = logging.getLogger(__name__)

BATCH_SECONDS = 0.05  # older games are worked out a batch at a time: a write waits behind one no longer
BATCH_GAMES = 200  # and a batch is never more games than this
# Between two batches the writer rests as long as a batch works: the frame shares the interpreter with it
# (its lock), and a frame's median doubled while the writer worked without a rest.
BATCH_REST = BATCH_SECONDS
FACTS = (
    "rows, cols, mines, won, time_ms, three_bv, solved_three_bv, left_clicks, right_clicks, chord_clicks, "
    "effective_clicks"
)


def of_record(data: dict[str, Any], read_chunks: ChunkReader | None = None) -> None:
    """A finished game's job (its record, as jobs.record_data writes it): its figures, worked out from its
    video (a long one's chunks, written before the job, through `read_chunks`), go into the job as "figures"
    (a journal keeps them, so a job made again does not work them out again). Never raises: a game whose
    figures cannot be worked out is recorded without, and they are tried again in the background."""
    if "figures" in data:
        return
    record = data["record"]
    try:
        facts, log_text = speed.facts_of(record), record.get("replay")
        if isinstance(log_text, str) and _large(facts):
            # A tenth of a second and more of Python, in a worker process: here, on a thread of the game's
            # process, the frames (the game's end among them) would wait their turn for the interpreter.
            reader = videos.read_ahead(log_text, read_chunks)
            kept = worker.run("game.store.speed:work_out", facts, log_text, reader)
        else:
            kept = speed.work_out(facts, log_text, read_chunks)
        data["figures"] = list(kept)
    except Exception:  # a bug in working them out must never cost the record
        log.exception("a finished game's figures could not be worked out")


def _large(facts: speed.Facts) -> bool:
    rows, cols = facts.rows, facts.cols
    return type(rows) is int and type(cols) is int and worker.large(rows, cols)


def kept_of_job(data: dict[str, Any]) -> speed.Kept | None:
    """The figures a finished game's job carries (None: none, or a journal's that cannot be read)."""
    figures = data.get("figures")
    try:
        kept = speed.Kept(*figures) if isinstance(figures, list) else None
    except TypeError:
        return None
    return kept if kept is not None and kept.source in speed.SOURCES else None


def pending(
    db: sqlite3.Connection, budget: float = BATCH_SECONDS, most: int = BATCH_GAMES, rest: float = 0.0
) -> tuple[list[list[Any]], bool]:
    """The figures of the newest games still without them, worked out for about `budget` seconds after a rest
    of `rest` seconds: ([a game's id and the values of Kept.as_row, for each], whether more are left). Reads
    only: the writes come after, in a short transaction (`write`)."""
    time.sleep(rest)
    started = time.perf_counter()
    rows = db.execute(
        f"SELECT id, category, {TIMED}, {FACTS}, moves FROM games WHERE {UNFIGURED} ORDER BY id DESC LIMIT ?",
        (most + 1,),
    )
    worked: list[list[Any]] = []
    for row in rows:
        if len(worked) == most or (worked and time.perf_counter() - started > budget):
            return worked, True
        game_id, category, timed, *facts, blob = row
        kept = speed.work_out(speed.Facts(*facts), replay_text(blob, game_id), videos.connection_reader(db))
        worked.append([game_id, str(category)[:MAX_CATEGORY_CHARS], timed, *kept.as_row()])
    return worked, False


def write(db: sqlite3.Connection, worked: list[list[Any]]) -> int:
    """In the open transaction: keep the figures `pending` worked out, for the games still without them
    (another copy of the game may have been quicker). Returns how many games there were."""
    keep_figures(db, worked)
    return len(worked)
