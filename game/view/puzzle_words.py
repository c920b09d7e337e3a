"""What a puzzle says in words: its buttons, a lesson done, a drill's position solved, what a proof outlines."""

from __future__ import annotations

from datetime import datetime

from game.language import _, ngettext, pgettext
from game.view.formats import date_text


def puzzle_buttons() -> tuple[str, str, str]:
    """The buttons under a puzzle: back to the lessons, why (the proof of a cell still to play), the next board."""
    # TRANSLATORS: the three buttons under a puzzle's board (about 12 characters each)
    return _("Back"), pgettext("puzzle button", "Why?"), pgettext("puzzle button", "Next")


def lessons_to_do(count: int) -> str:
    """The last lesson on the path is done, `count` others are not."""
    return ngettext(
        "Lesson done. {count} other lesson is still to do: N or Enter for the list.",
        "Lesson done. {count} other lessons are still to do: N or Enter for the list.",
        count,
    ).format(count=count)


def drill_solved(first_try: bool, seconds: float, reason: str) -> str:
    """A drill's position solved: how, how fast (the community's notation: "4.2 s"), and what it took."""
    if first_try:
        said = _("Right first time, in {seconds} s. {reason}. Next: N or Enter.")
    else:
        said = _("Solved, in {seconds} s. {reason}. Next: N or Enter.")
    return said.format(seconds=f"{seconds:.1f}", reason=reason)


def see_outlined(cells: int, numbers: int) -> str:
    """What a proof has outlined on the board: the cells it proves (how many) and the numbers (how many) that
    prove them, or, proved by the mines counter (no numbers), the counter."""
    if not numbers:
        if cells == 1:
            return _("See the outlined cell and the counter.")
        return _("See the outlined cells and the counter.")
    if cells == 1:
        if numbers == 1:
            return _("See the outlined cell and the number that proves it.")
        return _("See the outlined cell and the numbers that prove it.")
    if numbers == 1:
        return _("See the outlined cells and the number that proves them.")
    return _("See the outlined cells and the numbers that prove them.")


def from_own_game(played_at: datetime) -> str:
    """A drill position from the player's own game: when it was played, and what they missed there."""
    # TRANSLATORS: under the pattern drill's board, the position is one of the player's recorded games; {date} is
    # its date in digits ("2026-11-29"); the guessed cell is outlined
    return _("From your game of {date}: you guessed here; a safe cell was certain.").format(
        date=date_text(played_at.astimezone())
    )
