"""Pixels and mouse buttons -> moves on the model: board geometry and the mouse press/release rules."""

import pygame

from game import config
from game.model import GameState, Move

LEFT, MIDDLE, RIGHT = 1, 2, 3


class BoardGeometry:
    """Where the board's cells are on the screen: a view rectangle onto a board that may scroll."""

    def __init__(self, view_rect, tile, rows, cols):
        self.view = pygame.Rect(view_rect)
        self.tile = tile
        self.rows, self.cols = rows, cols
        self.scroll_x = self.scroll_y = 0

    @property
    def board_size(self):
        return self.cols * self.tile, self.rows * self.tile

    @property
    def max_scroll(self):
        width, height = self.board_size
        return max(0, width - self.view.w), max(0, height - self.view.h)

    def visible_rows(self):
        """The rows that show in the view: (first, one past the last)."""
        return self.scroll_y // self.tile, -(-(self.scroll_y + self.view.h) // self.tile)

    def cell_at(self, pos):
        """The (row, col) under a screen position, or None outside the board."""
        x, y = pos
        if not self.view.collidepoint(x, y):
            return None
        col = (x - self.view.x + self.scroll_x) // self.tile
        row = (y - self.view.y + self.scroll_y) // self.tile
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row, col
        return None

    def cell_rect(self, row, col):
        """The cell's rectangle on the screen (it may lie outside the view when scrolled away)."""
        return pygame.Rect(
            self.view.x + col * self.tile - self.scroll_x,
            self.view.y + row * self.tile - self.scroll_y,
            self.tile,
            self.tile,
        )

    def scroll_by(self, dx, dy):
        """Scroll by pixels, kept inside the board; True when the view moved."""
        max_x, max_y = self.max_scroll
        new_x = min(max(self.scroll_x + dx, 0), max_x)
        new_y = min(max(self.scroll_y + dy, 0), max_y)
        moved = (new_x, new_y) != (self.scroll_x, self.scroll_y)
        self.scroll_x, self.scroll_y = new_x, new_y
        return moved


class PressButton:
    """A button drawn by its owner (the face): pressed while the left button is held on it, clicked when
    released over it."""

    def __init__(self):
        self.held = False

    def handle(self, event, rect):
        """(whether the event was the button's, whether it completed a click)."""
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or event.button != LEFT:
            return False, False
        over = rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.held = over
            return over, False
        if self.held:
            self.held = False
            return True, over
        return False, False


class BoardMouse:
    """Turns mouse events over the board into moves, after the classic rules.

    Pressing only shows the pressed look; releasing commits on the cell under the pointer (outside the
    board it cancels). Right press flags at once. Left+right together, or the middle button, chord; a
    left click on a number chords too (the model ignores a chord whose flags do not match). A middle
    press that moves is a drag that scrolls the board instead.
    """

    def __init__(self, geometry):
        self.geometry = geometry
        self.left = self.middle = self.right = False
        self.chording = False  # left+right or middle: release chords instead of revealing
        self.swallow_release = False  # after a chord, the other button's release does nothing
        self.pointer = None  # the cell under the pointer, or None
        self.drag_origin = None  # where a middle press started, while it may still become a drag
        self.dragging = False

    @property
    def pressing_board(self):
        """A button is held over the board: the face shows its "o"."""
        return (self.left or self.chording) and self.pointer is not None and not self.dragging

    def handle(self, event):
        """Feed one pygame event; returns a Move to apply, ("scroll", dx, dy), or None."""
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.pointer = self.geometry.cell_at(event.pos)
            return self._press(event.button, event.pos)
        if event.type == pygame.MOUSEBUTTONUP:
            self.pointer = self.geometry.cell_at(event.pos)
            return self._release(event.button)
        if event.type == pygame.MOUSEWHEEL:
            step = self.geometry.tile * config.WHEEL_SCROLL_TILES
            dx, dy = -event.x * step, -event.y * step
            if pygame.key.get_mods() & pygame.KMOD_SHIFT:
                dx, dy = dy, dx
            return ("scroll", dx, dy)
        if event.type == pygame.WINDOWLEAVE:
            self.pointer = None
        return None

    def _motion(self, event):
        if self.drag_origin is not None:
            ox, oy = self.drag_origin
            if self.dragging or abs(event.pos[0] - ox) + abs(event.pos[1] - oy) > config.DRAG_THRESHOLD:
                self.dragging, self.chording = True, False
                self.drag_origin = event.pos
                return ("scroll", ox - event.pos[0], oy - event.pos[1])
        self.pointer = self.geometry.cell_at(event.pos)
        return None

    def _press(self, button, pos):
        if button == LEFT:
            self.left = True
            self.chording = self.right
        elif button == RIGHT:
            self.right = True
            if self.left:
                self.chording = True
            elif self.pointer is not None and not self.middle:
                return Move("flag", *self.pointer)
        elif button == MIDDLE:
            self.middle = self.chording = True
            self.drag_origin, self.dragging = pos, False
        return None

    def _release(self, button):
        was_chording = self.chording
        if button == LEFT:
            self.left = False
        elif button == RIGHT:
            self.right = False
        elif button == MIDDLE:
            self.middle = False
            self.drag_origin = None
            if self.dragging:
                self.dragging = self.chording = False
                return None
        else:
            return None
        if was_chording:
            self.chording = False
            self.swallow_release = self.left or self.right
            return Move("chord", *self.pointer) if self.pointer is not None else None
        if button == LEFT:
            if self.swallow_release:
                self.swallow_release = False
                return None
            return Move("reveal", *self.pointer) if self.pointer is not None else None
        if button == RIGHT:
            self.swallow_release = False
        return None

    def pressed_cells(self, board):
        """Cells to draw pressed: the one under a held left button, or the 3x3 block of a chord."""
        if self.pointer is None or self.dragging or board.state in (GameState.WON, GameState.LOST):
            return set()
        row, col = self.pointer
        if self.chording or (self.left and board.is_revealed(row, col)):
            return {
                (r, c)
                for r in range(max(0, row - 1), min(board.rows, row + 2))
                for c in range(max(0, col - 1), min(board.cols, col + 2))
                if not board.is_revealed(r, c) and not board.is_flagged(r, c)
            }
        if self.left and not board.is_flagged(row, col):
            return {(row, col)}
        return set()

    def hover_cell(self):
        """The covered cell to highlight: only while no button is held."""
        if self.left or self.middle or self.right:
            return None
        return self.pointer

    def reset(self):
        self.left = self.middle = self.right = self.chording = self.swallow_release = False
        self.drag_origin, self.dragging = None, False


# Keys that move the board cursor, as (row, col) steps: arrows and WASD.
CURSOR_STEPS = {
    pygame.K_UP: (-1, 0),
    pygame.K_DOWN: (1, 0),
    pygame.K_LEFT: (0, -1),
    pygame.K_RIGHT: (0, 1),
    pygame.K_w: (-1, 0),
    pygame.K_s: (1, 0),
    pygame.K_a: (0, -1),
    pygame.K_d: (0, 1),
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
REVEAL_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
FLAG_KEYS = (pygame.K_f,)


class BoardKeyboard:
    """A cursor on the board moved by the arrows or WASD; Space or Enter reveals (or chords a number) and F
    flags the cell under it. The cursor appears with the first key and hides when the mouse moves."""

    def __init__(self, rows, cols):
        self.rows, self.cols = rows, cols
        self.cursor = None

    def handle(self, event):
        """Feed a KEYDOWN; returns a Move, "moved" when only the cursor moved, or None for other keys."""
        if event.type != pygame.KEYDOWN or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return None
        if event.key in CURSOR_STEPS:
            if self.cursor is None:
                self.cursor = (self.rows // 2, self.cols // 2)
            else:
                dr, dc = CURSOR_STEPS[event.key]
                row, col = self.cursor
                self.cursor = (min(max(row + dr, 0), self.rows - 1), min(max(col + dc, 0), self.cols - 1))
            return "moved"
        if event.key in REVEAL_KEYS + FLAG_KEYS:
            if self.cursor is None:
                self.cursor = (self.rows // 2, self.cols // 2)
                return "moved"
            return Move("flag" if event.key in FLAG_KEYS else "reveal", *self.cursor)
        return None

    def hide(self):
        self.cursor = None
