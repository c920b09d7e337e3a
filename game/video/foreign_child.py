"""The child process that parses other programs' videos with ms-toollib (whose parser can abort the whole
process on a damaged file): it limits itself, reads framed files from stdin and prints one JSON list with,
per file, the board, what the file says of itself and the mouse events as packed columns, or an error.

Nothing here is trusted by the game: `foreign` checks every value the child sends back.
"""

from __future__ import annotations

import base64
import json
import re
import sys
from array import array
from typing import Any

from game.language import N_

# The order is the request's format byte (see foreign.FORMATS).
KINDS = ("AvfVideo", "RmvVideo", "MvfVideo", "EvfVideo")
MAX_FILE_BYTES = 4 * 1024 * 1024  # the parent's bound too: a request can never make the child read more
TIME_LIMIT_S = 20.0
MEMORY_LIMIT_BYTES = 1024 * 1024 * 1024
MAX_FILES = 10_000
MOUSE_CODES = {"mv": 1, "lc": 2, "lr": 3, "rc": 4, "rr": 5, "mc": 6, "mr": 7, "pf": 8}
# Where each program writes its name and version into the file, as text ms-toollib does not hand over.
PROGRAM_TEXT = (
    re.compile(rb"Minesweeper Arbiter [0-9][0-9A-Za-z.]{0,15}"),
    re.compile(rb"Vienna Minesweeper[ -~]{0,40}?Release [0-9][0-9A-Za-z.]{0,15}"),
)


def limit_self(files: int) -> None:  # pragma: no cover - runs in the child
    """Memory, CPU time and no core file, set by the child on itself before it parses anything (a
    `preexec_fn` in the parent would not be safe in a program with threads, as the game is)."""
    try:
        import resource
    except ImportError:  # Windows: the parent's time limit still holds
        return
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT_BYTES, MEMORY_LIMIT_BYTES))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    cpu = int(TIME_LIMIT_S * max(1, files)) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))


def main(argv: list[str]) -> int:  # pragma: no cover - runs in the child process
    """Read framed files from stdin (format, length, bytes), parse each with ms-toollib, and print one line of
    JSON per file as soon as it is read (plain data, or an error): when a file brings the parser down, the
    lines before it still count and the blame falls on that file."""
    try:
        count = max(0, min(int(argv[0]), MAX_FILES)) if argv else 1
    except ValueError:
        count = 1
    limit_self(count)
    try:
        import ms_toollib
    except ImportError:
        missing = json.dumps({"error": N_("ms-toollib is not installed, so other programs' videos cannot be read")})
        sys.stdout.write((missing + "\n") * count)
        return 0
    stdin, out = sys.stdin.buffer, sys.stdout
    for _ in range(count):
        head = stdin.read(5)
        if len(head) < 5 or head[0] >= len(KINDS):
            reply = {"error": N_("the request was cut short")}
        else:
            size = int.from_bytes(head[1:], "big")
            reply = parse(ms_toollib, KINDS[head[0]], stdin.read(min(size, MAX_FILE_BYTES + 1)))
        out.write(json.dumps(reply) + "\n")
        out.flush()
    return 0


def parse(ms_toollib: Any, kind: str, data: bytes) -> dict:  # pragma: no cover - runs in the child process
    try:
        video = getattr(ms_toollib, kind)(raw_data=list(data))
        video.parse()
        video.analyse()
        rows, cols, size = video.row, video.column, video.pix_size
        reply = {
            "rows": rows,
            "cols": cols,
            "mines": video.mine_num,
            "cell_size": size,
            "board": "".join("*" if value == -1 else "." for line in video.board for value in line),
            "player": video.player_identifier,
            "country": video.country,
            "software": video.software,
            "program": program_text(data),
            "started_us": video.start_time,
            "columns": columns(video, cols * size, rows * size),
            "claimed": {"time_ms": video.rtime_ms, "bbbv": video.bbbv},
        }
        return reply
    except BaseException as error:  # a Rust panic surfaces as PanicException, a BaseException
        # the parent translates the message (the child does not know the player's language) and fills in `kind`
        return {"error": N_("ms-toollib could not read it ({kind})"), "kind": type(error).__name__}


def program_text(data: bytes) -> str:
    for pattern in PROGRAM_TEXT:
        found = pattern.search(data, 0, 64 * 1024) or pattern.search(data[-4096:])
        if found:
            return found.group().decode("ascii", "replace").rstrip(".")
    return ""


def columns(video: Any, width: int, height: int) -> dict[str, str]:  # pragma: no cover - runs in the child
    """The mouse events as the four columns of a Video (kinds, times from the first event in ms, x, y), as
    little-endian int32 in base64: a long video's answer stays small and quick for the parent to take in.

    A point off the board becomes the corner just past it, as Video keeps it. Some programs record "a button
    changed" (l, r, m) or "the other button went down" (cc) and leave which to the buttons held: resolved
    here as ms-toollib resolves it. A name with no code is sent as 0, which the parent refuses."""
    kinds, times, xs, ys = array("B"), array("i"), array("i"), array("i")
    held = {"l": False, "r": False, "m": False}
    start = None
    codes = MOUSE_CODES
    # Each attribute of ms-toollib's events is a call into Rust that builds a new object: read each once.
    for recorded in video.events:
        event = recorded.event
        if not event.is_mouse():
            continue
        mouse = event.unwrap_mouse()
        name = mouse.mouse
        if name == "cc":
            name = "rc" if held["l"] else "lc"
        elif name in held:
            name = name + ("r" if held[name] else "c")
        if name in ("lc", "lr", "rc", "rr", "mc", "mr"):
            held[name[0]] = name[1] == "c"
        time_ms = round(recorded.time * 1000)
        if start is None:
            start = time_ms
        x, y = mouse.x, mouse.y
        if not (0 <= x < width and 0 <= y < height):
            x, y = width, height
        kinds.append(codes.get(name, 0))
        times.append(time_ms - start)  # past 32 bits: OverflowError, and the file is refused
        xs.append(x)
        ys.append(y)
    if sys.byteorder == "big":
        for column in (times, xs, ys):
            column.byteswap()
    packed = (kinds, times, xs, ys)
    return {name: base64.b64encode(column.tobytes()).decode("ascii") for name, column in zip("ktxy", packed)}
