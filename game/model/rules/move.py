"""A move: one click on the board. The same value travels from the mouse to the board to a replay file."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple


class MoveKind(str, Enum):
    """What a click does; compares equal to its plain string, so ``kind == "reveal"`` and JSON files keep working.

    >>> MoveKind.REVEAL == "reveal"
    True
    >>> MoveKind("unflag").right_click
    True
    """

    REVEAL = "reveal"
    FLAG = "flag"  # a right click that puts a flag or a question mark on
    UNFLAG = "unflag"  # a right click that takes a flag or a question mark away
    CHORD = "chord"

    @property
    def right_click(self) -> bool:
        return self in (MoveKind.FLAG, MoveKind.UNFLAG)

    def __str__(self) -> str:
        return self.value

    # An Enum hashes its name; hashing the value keeps a kind and its string the same key in a dict or set.
    def __hash__(self) -> int:
        return hash(self.value)


class Move(NamedTuple):
    """What the click did, where, and when: milliseconds from the start of the game's clock (0 before it).

    >>> Move(MoveKind.CHORD, 2, 3).at(1500)
    Move(kind=<MoveKind.CHORD: 'chord'>, row=2, col=3, t_ms=1500)
    """

    kind: MoveKind
    row: int
    col: int
    t_ms: int = 0

    @property
    def cell(self) -> tuple[int, int]:
        return self.row, self.col

    def at(self, t_ms: int) -> Move:
        """The same click, made at `t_ms`."""
        return self._replace(t_ms=t_ms)
