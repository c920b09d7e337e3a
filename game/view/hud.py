"""The board window's frame and top bar: mines-left counter, face button and timer in 7-segment digits."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import config
from game.language import _
from game.view import scale, text, theme
from game.view.atlas import Atlas
from game.view.scale import px
from game.view.sheet import DIGIT_H, DIGIT_W, FACE
from game.view.typeface import BLACK, BODY, BOLD, HEADING, LARGE, SMALL, TINY, TITLE
from game.view.widgets import bevel

if TYPE_CHECKING:
    from pygame.typing import ColorLike


class BoardLayout:
    """Where everything of the board window goes, for a board size, a tile size and a largest window.

    The frame's sizes are base pixels times the scale (the tile size over 16, rounded), so the window scales
    as a whole with the zoom; the status line's text, its buttons and the scroll bars follow the interface's
    factor (scale.py). When the board does not fit the largest window allowed, its view is cut down and
    scrolls, with a scroll bar along each side it scrolls on.
    """

    def __init__(
        self,
        rows: int,
        cols: int,
        tile: int,
        max_size: tuple[int, int],
        window: tuple[int, int] | None = None,
        least: tuple[int, int] = (0, 0),
        digits: int = 3,
        button_w: int = 0,
    ) -> None:
        """window: the window's size when the player chose it (a resized window); else it fits the board.
        least: the smallest window wanted whatever the board (room for the replay's buttons), in base pixels.
        digits: of the mines counter (four for a board of over 999 mines).
        button_w: what the status line's button needs for its label (pixels: a language's word may be long)."""
        self.scale = k = max(1, round(tile / config.BASE_TILE))
        self.tile = tile
        margin, border = config.FRAME_MARGIN * k, config.BOARD_BORDER * k
        chrome_w = 2 * margin + 2 * border
        board_w, board_h = cols * tile, rows * tile
        room = window or max_size
        # The status line holds a hint, and at the end the game-over bar: on two rows in a narrow window.
        least = (px(least[0]), px(least[1]))
        status_h = max(px(config.STATUS_MIN_PX), config.STATUS_HEIGHT * k)
        narrow = min(room[0], max(board_w, ((3 + digits) * DIGIT_W + FACE + 24) * k) + chrome_w) < px(config.NARROW)
        if narrow:
            status_h = max(status_h, 2 * px(config.STATUS_MIN_PX))
        chrome_h = margin + config.HUD_HEIGHT * k + config.HUD_GAP * k + 2 * border + status_h + margin
        room_w, room_h = room[0] - chrome_w, room[1] - chrome_h
        bar = px(config.SCROLL_BAR)
        across = down = False
        for _twice in range(2):  # a bar takes room from the other side, which may then have to scroll too
            across, down = board_w > room_w - bar * down, board_h > room_h - bar * across
        view_w = min(board_w, max(room_w - bar * down, tile))
        view_h = min(board_h, max(room_h - bar * across, tile))
        # Keep the top bar roomy enough for two counters and the face on narrow boards.
        min_view_w = ((3 + digits) * DIGIT_W + FACE + 24) * k
        fitted = (max(view_w + bar * down, min_view_w) + chrome_w, view_h + bar * across + chrome_h)
        fitted = (max(fitted[0], min(least[0], max_size[0])), max(fitted[1], min(least[1], max_size[1])))
        self.window = fitted if window is None else (max(window[0], fitted[0]), max(window[1], fitted[1]))
        self.scrolls = across or down
        frame_h = self.window[1] - chrome_h + 2 * border  # a taller window gives the board frame the room

        width = self.window[0]
        self.hud = pygame.Rect(margin, margin, width - 2 * margin, config.HUD_HEIGHT * k)
        digits_h = DIGIT_H * k
        pad = (self.hud.h - digits_h) // 2
        self.counter = pygame.Rect(self.hud.x + pad + k, self.hud.y + pad, digits * DIGIT_W * k, digits_h)
        timer_w = 3 * DIGIT_W * k
        self.timer = pygame.Rect(self.hud.right - pad - k - timer_w, self.hud.y + pad, timer_w, digits_h)
        self.face = pygame.Rect(0, 0, FACE * k, FACE * k)
        self.face.center = self.hud.center
        self.board_frame = pygame.Rect(margin, self.hud.bottom + config.HUD_GAP * k, width - 2 * margin, frame_h)
        whole = pygame.Rect(0, 0, view_w + bar * down, view_h + bar * across)  # the view and its bars
        whole.center = self.board_frame.center
        self.board_view = pygame.Rect(whole.x, whole.y, view_w, view_h)
        self.h_bar = pygame.Rect(whole.x, self.board_view.bottom, view_w, bar) if across else None
        self.v_bar = pygame.Rect(self.board_view.right, whole.y, bar, view_h) if down else None
        self.status = pygame.Rect(margin, self.board_frame.bottom, width - 2 * margin, status_h)
        button_w = min(max(px(50), 26 * k, button_w), self.status.w // 3)
        inset = px(3)
        button_h = (status_h // 2 if narrow else status_h) - 2 * inset  # one row, as the game-over bar's buttons
        self.hint_button = pygame.Rect(self.status.right - button_w, 0, button_w, button_h)
        self.hint_button.centery = self.status.centery
        self.message = pygame.Rect(
            self.status.x + px(2), self.status.y, self.hint_button.x - self.status.x - px(8), status_h
        )
        # up to three lines of hint fit beside the button: larger letters once the line is tall for them
        self.status_font = SMALL if status_h < px(60) else LARGE

    @property
    def panel_places(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Where the game-over panel finds the face, the board (its view and scroll bars) and the status line."""
        board = self.board_view.unionall([bar for bar in (self.h_bar, self.v_bar) if bar is not None])
        return self.face, board, self.status


def zoomed(tile: int, direction: int) -> int:
    """The zoom step (a TILE_SIZES member: the "tile" setting, in base pixels) up (1) or down (-1) from a tile
    of `tile` window pixels, or the default (0). The cells then show `scale.px(step)` pixels wide."""
    sizes = config.TILE_SIZES
    if direction == 0:
        return config.DEFAULT_TILE
    base = tile / scale.factor()
    if direction > 0:
        return next((t for t in sizes if t > base + 0.5), sizes[-1])
    return next((t for t in reversed(sizes) if t < base - 0.5), sizes[0])


def largest_tile() -> int:
    """The largest tile a window the player sizes may give the board (window pixels)."""
    return max(config.MAX_TILE, px(config.MAX_TILE))


def fitting_tile(rows: int, cols: int, zoom: int, max_size: tuple[int, int]) -> int:
    """The tile of the zoom step `zoom` (the "tile" setting, scaled to the interface) if the whole board fits the
    screen, else the largest smaller one (any size from the smallest up) that does, else the smallest (and the
    board scrolls)."""
    return fitting(rows, cols, px(zoom), max_size)


def fitting(rows: int, cols: int, tile: int, max_size: tuple[int, int]) -> int:
    """`tile` (window pixels) if the whole board fits `max_size` at it, else the largest smaller one that does,
    else the smallest."""
    for size in range(max(tile, config.MIN_TILE), config.MIN_TILE - 1, -1):
        if not BoardLayout(rows, cols, size, max_size).scrolls:
            return size
    return config.MIN_TILE


def board_tile(
    rows: int,
    cols: int,
    zoom: int,
    max_size: tuple[int, int],
    chosen: tuple[int, int] | None = None,
    least: tuple[int, int] = (0, 0),
) -> int:
    """The tile a game shows its board at: the largest that fits the window the player sized (`chosen`, when
    they did), else the zoom step's, smaller if the screen needs it."""
    if chosen is not None:
        return tile_for_window(rows, cols, chosen, least)
    return fitting_tile(rows, cols, zoom, max_size)


def tile_for_window(rows: int, cols: int, window: tuple[int, int], least: tuple[int, int] = (0, 0)) -> int:
    """The largest tile size at which the whole board fits a window the player sized (the smallest, and the
    board scrolls, when none does)."""
    for tile in range(largest_tile(), config.MIN_TILE - 1, -1):
        layout = BoardLayout(rows, cols, tile, window, window, least)
        if not layout.scrolls and layout.window == tuple(window):
            return tile
    return config.MIN_TILE


def draw_number(surface: pygame.Surface, atlas: Atlas, rect: pygame.Rect, value: int) -> None:
    """The 7-segment digits the rectangle has room for (three, as the classic, or four on a board of over 999
    mines), the value clamped to what they can show."""
    digits = max(3, round(rect.w / atlas.digits["0"].get_width()))
    value = max(-(10 ** (digits - 1) - 1), min(10**digits - 1, int(value)))
    glyphs = f"-{abs(value):0{digits - 1}d}" if value < 0 else f"{value:0{digits}d}"
    x = rect.x
    for glyph in glyphs:
        surface.blit(atlas.digits[glyph], (x, rect.y))
        x += atlas.digits[glyph].get_width()


def draw_frame(surface: pygame.Surface, layout: BoardLayout) -> None:
    """The raised window frame, the sunken top bar and the sunken board border."""
    k = layout.scale
    bevel(surface, surface.get_rect(), raised=True, width=3 * k, scaled=False)
    bevel(surface, layout.hud, raised=False, width=2 * k, scaled=False)
    bevel(surface, layout.board_frame, raised=False, width=config.BOARD_BORDER * k, scaled=False)
    for rect in (layout.counter, layout.timer):
        pygame.draw.rect(surface, theme.current().shadow, rect.inflate(2 * k, 2 * k), k)


def draw_status(
    surface: pygame.Surface, layout: BoardLayout, message: str, colour: ColorLike | None = None, mark: str = ""
) -> pygame.Rect:
    """The status line's message, wrapped to the lines that fit (smaller if need be, else cut short), after
    the game's `mark` when it has one (NF: the game is played in NF mode), a short word on the accent colour."""
    rect = layout.message
    surface.fill(theme.current().face, rect)
    words = rect
    if mark:
        badge = draw_mark(surface, mark, rect, layout.status_font)
        words = pygame.Rect(badge.right + px(MARK_GAP), rect.y, rect.right - badge.right - px(MARK_GAP), rect.h)
    text.draw_paragraph(surface, message, words, layout.status_font, colour, smallest=TINY, valign="center")
    return rect


MARK_PAD, MARK_GAP = 5, 8  # inside the game's mark on the status line, and between it and the message


def draw_mark(surface: pygame.Surface, mark: str, rect: pygame.Rect, size: int) -> pygame.Rect:
    """A short mark at the left of `rect`, centred on its height, on the accent colour (at most a third of
    `rect`'s width: a long translation is shrunk, then cut); returns where it is."""
    look = theme.current()
    shown, size = text.fit(mark, rect.w // 3 - 2 * px(MARK_PAD), size, BOLD, smallest=TINY)
    h = min(rect.h, text.line_height(size) + px(2))
    badge = pygame.Rect(rect.x, rect.centery - h // 2, text.width(shown, size, BOLD) + 2 * px(MARK_PAD), h)
    pygame.draw.rect(surface, look.accent, badge, border_radius=px(3))
    text.draw_fitted(surface, shown, badge, size, look.accent_text, "center", BOLD, smallest=size)
    return badge


CURSOR_COLOURS = ((0, 0, 0), (255, 220, 0))  # dark outside, bright inside: one of them shows on any tile


def draw_cursor(surface: pygame.Surface, rect: pygame.Rect, scale: int) -> None:
    """The keyboard cursor: a two-colour frame that shows on any tile, each band as wide as the other."""
    dark, bright = CURSOR_COLOURS
    pygame.draw.rect(surface, dark, rect, 2 * scale)
    pygame.draw.rect(surface, bright, rect.inflate(-4 * scale, -4 * scale), 2 * scale)


def draw_paused(surface: pygame.Surface, view: pygame.Rect) -> None:
    """The board hidden behind a panel: a paused game shows nothing to think about."""
    surface.fill(theme.current().shadow, view)
    white = (255, 255, 255)
    big = view.w >= px(240)
    title = pygame.Rect(view.x + px(8), view.centery - px(40), view.w - px(16), px(44))
    line = pygame.Rect(view.x + px(8), view.centery + px(6), view.w - px(16), px(24))
    # TRANSLATORS: over the hidden board of a paused game, in large letters
    text.draw_fitted(surface, _("Paused"), title, TITLE if big else HEADING, white, "center", BLACK)
    text.draw_fitted(
        surface, _("Click or press a key to go on"), line, BODY if big else SMALL, white, "center", smallest=TINY
    )
