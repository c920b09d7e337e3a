"""A game's review drawn on Replay: its guesses and mistakes as marks on the seek bar, and at a marked click the
position before it (each covered cell's chance of a mine, the certain cells, the cell clicked)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.model import SEEN_COVERED, SEEN_QUESTION, Board
from game.view import hint_marks, theme
from game.view.assistant import Chances
from game.view.input import BoardGeometry
from game.view.review_steps import AVOIDABLE, FORCED, WASTED, Mark
from game.view.scale import px
from game.view.theme import RGB

LEAST_TICK = 0.45  # a guess's tick is this share of the track's height at the least; full at RISK_FULL
RISK_FULL = 0.5  # a guess with this chance of a mine, or more, marks the whole height


def mark_colour(mark: Mark) -> RGB:
    """An avoidable guess in the theme's error red, a forced one amber, a forced one where another cell was safer
    in a colour of its own; a wasted click dim, a wrong flag red."""
    look = theme.current()
    if mark.kind in (AVOIDABLE, FORCED):
        return look.error_text if mark.kind == AVOIDABLE else look.guess_forced
    if mark.guess:
        return look.guess_unsafest
    return look.dim_text if mark.kind == WASTED else look.error_text


def tick_x(rect: pygame.Rect, t_ms: int, elapsed_ms: int) -> int:
    """Where a moment falls on the seek bar's track (as its fill and knob show it)."""
    inner = rect.inflate(-px(6), -px(6))
    fraction = t_ms / elapsed_ms if elapsed_ms else 1.0
    return inner.x + round(inner.w * max(0.0, min(1.0, fraction)))


def draw_seek_marks(surface: pygame.Surface, rect: pygame.Rect, marks: Sequence[Mark], elapsed_ms: int) -> None:
    """Each guess a tick in the track, as tall as it was risky; the losing click a notch over the bar too; a
    wasted click or a wrong flag a small mark under the bar."""
    look = theme.current()
    inner = rect.inflate(-px(4), -px(4))  # over the fill's edge a little: a tick must show on the thinnest bar
    width, small = max(3, px(4)), max(3, px(4))
    for mark in marks:
        x, colour = tick_x(rect, mark.t_ms, elapsed_ms), mark_colour(mark)
        if not mark.guess:
            dot = pygame.Rect(0, 0, small, small)
            dot.midtop = (x, rect.bottom + px(1))
            if mark.kind == WASTED:
                pygame.draw.ellipse(surface, colour, dot)
            else:
                surface.fill(colour, dot)
            continue
        share = LEAST_TICK + (1 - LEAST_TICK) * min(1.0, mark.risk / RISK_FULL)
        tall = max(px(3), round(inner.h * (1.0 if mark.lost else share)))
        tick = pygame.Rect(x - width // 2, inner.bottom - tall, width, tall)
        pygame.draw.rect(surface, look.edge, tick.inflate(2, 2))
        surface.fill(colour, tick)
        if mark.lost:  # a notch over the bar: the click that ended the game stands out
            top = rect.top
            notch = [(x - small, top - small - 1), (x + small, top - small - 1), (x, top + 1)]
            pygame.draw.polygon(surface, colour, notch)
            pygame.draw.polygon(surface, look.edge, notch, 1)


def draw_position(
    surface: pygame.Surface,
    geometry: BoardGeometry,
    board: Board,
    chances: Chances | None,
    mark: Mark,
    tints: hint_marks.ChanceTints,
) -> None:
    """The position before a marked click: every covered cell tinted by its chance of a mine and the certain ones
    outlined (safe, mine) once the analysis is in, and the cell about to be clicked outlined in its mark's colour."""
    view = geometry.view
    surface.set_clip(view)
    if chances is not None and chances.known:
        tints.draw(surface, geometry, board, chances)
        _outline_certain(surface, geometry, board, chances)
    rect = geometry.cell_rect(*mark.cell)
    width = max(2, geometry.tile // 8)
    pygame.draw.rect(surface, theme.current().edge, rect.inflate(2 * width, 2 * width), width)
    pygame.draw.rect(surface, mark_colour(mark), rect, width)
    surface.set_clip(None)


def _outline_certain(surface: pygame.Surface, geometry: BoardGeometry, board: Board, chances: Chances) -> None:
    """A frame on each covered cell in view that is certainly safe (the hint's safe colour) or a mine (its mine
    colour)."""
    colours = hint_marks.colours()
    first_row, last_row = geometry.visible_rows()
    first_col = geometry.scroll_x // geometry.tile
    last_col = -(-(geometry.scroll_x + geometry.view.w) // geometry.tile)
    seen, cols, width = board.seen_codes(), board.cols, max(2, geometry.tile // 10)
    for row in range(max(0, first_row), min(board.rows, last_row)):
        for col in range(max(0, first_col), min(cols, last_col)):
            if seen[row * cols + col] not in (SEEN_COVERED, SEEN_QUESTION):
                continue
            chance = chances.probability(row, col)
            if chance in (0.0, 1.0):
                colour = colours["safe"] if chance == 0.0 else colours["mine"]
                pygame.draw.rect(surface, colour, geometry.cell_rect(row, col).inflate(-2, -2), width)
