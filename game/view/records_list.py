"""Records' list of games: a board's best games by one figure, or its recent games, a row each, under a line of
column names (rest the pointer on one for what it counts). Each row: when, the game's marks (NF: no flag
placed; assisted, or a board seen before: never timed), its time and its 3BV/s, IOE and STNB; the figure the
list is ranked by stands out."""

from __future__ import annotations

import pygame

from game.store import BestGame, PlayedGame
from game.view import text, theme, widgets
from game.view.bests import figure_text
from game.view.formats import format_time, untimed_mark
from game.view.scale import px
from game.view.typeface import BOLD, REGULAR, SMALL, TINY

# A row, as shares of its width: when (rank and date, or date and time), marks, then one column a figure.
COLUMNS = (("when", 0.28), ("marks", 0.19), ("Time", 0.21), ("3BV/s", 0.11), ("IOE", 0.1), ("STNB", 0.11))
HEADINGS = {"when": "", "marks": "", "Time": "Time", "3BV/s": "3BV/s", "IOE": "IOE", "STNB": "STNB"}
NF = "NF"  # the community's mark for a game won without placing a flag
PLAY_W = 16  # the room right of a row for its play mark (base pixels)


def columns(rect: pygame.Rect) -> dict[str, pygame.Rect]:
    """A row (or the headings' line) cut into its columns."""
    cells, x = {}, rect.x
    for name, share in COLUMNS:
        w = round(rect.w * share)
        cells[name] = pygame.Rect(x, rect.y, w - px(6), rect.h)
        x += w
    return cells


def marks(game: BestGame | PlayedGame) -> str:
    """A game's marks: its outcome in a list of recent games, "NF" when no flag was placed, and why it is not
    timed (the one rule, said as everywhere: "assisted", "board seen before")."""
    if isinstance(game, BestGame):  # a best is a timed win: only NF can be said of it
        return NF if game.nf else ""
    said = [game.outcome]
    if game.won:
        if game.nf:
            said.append(NF)
        mark = untimed_mark(game.assisted, game.same_board)
        if mark:
            said.append(mark)
    return ", ".join(said)


def heading_names(line: pygame.Rect) -> dict[str, pygame.Rect]:
    """Where each figure's name is on the headings' line (for its explanation on hover)."""
    cells = columns(line)
    return {name: cells[name] for name in ("Time", "3BV/s", "IOE", "STNB")}


def draw_headings(surface: pygame.Surface, line: pygame.Rect, ranked: str | None, recent: bool) -> None:
    look = theme.current()
    cells = columns(line)
    first = "When, result" if recent else "Rank, date"
    text.draw_fitted(surface, first, cells["when"], TINY, look.dim_text, smallest=TINY)
    for name in ("Time", "3BV/s", "IOE", "STNB"):
        weight, colour = (BOLD, look.text) if name == ranked else (REGULAR, look.dim_text)
        text.draw_fitted(surface, HEADINGS[name], cells[name], SMALL, colour, "right", weight, TINY)
    pygame.draw.line(surface, look.shadow, (line.x, line.bottom - 1), (line.right - 1, line.bottom - 1), max(1, px(1)))


def draw_row(
    surface: pygame.Surface, row: widgets.Button, game: BestGame | PlayedGame, ranked: str | None, size: int = SMALL
) -> None:
    """One game's row (`row` is its button: hovered and focused show), its figure `ranked` standing out, in
    letters of `size` (larger in a tall window's taller rows): a best at its rank, a recent game (PlayedGame)
    at its time of day."""
    look, rect = theme.current(), row.rect
    if row.hovered and row.enabled:
        surface.fill(look.hover, rect)
    if row.focused:
        widgets.focus_ring(surface, rect.inflate(-px(6), -px(6)))
    cells = columns(rect.inflate(-px(8), 0))
    date = game.played_at.astimezone()
    first = cells["when"]
    if isinstance(game, PlayedGame):
        text.draw_fitted(surface, date.strftime("%m-%d %H:%M"), first, size, look.dim_text, smallest=TINY)
        colour = look.success_text if game.won else look.error_text
    else:
        rank = pygame.Rect(first.x, first.y, px(26), first.h)
        text.draw_fitted(surface, f"{game.rank}.", rank, size, align="right", smallest=TINY)
        day = pygame.Rect(rank.right + px(6), first.y, first.right - rank.right - px(6), first.h)
        text.draw_fitted(surface, date.strftime("%Y-%m-%d"), day, size, look.dim_text, smallest=TINY)
        colour = look.success_text
    text.draw_fitted(surface, marks(game), cells["marks"], size, colour, weight=BOLD, smallest=TINY)
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
