"""The board window, drawn the same way wherever a board is shown (playing, a replay, under the game-over
panel): the frame, the mines counter, the face and the timer over the board, and the status line under it.

It keeps what it last drew and, each frame, redraws only what changed: the counters or the face that
changed, the status line when its text did, and the cells whose tile differs (see BoardRenderer).
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.input import BoardGeometry
from game.view import hud, theme
from game.view.board_view import BoardLooks, BoardRenderer
from game.view.sheet import Face


class Counters(NamedTuple):
    """What the top bar shows."""

    mines_left: int
    seconds: int
    face: Face


class BoardScreen:
    def __init__(self, atlases, board, tile: int, max_window: tuple[int, int], window=None, least=(0, 0)):
        """`least`: the smallest window wanted whatever the board (room for what is drawn over or under it)."""
        self.atlases = atlases
        self.least = least
        self.board = board
        self.looks = BoardLooks()
        self.dirty_cells: set = set()  # cells whose look may have changed since the last frame
        self.lay_out(tile, max_window, window)

    def lay_out(self, tile: int, max_window: tuple[int, int], window=None) -> None:
        """Size everything for a tile size (the zoom) and, when the player resized it, the window."""
        b = self.board
        self.layout = hud.BoardLayout(b.rows, b.cols, tile, max_window, window, self.least)
        self.atlas = self.atlases.at(self.layout.scale)
        scroll = getattr(self, "geometry", None)
        self.geometry = BoardGeometry(self.layout.board_view, tile, b.rows, b.cols)
        if scroll is not None and scroll.tile == tile:
            self.geometry.scroll_by(scroll.scroll_x, scroll.scroll_y)
        self.renderer = BoardRenderer(self.atlas, b, self.geometry.visible_rows)
        self._background = None
        self.invalidate()

    @property
    def window_size(self) -> tuple[int, int]:
        return self.layout.window

    def show(self, board) -> None:
        """Show another board in the same window (a replay's seek)."""
        self.board = board
        self.renderer.board = board
        self.renderer.invalidate()
        self.invalidate()

    def invalidate(self, board_too: bool = False) -> None:
        """Draw the whole window next frame (the board surface too when `board_too`: a game's end)."""
        self._whole = True
        atlas = self.atlases.at(self.layout.scale)
        if atlas is not self.atlas:  # the theme changed: new sprites, so a new board surface
            self.atlas = atlas
            self.renderer = BoardRenderer(atlas, self.board, self.geometry.visible_rows)
        elif board_too:
            self.renderer.invalidate()

    @property
    def needs_whole(self) -> bool:
        return self._whole

    def scroll_by(self, dx: int, dy: int) -> bool:
        if self.geometry.scroll_by(dx, dy):
            self._whole = True
            return True
        return False

    # --- drawing --------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, counters: Counters, status: str) -> list | None:
        """Bring the window up to date; returns the rectangles changed, or None when it drew it all."""
        if self._whole:
            self.draw_all(surface, counters, status)
            return None
        layout, changed = self.layout, []
        if status != self._status_shown:
            changed.append(self._draw_status(surface, status))
        shown = self._counters_shown
        if counters.mines_left != shown.mines_left:
            hud.draw_number(surface, self.atlas, layout.counter, counters.mines_left)
            changed.append(layout.counter)
        if counters.seconds != shown.seconds:
            hud.draw_number(surface, self.atlas, layout.timer, counters.seconds)
            changed.append(layout.timer)
        if counters.face != shown.face:
            surface.blit(self.atlas.faces[counters.face], layout.face)
            changed.append(layout.face)
        self._counters_shown = counters
        cells = self.renderer.refresh(self.looks, self.dirty_cells)
        self.dirty_cells = set()
        g = self.geometry
        if cells is None:
            self._blit_board(surface)
            return changed + [g.view]
        offset = (g.view.x - g.scroll_x, g.view.y - g.scroll_y)
        for cell in cells:
            on_screen = cell.move(offset).clip(g.view)
            if on_screen:
                surface.blit(self.renderer.surface, on_screen, area=on_screen.move(-offset[0], -offset[1]))
                changed.append(on_screen)
        return changed

    def draw_all(self, surface: pygame.Surface, counters: Counters, status: str) -> None:
        """The whole window: frame, counters, face, board and status line."""
        look = theme.current()
        if self._background is None or self._background_look is not look:  # the frame follows the theme
            self._background = pygame.Surface(self.layout.window).convert()
            self._background_look = look
            hud.draw_frame(self._background, self.layout)
        surface.blit(self._background, (0, 0))
        layout = self.layout
        hud.draw_number(surface, self.atlas, layout.counter, counters.mines_left)
        hud.draw_number(surface, self.atlas, layout.timer, counters.seconds)
        surface.blit(self.atlas.faces[counters.face], layout.face)
        self._counters_shown = counters
        self.renderer.refresh(self.looks, self.dirty_cells)
        self.dirty_cells = set()
        self._blit_board(surface)
        self._draw_status(surface, status)
        self._whole = False

    def _draw_status(self, surface: pygame.Surface, status: str) -> pygame.Rect:
        self._status_shown = status
        return hud.draw_status(surface, self.layout, status)

    def _blit_board(self, surface: pygame.Surface) -> None:
        g = self.geometry
        surface.blit(self.renderer.surface, g.view, area=pygame.Rect(g.scroll_x, g.scroll_y, g.view.w, g.view.h))

    _whole = True
    _status_shown: str | None = None
    _counters_shown = Counters(0, 0, Face.SMILE)
    _background_look = None
