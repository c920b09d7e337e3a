"""The board window, drawn the same way wherever a board is shown (playing, a replay, under the game-over
panel): the frame, the mines counter, the face and the timer over the board, and the status line under it.

It keeps what it last drew and, each frame, redraws only what changed: the counters or the face that
changed, the status line when its text did, and the cells whose tile differs (see BoardRenderer). Which cells
may differ it finds itself, by comparing: the board as the player sees it against the board last drawn, and
the looks the scene hands it (pressed, hover, an animation's tiles, the cursor) against the looks last drawn.
Nobody outside keeps its bookkeeping; a full repaint is one `invalidate()` away.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pygame

from game.model import Board, Cell, GameState
from game.view import hud, text, theme, widgets
from game.view.atlas import AtlasCache
from game.view.board_view import BoardLooks, BoardRenderer
from game.view.input import BoardGeometry
from game.view.scale import px
from game.view.sheet import Face, Tile
from game.view.theme import Theme
from game.view.typeface import BOLD, TINY

NO_LOOKS = BoardLooks()
MIN_THUMB = 24  # a scroll bar's thumb is never smaller than this (base pixels)


class Counters(NamedTuple):
    """What the top bar shows."""

    mines_left: int
    seconds: int
    face: Face


class BoardScreen:
    def __init__(
        self,
        atlases: AtlasCache,
        board: Board,
        tile: int,
        max_window: tuple[int, int],
        window: tuple[int, int] | None = None,
        least: tuple[int, int] | Callable[[int], tuple[int, int]] = (0, 0),
        button: str = "",
        mark: str = "",
    ) -> None:
        """`least`: the smallest window wanted whatever the board (room for what is drawn over or under it), or
        what gives it for a tile size (a race's top bar wants room for the ghost's clock at every zoom).
        `button`: the label of a button at the end of the status line (Hint), if any. `mark`: the game's mark
        before the status line's message (NF mode's), if any."""
        self.atlases = atlases
        self.mark = mark
        self.least = least
        self.button_label = button
        self.board = board
        self.looks = BoardLooks()  # the looks the board was last drawn with
        # and the animations' tiles then (the scene's dict changes in place)
        self._override_shown: dict[Cell, Tile] = {}
        self._board_shown: Board | None = None  # the board last drawn, its state and its number of moves then
        self._state_shown: GameState | None = None
        self._moves_shown = 0
        self._codes_shown = b""  # and what the player saw of it (Board.seen_codes)
        self.lay_out(tile, max_window, window)

    def lay_out(self, tile: int, max_window: tuple[int, int], window: tuple[int, int] | None = None) -> None:
        """Size everything for a tile size (the zoom) and, when the player resized it, the window."""
        b = self.board
        digits = 4 if b.mines > 999 else 3
        least = self.least(tile) if callable(self.least) else self.least
        # the button's label at the smallest size it may shrink to, with its padding: whole in any language
        label_w = text.width(self.button_label, TINY, BOLD) + 2 * px(widgets.PAD) if self.button_label else 0
        self.layout = hud.BoardLayout(b.rows, b.cols, tile, max_window, window, least, digits, label_w)
        self.atlas = self.atlases.at(self.layout.scale)  # the top bar's
        self.tiles = self.atlases.board(tile)  # the board's
        scroll = getattr(self, "geometry", None)
        self.geometry = BoardGeometry(self.layout.board_view, tile, b.rows, b.cols)
        if scroll is not None and scroll.tile == tile:
            self.geometry.scroll_by(scroll.scroll_x, scroll.scroll_y)
        renderer = getattr(self, "renderer", None)
        if renderer is not None and renderer.atlas is self.tiles and renderer.board is b:
            renderer.follow(self.geometry.visible_rows)  # the same tiles: the board surface stays as it is
        else:
            self.renderer = BoardRenderer(self.tiles, b, self.geometry.visible_rows)
        layout = self.layout
        self.button = widgets.Button(layout.hint_button, self.button_label, size=layout.status_font)
        self._background: pygame.Surface | None = None
        self.invalidate()

    @property
    def window_size(self) -> tuple[int, int]:
        return self.layout.window

    def show(self, board: Board) -> None:
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
            self.atlas, self.tiles = atlas, self.atlases.board(self.layout.tile)
            self.renderer = BoardRenderer(self.tiles, self.board, self.geometry.visible_rows)
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

    def zoom(
        self,
        tile: int,
        max_window: tuple[int, int],
        around: tuple[int, int] | None = None,
        then: Callable[[], None] | None = None,
    ) -> None:
        """Lay out at another tile size, keeping the spot of the board at `around` (a point on the view: the
        pointer, the keyboard cursor, the view's centre) where it was in the view; `then` runs between the new
        layout and the scroll (the window takes its new size there)."""
        g, anchor = self.geometry, None
        if around is not None and g.view.collidepoint(around):  # the spot, in cells, and where in the view
            spot = ((around[0] - g.view.x + g.scroll_x) / g.tile, (around[1] - g.view.y + g.scroll_y) / g.tile)
            anchor = (spot, ((around[0] - g.view.x) / g.view.w, (around[1] - g.view.y) / g.view.h))
        self.lay_out(tile, max_window)
        if then is not None:
            then()
        if anchor is not None:  # the same share of the (perhaps resized) view from its left and top
            (cell_x, cell_y), (share_x, share_y) = anchor
            g = self.geometry
            want_x = round(cell_x * tile - share_x * g.view.w)
            want_y = round(cell_y * tile - share_y * g.view.h)
            self.scroll_by(want_x - g.scroll_x, want_y - g.scroll_y)

    # --- scroll bars ---------------------------------------------------------------------------------------

    def _thumbs(self) -> list[tuple[pygame.Rect, pygame.Rect, int]]:
        """(bar, thumb, axis) for each scroll bar there is: where the thumb shows the view within the board."""
        g, layout = self.geometry, self.layout
        board_w, board_h = g.board_size
        max_x, max_y = g.max_scroll
        found = []
        if layout.h_bar is not None:
            bar = layout.h_bar
            w = max(px(MIN_THUMB), bar.w * g.view.w // board_w)
            x = bar.x + (bar.w - w) * g.scroll_x // max(1, max_x)
            found.append((bar, pygame.Rect(x, bar.y + px(1), w, bar.h - 2 * px(1)), 0))
        if layout.v_bar is not None:
            bar = layout.v_bar
            h = max(px(MIN_THUMB), bar.h * g.view.h // board_h)
            y = bar.y + (bar.h - h) * g.scroll_y // max(1, max_y)
            found.append((bar, pygame.Rect(bar.x + px(1), y, bar.w - 2 * px(1), h), 1))
        return found

    def handle_bars(self, event: pygame.event.Event) -> bool:
        """A scroll bar's drag or click (a click on its track moves a page); True when the event was theirs."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for bar, thumb, axis in self._thumbs():
                if thumb.collidepoint(event.pos):
                    self._dragging = (axis, event.pos[axis], (self.geometry.scroll_x, self.geometry.scroll_y)[axis])
                    return True
                if bar.collidepoint(event.pos):
                    page = self.geometry.view.size[axis] * (1 if event.pos[axis] > thumb.center[axis] else -1)
                    self.scroll_by(page if axis == 0 else 0, page if axis == 1 else 0)
                    self._paging = True  # its release is the bar's too: the board sees no half of a click
                    return True
        elif event.type == pygame.MOUSEMOTION and self._dragging is not None:
            axis, start, scroll = self._dragging
            bar, thumb, _ = next(t for t in self._thumbs() if t[2] == axis)
            track = bar.size[axis] - thumb.size[axis]
            wanted = scroll + (event.pos[axis] - start) * self.geometry.max_scroll[axis] // max(1, track)
            now = (self.geometry.scroll_x, self.geometry.scroll_y)[axis]
            self.scroll_by(wanted - now if axis == 0 else 0, wanted - now if axis == 1 else 0)
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and (self._dragging is not None or self._paging):
            self._dragging, self._paging = None, False
            return True
        return False

    def _draw_bars(self, surface: pygame.Surface) -> None:
        look = theme.current()
        for bar, thumb, _ in self._thumbs():  # a light thumb in a dark track: 3:1 on either theme
            widgets.bevel(surface, bar, raised=False, width=1, face=look.shadow)
            widgets.bevel(surface, thumb, raised=True, width=2, face=look.light)

    def zoom_centre(self, cursor: Cell | None, pointer: tuple[int, int] | None) -> tuple[int, int]:
        """Where the zoom keys zoom around: the keyboard `cursor`'s cell, the `pointer` when it is over the board,
        else the view's centre."""
        geometry = self.geometry
        view = geometry.view
        if cursor is not None:
            cell = geometry.cell_rect(*cursor).clip(view)
            if cell:
                return cell.center
        if pointer is not None and view.collidepoint(pointer):
            return pointer
        return view.center

    def panel_places(self, marked: list[Cell]) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """Where the game-over panel finds the face, the board and the status line, and the `marked` cells (those
        of them in view)."""
        face, board, status = self.layout.panel_places
        view = self.geometry.view
        shown = [rect for rect in (self.geometry.cell_rect(*cell).clip(view) for cell in marked) if rect.w and rect.h]
        return face, board, status, shown[0].unionall(shown[1:]) if shown else pygame.Rect(0, 0, 0, 0)

    def keep_in_view(self, cell: Cell | None) -> bool:
        """Scroll so that the cell (the keyboard cursor) shows whole; None: nothing to follow. True when it
        scrolled."""
        if cell is None:
            return False
        g, rect = self.geometry, self.geometry.cell_rect(*cell)
        dx = min(0, rect.left - g.view.left) + max(0, rect.right - g.view.right)
        dy = min(0, rect.top - g.view.top) + max(0, rect.bottom - g.view.bottom)
        return bool(dx or dy) and self.scroll_by(dx, dy)

    # --- drawing --------------------------------------------------------------------------------------------

    def _changed_cells(self, looks: BoardLooks) -> set[Cell]:
        """The cells whose tile may differ from the one last drawn (the renderer compares each with what it
        drew); after a change that touches every cell (another board, a loss showing the mines) the renderer
        is told to compare them all."""
        shown = self.looks
        cells = self._model_changes(looks)
        if looks.pressed is not shown.pressed:
            cells |= looks.pressed ^ shown.pressed
        if looks.hover != shown.hover:
            cells.update(c for c in (looks.hover, shown.hover) if c is not None)
        old, new = self._override_shown, looks.override
        if old or new:
            cells.update(c for c in old.keys() | new.keys() if old.get(c) is not new.get(c))
        return cells

    def _model_changes(self, looks: BoardLooks) -> set[Cell]:
        board = self.board
        state, moves = board.state, len(board.moves)
        if moves == self._moves_shown and board is self._board_shown and state == self._state_shown:
            return set()
        codes, cells = board.seen_codes(), set[Cell]()
        lost = GameState.LOST
        if board is not self._board_shown or (state == lost) != (self._state_shown == lost):
            self.renderer.invalidate()  # the end shows every mine and every wrong flag
        else:
            cols, old = board.cols, self._codes_shown
            for row in range(board.rows):
                start, end = row * cols, (row + 1) * cols
                if codes[start:end] != old[start:end]:
                    cells.update((row, col) for col in range(cols) if codes[start + col] != old[start + col])
            if state != self._state_shown:  # a won board shows no hover
                cells.update(c for c in (*looks.pressed, looks.hover) if c is not None)
        self._board_shown, self._state_shown, self._moves_shown, self._codes_shown = board, state, moves, codes
        return cells

    def _refresh(self, looks: BoardLooks) -> list[pygame.Rect] | None:
        """Bring the board surface up to `looks` and the model; what the renderer redrew (None: whole rows)."""
        redrawn = self.renderer.refresh(looks, self._changed_cells(looks))
        self.looks = looks
        if looks.override or self._override_shown:  # the animations' dict changes in place: keep a copy
            self._override_shown = dict(looks.override)
        return redrawn

    def draw(
        self, surface: pygame.Surface, counters: Counters, status: str, looks: BoardLooks = NO_LOOKS
    ) -> list[pygame.Rect] | None:
        """Bring the window up to date; returns the rectangles changed, or None when it drew it all."""
        if self._whole or looks.cursor != self.looks.cursor:
            self.draw_all(surface, counters, status, looks)
            return None
        layout, changed = self.layout, list[pygame.Rect]()
        if status != self._status_shown:
            changed.append(self._draw_status(surface, status))
        if self.button_label and self._button_look() != self._button_shown:
            changed.append(self._draw_button(surface))
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
        cells = self._refresh(looks)
        g = self.geometry
        if cells is None:
            self._blit_board(surface)
            changed.append(g.view)
        else:
            offset = (g.view.x - g.scroll_x, g.view.y - g.scroll_y)
            for cell in cells:
                on_screen = cell.move(offset).clip(g.view)
                if on_screen:
                    surface.blit(self.renderer.surface, on_screen, area=on_screen.move(-offset[0], -offset[1]))
                    changed.append(on_screen)
        if looks.cursor is not None and (cells is None or cells):
            changed.append(self.draw_cursor(surface, looks.cursor))  # a redrawn cell may have covered it
        return changed

    def draw_all(
        self,
        surface: pygame.Surface,
        counters: Counters,
        status: str,
        looks: BoardLooks = NO_LOOKS,
        over_board: Callable[[pygame.Surface], None] | None = None,
    ) -> None:
        """The whole window: frame, counters, face, board and status line; `over_board` draws what shows over
        the cells (the hint engine's marks), under the keyboard cursor."""
        look = theme.current()
        background = self._background
        if background is None or self._background_look is not look:  # the frame follows the theme
            self._background = background = pygame.Surface(self.layout.window).convert()
            self._background_look = look
            hud.draw_frame(background, self.layout)
        surface.blit(background, (0, 0))
        layout = self.layout
        hud.draw_number(surface, self.atlas, layout.counter, counters.mines_left)
        hud.draw_number(surface, self.atlas, layout.timer, counters.seconds)
        surface.blit(self.atlas.faces[counters.face], layout.face)
        self._counters_shown = counters
        self._refresh(looks)
        self._blit_board(surface)
        if over_board is not None:
            surface.set_clip(self.geometry.view)
            over_board(surface)
            surface.set_clip(None)
        if looks.cursor is not None:
            self.draw_cursor(surface, looks.cursor)
        self._draw_bars(surface)
        self._draw_status(surface, status)
        if self.button_label:
            self._draw_button(surface)
        self._whole = False

    def draw_cursor(self, surface: pygame.Surface, cell: Cell) -> pygame.Rect:
        """The keyboard cursor's frame on a cell; returns the part of the view it covers."""
        g = self.geometry
        rect = g.cell_rect(*cell)
        surface.set_clip(g.view)
        hud.draw_cursor(surface, rect, self.layout.scale)
        surface.set_clip(None)
        return rect.clip(g.view)

    def _button_look(self) -> tuple[bool, bool, bool]:
        button = self.button
        return button.hovered, button.held, button.enabled

    def _draw_button(self, surface: pygame.Surface) -> pygame.Rect:
        self._button_shown = self._button_look()
        self.button.draw(surface)
        return self.button.rect

    def _draw_status(self, surface: pygame.Surface, status: str) -> pygame.Rect:
        self._status_shown = status
        return hud.draw_status(surface, self.layout, status, mark=self.mark)

    def _blit_board(self, surface: pygame.Surface) -> None:
        g = self.geometry
        surface.blit(self.renderer.surface, g.view, area=pygame.Rect(g.scroll_x, g.scroll_y, g.view.w, g.view.h))

    _whole = True
    _button_shown: tuple[bool, bool, bool] | None = None
    _dragging: tuple[int, int, int] | None = None  # (axis, where a drag started, the scroll then) while a thumb is held
    _paging = False  # a click on a bar's track (a page) is under way
    _status_shown: str | None = None
    _counters_shown = Counters(0, 0, Face.SMILE)
    _background_look: Theme | None = None
