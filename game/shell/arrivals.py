"""What comes to the app from off the frame thread, checked once a frame: a replay file or a video read in the
background (a pipe, a slow disk, a large file or another program's video, parsed in a child process, never
holds up a frame) and the records' news (the file opened late, "records busy" starting or ending)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, NamedTuple

from game.language import _
from game.work.background import BackgroundJob, uncollected

if TYPE_CHECKING:
    from game.files.reading import Watchable
    from game.play.dealer import Dealer
    from game.settings import Settings
    from game.store import Store


class Watch(NamedTuple):
    """A replay file or a video has been read: watch it."""

    watchable: Watchable


class Tell(NamedTuple):
    """A line for the player now, wherever they are (a dropped file that would not open)."""

    text: str


class News(NamedTuple):
    """The records' news ("records busy" starting, changing or ending): on the scene when it has a line for it,
    else kept for the menu."""

    text: str


class RecordsOpened(NamedTuple):
    """The records file opened late (it was locked at start): its settings and saved game are in."""


Arrival = Watch | Tell | News | RecordsOpened


class Arrivals:
    """Checks, once a frame, what has come from off the frame thread, and hands it to the app as Arrivals: it
    decides nothing about scenes."""

    def __init__(self, store: Store, settings: Settings, dealer: Dealer):
        self.store, self.settings, self.dealer = store, settings, dealer
        self.reading: tuple[str, BackgroundJob] | None = None  # a file being read, and where from
        self.waiting: str | None = None  # the file dropped since, to read next

    def read_replay(self, path: str) -> None:
        """Read a replay file or a video off the frame, then show it. One file is read at a time: a file
        dropped meanwhile waits, and a newer drop takes its place (a pile of files dropped at once would
        otherwise be a thread and a parse each, all at the same time, for a frame that shows only the last)."""
        if self.reading is None:
            self._start(path)
        else:
            self.waiting = path

    def busy(self) -> bool:
        return self.reading is not None or self.waiting is not None

    def _start(self, path: str) -> None:
        from game.files import reading as files  # the replay modules load when a file is given, not at start-up

        self.reading = (path, BackgroundJob(lambda cancel: uncollected(lambda: files.open_to_watch(path))))

    def update(self) -> list[Arrival]:
        """What has arrived since the last frame, in the order to act on it."""
        return [*self._replay(), *self._records()]

    def _replay(self) -> list[Arrival]:
        path, job = self.reading or ("", None)
        if job is None or not job.done:
            return []
        self.reading = None
        if self.waiting is not None:  # a file dropped after this one: the one the player wants now
            waiting, self.waiting = self.waiting, None
            self._start(waiting)
            return []
        if job.error is not None or job.result is None:
            # TRANSLATORS: a dropped file that would not open: its name, then why (the system's words, often English)
            said = _("Could not open {file}: {error}").format(
                file=os.path.basename(path)[:60], error=str(job.error)[:300]
            )
            return [Tell(said)]
        return [Watch(job.result)]

    def _records(self) -> list[Arrival]:
        # The records' writer, each frame: whether the file opened just now (late: it was locked at start), and
        # a "records busy" line when that starts, changes or ends. Late records give their settings (those the
        # player has not changed since) and their saved game.
        arrived: list[Arrival] = []
        opened, said = self.store.poll(), self.store.take_status()
        if opened:
            self.settings.reload(self.store.settings())
            self.dealer.keeper.records_opened()
            arrived.append(RecordsOpened())
        if said:
            arrived.append(News(said))
        return arrived
