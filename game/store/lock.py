"""Locks between copies of the game on files beside the records: shared or exclusive, and never waited for.

POSIX uses flock(): a lock belongs to one open file, so two locks in one process exclude each other just as
two processes do (tests run several stores in one process), and the system drops it when the process ends,
however it ends, which is what lets another copy tell a running copy from a killed one. Windows has no
shared lock in the standard library: there `shared()` takes nothing and `exclusive()` locks the first byte.
That is enough there, because what the shared lock guards against (renaming a records file another copy has
open) is something Windows itself refuses.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt


class NotAFile(OSError):
    """Something other than a regular file of ours sits where a lock or a journal should be (a link, a folder,
    a pipe, another user's file): it is never locked, read or written through."""


def _ours(fd: int, path: Path) -> bool:
    """A regular file, owned by whoever owns the folder it is in (the player, as the game makes its files;
    compared with the folder rather than this process, so that a disk that shows every file as one owner's,
    a USB stick or a network share, still counts the game's files as its own)."""
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        return False
    return not hasattr(os, "geteuid") or info.st_uid == os.stat(path.parent).st_uid


class FileLock:
    """An advisory lock on `path`. Each method answers at once: True when the lock is held afterwards."""

    def __init__(self, path: Path, create: bool = True):
        self.path = path
        self._create = create
        self._fd: int | None = None
        self.held = ""  # "", "shared" or "exclusive"

    def _open(self) -> int | None:
        if self._fd is None:
            # no link followed, and a pipe never waited on: what opens is checked before it is used
            flags = os.O_RDWR | (os.O_CREAT if self._create else 0) | getattr(os, "O_NOFOLLOW", 0)
            flags |= getattr(os, "O_NONBLOCK", 0)
            try:
                fd = os.open(self.path, flags, 0o644)
            except FileNotFoundError:
                return None
            except OSError as error:
                if error.errno in (errno.ELOOP, errno.EISDIR, errno.ENXIO, errno.EMLINK):
                    raise NotAFile(error.errno, f"{self.path.name} is not a file", str(self.path)) from None
                raise
            if not _ours(fd, self.path):
                os.close(fd)
                raise NotAFile(errno.EPERM, f"{self.path.name} is not a file this game made", str(self.path))
            self._fd = fd
        return self._fd

    def shared(self) -> bool:
        return self._take("shared")

    def exclusive(self) -> bool:
        return self._take("exclusive")

    def _take(self, kind: str) -> bool:
        if self.held == kind:
            return True
        fd = self._open()
        if fd is None:
            return False
        try:
            if fcntl is not None:
                fcntl.flock(fd, (fcntl.LOCK_SH if kind == "shared" else fcntl.LOCK_EX) | fcntl.LOCK_NB)
            elif kind == "exclusive":
                os.lseek(fd, 0, os.SEEK_SET)
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            # flock may drop a lock it could not convert: say what is held now
            self.held = "" if fcntl is not None else self.held
            return False
        self.held = kind
        return True

    def release(self) -> None:
        if self._fd is not None and self.held:
            try:
                if fcntl is not None:
                    fcntl.flock(self._fd, fcntl.LOCK_UN)
                elif self.held == "exclusive":
                    os.lseek(self._fd, 0, os.SEEK_SET)
                    msvcrt.locking(self._fd, msvcrt.LK_UNLCK, 1)
            except OSError:
                pass
        self.held = ""

    def close(self) -> None:
        self.release()
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    @property
    def fd(self) -> int | None:
        return self._fd


def held_elsewhere(path: Path) -> bool:
    """Whether another open file (this process's or another's) holds a lock on `path`. A missing file has
    no lock."""
    probe = FileLock(path, create=False)
    try:
        return probe._open() is not None and not probe.exclusive()
    except NotAFile:  # no copy of the game locks such a thing
        return False
    finally:
        probe.close()
