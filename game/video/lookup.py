"""Finding things in a long video without a Python step per event: where the events of some kinds are (a search
of the kinds' bytes, at memory speed) and any event's time on the game clock (its pauses as runs of events),
so that an hour of 1,000 Hz motion is read in milliseconds."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable

from .events import Mouse, Video


def positions(video: Video, kinds: Iterable[int], data: bytes | None = None) -> list[int]:
    """The indices of the events of these kinds, in order (`data`: the kinds' bytes, when already at hand)."""
    data = video.kinds.tobytes() if data is None else data
    found: list[int] = []
    for kind in kinds:
        at = data.find(kind)
        while at >= 0:
            found.append(at)
            at = data.find(kind, at + 1)
    found.sort()
    return found


class GameClock:
    """Each event's time on the game clock, as events.game_stamps gives them all: its stamp less the pauses
    before it, or inside a pause the time the pause began. Kept as runs of events between pauses and resumes,
    so it is built in the time of the pauses."""

    def __init__(self, video: Video, data: bytes | None = None):
        self.video = video
        self._runs = [0]  # the first event of each run
        self._offsets = [0]  # what each run's times lose, or -1 inside a pause
        self._frozen = [0]  # inside a pause: the stamp of its events
        paused = 0
        began: int | None = None
        times, kinds = video.times, video.kinds
        for index in positions(video, (Mouse.PAUSE, Mouse.RESUME), data):
            if kinds[index] == Mouse.PAUSE and began is None:
                began = times[index]
                self._runs.append(index + 1)
                self._offsets.append(-1)
                self._frozen.append(began - paused)
            elif kinds[index] == Mouse.RESUME and began is not None:
                paused += times[index] - began
                began = None
                self._runs.append(index + 1)
                self._offsets.append(paused)
                self._frozen.append(0)
        self._starts: list[int] = []  # the stamp of each run's first event (a run after the last event: the
        for run, first in enumerate(self._runs):  # stamp before it), in order, to find a moment's run
            ahead = first < len(video) or self._offsets[run] < 0
            self._starts.append(self._stamp_in(run, first) if ahead else self._starts[-1])

    def _stamp_in(self, run: int, index: int) -> int:
        offset = self._offsets[run]
        return self._frozen[run] if offset < 0 else self.video.times[index] - offset

    def stamp(self, index: int) -> int:
        """Event `index`'s time on the game clock."""
        return self._stamp_in(bisect_right(self._runs, index) - 1, index)

    def index_at(self, stamp: float) -> int:
        """The last event at or before this time on the game clock; -1 before the first."""
        run = bisect_right(self._starts, stamp) - 1
        while run >= 0:
            first = self._runs[run]
            last = self._runs[run + 1] if run + 1 < len(self._runs) else len(self.video)
            if first < last:
                if self._offsets[run] < 0:
                    return last - 1
                found = bisect_right(self.video.times, stamp + self._offsets[run], first, last) - 1
                if found >= first:
                    return found
            run -= 1
        return -1
