"""Where the mines go: drawn from the seed, at the first reveal, away from the cells the first-click rule keeps
clear."""

from __future__ import annotations

import random

from .grid import Grid


def draw_mines(grid: Grid, mines: int, seed: int, first: int, first_click: str) -> list[int]:
    """The padded indices of `mines` mines laid uniformly at random among the cells the first-click rule
    allows: never the first cell (padded index `first`), and under the "opening" rule (the first click opens an
    area) none of its neighbours either, unless the board is too dense for that.

    >>> grid = Grid(3, 3)
    >>> sorted(grid.cell(i) for i in draw_mines(grid, 8, seed=1, first=grid.index(1, 1), first_click="opening"))
    [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]
    """
    rows, cols = grid.rows, grid.cols
    keep_clear = {first}
    if first_click == "opening":
        around = keep_clear | {n for n in grid.neighbours(first) if grid.inside[n]}
        if rows * cols - len(around) >= mines:
            keep_clear = around
        # else the board is too dense for an opening, and the rule falls back to "safe"
    # Draw from the ordinals of the allowed cells (range() needs no list of a million cells), then
    # step each ordinal past the kept-clear cells before it to find its cell.
    clear = sorted(row * cols + col for row, col in map(grid.cell, keep_clear))
    picked = random.Random(seed).sample(range(rows * cols - len(clear)), mines)
    indices = []
    for ordinal in picked:
        for skipped in clear:
            if ordinal >= skipped:
                ordinal += 1
        indices.append(grid.index(*divmod(ordinal, cols)))
    return indices
