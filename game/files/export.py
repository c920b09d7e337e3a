"""A game exported into the records folder's replays/: a replay file of our own (its moves, and its video beside
them) and an EVF video, the speed-runners' open format. A new file each time, never over another nor through
a link."""

from __future__ import annotations

import errno
import os
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from game.language import _
from game.model import Replay
from game.video import Video, VideoError, encode_evf
from game.video.packed import with_video

if TYPE_CHECKING:
    from game.video.foreign import ForeignVideo

REPLAYS_FOLDER = "replays"
SOFTWARE = "Minesweeper (pygame)"  # what a video file says recorded it


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
    raise FileExistsError(_("too many replays named {name} in {folder}").format(name=stem, folder=folder))


def _open_folder(folder: Path) -> int | None:
    """The folder, opened without following a link (None where the system cannot open folders)."""
    if os.open not in os.supports_dir_fd or not hasattr(os, "O_DIRECTORY"):
        if folder.is_symlink():
            raise OSError(errno.ELOOP, _("the replays folder is a link to somewhere else"), str(folder))
        return None
    try:
        return os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError as error:
        if error.errno in (errno.ELOOP, errno.ENOTDIR) and folder.is_symlink():
            raise OSError(errno.ELOOP, _("the replays folder is a link to somewhere else"), str(folder)) from None
        raise
