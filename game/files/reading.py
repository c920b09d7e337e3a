"""Replay files and videos the player gives the game (our replays, and AVF, RMV, MVF and EVF videos from any
program): read, bounded and checked, off the frame."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game import config
from game.language import _
from game.model import Replay, replay_text_limits
from game.video import Video
from game.video.packed import MAX_VIDEO_CHARS, split_log, video_of

if TYPE_CHECKING:
    from game.video.figures import Figures
    from game.video.foreign import ForeignVideo

MAX_FILE_CHARS = replay_text_limits(config.CUSTOM_MAX_SIDE)[0]


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
    except UnreadableVideo as error:  # its sentence names the file, which the app says anyway: only why
        raise ValueError(error.why) from None
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
            raise ValueError(_("that is not a file."))
        with os.fdopen(fd, "rb") as file:
            fd = -1
            data = file.read(MAX_FILE_CHARS + MAX_VIDEO_CHARS + 1)
    except OSError as error:
        raise ValueError(error.strerror or str(error)) from None
    finally:
        if fd != -1:
            os.close(fd)
    if len(data) > MAX_FILE_CHARS + MAX_VIDEO_CHARS:
        raise ValueError(_("That file is too large for a replay."))
    try:
        moves, kept = split_log(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError(_("That is not a replay file: it is not text.")) from None
    replay = Replay.from_json(moves, config.CUSTOM_MAX_SIDE)  # sizes checked before anything is played
    return replay, video_of(replay, kept)
