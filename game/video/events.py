"""A video of one game: the board and every mouse event (and key that played on it) with its time, kept in
compact parallel columns."""

from __future__ import annotations

import enum
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from game.language import _, ngettext

# What speed-runners' programs accept: a cell of 5-255 pixels, at most 255 rows and columns, and a side of at
# most 32767 pixels (EVF's limits, the strictest of the formats we read).
MIN_CELL_SIZE = 5
MAX_CELL_SIZE = 255
MAX_SIDE_CELLS = 255
MAX_SIDE_PIXELS = 32767
DEFAULT_CELL_SIZE = 16


class Mouse(enum.IntEnum):
    """What happened at one event. The numbers are EVF's mouse codes where EVF has one."""

    MOVE = 1
    LEFT_PRESS = 2
    LEFT_RELEASE = 3
    RIGHT_PRESS = 4
    RIGHT_RELEASE = 5
    MIDDLE_PRESS = 6
    MIDDLE_RELEASE = 7
    PREFLAG = 8  # a flag placed before the game began, as some programs record it (one right click, one flag)
    # The game clock stops between these two; the cursor does not matter, so they carry the last position.
    PAUSE = 100
    RESUME = 101
    # Keys that played on the board, at the centre of the keyboard cursor's cell (not the mouse's point): the
    # cursor moved there (or appeared), Space or Enter opened or chorded it, F flagged it. No other program's
    # format has keys: `keys.as_mouse` gives the mouse events that do the same, for EVF and the figures.
    KEY_CURSOR = 110
    KEY_OPEN = 111
    KEY_CHORD = 112
    KEY_FLAG = 113


KEYS = frozenset({Mouse.KEY_CURSOR, Mouse.KEY_OPEN, Mouse.KEY_CHORD, Mouse.KEY_FLAG})
BUTTONS = frozenset(Mouse) - {Mouse.MOVE, Mouse.PAUSE, Mouse.RESUME, Mouse.PREFLAG} - KEYS
KINDS = frozenset(int(kind) for kind in Mouse)
COLUMN_CODES = ("B", "I", "h", "h")  # kinds, times, xs, ys
# A key as the mouse events that do the same on the cell: a left click, both buttons (a chord), a right click.
KEY_CLICKS: dict[int, tuple[Mouse, ...]] = {
    Mouse.KEY_CURSOR: (),
    Mouse.KEY_OPEN: (Mouse.LEFT_PRESS, Mouse.LEFT_RELEASE),
    Mouse.KEY_CHORD: (Mouse.LEFT_PRESS, Mouse.RIGHT_PRESS, Mouse.LEFT_RELEASE, Mouse.RIGHT_RELEASE),
    Mouse.KEY_FLAG: (Mouse.RIGHT_PRESS, Mouse.RIGHT_RELEASE),
}


@dataclass(frozen=True)
class Event:
    """One row of a video, as a value (the video itself keeps columns, not these)."""

    kind: Mouse
    time_ms: int
    x: int
    y: int


class VideoError(ValueError):
    """A video that breaks its own rules: out of range, out of order, or inconsistent."""


@dataclass
class Video:
    """A recorded game: the board (rows, cols and where the mines are) and the mouse events.

    Positions are pixels from the board's top-left corner at `cell_size` pixels a cell, so they survive zoom
    and scroll: the recorder converts a screen point with `board_point`. A position off the board is kept
    as the corner just past the board (cols x cell_size, rows x cell_size), as EVF records it, so the path
    a video shows is the path its EVF file gives. Times are milliseconds since the recording
    began, never decreasing; the game's time is the span from the event that opens the first cell to the
    last event, less the paused spans (see `figures`).

    >>> video = Video.from_text(["*..", "...", "..*"])
    >>> video.append(Mouse.LEFT_PRESS, 0, 24, 24)
    >>> video.append(Mouse.LEFT_RELEASE, 93, 24, 24)
    >>> len(video), video[1]
    (2, Event(kind=<Mouse.LEFT_RELEASE: 3>, time_ms=93, x=24, y=24))
    """

    rows: int
    cols: int
    mines: frozenset[tuple[int, int]]
    cell_size: int = DEFAULT_CELL_SIZE
    player: str = ""
    software: str = ""
    question_marks: bool = False
    no_guess: bool = False
    # the EVF game mode of a board that changed under guesses (the no-guess family: game.model.GuessRule), else 0
    mode: int = 0
    assisted: bool = False  # hints or other help were used: the game is then neither official nor fair
    filtered: bool = False  # the board was chosen by its 3BV (a range the player set): not fair either
    # its first click (a left press and release on one cell, at its start) was made for the player (a same board,
    # a code, a race): it opens the board as it did, and is counted in no click count (see `record_made_click`)
    made_click: bool = False
    kinds: array = field(default_factory=lambda: array(COLUMN_CODES[0]))
    times: array = field(default_factory=lambda: array(COLUMN_CODES[1]))
    xs: array = field(default_factory=lambda: array(COLUMN_CODES[2]))
    ys: array = field(default_factory=lambda: array(COLUMN_CODES[3]))

    def __post_init__(self) -> None:
        if not (1 <= self.rows <= MAX_SIDE_CELLS and 1 <= self.cols <= MAX_SIDE_CELLS):
            raise VideoError(
                _("a board of {rows}x{cols} cells is outside 1-{most}").format(
                    rows=self.rows, cols=self.cols, most=MAX_SIDE_CELLS
                )
            )
        if not MIN_CELL_SIZE <= self.cell_size <= MAX_CELL_SIZE:
            raise VideoError(
                ngettext(
                    "a cell of {count} pixel is outside {least}-{most}",
                    "a cell of {count} pixels is outside {least}-{most}",
                    self.cell_size,
                ).format(count=self.cell_size, least=MIN_CELL_SIZE, most=MAX_CELL_SIZE)
            )
        if max(self.rows, self.cols) * self.cell_size > MAX_SIDE_PIXELS:
            raise VideoError(
                ngettext(
                    "a side of more than {count} pixel", "a side of more than {count} pixels", MAX_SIDE_PIXELS
                ).format(count=MAX_SIDE_PIXELS)
            )
        bad = [cell for cell in self.mines if not (0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols)]
        if bad:
            raise VideoError(
                _("mine {cell} is off the {rows}x{cols} board").format(cell=bad[0], rows=self.rows, cols=self.cols)
            )
        if len(self.mines) >= self.rows * self.cols:
            raise VideoError(
                ngettext(
                    "{count} mine leaves no safe cell on {rows}x{cols}",
                    "{count} mines leave no safe cell on {rows}x{cols}",
                    len(self.mines),
                ).format(count=len(self.mines), rows=self.rows, cols=self.cols)
            )

    @classmethod
    def from_text(cls, lines: Sequence[str], **options: object) -> Video:
        """A video of the board drawn as text (`*` a mine, `.` safe), with no events yet."""
        mines = frozenset((r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch == "*")
        return cls(len(lines), len(lines[0]), mines, **options)  # type: ignore[arg-type]

    @property
    def mine_count(self) -> int:
        return len(self.mines)

    def append(self, kind: Mouse, time_ms: int, x: int, y: int) -> None:
        """Record one event. Cheap (four array appends), so it can run on every input event."""
        times = self.times
        if times and time_ms < times[-1]:
            raise VideoError(f"event at {time_ms} ms comes after one at {times[-1]} ms")
        width, height = self.cols * self.cell_size, self.rows * self.cell_size
        if not (0 <= x < width and 0 <= y < height):
            x, y = width, height
        self.kinds.append(kind)
        times.append(time_ms)
        self.xs.append(x)
        self.ys.append(y)

    def __len__(self) -> int:
        return len(self.kinds)

    def __getitem__(self, index: int) -> Event:
        return Event(Mouse(self.kinds[index]), self.times[index], self.xs[index], self.ys[index])

    def __iter__(self) -> Iterator[Event]:
        for index in range(len(self.kinds)):
            yield self[index]

    def cell_of(self, x: int, y: int) -> tuple[int, int] | None:
        """The (row, col) under a board point, or None off the board."""
        if x < 0 or y < 0:
            return None
        row, col = y // self.cell_size, x // self.cell_size
        return (row, col) if row < self.rows and col < self.cols else None

    def board_rows(self) -> list[str]:
        """The board as text, `*` a mine and `.` safe."""
        return ["".join("*" if (r, c) in self.mines else "." for c in range(self.cols)) for r in range(self.rows)]


def new_video(rows: int, cols: int, mines: frozenset[tuple[int, int]] = frozenset()) -> Video | None:
    """An empty video of a board (its mines, when laid: else they come with the first reveal), or None past a
    video's size."""
    if max(rows, cols) > MAX_SIDE_CELLS:
        return None
    return Video(rows, cols, mines)


def record_made_click(video: Video | None, cell: tuple[int, int] | None) -> None:
    """The click a same board, a board code or a race makes for the player, so that the board opens as it did:
    a left click at the cell's centre at the video's start, then a pause (the clock waits for the player's
    move), so that the video alone replays the game and its time is the game's. The video says the click was
    made (`made_click`): the figures leave it out of every click count, as the game does. An EVF file cannot say
    so (the format opens a board only by a click): there it is the opening left click, and ms-toollib counts it."""
    if video is None or cell is None or len(video):
        return
    video.made_click = True
    x, y = cell_centre(video, cell)
    for kind in (Mouse.LEFT_PRESS, Mouse.LEFT_RELEASE, Mouse.PAUSE):
        video.append(kind, 0, x, y)


def cell_centre(video: Video, cell: tuple[int, int]) -> tuple[int, int]:
    """The board point at the centre of a cell: where a key's event is."""
    half = video.cell_size // 2
    return cell[1] * video.cell_size + half, cell[0] * video.cell_size + half


def board_point(
    screen_x: float, screen_y: float, origin: tuple[float, float], cell_px: float, cell_size: int
) -> tuple[int, int]:
    """A screen point as a board point at `cell_size` pixels a cell, whatever the zoom and scroll in force:
    `origin` is where the board's top-left corner is on screen and `cell_px` the drawn size of a cell.

    >>> board_point(130, 70, (10, 6), 32, 16)
    (60, 32)
    """
    scale = cell_size / cell_px
    return int((screen_x - origin[0]) * scale // 1), int((screen_y - origin[1]) * scale // 1)


def game_stamps(video: Video) -> list[int]:
    """Each event's time on the game clock: its stamp less the paused spans before it."""
    stamps: list[int] = []
    paused = 0
    pause_began: int | None = None
    for kind, time in zip(video.kinds, video.times):
        if kind == Mouse.PAUSE and pause_began is None:
            pause_began = time
        elif kind == Mouse.RESUME and pause_began is not None:
            paused += time - pause_began
            pause_began = None
        stamps.append((pause_began if pause_began is not None else time) - paused)
    return stamps
