"""Opening the records file while other copies of the game may be opening, using or repairing it.

Two lock files sit beside the records (lock.py). Opening takes `<name>.lock-open` exclusively, so copies open
one at a time: the checks, setting a damaged file aside, making the new one and adopting the journals of
copies that ended (copies.py) are never done by two at once. Every copy holds `<name>.lock-use` shared for as
long as it has the file open; setting a damaged file aside needs it exclusively, so a file is never renamed
from under a copy still writing to it (which would then write into the new file's log, or into a file no
one reads). Two copies starting together on a damaged file: the first sets it aside and makes a new one, the
second opens that new one and finds it healthy.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from game.language import _, ngettext
from game.store import copies, jobs
from game.store import video_chunks as videos
from game.store.copies import CopyFile, Orphan, alive, copy_path, orphans
from game.store.lock import FileLock, NotAFile
from game.store.schema import Corrupt, connect, rollback, set_aside
from game.store.trouble import Told, again, bounded, passing

if TYPE_CHECKING:
    from game.store.salvage import Salvaged

log = logging.getLogger(__name__)

HOME_ENV = "MINESWEEPER_HOME"
APP_NAME = "minesweeper"
DB_NAME = "minesweeper.db"
OPEN_LOCK_WAIT = 2.0  # seconds to wait for another copy to finish opening (it takes milliseconds)
WRITE_WAIT = 0.25  # seconds the writer's connection waits for a lock before the try counts as failed


def data_folder(home: str | os.PathLike[str] | None = None) -> Path:
    """Where the records live: ``home``, else $MINESWEEPER_HOME, else the platform's user data folder."""
    if home is None:
        home = os.environ.get(HOME_ENV) or None
    if home is None:
        try:
            import platformdirs

            home = platformdirs.user_data_dir(APP_NAME, appauthor=False)
        except ImportError:  # a broken install should still let the game start
            home = Path.home() / f".{APP_NAME}"
    return Path(home).expanduser()


class Busy(OSError):
    """The file cannot be opened yet (a lock, another copy repairing it); trying again later may work."""


class Opened(NamedTuple):
    db: sqlite3.Connection  # the frame's connection, for reads
    in_use: FileLock
    notices: list[str]


def lock_path(path: Path, what: str) -> Path:
    return path.with_name(f"{path.name}.lock-{what}")


def open_records(path: Path, busy_timeout: float, copy: CopyFile | None) -> Opened:
    """Open, check and upgrade the records at `path`, setting a damaged file aside, and make the writes that
    copies which ended left in their journals. Raises Busy (try later), Newer, or sqlite3.Error / OSError
    (the file cannot be used)."""
    notices: list[str] = []
    opening = FileLock(lock_path(path, "open"))
    deadline = time.monotonic() + OPEN_LOCK_WAIT
    while not _take(opening, opening.exclusive, path, notices):
        if time.monotonic() > deadline:
            opening.close()
            raise Busy(_("another copy of the game is opening the records"))
        time.sleep(0.01)  # a poll, not a wait for a signal: flock has no timeout
    in_use = FileLock(lock_path(path, "use"))
    try:
        if not _take(in_use, in_use.shared, path, notices):
            raise Busy(_("another copy of the game is repairing the records"))
        try:
            db = connect(path, busy_timeout)
        except Corrupt as error:
            if not in_use.exclusive():
                in_use.shared()
                raise Busy(_("the records file is damaged and another copy of the game has it open")) from error
            log.warning("%s is damaged (%s); setting it aside", path, error)
            aside = set_aside(path)
            db = connect(path, busy_timeout)
            in_use.shared()
            from game.store.salvage import salvage  # only for a damaged file: not on every start

            kept = salvage(aside, db)
            log.warning("from %s: %s (%d unreadable places skipped)", aside.name, kept.words(), kept.skipped)
            notices.append(damaged_notice(aside.name, kept))
        try:
            adopt(db, path, copy, notices)
        except BaseException:
            db.close()
            raise
        db.execute("PRAGMA busy_timeout = 0")  # the frame never waits for a lock: it says "records busy"
        return Opened(db, in_use, notices)
    except BaseException:
        in_use.close()
        raise
    finally:
        opening.close()


def _take(lock: FileLock, take: Callable[[], bool], path: Path, notices: list[str]) -> bool:
    """Take a lock on one of the lock files; a link, a folder or a pipe in its place is set aside (with a
    notice) and a file made in its place: never followed, and never a reason to run without records."""
    try:
        return take()
    except NotAFile as error:
        copies.put_aside(path, lock.path, error.strerror or _("it is not a file"), notices)
        return take()


def writer_connection(path: Path) -> sqlite3.Connection:
    """The writer's own connection to a file already opened (and checked) by open_records."""
    db = sqlite3.connect(path, timeout=WRITE_WAIT, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA synchronous = NORMAL")
    return db


def adopt(db: sqlite3.Connection, path: Path, copy: CopyFile | None, notices: list[str] | None = None) -> int:
    """Make the writes that copies of the game which ended (closed or killed) had not made, in their order;
    returns how many. A locked file raises Busy: the start then waits for it, because a save those writes
    drop must not be offered meanwhile.

    Made once, however often a start is killed while making them: the transaction that makes a journal's jobs
    also marks them made (jobs.mark_made), and a journal found again skips what is marked. A journal that
    cannot be read, or holds a write that can never be made, is set aside with a line in `notices`."""
    notices = [] if notices is None else notices
    made = 0
    for orphan in orphans(path, notices):
        if copy is not None and orphan.path == copy.path:
            orphan.leave()
            continue
        if orphan.trouble:
            _keep_aside(orphan, orphan.trouble, notices)
            continue
        if not orphan.jobs:
            orphan.done()
            continue
        unmade = []
        cut = 0  # games the journal kept without their videos: no room for them when their copy ended
        try:
            db.execute("BEGIN IMMEDIATE")
            upto = jobs.made_upto(db, orphan.token)
            last = upto
            for entry in orphan.jobs:
                number = _number(entry)
                if upto is not None and (number is None or number <= upto):
                    continue  # made before, by the copy or by a start killed before the journal went
                db.execute("SAVEPOINT job")
                try:
                    kind, data = entry
                    if kind not in jobs.KEPT or not isinstance(data, dict):
                        raise ValueError(f"not a write this game keeps: {str(kind)[:40]!r}")
                    jobs.make(db, jobs.JobKind(kind), data, lambda token: alive(path, token), adopted=True)
                    made += 1
                    cut += bool(data.get("cut")) and "record" in data
                except (
                    ValueError,
                    TypeError,
                    KeyError,
                    AttributeError,
                    IndexError,
                    OverflowError,
                    sqlite3.Error,
                ) as error:
                    if isinstance(error, sqlite3.Error) and passing(error):
                        raise
                    log.warning("a write in the journal %s can never be made: %s", orphan.path.name, error)
                    unmade.append(str(error)[:120])
                    db.execute("ROLLBACK TO job")
                db.execute("RELEASE job")
                last = jobs.WHOLE if number is None else max(number, last or 0)
            if last is not None:
                jobs.mark_made(db, orphan.token, last)
            db.execute("COMMIT")
        except sqlite3.Error as error:
            rollback(db)
            orphan.leave()
            raise Busy(
                _("the records could not take the writes another copy left ({error})").format(error=error)
            ) from error
        log.info("made %d writes left in %s", len(orphan.jobs), orphan.path.name)
        if cut:
            notices.append(cut_notice(cut))
        if unmade:
            shown = ngettext(
                "{count} of its writes could not be made: {error}",
                "{count} of its writes could not be made: {error}",
                len(unmade),
            ).format(count=len(unmade), error=unmade[0])
            _keep_aside(orphan, f"{len(unmade)} of its writes could not be made: {unmade[0]}", notices, shown)
        else:
            orphan.done()
        _forget(db, orphan.token)
    _forget_ended(db, path)
    _sweep_videos(db, path)
    return made


def damaged_notice(name: str, kept: Salvaged) -> str:
    """The notice of a damaged records file set aside (as `name`) and what could be read from it."""

    def say() -> str:
        games, others = kept.told()
        return _(
            "The records file was damaged; it was kept as {name} and a new one was started with what could still be "
            "read from it ({games} and {others} were kept)."
        ).format(name=name, games=games, others=others)

    return Told(say)


def cut_notice(cut: int) -> str:
    """The notice of games recorded without their videos: a full disk left no room to keep them."""
    return Told(
        lambda: ngettext(
            "{count} game finished while the disk was full was recorded without its video: there was no room to "
            "keep it when the game closed.",
            "{count} games finished while the disk was full were recorded without their videos: there was no room "
            "to keep them when the game closed.",
            cut,
        ).format(count=cut)
    )


def _number(entry: object) -> int | None:
    if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], dict):
        number = entry[1].get("seq")
        # A number no copy writes (past SQLite's integer, or below nothing) numbers nothing: read as none.
        return number if type(number) is int and 0 <= number < jobs.WHOLE else None
    return None


def _keep_aside(orphan: Orphan, why: str, notices: list[str], shown: str | None = None) -> None:
    """Set an unusable journal aside, with a notice saying `shown` (`why` in the player's language; `why`
    itself is logged)."""
    try:
        aside = orphan.keep_aside()
    except OSError as error:
        log.warning("the journal %s (%s) could not be moved aside: %s", orphan.path.name, why, error)
        return
    log.warning("the journal %s is unusable (%s); kept as %s", orphan.path.name, why, aside.name)
    said = bounded(why if shown is None else shown, 120)
    notices.append(
        Told(
            lambda: _(
                "Records another copy of the game left could not all be read ({why}); they were kept as {name}."
            ).format(why=again(said), name=aside.name)
        )
    )


def _forget(db: sqlite3.Connection, token: str) -> None:
    """The journal is gone: its mark is no longer needed (kept if this fails: a mark never does harm)."""
    try:
        db.execute("DELETE FROM made WHERE copy = ?", (token,))
    except sqlite3.Error as error:
        log.debug("the mark of %s stays: %s", token, error)


def _sweep_videos(db: sqlite3.Connection, path: Path) -> None:
    """Chunks of videos nothing keeps, left by copies that ended (kept if this fails: they do no harm)."""
    try:
        swept = videos.sweep(db, lambda token: alive(path, token))
        if swept:
            log.info("swept the chunks of %d videos no game keeps", swept)
    except sqlite3.Error as error:
        log.debug("chunks no game keeps stay: %s", error)


def _forget_ended(db: sqlite3.Connection, path: Path) -> None:
    """Marks of copies whose files are gone (ended cleanly, or their journal removed by a start killed
    before it forgot the mark)."""
    try:
        marked = [token for (token,) in db.execute("SELECT copy FROM made")]
        gone = [(token,) for token in marked if not copy_path(path, str(token)).exists()]
        if gone:
            db.executemany("DELETE FROM made WHERE copy = ?", gone)
    except sqlite3.Error as error:
        log.debug("marks of ended copies stay: %s", error)
