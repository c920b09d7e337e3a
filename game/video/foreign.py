"""Reading other programs' videos (AVF, RMV, MVF, EVF) safely: ms-toollib parses them in a child process with
a time and memory limit (its parser aborts the whole process on some damaged files), and the parent gets only
plain JSON, which it checks like any hostile data before it becomes a Video. Slow: call from a background job,
never from the frame thread."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .events import MAX_SIDE_CELLS, Mouse, Video, VideoError

FORMATS = {".avf": "AvfVideo", ".rmv": "RmvVideo", ".mvf": "MvfVideo", ".evf": "EvfVideo"}
MAX_FILE_BYTES = 4 * 1024 * 1024  # the largest sample (a 36x60 board, 20 minutes) is 341 KB
MAX_EVENTS = 2_000_000
MAX_TIME_MS = 24 * 3600 * 1000
MAX_REPLY_BYTES = 64 * 1024 * 1024
TIME_LIMIT_S = 20.0
MEMORY_LIMIT_BYTES = 1024 * 1024 * 1024
CHILD_FLAG = "--read-video-child"  # the hidden entry point: main.py hands it to `child_main`
MOUSE_NAMES = {"mv": 1, "lc": 2, "lr": 3, "rc": 4, "rr": 5, "mc": 6, "mr": 7, "pf": 8}


@dataclass(frozen=True)
class ForeignVideo:
    """A video another program made, checked: the board and events as a Video, and what the file claims."""

    path: Path
    format: str
    software: str
    video: Video
    claimed: dict[str, float]


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
    return [sys.executable, "-m", "game.video.foreign", CHILD_FLAG]


def _limits() -> None:  # pragma: no cover - runs in the child before exec
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT_BYTES, MEMORY_LIMIT_BYTES))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    cpu = int(TIME_LIMIT_S) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))


def _bounded_bytes(path: Path) -> tuple[str, bytes]:
    kind = FORMATS.get(path.suffix.lower())
    if kind is None:
        raise UnreadableVideo(f"{path.name}: not a video this program reads (.avf, .rmv, .mvf or .evf)")
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise UnreadableVideo(f"{path.name}: {size} bytes, more than a video of one game holds")
        with open(path, "rb") as file:
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
            preexec_fn=_limits if os.name == "posix" else None,
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
    board = reply["board"]
    if len(board) != rows or any(len(line) != cols for line in board):
        raise VideoError("the board's shape does not match its size")
    mines = frozenset((r, c) for r in range(rows) for c in range(cols) if board[r][c] == -1)
    if len(mines) != int(reply["mines"]):
        raise VideoError(f"the header says {reply['mines']} mines, the board holds {len(mines)}")
    video = Video(
        rows, cols, mines, cell_size=cell_size, player=str(reply["player"])[:200], software=str(reply["software"])[:80]
    )
    events = reply["events"]
    if len(events) > MAX_EVENTS:
        raise VideoError(f"{len(events)} events, more than a game makes")
    last = 0
    limit = 32767
    held = {"l": False, "r": False, "m": False}
    for name, time_ms, x, y in events:
        # Some programs record "a button changed" (l, r, m) or "the other button went down" (cc) and leave
        # which to the reader's idea of the buttons held: kept here as ms-toollib keeps it.
        if name == "cc":
            name = "rc" if held["l"] else "lc"
        elif name in held:
            name = name + ("r" if held[name] else "c")
        if name in ("lc", "lr", "rc", "rr", "mc", "mr"):
            held[name[0]] = name[1] == "c"
        code = MOUSE_NAMES.get(name)
        if code is None:
            raise VideoError(f"a mouse event {name!r} that leaves its button to guess")
        time_ms, x, y = int(time_ms), int(x), int(y)
        if time_ms < last or time_ms > MAX_TIME_MS:
            raise VideoError(f"event times go from {last} ms to {time_ms} ms")
        if not (-limit <= x <= limit and -limit <= y <= limit):
            raise VideoError(f"a cursor at ({x}, {y}), far off the board")
        last = time_ms
        video.append(Mouse(code), time_ms, x, y)
    claimed = {key: float(reply["claimed"][key]) for key in ("time_ms", "bbbv")}
    return ForeignVideo(path, kind.removesuffix("Video").upper(), video.software, video, claimed)


def child_main(argv: list[str]) -> int:  # pragma: no cover - runs in the child process
    """The child: read framed files from stdin (format, length, bytes), parse each with ms-toollib, print one
    JSON list of plain data (or an error) per file."""
    try:
        count = min(int(argv[0]), 10_000) if argv else 1
    except ValueError:
        count = 1
    try:
        import ms_toollib
    except ImportError:
        missing = {"error": "ms-toollib is not installed, so other programs' videos cannot be read"}
        print(json.dumps([missing] * count))
        return 0
    kinds = list(FORMATS.values())
    stdin = sys.stdin.buffer
    replies = []
    for _ in range(count):
        head = stdin.read(5)
        if len(head) < 5 or head[0] >= len(kinds):
            replies.append({"error": "the request was cut short"})
            continue
        size = int.from_bytes(head[1:], "big")
        data = stdin.read(min(size, MAX_FILE_BYTES + 1))
        replies.append(_parse(ms_toollib, kinds[head[0]], data))
    sys.stdout.write(json.dumps(replies))
    return 0


def _parse(ms_toollib: Any, kind: str, data: bytes) -> dict:  # pragma: no cover - runs in the child process
    try:
        video = getattr(ms_toollib, kind)(raw_data=list(data))
        video.parse()
        video.analyse()
        events = []
        start = None
        for recorded in video.events:
            if not recorded.event.is_mouse():
                continue
            mouse = recorded.event.unwrap_mouse()
            time_ms = round(recorded.time * 1000)
            start = time_ms if start is None else start
            events.append((mouse.mouse, time_ms - start, mouse.x, mouse.y))
        return {
            "rows": video.row,
            "cols": video.column,
            "mines": video.mine_num,
            "cell_size": video.pix_size,
            "board": [list(line) for line in video.board],
            "player": video.player_identifier,
            "software": video.software,
            "events": events,
            "claimed": {"time_ms": video.rtime_ms, "bbbv": video.bbbv},
        }
    except BaseException as error:  # a Rust panic surfaces as PanicException, a BaseException
        return {"error": f"ms-toollib could not read it ({type(error).__name__})"}


if __name__ == "__main__":  # pragma: no cover
    args = sys.argv[1:]
    if args and args[0] == CHILD_FLAG:
        args = args[1:]
    sys.exit(child_main(args))
