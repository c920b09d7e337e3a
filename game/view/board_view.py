"""The board renderer: which tile each cell shows, and a board surface redrawn only where looks changed."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from types import MappingProxyType
from typing import NamedTuple, cast

import pygame

from game.model import SEEN_COVERED, SEEN_FLAG, SEEN_MINE, SEEN_QUESTION, Board, Cell, GameState
from game.view.atlas import Atlas
from game.view.sheet import NUMBER_TILES, Tile

NO_OVERRIDE: Mapping[Cell, Tile] = MappingProxyType({})
FEW_CELLS = 200  # past this many cells to look at, the renderer works out the whole board's tiles at once

# The tile of each code in Board.seen_codes(), before pointer looks and the end-of-game marks.
TILE_OF_SEEN = {
    **dict(enumerate(NUMBER_TILES)),
    SEEN_COVERED: Tile.COVERED,
    SEEN_FLAG: Tile.FLAG,
    SEEN_QUESTION: Tile.QUESTION,
    SEEN_MINE: Tile.MINE,
}


class BoardLooks(NamedTuple):
    """What changes how cells look besides the model, as the scene hands it to the view each frame: the
    pressed cells and the hovered one (from its BoardUI), the tiles an animation shows instead, and the
    keyboard cursor. (A NamedTuple: one is made every frame something changes.)"""

    pressed: frozenset[Cell] = frozenset()
    hover: Cell | None = None
    override: Mapping[Cell, Tile] = NO_OVERRIDE  # cell -> Tile shown instead, while an animation runs
    cursor: Cell | None = None


def all_tiles(board: Board, looks: BoardLooks) -> list[Tile]:
    """tile_for every cell, in reading order, computed for the whole board at once."""
    cols = board.cols
    # A list to index by code, faster than the dict; seen_codes() gives only codes the dict has, never a None.
    by_code = cast("list[Tile]", [TILE_OF_SEEN.get(code) for code in range(256)])
    seen = board.seen_codes()
    tiles = [by_code[code] for code in seen]
    if board.state == GameState.LOST:
        mines = {row * cols + col for row, col in board.mine_cells()}
        for index in mines:
            if tiles[index] in (Tile.COVERED, Tile.QUESTION, Tile.MINE):
                tiles[index] = Tile.MINE
        flag = seen.find(SEEN_FLAG)  # the few flags found by bytes.find, not by a walk over every cell
        while flag != -1:
            if flag not in mines:
                tiles[flag] = Tile.WRONG_FLAG
            flag = seen.find(SEEN_FLAG, flag + 1)
        if board.exploded is not None:
            tiles[board.exploded[0] * cols + board.exploded[1]] = Tile.EXPLODED
        for (row, col), look in looks.override.items():
            tiles[row * cols + col] = look
        return tiles
    for cell in (*looks.pressed, looks.hover, *looks.override):
        if cell is not None:  # the few cells under the pointer take the slow, exact path
            tiles[cell[0] * cols + cell[1]] = tile_for(board, looks, *cell)
    return tiles


def tile_for(board: Board, looks: BoardLooks, row: int, col: int) -> Tile:
    """The look of one cell, from the model and the pointer state alone."""
    if looks.override and (row, col) in looks.override:
        return looks.override[(row, col)]
    state = board.state
    if board.is_revealed(row, col):
        if state == GameState.LOST and board.is_mine(row, col):
            return Tile.EXPLODED if board.exploded == (row, col) else Tile.MINE
        return NUMBER_TILES[board.adjacent_mines(row, col)]
    if state == GameState.LOST:
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
    if looks.hover == (row, col) and state in (GameState.READY, GameState.PLAYING):
        return Tile.HOVER
    return Tile.COVERED


def display_surface(size: tuple[int, int]) -> pygame.Surface:
    """A surface in the window's pixel format (blits to the window need no conversion)."""
    window = pygame.display.get_surface()
    return pygame.Surface(size, 0, window) if window is not None else pygame.Surface(size)


class BoardRenderer:
    """Keeps a surface of the whole board and the tile last drawn in each cell.

    `refresh(cells)` redraws only those cells whose tile changed. After `invalidate()` the next refresh looks
    at every cell but still blits only those that differ from what the surface shows (the end of a game, a
    replay's seek); `invalidate(full=True)` starts again from an all-covered board and blits every other cell.
    A repaint paints only the rows in view (`visible_rows`, default all); the others are painted when they
    scroll into it, which keeps a 100x100 board's repaint to the third of it a 1366x768 screen shows.
    """

    def __init__(self, atlas: Atlas, board: Board, visible_rows: Callable[[], tuple[int, int]] | None = None) -> None:
        self.atlas = atlas
        self.board = board
        tile = atlas.tile_size
        # Made in the window's pixel format from the start (a convert() would copy a large board's megabytes),
        # and painted a row at a time as rows come into view: a new board costs little whatever its size.
        self.surface = display_surface((board.cols * tile, board.rows * tile))
        self._covered_row = display_surface((board.cols * tile, tile))  # a row of covered cells, to paint rows
        covered = atlas.tiles[Tile.COVERED]
        self._covered_row.fblits([(covered, (c * tile, 0)) for c in range(board.cols)])
        self._visible_rows = visible_rows or (lambda: (0, board.rows))
        self._drawn: list[Tile | None] = []  # the tile on the surface in each cell, in reading order; []: none yet
        self._wanted: list[Tile] = []  # each cell's tile as of the last repaint, for the rows not painted yet
        self._pending: set[int] = set()  # rows the last repaint left for when they come into view
        self._stale = True
        self._xs = [c * tile for c in range(board.cols)]  # each column's left on the surface

    def follow(self, visible_rows: Callable[[], tuple[int, int]]) -> None:
        """The view moved or changed size (a resize, a new layout at the same tile size): the rows to paint now
        are those `visible_rows()` gives; the surface keeps every cell it has."""
        self._visible_rows = visible_rows

    def invalidate(self, full: bool = False) -> None:
        self._stale = True
        if full:
            self._drawn = []

    def repaint(self, looks: BoardLooks) -> None:
        """Bring every cell up to date, comparing each with what the surface shows (a scene that draws its
        small board whole each frame)."""
        self.invalidate()
        self.refresh(looks)

    def tile_at(self, row: int, col: int) -> Tile | None:
        """The tile a cell shows (COVERED before the first repaint; in a row out of view, the one it will show)."""
        index = row * self.board.cols + col
        if not self._drawn:
            return Tile.COVERED
        return self._wanted[index] if row in self._pending else self._drawn[index]

    def refresh(self, looks: BoardLooks, cells: Collection[Cell] = ()) -> list[pygame.Rect] | None:
        """Bring the surface up to date for `cells` (or for every cell after invalidate), and paint the rows
        that came into view.

        Returns the redrawn cells' rectangles on the board surface, or None after painting whole rows.
        """
        board, tiles, tile = self.board, self.atlas.tiles, self.atlas.tile_size
        if self._stale:
            self._repaint(looks)
            return None
        drawn, cols, pending = self._drawn, board.cols, self._pending
        if len(cells) > FEW_CELLS:  # a cascade, a board set back: every tile at once beats each cell's own
            every = all_tiles(board, looks)
            tiles_now = {cell: every[cell[0] * cols + cell[1]] for cell in cells}
        else:
            tiles_now = {cell: tile_for(board, looks, *cell) for cell in cells}
        blits = []
        for (row, col), look in tiles_now.items():
            if row in pending:
                self._wanted[row * cols + col] = look  # painted with its row
            elif drawn[row * cols + col] is not look:
                drawn[row * cols + col] = look
                blits.append((tiles[look], (col * tile, row * tile)))
        if blits:
            self.surface.fblits(blits)
        if pending and self._paint_rows([row for row in range(*self._in_view()) if row in pending]):
            return None
        return [pygame.Rect(position, (tile, tile)) for _, position in blits]

    def _in_view(self) -> tuple[int, int]:
        first, last = self._visible_rows()
        return max(0, first), min(self.board.rows, last)

    def _repaint(self, looks: BoardLooks) -> None:
        """Every cell's tile worked out; the rows in view painted, the others left pending."""
        self._stale = False
        self._wanted = all_tiles(self.board, looks)
        if not self._drawn:
            self._drawn = [None] * len(self._wanted)
        self._pending = set(range(self.board.rows))
        self._paint_rows(range(*self._in_view()))
        return None

    def _paint_rows(self, rows: Sequence[int]) -> bool:
        """Blit the cells of these rows whose wanted tile differs from the surface's; True if any rows."""
        images, tile, cols = self.atlas.tiles, self.atlas.tile_size, self.board.cols
        drawn, wanted, xs = self._drawn, self._wanted, self._xs
        blits = []
        for row in rows:
            self._pending.discard(row)
            start, end, y = row * cols, (row + 1) * cols, row * tile
            if drawn[start] is None:  # rows are painted whole: nothing on this one since a full invalidate
                self.surface.blit(self._covered_row, (0, y))
                drawn[start:end] = [Tile.COVERED] * cols
            blits += [
                (images[look], (x, y))
                for look, old, x in zip(wanted[start:end], drawn[start:end], xs)
                if look is not old
            ]
            drawn[start:end] = wanted[start:end]
        if blits:
            self.surface.fblits(blits)
        return bool(rows)
