"""How the figures the records rank read (a best time, 3BV/s, IOE, STNB), in Records and in the personal bests a
game announces: one format each, the game-over panel's."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.language import _, ngettext
from game.model import board_of, level_of
from game.video.figure_text import figure_text as figure_text  # a ranked figure reads as everywhere else

if TYPE_CHECKING:
    from game.store import Beaten

RANKED = ("Time", "3BV/s", "IOE", "STNB")  # the lists Records keeps of each board, as Help names the figures


def beaten_words(beaten: Iterable[Beaten], short: bool = False) -> str:
    """The personal bests a game beat, each with the best it beat: "Personal bests: 3BV/s 2.345 (was 2.101),
    IOE 0.912 (was 0.850)"; `short`, their names alone ("Personal bests: 3BV/s, IOE"); "" when none."""
    parts = []
    for b in beaten:
        # TRANSLATORS: the figure "time" in a list of personal bests ("Personal bests: time 42.312 s (was ...)")
        name = _("time") if b.figure == "Time" else b.figure
        if short:
            parts.append(name)
        else:
            # TRANSLATORS: one personal best beaten: its figure, the new value and the best it beat
            parts.append(
                _("{figure} {value} (was {was})").format(
                    figure=name, value=figure_text(b.figure, b.value), was=figure_text(b.figure, b.was)
                )
            )
    if not parts:
        return ""
    # TRANSLATORS: what separates the items of a list ("、" in Chinese and Japanese)
    joined = _(", ").join(parts)
    # TRANSLATORS: after a game; {bests} is a list such as "3BV/s 2.345 (was 2.101), IOE 0.912 (was 0.850)"
    return ngettext("Personal best: {bests}", "Personal bests: {bests}", len(parts)).format(bests=joined)


def has_stnb(category: str) -> bool:
    """Whether a board has STNB: the standard boards (the model's `level_of`: STNB needs a level's constant)."""
    board = board_of(category)
    return board is not None and level_of(*board) is not None
