"""What the hint engine says, drawn over the board: the hinted cell and its proof, and mine chances."""

from __future__ import annotations

import math
from typing import Protocol

import pygame

from game.model import SEEN_COVERED, SEEN_QUESTION, Board, Hint
from game.view import text, theme, widgets
from game.view.input import BoardGeometry
from game.view.scale import px
from game.view.theme import RGB
from game.view.typeface import LARGE, SMALL

# Safe, a mine, a guess and the proving numbers; the colour-blind palette's (Okabe-Ito: blue, vermillion and
# yellow, which protanopes and deuteranopes tell apart) when that setting is on.
STANDARD = {"safe": (0, 170, 0), "mine": (210, 0, 0), "guess": (230, 150, 0), "proof": (0, 60, 220)}
COLOUR_BLIND = {"safe": (0, 114, 178), "mine": (213, 94, 0), "guess": (240, 228, 66), "proof": (0, 0, 0)}
# On the dark theme's dark cells the proof outlines are light (black and dark blue would not show: WCAG's 3:1
# for outlines is the bar, a test holds it).
DARK_PROOF = {False: (120, 170, 255), True: (255, 255, 255)}
CHANCE_STEPS = 10  # tints from 0% (safe) to 100% (a mine)
TINT_ALPHA = 120  # how much of a chance's colour covers the cell under it


class MineChances(Protocol):
    """Mine chances as the tints read them: the assistant's Chances, or a puzzle's Analysis."""

    def probability(self, row: int, col: int, /) -> float: ...


def colours() -> dict[str, RGB]:
    colour_blind = theme.colour_blind()
    palette = COLOUR_BLIND if colour_blind else STANDARD
    if theme.current().name == "dark":
        return {**palette, "proof": DARK_PROOF[colour_blind]}
    return palette


def hint_colour(hint: Hint) -> RGB:
    c = colours()
    return c["safe"] if hint.safe else c["mine"] if hint.is_mine else c["guess"]


def draw_hint(surface: pygame.Surface, geometry: BoardGeometry, hint: Hint) -> None:
    """Outline the numbers that prove the hint, then the hinted cell itself, tinted by what it is."""
    view = geometry.view
    width = max(2, geometry.tile // 10)
    c = colours()
    for row, col in hint.proof:
        rect = geometry.cell_rect(row, col)
        if view.colliderect(rect):
            pygame.draw.rect(surface, c["proof"], rect, width)
    tint = pygame.Surface((geometry.tile, geometry.tile), pygame.SRCALPHA)
    marked = [(cell, c["safe"]) for cell in hint.also_safe] + [(cell, c["mine"]) for cell in hint.also_mines]
    for cell, colour in marked + [(hint.cell, hint_colour(hint))]:  # the hinted cell last, on top
        rect = geometry.cell_rect(*cell)
        if view.colliderect(rect):  # a cell half in view is tinted too (the view clips it)
            tint.fill((*colour, 90))
            surface.blit(tint, rect)
            pygame.draw.rect(surface, colour, rect, width + (cell == hint.cell))


def chance_colour(shade: float, colour_blind: bool = False) -> tuple[int, ...]:
    """From safe to a mine, for a shade from 0 to 1: green through yellow to red, or, colour-blind, blue
    through pale yellow to vermillion."""
    if colour_blind:
        ends = (COLOUR_BLIND["safe"], (240, 228, 150), COLOUR_BLIND["mine"])
    else:
        ends = ((0, 180, 0), (230, 180, 0), (230, 0, 0))
    low, high, t = (ends[0], ends[1], shade * 2) if shade < 0.5 else (ends[1], ends[2], shade * 2 - 1)
    return tuple(round(a + (b - a) * t) for a, b in zip(low, high))


def chance_shade(probability: float) -> float:
    # the square root spreads out the low chances where the choices are made: 5% and 20% look different
    return math.sqrt(min(1.0, max(0.0, probability)))


class ChanceTints:
    """The chances drawn as one translucent layer the size of the board's view: every covered cell in view a
    square tinted by its chance of hiding a mine. The layer is made again only when the chances, the board or
    the view change; every other frame (the clock redraws the window every second, the pointer at every move)
    blits it in one go, a large board's thousands of cells in view costing one blit."""

    def __init__(self, tile: int, colour_blind: bool = False) -> None:
        self.tile, self.colour_blind = tile, colour_blind
        self._colours = [
            (*chance_colour(step / CHANCE_STEPS, colour_blind), TINT_ALPHA) for step in range(CHANCE_STEPS + 1)
        ]
        self._layer: tuple[tuple[object, ...], pygame.Surface] | None = None  # (what it was made for, the layer)

    def draw(self, surface: pygame.Surface, geometry: BoardGeometry, board: Board, chances: MineChances | None) -> None:
        """Tint every covered, unflagged cell in view, partly in view too (the caller clips to the view), by
        its chance of hiding a mine (None: no chances, nothing to tint)."""
        if chances is None:
            return
        first_row, last_row = geometry.visible_rows()
        first_col = geometry.scroll_x // geometry.tile
        last_col = -(-(geometry.scroll_x + geometry.view.w) // geometry.tile)
        rows, cols = (
            range(max(0, first_row), min(board.rows, last_row)),
            range(max(0, first_col), min(board.cols, last_col)),
        )
        view = geometry.view
        made_for = (chances, rows, cols, geometry.scroll_x, geometry.scroll_y, tuple(view), len(board.moves))
        if self._layer is None or self._layer[0] != made_for:
            self._layer = (made_for, self._make_layer(geometry, board, chances, rows, cols))
        surface.blit(self._layer[1], view)

    def _make_layer(
        self, geometry: BoardGeometry, board: Board, chances: MineChances, rows: range, cols: range
    ) -> pygame.Surface:
        view, tile, width = geometry.view, geometry.tile, board.cols
        layer = pygame.Surface(view.size, pygame.SRCALPHA)  # clear: only the tinted squares cover the cells
        seen, colours, fill = board.seen_codes(), self._colours, layer.fill
        # most cells share a few chances (those away from every number, one)
        colour_of: dict[float, tuple[int, ...]] = {}
        for row in rows:
            y, start = row * tile - geometry.scroll_y, row * width
            for col in cols:
                if seen[start + col] in (SEEN_COVERED, SEEN_QUESTION):
                    chance = chances.probability(row, col)
                    colour = colour_of.get(chance)
                    if colour is None:
                        colour = colour_of[chance] = colours[round(chance_shade(chance) * CHANCE_STEPS)]
                    fill(colour, (col * tile - geometry.scroll_x, y, tile, tile))  # fill sets the alpha: no blend
        return layer


def draw_pointer_label(surface: pygame.Surface, pointer: tuple[int, int], words: str, bounds: pygame.Rect) -> None:
    """A small label beside the pointer (a cell's mine chance), kept inside `bounds`."""
    width = text.width(words, SMALL) + px(12)
    box = pygame.Rect(pointer[0] + px(14), pointer[1] + px(16), width, text.line_height(SMALL) + px(6))
    box.clamp_ip(bounds)
    if box.collidepoint(pointer):  # never under the pointer itself
        box.bottom = pointer[1] - px(4)
        box.clamp_ip(bounds)
    widgets.bevel(surface, box, raised=True, width=1, face=theme.current().field)
    text.draw(surface, words, box.center, SMALL, anchor="center", box=box)


def draw_spinner(surface: pygame.Surface, centre: tuple[int, int], seconds: float, label: str) -> None:
    """A small panel with a turning ring of dots under `label`: what is being worked on."""
    width = min(max(px(220), text.width(label, LARGE) + px(40)), surface.get_width() - px(16))
    panel = pygame.Rect(0, 0, width, px(96))
    panel.center = centre
    widgets.bevel(surface, panel, raised=True, width=2)
    line = pygame.Rect(panel.x + px(10), panel.y + px(8), panel.w - px(20), px(28))
    text.draw_fitted(surface, label, line, LARGE, align="center")
    turn, radius = int(seconds * 12) % 12, px(18)
    for dot in range(12):
        angle = 2 * math.pi * dot / 12
        x = panel.centerx + radius * math.sin(angle)
        y = panel.y + px(62) - radius * math.cos(angle)
        shade = 60 + 15 * ((dot - turn) % 12)
        pygame.draw.circle(surface, (shade, shade, shade), (round(x), round(y)), px(3))
