"""Each running copy of the game, as the others see it: a file beside the records, locked while the copy runs,
holding the writes the copy has not made yet (its journal).

It serves two rules. A saved game claimed by a copy stays claimed only while that copy runs: another copy
asks whether the claimer's file is still locked. And a write that cannot be made yet (another program
holds the records, the disk is full) is kept in the journal, so that if the copy ends first, closed or
killed, the next start makes it: a finished game is never lost, and a loss is never taken back by resuming
the save from before the losing click.

The file is written to its full size when made and then overwritten in place, never grown if it can help
it: on a full disk an overwrite needs no new space. Each job in it carries its number in this copy's order, so
that the records can say how far a journal has been made (jobs.mark_made) and a journal found again after a
kill is never made twice.

Files beside the records are hostile like any file another program may have put there: one is used only if
it is a regular file this game made, read with bounds, and what cannot be used is set aside with a notice.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import re
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.language import _, ngettext
from game.store.jobs import new_id
from game.store.lock import FileLock, NotAFile, held_elsewhere
from game.store.trouble import Told, again

log = logging.getLogger(__name__)

ROOM = 64 * 1024  # bytes made at the start: a few finished games with their move logs, compressed
MAX_JOURNAL = 64 * 1024 * 1024  # more than any journal holds: what a damaged length could ask to read
MAX_UNPACKED = 32 * 1024 * 1024  # what a journal may unpack to (a small file can unpack to gigabytes)
MAX_JOBS = 20_000  # more writes than a journal ever keeps waiting; more is damage, or someone else's file
MARK = b"MSJ1"
HEADER = 24  # MARK, then the length and the CRC of what follows, as 10 digits each
TOKEN = re.compile(r"[0-9a-f]{8,32}\Z")  # jobs.new_id(): the only names this game gives its copies


class Unusable(ValueError):
    """A journal that cannot be read (cut short, damaged, of another version, too large)."""


def copy_path(db_path: Path, token: str) -> Path:
    return db_path.with_name(f"{db_path.name}.copy-{token}")


def token_of(db_path: Path, path: Path) -> str:
    return path.name[len(db_path.name) + len(".copy-") :]


def alive(db_path: Path, token: Any) -> bool:
    """Whether the copy with this token is running (its file is locked)."""
    return isinstance(token, str) and TOKEN.match(token) is not None and held_elsewhere(copy_path(db_path, token))


def encode(jobs: list[Any]) -> bytes:
    """A journal holding `jobs`; Unusable when there are more, or larger, than any start would read back."""
    text = json.dumps(jobs, separators=(",", ":")).encode()
    if len(jobs) > MAX_JOBS or len(text) > MAX_UNPACKED:
        raise Unusable(f"{len(jobs)} writes of {len(text)} bytes: more than a journal holds")
    body = zlib.compress(text, 6)
    return MARK + f"{len(body):010d}{zlib.crc32(body):010d}".encode() + body


def decode(data: bytes) -> list[Any]:
    """The jobs a journal holds; [] for an empty one (or a file its copy was killed before writing), Unusable
    for one that is damaged, cut short, of another version or larger than any this game writes. Bounded: a
    small file that would unpack to gigabytes, or a million writes, is refused before it is parsed."""
    if not data:
        return []
    if len(data) < HEADER or not data.startswith(MARK):
        raise Unusable(_("not a journal of this version of the game"))
    try:
        length, crc = int(data[4:14]), int(data[14:24])
    except ValueError:
        raise Unusable(_("a damaged journal header")) from None
    body = data[HEADER : HEADER + length]
    if len(body) != length or zlib.crc32(body) != crc:
        raise Unusable(_("a journal cut short or damaged"))
    if not length:
        return []
    unpacking = zlib.decompressobj()
    try:
        text = unpacking.decompress(body, MAX_UNPACKED + 1)
    except zlib.error as error:
        raise Unusable(_("an unreadable journal ({error})").format(error=error)) from None
    if len(text) > MAX_UNPACKED or unpacking.unconsumed_tail:
        raise Unusable(_("a journal larger than any this game writes"))
    try:
        jobs = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise Unusable(_("an unreadable journal ({error})").format(error=str(error)[:80])) from None
    if not isinstance(jobs, list):
        raise Unusable(_("a journal that is not a list"))
    if len(jobs) > MAX_JOBS:
        raise Unusable(
            ngettext(
                "a journal of {count} write, more than any this game keeps",
                "a journal of {count} writes, more than any this game keeps",
                len(jobs),
            ).format(count=len(jobs))
        )
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


def _append(fd: int, data: bytes, at: int) -> int:
    os.lseek(fd, at, os.SEEK_SET)
    return os.write(fd, data)


class CopyFile:
    """This copy's file: made and locked at start, its journal rewritten as writes wait and are made, deleted
    at a clean close (kept, unlocked, when writes still wait: the next start makes them)."""

    def __init__(self, db_path: Path):
        # Another copy clearing away what killed starts left (`making-*`) may take a name from under us in the
        # moment between making the file and locking it: then we start again, under a new name.
        for attempt in range(4):
            try:
                self._make(db_path)
                return
            except (FileNotFoundError, NotAFile, _Taken):
                if attempt == 3:
                    raise

    def _make(self, db_path: Path) -> None:
        self.token = new_id()
        self.path = copy_path(db_path, self.token)
        # Made under another name and renamed once locked: a copy looking for copies that ended (orphans)
        # must never find this one unlocked. (Windows cannot rename an open file, and needs no such care:
        # it cannot delete one either.)
        making = self.path if os.name == "nt" else making_path(db_path, self.token)
        self._lock = FileLock(making)
        if not self._lock.exclusive():
            self._lock.close()
            raise _Taken(f"cannot lock {making}")
        self.kept = 0  # jobs in the journal now
        fd = self._lock.fd
        assert fd is not None
        try:
            try:
                os.write(fd, EMPTY + bytes(ROOM - len(EMPTY)))  # real bytes, not a hole: room for later
            except OSError as error:  # a disk already full: the journal will try to grow when it must
                log.warning("no room made for the journal %s: %s", self.path, error)
                os.ftruncate(fd, 0)  # an empty file is an empty journal
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
        try:
            data = encode(jobs) if jobs else EMPTY
            _write_at_start(fd, data)
        except (OSError, Unusable) as error:
            log.warning("could not keep %d waiting writes in %s: %s", len(jobs), self.path, error)
            return False
        self.kept = len(jobs)
        return True

    def reserve(self, size: int) -> bool:
        """Make the file at least `size` bytes of real bytes (not a hole), while the disk has room, so that a
        journal that must grow later, on a full disk, needs no new space; True when it is."""
        fd = self._lock.fd
        if fd is None:
            return False
        try:
            have = os.fstat(fd).st_size
            while have < size:
                block = bytes(min(size - have, 1 << 20))
                written = os.pwrite(fd, block, have) if hasattr(os, "pwrite") else _append(fd, block, have)
                if written <= 0:
                    return False
                have += written
        except OSError as error:
            log.info("no more room made for the journal %s: %s", self.path, error)
            return False
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


class _Taken(OSError):
    """A name another copy holds."""


def making_path(db_path: Path, token: str) -> Path:
    return db_path.with_name(f"{db_path.name}.making-{token}")


def set_aside(db_path: Path, path: Path) -> Path:
    """Rename something beside the records that the game cannot use to ``<records>.aside-<its name>-<id>``,
    where no copy of the game looks for its files; returns the new name."""
    aside = db_path.with_name(f"{db_path.name}.aside-{path.name[len(db_path.name) + 1 :]}-{new_id()[:6]}")
    os.replace(path, aside)
    return aside


class Orphan:
    """A copy that ended with writes it had not made, locked by us while we make them. `trouble` says why its
    journal cannot be read (then `jobs` is empty and the file is set aside, not removed)."""

    def __init__(self, db_path: Path, path: Path, lock: FileLock, jobs: list[Any], trouble: str = ""):
        self.db_path, self.path, self._lock, self.jobs, self.trouble = db_path, path, lock, jobs, trouble
        self.token = token_of(db_path, path)

    def done(self) -> None:
        self.path.unlink(missing_ok=True)
        self._lock.close()

    def keep_aside(self) -> Path:
        """Rename the journal out of the way (it held what could not be made), keeping it for a person to read."""
        try:
            return set_aside(self.db_path, self.path)
        finally:
            self._lock.close()

    def leave(self) -> None:
        self._lock.close()


def orphans(db_path: Path, notices: list[str] | None = None) -> Iterator[Orphan]:
    """Copies of the game that are no longer running, each with the writes it left (possibly none). What
    cannot be used is set aside with a line in `notices`, never dropped unread: a journal that cannot be read,
    and anything named like a copy's file that is not a regular file this game made (a link, a folder, a
    pipe: never followed, opened or waited on). Files left by starts killed while making theirs are removed."""
    notices = [] if notices is None else notices
    for path in sorted(db_path.parent.glob(f"{db_path.name}.making-*")):
        _clear_making(db_path, path, notices)
    for path in sorted(db_path.parent.glob(f"{db_path.name}.copy-*")):
        if not TOKEN.match(token_of(db_path, path)):
            put_aside(db_path, path, _("it is not a file this game made"), notices)
            continue
        lock = FileLock(path, create=False)
        try:
            if not lock.exclusive():  # running, or already being adopted by another copy
                lock.close()
                continue
        except NotAFile as error:
            put_aside(db_path, path, error.strerror or _("it is not a file"), notices)
            continue
        except OSError as error:
            log.warning("cannot look at %s: %s", path.name, error)
            lock.close()
            continue
        fd = lock.fd
        assert fd is not None
        try:
            orphan = Orphan(db_path, path, lock, decode(_read(fd, MAX_JOURNAL)))
        except (OSError, Unusable) as error:
            orphan = Orphan(db_path, path, lock, [], str(error))
        yield orphan


def _read(fd: int, most: int) -> bytes:
    size = os.fstat(fd).st_size
    if size > most:
        raise Unusable(
            ngettext(
                "a journal of {count} byte, larger than any this game writes",
                "a journal of {count} bytes, larger than any this game writes",
                size,
            ).format(count=size)
        )
    chunks, at = [], 0
    while at < size:
        chunk = os.pread(fd, min(size - at, 1 << 20), at) if hasattr(os, "pread") else _read_at(fd, at, size)
        if not chunk:
            break
        chunks.append(chunk)
        at += len(chunk)
    return b"".join(chunks)


def _read_at(fd: int, at: int, size: int) -> bytes:
    os.lseek(fd, at, os.SEEK_SET)
    return os.read(fd, min(size - at, 1 << 20))


def _clear_making(db_path: Path, path: Path, notices: list[str]) -> None:
    """A file a start was making for its copy: locked, it is being made now; else its start was killed before
    it was ever a journal (it holds nothing), and it goes."""
    lock = FileLock(path, create=False)
    try:
        if lock.exclusive():
            path.unlink(missing_ok=True)
    except NotAFile as error:
        put_aside(db_path, path, error.strerror or _("it is not a file"), notices)
    except OSError as error:
        log.warning("cannot remove %s: %s", path.name, error)
    finally:
        lock.close()


def put_aside(db_path: Path, path: Path, why: str, notices: list[str]) -> None:
    try:
        aside = set_aside(db_path, path)
    except OSError as error:
        log.warning("%s cannot be used (%s) nor moved aside: %s", path.name, why, error)
        return
    log.warning("%s cannot be used (%s); moved to %s", path.name, why, aside.name)
    notices.append(
        Told(
            lambda: _("A file beside the records could not be used ({why}); it was moved to {name}.").format(
                why=again(why), name=aside.name
            )
        )
    )
