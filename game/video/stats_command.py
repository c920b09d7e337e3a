"""`minesweeper stats [--json] [--all] FILE_OR_FOLDER...`: every figure of each video, read in parallel: a pool of
worker processes sized to the cores, each reading its files through a reader child and working out their figures.
In a folder only the videos are read, known by their names' endings (a README beside them is no failure).

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
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from game import language
from game.language import _, ngettext, pgettext
from game.model import category_for, category_label, level_of
from game.names import printable

from .figure_text import figure_text
from .figures import figures_of
from .foreign import FORMATS, ForeignVideo, UnreadableVideo, read_many

# The exit statuses, as --help tells them.
READ_ALL, UNREADABLE, USAGE, NONE_FOUND = 0, 1, 2, 3
SIGPIPE_STATUS = 128 + 13  # what a shell reports of a tool stopped by SIGPIPE, the way Unix tools end


def exit_statuses() -> str:
    """The exit statuses as --help tells them, in the language in effect."""
    lines = [
        _("exit status:"),
        f"  {READ_ALL}  " + _("every video was read"),
        f"  {UNREADABLE}  "
        + _("a video (or a file named, or any file under --all) could not be read: its line says why"),
        f"  {USAGE}  " + _("the command line was wrong"),
        f"  {NONE_FOUND}  " + _("no video was found to read"),
        f"  {SIGPIPE_STATUS}  " + _("the reader of its output went away (| head), as a Unix tool ends"),
    ]
    return "\n".join(lines)


# A path found, and why it gets a line without being read ("" when it is a file to read).
Found = tuple[Path, str]


def is_video_name(path: Path) -> bool:
    """Whether a file's name says it is a video this command reads (.avf, .rmv, .mvf, .evf, in any case)."""
    return path.suffix.lower() in FORMATS


@dataclass
class Tally:
    """What a walk passed over: the files in a folder whose names do not say they are videos."""

    passed_over: int = 0


def video_files(targets: list[str], every_file: bool = False, tally: Tally | None = None) -> Iterator[Found]:
    """Each path named (always read, whatever its name), and in each folder named (and below it, a folder at a
    time, in the order of their names) every entry whose name says it is a video, or every entry with
    `every_file`; hidden ones left out, and the files passed over counted in `tally`. A file goes to be read;
    any other entry comes with the reason it is not read."""
    tally = tally if tally is not None else Tally()
    for target in targets:
        path = Path(target)
        try:
            status = path.stat()
        except OSError as error:
            yield path, _cannot(path, error)
            continue
        if stat.S_ISDIR(status.st_mode):
            yield from _walk(path, every_file, tally)
        else:
            yield path, _not_a_file(path, status.st_mode)


def _walk(folder: Path, every_file: bool, tally: Tally) -> Iterator[Found]:
    try:
        with os.scandir(folder) as found:
            names = sorted(entry.name for entry in found if not entry.name.startswith("."))
    except OSError as error:
        why = _("{name}: a folder that cannot be read ({why})")
        yield folder, why.format(name=printable(folder.name), why=error.strerror or error)
        return
    for name in names:
        path = folder / name
        try:
            status = path.lstat()
            if stat.S_ISLNK(status.st_mode):
                status = path.stat()  # a link: what it leads to (a loop or nothing at all raises)
                if stat.S_ISDIR(status.st_mode):
                    yield path, _("{name}: a link to a folder, not followed").format(name=printable(name))
                    continue
        except OSError as error:
            if every_file or is_video_name(path):
                yield path, _cannot(path, error)
            else:
                tally.passed_over += 1
            continue
        if stat.S_ISDIR(status.st_mode):
            yield from _walk(path, every_file, tally)
        elif every_file or is_video_name(path):
            yield path, _not_a_file(path, status.st_mode)
        else:
            tally.passed_over += 1


def _not_a_file(path: Path, mode: int) -> str:
    """Why an entry that is not a folder is not read ("" for a file: it is)."""
    if stat.S_ISREG(mode):
        return ""
    name = printable(path.name)
    if stat.S_ISFIFO(mode):
        return _("{name}: a named pipe, not a file").format(name=name)
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("{name}: a device, not a file").format(name=name)
    return _("{name}: not a file").format(name=name)


def _cannot(path: Path, error: OSError) -> str:
    return _("{name}: cannot be looked at ({why})").format(
        name=printable(path.name or str(path)), why=error.strerror or error
    )


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
        return _("cannot be read: {why}").format(why=line["error"])
    result = pgettext("a video's game", "won") if line["won"] else pgettext("a video's game", "not won")
    board = category_label(category_for(line["rows"], line["cols"], line["mines"]))
    shown = {name: figure_text(name, line[key]) for name, key in TEXT_NAMES.items()}
    # TRANSLATORS: `stats`: a video's format ("AVF"), the program that made it, its player, its board, "won"
    made = _("{format} by {program}, player {player}; {board}, {result}").format(
        format=line["format"], program=line["program"] or "?", player=line["player"] or "?", board=board, result=result
    )
    # The speed-runners' names (3BV, 3BV/s, ZiNi, IOS, RQP, STNB, IOE, NF) are notation: only the words are
    # translated, each item its own template.
    rates = "  ".join(
        [
            # TRANSLATORS: `stats`: a video's time ("time 5.600 s"), beside 3BV, 3BV/s, ZiNi...
            _("time {time}").format(time=figure_text("Time", line["time_s"] * 1000)),
            f"3BV {line['bbbv_solved']}/{line['bbbv']}",
            f"3BV/s {shown['3BV/s']}",
            f"ZiNi {line['zini']}",
            f"IOS {shown['IOS']}",
            f"RQP {shown['RQP']}",
            f"STNB {shown['STNB']}",
        ]
    )
    clicks = "  ".join(
        [
            f"IOE {shown['IOE']}",
            _("throughput {throughput}").format(throughput=shown["Throughput"]),
            _("correctness {correctness}").format(correctness=shown["Correctness"]),
            # TRANSLATORS: `stats`: the clicks of a video, each pair the clicks and the effective ones ("20/18")
            _("clicks {clicks} (left {left}/{lce}, right {right}/{rce}, double {double}/{dce})").format(
                clicks=line["clicks"],
                left=line["left"],
                lce=line["lce"],
                right=line["right"],
                rce=line["rce"],
                double=line["double"],
                dce=line["dce"],
            ),
            _("flags {flags}").format(flags=line["flags"]),
            _("path {path}").format(path=shown["Path"]),
            f"NF {_('yes') if line['nf'] else _('no')}",
        ]
    )
    return f"{line['file']}\n  {made}\n  {rates}\n  {clicks}"


# The figures of a line written as figure_text writes them: the game's name for each, and the line's key.
TEXT_NAMES = {"3BV/s": "bbbv_s", "IOS": "ios", "RQP": "rqp", "STNB": "stnb", "IOE": "ioe"}
TEXT_NAMES |= {"Throughput": "throughput", "Correctness": "correctness", "Path": "path"}


def described(
    found: Iterable[Found], group: Callable[[list[Path]], list[dict]] = describe_group, batch_size: int = BATCH
) -> Generator[dict, None, None]:
    """Each entry's line, in order: a batch of files at a time to the workers (`group` makes a batch's lines, in
    a worker: a function of a module, so that it can be sent there), a few batches out at once."""
    pool = workers()
    ahead = 2 * (os.cpu_count() or 2)  # batches out with the workers: enough to keep every core busy
    out: deque[tuple[list[Found], Future[list[dict]] | None]] = deque()
    try:
        iterator = iter(found)
        while batch := list(itertools.islice(iterator, batch_size)):
            readable = [path for path, why in batch if not why]
            out.append((batch, pool.submit(group, readable) if readable else None))
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
    language.use(language.chosen(""))  # the system's language (or MINESWEEPER_LANGUAGE): a tool has no settings
    description = _(
        "The figures of speed-runners' videos. In a folder, the files whose names end .avf, .rmv, .mvf or .evf "
        "are read (and those in folders below it), others passed over; a file named is always read."
    )
    return over_videos(argv, "minesweeper stats", description, exit_statuses(), described, as_text)


def over_videos(
    argv: list[str],
    prog: str,
    description: str,
    epilog: str,
    lines_of: Callable[[Iterator[Found]], Generator[dict, None, None]],
    as_text: Callable[[dict], str],
) -> int:
    """A command over videos (stats, review): its command line, the files of its paths walked, `lines_of` them
    printed a line each (a sentence, or with --json an object), and its exit status."""
    parser = argparse.ArgumentParser(
        prog=prog, description=description, epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true", help=_("one JSON object per file per line"))
    parser.add_argument(
        "--all", action="store_true", help=_("in a folder, try every file, not only those named as videos")
    )
    parser.add_argument("paths", nargs="+", metavar="FILE_OR_FOLDER")
    args = parser.parse_args(argv)
    tally = Tally()
    failed = False
    files = 0
    try:
        with contextlib.closing(lines_of(video_files(args.paths, args.all, tally))) as lines:
            for line in map(shown, lines):
                files += 1
                failed |= "error" in line
                print(json.dumps(line, ensure_ascii=False) if args.json else as_text(line))
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (`| head -1`): stop, and say nothing, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's last flush must not fail again
        return SIGPIPE_STATUS
    if tally.passed_over:
        passed = ngettext(
            "{count} file not named as a video passed over (--all reads it too)",
            "{count} files not named as videos passed over (--all reads them too)",
            tally.passed_over,
        )
        print(passed.format(count=tally.passed_over), file=sys.stderr)
    if not files:
        print(_("no video found"), file=sys.stderr)
        return NONE_FOUND
    return UNREADABLE if failed else READ_ALL
