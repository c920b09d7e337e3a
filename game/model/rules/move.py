"""A move: one click on the board. The same value travels from the mouse to the board to a replay file."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple


class MoveKind(str, Enum):
    """What a click does; its value is the plain string replay files and saves write.

    A right click is asked for as TOGGLE_FLAG (a flag, a question mark or neither, by what the cell has) and
    logged as what it did: FLAG or UNFLAG. A move log never holds TOGGLE_FLAG.

    >>> MoveKind("reveal") is MoveKind.REVEAL
    True
    >>> MoveKind("unflag").right_click, MoveKind.TOGGLE_FLAG.logged
    (True, False)
    """

    REVEAL = "reveal"
    TOGGLE_FLAG = "toggle flag"  # a right click asked for; the log says what it did
    FLAG = "flag"  # logged: the right click put a flag or a question mark on
    UNFLAG = "unflag"  # logged: the right click took a flag or a question mark away
    CHORD = "chord"

    @property
    def right_click(self) -> bool:
        return self in (MoveKind.TOGGLE_FLAG, MoveKind.FLAG, MoveKind.UNFLAG)

    @property
    def logged(self) -> bool:
        """Whether a move log (a save, a replay file) may hold this kind."""
        return self is not MoveKind.TOGGLE_FLAG

    def __str__(self) -> str:
        return self.value

    # An Enum hashes its name; hashing the value keeps a kind and its string the same key in a dict or set.
    def __hash__(self) -> int:
        return hash(self.value)


class _MoveFields(NamedTuple):
    kind: MoveKind
    row: int
    col: int
    t_ms: int = 0


class Move(_MoveFields):
    """What the click did, where, and when: milliseconds from the start of the game's clock (0 before it). Its
    kind is always a MoveKind (made from its plain string, when given one), so kinds compare as enums.

    >>> Move(MoveKind.CHORD, 2, 3).at(1500)
    Move(kind=<MoveKind.CHORD: 'chord'>, row=2, col=3, t_ms=1500)
    >>> Move("reveal", 0, 0).kind is MoveKind.REVEAL
    True
    """

    __slots__ = ()

    def __new__(cls, kind: MoveKind | str, row: int, col: int, t_ms: int = 0) -> Move:
        return super().__new__(cls, MoveKind(kind), row, col, t_ms)

    @property
    def cell(self) -> tuple[int, int]:
        return self.row, self.col

    def at(self, t_ms: int) -> Move:
        """The same click, made at `t_ms`."""
        return self._replace(t_ms=t_ms)
