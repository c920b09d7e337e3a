"""The board window's frame and top bar: mines-left counter, face button and timer in 7-segment digits."""

import pygame

from game import config
from game.view import theme, widgets
from game.view.sheet import DIGIT_H, DIGIT_W, FACE
from game.view.widgets import bevel


class BoardLayout:
    """Where everything of the playing window goes, for a board size, a tile size and a maximum window.

    Sizes of the frame are in base pixels times the scale (tile // 16), so the window scales as a whole.
    When the board does not fit the largest window allowed, the board's view is clipped and scrolls.
    """

    def __init__(self, rows, cols, tile, max_size, window=None, least=(0, 0)):
        """window: the window's size when the player chose it (a resized window); else it fits the board.
        least: the smallest window wanted whatever the board (room for a panel over it)."""
        self.scale = k = tile // config.BASE_TILE
        self.tile = tile
        margin, border = config.FRAME_MARGIN * k, config.BOARD_BORDER * k
        status_h = max(config.STATUS_MIN_PX, config.STATUS_HEIGHT * k)
        chrome_w = 2 * margin + 2 * border
        chrome_h = margin + config.HUD_HEIGHT * k + config.HUD_GAP * k + 2 * border + status_h + margin
        board_w, board_h = cols * tile, rows * tile
        room = window or max_size
        view_w = min(board_w, max(room[0] - chrome_w, tile))
        view_h = min(board_h, max(room[1] - chrome_h, tile))
        # Keep the top bar roomy enough for two counters and the face on narrow boards.
        min_view_w = (3 * DIGIT_W * 2 + FACE + 24) * k
        fitted = (max(view_w, min_view_w) + chrome_w, view_h + chrome_h)
        fitted = (max(fitted[0], min(least[0], max_size[0])), max(fitted[1], min(least[1], max_size[1])))
        self.window = fitted if window is None else (max(window[0], fitted[0]), max(window[1], fitted[1]))
        self.scrolls = (view_w, view_h) != (board_w, board_h)
        frame_h = self.window[1] - chrome_h + 2 * border  # a taller window gives the board frame the room

        width = self.window[0]
        self.hud = pygame.Rect(margin, margin, width - 2 * margin, config.HUD_HEIGHT * k)
        digits_w, digits_h = 3 * DIGIT_W * k, DIGIT_H * k
        pad = (self.hud.h - digits_h) // 2
        self.counter = pygame.Rect(self.hud.x + pad + k, self.hud.y + pad, digits_w, digits_h)
        self.timer = pygame.Rect(self.hud.right - pad - k - digits_w, self.hud.y + pad, digits_w, digits_h)
        self.face = pygame.Rect(0, 0, FACE * k, FACE * k)
        self.face.center = self.hud.center
        self.board_frame = pygame.Rect(margin, self.hud.bottom + config.HUD_GAP * k, width - 2 * margin, frame_h)
        self.board_view = pygame.Rect(0, 0, view_w, view_h)
        self.board_view.center = self.board_frame.center
        self.status = pygame.Rect(margin, self.board_frame.bottom, width - 2 * margin, status_h)
        button_w = min(max(50, 26 * k), self.status.w // 3)
        self.hint_button = pygame.Rect(self.status.right - button_w, self.status.y + 3, button_w, status_h - 6)
        self.message = pygame.Rect(self.status.x + 2, self.status.y, self.hint_button.x - self.status.x - 8, status_h)
        self.status_font = 15 if k <= 2 else 21  # three lines of hint fit beside the button


def fitting_tile(rows, cols, preferred, max_size):
    """The preferred tile size if the whole board fits the screen, else the largest smaller one that does,
    else the smallest (and the board scrolls)."""
    for tile in sorted((t for t in config.TILE_SIZES if t <= preferred), reverse=True):
        if not BoardLayout(rows, cols, tile, max_size).scrolls:
            return tile
    return min(config.TILE_SIZES)


def draw_number(surface, atlas, rect, value):
    """Three 7-segment digits, as the classic: clamped to -99..999."""
    value = max(-99, min(999, int(value)))
    glyphs = f"-{abs(value):02d}" if value < 0 else f"{value:03d}"
    x = rect.x
    for glyph in glyphs:
        surface.blit(atlas.digits[glyph], (x, rect.y))
        x += atlas.digits[glyph].get_width()


def draw_frame(surface, layout):
    """The raised window frame, the sunken top bar and the sunken board border."""
    k = layout.scale
    bevel(surface, surface.get_rect(), raised=True, width=3 * k)
    bevel(surface, layout.hud, raised=False, width=2 * k)
    bevel(surface, layout.board_frame, raised=False, width=config.BOARD_BORDER * k)
    for rect in (layout.counter, layout.timer):
        pygame.draw.rect(surface, theme.current().shadow, rect.inflate(2 * k, 2 * k), k)


def draw_status(surface, layout, message, colour=None):
    """The status line's message, wrapped to the lines that fit and cut short with an ellipsis."""
    rect, size = layout.message, layout.status_font
    surface.fill(theme.current().face, rect)
    line_h = widgets.font(size).get_linesize()
    fit = max(1, rect.h // line_h)
    lines = widgets.wrap(message, size, rect.w)
    if len(lines) > fit:
        lines = lines[:fit]
        while lines[-1] and widgets.font(size).size(lines[-1] + "…")[0] > rect.w:
            lines[-1] = lines[-1][:-1]
        lines[-1] += "…"
    top = rect.centery - len(lines) * line_h // 2
    for n, line in enumerate(lines):
        widgets.text(surface, line, (rect.x, top + n * line_h), size, colour)
    return rect


def draw_cursor(surface, rect, scale):
    """The keyboard cursor: a two-colour frame that shows on any tile."""
    pygame.draw.rect(surface, (0, 0, 0), rect, 2 * scale)
    pygame.draw.rect(surface, (255, 220, 0), rect.inflate(-2 * scale, -2 * scale), scale)


def draw_paused(surface, view):
    """The board hidden behind a panel: a paused game shows nothing to think about."""
    surface.fill(theme.current().shadow, view)
    size = 40 if view.w >= 240 else 28
    widgets.text(
        surface, "Paused", (view.centerx, view.centery - size // 2), size, (255, 255, 255), anchor="center", bold=True
    )
    widgets.text(
        surface,
        "Click or press a key to go on",
        (view.centerx, view.centery + size // 2 + 4),
        18 if view.w >= 240 else 14,
        (255, 255, 255),
        anchor="center",
    )
