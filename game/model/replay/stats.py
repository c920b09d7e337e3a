"""The classic efficiency figures of a game: 3BV, 3BV/s, clicks, IOE and correctness."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..rules.grid import Grid, count_regions

if TYPE_CHECKING:
    from ..rules.board import Board
    from .replay import Replay

REVEALED_SAFE = bytes(1 if code <= 8 else 0 for code in range(256))  # from Board.seen_codes


class GameStats(NamedTuple):
    three_bv: int  # the board's 3BV: left clicks a perfect player needs to clear it
    solved_three_bv: int  # the 3BV of what the player opened (the whole 3BV on a win)
    elapsed_ms: int
    left: int
    right: int
    chord: int
    effective: int  # clicks that changed something

    @property
    def clicks(self) -> int:
        return self.left + self.right + self.chord

    @property
    def seconds(self) -> float:
        return self.elapsed_ms / 1000

    @property
    def three_bv_per_second(self) -> float | None:
        """Speed: 3BV solved per second (on a loss, of the part the player opened); None before any time."""
        return self.solved_three_bv / self.seconds if self.elapsed_ms > 0 else None

    @property
    def ioe(self) -> float:
        """Index of efficiency: 3BV (of the opened part, on a loss) per click; 1.0 is a perfect no-flag game."""
        return self.solved_three_bv / self.clicks if self.clicks else 0.0

    @property
    def correctness(self) -> float:
        """The share of clicks that changed something."""
        return self.effective / self.clicks if self.clicks else 0.0


def replay_stats(replay: Replay) -> GameStats:
    """3BV, clicks, IOE, correctness and speed of a replay, from its final board."""
    return game_stats(replay.final_board(), replay.elapsed_ms)


def game_stats(board: Board, elapsed_ms: int, solved: int | None = None) -> GameStats:
    """The figures of a game on `board`; `solved`: its solved 3BV when the caller already has it."""
    return GameStats(
        three_bv=board.three_bv or 0,
        solved_three_bv=solved_three_bv(board) if solved is None else solved,
        elapsed_ms=elapsed_ms,
        left=board.left_clicks,
        right=board.right_clicks,
        chord=board.chord_clicks,
        effective=board.effective_clicks,
    )


def solved_three_bv(board: Board) -> int:
    """The 3BV clicks the player has done: openings with a zero revealed, plus revealed numbers that no opening
    borders (a number on an opening's edge is part of that opening's click, opened or not)."""
    if not board.mines_placed:
        return 0
    grid = Grid(board.rows, board.cols)
    mine = bytearray(grid.size)
    for row, col in board.mine_cells():
        mine[grid.index(row, col)] = 1
    zeros = grid.zero_cells(mine, grid.neighbour_counts(mine))
    revealed = bytearray(grid.size)
    seen, cols = board.seen_codes(), board.cols
    for row in range(board.rows):
        start = grid.index(row, 0)
        revealed[start : start + cols] = seen[row * cols : (row + 1) * cols].translate(REVEALED_SAFE)
    zero_bits, revealed_bits = int.from_bytes(zeros, "little"), int.from_bytes(revealed, "little")
    # one byte per cell and values of 0 or 1, so shifting by whole bytes moves every cell to a neighbour
    near_zero = zero_bits
    for offset in grid.offsets:
        near_zero |= zero_bits >> (8 * offset) if offset >= 0 else zero_bits << (-8 * offset)
    opened_zeros = bytearray((zero_bits & revealed_bits).to_bytes(grid.size, "little"))
    lone_numbers = (revealed_bits & ~near_zero).bit_count()
    return count_regions(grid, opened_zeros) + lone_numbers
