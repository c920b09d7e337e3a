"""A video raced as a ghost: where its pointer is and which buttons it holds at a moment of the race, the board
it has played so far (the cells it has opened), its clock, and when and how it finished. Pure Python: the
view (game.view.ghost_view) draws what it says.

The race's clock and the video's game clock are one: 0 at the click that opened the first cell, paused spans
left out (`Playback`'s times). The events before the opening (pre-flags, the pointer's way to the first
click) come at negative times and are played at 0, so at 0 the ghost's board is opened as the video's was.
"""

from __future__ import annotations

import enum
from bisect import bisect_left
from typing import NamedTuple

from game.model import Cell

from .events import Video
from .mouse import Game, Outcome
from .playback import LEFT, MIDDLE, RIGHT, Playback, opening_index

# The most events that can change a game (clicks, keys) the ghost plays in one call: a speed-runner makes a few
# a second, so only a video with thousands in a moment is ever spread over frames, not held for one of them.
MOST_A_FRAME = 2000


class Finish(enum.Enum):
    """How the ghost's game ended: won, lost, or the video stopped before either."""

    WON = "won"
    LOST = "lost"
    STOPPED = "stopped"


class GhostLook(NamedTuple):
    """The ghost at one moment, as it is drawn: its pointer (board points at the video's cell size; None off
    the board), the buttons held (LEFT, RIGHT, MIDDLE bits), the cells a held button presses, its clock."""

    point: tuple[float, float] | None
    buttons: int
    pressed: tuple[Cell, ...]
    clock_ms: int


def opening_cell(video: Video, index: int | None = -1) -> Cell | None:
    """The cell of the click that opened the video's first cell: the click to make for a player of that board,
    so it opens as it did. None when no click opened a cell, or the first one hit a mine (making it would
    lose the game for the player). `index`: that click's event when known (`Playback.opening`)."""
    if index == -1:
        index = opening_index(video)
    if index is None:
        return None
    cell = video.cell_of(video.xs[index], video.ys[index])
    return None if cell is None or cell in video.mines else cell


class Ghost:
    """A video played forward on the race's clock. `look(t_ms)` moves it on to `t_ms` (never back: a race's
    clock only goes forward) and says how it looks; each call plays only the events since the last one, so
    a frame costs the few events of its 16 ms."""

    def __init__(self, playback: Playback):
        self.playback = playback
        video = self.video = playback.video
        self.opened: list[Cell] = []  # every cell the ghost has opened, in the order it opened them
        self.opened_cells: set[Cell] = set()  # the same, to look up
        self._game = Game(
            video.rows, video.cols, video.mines, opened_log=self.opened, made=video.made_click
        )  # its board, as played
        self._next = 0  # the next event to play on the ghost's board
        self._played_to = -1.0  # the latest time played
        self.finish: Finish | None = None
        self.finish_ms: int | None = None  # its time, once it finished

    @property
    def over(self) -> bool:
        return self.finish is not None

    def clock_ms(self, t_ms: float) -> int:
        """The ghost's clock when the race's reads `t_ms`: the same, held at its time once it finished."""
        t = max(0, int(t_ms))
        return t if self.finish_ms is None else min(t, self.finish_ms)

    def advance(self, t_ms: float) -> list[Cell]:
        """Play the video's events up to `t_ms` on the ghost's board; returns the cells they opened. Only the
        events that can change a game are played (a lookup skips the moves between them, however many: 600,000
        before the opening, or in one millisecond, took a frame 150-175 ms), and at most MOST_A_FRAME of those a
        call: a video with more in a moment catches up over the next frames."""
        t_ms = max(0.0, t_ms)
        if t_ms <= self._played_to:
            return []
        playback, video, game = self.playback, self.video, self._game
        count, acting = len(video), playback.acting
        end = playback.index_at(t_ms) + 1  # the events up to t_ms: times never go back
        first = bisect_left(acting, self._next)
        last = bisect_left(acting, end, first)
        if last - first > MOST_A_FRAME:
            last = first + MOST_A_FRAME
            end = acting[last]  # played up to here: the rest on the next call, whatever its time
        else:
            self._played_to = t_ms
        opened_before = len(self.opened)
        for at in range(first, last):
            if game.over:
                break
            index = acting[at]
            game.hear(video.kinds[index], video.cell_of(video.xs[index], video.ys[index]))
            if game.over:
                self._finished(Finish.WON if game.outcome == Outcome.WON else Finish.LOST, playback.time_of(index))
        self._next = end
        if end == count and self.finish is None and count:
            self._finished(Finish.STOPPED, playback.time_of(count - 1))
        fresh = self.opened[opened_before:]
        self.opened_cells.update(fresh)
        return fresh

    def look(self, t_ms: float) -> GhostLook:
        """The ghost at `t_ms` on the race's clock (moved on to it first)."""
        self.advance(t_ms)
        t = max(0.0, t_ms)
        playback = self.playback
        if self.finish_ms is not None:
            t = min(t, self.finish_ms)  # a finished ghost rests where it finished
        point = playback.cursor_at(t)
        buttons = playback.buttons_at(t) if point is not None else 0
        return GhostLook(point, buttons, self._pressed(point, buttons), self.clock_ms(t_ms))

    def _pressed(self, point: tuple[float, float] | None, buttons: int) -> tuple[Cell, ...]:
        """The cells the ghost's held buttons press: the one under it for the left button, the 3 x 3 block
        for a chord (both, or the middle one); none for the right button alone, which flags at once."""
        if point is None or not buttons or buttons == RIGHT or self.over:
            return ()
        video = self.video
        cell = video.cell_of(int(point[0]), int(point[1]))
        if cell is None:
            return ()
        if buttons & MIDDLE or buttons & (LEFT | RIGHT) == LEFT | RIGHT:
            row, col = cell
            return tuple(
                (r, c)
                for r in range(max(0, row - 1), min(video.rows, row + 2))
                for c in range(max(0, col - 1), min(video.cols, col + 2))
            )
        return (cell,)

    def _finished(self, finish: Finish, time_ms: int) -> None:
        self.finish, self.finish_ms = finish, max(0, int(time_ms))
