"""The board renderer: which tile each cell shows, and a board surface redrawn only where looks changed."""
from dataclasses import dataclass, field

import pygame

from game.view.sheet import NUMBER_TILES, Tile


@dataclass
class BoardLooks:
    """The view-side state that changes how cells look: owned by the scene, read here."""
    pressed: set = field(default_factory=set)
    hover: tuple | None = None


def tile_for(board, looks, row, col):
    """The look of one cell, from the model and the pointer state alone."""
    state = board.state
    if board.is_revealed(row, col):
        if state == "lost" and board.is_mine(row, col):
            return Tile.EXPLODED if board.exploded == (row, col) else Tile.MINE
        return NUMBER_TILES[board.adjacent_mines(row, col)]
    if state == "lost":
        mine, flagged = board.is_mine(row, col), board.is_flagged(row, col)
        if (row, col) == board.exploded:
            return Tile.EXPLODED
        if flagged:
            return Tile.FLAG if mine else Tile.WRONG_FLAG
        if mine:
            return Tile.MINE
        return Tile.QUESTION if board.is_questioned(row, col) else Tile.COVERED
    if board.is_flagged(row, col):
        return Tile.FLAG
    pressed = (row, col) in looks.pressed
    if board.is_questioned(row, col):
        return Tile.QUESTION_PRESSED if pressed else Tile.QUESTION
    if pressed:
        return Tile.PRESSED
    if looks.hover == (row, col) and state in ("ready", "playing"):
        return Tile.HOVER
    return Tile.COVERED


class BoardRenderer:
    """Keeps a surface of the whole board and the tile last drawn in each cell.

    `refresh(cells)` redraws only those cells whose tile changed; after `invalidate()` the next refresh
    repaints every cell, starting from a cached all-covered board so only uncovered cells are blitted.
    """

    def __init__(self, atlas, board):
        self.atlas = atlas
        self.board = board
        tile = atlas.tile_size
        self.surface = pygame.Surface((board.cols * tile, board.rows * tile)).convert()
        self._covered = self.surface.copy()
        covered = atlas.tiles[Tile.COVERED]
        self._covered.fblits([(covered, (c * tile, r * tile)) for r in range(board.rows) for c in range(board.cols)])
        self._drawn = {}
        self._stale = True

    def invalidate(self):
        self._stale = True

    def refresh(self, looks, cells=()):
        """Bring the surface up to date for `cells` (or for every cell after invalidate)."""
        board, tiles, tile = self.board, self.atlas.tiles, self.atlas.tile_size
        if self._stale:
            self._stale = False
            self.surface.blit(self._covered, (0, 0))
            self._drawn = {}
            cells = ((r, c) for r in range(board.rows) for c in range(board.cols))
        drawn = self._drawn
        blits = []
        for row, col in cells:
            look = tile_for(board, looks, row, col)
            if drawn.get((row, col), Tile.COVERED) is not look:
                drawn[(row, col)] = look
                blits.append((tiles[look], (col * tile, row * tile)))
        if blits:
            self.surface.fblits(blits)
        return len(blits)
