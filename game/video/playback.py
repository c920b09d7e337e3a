"""A video played back against a replay's clock: where the cursor was and which buttons were down at any
moment, and the events to step through. Pure Python; the replay scene draws what it says."""

from __future__ import annotations

import re
from bisect import bisect_right

from .events import Mouse, Video, game_stamps
from .mouse import Game, Outcome

LEFT, RIGHT, MIDDLE = 1, 2, 4  # the buttons held, as bits
DOWN = {Mouse.LEFT_PRESS: LEFT, Mouse.RIGHT_PRESS: RIGHT, Mouse.MIDDLE_PRESS: MIDDLE}
UP = {Mouse.LEFT_RELEASE: LEFT, Mouse.RIGHT_RELEASE: RIGHT, Mouse.MIDDLE_RELEASE: MIDDLE}
BUTTON_BYTES = re.compile(b"[" + bytes(sorted({*DOWN, *UP})) + b"]")


def opening_index(video: Video) -> int | None:
    """The event that opened the first cell (where the game's clock starts), or None if none did. Only the
    events up to it are played, so this is quick however long the video."""
    game = Game(video.rows, video.cols, video.mines)
    for index, kind in enumerate(video.kinds):
        game.hear(kind, video.cell_of(video.xs[index], video.ys[index]))
        if game.outcome != Outcome.READY:
            return index
    return None


class Playback:
    """The video on the replay's clock: milliseconds from the event that opened the first cell, pauses left
    out (events before the opening come at negative times)."""

    def __init__(self, video: Video):
        self.video = video
        # Without pauses the clock is the stamps; the buttons change only at button events, found at C speed.
        stamps = game_stamps(video) if Mouse.PAUSE in video.kinds else video.times
        self.opening = opening = opening_index(video)  # the event that opened the first cell (None: none did)
        zero = stamps[opening] if opening is not None else (stamps[0] if len(stamps) else 0)
        self.times = [stamp - zero for stamp in stamps]
        self._changes = [0]  # the event indices where the buttons held changed, and what they became
        self._held = [0]
        buttons = 0
        for match in re.finditer(BUTTON_BYTES, video.kinds.tobytes()):
            index = match.start()
            kind = video.kinds[index]
            buttons = (buttons | DOWN.get(kind, 0)) & ~UP.get(kind, 0)
            self._changes.append(index)
            self._held.append(buttons)

    def __len__(self) -> int:
        return len(self.times)

    def index_at(self, t_ms: float) -> int:
        """The last event at or before t_ms; -1 before the first."""
        return bisect_right(self.times, t_ms) - 1

    def cursor_at(self, t_ms: float) -> tuple[float, float] | None:
        """Where the cursor was at t_ms, in board points at the video's cell size, moving in a straight line
        between two events (for drawing only); None before the first event or while off the board."""
        index = self.index_at(t_ms)
        if index < 0:
            return None
        video = self.video
        width, height = video.cols * video.cell_size, video.rows * video.cell_size
        x, y = video.xs[index], video.ys[index]
        if x >= width or y >= height:
            return None
        if index + 1 < len(self.times) and video.kinds[index + 1] < Mouse.PAUSE:
            nx, ny = video.xs[index + 1], video.ys[index + 1]
            span = self.times[index + 1] - self.times[index]
            if span > 0 and nx < width and ny < height:
                share = (t_ms - self.times[index]) / span
                return x + (nx - x) * share, y + (ny - y) * share
        return float(x), float(y)

    def held_after(self, index: int) -> int:
        """The buttons held just after event `index` (LEFT, RIGHT, MIDDLE bits)."""
        if index < 0:
            return 0
        return self._held[bisect_right(self._changes, index) - 1]

    def buttons_at(self, t_ms: float) -> int:
        """The buttons held at t_ms."""
        return self.held_after(self.index_at(t_ms))

    def next_time(self, t_ms: float, clicks_only: bool = False) -> float | None:
        """The time of the next event after t_ms (with `clicks_only`, the next press or release)."""
        index = self.index_at(t_ms) + 1
        kinds = self.video.kinds
        while index < len(self.times):
            if self.times[index] > t_ms and (not clicks_only or kinds[index] in DOWN or kinds[index] in UP):
                return self.times[index]
            index += 1
        return None

    def previous_time(self, t_ms: float, clicks_only: bool = False) -> float | None:
        """The time of the last event before t_ms (with `clicks_only`, the last press or release)."""
        index = bisect_right(self.times, t_ms) - 1
        kinds = self.video.kinds
        while index >= 0:
            if self.times[index] < t_ms and (not clicks_only or kinds[index] in DOWN or kinds[index] in UP):
                return self.times[index]
            index -= 1
        return None
