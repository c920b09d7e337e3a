"""The figures speed-runners compare, computed from a video's events as ms-toollib computes them."""

from __future__ import annotations

import math
from array import array
from bisect import bisect_left
from dataclasses import asdict, dataclass
from itertools import compress, islice, repeat
from operator import and_, lt, sub
from typing import Any, NamedTuple

from game.model import level_of, three_bv_of

from . import board_figures as boardfigures
from .events import Mouse, Video
from .keys import as_mouse
from .lookup import GameClock, positions
from .mouse import Counts, Game, Outcome

# ms-toollib's numbers for the levels, and STNB's constant for each level. Which boards are standard, and their
# level, is the model's `level_of` (9 x 9 and 8 x 8 are both Beginner); ms-toollib calls 9 x 9 custom, without
# STNB: there, on purpose, our level and STNB are not its (tests/video/test_figures_against_ms_toollib.py).
BEGINNER, INTERMEDIATE, EXPERT, CUSTOM = 3, 4, 5, 6
LEVEL_NUMBERS = {"beginner": BEGINNER, "intermediate": INTERMEDIATE, "expert": EXPERT}
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
    def clicks_over_zini(self) -> float | None:
        """Every click over ZiNi, the clicks a greedy player who knows the board needs (the review's figure too);
        None at ZiNi 0."""
        return self.clicks / self.zini if self.zini else None

    @property
    def effective_clicks(self) -> int:
        return self.lce + self.rce + self.dce

    @property
    def bbbv_s(self) -> float | None:
        """3BV solved per second; None at 0 ms (no time to divide by: a game won by the click that opened it)."""
        return self.bbbv_solved / self.time_s if self.time_ms else None

    @property
    def rqp(self) -> float | None:
        """Time over 3BV/s (time squared over 3BV solved): lower is better. None where 3BV/s is none or 0
        (0 ms, or nothing solved)."""
        return self.time_s * self.time_s / self.bbbv_solved if self.bbbv_solved and self.time_ms else None

    @property
    def ios(self) -> float | None:
        """Index of speed, log(3BV) / log(time), for a won game of more than a second and 3BV 2 or more (the
        community's definition; ms-toollib has none); None for any other."""
        if not self.won or self.bbbv < 2 or self.time_s <= 1:
            return None
        return math.log(self.bbbv) / math.log(self.time_s)

    @property
    def stnb(self) -> float | None:
        """STNB on the standard boards (None on a custom one, and at 0 ms): the level's constant x 3BV /
        time^1.7, scaled by the square root of the part solved."""
        constant = STNB_CONSTANT.get(self.level)
        if constant is None or not self.time_ms or not self.bbbv:
            return None
        return constant * self.bbbv_solved / self.time_s**1.7 * math.sqrt(self.bbbv_solved / self.bbbv)

    @property
    def ioe(self) -> float | None:
        """Efficiency: 3BV solved per click; None without a click."""
        return self.bbbv_solved / self.clicks if self.clicks else None

    @property
    def throughput(self) -> float | None:
        """3BV solved per effective click; None without one."""
        return self.bbbv_solved / self.effective_clicks if self.effective_clicks else None

    @property
    def correctness(self) -> float | None:
        """The share of clicks that changed the board; None without a click."""
        return self.effective_clicks / self.clicks if self.clicks else None

    def as_dict(self) -> dict[str, Any]:
        """Every figure by its name here; a figure that does not apply is None (null in JSON)."""
        data = asdict(self)
        for name in ("time_s", "clicks", "effective_clicks", "bbbv_s", "rqp", "ios", "stnb", "ioe"):
            data[name] = getattr(self, name)
        data["throughput"] = self.throughput
        data["correctness"] = self.correctness
        return data


def level_number(rows: int, cols: int, mines: int) -> int:
    """A board's level as ms-toollib numbers them (CUSTOM off the standard boards), from the model's `level_of`."""
    level = level_of(rows, cols, mines)
    return CUSTOM if level is None else LEVEL_NUMBERS[level]


def figures_of(video: Video, with_board: bool = True) -> Figures:
    """Replay the video's mouse events on its board and measure the game. Only its clicks are played (a move
    changes nothing), and the path is summed in runs at C speed, so an hour of motion takes a second or so,
    and other threads (the frame) get their turn between runs. Without `with_board`, the board's own figures
    that only the board gives (ZiNi, openings, islands: seconds on a large board) are left at 0.

    >>> video = Video.from_text(["*..", "...", "..."])
    >>> video.append(Mouse.LEFT_PRESS, 100, 40, 40)
    >>> video.append(Mouse.LEFT_RELEASE, 180, 40, 40)
    >>> f = figures_of(video)
    >>> f.won, f.time_ms, f.bbbv, f.left, f.lce
    (True, 0, 1, 1, 1)
    """
    video = as_mouse(video)  # keys as the mouse events that do the same, as its EVF file holds them
    kinds = video.kinds.tobytes()
    game, opening, over = _played(video, kinds)
    time_ms, path = 0, 0.0
    if opening is not None:
        time_ms = _time_ms(video, kinds, opening, over)
        path = _path(video, opening, kinds)
    grid = game.grid
    counts = game.counts
    return Figures(
        won=game.outcome == Outcome.WON,
        lost=game.outcome == Outcome.LOST,
        level=level_number(video.rows, video.cols, video.mine_count),
        time_ms=time_ms,
        bbbv=three_bv_of(video.rows, video.cols, video.mines),
        bbbv_solved=game.solved_bbbv(),
        zini=boardfigures.zini(grid) if with_board else 0,
        op=boardfigures.op(grid) if with_board else 0,
        isl=boardfigures.isl(grid) if with_board else 0,
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


class Played(NamedTuple):
    """What a game's clicks did, as its figures count them, without the board's own figures or the path: quick
    enough for the frame at a game's end, so that its record says what its video says."""

    time_ms: int
    bbbv_solved: int
    counts: Counts


def played_of(video: Video) -> Played:
    """The game's time so far as its figures measure it (from the click that opened the first cell to the game's
    end or, while it is under way, to the video's last event: a pause, the moment the clock stopped; pauses left
    out; 0 before the first cell is open), the 3BV it solved and its clicks. Only the clicks are played:
    milliseconds for a long game."""
    video = as_mouse(video)
    kinds = video.kinds.tobytes()
    game, opening, over = _played(video, kinds)
    time_ms = 0 if opening is None else _time_ms(video, kinds, opening, over)
    return Played(time_ms, game.solved_bbbv(), game.counts)


def time_ms_of(video: Video) -> int:
    """The game's time so far, as `played_of` measures it."""
    return played_of(video).time_ms


def _played(video: Video, kinds: bytes) -> tuple[Game, int | None, int | None]:
    """The video's clicks played on its board: the game at the end, the index of the event that opened the first
    cell and of the one that ended the game (None: not yet)."""
    game = Game(video.rows, video.cols, video.mines, made=video.made_click)
    opening: int | None = None
    for index in positions(video, PLAYED, kinds):
        game.hear(video.kinds[index], video.cell_of(video.xs[index], video.ys[index]))
        if opening is None and game.outcome != Outcome.READY:
            opening = index
        if game.over:
            return game, opening, index
    return game, opening, None


def _time_ms(video: Video, kinds: bytes, opening: int, over: int | None) -> int:
    clock = GameClock(video, kinds)
    return int(clock.stamp(over if over is not None else len(video) - 1) - clock.stamp(opening))


PLAYED = frozenset(Mouse) - {Mouse.MOVE, Mouse.PAUSE, Mouse.RESUME}  # what can change the game
PATH_RUN = 4_096  # events summed at once (a few milliseconds), after which another thread (the frame) may run


def _path(video: Video, opening: int, kinds: bytes) -> float:
    """The cursor's path from the opening click to the video's end, on the board only (a point off it is not
    measured; the next one on it is measured from the last point on it), in pixels at 16 a cell, as
    ms-toollib sums it. Pauses carry the last point: they are left out too."""
    width, height = video.cols * video.cell_size, video.rows * video.cell_size
    scale = 16 / video.cell_size
    pauses = positions(video, (Mouse.PAUSE, Mouse.RESUME), kinds)
    last_x, last_y = video.xs[opening], video.ys[opening]
    path = 0.0
    for first in range(opening + 1, len(video), PATH_RUN):
        end = min(len(video), first + PATH_RUN)
        xs, ys = video.xs[first:end], video.ys[first:end]
        paused = pauses[bisect_left(pauses, first) : bisect_left(pauses, end)]
        if paused or max(xs) >= width or max(ys) >= height:  # some points to leave out
            on_board = list(map(and_, map(lt, xs, repeat(width)), map(lt, ys, repeat(height))))
            for index in paused:
                on_board[index - first] = False
            xs, ys = array("h", compress(xs, on_board)), array("h", compress(ys, on_board))
            if not xs:
                continue
        steps = map(math.hypot, map(sub, islice(xs, 1, None), xs), map(sub, islice(ys, 1, None), ys))
        path += (math.hypot(xs[0] - last_x, ys[0] - last_y) + sum(steps)) * scale
        last_x, last_y = xs[-1], ys[-1]
    return path
