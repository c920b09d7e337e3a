"""A move: one click on the board. The same value travels from the mouse to the board to a replay file."""

from __future__ import annotations

from typing import NamedTuple

# "unflag" is a right click that takes a flag or a question mark away; "flag" one that puts either on.
KINDS = ("reveal", "flag", "unflag", "chord")
RIGHT_CLICKS = ("flag", "unflag")


class Move(NamedTuple):
    """What the click did, where, and when: milliseconds from the start of the game's clock (0 before it)."""

    kind: str
    row: int
    col: int
    t_ms: int = 0

    @property
    def cell(self) -> tuple[int, int]:
        return self.row, self.col

    def at(self, t_ms: int) -> Move:
        """The same click, made at `t_ms`."""
        return self._replace(t_ms=t_ms)


def reveal(cell: tuple[int, int]) -> Move:
    return Move("reveal", *cell)


def flag(cell: tuple[int, int]) -> Move:
    return Move("flag", *cell)


def chord(cell: tuple[int, int]) -> Move:
    return Move("chord", *cell)
