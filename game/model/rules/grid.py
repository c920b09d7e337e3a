"""Whole-board operations on flat byte arrays, fast enough for a 1000x1000 board in pure Python.

Cells live in a bytearray with a one-cell border of padding around the board: cell (r, c) is at index
(r + 1) * width + (c + 1), where width = cols + 2. The padding means a neighbour offset never leaves the
array and never wraps to the other side of a row, so no loop needs a bounds check.

The speed comes from letting C do the per-cell work: neighbour counts are eight shifted additions of one big
integer (one byte per cell, and a count never exceeds 8, so bytes never carry into each other), and the
flood fill walks row spans with bytearray.find/rfind and slice assignment instead of visiting cells one by
one (the scanline fill).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator
from itertools import repeat

Cell = tuple[int, int]  # (row, col)

# Cell states, one byte per cell.
COVERED, FLAGGED, QUESTIONED, REVEALED, PADDING = 0, 1, 2, 3, 4

# Translation tables: the cells a cascade may open (covered or question-marked, never flagged), and the
# same bytes after opening.
OPENABLE = bytes(1 if b in (COVERED, QUESTIONED) else 0 for b in range(256))
OPENED = bytes(REVEALED if b in (COVERED, QUESTIONED) else b for b in range(256))
IS_ZERO = bytes([1]) + bytes(255)

# What the player sees of a cell, one byte each (Board.seen_codes): 0-8 a revealed number, then these.
SEEN_COVERED, SEEN_FLAG, SEEN_QUESTION, SEEN_MINE = 9, 10, 11, 12
_SEEN_OF_STATE = {COVERED: SEEN_COVERED, FLAGGED: SEEN_FLAG, QUESTIONED: SEEN_QUESTION, PADDING: 255}
# Packed cell: state << 5 | mine << 4 | count (no field overflows its bits, so big-int shifts never carry).
SEEN_OF_PACKED = bytes(
    (
        (SEEN_MINE if packed >> 4 & 1 else packed & 15)
        if packed >> 5 == REVEALED
        else _SEEN_OF_STATE.get(packed >> 5, 255)
    )
    for packed in range(256)
)
INSIDE_TO_STATE = bytes([PADDING, COVERED]) + bytes(254)


class Grid:
    """The padded geometry of a rows x cols board."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.width = cols + 2
        self.column_numbers = list(range(cols))
        self.size = (rows + 2) * self.width
        w = self.width
        self.offsets = (-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1)
        inside = bytearray(self.size)
        for r in range(rows):
            start = self.index(r, 0)
            inside[start : start + cols] = b"\x01" * cols
        self.inside = bytes(inside)
        self._inside_bits = int.from_bytes(self.inside, "little")

    def index(self, row: int, col: int) -> int:
        return (row + 1) * self.width + col + 1

    def cell(self, index: int) -> tuple[int, int]:
        row, col = divmod(index, self.width)
        return row - 1, col - 1

    def neighbours(self, index: int) -> list[int]:
        return [index + o for o in self.offsets]

    def new_states(self) -> bytearray:
        """Every cell covered, every padding cell marked as padding."""
        return bytearray(self.inside.translate(INSIDE_TO_STATE))

    def neighbour_counts(self, mines: bytes | bytearray) -> bytearray:
        """For each index, how many of its 8 neighbours hold a mine (mines: bytes of 0/1)."""
        total = _shifted_sum(int.from_bytes(mines, "little"), self.offsets, lambda a, b: a + b)
        return bytearray(total.to_bytes(self.size + self.width + 2, "little")[: self.size])

    def zero_cells(self, mines: bytes | bytearray, counts: bytearray) -> bytearray:
        """1 where a cell is inside the board, safe and has no mine around it."""
        zeros = int.from_bytes(counts.translate(IS_ZERO), "little")
        zeros &= self._inside_bits & ~int.from_bytes(mines, "little")
        return bytearray(zeros.to_bytes(self.size, "little"))

    def three_bv(self, mines: bytes, counts: bytearray) -> int:
        """Left clicks a perfect player needs: openings, plus numbered cells that no opening uncovers."""
        zeros = self.zero_cells(mines, counts)
        near_zero = _shifted_sum(int.from_bytes(zeros, "little"), self.offsets + (0,), lambda a, b: a | b)
        near_zero &= self._inside_bits
        safe_cells = self.rows * self.cols - mines.count(1)
        return count_regions(self, zeros) + safe_cells - near_zero.bit_count()

    def seen_codes(self, states: bytearray, mines: bytes | None, counts: bytearray | None) -> bytes:
        """One byte per board cell in reading order (no padding): what the player sees there."""
        if mines is None or counts is None:
            packed = bytes(states).translate(bytes(b << 5 & 255 for b in range(256)))
        else:
            packed = (
                (int.from_bytes(states, "little") << 5)
                | (int.from_bytes(mines, "little") << 4)
                | int.from_bytes(counts, "little")
            ).to_bytes(self.size, "little")
        seen = packed.translate(SEEN_OF_PACKED)
        w = self.width
        return b"".join(seen[(r + 1) * w + 1 : (r + 1) * w + 1 + self.cols] for r in range(self.rows))

    def cells_of(self, spans: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
        """The (row, col) tuples of (row, first, end) spans.

        A big cascade makes up to a million tuples; the cycle collector would walk them all again and again
        as they pile up (a third of the time), and tuples of ints can never form a cycle, so it waits till the
        end. The column numbers come from one shared list, so a million tuples do not need a million new ints.
        """
        collecting = gc.isenabled()
        gc.disable()
        try:
            cells: list[tuple[int, int]] = []
            for row, first, end in spans:
                cells.extend(zip(repeat(row, end - first), self.column_numbers[first:end]))
            return cells
        finally:
            if collecting:
                gc.enable()

    def spans(self, start: int, stop: int) -> Iterator[tuple[int, int, int]]:
        """(row, first col, last col + 1) for each board row a padded index range [start, stop) covers."""
        w = self.width
        while start < stop:
            row = start // w
            end = min(stop, (row + 1) * w)
            yield row - 1, start - row * w - 1, end - row * w - 1
            start = end


def _shifted_sum(value: int, offsets: tuple[int, ...], combine: Callable[[int, int], int]) -> int:
    total: int | None = None
    for o in offsets:
        shifted = value >> (8 * o) if o >= 0 else value << (-8 * o)
        total = shifted if total is None else combine(total, shifted)
    assert total is not None
    return total


def three_bv_of(rows: int, cols: int, mine_cells: Iterable[tuple[int, int]]) -> int:
    """The 3BV of a rows x cols board with these mines (any board: a video's may be one no game deals), the one
    way the game works it out (Board.three_bv is this, once its mines are laid).

    >>> three_bv_of(2, 6, [(0, 1), (1, 4)])  # no zeros: each of the 10 safe cells is a click of its own
    10
    """
    grid = Grid(rows, cols)
    mine = bytearray(grid.size)
    for row, col in mine_cells:
        mine[grid.index(row, col)] = 1
    return grid.three_bv(bytes(mine), grid.neighbour_counts(bytes(mine)))


def count_regions(grid: Grid, passable: bytearray) -> int:
    """How many 8-connected regions of 1s `passable` holds (it is consumed: left all 0)."""
    regions = 0
    index = passable.find(1)
    while index != -1:
        regions += 1
        _fill(grid, passable, index, None)
        index = passable.find(1, index)
    return regions


def flood_open(grid: Grid, states: bytearray, passable: bytearray, start: int) -> list[tuple[int, int, int]]:
    """Open the zero region around `start` (a passable cell) up to its numbered border.

    states: cell states, updated in place; passable: 1 for covered safe zeros that are not flagged, cleared
    as they are opened. Returns the newly opened cells as (row, first col, end col) spans.
    """
    opened: list[tuple[int, int, int]] = []
    _fill(grid, passable, start, lambda lo, hi: _open_range(grid, states, lo, hi, opened))
    return opened


def _fill(grid: Grid, passable: bytearray, start: int, on_span: Callable[[int, int], None] | None) -> None:
    """Scanline fill over the 1s of `passable` from `start`, 8-connected; each span found is cleared and,
    with its one-cell ring, handed to on_span(lo, hi) row by row."""
    w = grid.width
    seeds = [start]
    while seeds:
        seed = seeds.pop()
        if not passable[seed]:
            continue
        left = passable.rfind(0, 0, seed) + 1  # the padding stops every span inside its row
        right = passable.find(0, seed)
        passable[left:right] = bytes(right - left)
        lo, hi = left - 1, right + 1
        for row_start in (lo - w, lo, lo + w):
            row_end = row_start + (hi - lo)
            if on_span is not None:
                on_span(row_start, row_end)
            if row_start == lo:
                continue
            found = passable.find(1, row_start, row_end)
            while found != -1:
                seeds.append(found)
                gap = passable.find(0, found, row_end)
                if gap == -1:
                    break
                found = passable.find(1, gap, row_end)


def _open_range(grid: Grid, states: bytearray, lo: int, hi: int, opened: list[tuple[int, int, int]]) -> None:
    segment = states[lo:hi]
    openable = segment.translate(OPENABLE)
    if not openable.count(1):
        return
    states[lo:hi] = segment.translate(OPENED)
    if openable.count(0) == 0:
        opened.extend(grid.spans(lo, hi))
        return
    index = openable.find(1)
    while index != -1:
        end = openable.find(0, index)
        if end == -1:
            end = len(openable)
        opened.extend(grid.spans(lo + index, lo + end))
        index = openable.find(1, end)


def around(rows: int, cols: int, row: int, col: int, reach: int = 1) -> list[Cell]:
    """The cells within `reach` steps of (row, col), itself left out."""
    return [
        (r, c)
        for r in range(max(0, row - reach), min(rows, row + reach + 1))
        for c in range(max(0, col - reach), min(cols, col + reach + 1))
        if (r, c) != (row, col)
    ]
