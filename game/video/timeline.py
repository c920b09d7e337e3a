"""A video's figures as they stood after each of its events, for Replay to show them live: the video is played
once (off the frame: a step per event, seconds for an hour of motion), keeping the clicks, the 3BV solved and the flags
where they changed and the pointer's path at every event; then any moment's figures are a lookup. At the
video's end they are `figures_of`'s, figure for figure (the board's own figures, ZiNi first, come apart:
`board_figures`, seconds on a large board). `final_figures` is the figures at the end alone: what the records
keep of a game."""

from __future__ import annotations

import math
from array import array
from bisect import bisect_right
from typing import NamedTuple

from game.model import three_bv_of

from . import board_figures as boardfigures
from .events import KEY_CLICKS, Mouse, Video
from .figures import Figures, figures_of, level_number
from .lookup import GameClock
from .mouse import Game, Outcome

PAUSES = (Mouse.PAUSE, Mouse.RESUME)


class BoardFigures(NamedTuple):
    """What the board alone gives, whatever is played on it."""

    zini: int
    op: int
    isl: int


def board_figures(video: Video) -> BoardFigures:
    """ZiNi, the openings and the islands of the video's board (ZiNi takes seconds on 100 x 100)."""
    grid = boardfigures.numbers(video.rows, video.cols, video.mines)
    return BoardFigures(boardfigures.zini(grid), boardfigures.op(grid), boardfigures.isl(grid))


class _State(NamedTuple):
    """What changes with a click: the counts, the flags on the board and ever placed, the 3BV solved, the game."""

    left: int
    right: int
    double: int
    lce: int
    rce: int
    dce: int
    flags: int
    flags_placed: int
    solved: int
    outcome: int


class Timeline:
    """The figures of `video` at any moment. Build it off the frame thread; `at` is then a lookup."""

    def __init__(self, video: Video) -> None:
        self.video = video
        self.level = level_number(video.rows, video.cols, video.mine_count)
        game = Game(video.rows, video.cols, video.mines, made=video.made_click)
        self.bbbv = three_bv_of(video.rows, video.cols, video.mines)
        clock = GameClock(video)  # the game's time of an event, without a list of them all
        self._changed_at = array("i")  # the events after which the state changed, and that state
        self._states: list[_State] = []
        self.path = array("d")  # the pointer's path (board pixels at 16 a cell) after each event
        scale = 16 / video.cell_size
        width, height = video.cols * video.cell_size, video.rows * video.cell_size
        start: int | None = None
        end: int | None = None
        path, last_x, last_y = 0.0, -1, -1
        state = self._state(game)
        for index, kind in enumerate(video.kinds):
            x, y = video.xs[index], video.ys[index]
            pointed = kind < Mouse.PAUSE or KEY_CLICKS.get(kind)  # a key as its clicks (keys.as_mouse)
            if start is not None and x < width and y < height and pointed:  # as figures_of measures
                path += math.hypot(x - last_x, y - last_y) * scale
                last_x, last_y = x, y
            self.path.append(path)
            if kind == Mouse.MOVE or kind in PAUSES or game.over:  # a move or a pause changes no figure
                continue
            game.hear(kind, video.cell_of(x, y))
            if start is None and game.outcome != Outcome.READY:
                start = clock.stamp(index)
                last_x, last_y = x, y
            if game.over:
                end = clock.stamp(index)
            if (now := self._state(game)) != state:
                state = now
                self._changed_at.append(index)
                self._states.append(now)
        if start is not None and end is None and len(video):
            end = clock.stamp(len(video) - 1)
        self.time_ms = (end - start) if start is not None and end is not None else 0  # the game's, at its end

    @staticmethod
    def _state(game: Game) -> _State:
        c = game.counts
        flags = len(game.flagged)
        return _State(
            c.left, c.right, c.double, c.lce, c.rce, c.dce, flags, c.flags_placed, game.bbbv_solved, game.outcome
        )

    def at(self, index: int, t_ms: float, board: BoardFigures | None = None) -> Figures:
        """The figures after the video's event `index` (-1: before any), at `t_ms` on the game's clock (from
        the click that opened the first cell; the time stops at the game's end). `board`: the board's own
        figures once worked out (0 until then)."""
        n = bisect_right(self._changed_at, index) - 1
        s = self._states[n] if n >= 0 else _State(0, 0, 0, 0, 0, 0, 0, 0, 0, Outcome.READY)
        over = s.outcome in (Outcome.WON, Outcome.LOST)
        time_ms = self.time_ms if over else max(0, min(round(t_ms), self.time_ms))
        b = board or BoardFigures(0, 0, 0)
        return Figures(
            won=s.outcome == Outcome.WON,
            lost=s.outcome == Outcome.LOST,
            level=self.level,
            time_ms=time_ms,
            bbbv=self.bbbv,
            bbbv_solved=s.solved,
            zini=b.zini,
            op=b.op,
            isl=b.isl,
            left=s.left,
            right=s.right,
            double=s.double,
            lce=s.lce,
            rce=s.rce,
            dce=s.dce,
            flags=s.flags,
            nf=s.flags_placed == 0,
            path=self.path[min(index, len(self.path) - 1)] if index >= 0 and self.path else 0.0,
        )

    def final(self, board: BoardFigures | None = None) -> Figures:
        """The figures at the video's end: `figures_of`'s."""
        return self.at(len(self.video) - 1, self.time_ms, board)


def final_figures(video: Video) -> Figures:
    """The figures of the whole video but the board's own (ZiNi, openings, islands: 0), as `figures_of`
    computes them, and as quickly: an hour of motion in a second or so, not a step per event."""
    return figures_of(video, with_board=False)
