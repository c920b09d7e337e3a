"""A video played back against a replay's clock: where the mouse pointer and the keyboard cursor were and which
buttons were down at any moment, and the events to step through. Pure Python; the replay scene draws what it
says. Built in the time of its pauses, buttons and keys, not its events: an hour of 1,000 Hz motion opens at
once, and every question is a binary search."""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass

from .events import KEY_CLICKS, KEYS, Mouse, Video
from .lookup import GameClock, positions
from .mouse import Game, Outcome

LEFT, RIGHT, MIDDLE = 1, 2, 4  # the buttons held, as bits
DOWN = {Mouse.LEFT_PRESS: LEFT, Mouse.RIGHT_PRESS: RIGHT, Mouse.MIDDLE_PRESS: MIDDLE}
UP = {Mouse.LEFT_RELEASE: LEFT, Mouse.RIGHT_RELEASE: RIGHT, Mouse.MIDDLE_RELEASE: MIDDLE}
CLICKS = frozenset({*DOWN, *UP, *(key for key in KEYS if KEY_CLICKS[key])})  # what [ and ] step by


# The events that may change a game (moves, middle presses, pauses and the keyboard cursor's moves never do).
ACTING = frozenset({*DOWN, *UP, Mouse.PREFLAG, *(key for key in KEYS if KEY_CLICKS[key])}) - {Mouse.MIDDLE_PRESS}


@dataclass
class _Unopened(Game):
    """A game up to the click that opens its first cell, and no further: that click is found without working
    out the board's numbers or opening its area (a flood over most of a 255 x 255 board took seconds)."""

    def __post_init__(self) -> None:
        self.grid = []
        self.opened = [[False] * self.cols for _ in range(self.rows)]  # none, until the click looked for
        self.safe_left = self.rows * self.cols - len(self.mines)
        self._touching = None

    def _open(self, cell: tuple[int, int] | None) -> bool:
        if cell is None or self.over or cell in self.flagged:
            return False
        self.outcome = Outcome.LOST if cell in self.mines else Outcome.PLAYING
        return True


def opening_index(video: Video, acting: list[int] | None = None) -> int | None:
    """The event that opened the first cell (where the game's clock starts), or None if none did. Only the
    events up to it that can change a game are played (`acting`: their indices, when known), so this is quick
    however long the video and however large its board."""
    game = _Unopened(video.rows, video.cols, video.mines, made=video.made_click)
    for index in acting if acting is not None else positions(video, ACTING):
        game.hear(video.kinds[index], video.cell_of(video.xs[index], video.ys[index]))
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
        self.acting = positions(video, ACTING, kinds)  # the events that may change a game (ghost.py plays them)
        self.opening = opening = opening_index(video, self.acting)  # the event that opened the first cell
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
        """The time of the next event after t_ms (with `clicks_only`, the next press, release or key click).
        A lookup, however many events share a millisecond."""
        index = self.index_at(t_ms) + 1  # the first event later than t_ms: times never go back
        if clicks_only:
            at = bisect_right(self._clicks, index - 1)
            index = self._clicks[at] if at < len(self._clicks) else len(self.video)
        return self.time_of(index) if index < len(self.video) else None

    def previous_time(self, t_ms: float, clicks_only: bool = False) -> float | None:
        """The time of the last event before t_ms (with `clicks_only`, the last press, release or key click).
        A lookup, however many events share a millisecond (600,000 of them took 95 ms a step)."""
        index = self.index_at(math.ceil(t_ms) - 1)  # the last event earlier than t_ms: times are whole ms
        if clicks_only:
            at = bisect_right(self._clicks, index) - 1
            index = self._clicks[at] if at >= 0 else -1
        return self.time_of(index) if index >= 0 else None
