"""Replay files: reading one the player gives the game, and exporting one into the records folder."""

from __future__ import annotations

import errno
import os
import stat
from datetime import datetime
from pathlib import Path

from game import config
from game.model.replay.check import text_limits
from game.model.replay.playback import Replay

MAX_FILE_CHARS = text_limits(config.CUSTOM_MAX_SIDE)[0]

REPLAYS_FOLDER = "replays"


def load_replay(path: str | os.PathLike) -> Replay:
    """A replay file read and checked, or ValueError with a sentence for the player. Only a regular file is
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
            data = file.read(MAX_FILE_CHARS + 1)
    except OSError as error:
        raise ValueError(error.strerror or str(error)) from None
    finally:
        if fd != -1:
            os.close(fd)
    return Replay.from_json(data, config.CUSTOM_MAX_SIDE)  # sizes checked before anything is played (#6)


def export_replay(replay: Replay, folder: Path) -> Path:
    """Write the replay as a new file in `folder` (made if needed) and return its path; OSError if it cannot
    be. An existing file is never overwritten, and a link is never followed: neither one planted under the
    file's name nor the folder itself (a link to somewhere else is refused, not written through)."""
    folder.mkdir(parents=True, exist_ok=True)
    final = replay.final_board().state
    stem = f"{datetime.now():%Y-%m-%d_%H%M%S}_{replay.cols}x{replay.rows}_{replay.mines}_{final}"
    text = replay.to_json().encode("utf-8")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    inside = _open_folder(folder)  # the folder as it is now: a link put there later changes nothing
    try:
        for n in range(1, 1000):
            name = f"{stem}.json" if n == 1 else f"{stem}-{n}.json"
            try:
                fd = os.open(name, flags, 0o644, dir_fd=inside) if inside is not None else os.open(folder / name, flags)
            except FileExistsError:
                continue
            with os.fdopen(fd, "wb") as file:
                file.write(text)
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
