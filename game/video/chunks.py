"""A long video kept in chunks: its events in runs of CHUNK_EVENTS, each written once to the records (their
`video_chunks` table) as the game goes on, so that a save or a record carries only the run not yet written and
a reference to the rest. Pure: the frame cuts a chunk's bytes (`chunk_bytes`, a copy of four array slices),
the records' writer packs them (`pack_chunk`, zlib off the frame) and a reader checks them back (`unpack_chunk`,
bounded before anything is decompressed)."""

from __future__ import annotations

import sys
import zlib
from array import array
from dataclasses import dataclass
from itertools import islice
from operator import le

from .events import COLUMN_CODES, KINDS, Video, VideoError

CHUNK_EVENTS = 16_384  # 16 s of 1,000 Hz motion; a save then carries at most this many events of its own
MAX_CHUNKS = 1_028  # 16.8 million events: 4.7 hours of constant 1,000 Hz motion (the recorder's bound)
BYTES_PER_EVENT = sum(array(code).itemsize for code in COLUMN_CODES)  # 9, as kept in memory
MAX_CHUNK_BYTES = CHUNK_EVENTS * BYTES_PER_EVENT + 1024  # more than any packed chunk (zlib never grows it more)
FORMAT = 1  # the first byte of a packed chunk


@dataclass
class Sealed:
    """How much of a game's video is in the records as chunks: its id there, how many chunks and events.

    `held`: the video in memory holds those events too (always while a game records; a save read back without
    its chunks, to record it as abandoned, holds only the events after them)."""

    video_id: str
    chunks: int = 0
    events: int = 0
    held: bool = True

    @property
    def tail_start(self) -> int:
        """Where, in the video in memory, the events not in any chunk begin."""
        return self.events if self.held else 0

    def reference(self) -> dict[str, object]:
        """What a save or a record's log says of the chunks (see `read_reference`)."""
        return {"id": self.video_id, "chunks": self.chunks, "events": self.events}


def read_reference(data: object) -> Sealed:
    """A Sealed from `reference()`'s dict, or VideoError; the chunks themselves are checked when read."""
    if not isinstance(data, dict):
        raise VideoError("its chunks are not described")
    video_id, chunks, events = data.get("id"), data.get("chunks"), data.get("events")
    if not isinstance(video_id, str) or not 0 < len(video_id) <= 64:
        raise VideoError("its chunks have no name")
    if type(chunks) is not int or type(events) is not int or not 0 <= chunks <= MAX_CHUNKS:
        raise VideoError("more chunks than any video this game records")
    if not chunks <= events <= chunks * CHUNK_EVENTS:
        raise VideoError("its chunks do not add up")
    return Sealed(video_id, chunks, events, held=False)


def little_endian(column: array) -> bytes:
    if sys.byteorder == "big":
        column = array(column.typecode, column)
        column.byteswap()
    return column.tobytes()


def chunk_bytes(video: Video, first: int, count: int) -> bytes:
    """Events first..first+count of the video as bytes: each column's slice, little-endian, one after another.
    This is all the frame does for a chunk (copies of four slices: microseconds)."""
    end = first + count
    return b"".join(little_endian(column[first:end]) for column in (video.kinds, video.times, video.xs, video.ys))


def pack_chunk(raw: bytes) -> bytes:
    """A chunk as the records keep it: each column's bytes split into planes (the n-th byte of every value
    together: a time's high bytes barely change) and compressed. About 1.4 bytes an event for mouse motion."""
    count = len(raw) // BYTES_PER_EVENT
    planes = [raw[:count]]
    at = count
    for code in COLUMN_CODES[1:]:
        size = array(code).itemsize
        column = raw[at : at + count * size]
        planes.extend(column[byte::size] for byte in range(size))
        at += count * size
    return bytes([FORMAT]) + zlib.compress(b"".join(planes), 6)


def unpack_chunk(blob: bytes, count: int, width: int, height: int) -> tuple[array, array, array, array]:
    """The four columns of a packed chunk of `count` events on a board of width x height points, or VideoError:
    the size is bounded before it is decompressed, and the events are checked as `Video.append` would (kinds,
    times that never go back, points on the board or its corner)."""
    if not isinstance(blob, bytes) or len(blob) > MAX_CHUNK_BYTES or not 0 < count <= CHUNK_EVENTS:
        raise VideoError("a chunk larger than any this game writes")
    if blob[:1] != bytes([FORMAT]):
        raise VideoError("a chunk this game does not write")
    unpacking = zlib.decompressobj()
    expected = count * BYTES_PER_EVENT
    try:
        planes = unpacking.decompress(blob[1:], expected + 1)
    except zlib.error:
        raise VideoError("a damaged chunk") from None
    if len(planes) != expected or not unpacking.eof or unpacking.unconsumed_tail or unpacking.unused_data:
        raise VideoError("a chunk cut short or too long")
    columns = []
    at = 0
    for code in COLUMN_CODES:
        size = array(code).itemsize
        values = bytearray(count * size)
        for byte in range(size):
            values[byte::size] = planes[at : at + count]
            at += count
        column = array(code)
        column.frombytes(values)
        if sys.byteorder == "big":
            column.byteswap()
        columns.append(column)
    kinds, times, xs, ys = columns
    if kinds.tobytes().translate(None, KINDS_BYTES):
        raise VideoError("an event of no known kind")
    if not all(map(le, times, islice(times, 1, None))):
        raise VideoError("its times go back")
    if min(xs) < 0 or max(xs) > width or min(ys) < 0 or max(ys) > height:
        raise VideoError("an event off the board")
    return kinds, times, xs, ys


KINDS_BYTES = bytes(sorted(KINDS))
