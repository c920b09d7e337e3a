"""The writes the records take, as data: the writer makes them in order (writer.py), and a copy's journal
keeps the ones not made yet until they are (copies.py). `make` makes one inside an open transaction.

Every job names the copy of the game that asked for it (`by`, its token). The saved game belongs to the copy
playing it (`resume.claimed_by`) while it plays, and to nobody once the player steps away from it:
- "save": keep the game in progress; last writer wins, as between two copies it always has.
- "finish": record a finished game and drop this copy's save in the same transaction, so a game is never
  both saved and recorded; a record carries an id, so one made again from a journal is not counted twice.
- "claim": a resume takes the save, unless another running copy holds it or it changed since it was read,
  so that two copies cannot both play it on and record it twice.
- "abandon": the save left for another game, recorded as a loss, under the same claim.
- "chunk": a run of a long game's video, written once as the game goes on (videos.py); a save or a record
  that comes after it names it.
- "discard", "clear", "settings", "learn" (what the player has learnt), "reset".
- "trial": a time trial's run under way kept or forgotten, or a finished run kept when it is its set's best
  (trials.py).
- "figures": keep the speed figures of a batch of games recorded before the records kept them (figuring.py);
  the answer says whether more are left. Never journaled: the next start finds what is left.
- "reviews": likewise the reviews of a batch of games recorded before the records kept them (reviewing.py).

A finished game's figures and review, and a batch's, are worked out by `prepare`, before the job's transaction.
"""

from __future__ import annotations

import enum
import json
import logging
import os
import sqlite3
from collections.abc import Callable
from typing import Any

from game.store import figuring, games, reviewing, trials
from game.store import video_chunks as videos
from game.store.games import stamp, utc_now
from game.store.kept import GameRecord
from game.store.schema import OUTCOMES_INDEX


def new_id() -> str:
    """A random id for a save, a record or a running copy (os.urandom: the secrets module costs 4 ms to import,
    on the way to the first frame)."""
    return os.urandom(8).hex()


log = logging.getLogger(__name__)


class JobKind(str, enum.Enum):
    """The writes the records take (see the module's docstring). String-valued: a journal keeps them as text."""

    OPEN = "open"  # the writer's own connection opens the file
    SAVE = "save"
    FINISH = "finish"
    CLAIM = "claim"
    ABANDON = "abandon"
    DISCARD = "discard"
    CLEAR = "clear"
    SETTINGS = "settings"
    LEARN = "learn"
    RESET = "reset"
    CHUNK = "chunk"
    FIGURES = "figures"
    TRIAL = "trial"
    REVIEWS = "reviews"


class Claim(str, enum.Enum):
    """What a claim on the saved game can meet."""

    CLAIMED = "claimed"
    TAKEN = "taken"  # another copy of the game, still running, plays it
    CHANGED = "changed"  # it was saved again since it was read (played on in another copy)
    GONE = "gone"  # it was finished or dropped since it was read


# What a journal keeps (a claim or a discard is asked again by the player, never made for a copy that ended).
# A chunk is kept with them: a save or a record that names it must not outlive it.
KEPT = frozenset(
    {
        JobKind.SETTINGS,
        JobKind.LEARN,
        JobKind.SAVE,
        JobKind.FINISH,
        JobKind.ABANDON,
        JobKind.RESET,
        JobKind.CLEAR,
        JobKind.CHUNK,
        JobKind.TRIAL,
    }
)
KEYED = {JobKind.SETTINGS: "settings", JobKind.LEARN: "learn"}  # JSON values by key: the job and its table

Alive = Callable[[Any], bool]


def record_data(record: GameRecord, uid: str) -> dict[str, Any]:
    return {**record._asdict(), "played_at": stamp(record.played_at or utc_now()), "uid": uid}


def for_journal(kind: JobKind, data: dict[str, Any]) -> dict[str, Any]:
    """A job's data as a journal keeps it (JSON)."""
    return videos.for_journal(data) if kind is JobKind.CHUNK else data


def _saved_video(extra: Any) -> str | None:
    """The id of the chunks a save's video names, if it has any."""
    video = extra.get("video") if isinstance(extra, dict) else None
    chunks = video.get("chunks") if isinstance(video, dict) else None
    name = chunks.get("id") if isinstance(chunks, dict) else None
    return name if isinstance(name, str) else None


def _record(data: dict[str, Any]) -> tuple[GameRecord, str | None]:
    fields = dict(data["record"])
    uid = fields.pop("uid", None)
    if "guess_rule" not in fields:  # journalled before the no-guess family: its category follows from its rule
        fields.pop("category", None)
    return GameRecord(**fields), uid


def prepare(db: sqlite3.Connection, kind: JobKind, data: dict[str, Any]) -> None:
    """On the writer's thread, before the job's transaction (no write lock held): work out what the job
    keeps that takes a while (the speed figures), into its data."""
    if kind in (JobKind.FINISH, JobKind.ABANDON):
        figuring.of_record(data, videos.connection_reader(db))
        reviewing.of_record(data)
    elif kind is JobKind.FIGURES:
        data["worked"], data["more"] = figuring.pending(db, rest=figuring.BATCH_REST if data.get("next") else 0.0)
    elif kind is JobKind.REVIEWS:
        data["worked"], data["more"] = reviewing.pending(db, rest=reviewing.BATCH_REST if data.get("next") else 0.0)


def make(db: sqlite3.Connection, kind: JobKind, data: dict[str, Any], alive: Alive, adopted: bool = False) -> Any:
    """Make one job in the open transaction on `db`; returns its answer. `alive(token)`: whether that copy
    runs. `adopted`: the job comes from the journal of a copy that ended, whose save may since have been
    replaced by another copy's (then it is left alone)."""
    by = data.get("by")
    if kind is JobKind.SAVE:
        return _save(db, data, by, adopted)
    if kind is JobKind.TRIAL:
        return trials.write(db, data["op"], data)
    if kind is JobKind.CHUNK:
        return videos.write_chunk(db, data, by)  # its packed size (truthy): the writer keeps room for more
    if kind is JobKind.FINISH:
        record, uid = _record(data)
        made = games.insert(db, record, uid, figuring.kept_of_job(data))
        _keep_review(db, made[0], data)
        if made[0] is not None and data["drop"]:
            db.execute("DELETE FROM resume WHERE claimed_by IS ?", (by,))
        return made
    if kind in (JobKind.CLAIM, JobKind.ABANDON):
        answer = _claim(db, data["save_id"], by, alive)
        if answer is Claim.CLAIMED and kind is JobKind.ABANDON:
            record, uid = _record(data)
            _keep_review(db, games.insert(db, record, uid, figuring.kept_of_job(data))[0], data)
            db.execute("DELETE FROM resume")
        return answer
    if kind is JobKind.DISCARD:
        videos.drop_saved(db, data["save_id"])
        db.execute("DELETE FROM resume WHERE save_id IS ?", (data["save_id"],))
    elif kind is JobKind.CLEAR:
        videos.drop_saved(db, every=True)
        db.execute("DELETE FROM resume")
    elif kind in KEYED:  # the table's name is one of these, never a journal's text
        upsert = "INSERT INTO {} (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
        db.executemany(upsert.format(KEYED[kind]), data["rows"])
    elif kind is JobKind.FIGURES:
        db.execute(OUTCOMES_INDEX)  # at once when it is there: after an upgrade, the first batch builds it
        return figuring.write(db, data.get("worked", [])), data.get("more", False)
    elif kind is JobKind.REVIEWS:
        worked = data.get("worked", [])
        reviewing.keep(db, worked)
        return len(worked), data.get("more", False)
    elif kind is JobKind.RESET:
        _reset(db, data["category"])
    else:
        raise ValueError(f"no such job: {kind!r}")
    return None


def _reset(db: sqlite3.Connection, category: str | None) -> None:
    """A board's games forgotten (every board's: None), their videos, figures and reviews with them."""
    videos.drop_games(db, category)
    if category is None:
        db.execute("DELETE FROM games")
    else:
        db.execute("DELETE FROM games WHERE category = ?", (category,))
    db.execute("DELETE FROM figures WHERE game_id NOT IN (SELECT id FROM games)")
    db.execute("DELETE FROM reviews WHERE game_id NOT IN (SELECT id FROM games)")


def _keep_review(db: sqlite3.Connection, game_id: int | None, data: dict[str, Any]) -> None:
    """A recorded game's review, when its job carries one (else it is worked out in the background)."""
    reviewed = reviewing.reviewed_of_job(data)
    if game_id is not None and reviewed is not None:
        reviewing.keep(db, [[game_id, *reviewed.as_row()]])


def _save(db: sqlite3.Connection, data: dict[str, Any], by: Any, adopted: bool) -> bool:
    """The save in place of any other (an adopted one only when no other copy's save has taken its place)."""
    held = by if data["held"] else None
    if adopted and db.execute("SELECT 1 FROM resume WHERE claimed_by IS NOT ?", (by,)).fetchone():
        return False
    row = list(data["row"])
    video = _saved_video(row[3])
    if isinstance(row[3], dict):  # the details come as a value (older journals: as text) and are written as JSON
        row[3] = json.dumps(row[3], separators=(",", ":"))
    db.execute(
        "INSERT OR REPLACE INTO resume (slot, category, elapsed_ms, board, extra, saved_at, save_id, claimed_by, "
        "video) VALUES (0, ?, ?, ?, ?, ?, ?, ?, ?)",
        (*row, held, video),
    )
    return True


WHOLE = 1 << 62  # how far a journal whose jobs carry no numbers (an older game's) is made: all of it


def made_upto(db: sqlite3.Connection, copy: str) -> int | None:
    """The number of the last job of `copy`'s journal made in the records, or None."""
    row = db.execute("SELECT upto FROM made WHERE copy = ?", (copy,)).fetchone()
    return row[0] if row is not None and isinstance(row[0], int) else None


def mark_made(db: sqlite3.Connection, copy: str, upto: int) -> None:
    """In the open transaction: `copy`'s jobs up to number `upto` are made."""
    db.execute(
        "INSERT INTO made (copy, upto) VALUES (?, ?) ON CONFLICT (copy) DO UPDATE SET upto = max(upto, excluded.upto)",
        (copy, upto),
    )


def _claim(db: sqlite3.Connection, save_id: Any, by: Any, alive: Alive) -> Claim:
    row = db.execute("SELECT save_id, claimed_by FROM resume WHERE slot = 0").fetchone()
    if row is None:
        return Claim.GONE
    holder = row[1]
    if holder is not None and holder != by and alive(holder):
        return Claim.TAKEN  # whether or not it was saved again since: it is being played
    if row[0] != save_id:
        return Claim.CHANGED
    db.execute("UPDATE resume SET claimed_by = ? WHERE slot = 0", (by,))
    return Claim.CLAIMED
