"""`minesweeper stats [--json] [--all] FILE_OR_FOLDER...`: every figure of each video, read in parallel: a pool of
worker processes sized to the cores, each reading its files through a reader child and working out their figures.
In a folder only the videos are read, known by their names' endings (a README beside them is no failure)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

from game.model import category_for, category_label, level_of

from .figure_text import figure_text
from .figures import figures_of
from .foreign import FORMATS, ForeignVideo, UnreadableVideo, read_many

# The exit statuses, as --help tells them.
READ_ALL, UNREADABLE, USAGE, NONE_FOUND = 0, 1, 2, 3
EXIT_STATUSES = f"""exit status:
  {READ_ALL}  every video was read
  {UNREADABLE}  a video (or a file named, or any file under --all) could not be read: its line says why
  {USAGE}  the command line was wrong
  {NONE_FOUND}  no video was found to read"""


def is_video_name(path: Path) -> bool:
    """Whether a file's name says it is a video this command reads (.avf, .rmv, .mvf, .evf, in any case)."""
    return path.suffix.lower() in FORMATS


def video_files(targets: list[str], every_file: bool = False) -> tuple[list[Path], int]:
    """(the files to read, how many were passed over): each file named, always, and in each folder named (and
    below it) the files whose names say they are videos, or every file with `every_file`; hidden files and
    folders are left out."""
    files, skipped = [], 0
    for target in targets:
        path = Path(target)
        if path.is_dir():
            found = (p for p in path.rglob("*") if not any(part.startswith(".") for part in p.relative_to(path).parts))
            for file in sorted(p for p in found if p.is_file()):
                if every_file or is_video_name(file):
                    files.append(file)
                else:
                    skipped += 1
        else:
            files.append(path)
    return files, skipped


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
        "level": level_of(video.rows, video.cols, video.mine_count),  # None: a custom board
        "won": f.won,
        "time_s": round(f.time_s, 3),
        "bbbv": f.bbbv,
        "bbbv_solved": f.bbbv_solved,
        "bbbv_s": f.bbbv_s,
        "zini": f.zini,
        "ios": f.ios,
        "rqp": f.rqp,
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
    """One file's lines as a person reads them: each figure as the game's screens write it, "-" where one does
    not apply (STNB on a custom board, IOS on a loss)."""
    if "error" in line:
        return f"cannot be read: {line['error']}"
    result = "won" if line["won"] else "not won"
    board = category_label(category_for(line["rows"], line["cols"], line["mines"]))
    shown = {name: figure_text(name, line[key]) for name, key in TEXT_NAMES.items()}
    return (
        f"{line['file']}\n  {line['format']} by {line['program'] or '?'}, player {line['player'] or '?'}; "
        f"{board}, {result}\n"
        f"  time {figure_text('Time', line['time_s'] * 1000)}  3BV {line['bbbv_solved']}/{line['bbbv']}  "
        f"3BV/s {shown['3BV/s']}  ZiNi {line['zini']}  IOS {shown['IOS']}  RQP {shown['RQP']}  STNB {shown['STNB']}\n"
        f"  IOE {shown['IOE']}  throughput {shown['Throughput']}  correctness {shown['Correctness']}  "
        f"clicks {line['clicks']} (left {line['left']}/{line['lce']}, right {line['right']}/{line['rce']}, "
        f"double {line['double']}/{line['dce']})  flags {line['flags']}  path {shown['Path']}  "
        f"NF {'yes' if line['nf'] else 'no'}"
    )


# The figures of a line written as figure_text writes them: the game's name for each, and the line's key.
TEXT_NAMES = {"3BV/s": "bbbv_s", "IOS": "ios", "RQP": "rqp", "STNB": "stnb", "IOE": "ioe"}
TEXT_NAMES |= {"Throughput": "throughput", "Correctness": "correctness", "Path": "path"}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="minesweeper stats",
        description="The figures of speed-runners' videos. In a folder, the files whose names end .avf, .rmv, "
        ".mvf or .evf are read (and those in folders below it), others passed over; a file named is always read.",
        epilog=EXIT_STATUSES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per file per line")
    parser.add_argument(
        "--all", action="store_true", help="in a folder, try every file, not only those named as videos"
    )
    parser.add_argument("paths", nargs="+", metavar="FILE_OR_FOLDER")
    args = parser.parse_args(argv)
    files, skipped = video_files(args.paths, every_file=args.all)
    if skipped:
        print(f"{skipped} file(s) not named as videos passed over (--all reads them too)", file=sys.stderr)
    failed = False
    groups = [files[start : start + BATCH] for start in range(0, len(files), BATCH)]
    with workers() as pool:
        for lines in pool.map(describe_group, groups):
            for line in lines:
                failed |= "error" in line
                print(json.dumps(line, ensure_ascii=False) if args.json else as_text(line))
    sys.stdout.flush()
    if not files:
        print("no video found", file=sys.stderr)
        return NONE_FOUND
    return UNREADABLE if failed else READ_ALL
