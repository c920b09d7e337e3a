"""Reading other programs' videos (AVF, RMV, MVF, EVF) safely: ms-toollib parses them in a child process with
a time and memory limit (its parser aborts the whole process on some damaged files), and the parent gets only
plain JSON, which it checks like any hostile data before it becomes a Video. Slow: call from a background job,
never from the frame thread."""

from __future__ import annotations

import base64
import binascii
import json
import os
import stat
import subprocess
import sys
from array import array
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from .events import MAX_SIDE_CELLS, Mouse, Video, VideoError
from .reader import MAX_FILE_BYTES, TIME_LIMIT_S

FORMATS = {".avf": "AvfVideo", ".rmv": "RmvVideo", ".mvf": "MvfVideo", ".evf": "EvfVideo"}
MAX_EVENTS = 2_000_000
MAX_TIME_MS = 24 * 3600 * 1000
MAX_REPLY_BYTES = 64 * 1024 * 1024
MAX_TEXT = 200  # characters of a name the file gives (player, program)
CHILD_FLAG = "--read-video-child"  # the hidden entry point: main.py hands it to `game.video.reader`
EARLIEST_US, LATEST_US = 315532800 * 10**6, 4102444800 * 10**6  # 1980 to 2100: a date outside is not believed
# The programs behind each format, for the player: ms-toollib names some by version only.
PROGRAMS = {"AVF": "Minesweeper Arbiter", "RMV": "Viennasweeper", "MVF": "Minesweeper Clone", "EVF": "Metasweeper"}


@dataclass(frozen=True)
class ForeignVideo:
    """A video another program made, checked: the board and events as a Video, and what the file claims
    (the program and version that made it, when it was played, the player's country, its own time and 3BV)."""

    path: Path
    format: str
    software: str
    video: Video
    claimed: dict[str, float]
    program: str = ""
    started: datetime | None = None
    country: str = ""


KINDS = frozenset(int(kind) for kind in Mouse if kind < Mouse.PAUSE)


class UnreadableVideo(Exception):
    """A sentence naming the file and what was wrong with it."""


def child_command() -> list[str]:
    """How to start the reader child: the game's own entry with the hidden flag, so the same command works
    from a checkout (python main.py) and from the one-file build (where sys.executable is the game)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, CHILD_FLAG]
    main = Path(__file__).resolve().parent.parent.parent / "main.py"
    if main.is_file():
        return [sys.executable, str(main), CHILD_FLAG]
    return [sys.executable, "-m", "game.video.reader"]


def _bounded_bytes(path: Path) -> tuple[str, bytes]:
    kind = FORMATS.get(path.suffix.lower())
    if kind is None:
        raise UnreadableVideo(f"{path.name}: not a video this program reads (.avf, .rmv, .mvf or .evf)")
    try:
        # Not blocking, and only a regular file: a pipe or a device could keep the reading thread forever.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as file:
            status = os.fstat(file.fileno())
            if not stat.S_ISREG(status.st_mode):
                raise UnreadableVideo(f"{path.name}: not a file")
            if status.st_size > MAX_FILE_BYTES:
                raise UnreadableVideo(f"{path.name}: {status.st_size} bytes, more than a video of one game holds")
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise UnreadableVideo(f"{path.name}: cannot be read ({error.strerror or error})") from error
    if len(data) > MAX_FILE_BYTES:
        raise UnreadableVideo(f"{path.name}: grew past {MAX_FILE_BYTES} bytes while being read")
    return kind, data


def read_foreign(path: str | Path, timeout: float = TIME_LIMIT_S) -> ForeignVideo:
    """Read one foreign video through a child process, or raise UnreadableVideo saying why."""
    (result,) = read_many([Path(path)], timeout=timeout)
    if isinstance(result, UnreadableVideo):
        raise result
    return result


def read_many(paths: list[Path], timeout: float = TIME_LIMIT_S, batch: int = 1) -> list[ForeignVideo | UnreadableVideo]:
    """Read several foreign videos, `batch` of them to a child process (a child's start costs more than a
    parse); when a batch's child crashes or hangs, its files are read again one to a child, so the blame
    lands on the file that did it. One result per path, in order: a video or the sentence saying why not."""
    results: list[ForeignVideo | UnreadableVideo | None] = [None] * len(paths)
    pending: list[tuple[int, str, bytes]] = []
    for index, path in enumerate(paths):
        try:
            pending.append((index, *_bounded_bytes(path)))
        except UnreadableVideo as error:
            results[index] = error
    for start in range(0, len(pending), batch):
        group = pending[start : start + batch]
        try:
            replies = _run_child([(kind, data) for _, kind, data in group], timeout * len(group))
        except UnreadableVideo as error:
            if len(group) == 1:
                index = group[0][0]
                results[index] = UnreadableVideo(f"{paths[index].name}: {error}")
                continue
            for one in group:
                results[one[0]] = read_many([paths[one[0]]], timeout)[0]
            continue
        for (index, kind, _), reply in zip(group, replies):
            results[index] = _from_reply(paths[index], kind, reply)
    return [result for result in results if result is not None]


def _run_child(files: list[tuple[str, bytes]], timeout: float) -> list[dict]:
    request = bytearray()
    for kind, data in files:
        request += bytes([list(FORMATS.values()).index(kind)]) + len(data).to_bytes(4, "big") + data
    try:
        done = subprocess.run(
            [*child_command(), str(len(files))],
            input=bytes(request),
            capture_output=True,
            timeout=timeout,
            # The windowed build has no console; without this Windows would flash one up for the child.
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
        )
    except subprocess.TimeoutExpired as error:
        raise UnreadableVideo(f"the reader took more than {timeout:g} s and was stopped") from error
    if done.returncode != 0:
        how = f"signal {-done.returncode}" if done.returncode < 0 else f"status {done.returncode}"
        if done.returncode in (134, -6):
            how = "the parser aborted"
        raise UnreadableVideo(f"damaged or not the video its name says ({how})")
    if len(done.stdout) > MAX_REPLY_BYTES * len(files):
        raise UnreadableVideo("the reader's answer is too large")
    try:
        replies = json.loads(done.stdout)
    except ValueError as error:
        raise UnreadableVideo("the reader's answer is not JSON") from error
    if not isinstance(replies, list) or len(replies) != len(files):
        raise UnreadableVideo("the reader answered for other files than it was given")
    return replies


def _from_reply(path: Path, kind: str, reply: object) -> ForeignVideo | UnreadableVideo:
    try:
        if not isinstance(reply, dict):
            raise ValueError("the reader's answer is not an object")
        if "error" in reply:
            return UnreadableVideo(f"{path.name}: {str(reply['error'])[:200]}")
        return checked(path, kind, reply)
    except (VideoError, KeyError, TypeError, ValueError) as error:
        return UnreadableVideo(f"{path.name}: {error}")


def checked(path: Path, kind: str, reply: dict) -> ForeignVideo:
    """Turn the child's plain data into a Video, checking every size, count, coordinate and time."""
    rows, cols, cell_size = int(reply["rows"]), int(reply["cols"]), int(reply["cell_size"])
    if not (1 <= rows <= MAX_SIDE_CELLS and 1 <= cols <= MAX_SIDE_CELLS):
        raise VideoError(f"a board of {rows}x{cols} cells")
    board = str(reply["board"])
    if len(board) != rows * cols or board.strip("*."):
        raise VideoError("the board's shape does not match its size")
    mines = frozenset(divmod(index, cols) for index, cell in enumerate(board) if cell == "*")
    if len(mines) != int(reply["mines"]):
        raise VideoError(f"the header says {reply['mines']} mines, the board holds {len(mines)}")
    player, software = _text(reply["player"]), _text(reply["software"])
    video = Video(rows, cols, mines, cell_size=cell_size, player=player, software=software)
    video.kinds, video.times, video.xs, video.ys = _columns(reply["columns"], cols * cell_size, rows * cell_size)
    format_ = kind.removesuffix("Video").upper()
    claimed = {key: float(reply["claimed"][key]) for key in ("time_ms", "bbbv")}
    started_us = int(reply["started_us"])
    started = datetime.fromtimestamp(started_us / 1e6, timezone.utc) if EARLIEST_US <= started_us <= LATEST_US else None
    program = program_of(format_, video.software, _text(reply["program"]))
    country = _text(reply["country"])[:8]
    country = "" if country == "XX" else country  # EVF's "no country"
    return ForeignVideo(path, format_, video.software, video, claimed, program, started, country)


def _text(value: object) -> str:
    """A name from the file, fit to show: a string, without control characters, not too long."""
    if not isinstance(value, str):
        raise VideoError("a name that is not text")
    return "".join(ch for ch in value[: MAX_TEXT * 2] if ch.isprintable()).strip()[:MAX_TEXT]


def program_of(format_: str, software: str, text: str) -> str:
    """The program and version that made the file, as its players know it ("Minesweeper Arbiter 0.52.3")."""
    if text.startswith("Vienna Minesweeper"):
        return "Viennasweeper " + text.rpartition("Release ")[2]
    if text:
        return text
    if format_ == "EVF" and software.startswith("元"):  # Metasweeper's own name, 元扫雷, leads its version
        return f"Metasweeper {software[1:]}".strip()
    if format_ == "MVF" and software[:1].isdigit():
        return f"Minesweeper Clone {software}"
    return software or PROGRAMS[format_]


def _columns(packed: dict, width: int, height: int) -> tuple[array, array, array, array]:
    """The four event columns from the child's base64, checked: equal lengths, known kinds, times that
    never go back, points on the board or at the corner past it. The checks run in C over slices, so a
    long video never holds the frame thread's share of the interpreter for long."""
    try:
        raw = [base64.b64decode(packed[name], validate=True) for name in "ktxy"]
    except (binascii.Error, TypeError, ValueError) as error:
        raise VideoError("the reader's events are not readable") from error
    kinds = array("B", raw[0])
    if len(kinds) > MAX_EVENTS:
        raise VideoError(f"{len(kinds)} events, more than a game makes")
    wide = []
    for data in raw[1:]:
        column = array("i")
        if len(data) != 4 * len(kinds):
            raise VideoError("the reader's event columns differ in length")
        column.frombytes(data)
        if sys.byteorder == "big":
            column.byteswap()
        wide.append(column)
    times, xs, ys = wide
    unknown = set(raw[0]) - KINDS
    if unknown:
        raise VideoError(f"a mouse event of kind {min(unknown)} that this program does not know")
    last = 0
    for start in range(0, len(times), 50_000):
        part = times[start : start + 50_000]
        if part[0] < last or list(part) != sorted(part) or part[-1] > MAX_TIME_MS:
            raise VideoError(f"event times go back or past {MAX_TIME_MS // 3_600_000} hours")
        last = part[-1]
    if xs and (min(xs) < 0 or max(xs) > width or min(ys) < 0 or max(ys) > height):
        raise VideoError("a cursor far off the board")
    return kinds, array("I", times), array("h", xs), array("h", ys)


def child_main(argv: list[str]) -> int:  # pragma: no cover - runs in the child process
    """The child's entry (main.py hands it `--read-video-child`): see `game.video.reader`."""
    from .reader import main

    return main(argv)
