"""Long videos in the records: a game's video in chunks (game.video.chunks), each written once by the writer as
the game goes on, read back off the frame on a connection of the reader's own, and dropped with the save or
the games that keep them (or, at a start, when nothing keeps them and the copy that wrote them has ended).

A chunk read back is bounded like any value in the file: one larger than any this game writes is not even
fetched, and the video refuses what does not unpack exactly (game.video.chunks.unpack_chunk)."""

from __future__ import annotations

import base64
import binascii
import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from game.video.chunks import CHUNK_EVENTS, MAX_CHUNK_BYTES, MAX_CHUNKS, pack_chunk, read_reference
from game.video.events import VideoError
from game.video.packed import FORMAT_CHUNKED, ChunkReader, split_log

log = logging.getLogger(__name__)

READ_WAIT = 1.0  # seconds a reader's connection waits for a lock (a read in WAL mode hardly ever meets one)


# --- the writer's side: in its transaction --------------------------------------------------------------------


def chunk_blob(data: dict[str, Any]) -> bytes:
    """A chunk job's packed bytes: packed now from the frame's raw bytes, or as a journal kept them."""
    raw = data.get("raw")
    if isinstance(raw, bytes):
        return pack_chunk(raw)
    try:
        blob = base64.b64decode(data["packed"], validate=True)
    except (binascii.Error, ValueError, TypeError) as error:
        raise ValueError(f"a chunk that is not base64: {error}") from None
    if len(blob) > MAX_CHUNK_BYTES:
        raise ValueError("a chunk larger than any this game writes")
    return blob


def for_journal(data: dict[str, Any]) -> dict[str, Any]:
    """A chunk job as a journal keeps it (JSON: its bytes packed and in base64), packed once for every time
    the journal is written."""
    raw = data.pop("raw", None)
    if isinstance(raw, bytes):
        data["packed"] = base64.b64encode(pack_chunk(raw)).decode("ascii")
    return data


def write_chunk(db: sqlite3.Connection, data: dict[str, Any], by: Any) -> int:
    """One chunk, in place of any earlier one of that video and part (a game resumed after a kill cuts its
    chunks again from where its save stood); returns its packed size."""
    part, events = data["part"], data["events"]
    if type(part) is not int or not 0 <= part < MAX_CHUNKS or type(events) is not int or not 0 < events <= CHUNK_EVENTS:
        raise ValueError(f"not a chunk this game writes: part {part!r} of {events!r} events")
    blob = chunk_blob(data)
    db.execute(
        "INSERT OR REPLACE INTO video_chunks (video, part, events, data, by) VALUES (?, ?, ?, ?, ?)",
        (str(data["video"]), part, events, blob, by),
    )
    return len(blob)


KEPT_BY_GAMES = "SELECT video FROM games WHERE video IS NOT NULL"


def drop_saved(db: sqlite3.Connection, save_id: Any = None, every: bool = False) -> None:
    """Before a save is dropped unplayed (discarded, cleared): its video's chunks, unless a game keeps them."""
    which = "" if every else " WHERE save_id IS ?"
    db.execute(
        f"DELETE FROM video_chunks WHERE video IN (SELECT video FROM resume{which}) AND video NOT IN ({KEPT_BY_GAMES})",
        () if every else (save_id,),
    )


def drop_games(db: sqlite3.Connection, category: str | None) -> None:
    """Before games are forgotten (all, or a category's): their videos' chunks, unless the save keeps them."""
    which = "" if category is None else " AND category = ?"
    db.execute(
        f"DELETE FROM video_chunks WHERE video IN ({KEPT_BY_GAMES}{which}) "
        "AND video NOT IN (SELECT video FROM resume WHERE video IS NOT NULL)",
        () if category is None else (category,),
    )


def sweep(db: sqlite3.Connection, alive: Callable[[Any], bool]) -> int:
    """At a start: the chunks that neither a game nor the save keeps, of copies no longer running (a game
    killed before its save named them, or given up); returns how many videos went. Chunks of a running copy
    stay: its game may name them in its next save."""
    rows = db.execute(
        f"SELECT DISTINCT video, by FROM video_chunks WHERE video NOT IN ({KEPT_BY_GAMES}) "
        "AND video NOT IN (SELECT video FROM resume WHERE video IS NOT NULL)"
    ).fetchall()
    gone = sorted({video for video, by in rows} - {video for video, by in rows if alive(by)})
    db.executemany("DELETE FROM video_chunks WHERE video = ?", [(video,) for video in gone])
    return len(gone)


# --- reading: off the frame -----------------------------------------------------------------------------------


def read_chunks(db: sqlite3.Connection, video_id: str, count: int) -> list[tuple[int, bytes]]:
    """The first `count` chunks of a video, each (events, packed bytes), or VideoError when one is missing or
    larger than any this game writes (that one is not fetched)."""
    if not 0 <= count <= MAX_CHUNKS:
        raise VideoError("more chunks than any video this game records")
    rows = db.execute(
        "SELECT part, events, CASE WHEN length(data) <= ? THEN data END FROM video_chunks "
        "WHERE video = ? AND part < ? ORDER BY part",
        (MAX_CHUNK_BYTES, video_id, count),
    ).fetchall()
    if [row[0] for row in rows] != list(range(count)):
        raise VideoError("some of its chunks are missing")
    chunks = []
    for _, events, blob in rows:
        if type(events) is not int or not 0 < events <= CHUNK_EVENTS or not isinstance(blob, bytes):
            raise VideoError("a chunk larger than any this game writes")
        chunks.append((events, blob))
    return chunks


def file_reader(path: Path) -> ChunkReader:
    """Reads chunks on a connection of its own, opened for the call: for a thread that is not the frame's."""

    def read(video_id: str, count: int) -> list[tuple[int, bytes]]:
        try:
            db = sqlite3.connect(path, timeout=READ_WAIT, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise VideoError(f"the records could not be opened to read it ({error})") from None
        try:
            db.execute("PRAGMA query_only = 1")
            return read_chunks(db, video_id, count)
        except sqlite3.Error as error:
            raise VideoError(f"the records could not be read ({error})") from None
        finally:
            db.close()

    return read


def connection_reader(db: sqlite3.Connection) -> ChunkReader:
    """Reads chunks on a connection already open: the writer's own, or records in memory's (shared with the
    frame, where no read waits)."""

    def read(video_id: str, count: int) -> list[tuple[int, bytes]]:
        try:
            return read_chunks(db, video_id, count)
        except sqlite3.Error as error:
            raise VideoError(f"the records could not be read ({error})") from None

    return read


class ReadAhead(NamedTuple):
    """A ChunkReader over the chunks a move log names, read already: what a worker process, which has no
    connection to the records, is handed with the log (see `read_ahead`)."""

    video_id: str
    chunks: list[tuple[int, bytes]]

    def __call__(self, video_id: str, count: int) -> list[tuple[int, bytes]]:
        if video_id != self.video_id or count != len(self.chunks):
            raise VideoError("its chunks are not the ones read ahead")
        return self.chunks


def read_ahead(log_text: str, read_chunks: ChunkReader | None) -> ReadAhead | None:
    """The chunks `log_text` (a record's move log) names, read now through `read_chunks`; None when it names
    none or they cannot be read (the log's video then reads as it would without them)."""
    _, packed = split_log(log_text)
    if read_chunks is None or not isinstance(packed, dict) or packed.get("format") != FORMAT_CHUNKED:
        return None
    try:
        sealed = read_reference(packed.get("chunks"))
        return ReadAhead(sealed.video_id, read_chunks(sealed.video_id, sealed.chunks))
    except VideoError:
        return None
