"""Records' list of games: a board's best games by one figure, or its recent games, a row each, under a line of
column names (rest the pointer on one for what it counts). Each row: when, the game's marks (NF: no flag
placed; assisted, or a board seen before: never timed), its time and its 3BV/s, IOE and STNB; the figure the
list is ranked by stands out."""

from __future__ import annotations

from datetime import datetime

import pygame

from game.language import _, pgettext
from game.store import BestGame, PlayedGame
from game.video.figure_text import nf_mark
from game.view import text, theme, widgets
from game.view.bests import figure_text
from game.view.formats import CHOSEN_BY_3BV, date_text, day_and_time, figure_name, format_time, untimed_mark
from game.view.scale import px
from game.view.typeface import BOLD, REGULAR, SMALL, TINY

# A row: when (rank and date, or date and time), marks, then one column a figure. Each column but the marks is
# as wide as its longest value (these, as measured at the row's letters), in a list of bests or of recent games;
# the marks take the rest.
WIDEST = {"Time": "999.999 s", "3BV/s": "88.888", "IOE": "8.888", "STNB": "8888.8"}
WIDEST_DAY = datetime(2026, 12, 31, 23, 59)  # the widest date and time of day, in digits
HEADINGS = {"when": "", "marks": "", "Time": "Time", "3BV/s": "3BV/s", "IOE": "IOE", "STNB": "STNB"}
RANK_W = 26  # a best's rank ("10."), before its date (base pixels)
COLUMN_GAP = 10  # between two columns (base pixels)
PLAY_W = 16  # the room right of a row for its play mark (base pixels)


def columns(rect: pygame.Rect, size: int = SMALL, recent: bool = False) -> dict[str, pygame.Rect]:
    """A row (or the headings' line) cut into its columns, for letters of `size` (in a list of recent games, or
    of bests): each as wide as its longest value (or its heading's name), the marks the room left."""
    gap = px(COLUMN_GAP)
    widths = {name: text.width(value, size, BOLD) for name, value in WIDEST.items()}
    if recent:
        widths["when"] = text.width(day_and_time(WIDEST_DAY), size, BOLD)
    else:
        widths["when"] = px(RANK_W) + px(6) + text.width(date_text(WIDEST_DAY), size)
    for name in ("Time", "3BV/s", "IOE", "STNB"):
        widths[name] = max(widths[name], text.width(HEADINGS[name], SMALL, BOLD))
    widths["marks"] = max(px(40), rect.w - sum(widths.values()) - 5 * gap)
    cells, x = {}, rect.x
    for name in ("when", "marks", "Time", "3BV/s", "IOE", "STNB"):
        cells[name] = pygame.Rect(x, rect.y, widths[name], rect.h)
        x += widths[name] + gap
    return cells


def marks(game: BestGame | PlayedGame) -> str:
    """A game's marks: its outcome in a list of recent games, "NF" when no flag was placed, and why it is not
    timed (the one rule, said as everywhere: "assisted", "board seen before")."""
    if isinstance(game, BestGame):  # a best is a timed win: only NF can be said of it
        return nf_mark() if game.nf else ""
    if game.won:
        # TRANSLATORS: a recent game's outcome in Records' list
        said = [pgettext("a game's outcome", "won")]
    elif game.abandoned:
        # TRANSLATORS: a recent game's outcome in Records' list (left unfinished)
        said = [pgettext("a game's outcome", "abandoned")]
    else:
        # TRANSLATORS: a recent game's outcome in Records' list
        said = [pgettext("a game's outcome", "lost")]
    if game.won:
        if game.nf:
            said.append(nf_mark())
        mark = untimed_mark(game.assisted, game.same_board, game.filtered)
        if mark:
            said.append(mark)
    elif game.filtered:  # kept apart whatever the outcome: a loss on such a board says so too
        said.append(_(CHOSEN_BY_3BV))
    # TRANSLATORS: what separates the items of a list ("、" in Chinese and Japanese)
    return _(", ").join(said)


def heading_names(line: pygame.Rect, size: int = SMALL, recent: bool = False) -> dict[str, pygame.Rect]:
    """Where each figure's name is on the headings' line over rows in letters of `size` (for its explanation on
    hover)."""
    cells = columns(line, size, recent)
    return {name: cells[name] for name in ("Time", "3BV/s", "IOE", "STNB")}


def draw_headings(
    surface: pygame.Surface, line: pygame.Rect, ranked: str | None, recent: bool, size: int = SMALL
) -> None:
    """The column names over rows in letters of `size`."""
    look = theme.current()
    cells = columns(line, size, recent)
    # TRANSLATORS: the first column's heading in Records: a recent game's time of day and outcome, or a best's
    # rank and date; a narrow column (about 14 characters)
    first = _("When, result") if recent else _("Rank, date")
    text.draw_fitted(surface, first, cells["when"], TINY, look.dim_text, smallest=TINY)
    for name in ("Time", "3BV/s", "IOE", "STNB"):
        weight, colour = (BOLD, look.text) if name == ranked else (REGULAR, look.dim_text)
        text.draw_fitted(surface, figure_name(HEADINGS[name]), cells[name], SMALL, colour, "right", weight, TINY)
    pygame.draw.line(surface, look.shadow, (line.x, line.bottom - 1), (line.right - 1, line.bottom - 1), max(1, px(1)))


def draw_row(
    surface: pygame.Surface, row: widgets.Button, game: BestGame | PlayedGame, ranked: str | None, size: int = SMALL
) -> tuple[str, pygame.Rect] | None:
    """One game's row (`row` is its button: hovered and focused show), its figure `ranked` standing out, in
    letters of `size` (larger in a tall window's taller rows): a best at its rank, a recent game (PlayedGame)
    at its time of day. Returns the marks whole and where they show when they had to be cut short (for a tip
    with them whole), else None."""
    look, rect = theme.current(), row.rect
    if row.hovered and row.enabled:
        surface.fill(look.hover, rect)
    if row.focused:
        widgets.focus_ring(surface, rect.inflate(-px(6), -px(6)))
    recent = isinstance(game, PlayedGame)
    cells = columns(rect.inflate(-px(8), 0), size, recent)
    date = game.played_at.astimezone()
    first = cells["when"]
    if isinstance(game, PlayedGame):
        text.draw_fitted(surface, day_and_time(date), first, size, look.dim_text, smallest=TINY)
        colour = look.success_text if game.won else look.error_text
    else:
        rank = pygame.Rect(first.x, first.y, px(RANK_W), first.h)
        text.draw_fitted(surface, f"{game.rank}.", rank, size, align="right", smallest=TINY)
        day = pygame.Rect(rank.right + px(6), first.y, first.right - rank.right - px(6), first.h)
        text.draw_fitted(surface, date_text(date), day, size, look.dim_text, smallest=TINY)
        colour = look.success_text
    said, box = marks(game), cells["marks"]
    drawn = text.draw_fitted(surface, said, box, size, colour, weight=BOLD, smallest=TINY)
    cut = text.fit(said, box.w, size, BOLD, TINY, box.h)[0] != said
    values = {
        "Time": format_time(game.time_ms),
        "3BV/s": figure_text("3BV/s", game.three_bv_per_s),
        "IOE": figure_text("IOE", game.ioe),
        "STNB": figure_text("STNB", game.stnb),
    }
    for name, value in values.items():
        weight = BOLD if name == ranked or (ranked is None and name == "Time") else REGULAR
        text.draw_fitted(surface, value, cells[name], size, align="right", weight=weight, smallest=TINY)
    if row.enabled:  # it plays its video
        y, x, half = rect.centery, rect.right + px(4), px(6)
        colour = look.accent if row.hovered or row.focused else look.dim_text
        pygame.draw.polygon(surface, colour, [(x, y - half), (x, y + half), (x + px(9), y)])
    return (said, drawn) if cut else None
