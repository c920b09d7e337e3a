"""Reading other programs' videos (AVF, RMV, MVF, EVF) safely: ms-toollib parses them in a child process with
a time and memory limit (its parser aborts the whole process on some damaged files), and the parent gets only
plain JSON, which it checks like any hostile data before it becomes a Video. Slow: call from a background job,
never from the frame thread."""

from __future__ import annotations

import base64
import binascii
import json
import os
import queue
import stat
import subprocess
import sys
import tempfile
import threading
from array import array
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import IO

from game.language import _, ngettext
from game.names import player_name

from .events import MAX_SIDE_CELLS, Mouse, Video, VideoError
from .foreign_child import MAX_FILE_BYTES, TIME_LIMIT_S

FORMATS = {".avf": "AvfVideo", ".rmv": "RmvVideo", ".mvf": "MvfVideo", ".evf": "EvfVideo"}
MAX_EVENTS = 2_000_000
MAX_TIME_MS = 24 * 3600 * 1000
MAX_REPLY_BYTES = 64 * 1024 * 1024
MAX_TEXT = 200  # characters of a name the file gives (player, program)
CHILD_FLAG = "--read-video-child"  # the hidden entry point: main.py hands it to `game.video.foreign_child`
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
    """A sentence naming the file and what was wrong with it (`why`, in the language in effect when it was
    made: a reader's thread makes it for the frame to show at once)."""

    def __init__(self, name: str, why: str) -> None:
        # TRANSLATORS: a video that cannot be read: its file's name, then why ("game.avf: not a file")
        super().__init__(_("{name}: {why}").format(name=name, why=why))
        self.name, self.why = name, why


def child_command() -> list[str]:
    """How to start the reader child: the game's own entry with the hidden flag, so the same command works
    from a checkout (python main.py) and from the one-file build (where sys.executable is the game)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, CHILD_FLAG]
    main = Path(__file__).resolve().parent.parent.parent / "main.py"
    if main.is_file():
        return [sys.executable, str(main), CHILD_FLAG]
    return [sys.executable, "-m", "game.video.foreign_child"]


def _bounded_bytes(path: Path) -> tuple[str, bytes]:
    kind = FORMATS.get(path.suffix.lower())
    if kind is None:
        raise UnreadableVideo(path.name, _("not a video this program reads (.avf, .rmv, .mvf or .evf)"))
    try:
        # Not blocking, and only a regular file: a pipe or a device could keep the reading thread forever.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as file:
            status = os.fstat(file.fileno())
            if not stat.S_ISREG(status.st_mode):
                raise UnreadableVideo(path.name, _("not a file"))
            if status.st_size > MAX_FILE_BYTES:
                raise UnreadableVideo(
                    path.name,
                    ngettext(
                        "{count} byte, more than a video of one game holds",
                        "{count} bytes, more than a video of one game holds",
                        status.st_size,
                    ).format(count=status.st_size),
                )
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise UnreadableVideo(path.name, _("cannot be read ({why})").format(why=error.strerror or error)) from error
    if len(data) > MAX_FILE_BYTES:
        raise UnreadableVideo(
            path.name,
            ngettext(
                "grew past {count} byte while being read", "grew past {count} bytes while being read", MAX_FILE_BYTES
            ).format(count=MAX_FILE_BYTES),
        )
    return kind, data


def read_foreign(path: str | Path, timeout: float = TIME_LIMIT_S) -> ForeignVideo:
    """Read one foreign video through a child process, or raise UnreadableVideo saying why."""
    (result,) = read_many([Path(path)], timeout=timeout)
    if isinstance(result, UnreadableVideo):
        raise result
    return result


def read_many(paths: list[Path], timeout: float = TIME_LIMIT_S, batch: int = 1) -> list[ForeignVideo | UnreadableVideo]:
    """Read several foreign videos, `batch` of them to a child process (a child's start costs more than a
    parse). The child answers a file at a time; when it crashes or hangs, the file it was reading gets the
    blame and the files after it go to a new child. One result per path, in order: a video or the sentence
    saying why not. `timeout` is for each file."""
    results: list[ForeignVideo | UnreadableVideo | None] = [None] * len(paths)
    pending: list[tuple[int, str, bytes]] = []
    for index, path in enumerate(paths):
        try:
            pending.append((index, *_bounded_bytes(path)))
        except UnreadableVideo as error:
            results[index] = error
    while pending:
        group, pending = pending[:batch], pending[batch:]
        replies, why = _run_child([(kind, data) for _index, kind, data in group], timeout)
        for (index, kind, _data), reply in zip(group, replies):
            results[index] = _from_reply(paths[index], kind, reply)
        done = len(replies)
        if done < len(group):
            index = group[done][0]
            results[index] = UnreadableVideo(paths[index].name, why)
            pending = group[done + 1 :] + pending
    return [result for result in results if result is not None]


def _run_child(files: list[tuple[str, bytes]], timeout: float) -> tuple[list[object], str]:
    """The child's answers, one a file in order, and why it stopped short of the last file ("" when it did
    not). The child works in a folder of its own, removed after it: ms-toollib writes its panic report
    (crash.log) on a damaged file into the working folder, which would otherwise be wherever the game or
    `stats` was started from."""
    with tempfile.TemporaryDirectory(prefix="minesweeper-reader-", ignore_cleanup_errors=True) as private:
        return _run_child_in(private, files, timeout)


def _run_child_in(folder: str, files: list[tuple[str, bytes]], timeout: float) -> tuple[list[object], str]:
    """The child's answers, started in `folder`. The request goes in and the answers come out on threads of
    their own, so neither pipe can fill up and hold the other, and no answer is waited for longer than
    `timeout`."""
    request = bytearray()
    for kind, data in files:
        request += bytes([list(FORMATS.values()).index(kind)]) + len(data).to_bytes(4, "big") + data
    try:
        child = subprocess.Popen(
            [*child_command(), str(len(files))],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=folder,
            # The windowed build has no console; without this Windows would flash one up for the child.
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
        )
    except OSError as error:
        return [], _("the reader could not start ({why})").format(why=error.strerror or error)
    lines: queue.Queue[bytes] = queue.Queue()
    threading.Thread(target=_feed, args=(child.stdin, bytes(request)), daemon=True).start()
    threading.Thread(target=_answers, args=(child.stdout, lines), daemon=True).start()
    replies: list[object] = []
    why = ""
    try:
        while len(replies) < len(files):
            try:
                line = lines.get(timeout=timeout)
            except queue.Empty:
                why = _("the reader took more than {seconds} s and was stopped").format(seconds=f"{timeout:g}")
                break
            if not line:
                break
            if not line.endswith(b"\n"):
                why = _("the reader's answer is too large")
                break
            try:
                replies.append(json.loads(line))
            except (ValueError, RecursionError):
                replies.append({"error": _("the reader's answer is not JSON")})
    finally:
        if why or len(replies) < len(files):
            child.kill()
        try:
            child.wait(timeout=5)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
    if len(replies) < len(files) and not why:
        code = child.returncode
        if code in (134, -6):
            why = _("damaged or not the video its name says (the parser aborted)")
        elif code < 0:
            why = _("damaged or not the video its name says (signal {code})").format(code=-code)
        else:
            why = _("damaged or not the video its name says (status {code})").format(code=code)
    return replies, why


def _feed(stream: IO[bytes], request: bytes) -> None:
    try:
        stream.write(request)
        stream.close()
    except OSError:  # the child ended before it read it all (it crashed on a file): its answers say so
        pass


def _answers(stream: IO[bytes], lines: queue.Queue[bytes]) -> None:
    """Each line the child writes (cut at MAX_REPLY_BYTES: a longer one is refused), then b"" at its end."""
    try:
        while line := stream.readline(MAX_REPLY_BYTES + 1):
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(b"")


def _from_reply(path: Path, kind: str, reply: object) -> ForeignVideo | UnreadableVideo:
    try:
        if not isinstance(reply, dict):
            raise ValueError(_("the reader's answer is not an object"))
        if "error" in reply:
            return UnreadableVideo(path.name, _child_error(reply)[:200])
        return checked(path, kind, reply)
    except (VideoError, KeyError, TypeError, ValueError) as error:
        return UnreadableVideo(path.name, str(error))


def _child_error(reply: dict) -> str:
    """The child's error in the language in effect: it sends its message as written (marked for the catalog
    in foreign_child) with `kind` beside it; anything else it says is shown as it is."""
    said = str(reply["error"])
    try:
        return _(said).format(kind=str(reply.get("kind", ""))[:80])
    except (KeyError, IndexError, ValueError, AttributeError):  # not one of the child's own messages
        return said


def checked(path: Path, kind: str, reply: dict) -> ForeignVideo:
    """Turn the child's plain data into a Video, checking every size, count, coordinate and time."""
    rows, cols, cell_size = int(reply["rows"]), int(reply["cols"]), int(reply["cell_size"])
    if not (1 <= rows <= MAX_SIDE_CELLS and 1 <= cols <= MAX_SIDE_CELLS):
        raise VideoError(_("a board of {rows}x{cols} cells").format(rows=rows, cols=cols))
    board = str(reply["board"])
    if len(board) != rows * cols or board.strip("*."):
        raise VideoError(_("the board's shape does not match its size"))
    mines = frozenset(divmod(index, cols) for index, cell in enumerate(board) if cell == "*")
    if len(mines) != int(reply["mines"]):
        raise VideoError(
            ngettext(
                "the header says {count} mine, the board holds {held}",
                "the header says {count} mines, the board holds {held}",
                int(reply["mines"]),
            ).format(count=int(reply["mines"]), held=len(mines))
        )
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
    """A name from the file, fit to show: a string, without controls or bidi overrides (its joiners kept: they
    spell Persian names and emoji families), not too long."""
    if not isinstance(value, str):
        raise VideoError(_("a name that is not text"))
    return player_name(value[: MAX_TEXT * 2], MAX_TEXT)


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
        raise VideoError(_("the reader's events are not readable")) from error
    kinds = array("B", raw[0])
    if len(kinds) > MAX_EVENTS:
        raise VideoError(
            ngettext(
                "{count} event, more than a game makes", "{count} events, more than a game makes", len(kinds)
            ).format(count=len(kinds))
        )
    wide = []
    for data in raw[1:]:
        column = array("i")
        if len(data) != 4 * len(kinds):
            raise VideoError(_("the reader's event columns differ in length"))
        column.frombytes(data)
        if sys.byteorder == "big":
            column.byteswap()
        wide.append(column)
    times, xs, ys = wide
    unknown = set(raw[0]) - KINDS
    if unknown:
        raise VideoError(_("a mouse event of kind {kind} that this program does not know").format(kind=min(unknown)))
    last = 0
    for start in range(0, len(times), 50_000):
        part = times[start : start + 50_000]
        if part[0] < last or list(part) != sorted(part) or part[-1] > MAX_TIME_MS:
            raise VideoError(
                ngettext(
                    "event times go back or past {count} hour",
                    "event times go back or past {count} hours",
                    MAX_TIME_MS // 3_600_000,
                ).format(count=MAX_TIME_MS // 3_600_000)
            )
        last = part[-1]
    if xs and (min(xs) < 0 or max(xs) > width or min(ys) < 0 or max(ys) > height):
        raise VideoError(_("a cursor far off the board"))
    return kinds, array("I", times), array("h", xs), array("h", ys)


def child_main(argv: list[str]) -> int:  # pragma: no cover - runs in the child process
    """The child's entry (main.py hands it `--read-video-child`): see `game.video.foreign_child`."""
    from .foreign_child import main

    return main(argv)
