"""The fixed facts of the game: states, presets, first-click rules and which board sizes are allowed."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from game.language import N_, _, ngettext

MAX_SIDE = 1000
# The first-click rules, by the names settings, saves, codes and replay files keep: "opening", the first click
# opens an area (neither it nor its neighbours hold a mine), and "safe", only the clicked cell is clear. (An
# "opening" in 3BV is something else: an area of zeros that one click opens.)
FIRST_CLICK_RULES = ("opening", "safe")
# The Custom form keeps mines <= cells - 9, so that a first click can always open its 3x3 block.
SAFE_AROUND_FIRST_CLICK = 9
# The densest no-guess board offered (35%, rounded up by a few mines so that the 30x16/170 challenge board fits).
MAX_DENSITY = 0.355


class GameState(str, Enum):
    """A game's progress; compares equal to its plain string ("ready", "playing", "won", "lost").

    A board is ready (nothing opened yet), playing (under way), won or lost. A game session can also be
    abandoned: left under way for another game, which counts as a loss.
    """

    READY = "ready"
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"
    ABANDONED = "abandoned"

    @property
    def over(self) -> bool:
        return self in (GameState.WON, GameState.LOST, GameState.ABANDONED)

    def __str__(self) -> str:
        return self.value


class Preset(NamedTuple):
    """A classic size: its name on the menu (English, marked for the catalog: shown as `_(preset.name)`), and its
    board."""

    name: str
    rows: int
    cols: int
    mines: int


PRESETS = {
    # TRANSLATORS: the three levels, the community's words (e.g. 初级, 中级, 高级): a menu button, a Records tab
    "beginner": Preset(N_("Beginner"), 9, 9, 10),
    "intermediate": Preset(N_("Intermediate"), 16, 16, 40),
    "expert": Preset(N_("Expert"), 16, 30, 99),
}


def _whole_number(value: object, what: str) -> None:
    # bool is an int in Python, but True rows is a mistake, not a size
    if isinstance(value, bool) or not isinstance(value, int):
        template = {
            "rows": _("The number of rows must be a whole number, not {value}."),
            "columns": _("The number of columns must be a whole number, not {value}."),
            "mines": _("The number of mines must be a whole number, not {value}."),
        }[what]
        raise TypeError(template.format(value=repr(value)))


def validate_size(rows: int, cols: int, mines: int) -> None:
    """Raise TypeError or ValueError, with a sentence a player can read, unless the board can be played."""
    _whole_number(rows, "rows")
    _whole_number(cols, "columns")
    _whole_number(mines, "mines")
    for value, what in ((rows, "rows"), (cols, "columns")):
        if not 1 <= value <= MAX_SIDE:
            template = (
                _("A board has 1 to {most} rows, not {value}.")
                if what == "rows"
                else _("A board has 1 to {most} columns, not {value}.")
            )
            raise ValueError(template.format(most=MAX_SIDE, value=value))
    if rows * cols < 2:
        raise ValueError(_("A board needs at least 2 cells."))
    if mines < 1:
        raise ValueError(_("A board needs at least 1 mine."))
    if mines >= rows * cols:
        most = rows * cols - 1
        raise ValueError(
            ngettext(
                "A {rows}x{columns} board holds at most {count} mine.",
                "A {rows}x{columns} board holds at most {count} mines.",
                most,
            ).format(rows=rows, columns=cols, count=most)
        )


def validate_first_click(rule: str) -> None:
    if rule not in FIRST_CLICK_RULES:
        raise ValueError(f"The first-click rule is 'opening' or 'safe', not {rule!r}.")
