"""A video played back against a replay's clock: where the mouse pointer and the keyboard cursor were and which
buttons were down at any moment, and the events to step through. Pure Python; the replay scene draws what it
says. Built in the time of its pauses, buttons and keys, not its events: an hour of 1,000 Hz motion opens at
once, and every question is a binary search."""

from __future__ import annotations

from bisect import bisect_right

from .events import KEY_CLICKS, KEYS, Mouse, Video
from .lookup import GameClock, positions
from .mouse import Game, Outcome

LEFT, RIGHT, MIDDLE = 1, 2, 4  # the buttons held, as bits
DOWN = {Mouse.LEFT_PRESS: LEFT, Mouse.RIGHT_PRESS: RIGHT, Mouse.MIDDLE_PRESS: MIDDLE}
UP = {Mouse.LEFT_RELEASE: LEFT, Mouse.RIGHT_RELEASE: RIGHT, Mouse.MIDDLE_RELEASE: MIDDLE}
CLICKS = frozenset({*DOWN, *UP, *(key for key in KEYS if KEY_CLICKS[key])})  # what [ and ] step by


def opening_index(video: Video) -> int | None:
    """The event that opened the first cell (where the game's clock starts), or None if none did. Only the
    events up to it are played, so this is quick however long the video."""
    game = Game(video.rows, video.cols, video.mines, made=video.made_click)
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
        kinds = video.kinds.tobytes()
        self.clock = GameClock(video, kinds)
        self.opening = opening = opening_index(video)  # the event that opened the first cell (None: none did)
        self.zero = self.clock.stamp(opening if opening is not None else 0) if len(video) else 0
        self._changes = [0]  # the event indices where the buttons held changed, and what they became
        self._held = [0]
        buttons = 0
        for index in positions(video, (*DOWN, *UP), kinds):
            kind = video.kinds[index]
            buttons = (buttons | DOWN.get(kind, 0)) & ~UP.get(kind, 0)
            self._changes.append(index)
            self._held.append(buttons)
        self._clicks = positions(video, CLICKS, kinds)
        self._keys = positions(video, KEYS, kinds)
        self._cursor_changes, self._cursors = self._keyboard_cursor()

    def time_of(self, index: int) -> int:
        """Event `index`'s time on the replay's clock."""
        return self.clock.stamp(index) - self.zero

    def __len__(self) -> int:
        return len(self.video)

    def index_at(self, t_ms: float) -> int:
        """The last event at or before t_ms; -1 before the first."""
        return self.clock.index_at(t_ms + self.zero)

    def cursor_at(self, t_ms: float) -> tuple[float, float] | None:
        """Where the mouse pointer was at t_ms, in board points at the video's cell size, moving in a straight
        line between two events (for drawing only); None before the first event or while off the board."""
        index = self._mouse_at_or_before(self.index_at(t_ms))
        if index < 0:
            return None
        video = self.video
        width, height = video.cols * video.cell_size, video.rows * video.cell_size
        x, y = video.xs[index], video.ys[index]
        if x >= width or y >= height:
            return None
        after = self._mouse_after(index)
        if after < len(video) and video.kinds[after] < Mouse.PAUSE:
            nx, ny = video.xs[after], video.ys[after]
            start, span = self.time_of(index), self.time_of(after) - self.time_of(index)
            if span > 0 and nx < width and ny < height:
                share = (t_ms - start) / span
                return x + (nx - x) * share, y + (ny - y) * share
        return float(x), float(y)

    def _mouse_at_or_before(self, index: int) -> int:
        """The last event at or before `index` that says where the mouse was (keys are at their cell)."""
        kinds = self.video.kinds
        while index >= 0 and kinds[index] in KEYS:
            index -= 1
        return index

    def _mouse_after(self, index: int) -> int:
        kinds = self.video.kinds
        index += 1
        while index < len(kinds) and kinds[index] in KEYS:
            index += 1
        return index

    def key_cursor_at(self, t_ms: float) -> tuple[int, int] | None:
        """The keyboard cursor's cell at t_ms: where the last key put it, until the mouse moved on the board."""
        at = bisect_right(self._cursor_changes, self.index_at(t_ms)) - 1
        return self._cursors[at] if at >= 0 else None

    def _keyboard_cursor(self) -> tuple[list[int], list[tuple[int, int] | None]]:
        """The events where the keyboard cursor appeared or moved (a key) or went (the mouse moved over a cell,
        as the game's interpreter hides it), and where it was after each."""
        video, changes, cells = self.video, [], []
        kinds, keys = video.kinds, self._keys
        for number, index in enumerate(keys):
            changes.append(index)
            cells.append(video.cell_of(video.xs[index], video.ys[index]))
            end = keys[number + 1] if number + 1 < len(keys) else len(video)
            for later in range(index + 1, end):
                if kinds[later] == Mouse.MOVE and video.cell_of(video.xs[later], video.ys[later]) is not None:
                    changes.append(later)
                    cells.append(None)
                    break
        return changes, cells

    def held_after(self, index: int) -> int:
        """The buttons held just after event `index` (LEFT, RIGHT, MIDDLE bits)."""
        if index < 0:
            return 0
        return self._held[bisect_right(self._changes, index) - 1]

    def buttons_at(self, t_ms: float) -> int:
        """The buttons held at t_ms."""
        return self.held_after(self.index_at(t_ms))

    def next_time(self, t_ms: float, clicks_only: bool = False) -> float | None:
        """The time of the next event after t_ms (with `clicks_only`, the next press, release or key click)."""
        index = self.index_at(t_ms) + 1
        if clicks_only:
            at = bisect_right(self._clicks, index - 1)
            candidates = iter(self._clicks[at:])
        else:
            candidates = iter(range(index, len(self.video)))
        for candidate in candidates:
            if self.time_of(candidate) > t_ms:
                return self.time_of(candidate)
        return None

    def previous_time(self, t_ms: float, clicks_only: bool = False) -> float | None:
        """The time of the last event before t_ms (with `clicks_only`, the last press, release or key click)."""
        index = self.index_at(t_ms)
        if clicks_only:
            at = bisect_right(self._clicks, index)
            candidates = reversed(self._clicks[:at])
        else:
            candidates = iter(range(index, -1, -1))
        for candidate in candidates:
            if self.time_of(candidate) < t_ms:
                return self.time_of(candidate)
        return None
