"""The board's own figures: the numbers, 3BV, openings, islands and ZiNi (the fewest clicks, greedily)."""

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
    for row, col in mines:
        grid[row][col] = MINE
    for row, col in mines:
        for r, c in neighbours(rows, cols, row, col):
            if grid[r][c] != MINE:
                grid[r][c] += 1
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


def bbbv(grid: list[list[int]]) -> int:
    """3BV: the fewest left clicks that clear the board without flags or chords (one per opening, one per
    safe number that borders no opening)."""
    rows, cols = len(grid), len(grid[0])
    touching = openings(grid)
    lone = sum(1 for r in range(rows) for c in range(cols) if grid[r][c] > 0 and not touching[r][c])
    return op(grid) + lone


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
    rows, cols = len(grid), len(grid[0])
    touching = openings(grid)
    opened = [[False] * cols for _ in range(rows)]
    flagged: set[tuple[int, int]] = set()
    order = [(r, c) for c in range(cols) for r in range(rows)]

    changed: list[tuple[int, int]] = []

    def reveal(row: int, col: int) -> None:
        stack = [(row, col)]
        while stack:
            r, c = stack.pop()
            if opened[r][c] or grid[r][c] == MINE or (r, c) in flagged:
                continue
            opened[r][c] = True
            changed.append((r, c))
            if grid[r][c] == 0:
                stack.extend(neighbours(rows, cols, r, c))

    def premium(row: int, col: int) -> int:
        units = 0
        seen: set[int] = set()
        cost = 1  # the chord
        for r, c in neighbours(rows, cols, row, col):
            value = grid[r][c]
            if value == MINE:
                cost += (r, c) not in flagged
            elif opened[r][c]:
                continue
            elif value == 0:
                if touching[r][c][0] not in seen:
                    seen.add(touching[r][c][0])
                    units += 1
            elif not touching[r][c]:
                units += 1
        if not opened[row][col]:
            cost += 1
            units += not touching[row][col]
        return units - cost

    # A number's premium changes only when it or a neighbour is opened or flagged: kept, and refreshed there.
    numbered = [(r, c) for r, c in order if grid[r][c] > 0]
    premiums = {cell: premium(*cell) for cell in numbered}
    clicks = 0
    while True:
        for cell in {n for r, c in changed for n in (*neighbours(rows, cols, r, c), (r, c))}:
            if cell in premiums:
                premiums[cell] = premium(*cell)
        changed.clear()
        best: tuple[int, int] | None = None
        best_premium = -1
        for cell in numbered:
            value = premiums[cell]
            if value > best_premium:
                best, best_premium = cell, value
        if best is not None:
            row, col = best
            for r, c in neighbours(rows, cols, row, col):
                if grid[r][c] == MINE and (r, c) not in flagged:
                    flagged.add((r, c))
                    changed.append((r, c))
                    clicks += 1
            if not opened[row][col]:
                clicks += 1
                reveal(row, col)
            clicks += 1
            for r, c in neighbours(rows, cols, row, col):
                reveal(r, c)
            continue
        covered = [(r, c) for r, c in order if not opened[r][c] and grid[r][c] != MINE]
        if not covered:
            return clicks
        target = next(((r, c) for r, c in covered if grid[r][c] == 0), covered[0])
        clicks += 1
        reveal(*target)
