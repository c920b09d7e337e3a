"""Replay's live figures: under the controls, the figures of the game so far as its video plays (time, 3BV done,
3BV/s, clicks, IOE, path...), as Metasweeper shows them, each name explained on hover. The video's timeline is
worked out off the frame when the replay opens (about as long as the game-over panel's figures without ZiNi),
then each frame looks its moment up; the board's ZiNi, seconds on a large board, comes after it. At the video's
end they are the game-over panel's figures, in the same words."""

from __future__ import annotations

import threading

import pygame

from game import language
from game.language import _
from game.video.events import Video
from game.video.figures import Figures
from game.video.moves import moves_of
from game.video.timeline import BoardFigures, Timeline, board_figures
from game.view import layout, text, theme
from game.view.formats import figure_name, format_seconds, video_lines
from game.view.scale import px
from game.view.typeface import BOLD, SMALL, TINY
from game.work.background import BackgroundJob

# The figures in reading order, in rows of as many places as the window's width has room for (3 to 5);
# Clicks takes three places.
ORDER: tuple[str, ...] = ("Time", "3BV", "3BV/s", "ZiNi", "RQP", "IOE", "Throughput", "Correctness", "STNB")
ORDER += ("IOS", "Flags", "Path", "Clicks")
SPANS = {"Clicks": 3}
SHORT = {"Throughput": "Thrp", "Correctness": "Corr"}  # the community's short names, for a narrow window
PLACE_W = 135  # what a figure's name and value need side by side (base pixels, as every size here)
ROW_H, PAD, SIDE = 18, 4, 12
WAITING = "..."  # a figure not worked out yet


def grid(width: int) -> list[list[str]]:
    """The figures' rows in a strip `width` pixels wide."""
    columns = max(3, min(5, (width - 2 * px(SIDE)) // px(PLACE_W)))
    rows: list[list[str]] = [[]]
    used = 0
    for name in ORDER:
        span = SPANS.get(name, 1)
        if used + span > columns:
            rows.append([])
            used = 0
        rows[-1].append(name)
        used += span
    return rows


def height(width: int) -> int:
    """The strip's height under the controls, in a window `width` pixels wide."""
    return len(grid(width)) * px(ROW_H) + 2 * px(PAD)


# Beside the board instead, when that costs the board nothing: one figure a line, Clicks' value on a line of
# its own under its name.
SIDE_W, LINE_H = 230, 20  # base pixels
SIDE_ORDER = (*ORDER[:-1], "Clicks", "")  # "" : the line Clicks' value takes
SIDE_H = len(SIDE_ORDER) * LINE_H + 4 * PAD  # the least height the column needs


class LiveFigures:
    """The figures of one video at any moment of its replay."""

    def __init__(self, video: Video):
        self.video = video
        self.timeline: Timeline | None = None  # set by the job, once built
        self.board: BoardFigures | None = None  # likewise, after it
        # the video event that made each of its clicks (game.video.moves), so that a position reached by moves
        # (Home, a step) is the video's just after that click: the figures then count exactly the moves made
        self.move_events: tuple[int, ...] | None = None
        self._changed = threading.Event()  # the job has set something the frame has not shown
        self.job = BackgroundJob(self._work)
        self.names: dict[str, pygame.Rect] = {}  # where each figure's name was drawn, for its explanation
        self._drawn: dict[str, str] | None = None  # the values last drawn (None: nothing yet, or the waiting line)
        # the rect and the theme `places` were laid out for
        self._laid_for: tuple[tuple[int, ...], object, int] | None = None

    def _work(self, cancel: threading.Event) -> None:
        self.move_events = moves_of(self.video).events
        self.timeline = Timeline(self.video)
        self._changed.set()
        if not cancel.is_set():
            self.board = board_figures(self.video)
            self._changed.set()

    def news(self) -> bool:
        """Whether figures came in since the last call (the strip is drawn again)."""
        came = self._changed.is_set()
        self._changed.clear()
        return came

    @property
    def working(self) -> bool:
        return not self.job.done

    def stop(self) -> None:
        self.job.cancel()

    def figures(self, index: int, t_ms: float) -> Figures | None:
        """The figures after the video's event `index`, at `t_ms` on the game's clock (None until the timeline
        is built): what the strip and Replay's status line both say of that moment."""
        timeline = self.timeline
        return None if timeline is None else timeline.at(index, t_ms, self.board)

    def lines(self, index: int, t_ms: float) -> dict[str, str] | None:
        """Each figure's value after the video's event `index`, at `t_ms` on the game's clock (None until the
        timeline is built); the names are FIGURES', the values the game-over panel's."""
        figures = self.figures(index, t_ms)
        if figures is None:
            return None
        board = self.board
        lines = dict(video_lines(figures))
        lines["Time"] = format_seconds(figures.time_ms / 1000)
        if board is None:
            lines["ZiNi"] = WAITING
        return lines

    def draw(
        self, surface: pygame.Surface, rect: pygame.Rect, lines: dict[str, str] | None, whole: bool = True
    ) -> list[pygame.Rect]:
        """The figures in `rect`: rows under the controls, or a column beside the board (a rect that tall).
        Unless `whole` (the window was drawn afresh), only the values that changed since the last draw are
        drawn again (at 1x the time changes every frame, the rest now and then); returns what was drawn."""
        look = theme.current()
        if lines is None:
            surface.fill(look.face, rect)
            words = _("Working out the figures...")
            box = rect.inflate(-2 * px(SIDE), -2 * px(PAD))
            text.draw_paragraph(surface, words, box, SMALL, look.dim_text, "center", smallest=TINY, valign="center")
            self._drawn, self.names = None, {}
            return [rect]
        full = whole or self._drawn is None or self._laid_for != (tuple(rect), look, language.changes())
        if full:
            self._lay_out(rect, look)
            surface.fill(look.face, rect)
            if self.column:
                pygame.draw.line(surface, look.shadow, (rect.x, rect.y), (rect.x, rect.bottom - 1))
            for name, (label, _value) in self.places.items():
                shown = figure_name(name)
                if text.width(shown, self.label_size) > label.w:
                    shown = SHORT.get(name, shown)
                self.names[name] = text.draw_fitted(
                    surface, shown, label, self.label_size, look.dim_text, smallest=TINY
                )
            self._drawn = {}
        drawn = self._drawn if self._drawn is not None else {}
        changed = []
        for name, (_label, box) in self.places.items():
            value = lines.get(name, "-")
            if drawn.get(name) != value:
                surface.fill(look.face, box)
                text.draw_fitted(surface, value, box, SMALL, align="right", weight=BOLD, smallest=TINY)
                drawn[name] = value
                changed.append(box)
        self._drawn = drawn
        return [rect] if full else changed

    def _lay_out(self, rect: pygame.Rect, look: object) -> None:
        """Where each figure's name and value go in `rect`."""
        self._laid_for = (tuple(rect), look, language.changes())
        self.column = rect.h > rect.w  # beside the board: a column; under the controls: rows
        self.places: dict[str, tuple[pygame.Rect, pygame.Rect]] = {}
        self.names = {}
        if self.column:
            self.label_size = SMALL
            inner = rect.inflate(-2 * px(SIDE), -4 * px(PAD))
            line_h = min(px(LINE_H), inner.h // len(SIDE_ORDER))
            for n, name in enumerate(SIDE_ORDER[:-1]):
                line = pygame.Rect(inner.x, inner.y + n * line_h, inner.w, line_h)
                label = pygame.Rect(line.x, line.y, line.w // 2, line_h)
                value = pygame.Rect(label.right, line.y, line.w - label.w, line_h)
                if name == "Clicks":  # its value on the line under its name
                    value = line.move(0, line_h)
                self.places[name] = (label, value)
            return
        self.label_size = TINY
        inner, row_h = rect.inflate(-2 * px(SIDE), -2 * px(PAD)), px(ROW_H)
        rows = grid(rect.w)
        columns = max(sum(SPANS.get(name, 1) for name in names) for names in rows)
        for n, names in enumerate(rows):
            y = inner.y + n * row_h
            places = layout.split(pygame.Rect(inner.x, y, inner.w, row_h), columns, 10)
            at = 0
            for name in names:
                span = SPANS.get(name, 1)
                first, last = places[at], places[at + span - 1]
                place = pygame.Rect(first.x, y, last.right - first.x, row_h)
                at += span
                label_w = min(place.w * 2 // 5, px(PLACE_W) * 2 // 5)  # a figure's value takes the rest
                label = pygame.Rect(place.x, y, label_w, row_h)
                gap = px(4)
                self.places[name] = (label, pygame.Rect(label.right + gap, y, place.right - label.right - gap, row_h))
