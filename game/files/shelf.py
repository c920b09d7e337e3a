"""The videos the game lists to watch: the records folder's videos/ (where the player puts other programs' AVF,
RMV, MVF and EVF files) and our own exports in replays/. A thread finds the names (the list shows at once)
and then reads each file's board, time and player in the background, a batch to a reader child, the rows on
show first; the frame only takes what has come (`poll`), never waits on a disk, a child or a lock."""

from __future__ import annotations

import contextlib
import os
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.language import _

VIDEOS_FOLDER = "videos"
VIDEO_SUFFIXES = (".avf", ".rmv", ".mvf", ".evf")  # what game.video.foreign reads
REPLAY_SUFFIX = ".json"
MAX_LISTED = 10_000  # a folder of more lists its newest
BATCH = 16  # files to a reader child: its start costs more than a small video's parse


@dataclass(frozen=True)
class Summary:
    """What a row shows of a file once read."""

    rows: int
    cols: int
    mines: int
    time_ms: int
    outcome: str  # "won", "lost" or "unfinished": a code, not words (the scene says it in the player's language)
    player: str


@dataclass
class Entry:
    """One file in the list: its name and kind at once, its summary (or why it cannot be read) later."""

    path: Path
    kind: str  # "AVF", "RMV", "MVF", "EVF" or "replay"
    modified: float
    summary: Summary | None = None
    error: str = ""

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def read(self) -> bool:
        return self.summary is not None or bool(self.error)


def listing(folders: list[Path]) -> list[Entry]:
    """The videos and replays in `folders` (not below them), newest first. Our own exports are a replay file
    and an EVF file of one game: the EVF stands for both."""
    entries: list[Entry] = []
    for folder in folders:
        try:
            with os.scandir(folder) as found:
                files = [(item.name, item) for item in found if item.is_file()]
        except OSError:
            continue
        names = {name.lower() for name, _kind in files}
        for name, item in files:
            suffix = os.path.splitext(name)[1].lower()
            if suffix == REPLAY_SUFFIX and f"{os.path.splitext(name)[0]}.evf".lower() in names:
                continue
            if suffix not in VIDEO_SUFFIXES and suffix != REPLAY_SUFFIX:
                continue
            try:
                modified = item.stat().st_mtime
            except OSError:
                continue
            kind = "replay" if suffix == REPLAY_SUFFIX else suffix[1:].upper()
            entries.append(Entry(Path(item.path), kind, modified))
    entries.sort(key=lambda entry: (-entry.modified, entry.name))
    return entries[:MAX_LISTED]


def read_summaries(entries: list[Entry]) -> list[Summary | str]:
    """Each file's summary, or the sentence saying why it cannot be read (the name left out: the row shows it)."""
    from game.video.foreign import UnreadableVideo, read_many
    from game.video.moves import moves_of

    results: list[Summary | str] = []
    videos = [entry.path for entry in entries if entry.kind != "replay"]
    read = iter(read_many(videos, batch=BATCH))
    for entry in entries:
        if entry.kind == "replay":
            results.append(_replay_summary(entry.path))
            continue
        foreign = next(read)
        if isinstance(foreign, UnreadableVideo):
            results.append(foreign.why)
            continue
        video = foreign.video
        played = moves_of(video)
        outcome = {"WON": "won", "LOST": "lost"}.get(played.outcome.name, "unfinished")
        results.append(Summary(video.rows, video.cols, video.mine_count, played.elapsed_ms, outcome, video.player))
    return results


def _replay_summary(path: Path) -> Summary | str:
    from game.files.reading import load_replay

    try:
        replay = load_replay(path)
    except ValueError as error:
        return str(error)
    state = replay.final_board().state.value
    outcome = state if state in ("won", "lost") else "unfinished"
    return Summary(replay.rows, replay.cols, replay.mines, replay.elapsed_ms, outcome, "")


class Shelf:
    """The list of `folders`, filled in by a thread. `entries` belongs to the frame: it changes only in
    `poll`. `want(first)` says which row the list shows first, so those are read next."""

    def __init__(self, folders: list[Path], read: Callable[[list[Entry]], list[Summary | str]] | None = None):
        self.folders = folders
        self.entries: list[Entry] = []
        self.listed = False
        self.unread = 0  # entries not read yet
        self._read = read or (lambda entries: read_summaries(entries))  # looked up when called: tests replace it
        self._first = 0  # written by the frame, read by the thread (a plain int: no lock needed)
        self._arrived: deque[tuple[int, Summary | str] | list[Entry]] = deque()  # appended there, taken here
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="shelf")
        self._thread.start()

    def want(self, first: int) -> None:
        self._first = max(0, first)

    def poll(self) -> bool:
        """Take what the thread has found since the last frame; True when anything changed."""
        changed = False
        while self._arrived:
            item = self._arrived.popleft()
            if isinstance(item, list):
                self.entries, self.listed, self.unread = item, True, len(item)
            else:
                index, summary = item
                self.unread -= 1
                if isinstance(summary, Summary):
                    self.entries[index].summary = summary
                else:
                    self.entries[index].error = summary
            changed = True
        return changed

    def close(self) -> None:
        """Stop after the batch being read (the thread is a daemon: quitting never waits for it)."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every file is read or the shelf is closed (tests, tools); True when it finished."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _run(self) -> None:
        for folder in self.folders:
            with contextlib.suppress(OSError):
                folder.mkdir(parents=True, exist_ok=True)  # so the player finds where to put videos
        entries = listing(self.folders)
        # The thread keeps its own copy of what is read; the entries themselves are the frame's from now on.
        done = [False] * len(entries)
        self._arrived.append(entries)
        while not self._stop.is_set():
            first = min(self._first, len(entries))
            order = [*range(first, len(entries)), *range(first)]
            batch = [index for index in order if not done[index]][:BATCH]
            if not batch:
                return
            try:
                results = self._read([entries[index] for index in batch])
            except Exception as error:  # a reader that fails says so on each row, and the list goes on
                said = _("could not be read ({why})").format(why=type(error).__name__)  # in the language then
                results = [said] * len(batch)
            for index, result in zip(batch, results):
                done[index] = True
                self._arrived.append((index, result))
