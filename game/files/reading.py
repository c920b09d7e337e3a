"""Replay files and videos: reading one the player gives the game (our replays, and AVF, RMV, MVF and EVF
videos from any program), and exporting one into the records folder."""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from game import config
from game.model import Replay, replay_text_limits
from game.video import Video, VideoError, encode_evf
from game.video.packed import MAX_VIDEO_CHARS, split_log, video_of, with_video

if TYPE_CHECKING:
    from game.video.figures import Figures
    from game.video.foreign import ForeignVideo

MAX_FILE_CHARS = replay_text_limits(config.CUSTOM_MAX_SIDE)[0]

REPLAYS_FOLDER = "replays"
SOFTWARE = "Minesweeper (pygame)"  # what a video file says recorded it


@dataclass(frozen=True)
class Watchable:
    """A file read and checked, ready to watch: the game's moves, its video when it has one (with the
    figures speed-runners judge it by) and, for a video another program made, what the file says of itself."""

    name: str
    replay: Replay
    video: Video | None = None
    figures: Figures | None = None
    foreign: ForeignVideo | None = None


def open_to_watch(path: str | os.PathLike) -> Watchable:
    """A replay file (.json) or a video (.avf, .rmv, .mvf, .evf) read, checked and made ready to play, or
    ValueError with a sentence for the player naming the file. Slow (a child process reads a video, and the
    figures take a while on a large board): the app calls it off the frame thread."""
    from game.video.foreign import FORMATS, UnreadableVideo, read_foreign

    name = os.path.basename(os.fspath(path))
    if os.path.splitext(name)[1].lower() not in FORMATS:
        replay, video = load_replay_and_video(path)
        return Watchable(name, replay, video, _figures(video))
    try:
        foreign = read_foreign(Path(path))
    except UnreadableVideo as error:  # its sentence starts with the file's name, which the app says anyway
        raise ValueError(str(error).removeprefix(f"{name}: ")) from None
    from game.video.moves import replay_of

    try:
        replay = replay_of(foreign.video)
    except (ValueError, IndexError) as error:
        raise ValueError(str(error)) from None
    return Watchable(name, replay, foreign.video, _figures(foreign.video), foreign)


def _figures(video: Video | None) -> Figures | None:
    from game.video.figures import figures_of

    return figures_of(video) if video is not None and len(video) else None


def load_replay(path: str | os.PathLike) -> Replay:
    """A replay file read and checked (its moves: see load_replay_and_video for the video beside them)."""
    return load_replay_and_video(path)[0]


def load_replay_and_video(path: str | os.PathLike) -> tuple[Replay, Video | None]:
    """A replay file read and checked, with the video it carries (None without one, or when that part is
    damaged: the moves still play), or ValueError with a sentence for the player. Only a regular file is
    read (a pipe or a device could keep the game waiting forever), and never more than a replay can hold.
    The app calls this off the frame thread (a slow disk, a large file)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as error:
        raise ValueError(error.strerror or str(error)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError("that is not a file.")
        with os.fdopen(fd, "rb") as file:
            fd = -1
            data = file.read(MAX_FILE_CHARS + MAX_VIDEO_CHARS + 1)
    except OSError as error:
        raise ValueError(error.strerror or str(error)) from None
    finally:
        if fd != -1:
            os.close(fd)
    if len(data) > MAX_FILE_CHARS + MAX_VIDEO_CHARS:
        raise ValueError("That file is too large for a replay.")
    try:
        moves, kept = split_log(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError("That is not a replay file: it is not text.") from None
    replay = Replay.from_json(moves, config.CUSTOM_MAX_SIDE)  # sizes checked before anything is played
    return replay, video_of(replay, kept)


def export_replay(replay: Replay, folder: Path, video: Video | None = None) -> Path:
    """Write the replay as a new file in `folder` (made if needed) and return its path; OSError if it cannot
    be. With a video, the file carries it beside the moves. An existing file is never overwritten, and a link
    is never followed: neither one planted under the file's name nor the folder itself (a link to somewhere
    else is refused, not written through)."""
    folder.mkdir(parents=True, exist_ok=True)
    final = replay.final_board().state
    stem = f"{datetime.now():%Y-%m-%d_%H%M%S}_{replay.cols}x{replay.rows}_{replay.mines}_{final}"
    text = replay.to_json()
    if video is not None and len(video):
        text = with_video(text, video)
    return _write_new(folder, stem, "json", text.encode("utf-8"))


def export_evf(
    video: Video, folder: Path, stem: str, player: str = "", foreign: ForeignVideo | None = None
) -> Path | None:
    """Write the video as a new EVF file (the speed-runners' open format) named after `stem`, naming `player`;
    None when it has nothing EVF can hold (no press on the board). OSError if it cannot be written. A video
    another program made (`foreign`) keeps its player, program, date and country, and names us as the
    program that transcoded it."""
    try:
        if foreign is None:
            data = encode_evf(replace(video, player=player, software=SOFTWARE))
        else:
            start_us = int(foreign.started.timestamp() * 1_000_000) if foreign.started is not None else 0
            country = foreign.country if foreign.country.isascii() and foreign.country.isalpha() else "XX"
            named = replace(video, software=foreign.program or video.software)  # with its version, when known
            data = encode_evf(named, start_us=start_us, country=country, transcoder=SOFTWARE)
    except VideoError:
        return None
    folder.mkdir(parents=True, exist_ok=True)
    return _write_new(folder, stem, "evf", data)


def _write_new(folder: Path, stem: str, extension: str, data: bytes) -> Path:
    """A new file named after `stem` in `folder`, never over another nor through a link."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    inside = _open_folder(folder)  # the folder as it is now: a link put there later changes nothing
    try:
        for n in range(1, 1000):
            name = f"{stem}.{extension}" if n == 1 else f"{stem}-{n}.{extension}"
            try:
                fd = os.open(name, flags, 0o644, dir_fd=inside) if inside is not None else os.open(folder / name, flags)
            except FileExistsError:
                continue
            with os.fdopen(fd, "wb") as file:
                file.write(data)
            return folder / name
    finally:
        if inside is not None:
            os.close(inside)
    raise FileExistsError(f"too many replays named {stem} in {folder}")


def _open_folder(folder: Path) -> int | None:
    """The folder, opened without following a link (None where the system cannot open folders)."""
    if os.open not in os.supports_dir_fd or not hasattr(os, "O_DIRECTORY"):
        if folder.is_symlink():
            raise OSError(errno.ELOOP, "the replays folder is a link to somewhere else", str(folder))
        return None
    try:
        return os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError as error:
        if error.errno in (errno.ELOOP, errno.ENOTDIR) and folder.is_symlink():
            raise OSError(errno.ELOOP, "the replays folder is a link to somewhere else", str(folder)) from None
        raise
