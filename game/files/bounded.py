"""A file of the game's own (a sound, an image, a font) read as any file from outside is: only a regular file,
opened without waiting (a pipe named like one would hold the read forever), and never more than `most` bytes."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


def read_regular(path: str | os.PathLike[str], most: int) -> bytes:
    """The file's bytes, or OSError when it is not a regular file or is larger than `most` bytes."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a file", str(path))
        if info.st_size > most:
            raise OSError(errno.EFBIG, f"larger than {most:,} bytes", str(path))
        with os.fdopen(fd, "rb", closefd=False) as file:
            data = file.read(most + 1)
    finally:
        os.close(fd)
    if len(data) > most:  # it grew after the look
        raise OSError(errno.EFBIG, f"larger than {most:,} bytes", str(Path(path)))
    return data
