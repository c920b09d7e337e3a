"""`minesweeper stats [--json] FILE_OR_FOLDER...`: every figure of each video, read in parallel: a pool of worker
processes sized to the cores, each reading its files through a reader child and working out their figures.

It streams: the folders are walked a folder at a time, a few batches of files are out with the workers at
once, and each line is printed as its turn comes, so a folder of any size takes the memory of a few batches
(and of its largest folder's names), never of all its files or all their lines. Every entry gets a line: one
that is not a file (a pipe, a device, a link to one, a link that leads nowhere or round in a loop, a folder that
cannot be read) says so without being opened, and so does a named path that cannot be looked at. What is
printed goes through game.names.printable (a name that is not UTF-8 would stop a UTF-8 stream). A reader that
goes away (`| head -1`) ends the command quietly, as it ends any Unix tool."""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import stat
import sys
from collections import deque
from collections.abc import Generator, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

from game.names import printable

from .figures import figures_of
from .foreign import ForeignVideo, UnreadableVideo, read_many

# A path found, and why it gets a line without being read ("" when it is a file to read).
Found = tuple[Path, str]
SIGPIPE_STATUS = 128 + 13  # what a shell reports of a tool stopped by SIGPIPE, the way Unix tools end


def video_files(targets: list[str]) -> Iterator[Found]:
    """Each path named, and every entry in each folder named (and below it, a folder at a time, in the order of
    their names), hidden ones left out. A file goes to be read (a file that is not a video gets its line too,
    saying so); any other entry comes with the reason it is not read."""
    for target in targets:
        path = Path(target)
        try:
            status = path.stat()
        except OSError as error:
            yield path, _cannot(path, error)
            continue
        if stat.S_ISDIR(status.st_mode):
            yield from _walk(path)
        else:
            yield path, _not_a_file(path, status.st_mode)


def _walk(folder: Path) -> Iterator[Found]:
    try:
        with os.scandir(folder) as found:
            names = sorted(entry.name for entry in found if not entry.name.startswith("."))
    except OSError as error:
        yield folder, f"{printable(folder.name)}: a folder that cannot be read ({error.strerror or error})"
        return
    for name in names:
        path = folder / name
        try:
            status = path.lstat()
            if stat.S_ISLNK(status.st_mode):
                status = path.stat()  # a link: what it leads to (a loop or nothing at all raises)
                if stat.S_ISDIR(status.st_mode):
                    yield path, f"{printable(name)}: a link to a folder, not followed"
                    continue
        except OSError as error:
            yield path, _cannot(path, error)
            continue
        if stat.S_ISDIR(status.st_mode):
            yield from _walk(path)
        else:
            yield path, _not_a_file(path, status.st_mode)


def _not_a_file(path: Path, mode: int) -> str:
    """Why an entry that is not a folder is not read ("" for a file: it is)."""
    if stat.S_ISREG(mode):
        return ""
    what = "a named pipe" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else ""
    return f"{printable(path.name)}: {what or 'not a file'}{', not a file' if what else ''}"


def _cannot(path: Path, error: OSError) -> str:
    return f"{printable(path.name or str(path))}: cannot be looked at ({error.strerror or error})"


BATCH = 25  # files to a reader child: a child's start costs more than a parse


def describe_group(paths: list[Path]) -> list[dict]:
    """One worker's share: its files read by one reader child, and each one's line."""
    return [describe(path, foreign) for path, foreign in zip(paths, read_many(paths, batch=BATCH))]


def workers() -> Executor:
    """Processes where they can be forked (the figures are pure Python: threads would take turns on one
    core), threads elsewhere (a one-file build or Windows would start each process as a new game)."""
    count = os.cpu_count() or 2
    if sys.platform.startswith("linux") and not getattr(sys, "frozen", False):
        import multiprocessing

        return ProcessPoolExecutor(max_workers=count, mp_context=multiprocessing.get_context("fork"))
    return ThreadPoolExecutor(max_workers=count)


def describe(path: Path, foreign: ForeignVideo | UnreadableVideo) -> dict:
    """One file's line: its figures, or the reason it could not be read."""
    if isinstance(foreign, UnreadableVideo):
        return {"file": str(path), "error": str(foreign)}
    video = foreign.video
    f = figures_of(video)
    return {
        "file": str(path),
        "format": foreign.format,
        "program": foreign.program,
        "player": video.player,
        "country": foreign.country,
        "date": foreign.started.date().isoformat() if foreign.started is not None else None,
        "rows": video.rows,
        "cols": video.cols,
        "mines": video.mine_count,
        "won": f.won,
        "time_s": round(f.time_s, 3),
        "bbbv": f.bbbv,
        "bbbv_solved": f.bbbv_solved,
        "bbbv_s": f.bbbv_s,
        "zini": f.zini,
        "ios": f.ios,
        "rqp": f.as_dict()["rqp"],
        "stnb": f.stnb,
        "ioe": f.ioe,
        "throughput": f.throughput,
        "correctness": f.correctness,
        "clicks": f.clicks,
        "left": f.left,
        "right": f.right,
        "double": f.double,
        "lce": f.lce,
        "rce": f.rce,
        "dce": f.dce,
        "flags": f.flags,
        "path": f.path,
        "nf": f.nf,
    }


def as_text(line: dict) -> str:
    if "error" in line:
        return f"cannot be read: {line['error']}"
    result = "won" if line["won"] else "not won"
    rqp = "-" if line["rqp"] is None else f"{line['rqp']:.3f}"
    return (
        f"{line['file']}\n  {line['format']} by {line['program'] or '?'}, player {line['player'] or '?'}; "
        f"{line['rows']}x{line['cols']}/{line['mines']}, {result}\n"
        f"  time {line['time_s']:.3f} s  3BV {line['bbbv_solved']}/{line['bbbv']}  3BV/s {line['bbbv_s']:.3f}  "
        f"ZiNi {line['zini']}  IOS {line['ios']:.3f}  RQP {rqp}  STNB {line['stnb']:.3f}\n"
        f"  IOE {line['ioe']:.3f}  throughput {line['throughput']:.3f}  correctness {line['correctness']:.3f}  "
        f"clicks {line['clicks']} (left {line['left']}/{line['lce']}, right {line['right']}/{line['rce']}, "
        f"double {line['double']}/{line['dce']})  flags {line['flags']}  path {line['path']:.1f}  "
        f"NF {'yes' if line['nf'] else 'no'}"
    )


def described(found: Iterable[Found]) -> Generator[dict, None, None]:
    """Each entry's line, in order: a batch of files at a time to the workers, a few batches out at once."""
    pool = workers()
    ahead = 2 * (os.cpu_count() or 2)  # batches out with the workers: enough to keep every core busy
    out: deque[tuple[list[Found], Future[list[dict]] | None]] = deque()
    try:
        iterator = iter(found)
        while batch := list(itertools.islice(iterator, BATCH)):
            readable = [path for path, why in batch if not why]
            out.append((batch, pool.submit(describe_group, readable) if readable else None))
            while len(out) > ahead:
                yield from _lines(*out.popleft())
        while out:
            yield from _lines(*out.popleft())
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _lines(batch: list[Found], future: Future[list[dict]] | None) -> Iterator[dict]:
    read = iter(future.result() if future is not None else [])
    for path, why in batch:
        yield {"file": str(path), "error": why} if why else next(read)


def shown(line: dict) -> dict:
    """A line as it can be printed: every text in it (a file's name, a player's) through printable."""
    return {key: printable(value) if isinstance(value, str) else value for key, value in line.items()}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="minesweeper stats", description="The figures of speed-runners' videos.")
    parser.add_argument("--json", action="store_true", help="one JSON object per file per line")
    parser.add_argument("paths", nargs="+", metavar="FILE_OR_FOLDER")
    args = parser.parse_args(argv)
    failed = False
    files = 0
    try:
        with contextlib.closing(described(video_files(args.paths))) as lines:
            for line in map(shown, lines):
                files += 1
                failed |= "error" in line
                print(json.dumps(line, ensure_ascii=False) if args.json else as_text(line))
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (`| head -1`): stop, and say nothing, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's last flush must not fail again
        return SIGPIPE_STATUS
    return 1 if failed or not files else 0
