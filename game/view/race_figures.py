"""The figures of a race, side by side on the game-over panel: the player's and the ghost's (time, 3BV, 3BV/s,
clicks, IOE...), the sentence that says who won and by how much, and the words for the bar."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.play.race import Lead, Race, RaceResult, Reason
from game.video.figure_text import figure_text, flags_text, rates, solved_text
from game.view import text, theme
from game.view.formats import format_time
from game.view.scale import px
from game.view.typeface import BODY, BOLD, TINY, writes

if TYPE_CHECKING:
    from game.video.figures import Figures  # loaded with the race, not with the panel

COUNTING = "counting..."
LONGEST_NAME = 40  # of the video's player, in the sentences
GAP = 8  # between the two columns of values
# The lines that stay when the panel has no room for them all: the columns' names first, then the race's figures.
PRIORITY: tuple[str, ...] = ("", "Time", "3BV/s", "3BV", "IOE", "Clicks", "Last click", "ZiNi", "STNB", "Guesses")
PRIORITY += ("Correctness", "Throughput", "RQP", "IOS", "Flags", "Path")


# Each figure's value from one player's Figures, on the panel's lines (the names are FIGURES' in formats).
COLUMNS: tuple[tuple[str, Callable[[Figures], str]], ...] = (
    ("Time", lambda f: format_time(f.time_ms)),
    ("3BV", solved_text),
    ("3BV/s", lambda f: rates(f)["3BV/s"]),
    ("Clicks", lambda f: f"{f.clicks} ({f.effective_clicks})"),  # short: two columns share the line
    ("IOE", lambda f: rates(f)["IOE"]),
    ("Throughput", lambda f: rates(f)["Throughput"]),
    ("Correctness", lambda f: rates(f)["Correctness"]),
    ("STNB", lambda f: rates(f)["STNB"]),
    ("RQP", lambda f: rates(f)["RQP"]),
    ("IOS", lambda f: rates(f)["IOS"]),
    ("Flags", flags_text),
    ("Path", lambda f: figure_text("Path", f.path)),
)


def lines(race: Race, your_time_ms: int) -> list[tuple[str, ...]]:
    """The race's lines: (name, yours, the ghost's), the first naming the columns; ZiNi, the board's own,
    once. Your time is the game's (the race's clock) from the start; the rest come when worked out."""
    you, ghost = race.your_figures, race.ghost_figures
    found: list[tuple[str, ...]] = [("", "You", "Ghost")]
    for name, value in COLUMNS:
        yours = value(you) if you is not None else COUNTING
        if name == "Time":
            yours = format_time(your_time_ms)
        found.append((name, yours, value(ghost) if ghost is not None else COUNTING))
        if name == "Clicks" and ghost is not None:
            found.append(("ZiNi", str(ghost.zini)))
    return found


def who(race: Race, capital: bool = False) -> str:
    """The ghost, named after the video's player when it names one the game's letters can write (a name in
    a script the typeface lacks would show as boxes)."""
    name = race.who
    if name and not writes(name):
        name = ""
    if len(name) > LONGEST_NAME:  # its first words (a name cut mid-word reads as another name)
        name = name[: name.rfind(" ", 0, LONGEST_NAME + 1)].rstrip(" ,;") if " " in name[:LONGEST_NAME] else ""
    if name:
        return f"{name}'s ghost"
    return "The ghost" if capital else "the ghost"


def sentence(race: Race) -> str:
    """Who won the race and by how much, as a sentence ("" until both sets of figures are in)."""
    result, ghost = race.result(), race.ghost_figures
    if result is None or ghost is None:
        return ""
    it, It = who(race), who(race, capital=True)
    at = format_time(ghost.time_ms)
    if result.reason is Reason.TIME:
        gap = format_time(result.gap_ms)
        return {
            Lead.YOU: f"You beat {it} by {gap}.",
            Lead.GHOST: f"{It} beat you by {gap}.",
            Lead.EVEN: f"A dead heat with {it}: the same time to the millisecond.",
        }[result.lead]
    if result.reason is Reason.LOST:
        if result.lead is Lead.YOU:
            return f"You beat {it}: it hit a mine at {at}."
        return f"{It} won the race in {at}."
    if result.reason is Reason.STOPPED:
        return f"You beat {it}: its video stops at {at}, before its game ended."
    return _further(result, race, it)


def _further(result: RaceResult, race: Race, it: str) -> str:
    you, ghost = race.your_figures, race.ghost_figures
    assert you is not None and ghost is not None
    mine, its, whole = you.bbbv_solved, ghost.bbbv_solved, ghost.bbbv
    if result.lead is Lead.YOU:
        return f"Neither of you cleared the board; you got further: {mine} of {whole} 3BV to {its}."
    if result.lead is Lead.GHOST:
        return f"Neither of you cleared the board; {it} got further: {its} of {whole} 3BV to your {mine}."
    return f"Neither of you cleared the board, and you got as far as {it}: {mine} of {whole} 3BV."


def bar_words(race: Race) -> str:
    """The race on the bar, after the player's result and time: the ghost's time and who won."""
    ghost, result = race.ghost_figures, race.result()
    if ghost is None:
        return f"; the ghost: {COUNTING}"
    at = format_time(ghost.time_ms)
    said = f"ghost {at}" if ghost.won else f"ghost lost at {at}" if ghost.lost else f"ghost stopped at {at}"
    if result is None:
        return f"; {said}"
    if result.reason is Reason.TIME:
        gap = format_time(result.gap_ms)
        lead = {Lead.YOU: f"you by {gap}", Lead.GHOST: f"the ghost by {gap}", Lead.EVEN: "a dead heat"}
    elif result.reason is Reason.FURTHER:
        lead = {Lead.YOU: "you got further", Lead.GHOST: "the ghost got further", Lead.EVEN: "level"}
    else:
        lead = {Lead.YOU: "you win the race", Lead.GHOST: "the ghost wins", Lead.EVEN: "level"}
    return f"; {said}: {lead[result.lead]}"


def draw_line(surface: pygame.Surface, row: pygame.Rect, line: tuple[str, ...], label_w: int, race: Race) -> None:
    """One line of the race's figures: the name, then the two values in columns (one spanning both for a
    figure of the board's own); the columns' names dimmed, the winner's time in the colour of good news."""
    look = theme.current()
    name = line[0]
    text.draw_fitted(surface, name, pygame.Rect(row.x, row.y, label_w - px(6), row.h), BODY, smallest=TINY)
    values = pygame.Rect(row.x + label_w, row.y, row.w - label_w, row.h)
    if len(line) == 2:
        text.draw_fitted(surface, line[1], values, BODY, align="right", weight=BOLD, smallest=TINY)
        return
    half = (values.w - px(GAP)) // 2
    boxes = (pygame.Rect(values.x, row.y, half, row.h), pygame.Rect(values.right - half, row.y, half, row.h))
    result = race.result()
    winner = {Lead.YOU: 0, Lead.GHOST: 1}.get(result.lead) if result is not None and name == "Time" else None
    for n, (value, box) in enumerate(zip(line[1:], boxes)):
        colour = look.dim_text if not name else look.success_text if n == winner else None
        text.draw_fitted(surface, value, box, BODY, colour, align="right", weight=BOLD, smallest=TINY)
