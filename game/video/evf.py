"""EVF version 4 (the open video format of Metasweeper and ms-toollib), written and read from its specification."""

from __future__ import annotations

import struct
from dataclasses import dataclass

from .events import BUTTONS, MAX_CELL_SIZE, MIN_CELL_SIZE, Mouse, Video, VideoError, game_stamps
from .figures import Figures, figures_of
from .keys import as_mouse

VERSION = 4
# The summary byte: what the writing program vouches for.
SUMMARY_COMPLETED = 0x80
SUMMARY_OFFICIAL = 0x40
SUMMARY_FAIR = 0x20
SUMMARY_NF = 0x10
SUMMARY_TRANSCODED = 0x08
# The settings byte.
SETTING_NO_QUESTION_MARKS = 0x80
# Game modes (ms-toollib's BaseVideo::mode): standard, "classic no-guess" (a board kept solvable; a lucky click
# still loses), and two that move the mines under a guess: 7 (weak no-guess, our strict rule) and 8 (quasi
# no-guess, forced guesses made safe). The video's board is the one the game ended with, which fits every number
# the video shows (game.model.solver.guessrules), so it replays as it was played.
MODE_STANDARD = 0
MODE_NO_GUESS = 5
MODES_CHANGING_BOARD = frozenset({7, 8})
EVENT_PAUSE = 255  # a gap of more than 255 ms between events, as a 2-byte count of milliseconds
GAME_STATE_EVENTS = frozenset({81, 82, 83, 99})
BOARD_EVENTS = frozenset(range(100, 122))
METRIC_NUMBER, METRIC_STRING = 200, 201
MOUSE_CODES = frozenset(range(1, 13))

MAX_EVF_BYTES = 16 * 1024 * 1024  # a 255x255 board of an hour's play is well under this
MAX_STRING_BYTES = 4096


@dataclass(frozen=True)
class Header:
    """What an EVF file says about itself, beside the board and the events."""

    won: bool
    nf: bool
    mode: int
    bbbv: int
    time_ms: int
    country: str
    start_us: int
    end_us: int
    software: str
    player: str


def _cstring(text: str) -> bytes:
    data = text.encode("utf-8")
    if b"\0" in data:
        raise VideoError("a name may not hold a NUL character")
    return data + b"\0"


def encode(
    video: Video,
    *,
    start_us: int = 0,
    country: str = "XX",
    transcoder: str = "",
    figures: Figures | None = None,
) -> bytes:
    """The video as an EVF v4 file: the board, the mouse events (pauses cut out of the clock), the rules
    (question marks, no-guess), whether it was won without flags (NF), and the player's name. `transcoder`
    names this program when the video came from another one's file (the original program stays in
    `video.software`); `start_us` is when the game began, in microseconds since 1970."""
    video = as_mouse(video)  # EVF has no keys: each is written as the mouse events that do the same
    result = figures if figures is not None else figures_of(video)
    summary = 0
    if result.won:
        summary |= SUMMARY_COMPLETED
        if not video.assisted and not video.filtered:  # a board chosen by its 3BV is not fair (Arbiter's rule)
            summary |= SUMMARY_FAIR
            if _mode(video) == MODE_STANDARD:
                summary |= SUMMARY_OFFICIAL  # official is the standard game only; no-guess can still be fair
    if result.nf:
        summary |= SUMMARY_NF
    if transcoder:
        summary |= SUMMARY_TRANSCODED
    settings = 0 if video.question_marks else SETTING_NO_QUESTION_MARKS
    code = (country.upper() + "XX")[:2].encode("ascii", "replace")
    out = bytearray()
    out += struct.pack(
        ">BBBBBHBHHI2sQQ",
        VERSION,
        summary,
        settings,
        video.rows,
        video.cols,
        video.mine_count,
        video.cell_size,
        _mode(video),
        min(result.bbbv, 0xFFFF),
        min(result.time_ms, 0xFFFFFFFF),
        code,
        start_us,
        start_us + result.time_ms * 1000,
    )
    out += _cstring(video.software)
    if transcoder:
        out += _cstring(transcoder) + _cstring("utf-8")
    out += _cstring(video.player) + _cstring("") + _cstring("")
    out += struct.pack(">H", 0)  # no device identifier
    bits = bytearray((video.rows * video.cols + 7) // 8)
    for row, col in video.mines:
        index = row * video.cols + col
        bits[index // 8] |= 0x80 >> (index % 8)
    out += bits
    out += struct.pack(">H", 0)  # no custom metrics
    if not any(kind in (Mouse.LEFT_PRESS, Mouse.RIGHT_PRESS, Mouse.PREFLAG) for kind in video.kinds):
        # Nothing to record (and ms-toollib 1.5.20 aborts on a file without events).
        raise VideoError("a video needs a left or right press: this one never touched the board")
    _encode_events(video, out)
    out += b"\0"
    out += struct.pack(">H", 0)  # no checksum: we do not sign videos
    return bytes(out)


def _mode(video: Video) -> int:
    if video.mode in MODES_CHANGING_BOARD:
        return video.mode
    return MODE_NO_GUESS if video.no_guess else MODE_STANDARD


def _encode_events(video: Video, out: bytearray) -> None:
    stamps = game_stamps(video)
    last_time: int | None = None  # the first event is at 0: ms-toollib fails on a file that opens with a pause
    last_x = last_y = 0
    mouse = struct.Struct(">BBhh")
    begun = False
    for kind, time, x, y in zip(video.kinds, stamps, video.xs, video.ys):
        if kind not in BUTTONS and kind not in (Mouse.MOVE, Mouse.PREFLAG):
            continue
        # The spec starts a video at the first left or right press (ms-toollib 1.5.20 aborts on one that opens
        # with a middle press); what comes before cannot change the board.
        begun = begun or kind in (Mouse.LEFT_PRESS, Mouse.RIGHT_PRESS, Mouse.PREFLAG)
        if not begun:
            continue
        gap = 0 if last_time is None else time - last_time
        while gap > 255:
            step = min(gap, 0xFFFF)
            out += struct.pack(">BH", EVENT_PAUSE, step)
            gap -= step
        out += mouse.pack(kind, gap, x - last_x, y - last_y)
        last_time, last_x, last_y = time, x, y


def decode(data: bytes) -> tuple[Video, Header]:
    """Read an EVF v4 file this program wrote (or any v4 file within our bounds) back into a video."""
    if len(data) > MAX_EVF_BYTES:
        raise VideoError(f"{len(data)} bytes is more than an EVF video may hold")
    reader = _Reader(data)
    version, summary, settings, rows, cols, mines, cell_size, mode, bbbv, time_ms, code, start_us, end_us = (
        reader.unpack(">BBBBBHBHHI2sQQ")
    )
    if version != VERSION:
        raise VideoError(f"EVF version {version}; only version {VERSION} is read here")
    if not MIN_CELL_SIZE <= cell_size <= MAX_CELL_SIZE:
        raise VideoError(f"a cell of {cell_size} pixels")
    software = reader.cstring()
    if summary & SUMMARY_TRANSCODED:
        reader.cstring()
        reader.cstring()
    player = reader.cstring()
    reader.cstring()
    reader.cstring()
    (uuid_length,) = reader.unpack(">H")
    reader.take(uuid_length)
    bits = reader.take((rows * cols + 7) // 8)
    mine_cells = frozenset(
        divmod(index, cols) for index in range(rows * cols) if bits[index // 8] & (0x80 >> (index % 8))
    )
    if len(mine_cells) != mines:
        raise VideoError(f"the header says {mines} mines, the board holds {len(mine_cells)}")
    video = Video(
        rows,
        cols,
        mine_cells,
        cell_size=cell_size,
        player=player,
        software=software,
        question_marks=not settings & SETTING_NO_QUESTION_MARKS,
        no_guess=mode == MODE_NO_GUESS,
        mode=mode if mode in MODES_CHANGING_BOARD else 0,
    )
    (metric_count,) = reader.unpack(">H")
    for _ in range(metric_count):
        reader.cstring()
    _decode_events(reader, video)
    header = Header(
        won=bool(summary & SUMMARY_COMPLETED),
        nf=bool(summary & SUMMARY_NF),
        mode=mode,
        bbbv=bbbv,
        time_ms=time_ms,
        country=code.decode("ascii", "replace"),
        start_us=start_us,
        end_us=end_us,
        software=software,
        player=player,
    )
    return video, header


def _decode_events(reader: _Reader, video: Video) -> None:
    time = x = y = 0
    while True:
        (code,) = reader.unpack(">B")
        if code == 0:
            return
        if code == EVENT_PAUSE:
            time += reader.unpack(">H")[0]
        elif code in MOUSE_CODES:
            gap, dx, dy = reader.unpack(">Bhh")
            time, x, y = time + gap, x + dx, y + dy
            if code > Mouse.PREFLAG:
                raise VideoError(f"mouse event {code} leaves the button to guess; not read here")
            video.append(Mouse(code), time, x, y)
        elif code in GAME_STATE_EVENTS:
            time += reader.unpack(">B")[0]
        elif code in BOARD_EVENTS:
            time += reader.unpack(">BBB")[0]
        elif code in (METRIC_NUMBER, METRIC_STRING):
            time += reader.unpack(">BH")[0]
            if code == METRIC_NUMBER:
                reader.take(8)
            else:
                reader.cstring()
        else:
            raise VideoError(f"unknown event code {code} at byte {reader.at - 1}")


class _Reader:
    """Reads a byte string front to back, refusing to run past its end."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, count: int) -> bytes:
        end = self.at + count
        if end > len(self.data):
            raise VideoError(f"the file ends at byte {len(self.data)}, inside a field that needs {end}")
        chunk = self.data[self.at : end]
        self.at = end
        return chunk

    def unpack(self, layout: str) -> tuple:
        shape = struct.Struct(layout)
        return shape.unpack(self.take(shape.size))

    def cstring(self) -> str:
        end = self.data.find(b"\0", self.at, self.at + MAX_STRING_BYTES)
        if end < 0:
            raise VideoError(f"a name at byte {self.at} has no end within {MAX_STRING_BYTES} bytes")
        text = self.data[self.at : end].decode("utf-8", "replace")
        self.at = end + 1
        return text
