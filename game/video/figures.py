"""The figures speed-runners compare, computed from a video's events as ms-toollib computes them."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from . import board as boardfigures
from .events import Mouse, Video, game_stamps
from .mouse import Game, Outcome

# ms-toollib's levels (its numbers) and STNB's constant for each standard board: (rows, cols, mines). Beginner
# is Arbiter's 8x8: ms-toollib counts Windows' 9x9 beginner as a custom board, without STNB, and so do we.
BEGINNER, INTERMEDIATE, EXPERT, CUSTOM = 3, 4, 5, 6
LEVELS = {(8, 8, 10): BEGINNER, (16, 16, 40): INTERMEDIATE, (16, 30, 99): EXPERT}
STNB_CONSTANT = {BEGINNER: 36.0, INTERMEDIATE: 162.0, EXPERT: 435.0}


@dataclass(frozen=True)
class Figures:
    """Everything one game's video is judged by. Rates use the part solved (`bbbv_solved`), so a lost game
    gets the figures of what it cleared."""

    won: bool
    lost: bool
    level: int
    time_ms: int
    bbbv: int
    bbbv_solved: int
    zini: int
    op: int
    isl: int
    left: int
    right: int
    double: int
    lce: int
    rce: int
    dce: int
    flags: int  # on the board at the end
    nf: bool  # no flag placed at all
    path: float  # pixels at 16 a cell

    @property
    def time_s(self) -> float:
        return self.time_ms / 1000

    @property
    def clicks(self) -> int:
        return self.left + self.right + self.double

    @property
    def effective_clicks(self) -> int:
        return self.lce + self.rce + self.dce

    @property
    def bbbv_s(self) -> float:
        return self.bbbv_solved / self.time_s if self.time_ms else 0.0

    @property
    def rqp(self) -> float:
        """Time over 3BV/s: lower is better."""
        return self.time_s * self.time_s / self.bbbv_solved if self.bbbv_solved else math.inf

    @property
    def ios(self) -> float:
        """Index of speed, log(3BV) / log(time), for a won game (the community's definition; ms-toollib has none)."""
        if not self.won or self.bbbv < 2 or self.time_s <= 1:
            return 0.0
        return math.log(self.bbbv) / math.log(self.time_s)

    @property
    def stnb(self) -> float:
        """STNB on the standard boards (0 elsewhere): a level's constant x 3BV / time^1.7, scaled by the
        square root of the part solved."""
        constant = STNB_CONSTANT.get(self.level)
        if constant is None or not self.time_ms or not self.bbbv_solved:
            return 0.0
        return constant * self.bbbv_solved / self.time_s**1.7 * math.sqrt(self.bbbv_solved / self.bbbv)

    @property
    def ioe(self) -> float:
        """Efficiency: 3BV solved per click."""
        return self.bbbv_solved / self.clicks if self.clicks else 0.0

    @property
    def throughput(self) -> float:
        """3BV solved per effective click."""
        return self.bbbv_solved / self.effective_clicks if self.effective_clicks else 0.0

    @property
    def correctness(self) -> float:
        """The share of clicks that changed the board."""
        return self.effective_clicks / self.clicks if self.clicks else 0.0

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for name in ("time_s", "clicks", "effective_clicks", "bbbv_s", "rqp", "ios", "stnb", "ioe"):
            data[name] = getattr(self, name)
        data["throughput"] = self.throughput
        data["correctness"] = self.correctness
        if math.isinf(data["rqp"]):
            data["rqp"] = None  # JSON has no infinity
        return data


def level_of(rows: int, cols: int, mines: int) -> int:
    return LEVELS.get((rows, cols, mines), CUSTOM)


def figures_of(video: Video) -> Figures:
    """Replay the video's mouse events on its board and measure the game.

    >>> video = Video.from_text(["*..", "...", "..."])
    >>> video.append(Mouse.LEFT_PRESS, 100, 40, 40)
    >>> video.append(Mouse.LEFT_RELEASE, 180, 40, 40)
    >>> f = figures_of(video)
    >>> f.won, f.time_ms, f.bbbv, f.left, f.lce
    (True, 0, 1, 1, 1)
    """
    game = Game(video.rows, video.cols, video.mines)
    stamps = game_stamps(video)
    start: int | None = None
    end: int | None = None
    path = 0.0
    scale = 16 / video.cell_size
    width, height = video.cols * video.cell_size, video.rows * video.cell_size
    last_x = last_y = -1
    for index, kind in enumerate(video.kinds):
        x, y = video.xs[index], video.ys[index]
        # The cursor's path runs from the opening click to the video's end, on the board only (a move off
        # it is not measured; the next one on it is measured from the last point on it), as ms-toollib does.
        if start is not None and x < width and y < height and kind < Mouse.PAUSE:
            path += math.hypot(x - last_x, y - last_y) * scale
            last_x, last_y = x, y
        if game.over:
            continue
        game.hear(kind, video.cell_of(x, y))
        if start is None and game.outcome != Outcome.READY:
            start = stamps[index]
            last_x, last_y = x, y
        if game.over:
            end = stamps[index]
    if start is not None and end is None and stamps:
        end = stamps[-1]
    grid = game.grid
    counts = game.counts
    return Figures(
        won=game.outcome == Outcome.WON,
        lost=game.outcome == Outcome.LOST,
        level=level_of(video.rows, video.cols, video.mine_count),
        time_ms=(end - start) if start is not None and end is not None else 0,
        bbbv=boardfigures.bbbv(grid),
        bbbv_solved=game.solved_bbbv(),
        zini=boardfigures.zini(grid),
        op=boardfigures.op(grid),
        isl=boardfigures.isl(grid),
        left=counts.left,
        right=counts.right,
        double=counts.double,
        lce=counts.lce,
        rce=counts.rce,
        dce=counts.dce,
        flags=len(game.flagged),
        nf=counts.flags_placed == 0,
        path=path,
    )
