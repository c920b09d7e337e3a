"""What the hint engine says, drawn over the board: the hinted cell and its proof, and mine chances."""

import math

import pygame

from game.view import text, widgets
from game.view.typeface import LARGE

SAFE = (0, 170, 0)
MINE = (210, 0, 0)
GUESS = (230, 150, 0)
PROOF = (0, 60, 220)
CHANCE_STEPS = 10  # tints from 0% (green) to 100% (red)


def hint_colour(hint):
    return SAFE if hint.safe else MINE if hint.is_mine else GUESS


def draw_hint(surface, geometry, hint):
    """Outline the numbers that prove the hint, then the hinted cell itself, tinted by what it is."""
    view = geometry.view
    width = max(2, geometry.tile // 10)
    for row, col in hint.proof:
        rect = geometry.cell_rect(row, col)
        if view.contains(rect):
            pygame.draw.rect(surface, PROOF, rect, width)
    tint = pygame.Surface((geometry.tile, geometry.tile), pygame.SRCALPHA)
    marked = [(cell, SAFE) for cell in hint.also_safe] + [(cell, MINE) for cell in hint.also_mines]
    for cell, colour in marked + [(hint.cell, hint_colour(hint))]:  # the hinted cell last, on top
        rect = geometry.cell_rect(*cell)
        if view.contains(rect):
            tint.fill((*colour, 90))
            surface.blit(tint, rect)
            pygame.draw.rect(surface, colour, rect, width + (cell == hint.cell))


def chance_colour(shade):
    """Green (safe) through yellow to red (a mine), for a shade from 0 to 1."""
    if shade < 0.5:
        return (int(460 * shade), 180, 0)
    return (230, int(180 * (2 - 2 * shade)), 0)


def chance_shade(probability):
    # the square root spreads out the low chances where the choices are made: 5% and 20% look different
    return math.sqrt(min(1.0, max(0.0, probability)))


class ChanceTints:
    """Translucent squares of one tile size, one per step of probability, made once."""

    def __init__(self, tile):
        self.tile = tile
        self._tints = []
        for step in range(CHANCE_STEPS + 1):
            square = pygame.Surface((tile, tile), pygame.SRCALPHA)
            square.fill((*chance_colour(step / CHANCE_STEPS), 120))
            self._tints.append(square)

    def draw(self, surface, geometry, board, analysis):
        """Tint every covered, unflagged cell in view by its chance of hiding a mine."""
        blits = []
        for row in range(board.rows):
            for col in range(board.cols):
                if board.is_revealed(row, col) or board.is_flagged(row, col):
                    continue
                rect = geometry.cell_rect(row, col)
                if geometry.view.contains(rect):
                    step = round(chance_shade(analysis.probability(row, col)) * CHANCE_STEPS)
                    blits.append((self._tints[step], rect.topleft))
        surface.fblits(blits)


def draw_spinner(surface, centre, seconds, label="Making a no-guess board"):
    """A small panel with a turning ring of dots: something is being worked on."""
    width = min(max(220, text.width(label, LARGE) + 40), surface.get_width() - 16)
    panel = pygame.Rect(0, 0, width, 96)
    panel.center = centre
    widgets.bevel(surface, panel, raised=True, width=2)
    text.draw_fitted(surface, label, pygame.Rect(panel.x + 10, panel.y + 8, panel.w - 20, 28), LARGE, align="center")
    turn = int(seconds * 12) % 12
    for dot in range(12):
        angle = 2 * math.pi * dot / 12
        x = panel.centerx + 18 * math.sin(angle)
        y = panel.y + 62 - 18 * math.cos(angle)
        shade = 60 + 15 * ((dot - turn) % 12)
        pygame.draw.circle(surface, (shade, shade, shade), (round(x), round(y)), 3)
