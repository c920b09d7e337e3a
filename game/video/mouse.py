"""The mouse as speed-runners' programs read it: a small state machine over presses and releases that opens,
flags and chords, and counts every click and the clicks that changed the board (after ms-toollib)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .board_figures import MINE, neighbours, numbers, openings
from .events import KEY_CLICKS, Mouse


class Hold(enum.IntEnum):
    """Which buttons are down and what the press meant (ms-toollib's mouse states, same numbers)."""

    NONE = 1
    RIGHT = 2  # right down on a covered cell: it was flagged or unflagged
    RIGHT_ON_OPEN = 3  # right down on an open cell: nothing to flag
    LEFT = 4
    BOTH = 5
    BOTH_AFTER_RIGHT_ON_OPEN = 6
    LEFT_AFTER_CHORD = 7  # the right button came up from a chord; the left one's release does nothing


class Outcome(enum.IntEnum):
    READY = 1  # no cell opened yet
    PLAYING = 2
    WON = 3
    LOST = 4


@dataclass
class Counts:
    """Clicks (every one) and effective clicks (those that changed the board), as the community counts."""

    left: int = 0
    right: int = 0
    double: int = 0
    lce: int = 0
    rce: int = 0
    dce: int = 0
    flags_placed: int = 0  # every flag put down, for NF


@dataclass
class Game:
    """A board being played by mouse events: call `press`/`release` with a cell (or None off the board)."""

    rows: int
    cols: int
    mines: frozenset[tuple[int, int]]
    grid: list[list[int]] = field(init=False)
    opened: list[list[bool]] = field(init=False)
    flagged: set[tuple[int, int]] = field(default_factory=set)
    ever_flagged_mines: set[tuple[int, int]] = field(default_factory=set)
    hold: Hold = Hold.NONE
    outcome: Outcome = Outcome.READY
    counts: Counts = field(default_factory=Counts)
    safe_left: int = 0
    bbbv_solved: int = 0
    opened_log: list[tuple[int, int]] | None = None  # when a list, every cell opened is appended to it, in order
    # the first left click is made for the player (Video.made_click): it opens the board, and counts as no click
    made: bool = False

    def __post_init__(self) -> None:
        self.grid = numbers(self.rows, self.cols, self.mines)
        self.opened = [[False] * self.cols for _ in range(self.rows)]
        self.safe_left = self.rows * self.cols - len(self.mines)
        self._touching: list[list[list[int]]] | None = None  # see `touching`

    @property
    def over(self) -> bool:
        return self.outcome in (Outcome.WON, Outcome.LOST)

    def solved_bbbv(self) -> int:
        """The 3BV done so far, counted as ms-toollib counts it, click by click (see `_open` and `_chord`)."""
        return self.bbbv_solved

    @property
    def touching(self) -> list[list[list[int]]]:
        """The openings each cell borders or is in (board.openings), found when first needed: when a cell
        opens, for the 3BV it solves (a game that opens none never pays for them)."""
        if self._touching is None:
            self._touching = openings(self.grid)
        return self._touching

    # --- the buttons -------------------------------------------------------------------------------------

    def left_press(self, cell: tuple[int, int] | None) -> None:
        if self.hold == Hold.NONE:
            self.hold = Hold.LEFT
        elif self.hold == Hold.RIGHT:
            self.hold = Hold.BOTH
        elif self.hold == Hold.RIGHT_ON_OPEN:
            self.hold = Hold.BOTH_AFTER_RIGHT_ON_OPEN

    def left_release(self, cell: tuple[int, int] | None) -> bool:
        """Returns whether this release changed the board (opened a cell)."""
        hold = self.hold
        if hold == Hold.LEFT:
            # ms-toollib's quirk, kept for equal figures: before the first cell opens, releasing the left
            # button on a flag counts a left click but leaves the button down.
            if not (self.outcome == Outcome.READY and cell in self.flagged):
                self.hold = Hold.NONE
            made, self.made = self.made, False  # only the first left click can be made for the player
            self.counts.left += not made
            if self._open(cell):
                self.counts.lce += not made
                return True
        elif hold in (Hold.BOTH, Hold.BOTH_AFTER_RIGHT_ON_OPEN):
            self.hold = Hold.RIGHT
            return self._chord_click(cell, retract_right=hold == Hold.BOTH_AFTER_RIGHT_ON_OPEN)
        elif hold == Hold.LEFT_AFTER_CHORD:
            self.hold = Hold.NONE
        return False

    def right_press(self, cell: tuple[int, int] | None) -> bool:
        hold = self.hold
        if hold in (Hold.LEFT, Hold.LEFT_AFTER_CHORD):
            self.hold = Hold.BOTH
        elif hold == Hold.NONE:
            self.counts.right += 1
            if cell is None or self.opened[cell[0]][cell[1]]:
                self.hold = Hold.RIGHT_ON_OPEN
                return False
            self.hold = Hold.RIGHT
            changed = self._toggle_flag(cell)
            if self.outcome == Outcome.READY and not self.flagged:
                # Taking the last flag off before the first cell opens starts the count again (ms-toollib
                # goes back to its ready state and forgets the clicks).
                self.counts = Counts()
                self.ever_flagged_mines.clear()
            return changed
        return False

    def right_release(self, cell: tuple[int, int] | None) -> bool:
        hold = self.hold
        if hold in (Hold.BOTH, Hold.BOTH_AFTER_RIGHT_ON_OPEN):
            self.hold = Hold.LEFT_AFTER_CHORD
            return self._chord_click(cell, retract_right=hold == Hold.BOTH_AFTER_RIGHT_ON_OPEN)
        if hold in (Hold.RIGHT, Hold.RIGHT_ON_OPEN):
            self.hold = Hold.NONE
        return False

    def preflag(self, cell: tuple[int, int] | None) -> None:
        if cell is not None and cell not in self.flagged and not self.over:
            self.counts.right += 1
            self._toggle_flag(cell)

    def middle_release(self, cell: tuple[int, int] | None) -> bool:
        return self._chord_click(cell, retract_right=False)

    def hear(self, kind: int, cell: tuple[int, int] | None) -> None:
        """Play one of the video's events on the cell under it (moves, middle presses, pauses change nothing)."""
        if kind == Mouse.LEFT_PRESS:
            self.left_press(cell)
        elif kind == Mouse.LEFT_RELEASE:
            self.left_release(cell)
        elif kind == Mouse.RIGHT_PRESS:
            self.right_press(cell)
        elif kind == Mouse.RIGHT_RELEASE:
            self.right_release(cell)
        elif kind == Mouse.MIDDLE_RELEASE:
            self.middle_release(cell)
        elif kind == Mouse.PREFLAG:
            self.preflag(cell)
        elif kind in KEY_CLICKS:  # a key plays as the mouse events that do the same (see events.as_mouse)
            for click in KEY_CLICKS[kind]:
                self.hear(click, cell)

    # --- what the clicks do ------------------------------------------------------------------------------

    def _chord_click(self, cell: tuple[int, int] | None, retract_right: bool) -> bool:
        if self.outcome == Outcome.READY and not self.flagged:
            return False  # before the first cell opens, a chord is a click only once a flag is down
        # A right press on an open cell that turns into a chord was never a right click.
        if retract_right:
            self.counts.right -= 1
        self.counts.double += 1
        if self._chord(cell):
            self.counts.dce += 1
            return True
        return False

    def _toggle_flag(self, cell: tuple[int, int]) -> bool:
        if cell in self.flagged:
            self.flagged.discard(cell)
            return False
        self.flagged.add(cell)
        self.counts.flags_placed += 1
        if cell in self.mines and cell not in self.ever_flagged_mines:
            self.ever_flagged_mines.add(cell)
            self.counts.rce += 1
            return True
        return False

    def _open(self, cell: tuple[int, int] | None) -> bool:
        if cell is None or self.over or cell in self.flagged:
            return False
        r, c = cell
        if self.opened[r][c]:
            return False
        if self.grid[r][c] == MINE:
            self.outcome = Outcome.LOST
            return False
        if self.grid[r][c] == 0:
            self.bbbv_solved += self._opening_unflagged(r, c, set())
        else:
            self.bbbv_solved += not self.touching[r][c]  # a lone number is one 3BV of its own
        self._flood(r, c)
        if self.outcome == Outcome.READY:
            self.outcome = Outcome.PLAYING
        if self.safe_left == 0:
            self.outcome = Outcome.WON
        return True

    def _flood(self, row: int, col: int) -> None:
        stack = [(row, col)]
        while stack:
            r, c = stack.pop()
            if self.opened[r][c] or (r, c) in self.flagged:
                continue
            self.opened[r][c] = True
            self.safe_left -= 1
            if self.opened_log is not None:
                self.opened_log.append((r, c))
            if self.grid[r][c] == 0:
                stack.extend(n for n in neighbours(self.rows, self.cols, r, c) if not self.opened[n[0]][n[1]])

    def _chord(self, cell: tuple[int, int] | None) -> bool:
        if cell is None or self.over:
            return False
        r, c = cell
        if not self.opened[r][c]:
            return False
        around = list(neighbours(self.rows, self.cols, r, c))
        if sum(1 for n in around if n in self.flagged) != self.grid[r][c]:
            return False
        covered = [(nr, nc) for nr, nc in around if (nr, nc) not in self.flagged and not self.opened[nr][nc]]
        if not covered:
            return False
        # The 3BV it solves, counted before anything opens: each covered lone number, and each opening of a
        # covered zero next to it that no flag cuts short (one walk marks the zeros it saw for the next).
        lone = sum(1 for nr, nc in covered if self.grid[nr][nc] > 0 and not self.touching[nr][nc])
        seen: set[tuple[int, int]] = set()
        opened_openings = 0
        for nr, nc in covered:
            if self.grid[nr][nc] == 0 and (nr, nc) not in seen:
                opened_openings += self._opening_unflagged(nr, nc, seen)
        self.bbbv_solved += lone + opened_openings
        for nr, nc in covered:
            if self.grid[nr][nc] == MINE:
                self.outcome = Outcome.LOST  # a chord onto a mine counts as effective (a left click onto one does not)
            elif not self.opened[nr][nc]:
                self._flood(nr, nc)
        if self.outcome != Outcome.LOST and self.safe_left == 0:
            self.outcome = Outcome.WON
        return True

    def _opening_unflagged(self, row: int, col: int, seen: set[tuple[int, int]]) -> bool:
        """Whether the opening of the zero at (row, col) has no flag on any of its zeros: ms-toollib counts an
        opening solved when a click opens one of its zeros while that holds. Its walk, followed step for step:
        depth first in its order, it stops at the first flagged zero and leaves the zeros it marked in `seen`,
        so a later walk from the same chord skips them and may miss that flag (and then counts the opening)."""
        stack = [(row, col)]
        while stack:
            r, c = stack.pop()
            if self.grid[r][c] != 0:
                continue
            if (r, c) in self.flagged:
                return False
            seen.add((r, c))
            stack.extend(n for n in neighbours(self.rows, self.cols, r, c) if n not in seen)
        return True
