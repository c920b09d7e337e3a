"""A video's events as a small JSON value, for a saved game and a record's move log: the four columns as
little-endian bytes in base64 (12 characters an event), bounded, and checked when read back."""

from __future__ import annotations

import base64
import binascii
import json
import sys
from array import array
from typing import Any

from .events import BUTTONS, Mouse, Video, VideoError

# The most events a save or a record carries: about 2.4 million characters of JSON, which the frame thread
# encodes in a few milliseconds (`python -m bench.recording`). Past it the recorder keeps only the buttons
# (MAX_EVENTS_WITH_BUTTONS), so a game played on for hours still ends as a video of its clicks.
MAX_EVENTS = 200_000
MAX_EVENTS_WITH_BUTTONS = MAX_EVENTS + 50_000
FORMAT = 1
MAX_VIDEO_CHARS = 12 * MAX_EVENTS_WITH_BUTTONS + 1000  # the longest packed video as JSON, with room for its keys
COLUMNS = (("kinds", "B"), ("times", "I"), ("xs", "h"), ("ys", "h"))
KINDS = frozenset(int(kind) for kind in Mouse)


def _column_bytes(column: array) -> bytes:
    if sys.byteorder == "big":
        column = array(column.typecode, column)
        column.byteswap()
    return column.tobytes()


class Packer:
    """`pack` for a video that only grows (a game being recorded): each column's base64 is kept up to its
    last whole 3 bytes and only what came since is encoded, so saving after every move costs the new events,
    not the whole video."""

    def __init__(self) -> None:
        self._done: dict[str, tuple[array, int, str]] = {}  # column name -> (column, bytes encoded, text)

    def pack(self, video: Video) -> dict[str, Any]:
        packed = pack(video, columns=False)
        for name, _ in COLUMNS:
            column = getattr(video, name)
            kept = self._done.get(name)
            done, text = (kept[1], kept[2]) if kept is not None and kept[0] is column else (0, "")
            size = len(column) * column.itemsize
            whole = size - size % 3
            if whole < done:
                done, text = 0, ""
            first = done // column.itemsize
            data = _column_bytes(column[first:])[done - first * column.itemsize :]  # the bytes from `done` on
            head = base64.b64encode(data[: whole - done]).decode("ascii")
            self._done[name] = (column, whole, text + head)
            packed[name] = text + head + base64.b64encode(data[whole - done :]).decode("ascii")
        return packed


def pack(video: Video, columns: bool = True) -> dict[str, Any]:
    """The events of `video` (not its board: the game carries that) as a JSON-ready dict."""
    packed: dict[str, Any] = {
        "format": FORMAT,
        "cell_size": video.cell_size,
        "question_marks": video.question_marks,
        "no_guess": video.no_guess,
        "assisted": video.assisted,
    }
    if columns:
        for name, _ in COLUMNS:
            packed[name] = base64.b64encode(_column_bytes(getattr(video, name))).decode("ascii")
    return packed


def unpack(data: Any, rows: int, cols: int, mines: frozenset[tuple[int, int]], **options: Any) -> Video:
    """The video of a board from what `pack` wrote, or VideoError saying what is wrong: the sizes are checked
    before anything is decoded, and every event is checked as `Video.append` would (kinds, order, range)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise VideoError("not a video this game writes")
    cell_size = data.get("cell_size")
    if type(cell_size) is not int:
        raise VideoError("its cell size is not a whole number")
    texts: list[str] = []
    for name, _ in COLUMNS:
        text = data.get(name)
        if not isinstance(text, str):
            raise VideoError(f"its {name} are missing")
        texts.append(text)
    columns = [_column(name, code, text) for (name, code), text in zip(COLUMNS, texts)]
    kinds, times, xs, ys = columns
    if not len(kinds) == len(times) == len(xs) == len(ys):
        raise VideoError("its columns differ in length")
    for flag in ("question_marks", "no_guess", "assisted"):
        if isinstance(data.get(flag), bool):
            options[flag] = data[flag]
    video = Video(rows, cols, mines, cell_size=cell_size, **options)
    if not KINDS.issuperset(kinds):
        raise VideoError("an event of no known kind")
    if any(a > b for a, b in zip(times, times[1:])):
        raise VideoError("its times go back")
    width, height = cols * cell_size, rows * cell_size
    if any(not 0 <= x <= width for x in xs) or any(not 0 <= y <= height for y in ys):
        raise VideoError("an event off the board")
    video.kinds, video.times, video.xs, video.ys = kinds, times, xs, ys
    return video


def _column(name: str, code: str, text: str) -> array:
    """One column decoded from base64, bounded before it is decoded."""
    size = array(code).itemsize
    if len(text) > 4 * (-(-MAX_EVENTS_WITH_BUTTONS * size // 3)):
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


def with_video(replay_json: str, video: Video) -> str:
    """A replay's JSON (an object) with the video's events as its last key: a record's move log."""
    return replay_json[:-1] + VIDEO_KEY + json.dumps(pack(video), separators=(",", ":")) + "}"


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


def video_of(replay: Any, data: Any) -> Video | None:
    """The video kept beside a replay's moves (`split_log`), on the replay's board; None when there is none
    or it does not fit that board (the replay then plays its clicks only)."""
    if data is None or replay.mine_cells is None:
        return None
    try:
        return unpack(
            data,
            replay.rows,
            replay.cols,
            frozenset(replay.mine_cells),
            question_marks=bool(replay.question_marks),
        )
    except VideoError:
        return None
