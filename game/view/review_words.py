"""What Replay's status line says of a marked click, paused just before it: the review's verdict in words."""

from __future__ import annotations

from game.language import _
from game.model import Cell
from game.view.formats import format_chance
from game.view.review_steps import AVOIDABLE, FORCED, WASTED, WRONG_FLAG, Mark


def cell_words(cell: Cell) -> str:
    """A cell as the player finds it, counted from 1 at the top left (the verdict's words for it)."""
    # TRANSLATORS: a cell's place within a sentence, counted from the top left
    return _("row {row}, column {column}").format(row=cell[0] + 1, column=cell[1] + 1)


def mark_words(mark: Mark) -> str:
    """The marked click's verdict: its kind, its chance of being safe, and what was better."""
    click = mark.click
    if mark.kind == WASTED:
        return _("Wasted click on {cell}: it changed nothing.").format(cell=cell_words(mark.cell))
    if mark.kind == WRONG_FLAG:
        return _("Wrong flag on {cell}: no mine there.").format(cell=cell_words(mark.cell))
    if click is None:
        return ""
    chance = format_chance(click.p_safe)
    if mark.kind == AVOIDABLE:
        said = _("Avoidable guess: {chance} safe; {cell} was certainly safe.").format(
            chance=chance, cell=cell_words(click.safe_cell or mark.cell)
        )
    elif mark.kind == FORCED:
        # TRANSLATORS: {chance} is how likely the click was to be safe ("62%")
        said = _("Forced guess, among the safest ({chance} safe).").format(chance=chance)
    else:
        said = _("Forced guess: {chance} safe, but a cell was {best} safe.").format(
            chance=chance, best=format_chance(float(click.safest))
        )
    if mark.lost:
        said = _("{verdict} It opened a mine.").format(verdict=said)
    if mark.studied:
        # TRANSLATORS: S is the key that opens the position as a puzzle
        said = _("{verdict} S: study it.").format(verdict=said)
    return said
