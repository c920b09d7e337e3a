"""Each running copy of the game, as the others see it: a file beside the records, locked while the copy runs,
holding the writes the copy has not made yet (its journal).

It serves two rules. A saved game claimed by a copy stays claimed only while that copy runs: another copy
asks whether the claimer's file is still locked (#8). And a write that cannot be made yet (another program
holds the records, the disk is full) is kept in the journal, so that if the copy ends first, closed or
killed, the next start makes it: a finished game is never lost, and a loss is never taken back by resuming
the save from before the losing click (#9).

The file is written to its full size when made and then overwritten in place, never grown if it can help
it: on a full disk an overwrite needs no new space.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.store.jobs import new_id
from game.store.lock import FileLock, held_elsewhere

log = logging.getLogger(__name__)

ROOM = 64 * 1024  # bytes made at the start: a few finished games with their move logs, compressed
MAX_JOURNAL = 64 * 1024 * 1024  # more than any journal holds: what a damaged length could ask to read
MARK = b"MSJ1"
HEADER = 24  # MARK, then the length and the CRC of what follows, as 10 digits each


def copy_path(db_path: Path, token: str) -> Path:
    return db_path.with_name(f"{db_path.name}.copy-{token}")


def alive(db_path: Path, token: Any) -> bool:
    """Whether the copy with this token is running (its file is locked)."""
    return isinstance(token, str) and token.isalnum() and held_elsewhere(copy_path(db_path, token))


def encode(jobs: list[Any]) -> bytes:
    body = zlib.compress(json.dumps(jobs, separators=(",", ":")).encode(), 6)
    return MARK + f"{len(body):010d}{zlib.crc32(body):010d}".encode() + body


def decode(data: bytes) -> list[Any]:
    """The jobs a journal holds; [] for an empty one, ValueError for one that is damaged or cut short."""
    if len(data) < HEADER or not data.startswith(MARK):
        raise ValueError("not a journal")
    try:
        length, crc = int(data[4:14]), int(data[14:24])
    except ValueError:
        raise ValueError("a damaged journal header") from None
    body = data[HEADER : HEADER + length]
    if len(body) != length or zlib.crc32(body) != crc:
        raise ValueError("a journal cut short or damaged")
    if not length:
        return []
    try:
        jobs = json.loads(zlib.decompress(body))
    except (zlib.error, ValueError, RecursionError) as error:
        raise ValueError(f"an unreadable journal ({error})") from None
    if not isinstance(jobs, list):
        raise ValueError("a journal that is not a list")
    return jobs


EMPTY = MARK + f"{0:010d}{zlib.crc32(b''):010d}".encode()


def _write_at_start(fd: int, data: bytes) -> None:
    if hasattr(os, "pwrite"):
        written = os.pwrite(fd, data, 0)
    else:  # Windows has no pwrite; the file is this copy's alone
        os.lseek(fd, 0, os.SEEK_SET)
        written = os.write(fd, data)
    if written != len(data):  # a short write: the disk filled up as it grew
        raise OSError(errno.ENOSPC, "a journal cut short")


class CopyFile:
    """This copy's file: made and locked at start, its journal rewritten as writes wait and are made, deleted
    at a clean close (kept, unlocked, when writes still wait: the next start makes them)."""

    def __init__(self, db_path: Path):
        self.token = new_id()
        self.path = copy_path(db_path, self.token)
        # Made under another name and renamed once locked: a copy looking for copies that ended (orphans)
        # must never find this one unlocked. (Windows cannot rename an open file, and needs no such care:
        # it cannot delete one either.)
        making = self.path if os.name == "nt" else db_path.with_name(f"{db_path.name}.making-{self.token}")
        self._lock = FileLock(making)
        if not self._lock.exclusive():
            raise OSError(f"cannot lock {making}")
        self.kept = 0  # jobs in the journal now
        fd = self._lock.fd
        assert fd is not None
        try:
            try:
                os.write(fd, EMPTY + bytes(ROOM - len(EMPTY)))  # real bytes, not a hole: room for later
            except OSError as error:  # a disk already full: the journal will try to grow when it must
                log.warning("no room made for the journal %s: %s", self.path, error)
                os.ftruncate(fd, 0)
                _write_at_start(fd, EMPTY)
            if making != self.path:
                os.replace(making, self.path)
                self._lock.path = self.path
        except OSError:
            self._lock.close()
            making.unlink(missing_ok=True)
            raise

    def keep(self, jobs: list[Any]) -> bool:
        """Make the journal hold exactly `jobs`; False when it could not (the caller may retry with less)."""
        if not jobs and not self.kept:
            return True
        fd = self._lock.fd
        if fd is None:
            return False
        data = encode(jobs) if jobs else EMPTY
        try:
            _write_at_start(fd, data)
        except OSError as error:
            log.warning("could not keep %d waiting writes in %s: %s", len(jobs), self.path, error)
            return False
        self.kept = len(jobs)
        return True

    def close(self) -> None:
        """Unlock; delete the file unless the journal still holds writes."""
        if self._lock.fd is None:
            return
        self._lock.close()
        if not self.kept:
            try:
                self.path.unlink(missing_ok=True)
            except OSError as error:
                log.warning("could not remove %s: %s", self.path, error)


class Orphan:
    """A copy that ended with writes it had not made, locked by us while we make them."""

    def __init__(self, path: Path, lock: FileLock, jobs: list[Any]):
        self.path, self._lock, self.jobs = path, lock, jobs

    def done(self) -> None:
        self.path.unlink(missing_ok=True)
        self._lock.close()

    def leave(self) -> None:
        self._lock.close()


def orphans(db_path: Path) -> Iterator[Orphan]:
    """Copies of the game that are no longer running, each with the writes it left (possibly none). A damaged
    journal is logged and its file removed: it cannot be read, so nothing can be done with it."""
    for path in sorted(db_path.parent.glob(f"{db_path.name}.copy-*")):
        lock = FileLock(path, create=False)
        if not lock.exclusive():  # running, or already being adopted by another copy
            lock.close()
            continue
        try:
            with open(path, "rb") as file:
                jobs = decode(file.read(MAX_JOURNAL))
        except (OSError, ValueError) as error:
            log.warning("the journal %s is unusable and was removed: %s", path.name, error)
            jobs = []
        yield Orphan(path, lock, jobs)
