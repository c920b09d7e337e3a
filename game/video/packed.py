"""A video's events as a small JSON value, for a saved game and a record's move log: the four columns as
little-endian bytes in base64 (12 characters an event), bounded, and checked when read back.

A short video is packed whole (format 1). A long one is in the records as chunks (see `chunks`): its value
then names them and packs only the events after them (format 2), so a save stays small however long the game;
reading it back whole needs the chunks, read off the frame (`ChunkReader`)."""

from __future__ import annotations

import base64
import binascii
import json
import logging
import sys
from array import array
from collections.abc import Callable
from typing import Any

from .chunks import CHUNK_EVENTS, MAX_CHUNKS, Sealed, little_endian, read_reference, unpack_chunk
from .events import BUTTONS, COLUMN_CODES, KINDS, MAX_SIDE_CELLS, Mouse, Video, VideoError, new_video

log = logging.getLogger(__name__)

FORMAT = 1  # the whole video inline
FORMAT_CHUNKED = 2  # chunks in the records, and the events after them inline
# The most events a video records: past MAX_EVENTS (4.7 hours of constant 1,000 Hz motion) only the buttons,
# pauses and keys are kept, so a game played on for days still ends as a video of its clicks.
MAX_EVENTS = (MAX_CHUNKS - 4) * CHUNK_EVENTS
MAX_EVENTS_WITH_BUTTONS = MAX_CHUNKS * CHUNK_EVENTS
# The most events inline: what older versions kept whole in a save (200,000 and 50,000 buttons), and what an
# exported replay file may carry beside its moves.
MAX_INLINE_EVENTS = 250_000
MAX_VIDEO_CHARS = 12 * MAX_INLINE_EVENTS + 1000  # the longest packed video as JSON, with room for its keys
COLUMNS = tuple(zip(("kinds", "times", "xs", "ys"), COLUMN_CODES))

# Reads a video's chunks from the records: (video id, how many) -> each chunk's (events, packed bytes), in
# order; VideoError when they are not all there or one is larger than any this game writes.
ChunkReader = Callable[[str, int], list[tuple[int, bytes]]]


def pack(video: Video, columns: bool = True, sealed: Sealed | None = None) -> dict[str, Any]:
    """The events of `video` (not its board: the game carries that) as a JSON-ready dict: all of them, or with
    `sealed` chunks, a reference to those and the events after them."""
    chunked = sealed is not None and sealed.chunks > 0
    packed: dict[str, Any] = {
        "format": FORMAT_CHUNKED if chunked else FORMAT,
        "cell_size": video.cell_size,
        "question_marks": video.question_marks,
        "no_guess": video.no_guess,
        "assisted": video.assisted,
    }
    if video.mode:  # older videos have no key: the board never changed under a guess
        packed["mode"] = video.mode
    if video.made_click:  # older videos have no key: no click was made for the player
        packed["made_click"] = True
    if video.filtered:  # likewise: the board was not chosen by its 3BV
        packed["filtered"] = True
    first = 0
    if sealed is not None and chunked:
        packed["chunks"] = sealed.reference()
        first = sealed.tail_start
    if columns:
        for name, _ in COLUMNS:
            column = getattr(video, name)
            packed[name] = base64.b64encode(little_endian(column[first:] if first else column)).decode("ascii")
    return packed


def unpack(
    data: Any,
    rows: int,
    cols: int,
    mines: frozenset[tuple[int, int]],
    read_chunks: ChunkReader | None = None,
    **options: Any,
) -> Video:
    """The whole video of a board from what `pack` wrote, or VideoError saying what is wrong (see `read`)."""
    video, sealed = read(data, rows, cols, mines, read_chunks, **options)
    if sealed is not None and not sealed.held:
        raise VideoError("its chunks were not read")
    return video


def read(
    data: Any,
    rows: int,
    cols: int,
    mines: frozenset[tuple[int, int]],
    read_chunks: ChunkReader | None = None,
    **options: Any,
) -> tuple[Video, Sealed | None]:
    """The video of a board from what `pack` wrote, and its chunks (None when it has none), or VideoError: the
    sizes are checked before anything is decoded, and every event is checked as `Video.append` would (kinds,
    order, range). A video in chunks comes whole when `read_chunks` is given (it blocks: call it off the
    frame); without it, only its events after the chunks come, with the reference (`held` False)."""
    if not isinstance(data, dict) or data.get("format") not in (FORMAT, FORMAT_CHUNKED):
        raise VideoError("not a video this game writes")
    cell_size = data.get("cell_size")
    if type(cell_size) is not int:
        raise VideoError("its cell size is not a whole number")
    sealed = read_reference(data.get("chunks")) if data["format"] == FORMAT_CHUNKED else None
    most = MAX_INLINE_EVENTS if sealed is None else CHUNK_EVENTS
    texts: list[str] = []
    for name, _ in COLUMNS:
        text = data.get(name)
        if not isinstance(text, str):
            raise VideoError(f"its {name} are missing")
        texts.append(text)
    kinds, times, xs, ys = [_column(name, code, text, most) for (name, code), text in zip(COLUMNS, texts)]
    if not len(kinds) == len(times) == len(xs) == len(ys):
        raise VideoError("its columns differ in length")
    video = Video(rows, cols, mines, cell_size=cell_size, **_options(data, options))
    if not KINDS.issuperset(kinds):
        raise VideoError("an event of no known kind")
    if any(a > b for a, b in zip(times, times[1:])):
        raise VideoError("its times go back")
    width, height = cols * cell_size, rows * cell_size
    if any(not 0 <= x <= width for x in xs) or any(not 0 <= y <= height for y in ys):
        raise VideoError("an event off the board")
    if sealed is not None and read_chunks is not None:
        _read_chunks(video, sealed, read_chunks)
        if len(video) and len(times) and times[0] < video.times[-1]:
            raise VideoError("its times go back")
    for column, tail in zip((video.kinds, video.times, video.xs, video.ys), (kinds, times, xs, ys)):
        column.extend(tail)
    return video, sealed


def _options(data: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """The rules and marks a packed video carries, over `options`."""
    for flag in ("question_marks", "no_guess", "assisted", "made_click", "filtered"):
        if isinstance(data.get(flag), bool):
            options[flag] = data[flag]
    if type(data.get("mode")) is int and 0 <= data["mode"] <= 0xFFFF:
        options["mode"] = data["mode"]
    return options


def saved_video(
    rows: int,
    cols: int,
    mines: frozenset[tuple[int, int]],
    data: Any,
    read_chunks: ChunkReader | None = None,
) -> tuple[Video | None, Sealed | None]:
    """The video a saved game carries (`data`, as `pack` wrote it; None: none), to record on, and its chunks in
    the records (see `read`); a fresh one when it carries none, or one that cannot be read (the game matters
    more than its video: it resumes either way). A long video comes whole when `read_chunks` reads its chunks."""
    if data is None or max(rows, cols) > MAX_SIDE_CELLS:
        return new_video(rows, cols, mines), None
    try:
        return read(data, rows, cols, mines, read_chunks)
    except VideoError as error:
        log.warning("the saved game's video is not kept: %s", error)
        return new_video(rows, cols, mines), None


def _read_chunks(video: Video, sealed: Sealed, read_chunks: ChunkReader) -> None:
    """The chunks' events into the (empty) video, each chunk checked; VideoError when one is missing or bad."""
    width, height = video.cols * video.cell_size, video.rows * video.cell_size
    chunks = read_chunks(sealed.video_id, sealed.chunks)
    if len(chunks) != sealed.chunks:
        raise VideoError("some of its chunks are missing")
    columns = (video.kinds, video.times, video.xs, video.ys)
    for events, blob in chunks:
        kinds, times, xs, ys = unpack_chunk(blob, events, width, height)
        if len(video) and times[0] < video.times[-1]:
            raise VideoError("its times go back")
        for column, part in zip(columns, (kinds, times, xs, ys)):
            column.extend(part)
    if len(video) != sealed.events:
        raise VideoError("its chunks do not hold the events it says")
    sealed.held = True


def _column(name: str, code: str, text: str, most: int) -> array:
    """One column decoded from base64, bounded (at `most` events) before it is decoded."""
    size = array(code).itemsize
    if len(text) > 4 * (-(-most * size // 3)):
        raise VideoError("longer than any video this game records")
    try:
        raw = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise VideoError(f"its {name} are not base64") from None
    if len(raw) % size:
        raise VideoError(f"its {name} are cut short")
    column = array(code)
    column.frombytes(raw)
    if sys.byteorder == "big":
        column.byteswap()
    return column


def room_for(video: Video, kind: Mouse) -> bool:
    """Whether the recorder may keep one more event of this kind (see MAX_EVENTS)."""
    count = len(video.kinds)
    return count < MAX_EVENTS or (count < MAX_EVENTS_WITH_BUTTONS and (kind in BUTTONS or kind >= Mouse.PAUSE))


VIDEO_KEY = ',"video":'


def with_video(replay_json: str, video: Video, sealed: Sealed | None = None) -> str:
    """A replay's JSON (an object) with the video's events (or its chunks' reference and the events after
    them) as its last key: a record's move log."""
    return replay_json[:-1] + VIDEO_KEY + json.dumps(pack(video, sealed=sealed), separators=(",", ":")) + "}"


def split_log(text: str) -> tuple[str, Any]:
    """A move log from `with_video` as the replay's JSON and the video's parsed value (None when it has
    none, or when that part is not JSON: the replay then opens with its clicks only)."""
    at = text.rfind(VIDEO_KEY)
    if at < 0 or not text.endswith("}"):
        return text, None
    try:
        data = json.loads(text[at + len(VIDEO_KEY) : -1])
    except (ValueError, RecursionError):
        return text, None
    return text[:at] + "}", data


def video_of(replay: Any, data: Any, read_chunks: ChunkReader | None = None) -> Video | None:
    """The video kept beside a replay's moves (`split_log`), on the replay's board; None when there is none,
    it does not fit that board, or its chunks cannot be read (the replay then plays its clicks only)."""
    if data is None or replay.mine_cells is None:
        return None
    try:
        return unpack(
            data,
            replay.rows,
            replay.cols,
            frozenset(replay.mine_cells),
            read_chunks,
            question_marks=bool(replay.question_marks),
        )
    except VideoError:
        return None
