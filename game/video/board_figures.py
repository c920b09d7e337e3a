"""The board's own figures: the numbers, openings, islands and ZiNi (the fewest clicks, greedily). Its 3BV is the
model's (game.model.three_bv_of), worked out one way for every board."""

from __future__ import annotations

from collections.abc import Iterable

MINE = -1


def neighbours(rows: int, cols: int, row: int, col: int) -> Iterable[tuple[int, int]]:
    for r in range(max(0, row - 1), min(rows, row + 2)):
        for c in range(max(0, col - 1), min(cols, col + 2)):
            if (r, c) != (row, col):
                yield r, c


def numbers(rows: int, cols: int, mines: frozenset[tuple[int, int]]) -> list[list[int]]:
    """Each cell's count of neighbouring mines, or MINE (-1) on a mine: the board as ms-toollib takes it."""
    grid = [[0] * cols for _ in range(rows)]
    # Each mine counts on the 3x3 around it, itself too (made MINE below), in plain loops: a large board's
    # replay opens with this, and `neighbours` takes twice as long.
    for row, col in mines:
        for line in grid[max(0, row - 1) : row + 2]:
            for c in range(max(0, col - 1), min(cols, col + 2)):
                line[c] += 1
    for row, col in mines:
        grid[row][col] = MINE
    return grid


def openings(grid: list[list[int]]) -> list[list[list[int]]]:
    """Which opening (a region of zeros with its border) each cell belongs to: a list of opening numbers per
    cell (a border number can touch two openings), numbered from 0 in reading order."""
    rows, cols = len(grid), len(grid[0])
    owner: list[list[int]] = [[-1] * cols for _ in range(rows)]
    touching: list[list[list[int]]] = [[[] for _ in range(cols)] for _ in range(rows)]
    count = 0
    for row in range(rows):
        for col in range(cols):
            if grid[row][col] != 0 or owner[row][col] >= 0:
                continue
            stack = [(row, col)]
            owner[row][col] = count
            while stack:
                r, c = stack.pop()
                if count not in touching[r][c]:
                    touching[r][c].append(count)
                for nr, nc in neighbours(rows, cols, r, c):
                    if grid[nr][nc] == 0 and owner[nr][nc] < 0:
                        owner[nr][nc] = count
                        stack.append((nr, nc))
                    elif grid[nr][nc] > 0 and count not in touching[nr][nc]:
                        touching[nr][nc].append(count)
            count += 1
    return [[touching[r][c] for c in range(cols)] for r in range(rows)]


def op(grid: list[list[int]]) -> int:
    """The number of openings."""
    found = {index for line in openings(grid) for cell in line for index in cell}
    return len(found)


def isl(grid: list[list[int]]) -> int:
    """Islands: groups of touching safe numbers that border no opening."""
    rows, cols = len(grid), len(grid[0])
    touching = openings(grid)
    seen: set[tuple[int, int]] = set()
    count = 0
    for row in range(rows):
        for col in range(cols):
            if grid[row][col] <= 0 or touching[row][col] or (row, col) in seen:
                continue
            count += 1
            stack = [(row, col)]
            seen.add((row, col))
            while stack:
                r, c = stack.pop()
                for nr, nc in neighbours(rows, cols, r, c):
                    if grid[nr][nc] > 0 and not touching[nr][nc] and (nr, nc) not in seen:
                        seen.add((nr, nc))
                        stack.append((nr, nc))
    return count


def zini(grid: list[list[int]]) -> int:
    """ZiNi as ms-toollib computes it: the clicks of a greedy player who knows the board. Again and again it
    takes the number whose chord saves the most (3BV opened, itself included when it is a covered lone
    number, less the flags to place, the chord, and the click that opens it when covered), if that saving
    is not negative, the first best in column-major order; when none is, it opens the next covered opening
    (or else the next covered cell) in that order. Every flag, click and chord counts one.

    >>> zini([[1, MINE, 1, 1, 1, 1], [1, 1, 1, 1, MINE, 1]])
    6
    """
    return _GreedyPlayer(grid).play()


class _GreedyPlayer:
    """The greedy player ZiNi counts the clicks of: the board it knows, what it has opened and flagged, and
    each number's premium (what its chord saves), kept and refreshed only where a cell opened or a flag went
    down, since a premium changes only there."""

    def __init__(self, grid: list[list[int]]) -> None:
        self.grid = grid
        self.rows, self.cols = len(grid), len(grid[0])
        self.touching = openings(grid)
        self.opened = [[False] * self.cols for _ in range(self.rows)]
        self.flagged: set[tuple[int, int]] = set()
        self.order = [(r, c) for c in range(self.cols) for r in range(self.rows)]
        self.changed: list[tuple[int, int]] = []
        self.numbered = [(r, c) for r, c in self.order if grid[r][c] > 0]
        self.premiums = {cell: self.premium(*cell) for cell in self.numbered}
        self.clicks = 0

    def play(self) -> int:
        while True:
            self.refresh()
            best = self.best_chord()
            if best is not None:
                self.chord(*best)
                continue
            covered = [(r, c) for r, c in self.order if not self.opened[r][c] and self.grid[r][c] != MINE]
            if not covered:
                return self.clicks
            target = next(((r, c) for r, c in covered if self.grid[r][c] == 0), covered[0])
            self.clicks += 1
            self.reveal(*target)

    def reveal(self, row: int, col: int) -> None:
        stack = [(row, col)]
        while stack:
            r, c = stack.pop()
            if self.opened[r][c] or self.grid[r][c] == MINE or (r, c) in self.flagged:
                continue
            self.opened[r][c] = True
            self.changed.append((r, c))
            if self.grid[r][c] == 0:
                stack.extend(neighbours(self.rows, self.cols, r, c))

    def premium(self, row: int, col: int) -> int:
        units = 0
        seen: set[int] = set()
        cost = 1  # the chord
        for r, c in neighbours(self.rows, self.cols, row, col):
            value = self.grid[r][c]
            if value == MINE:
                cost += (r, c) not in self.flagged
            elif self.opened[r][c]:
                continue
            elif value == 0:
                if self.touching[r][c][0] not in seen:
                    seen.add(self.touching[r][c][0])
                    units += 1
            elif not self.touching[r][c]:
                units += 1
        if not self.opened[row][col]:
            cost += 1
            units += not self.touching[row][col]
        return units - cost

    def refresh(self) -> None:
        around = {n for r, c in self.changed for n in (*neighbours(self.rows, self.cols, r, c), (r, c))}
        for cell in around:
            if cell in self.premiums:
                self.premiums[cell] = self.premium(*cell)
        self.changed.clear()

    def best_chord(self) -> tuple[int, int] | None:
        """The first number, in column-major order, whose chord saves the most, if it saves anything."""
        best: tuple[int, int] | None = None
        best_premium = -1
        for cell in self.numbered:
            value = self.premiums[cell]
            if value > best_premium:
                best, best_premium = cell, value
        return best

    def chord(self, row: int, col: int) -> None:
        for r, c in neighbours(self.rows, self.cols, row, col):
            if self.grid[r][c] == MINE and (r, c) not in self.flagged:
                self.flagged.add((r, c))
                self.changed.append((r, c))
                self.clicks += 1
        if not self.opened[row][col]:
            self.clicks += 1
            self.reveal(row, col)
        self.clicks += 1
        for r, c in neighbours(self.rows, self.cols, row, col):
            self.reveal(r, c)
