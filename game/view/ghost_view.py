"""The ghost of a raced video over the board: its pointer and the cells its held buttons press, faint, in the
board window's geometry (so zoom, scroll and the window's size apply), its clock in the top bar beside the
player's, and on request the cells it has opened, tinted.

It costs a frame next to nothing: the ghost is a few small cached sprites, and a frame in which it moved puts
back only the cells under its last place (from the board surface the renderer keeps) and blits it at the new
one, so the app sends the screen two small rectangles (`python -m bench.race`)."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable

import pygame

from game import config
from game.language import _
from game.model import Board, Cell
from game.play.race import Race
from game.video.ghost import Finish, GhostLook
from game.video.playback import LEFT, MIDDLE
from game.view import scale, text, theme
from game.view.board_screen import BoardScreen
from game.view.board_view import BoardLooks
from game.view.input import BoardGeometry
from game.view.replay_view import POINTER
from game.view.sheet import DIGIT_H, DIGIT_W, FACE
from game.view.theme import RGBA
from game.view.typeface import BOLD, SIZES

ClockState = tuple[str | None, Finish | None]  # the clock's text (None before the ghost has a look), how it finished
# A pale blue pointer with a dark edge, seen through: it shows on every tile of both themes and never hides
# a number. Its presses: a ring in the colour of the press (a left click's, a chord's), as the replay marks
# clicks (a right click flags at once: nothing is pressed).
FILL, EDGE = (175, 215, 255, 165), (10, 30, 80, 200)
RINGS = {LEFT: (255, 220, 0, 190), MIDDLE: (80, 150, 255, 200)}
PRESS_SHADE = (0, 0, 40, 45)
OPENED_TINT = (120, 190, 255, 80)  # a cell the ghost has opened and the player has not
# Its clock: pale blue digits on the timer's black, green once it cleared the board, red once it hit a mine.
CLOCK_BACK = (0, 0, 0)
CLOCK_COLOURS = {None: (150, 205, 255), Finish.WON: (110, 230, 110), Finish.LOST: (255, 100, 90)}
CLOCK_COLOURS[Finish.STOPPED] = CLOCK_COLOURS[None]


class GhostPainter:
    """Draws one race's ghost; keeps where it drew it last. `update(t_ms)` moves it on (True when it looks
    different), then the scene's draw calls `over` with what it drew (or `draw_all` after drawing it whole)."""

    def __init__(self, race: Race, t_ms: float = 0) -> None:
        """Draws `race`'s ghost, moved on to `t_ms` of its clock."""
        self.race = race
        self.ghost = race.ghost
        self.look: GhostLook | None = None
        self.show_opened = False  # tint the cells the ghost has opened (and the player has not)
        self._fresh: list[Cell] = []  # cells the ghost opened since the last draw, to tint
        self._drawn: pygame.Rect | None = None  # where the ghost was last drawn, on screen
        self._clock_shown: ClockState | None = None
        self._sprites: dict[tuple[object, ...], pygame.Surface] = {}
        self.shown = False  # drawn at least once
        self.update(t_ms)

    # --- time ----------------------------------------------------------------------------------------------

    def update(self, t_ms: float) -> bool:
        """Move the ghost on to `t_ms` on the race's clock; True when it must be drawn again. Once it is on
        screen, the race's figures are worked out (off the frame: the first frame does not wait for them)."""
        if self.shown:
            self.race.prepare()
        opened = self.ghost.advance(t_ms)
        look = self.ghost.look(t_ms)
        if self.show_opened:
            self._fresh += opened
        before, self.look = self.look, look
        moved = before is None or look[:3] != before[:3] or bool(opened and self.show_opened)
        return moved or self._clock_state() != self._clock_shown

    def toggle_opened(self) -> str:
        """Show or hide the cells the ghost has opened (the scene then draws the board whole); says which."""
        self.show_opened = not self.show_opened
        self._fresh = []
        if self.show_opened:
            return _("The cells the ghost has opened are tinted.")
        return _("The ghost's cells are hidden.")

    # --- drawing -------------------------------------------------------------------------------------------

    def over(
        self,
        surface: pygame.Surface,
        screen: BoardScreen,
        board: Board,
        redrawn: list[pygame.Rect] | None,
        looks: BoardLooks,
    ) -> list[pygame.Rect] | None:
        """Over the board window the scene just drew (`redrawn`: the rectangles it changed, None when it drew it
        whole): the ghost; returns the rectangles changed, None for the whole window."""
        if redrawn is None:
            self.draw_all(surface, screen, board)
            return None
        return redrawn + self.draw(surface, screen, board, redrawn, looks.cursor)

    def draw_all(self, surface: pygame.Surface, screen: BoardScreen, board: Board) -> None:
        """Over a board window just drawn whole: the tints, the ghost and its clock."""
        g = screen.geometry
        self._fresh = []
        if self.show_opened:
            self._tint(surface, screen, board, self._visible(g, g.view))
        self._drawn = self._draw_ghost(surface, screen)
        self._draw_clock(surface, screen)
        self.shown = True

    def draw(
        self,
        surface: pygame.Surface,
        screen: BoardScreen,
        board: Board,
        redrawn: list[pygame.Rect],
        cursor: Cell | None,
    ) -> list[pygame.Rect]:
        """After a partial redraw (`redrawn`: the rectangles it changed): put back the cells under the ghost's
        last place, tint what needs it, draw the ghost where it is now; returns the rectangles changed."""
        g = screen.geometry
        changed: list[pygame.Rect] = []
        restored: set[Cell] = set()
        if self._drawn is not None:
            restored = self._visible(g, self._drawn)
            if restored:
                changed.append(self._restore(surface, screen, restored))
        if self.show_opened:
            touched = set(restored).union(*(self._visible(g, rect) for rect in blitted(redrawn, g, cursor)))
            touched.update(self._fresh)
            changed += self._tint(surface, screen, board, touched)
        self._fresh = []
        if cursor is not None and cursor in restored:
            changed.append(screen.draw_cursor(surface, cursor))
        self._drawn = self._draw_ghost(surface, screen)
        if self._drawn is not None:
            changed.append(self._drawn)
        if self._clock_state() != self._clock_shown:
            changed.append(self._draw_clock(surface, screen))
        return changed

    def _draw_ghost(self, surface: pygame.Surface, screen: BoardScreen) -> pygame.Rect | None:
        """The ring of its press and its pointer; returns where they went (in the view), None off the board."""
        look, g = self.look, screen.geometry
        if look is None or look.point is None:
            return None
        k = screen.layout.scale
        surface.set_clip(g.view)
        drawn = None
        if look.pressed:
            rows = [cell[0] for cell in look.pressed]
            cols = [cell[1] for cell in look.pressed]
            first, last = g.cell_rect(min(rows), min(cols)), g.cell_rect(max(rows), max(cols))
            area = first.union(last)
            colour = RINGS[MIDDLE] if len(look.pressed) > 1 else RINGS[LEFT]
            surface.blit(self._ring(area.size, colour, k), area)
            drawn = area
        scale = g.tile / self.ghost.video.cell_size
        x, y = look.point
        tip = (round(g.view.x - g.scroll_x + x * scale), round(g.view.y - g.scroll_y + y * scale))
        sprite = self._pointer(k)
        at = sprite.get_rect(topleft=(tip[0] - k, tip[1] - k))
        surface.blit(sprite, at)
        surface.set_clip(None)
        drawn = at if drawn is None else drawn.union(at)
        return drawn.clip(g.view) or None

    def _restore(self, surface: pygame.Surface, screen: BoardScreen, cells: set[Cell]) -> pygame.Rect:
        """Put back these cells as the board surface has them; returns the rectangle on screen."""
        g = screen.geometry
        rows, cols = [c[0] for c in cells], [c[1] for c in cells]
        area = g.cell_rect(min(rows), min(cols)).union(g.cell_rect(max(rows), max(cols))).clip(g.view)
        surface.blit(screen.renderer.surface, area, area.move(g.scroll_x - g.view.x, g.scroll_y - g.view.y))
        return area

    def _tint(
        self, surface: pygame.Surface, screen: BoardScreen, board: Board, cells: Iterable[Cell]
    ) -> list[pygame.Rect]:
        """Tint those of `cells` the ghost has opened and the player has not; returns their rectangles."""
        g, known = screen.geometry, self.ghost.opened_cells
        tint = self._sprite(("tint", g.tile), lambda: _filled((g.tile, g.tile), OPENED_TINT))
        rects = [g.cell_rect(*cell) for cell in cells if cell in known and not board.is_revealed(*cell)]
        surface.set_clip(g.view)
        surface.fblits([(tint, rect) for rect in rects])
        surface.set_clip(None)
        return [rect.clip(g.view) for rect in rects]

    def _clock_state(self) -> ClockState:
        look = self.look
        return (None, None) if look is None else (clock_text(look.clock_ms), self.ghost.finish)

    def _draw_clock(self, surface: pygame.Surface, screen: BoardScreen) -> pygame.Rect:
        """The ghost's clock in the top bar, between the face and the player's timer."""
        self._clock_shown = state = self._clock_state()
        box = clock_box(screen)
        surface.fill(theme.current().face, box)
        if state[0] is None or box.w <= 0:
            return box
        words, size = _clock_words(state[0], box)
        back = pygame.Rect(0, 0, min(box.w, text.width(words, size, BOLD) + 6), box.h)
        back.midright = box.midright
        surface.fill(CLOCK_BACK, back)
        text.draw(surface, words, back.center, size, CLOCK_COLOURS[state[1]], "center", BOLD, back)
        return box

    # --- sprites ---------------------------------------------------------------------------------------------

    def _sprite(self, key: tuple[object, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        sprite = self._sprites.get(key)
        if sprite is None:
            sprite = self._sprites[key] = make()
        return sprite

    def _pointer(self, k: int) -> pygame.Surface:
        def make() -> pygame.Surface:
            points = [(x * k + k, y * k + k) for x, y in POINTER]
            width = max(x for x, _ in points) + 2 * k
            height = max(y for _, y in points) + 2 * k
            sprite = pygame.Surface((width, height), pygame.SRCALPHA)
            pygame.draw.polygon(sprite, FILL, points)
            pygame.draw.polygon(sprite, EDGE, points, k)
            return sprite

        return self._sprite(("pointer", k), make)

    def _ring(self, size: tuple[int, int], colour: RGBA, k: int) -> pygame.Surface:
        def make() -> pygame.Surface:
            sprite = _filled(size, PRESS_SHADE)
            pygame.draw.rect(sprite, colour, sprite.get_rect(), 2 * k)
            return sprite

        return self._sprite(("ring", size, colour, k), make)

    @staticmethod
    def _visible(g: BoardGeometry, rect: pygame.Rect) -> set[Cell]:
        """The cells a screen rectangle touches, within the view."""
        rect = pygame.Rect(rect).clip(g.view)
        if not rect:
            return set()
        x0, y0 = rect.x - g.view.x + g.scroll_x, rect.y - g.view.y + g.scroll_y
        x1, y1 = x0 + rect.w - 1, y0 + rect.h - 1
        rows = range(max(0, y0 // g.tile), min(g.rows, y1 // g.tile + 1))
        cols = range(max(0, x0 // g.tile), min(g.cols, x1 // g.tile + 1))
        return {(r, c) for r in rows for c in cols}


def blitted(redrawn: list[pygame.Rect], g: BoardGeometry, cursor: Cell | None) -> list[pygame.Rect]:
    """The rectangles of the cells a partial redraw blitted afresh: those it changed on the board, but for
    the keyboard cursor's frame, which it draws over a cell it may not have blitted (tinting that cell again
    would darken it a little more each frame)."""
    rects = [pygame.Rect(rect) for rect in redrawn if g.view.colliderect(rect)]
    if cursor is not None:
        frame = g.cell_rect(*cursor).clip(g.view)
        if frame in rects:
            rects.remove(frame)  # the cursor's own (a blit of that cell, listed before it, stays)
    return rects


def _filled(size: tuple[int, int], colour: RGBA) -> pygame.Surface:
    sprite = pygame.Surface(size, pygame.SRCALPHA)
    sprite.fill(colour)
    return sprite


def _clock_words(clock: str, box: pygame.Rect) -> tuple[str, int]:
    """The clock's text and letter size in its box. The box is the top bar's, which grows with the board's
    tiles rather than the interface's factor, so the size is any that fits, not only one of the type scale:
    with tenths if they fit, else whole seconds as the player's timer shows them, else what fits of them."""
    tall_enough = _sizes_for(box.h, scale.factor())
    for words in (clock, clock.split(".")[0]):
        for size in tall_enough:
            if text.width(words, size, BOLD) <= box.w - 6:
                return words, size
    return text.fit(clock.split(".")[0], box.w - 6, tall_enough[-1], BOLD, tall_enough[-1])


@functools.lru_cache(maxsize=8)
def _sizes_for(height: int, factor: float) -> list[int]:
    """The letter sizes whose lines fit `height` pixels at the interface's `factor`, largest first."""
    return [size for size in range(max(SIZES), 0, -1) if text.line_height(size, BOLD) <= height] or [1]


def clock_text(ms: int) -> str:
    """The ghost's clock: seconds and tenths, as long as the player's timer counts (999)."""
    return f"{min(ms, 999_900) // 100 / 10:.1f}"


CLOCK_GAP_LEFT, CLOCK_GAP_RIGHT = 4, 3  # base pixels between the clock and the face, and the timer's outline
CLOCK_ROOM = 36  # base pixels the clock wants: "88.8" in the largest letters the timer's height takes


def clock_box(screen: BoardScreen) -> pygame.Rect:
    """Where the ghost's clock goes: the top bar's room between the face and the player's timer."""
    layout = screen.layout
    k = layout.scale
    left, right = layout.face.right + CLOCK_GAP_LEFT * k, layout.timer.x - CLOCK_GAP_RIGHT * k
    return pygame.Rect(left, layout.timer.y, max(0, right - left), layout.timer.h)


def least_window(tile: int) -> tuple[int, int]:
    """The smallest board window in a race: the game's (config.BOARD_WINDOW_LEAST), and wide enough for the top
    bar to have CLOCK_ROOM for the ghost's clock at this tile size (the face sits in the middle of the top bar,
    the timer at its right end: see hud.BoardLayout)."""
    k = max(1, round(tile / config.BASE_TILE))
    pad = (config.HUD_HEIGHT - DIGIT_H) // 2
    half_bar = FACE // 2 + CLOCK_GAP_LEFT + CLOCK_ROOM + CLOCK_GAP_RIGHT + 3 * DIGIT_W + pad + 1
    least_w, least_h = config.BOARD_WINDOW_LEAST
    # in base pixels, as BoardLayout takes `least` (it scales them by the interface's factor)
    return max(least_w, math.ceil((2 * half_bar + 2 * config.FRAME_MARGIN) * k / scale.factor())), least_h
