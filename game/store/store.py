"""The records: settings, finished games, best times, statistics and the saved game, in one SQLite file.

The file sits in the player's data folder (``MINESWEEPER_HOME`` overrides it). The store never stops the
game: whatever goes wrong with the file (damaged, read-only, a full disk, a lock), methods keep working and
return neutral answers, and a one-line message waits in ``store.notices`` for the menu to show once.

No frame waits on the disk. Every change goes to one writer (writer.py), a thread that makes them in
order and keeps trying one the file will not take yet; a write returns at once with a Pending that holds its
answer (a new best time, a claim granted) a moment later. Reads use the frame's own connection, which never
waits for a lock (on a WAL file reads go on while another program holds the write lock; when they cannot,
the answer is neutral and the game says "records busy"). A file locked at start opens when it frees up.

Durability. WAL with ``synchronous=NORMAL``: a commit only appends to the write-ahead log, without waiting
for the disk. That survives the game being killed; a power cut can lose the last few commits (never corrupt
the file). Writes waiting for the file are kept in this copy's journal (copies.py), made at the next start
if this copy ends first.

Rules decided here (the issue left them open):
- Played, won, win % and streaks count every finished game (an abandoned one as a loss), in the order
  recorded. Times (best times, best 3BV/s, average win time) count only unassisted wins: no hint, not
  "same board again", and with a believable time.
- Time travel: a negative, non-finite or absurd (over a week) ``time_ms`` is clamped into 0..MAX_TIME_MS
  and the game is recorded as played, but it never counts for times. Nothing raises.
- ``record_game`` also drops this copy's saved game in the same transaction, so a finished game can never be
  resumed and recorded twice; a resume claims the save (jobs.py), so two copies cannot both play it on.
- Two copies running: settings and the saved game are last writer wins, every finished game is recorded.
- Caller mistakes (a board that is not JSON, a category that does not match the size) raise TypeError or
  ValueError at once: those are bugs to find in tests, not conditions of the player's disk.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from game.language import _, ngettext
from game.model import category_label
from game.store import games, history, jobs, logs, reader, saves, trials
from game.store import video_chunks as videos
from game.store.copies import CopyFile, alive
from game.store.games import TOP, BestGame, PlayedGame, RecordResult, Stats, clamp_ms, stamp, utc_now
from game.store.kept import GameRecord, SavedGame
from game.store.lock import FileLock
from game.store.opener import DB_NAME, Busy, Opened, data_folder, open_records, writer_connection
from game.store.schema import MIGRATIONS, Corrupt, Newer, locked, migrate
from game.store.trouble import Told, again, bounded, waiting_helps, words
from game.store.writer import Job, Pending, Writer
from game.video.packed import ChunkReader

log = logging.getLogger(__name__)

OPEN_WAIT = 0.25  # seconds opening waits for a lock at start (another copy upgrading the file) before the
# file is opened later, by the writer, instead
BUSY_AFTER = 1.0  # seconds a write may wait before the game says "records busy"
CLOSE_WAIT = 5.0  # seconds quitting gives the writer to finish (less when a try fails: the journal keeps it)
GAMES_CHANGED = (jobs.JobKind.FINISH, jobs.JobKind.ABANDON, jobs.JobKind.RESET)
MAX_VALUE_CHARS = 65_536  # a setting or a learning record read back is cut here: nothing the game keeps is longer


T = TypeVar("T")


def without_records(why: str) -> str:
    """The notice of records that cannot be used, `why` in words (trouble.words)."""
    return Told(lambda: _("Running without records: {why}.").format(why=again(why)))


class Store:
    """The records. Get one with ``Store.open()``; it never raises, and no method raises for disk trouble."""

    def __init__(self, path: Path | None, notices: Iterable[str] = (), copy: CopyFile | None = None) -> None:
        self.path = path  # None when running without a file
        self._copy = copy
        self.token = copy.token if copy is not None else jobs.new_id()  # this copy, in claims
        self._db: sqlite3.Connection | None = None  # the frame's connection: reads only
        self._in_use: FileLock | None = None
        self._writer: Writer | None = None
        self._late: Opened | None = None  # opened by the writer, for the frame to take up (poll)
        self._notices: list[str] = []
        self._notice_lock = threading.Lock()
        self._status = ""  # the last "records busy" line said (take_status)
        self.changes = 0  # finished games recorded or reset: a screen showing them reloads when it moves
        self.figured = 0  # likewise, older games' figures worked out
        self.reviewed = 0  # and older games' reviews
        self._closing = False
        for notice in notices:
            self.notice(notice)

    # --- opening and closing ----------------------------------------------------------------------------------

    @classmethod
    def open(cls, home: str | os.PathLike[str] | None = None, *, busy_timeout: float = OPEN_WAIT) -> Store:
        """The store in ``home`` (see data_folder). Falls back to records in memory, with a notice."""
        try:
            folder = data_folder(home)
            path = folder / DB_NAME
            try:
                folder.mkdir(parents=True, exist_ok=True)
                copy = CopyFile(path)
            except OSError as error:
                log.warning("cannot use %s: %s", folder, error)
                return cls.memory(without_records(words(error, path)))
            store = cls(path, copy=copy)
            try:
                opened = open_records(path, busy_timeout, copy)
            except Newer as error:
                log.warning("%s has schema version %s, newer than %s", path, error, len(MIGRATIONS))
                copy.close()
                return cls.memory(
                    Told(lambda: _("Records were saved by a newer version of the game; running without records."))
                )
            except (sqlite3.Error, OSError, Corrupt) as error:
                if isinstance(error, Busy) or waiting_helps(error):
                    log.warning("%s cannot be opened yet (%s): it opens when it can", path, error)
                    return store._file_writer(late=True)
                log.warning("cannot use %s: %s", path, error)
                copy.close()
                return cls.memory(without_records(words(error, path)))
            store._take(opened)
            return store._file_writer(late=False)
        except Exception as error:
            log.exception("opening the records failed")
            said = bounded(str(error))
            return cls.memory(Told(lambda: _("Running without records ({error}).").format(error=said)))

    @classmethod
    def memory(cls, notice: str | None = None) -> Store:
        """Records that last until the game closes: what the game runs on when the file is unusable."""
        db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        migrate(db)
        store = cls(None, [notice] if notice else [])
        store._db = db
        # No disk to wait on, and no other connection could see this database: each write is made at once.
        store._start_writer(lambda: db, lambda token: False, threaded=False)
        return store

    def _take(self, opened: Opened) -> None:
        self._db, self._in_use = opened.db, opened.in_use
        for notice in opened.notices:
            self.notice(notice)

    def _start_writer(self, opener: Callable[[], sqlite3.Connection], alive: jobs.Alive, threaded: bool = True) -> None:
        path = self.path
        describe = (lambda error: words(error, path)) if path is not None else str
        self._writer = Writer(opener, alive, self._copy, threaded, self._made, self._given_up, describe)

    def _file_writer(self, late: bool) -> Store:
        path = self.path
        assert path is not None
        self._start_writer(self._open_late if late else lambda: writer_connection(path), lambda t: alive(path, t))
        if late:  # tried at once and again until it opens, whether or not anything is written meanwhile
            assert self._writer is not None
            self._writer.post(jobs.JobKind.OPEN, {})
        self.work_out_figures()  # of games recorded before the records kept them, if any: never at start
        self.work_out_figures(jobs.JobKind.REVIEWS)  # and their reviews
        return self

    def _open_late(self) -> sqlite3.Connection:
        """On the writer's thread: open the file that could not be opened at start; the frame takes it up."""
        assert self.path is not None
        try:
            opened = open_records(self.path, OPEN_WAIT, self._copy)
        except Newer as error:  # a newer game replaced the file meanwhile: nothing to do but keep trying
            raise Busy(str(error)) from error
        self._late = opened
        return writer_connection(self.path)

    def poll(self) -> bool:
        """Called every frame: True when the records file opened just now, late (it was locked at start): the
        app then reads the settings and the saved game again."""
        if self._late is None:
            return False
        opened, self._late = self._late, None
        self._take(opened)
        return True

    @property
    def available(self) -> bool:
        """False when running without a records file (nothing will outlive the process)."""
        return self.path is not None and self._writer is not None

    def close(self) -> None:
        """Finish writing (at once when the file will not take writes: they stay in the journal), then close."""
        self._closing = True  # the figures of older games wait for the next start
        if self._writer is not None:
            self._writer.close(CLOSE_WAIT)
            self._writer = None
        late = self._late
        for thing in (self._db, self._in_use, self._copy, late and late.db, late and late.in_use):
            if thing is not None:
                try:
                    thing.close()
                except (sqlite3.Error, OSError):
                    log.debug("close failed", exc_info=True)
        self._db = self._in_use = self._copy = self._late = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- notices and the writer's state ---------------------------------------------------------------------

    @property
    def notices(self) -> list[str]:
        """One-line messages the menu should show once; see take_notices."""
        return [again(notice) for notice in self._notices]

    def take_notices(self) -> list[str]:
        with self._notice_lock:
            taken, self._notices = self._notices, []
        return [again(notice) for notice in taken]  # in the language of now: some were made before it was known

    def notice(self, message: str) -> None:
        """Add a line for the menu (from either thread: the writer says when a write can never be made)."""
        message = bounded(message, 400)
        with self._notice_lock:
            if message not in self._notices:
                self._notices.append(message)

    @property
    def busy(self) -> str:
        """A line saying why writes have been waiting for a while (or the file is not open yet), else ""."""
        writer = self._writer
        if writer is None or writer.failing_since is None or self.path is None:
            return ""
        if time.monotonic() - writer.failing_since < BUSY_AFTER:
            return ""
        said = again(writer.trouble_words) or _("the records file is not open")
        if writer.cut:  # the journal could not take a finished game's video: it lives only in memory now
            return _(
                "Records busy: {why}. Your games are kept and will be written when it can be, but a finished "
                "game's video is lost if the game closes before then (there is no room to keep it)."
            ).format(why=said)
        return _("Records busy: {why}. Your games are kept and will be written when it can be.").format(why=said)

    def take_status(self) -> str:
        """The busy line when it has just started or changed, "Records written." when it has cleared, else ""."""
        now = self.busy
        if now == self._status:
            return ""
        was, self._status = self._status, now
        return now or (_("Records written: the file takes them again.") if was else "")

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every write asked for so far is made (tests, tools, quitting); True when it was."""
        return self._writer.flush(timeout) if self._writer is not None else True

    def _made(self, job: Job, value: Any) -> None:
        # on the writer's thread; an int the frame only compares
        if job.kind in GAMES_CHANGED:
            self.changes += 1
        elif job.kind in (jobs.JobKind.FIGURES, jobs.JobKind.REVIEWS):
            figured, more = value
            if job.kind is jobs.JobKind.FIGURES:
                self.figured += figured > 0
            else:
                self.reviewed += figured > 0
            if more:  # the next batch, behind whatever was asked meanwhile (after a rest)
                self.work_out_figures(job.kind, first=False)

    def work_out_figures(self, kind: jobs.JobKind = jobs.JobKind.FIGURES, first: bool = True) -> None:
        """Work out, in the background (the writer, a batch at a time), the speed figures (or, `kind` REVIEWS,
        the reviews: in a worker process) of the games recorded before the records kept them."""
        if self._writer is not None and self.path is not None and not self._closing:
            self._writer.post(kind, {"by": self.token, "next": not first})

    def _given_up(self, job: Job, error: BaseException) -> None:
        said = words(error, self.path) if self.path is not None else str(error)  # on the writer's thread
        self.notice(Told(lambda: _("Could not save to the records ({why}); the game goes on.").format(why=again(said))))

    def _post(
        self, kind: jobs.JobKind, data: dict[str, Any], default: Any = None, convert: Callable[[Any], Any] | None = None
    ) -> Pending[Any]:
        if self._writer is None:
            answer = Pending(default, convert)
            answer.set(default)
            return answer
        return self._writer.post(kind, {**data, "by": self.token}, default, convert)

    # --- reads: the frame's connection, never waiting ---------------------------------------------------------

    def _read(self, query: Callable[[sqlite3.Connection], T], default: T) -> T:
        if self._db is None:
            return default
        try:
            return query(self._db)
        except (sqlite3.Error, UnicodeDecodeError) as error:  # the second: damage SQLite's message quotes
            log.error("reading the records failed: %s", error, exc_info=not locked(error))
            said = words(error, self.path) if self.path is not None else str(error)
            if locked(error):
                self.notice(_("Records busy: {why}.").format(why=said))
            else:
                self.notice(_("Could not read the records ({why}).").format(why=said))
            return default

    # settings (game/settings.py cleans what is read back) and what the player has learnt (lessons done,
    # mistakes by rule, drill scores): JSON values by key, an unreadable one left out (its default is used)

    def _keyed(self, table: str) -> dict[str, Any]:
        query = f"SELECT key, substr(value, 1, {MAX_VALUE_CHARS}) FROM {table}"
        stored: dict[str, Any] = {}
        rows: list[Any] = self._read(lambda db: db.execute(query).fetchall(), [])
        for key, text in rows:
            try:
                stored[key] = json.loads(text)
            except (ValueError, TypeError, RecursionError):
                log.warning("the stored %s %r is unreadable; it starts again", table, key)
        return stored

    def settings(self) -> dict[str, Any]:
        """Every stored setting, decoded."""
        return self._keyed("settings")

    def set_settings(self, values: dict[str, Any]) -> Pending[object]:
        """Several settings in one transaction. Values must be JSON (TypeError otherwise)."""
        return self._post(
            jobs.JobKind.SETTINGS, {"rows": [[str(key), json.dumps(value)] for key, value in values.items()]}
        )

    def learnt(self) -> dict[str, Any]:
        """What the player has learnt, by key."""
        return self._keyed("learn")

    def set_learnt(self, key: str, value: Any) -> Pending[object]:
        return self._post(jobs.JobKind.LEARN, {"rows": [[key, json.dumps(value)]]})

    # games, best times, statistics

    def record_game(self, record: GameRecord, *, clear_resume: bool = True) -> Pending[RecordResult]:
        """Record a finished game; also drop this copy's saved game (in the same transaction) unless told not
        to. The Pending's value is a RecordResult."""

        category = record.category or ""

        def result(made: games.Inserted) -> RecordResult:
            game_id, rank, counted, beaten = made
            return RecordResult(category, category_label(category), rank, counted, game_id, tuple(beaten))

        data = {"record": jobs.record_data(record, jobs.new_id()), "drop": clear_resume}
        return self._post(jobs.JobKind.FINISH, data, (None, None, False, []), result)

    def _games(self, read: Callable[[reader.Reader, sqlite3.Connection], T], default: T) -> T:
        reading = reader.Reader()
        result = self._read(lambda db: read(reading, db), default)
        if reading.skipped:
            self.notice(
                ngettext(
                    "{count} damaged game in the records could not be shown.",
                    "{count} damaged games in the records could not be shown.",
                    reading.skipped,
                ).format(count=reading.skipped)
            )
        return result

    def best_times(self, category: str, limit: int = TOP) -> list[BestGame]:
        """Fastest unassisted wins, ties broken by the earlier game."""
        return self._games(lambda reader, db: reader.best_times(db, category, limit), [])

    def bests(self, category: str, figure: str, limit: int = TOP, nf: bool = False) -> list[BestGame]:
        """A board's best unassisted wins by a figure ("Time", "3BV/s", "IOE", "STNB": RANKINGS); `nf`: its NF
        wins alone (no flag placed), read from their own indexes."""
        return self._games(lambda reader, db: reader.bests(db, category, figure, limit, nf), [])

    def clean_times(self, category: str, limit: int = TOP) -> list[BestGame]:
        """Fastest unassisted wins without an avoidable guess (among the games reviewed)."""
        return self.bests(category, reader.CLEAN_TIMES, limit)

    def avoidable_games(self, limit: int) -> list[reader.AvoidableGame]:
        """The player's newest `limit` games with an avoidable guess, newest first: each its id and its moves as
        a replay file's JSON (reader.AvoidableGame says how to make its Replay). For the drill. Safe from any
        thread: it reads on a connection of its own, opened for the call (records in memory: the frame's)."""
        if self.path is None:
            return self._games(lambda reading, db: reader.avoidable_games(db, limit), [])
        try:
            db = sqlite3.connect(self.path, timeout=videos.READ_WAIT, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            log.warning("the records could not be opened to list games: %s", error)
            return []
        try:
            db.execute("PRAGMA query_only = 1")
            return reader.avoidable_games(db, limit)
        except sqlite3.Error as error:
            log.warning("the records could not list games: %s", error)
            return []
        finally:
            db.close()

    def recent_games(self, category: str, limit: int = TOP) -> list[PlayedGame]:
        """The last games recorded in a category, newest first."""
        return self._games(lambda reader, db: reader.recent_games(db, category, limit), [])

    def statistics(self, category: str) -> Stats:
        return self._games(
            lambda reader, db: reader.statistics(db, category), Stats(category, category_label(category))
        )

    def clean_statistics(self, category: str, stats: Stats) -> Stats:
        """`stats` (of `category`) with its clean wins and average luck read again (older games reviewed since)."""
        empty: dict[str, Any] = {}
        return stats._replace(**self._games(lambda reader, db: reader.clean_statistics(db, category), empty))

    def custom_categories(self) -> list[str]:
        """Custom sizes that have been played, smallest board first."""
        return self._games(lambda reader, db: reader.custom_categories(db), [])

    def rule_categories(self) -> list[str]:
        """Boards played in a mode of the no-guess family, each mode's apart (see Reader.rule_categories)."""
        return self._games(lambda reader, db: reader.rule_categories(db), [])

    def categories(self) -> list[str]:
        """Every board the records keep apart, in the order Records and Progress page through them: the three
        levels, the custom sizes played, then each mode of the no-guess family's boards."""
        return ["beginner", "intermediate", "expert", *self.custom_categories(), *self.rule_categories()]

    def replay(self, game_id: int) -> str | None:
        """The move log of a recorded game (a replay file's JSON), or None when it has none or it is damaged."""
        row = self._read(lambda db: db.execute("SELECT moves FROM games WHERE id = ?", (game_id,)).fetchone(), None)
        return None if row is None else games.replay_text(row[0], game_id)

    def reset_statistics(self, category: str | None = None) -> Pending[object]:
        """Forget finished games (and so best times and statistics), of one category or all.
        Settings and the saved game stay."""
        return self._post(jobs.JobKind.RESET, {"category": category})

    # --- the game in progress ---------------------------------------------------------------------------------

    def save_resume(
        self,
        board_dict: dict[str, Any],
        elapsed_ms: int,
        category: str,
        extra: dict[str, Any] | None = None,
        *,
        save_id: str | None = None,
        held: bool = True,
    ) -> Pending[bool]:
        """Keep the game in progress (called after every move). `held`: this copy plays it on, and no other
        may resume it (a save made when the player steps away is not held). The Pending's value is True when
        it reached the file."""
        if not isinstance(board_dict, dict):
            raise TypeError(f"board_dict must be a dict, not {type(board_dict).__name__}")
        elapsed, ok = clamp_ms(elapsed_ms)
        if not ok:
            log.warning("implausible elapsed time %r ms saved as %d ms", elapsed_ms, elapsed)
        row = [
            str(category),
            elapsed,
            json.dumps(board_dict, separators=(",", ":")),
            extra,  # encoded by the writer: a long game's video makes it megabytes, no work for the frame
            stamp(utc_now()),
            save_id or jobs.new_id(),
        ]
        return self._post(jobs.JobKind.SAVE, {"row": row, "held": held}, False)

    def save_video_chunk(self, video_id: str, part: int, events: int, raw: bytes) -> Pending[object]:
        """Keep one chunk of a long game's video (game.video.chunks; packed by the writer, off the frame)."""
        return self._post(jobs.JobKind.CHUNK, {"video": video_id, "part": part, "events": events, "raw": raw})

    def chunk_reader(self) -> ChunkReader | None:
        """What reads a video's chunks back, from a thread that is not the frame's (None without records)."""
        if self.path is not None:
            return videos.file_reader(self.path)
        return videos.connection_reader(self._db) if self._db is not None else None

    def log_reader(self) -> logs.LogReader | None:
        """What reads the newest games' clicks back, from a thread that is not the frame's (None without records)."""
        if self.path is not None:
            return logs.file_reader(self.path)
        return logs.connection_reader(self._db) if self._db is not None else None

    def reads(self) -> history.Reads | None:
        """What reads the records from a thread that is not the frame's (Progress, the CSV export), on a
        connection of its own; None without records."""
        return history.Reads(self.path, self._db) if self.path is not None or self._db is not None else None

    def load_resume(self) -> SavedGame | None:
        """The saved game, or None. One that cannot be read is discarded with a notice (saves.py)."""
        row = self._read(saves.fetch, None)
        if row is None:
            return None
        try:
            return saves.saved_game(row)
        except saves.UNREADABLE as error:
            log.warning("saved game unreadable: %s", bounded(str(error)))
            self.discard_resume(_("it could not be read"), row[-1])
            return None

    def claim_resume(self, save_id: str | None) -> Pending[jobs.Claim]:
        """Take the saved game to play it on; the Pending's value says whether it was granted (Claim.CLAIMED) or
        why not: another running copy plays it, or it changed or went since it was read."""
        return self._post(jobs.JobKind.CLAIM, {"save_id": save_id}, jobs.Claim.CLAIMED)

    def abandon_resume(self, save_id: str | None, record: GameRecord) -> Pending[jobs.Claim]:
        """Record the saved game as abandoned and drop it, under the same claim as a resume."""
        data = {"save_id": save_id, "record": jobs.record_data(record, jobs.new_id())}
        return self._post(jobs.JobKind.ABANDON, data, jobs.Claim.GONE)

    def clear_resume(self) -> Pending[object]:
        """Forget the saved game, whoever's it is."""
        return self._post(jobs.JobKind.CLEAR, {})

    def discard_resume(self, reason: str, save_id: str | None = None) -> Pending[object]:
        """Forget a saved game that failed validation (that save, when its id is known), and say why."""
        log.warning("saved game discarded: %s", reason)
        self.notice(_("The saved game was discarded: {why}.").format(why=bounded(reason)))
        return self._post(jobs.JobKind.DISCARD, {"save_id": save_id}) if save_id is not None else self.clear_resume()

    # --- time trials (game.play.trial) ----------------------------------------------------------------------

    def save_trial(self, run: dict[str, Any]) -> Pending[object]:
        """Keep the run under way (its boards so far, with their videos), in place of any other."""
        return self._post(jobs.JobKind.TRIAL, {"op": "save", "run": run})

    def clear_trial(self) -> Pending[object]:
        """Forget the run under way."""
        return self._post(jobs.JobKind.TRIAL, {"op": "clear"})

    def finish_trial(self, run: dict[str, Any], total_ms: int, splits: list[int]) -> Pending[bool]:
        """A finished run: kept when it beats its set's best (the Pending's value says whether it did), and the
        run under way forgotten, in one transaction."""
        return self._post(jobs.JobKind.TRIAL, {"op": "finish", "run": run, "total_ms": total_ms, "splits": splits})

    def best_runs(self) -> dict[str, trials.BestRun]:
        """Each set's best run: its time and its time at each board won."""
        return self._read(trials.best_runs, {})

    def trial_under_way(self) -> Any:
        """The run under way as it was kept (game.play.trial checks it), or None."""
        return self._read(lambda db: trials.run_text(db, "trial_run", "slot", 0), None)

    def best_run(self, set_key: str) -> Any:
        """A set's best run whole, every board's video with it, as it was kept; or None."""
        return self._read(lambda db: trials.run_text(db, "trials", "set_key", set_key), None)
