"""What comes to the app from off the frame thread, checked once a frame: a replay file read in the background
(a pipe, a slow disk or a large file never holds up a frame) and the records' news (the file opened late,
"records busy" starting or ending)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from game.background import BackgroundJob

if TYPE_CHECKING:
    from game.app import App

NOTIFIED = ("menu", "playing")  # the scenes with a line for news; elsewhere the menu shows it later


class Arrivals:
    def __init__(self, app: App):
        self.app = app
        self.reading: tuple[str, BackgroundJob] | None = None  # a replay file being read, and where from
        self.waiting: str | None = None  # the file dropped since, to read next

    def read_replay(self, path: str) -> None:
        """Read a replay file off the frame, then show it. One file is read at a time: a file dropped meanwhile
        waits, and a newer drop takes its place (a pile of files dropped at once would otherwise be a thread
        and a parse each, all at the same time, for a frame that shows only the last)."""
        if self.reading is None:
            self._start(path)
        else:
            self.waiting = path

    def busy(self) -> bool:
        return self.reading is not None or self.waiting is not None

    def _start(self, path: str) -> None:
        from game.files import load_replay  # the replay modules load when a file is given, not at start-up

        self.reading = (path, BackgroundJob(lambda cancel: load_replay(path)))

    def update(self) -> None:
        self._replay()
        self._records()

    def _replay(self) -> None:
        path, job = self.reading or ("", None)
        if job is None or not job.done:
            return
        self.reading, app = None, self.app
        if self.waiting is not None:  # a file dropped after this one: the one the player wants now
            waiting, self.waiting = self.waiting, None
            self._start(waiting)
            return
        if job.error is not None:
            app.scene.notify(f"Could not open {os.path.basename(path)[:60]}: {str(job.error)[:300]}")
        else:  # watched, then back; a file dropped on a replay takes its place
            on_replay = app.scene.name == "replay"
            app.show("replay", remember=not on_replay, replace=on_replay, replay=job.result)

    def _records(self) -> None:
        app = self.app
        # the records' writer, each frame: whether the file opened just now (late: it was locked at start), and a
        # "records busy" line when that starts, changes or ends. Late records give their settings (those the
        # player has not changed since) and their saved game.
        opened, said = app.store.poll(), app.store.take_status()
        if opened:
            app.settings.reload(app.store.settings())
            app.dealer.records_opened()
        if opened and app.scene.name == "menu":  # it shows what the records hold now
            app.show("menu")
        if said and app.scene.name in NOTIFIED:
            app.scene.notify(said)
        elif said:
            app.notices.append(said)
