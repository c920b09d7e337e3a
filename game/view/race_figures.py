"""The figures of a race, side by side on the game-over panel: the player's and the ghost's (time, 3BV, 3BV/s,
clicks, IOE...), the sentence that says who won and by how much, and the words for the bar."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.language import N_, _, pgettext
from game.play.race import Lead, Race, RaceResult, Reason
from game.video.figure_text import figure_text, flags_text, rates, solved_text
from game.view import text, theme
from game.view.formats import figure_name, format_time
from game.view.scale import px
from game.view.typeface import BODY, BOLD, TINY, writes

if TYPE_CHECKING:
    from game.video.figures import Figures  # loaded with the race, not with the panel

# TRANSLATORS: a figure still being worked out
COUNTING = N_("counting...")
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
    # TRANSLATORS: the race's two columns of figures after a game: the player's and the ghost's (about 8 characters)
    found: list[tuple[str, ...]] = [("", _("You"), _("Ghost"))]
    counting = _(COUNTING)
    for name, value in COLUMNS:
        yours = value(you) if you is not None else counting
        if name == "Time":
            yours = format_time(your_time_ms)
        found.append((name, yours, value(ghost) if ghost is not None else counting))
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
        # TRANSLATORS: the ghost of a race, named after the video's player: "Alice's ghost"
        return _("{name}'s ghost").format(name=name)
    # TRANSLATORS: the ghost of a race at the start of a sentence ("The ghost beat you by 1.200 s.")
    # and inside one ("You beat the ghost by 1.200 s.")
    return pgettext("at the start of a sentence", "The ghost") if capital else _("the ghost")


def sentence(race: Race) -> str:
    """Who won the race and by how much, as a sentence ("" until both sets of figures are in)."""
    result, ghost = race.result(), race.ghost_figures
    if result is None or ghost is None:
        return ""
    it, It = who(race), who(race, capital=True)
    at = format_time(ghost.time_ms)
    if result.reason is Reason.TIME:
        gap = format_time(result.gap_ms)
        said = {
            # TRANSLATORS: who won a race; {ghost} is "the ghost" or "Alice's ghost", {gap} a time ("1.200 s")
            Lead.YOU: _("You beat {ghost} by {gap}."),
            # TRANSLATORS: who won a race; {Ghost} is "The ghost" or "Alice's ghost", {gap} a time ("1.200 s")
            Lead.GHOST: _("{Ghost} beat you by {gap}."),
            # TRANSLATORS: a race even to the millisecond; {ghost} is "the ghost" or "Alice's ghost"
            Lead.EVEN: _("A dead heat with {ghost}: the same time to the millisecond."),
        }[result.lead]
        return said.format(ghost=it, Ghost=It, gap=gap)
    if result.reason is Reason.LOST:
        if result.lead is Lead.YOU:
            # TRANSLATORS: {ghost} is "the ghost" or "Alice's ghost", {time} a time ("12.345 s")
            return _("You beat {ghost}: it hit a mine at {time}.").format(ghost=it, time=at)
        # TRANSLATORS: {Ghost} is "The ghost" or "Alice's ghost", {time} a time ("12.345 s")
        return _("{Ghost} won the race in {time}.").format(Ghost=It, time=at)
    if result.reason is Reason.STOPPED:
        # TRANSLATORS: {ghost} is "the ghost" or "Alice's ghost", {time} a time ("12.345 s")
        return _("You beat {ghost}: its video stops at {time}, before its game ended.").format(ghost=it, time=at)
    return _further(result, race, it)


def _further(result: RaceResult, race: Race, it: str) -> str:
    you, ghost = race.your_figures, race.ghost_figures
    assert you is not None and ghost is not None
    mine, its, whole = you.bbbv_solved, ghost.bbbv_solved, ghost.bbbv
    # TRANSLATORS: a race neither cleared; {ghost} is "the ghost" or "Alice's ghost"; the numbers are 3BV solved
    if result.lead is Lead.YOU:
        said = _("Neither of you cleared the board; you got further: {mine} of {whole} 3BV to {its}.")
    elif result.lead is Lead.GHOST:
        said = _("Neither of you cleared the board; {ghost} got further: {its} of {whole} 3BV to your {mine}.")
    else:
        said = _("Neither of you cleared the board, and you got as far as {ghost}: {mine} of {whole} 3BV.")
    return said.format(ghost=it, mine=mine, its=its, whole=whole)


def bar_words(race: Race) -> str:
    """The race on the bar, after the player's result and time: the ghost's time and who won."""
    ghost, result = race.ghost_figures, race.result()
    # TRANSLATORS: the race on the bar after a game, after the player's result and time ("Won 12.345 s; ...")
    if ghost is None:
        return _("; the ghost: {counting}").format(counting=_(COUNTING))
    at = format_time(ghost.time_ms)
    if ghost.won:
        # TRANSLATORS: the ghost's time on the bar after a game
        said = _("ghost {time}").format(time=at)
    elif ghost.lost:
        said = _("ghost lost at {time}").format(time=at)
    else:
        said = _("ghost stopped at {time}").format(time=at)
    if result is None:
        return _("; {ghost}").format(ghost=said)
    if result.reason is Reason.TIME:
        gap = format_time(result.gap_ms)
        # TRANSLATORS: who won the race, on the bar after a game; {gap} is a time ("1.200 s")
        lead = {Lead.YOU: _("you by {gap}"), Lead.GHOST: _("the ghost by {gap}"), Lead.EVEN: _("a dead heat")}
        won = lead[result.lead].format(gap=gap)
    elif result.reason is Reason.FURTHER:
        lead = {Lead.YOU: _("you got further"), Lead.GHOST: _("the ghost got further"), Lead.EVEN: _("level")}
        won = lead[result.lead]
    else:
        lead = {Lead.YOU: _("you win the race"), Lead.GHOST: _("the ghost wins"), Lead.EVEN: _("level")}
        won = lead[result.lead]
    # TRANSLATORS: on the bar after a game: the ghost's time, then who won the race
    return _("; {ghost}: {winner}").format(ghost=said, winner=won)


def draw_line(surface: pygame.Surface, row: pygame.Rect, line: tuple[str, ...], label_w: int, race: Race) -> None:
    """One line of the race's figures: the name, then the two values in columns (one spanning both for a
    figure of the board's own); the columns' names dimmed, the winner's time in the colour of good news."""
    look = theme.current()
    name = line[0]
    text.draw_fitted(surface, figure_name(name), pygame.Rect(row.x, row.y, label_w - px(6), row.h), BODY, smallest=TINY)
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
