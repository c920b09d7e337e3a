"""The one writer: every change to the records is made on a thread of its own, in the order asked, so that no
frame ever waits on the disk.

Jobs (jobs.py) queue up and are made one transaction each. When the file will not take one (another program
holds the lock, the disk is full, a read-only file), the writer keeps it and tries again, backing off, while
the game goes on; everything behind it waits its turn, so the records are always what the game asked for up
to some point, never a record without the save it drops or a save from after a record still to come. A save
queued behind another save replaces it: only the latest position matters.

What must outlive this copy (see jobs.KEPT) is kept in its journal (copies.py) while it waits: a finished
game before its first try, anything else once a try has failed. The journal is emptied as jobs are made.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Generic, NamedTuple, TypeVar

from game.store import jobs
from game.store.copies import ROOM, CopyFile
from game.store.schema import rollback
from game.store.trouble import passing
from game.video.packed import split_log

log = logging.getLogger(__name__)

FIRST_BACKOFF, MAX_BACKOFF = 0.05, 1.0  # seconds between tries, doubling
_FAILED = object()  # a job that can never be made (a bug): its answer is its default
THINNED = frozenset({jobs.JobKind.SAVE, jobs.JobKind.CHUNK})  # what a journal short of room leaves out
# The journal's room kept ahead of a long game's video: this many chunks (each up to 16,384 events: 16 s of
# 1,000 Hz motion, minutes at a mouse's usual rate) and the record's events after them, so that a game finished
# on a disk that filled meanwhile keeps its whole video in the journal through a quit until there is room.
ROOM_AHEAD_CHUNKS = 8
CUT = "cut"  # a record's job kept in a journal short of room without its video ("video") or moves ("moves")


T = TypeVar("T")


class Pending(Generic[T]):
    """The answer to a job, once it is made: a T (what `convert` makes of the job's result, or the result
    itself). The frame polls `done`; tests and quitting may `wait`."""

    def __init__(self, default: Any = None, convert: Callable[[Any], T] | None = None):
        self._convert = convert
        self._default = default
        self.value: T = default if convert is None else convert(default)
        self._done = threading.Event()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def result(self, timeout: float | None = 30.0) -> T:
        """The value, waiting for it (tests and tools; a frame polls `done` instead)."""
        if not self.wait(timeout):
            raise TimeoutError("the records did not answer")
        return self.value

    def set(self, value: Any) -> None:
        self.value = value if self._convert is None else self._convert(value)
        self._done.set()

    def give_up(self) -> None:
        """The job can never be made: the answer is the default."""
        self.set(self._default)


class Job(NamedTuple):
    kind: jobs.JobKind
    data: dict[str, Any]
    answers: list[Pending[Any]]


class Writer:
    """Makes jobs in order. `opener()` gives the writer's own connection (or raises while the file cannot
    be opened yet: it is tried again like a write). Without a thread (`threaded=False`, records in memory,
    where there is no disk to wait on) each job is made as it is posted, on the frame: what a job would work
    out first (a game's speed figures) is then left out."""

    def __init__(
        self,
        opener: Callable[[], sqlite3.Connection],
        alive: jobs.Alive,
        copy: CopyFile | None = None,
        threaded: bool = True,
        on_made: Callable[[Job, Any], None] | None = None,
        on_given_up: Callable[[Job, BaseException], None] | None = None,
        describe: Callable[[BaseException], str] = str,
    ):
        self._opener = opener
        self._alive = alive
        self._copy = copy
        self._on_made = on_made
        self._on_given_up = on_given_up
        self._db: sqlite3.Connection | None = None
        self._queue: deque[Job] = deque()
        self._cond = threading.Condition()
        self._closing = False
        self._version = 0  # bumped by every post and every job made: the journal is rewritten when it moves
        self._kept_version = -1
        self._numbered = 0  # the number of the last job posted: a journal's jobs carry theirs (jobs.mark_made)
        self.failing_since: float | None = None  # monotonic time of the first failed try of the job at the head
        self.trouble: BaseException | None = None  # what the last failed try met
        self.trouble_words = ""  # that, in words (made here: finding the words may look at the disk)
        self._describe = describe
        self._largest_chunk = 0  # the largest chunk made so far, packed (the journal's room is kept ahead of it)
        self.cut = False  # the journal holds a finished game without its video: no room for it (said plainly)
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._run, name="records writer", daemon=True)
            self._thread.start()

    # --- the frame's side -------------------------------------------------------------------------------------

    def post(
        self, kind: jobs.JobKind, data: dict[str, Any], default: Any = None, convert: Callable[[Any], Any] | None = None
    ) -> Pending[Any]:
        """Queue a job; its answer comes in the Pending, through `convert` (`default` when it cannot be made at
        all). A job "open" makes nothing: it opens the file, which is tried again until it opens."""
        answer = Pending(default, convert)
        with self._cond:
            if self._closing:
                answer.give_up()
                return answer
            self._numbered += 1
            data = {**data, "seq": self._numbered}
            tail = self._queue[-1] if self._queue else None
            # the head may be being made right now: only a save waiting behind it is replaced
            if (
                kind is jobs.JobKind.SAVE
                and tail is not None
                and tail.kind is jobs.JobKind.SAVE
                and len(self._queue) > 1
            ):
                self._queue[-1] = Job(kind, data, [*tail.answers, answer])
            else:
                self._queue.append(Job(kind, data, [answer]))
            self._version += 1
            self._cond.notify()
        if self._thread is None:
            self._drain_inline()
        return answer

    @property
    def waiting(self) -> int:
        """Jobs not made yet."""
        return len(self._queue)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every job posted so far is made (tests, and quitting); True when they were."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while self._queue:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def wait(self, ready: Callable[[Writer], bool], timeout: float | None = None) -> bool:
        """Wait until `ready(writer)`: checked at each post, each job made and each failed try (tests, the
        benchmark: a signal to wait for, not a time)."""
        with self._cond:
            return self._cond.wait_for(lambda: ready(self), timeout)

    def close(self, timeout: float) -> bool:
        """Make what is queued, for up to `timeout` seconds or until a try fails (a lock, a full disk: no
        reason to hold up quitting); then stop. What is still waiting stays in the journal for the next start.
        True when nothing was left."""
        made = self.wait(lambda w: not w._queue or w.trouble is not None, timeout) and not self._queue
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout + 1.0)
        if not made:
            self._keep(force=True)
        return made

    # --- the writer's side ------------------------------------------------------------------------------------

    def _run(self) -> None:
        backoff = FIRST_BACKOFF
        while True:
            with self._cond:
                while not self._queue and not self._closing:
                    self._cond.wait()
                if self._closing:
                    break
                job = self._queue[0]
            if self._try(job):
                backoff = FIRST_BACKOFF
                continue
            self._keep()
            with self._cond:
                if not self._closing:
                    self._cond.wait(backoff)
            backoff = min(MAX_BACKOFF, backoff * 2)
        if self._db is not None:
            self._db.close()
            self._db = None

    def _drain_inline(self) -> None:
        while self._queue and self._try(self._queue[0]):
            pass

    def _try(self, job: Job) -> bool:
        """One try at the job at the head of the queue; True when it was made (or can never be)."""
        if job.kind in (jobs.JobKind.FINISH, jobs.JobKind.ABANDON):
            self._keep()  # a finished game is in the journal before the file is touched
        value: Any
        try:
            if self._db is None:
                self._db = self._opener()
            db = self._db
            value = True if job.kind is jobs.JobKind.OPEN else self._make(db, job)
        except (sqlite3.Error, OSError, UnicodeDecodeError) as error:  # the last: damage SQLite's message quotes
            if not passing(error):
                log.error("the records can never take this %s: %s", job.kind, error)
                value = self._give_up(job, error)
            else:
                if self.failing_since is None:
                    log.warning("the records could not take a %s yet: %s", job.kind, error)
                    self.failing_since = time.monotonic()
                said = self._describe(error)
                with self._cond:
                    self.trouble, self.trouble_words = error, said
                    self._cond.notify_all()
                return False
        except Exception as error:  # a bug, not the disk: trying again would fail forever
            log.exception("the records could not make a %s", job.kind)
            value = self._give_up(job, error)
        self.failing_since, self.trouble, self.trouble_words = None, None, ""
        if job.kind is jobs.JobKind.CHUNK and type(value) is int:
            self._room_ahead(value)
        if self._on_made is not None and value is not _FAILED:
            self._on_made(job, value)
        # What was kept is made: the journal loses it (and is empty once nothing waits) before anyone hears
        # so, and the answers are in before it leaves the queue (flush() means every answer is in). A chunk
        # with more waiting behind it stays in the journal a while (its mark says it is made): writing a
        # journal of an hour's chunks again after each one would cost minutes.
        kept = self._copy is not None and self._copy.kept > 0 and not self._chunks_follow(job) and self._keep(made=job)
        for answer in job.answers:
            if value is _FAILED:
                answer.give_up()
            else:
                answer.set(value)
        with self._cond:
            self._queue.popleft()
            self._version += 1
            if kept:
                self._kept_version = self._version
            self._cond.notify_all()
        return True

    def _make(self, db: sqlite3.Connection, job: Job) -> Any:
        """Make the job in a transaction of its own; its answer."""
        if self._thread is not None:  # what takes a while, before the write lock (never on the frame)
            jobs.prepare(db, job.kind, job.data)
        db.execute("BEGIN IMMEDIATE")  # the write lock first, so no wait happens mid-transaction
        try:
            value = jobs.make(db, job.kind, job.data, self._alive)
            copy = self._copy
            if copy is not None and copy.kept and job.kind in jobs.KEPT:
                # made and marked made at once: should this copy be killed before its journal is
                # rewritten, the next start does not make it again (a reset, a save a record dropped)
                jobs.mark_made(db, copy.token, job.data["seq"])
            db.execute("COMMIT")
        except BaseException:
            rollback(db)
            raise
        return value

    def _room_ahead(self, packed: int) -> None:
        """A chunk was made (so the disk had room): keep the journal's file large enough for the chunks a long
        game makes next, as the journal keeps them (base64, in JSON, packed again), should the disk fill."""
        if self._copy is None or packed <= self._largest_chunk:
            return
        self._largest_chunk = packed
        self._copy.reserve(ROOM + (ROOM_AHEAD_CHUNKS + 1) * (packed * 4 // 3 + 256))

    def _chunks_follow(self, job: Job) -> bool:
        """Whether `job` is a chunk with other chunks waiting behind it."""
        if job.kind is not jobs.JobKind.CHUNK:
            return False
        with self._cond:
            return any(waiting.kind is jobs.JobKind.CHUNK for waiting in self._queue if waiting is not job)

    def _give_up(self, job: Job, error: BaseException) -> object:
        """A job that can never be made. A finished game that cannot be recorded still drops its save: a loss
        must not be taken back by resuming the game from before the losing click."""
        if job.kind is jobs.JobKind.FINISH and job.data.get("drop") and self._db is not None:
            try:
                self._db.execute("DELETE FROM resume WHERE claimed_by IS ?", (job.data.get("by"),))
            except sqlite3.Error as failed:
                log.error("the save of a game that could not be recorded stays: %s", failed)
        if self._on_given_up is not None:
            self._on_given_up(job, error)
        return _FAILED

    def _keep(self, force: bool = False, made: Job | None = None) -> bool:
        """Make the journal hold what waits (of what must outlive this copy; not `made`, just made), if that
        changed since it was last written. True when the journal holds it."""
        copy = self._copy
        if copy is None:
            return False
        with self._cond:
            if self._version == self._kept_version and not force and made is None:
                return True
            version = self._version
            waiting = [(job.kind, job.data) for job in self._queue if job.kind in jobs.KEPT and job is not made]
        # outside the lock (a chunk is packed for the journal once, in milliseconds): a post never waits on it
        waiting = [(kind, jobs.for_journal(kind, data)) for kind, data in waiting]
        cut = False
        if not copy.keep(waiting):
            # No room (a disk full past the room kept ahead): the games are kept without the saves and chunks of
            # their videos, and so without their videos (a record never names chunks nothing has), then without
            # their move logs too (a record without a replay still counts). Said plainly: at once while the game
            # runs (Store.busy), and by the next start that makes them (opener.adopt).
            cut = True
            slim = [(kind, _without_video(data)) for kind, data in waiting if kind not in THINNED]
            if not copy.keep(slim):
                slim = [(kind, _without_replay(data)) for kind, data in waiting if kind not in THINNED]
                if not copy.keep(slim):
                    return False
        self.cut = cut and any("record" in data for _, data in waiting)
        if made is None:
            self._kept_version = version
        return True


def _without_video(data: dict[str, Any]) -> dict[str, Any]:
    """A record's job without its video: its move log's moves alone (the video's part cut off), naming no chunks."""
    record = data.get("record")
    if not isinstance(record, dict):
        return data
    replay = record.get("replay")
    moves = split_log(replay)[0] if isinstance(replay, str) else None
    return {**data, "record": {**record, "replay": moves, "video": None}, CUT: "video"}


def _without_replay(data: dict[str, Any]) -> dict[str, Any]:
    record = data.get("record")
    if not isinstance(record, dict):
        return data
    return {**data, "record": {**record, "replay": None, "video": None}, CUT: "moves"}
