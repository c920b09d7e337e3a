"""Where pygame's events meet the board: the board's geometry on the screen, and pygame events turned into the
plain input events that game.play.board_ui interprets (and a recorder can keep)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.model import Cell
from game.play.board_ui import BoardKey, InputEvent, KeyPress, Leave, Motion, Press, Release, Wheel

if TYPE_CHECKING:
    from pygame.typing import RectLike


class BoardGeometry:
    """Where the board's cells are on the screen: a view rectangle onto a board that may scroll."""

    def __init__(self, view_rect: RectLike, tile: int, rows: int, cols: int) -> None:
        self.view = pygame.Rect(view_rect)
        self.tile = tile
        self.rows, self.cols = rows, cols
        self.scroll_x = self.scroll_y = 0

    @property
    def board_size(self) -> tuple[int, int]:
        return self.cols * self.tile, self.rows * self.tile

    @property
    def max_scroll(self) -> tuple[int, int]:
        width, height = self.board_size
        return max(0, width - self.view.w), max(0, height - self.view.h)

    def visible_rows(self) -> tuple[int, int]:
        """The rows that show in the view: (first, one past the last)."""
        return self.scroll_y // self.tile, -(-(self.scroll_y + self.view.h) // self.tile)

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The (row, col) under a screen position, or None outside the board."""
        x, y = pos
        if not self.view.collidepoint(x, y):
            return None
        col = (x - self.view.x + self.scroll_x) // self.tile
        row = (y - self.view.y + self.scroll_y) // self.tile
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row, col
        return None

    def cell_rect(self, row: int, col: int) -> pygame.Rect:
        """The cell's rectangle on the screen (it may lie outside the view when scrolled away)."""
        return pygame.Rect(
            self.view.x + col * self.tile - self.scroll_x,
            self.view.y + row * self.tile - self.scroll_y,
            self.tile,
            self.tile,
        )

    def scroll_by(self, dx: int, dy: int) -> bool:
        """Scroll by pixels, kept inside the board; True when the view moved."""
        max_x, max_y = self.max_scroll
        new_x = min(max(self.scroll_x + dx, 0), max_x)
        new_y = min(max(self.scroll_y + dy, 0), max_y)
        moved = (new_x, new_y) != (self.scroll_x, self.scroll_y)
        self.scroll_x, self.scroll_y = new_x, new_y
        return moved


# The keys that play on the board: arrows and WASD move the cursor, Space or Enter reveals, F flags.
BOARD_KEYS = {
    pygame.K_UP: BoardKey.UP,
    pygame.K_DOWN: BoardKey.DOWN,
    pygame.K_LEFT: BoardKey.LEFT,
    pygame.K_RIGHT: BoardKey.RIGHT,
    pygame.K_w: BoardKey.UP,
    pygame.K_s: BoardKey.DOWN,
    pygame.K_a: BoardKey.LEFT,
    pygame.K_d: BoardKey.RIGHT,
    pygame.K_SPACE: BoardKey.REVEAL,
    pygame.K_RETURN: BoardKey.REVEAL,
    pygame.K_KP_ENTER: BoardKey.REVEAL,
    pygame.K_f: BoardKey.FLAG,
}
# Ctrl + these keys zoom: in, out, back to the default size.
ZOOM_KEYS = {
    pygame.K_EQUALS: 1,
    pygame.K_PLUS: 1,
    pygame.K_KP_PLUS: 1,
    pygame.K_MINUS: -1,
    pygame.K_KP_MINUS: -1,
    pygame.K_0: 0,
    pygame.K_KP_0: 0,
}
REVEAL_KEYS = tuple(key for key, meaning in BOARD_KEYS.items() if meaning is BoardKey.REVEAL)
# Modifiers that make a key something else than a move on the board (Ctrl + zooms).
NOT_ON_BOARD = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META


def input_event(event: pygame.event.Event, t_ms: int) -> InputEvent | None:
    """The board's input event for a pygame event that arrived at `t_ms`, or None when it is none of the
    board's (a key with Ctrl held, a key that does not play, a window event)."""
    kind = event.type
    if kind == pygame.MOUSEMOTION:
        trail = getattr(event, "trail", None)  # the moves merged into this one (see App._queue)
        return Motion(t_ms, tuple(event.pos), tuple(trail) if trail else ())
    if kind == pygame.MOUSEBUTTONDOWN:
        return Press(t_ms, tuple(event.pos), event.button)
    if kind == pygame.MOUSEBUTTONUP:
        return Release(t_ms, tuple(event.pos), event.button)
    if kind == pygame.MOUSEWHEEL:
        return Wheel(t_ms, event.x, event.y, sideways=bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
    if kind == pygame.WINDOWLEAVE:
        return Leave(t_ms)
    if kind == pygame.KEYDOWN and event.key in BOARD_KEYS and not event.mod & NOT_ON_BOARD:
        return KeyPress(t_ms, BOARD_KEYS[event.key])
    return None
