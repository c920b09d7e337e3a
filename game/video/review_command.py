"""`minesweeper review [--json] [--all] FILE_OR_FOLDER...`: each video's game reviewed click by click (every
opening click's chance of being safe, which were guesses and whether they were forced, the luck taken, the
clicks over ZiNi), a line per file, read and reviewed in parallel as `stats` reads: a pool of worker processes
sized to the cores, each reading its files through a reader child (ms-toollib parses there, never here) and
reviewing them. Folders are walked as `stats` walks them, and a file that cannot be read or reviewed gets its
line saying why while the others go on.

With --json each line is one object: the file, how the game ended, and `clicks`, every opening click in order
with `t_ms` (the game's clock, as Replay shows it: 0 at the click that opened the first cell, paused spans left
out), `cell` ([row, col] from the top left), `p_safe`, `certain`, `safe_existed`, `kind` ("first", "certain",
"forced" or "avoidable"), and for a guess `safest` and `among_safest`, for an avoidable one `safe_cell` with
its `reason` and `proof`; then `guesses`, `forced`, `avoidable`, `luck` (null when a click opened a certain
mine: infinite), `wasted`, `wrong_flags`, the clicks over ZiNi and the verdict."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game import language
from game.language import _
from game.model import InconsistentPosition

from .events import VideoError
from .foreign import ForeignVideo, UnreadableVideo, read_many
from .review_of import review_of, review_sentence
from .stats_command import NONE_FOUND, READ_ALL, SIGPIPE_STATUS, UNREADABLE, USAGE, described, over_videos


def exit_statuses() -> str:
    """The exit statuses as --help tells them, in the language in effect (stats' words where they are the same)."""
    lines = [
        _("exit status:"),
        f"  {READ_ALL}  " + _("every video was reviewed"),
        f"  {UNREADABLE}  "
        + _("a video (or a file named, or any file under --all) could not be read or reviewed: its line says why"),
        f"  {USAGE}  " + _("the command line was wrong"),
        f"  {NONE_FOUND}  " + _("no video was found to review"),
        f"  {SIGPIPE_STATUS}  " + _("the reader of its output went away (| head), as a Unix tool ends"),
    ]
    return "\n".join(lines)


# Files to a worker at a time: fewer than `stats` sends (a review takes about as long as the read: an Expert game
# 0.05 to 0.15 s), so that a small folder is spread over the cores, but enough that the reader child each batch
# starts is paid for (over the 18 sample videos on 2 cores: 4 took 4.1 to 4.7 s, 9 took 3.4 to 3.7 s, 25 3.5 s).
REVIEW_BATCH = 8


def review_group(paths: list[Path]) -> list[dict[str, Any]]:
    """One worker's share: its files read by one reader child, and each one reviewed."""
    return [reviewed(path, foreign) for path, foreign in zip(paths, read_many(paths, batch=REVIEW_BATCH))]


def reviewed(path: Path, foreign: ForeignVideo | UnreadableVideo) -> dict[str, Any]:
    """One file's line: its review, or the reason it could not be read or reviewed."""
    if isinstance(foreign, UnreadableVideo):
        return {"file": str(path), "error": str(foreign)}
    video = foreign.video
    try:
        review = review_of(video)
    except (VideoError, InconsistentPosition) as error:
        return {"file": str(path), "error": _("{name}: cannot be reviewed ({why})").format(name=path.name, why=error)}
    return {
        "file": str(path),
        "format": foreign.format,
        "player": video.player,
        "rows": video.rows,
        "cols": video.cols,
        "mines": video.mine_count,
        **review.as_dict(),
    }


def as_text(line: dict[str, Any]) -> str:
    if "error" in line:
        return _("{file}: cannot be reviewed: {error}").format(file=line["file"], error=line["error"])
    return review_sentence(line)


def main(argv: list[str]) -> int:
    language.use(language.chosen(""))  # the system's language (or MINESWEEPER_LANGUAGE): a tool has no settings
    description = _(
        "Each video's game reviewed click by click: every opening click's chance of being safe from what the "
        "player could see, the guesses (forced or avoidable), the luck taken and the clicks over ZiNi. In a "
        "folder, the files whose names end .avf, .rmv, .mvf or .evf are read (and those in folders below it); "
        "a file named is always read."
    )
    return over_videos(
        argv,
        "minesweeper review",
        description,
        exit_statuses(),
        lambda files: described(files, review_group, REVIEW_BATCH),
        as_text,
    )
