"""How the figures the records rank read (a best time, 3BV/s, IOE, STNB), in Records and in the personal bests a
game announces: one format each, the game-over panel's."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.model import PRESETS, parse_custom
from game.view.formats import format_time

if TYPE_CHECKING:
    from game.store import Beaten

RANKED = ("Time", "3BV/s", "IOE", "STNB")  # the lists Records keeps of each board, as Help names the figures


def figure_text(figure: str, value: float | None) -> str:
    """A ranked figure's value as the panel writes it: "42.312 s", "2.345", "0.912", "45.2"; "-" when unknown."""
    if value is None:
        return "-"
    if figure == "Time":
        return format_time(round(value))
    return f"{value:.1f}" if figure == "STNB" else f"{value:.3f}"


def beaten_words(beaten: Iterable[Beaten], short: bool = False) -> str:
    """The personal bests a game beat, each with the best it beat: "Personal bests: 3BV/s 2.345 (was 2.101),
    IOE 0.912 (was 0.850)"; `short`, their names alone ("Personal bests: 3BV/s, IOE"); "" when none."""
    parts = [
        f"{'time' if b.figure == 'Time' else b.figure}"
        + ("" if short else f" {figure_text(b.figure, b.value)} (was {figure_text(b.figure, b.was)})")
        for b in beaten
    ]
    if not parts:
        return ""
    return f"Personal best{'s' if len(parts) > 1 else ''}: {', '.join(parts)}"


def has_stnb(category: str) -> bool:
    """Whether a board has STNB: the standard boards (ms-toollib's levels, whose constant it needs) only."""
    from game.video.figures import STNB_CONSTANT, level_of  # the figures load after a game, not at start-up

    preset = PRESETS.get(category)
    size = (preset.rows, preset.cols, preset.mines) if preset is not None else parse_custom(category)
    return size is not None and level_of(*size) in STNB_CONSTANT
