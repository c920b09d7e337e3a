"""Time trials in the records: each set's best run with every board's video, and the run under way. The writes
are the writer's jobs (jobs.py calls `write`), the reads the frame's connection's, bounded before they are
parsed. No pygame here."""

from __future__ import annotations

import json
import logging
import sqlite3
from typing import Any, NamedTuple

from game.store.games import stamp, utc_now
from game.store.kept import MAX_SAVE_CHARS

log = logging.getLogger(__name__)

# A run holds every board's move log and video: at most a set's boards (and its losses) of a save's size each,
# which no run this game writes comes near. Past it, a run is damage, refused before it is parsed.
MAX_RUN_CHARS = 8 * MAX_SAVE_CHARS
MAX_SPLITS_CHARS = 20_000


class BestRun(NamedTuple):
    """A set's best run as Trials lists it: its time and its time at each board won."""

    set_key: str
    total_ms: int
    splits: tuple[int, ...]


def write(db: sqlite3.Connection, kind: str, data: dict[str, Any]) -> Any:
    """In the writer's open transaction: keep the run under way ("save"), forget it ("clear"), or take a finished
    run ("finish": the set's best when it beats the one kept, and the run under way forgotten); a finish answers
    whether it is the new best."""
    if kind == "save":
        db.execute("INSERT OR REPLACE INTO trial_run (slot, run) VALUES (0, ?)", (json.dumps(data["run"]),))
        return True
    if kind == "clear":
        db.execute("DELETE FROM trial_run WHERE slot = 0")
        return None
    run = data["run"]
    db.execute("DELETE FROM trial_run WHERE slot = 0")
    row = db.execute("SELECT total_ms FROM trials WHERE set_key = ?", (run["set"],)).fetchone()
    if row is not None and isinstance(row[0], int) and row[0] <= data["total_ms"]:
        return False
    db.execute(
        "INSERT OR REPLACE INTO trials (set_key, total_ms, splits, run, finished_at) VALUES (?, ?, ?, ?, ?)",
        (run["set"], data["total_ms"], json.dumps(data["splits"]), json.dumps(run), stamp(utc_now())),
    )
    return True


def best_runs(db: sqlite3.Connection) -> dict[str, BestRun]:
    """Every set's best run (without its boards), by set."""
    rows = db.execute("SELECT set_key, total_ms, substr(splits, 1, ?) FROM trials", (MAX_SPLITS_CHARS + 1,))
    runs: dict[str, BestRun] = {}
    for key, total, text in rows.fetchall():
        try:
            splits = json.loads(text) if isinstance(text, str) and len(text) <= MAX_SPLITS_CHARS else None
        except ValueError:
            splits = None
        if (
            isinstance(key, str)
            and type(total) is int
            and isinstance(splits, list)
            and all(type(t) is int for t in splits)
        ):
            runs[key] = BestRun(key, total, tuple(splits))
        else:
            log.warning("the best run of %r is unreadable", key)
    return runs


def run_text(db: sqlite3.Connection, table: str, where: str, value: Any) -> Any:
    """A run's JSON, parsed (None when there is none or it cannot be read). `table` and `where` are this
    module's own words, never a file's."""
    row = db.execute(f"SELECT substr(run, 1, ?) FROM {table} WHERE {where} = ?", (MAX_RUN_CHARS + 1, value)).fetchone()
    if row is None or not isinstance(row[0], str) or len(row[0]) > MAX_RUN_CHARS:
        return None
    try:
        return json.loads(row[0])
    except (ValueError, RecursionError):
        return None
