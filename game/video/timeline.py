"""A video's figures as they stood after each of its events, for Replay to show them live: the video is played
once (off the frame: as long as `figures_of` without ZiNi), keeping the clicks, the 3BV solved and the flags
where they changed and the pointer's path at every event; then any moment's figures are a lookup. At the
video's end they are `figures_of`'s, figure for figure (the board's own figures, ZiNi first, come apart:
`board_figures`, seconds on a large board). `final_figures` is the same without keeping the moments: what the
records keep of a game, in about half the time of `figures_of` without ZiNi."""

from __future__ import annotations

import math
from array import array
from bisect import bisect_right
from typing import NamedTuple

from . import board as boardfigures
from .events import Mouse, Video, game_stamps
from .figures import Figures, level_of
from .mouse import Game, Outcome


class BoardFigures(NamedTuple):
    """What the board alone gives, whatever is played on it."""

    zini: int
    op: int
    isl: int


def board_figures(video: Video) -> BoardFigures:
    """ZiNi, the openings and the islands of the video's board (ZiNi takes seconds on 100 x 100)."""
    grid = boardfigures.numbers(video.rows, video.cols, video.mines)
    return BoardFigures(boardfigures.zini(grid), boardfigures.op(grid), boardfigures.isl(grid))


class _Solved:
    """The 3BV solved as a game's cells open (Game.solved_bbbv looks at every cell each time it is asked): the
    game logs the cells its floods open, and each counts here once."""

    def __init__(self, game: Game) -> None:
        self.grid = game.grid
        self.touching = boardfigures.openings(game.grid)  # worked out once, here
        self.zeros_left: dict[int, int] = {}
        cells = [(r, c) for r in range(game.rows) for c in range(game.cols)]
        for r, c in cells:
            if self.grid[r][c] == 0:
                opening = self.touching[r][c][0]
                self.zeros_left[opening] = self.zeros_left.get(opening, 0) + 1
        lone = sum(1 for r, c in cells if self.grid[r][c] > 0 and not self.touching[r][c])
        self.bbbv = len(self.zeros_left) + lone  # board.bbbv
        self.solved = 0
        self.log: list[tuple[int, int]] = []
        game.opened_log = self.log

    def count(self) -> int:
        """Count the cells opened since the last call; the 3BV solved."""
        for r, c in self.log:
            if self.grid[r][c] == 0:
                opening = self.touching[r][c][0]
                self.zeros_left[opening] -= 1
                self.solved += self.zeros_left[opening] == 0  # an opening counts once all its zeros are open
            elif not self.touching[r][c]:
                self.solved += 1  # a number no opening reaches
        self.log.clear()
        return self.solved


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
    """The figures of `video` at any moment. Build it off the frame thread; `at` is then a lookup. Without
    `keep`, only the figures at the end are kept (`final`): `figures_of` without the board's own, in less time."""

    def __init__(self, video: Video, keep: bool = True) -> None:
        self.video = video
        self.level = level_of(video.rows, video.cols, video.mine_count)
        game = Game(video.rows, video.cols, video.mines)
        solved = _Solved(game)
        self.bbbv = solved.bbbv
        stamps = game_stamps(video)
        self._changed_at = array("i")  # the events after which the state changed, and that state
        self._states: list[_State] = []
        self.path = array("d")  # the pointer's path (board pixels at 16 a cell) after each event
        scale = 16 / video.cell_size
        width, height = video.cols * video.cell_size, video.rows * video.cell_size
        start: int | None = None
        end: int | None = None
        path, last_x, last_y = 0.0, -1, -1
        state = self._state(game, solved)
        for index, kind in enumerate(video.kinds):
            x, y = video.xs[index], video.ys[index]
            if start is not None and x < width and y < height and kind < Mouse.PAUSE:  # as figures_of measures
                path += math.hypot(x - last_x, y - last_y) * scale
                last_x, last_y = x, y
            if keep:
                self.path.append(path)
            if kind == Mouse.MOVE or kind >= Mouse.PAUSE or game.over:  # a move or a pause changes no figure
                continue
            game.hear(kind, video.cell_of(x, y))
            if start is None and game.outcome != Outcome.READY:
                start = stamps[index]
                last_x, last_y = x, y
            if game.over:
                end = stamps[index]
            if keep and (now := self._state(game, solved)) != state:
                state = now
                self._changed_at.append(index)
                self._states.append(now)
        if not keep:  # the state at the end, after the last event (and the path to it)
            self._changed_at, self._states = array("i", [len(video) - 1]), [self._state(game, solved)]
            self.path.append(path)
        if start is not None and end is None and stamps:
            end = stamps[-1]
        self.time_ms = (end - start) if start is not None and end is not None else 0  # the game's, at its end

    @staticmethod
    def _state(game: Game, solved: _Solved) -> _State:
        c = game.counts
        flags = len(game.flagged)
        return _State(
            c.left, c.right, c.double, c.lce, c.rce, c.dce, flags, c.flags_placed, solved.count(), game.outcome
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
    computes them."""
    return Timeline(video, keep=False).final()
