"""Progress: a board's games as charts (from Records). Each timed win's time or 3BV/s in order with the moving
median and the personal bests as steps, the spread of 3BV/s, games and wins a week, and a calendar of the
days played; rest the pointer on a game to read it, click it (or pick it with the arrows and press Enter) to
watch its video. Export writes every game of every board as a CSV file spreadsheets read.

The games are read and worked out off the frame; the charts are drawn once into a picture of the window, so a
frame of hovering draws only the tip."""

from __future__ import annotations

import bisect
import threading
from datetime import date, datetime
from pathlib import Path

import pygame

from game.files.spreadsheet import EXPORTS_FOLDER, export_csv
from game.language import _, ngettext
from game.model import Replay, category_label
from game.store import data_folder
from game.store.history import chart_games, sheet_rows
from game.video import Video
from game.view import charts, layout, screens, text, theme, tip, widgets
from game.view.bests import figure_text
from game.view.focus import FocusRing
from game.view.formats import date_text, figure_name, format_time
from game.view.layout import MARGIN, Row
from game.view.progress_data import RATE, TIME, WEEKS, Progress, progress_of
from game.view.recorded import read_log
from game.view.scale import px
from game.view.scene import Context, Scene
from game.view.title import draw_title, title_bottom
from game.view.typeface import BODY, BOLD, HEADING, SMALL, TINY
from game.work.background import BackgroundJob

PROGRESS_SIZE = (760, 660)  # wider than Records: the charts want room
# The board with its arrows, the figure's tabs and a summary, the chart of every win, the three small charts,
# a line under them, the buttons. In a tall window the charts grow.
ROWS = [Row(40, 32, 0, 44), Row(28, 24, 6, 32), Row(250, 140, 6, 520), Row(150, 100, 8, 320)]
ROWS += [Row(20, 16, 4, 24), Row(44, 36, 8, 48)]
ARROW_W = 44
NEAR = 8  # how close the pointer must come to a game's point to pick it (base pixels)


class ProgressScene(Scene):
    def __init__(self, context: Context, shown: screens.Progress) -> None:
        super().__init__(context)
        self.window_size = layout.menu_window(context.max_window, PROGRESS_SIZE)
        self.store = context.store
        self.categories = self.store.categories()  # Records' boards: a mode's games too
        wanted = shown.category or context.settings["difficulty"]
        self.index = self.categories.index(wanted) if wanted in self.categories else 0
        width, height = self.window_size
        margin, arrow_w = px(MARGIN), px(ARROW_W)
        inner = pygame.Rect(margin, 0, width - 2 * margin, 0)
        places = layout.stack(title_bottom(-8), height - margin // 2, ROWS, spread=True)
        (head_y, head_h), (tabs_y, tabs_h), (main_y, main_h), (small_y, small_h), (line_y, line_h) = places[:5]
        buttons_y, buttons_h = places[5]
        self.previous = widgets.Button((inner.x, head_y, arrow_w, head_h), "<", size=HEADING)
        self.next = widgets.Button((inner.right - arrow_w, head_y, arrow_w, head_h), ">", size=HEADING)
        self.heading = pygame.Rect(inner.x + arrow_w + px(8), head_y, inner.w - 2 * arrow_w - px(16), head_h)
        tab_boxes = layout.split(pygame.Rect(inner.x, tabs_y, inner.w // 2, tabs_h), 2, 4)
        named = zip((TIME, RATE), tab_boxes)
        self.tabs = {name: widgets.Button(box, figure_name(name), size=BODY) for name, box in named}
        self.summary_box = pygame.Rect(inner.centerx + px(8), tabs_y, inner.w // 2 - px(8), tabs_h)
        self.main_box = pygame.Rect(inner.x, main_y, inner.w, main_h)
        self.small_boxes = layout.split(pygame.Rect(inner.x, small_y, inner.w, small_h), 3, 8)
        self.line = pygame.Rect(inner.x, line_y, inner.w, line_h)
        buttons = layout.split(pygame.Rect(inner.x, buttons_y, inner.w, buttons_h), 2, 12)
        # TRANSLATORS: Progress's buttons: write every game as a CSV file (spreadsheets), and go back to Records
        self.export_button = widgets.Button(buttons[0], _("Export CSV"), size=BODY)
        self.back = widgets.Button(buttons[1], _("Back"), size=BODY)
        self.buttons = [self.previous, self.next, *self.tabs.values(), self.export_button, self.back]
        self.focus = FocusRing(self.buttons, start=self.back, arrows=False)
        self.showing = TIME
        self.progress: Progress | None = None  # the board's, once read
        self.loading: BackgroundJob[Progress] | None = None
        self.opening: BackgroundJob[tuple[Replay, Video | None, object]] | None = None  # a game's video being read
        self.exporting: BackgroundJob[Path] | None = None  # the CSV file being written
        self.exported: Path | None = None  # the last one written
        self.notice = ""
        self.canvas: pygame.Surface | None = None  # the window as drawn but for what moves (buttons, the tip)
        self.plot_area = pygame.Rect(0, 0, 0, 0)
        self.points: list[tuple[int, int]] = []  # each win's point, in order (so by x)
        self.xs: list[int] = []  # their x, to find the one under the pointer by bisection
        self.days: list[tuple[pygame.Rect, date]] = []  # each calendar day's square and its date
        self.pointer: tuple[int, int] | None = None
        self.chosen: int | None = None  # the win the arrows picked
        self.pressed: int | None = None  # the win a press began on
        self._load()

    @property
    def category(self) -> str:
        return self.categories[self.index]

    # --- reading, off the frame ----------------------------------------------------------------------------

    def _load(self) -> None:
        """Read the board's games and work out its charts on a thread; the charts show when it is done."""
        if self.loading is not None:
            self.loading.cancel()
        self.seen_changes, self.progress, self.canvas, self.chosen = self.store.changes, None, None, None
        for name, tab in self.tabs.items():
            tab.marked = name == self.showing
        category, reads = self.category, self.store.reads()
        if reads is None:
            self.progress = progress_of(category, [])
            return

        def work(cancel: threading.Event) -> Progress:
            return progress_of(category, reads(lambda db: chart_games(db, category)))

        self.loading = BackgroundJob(work)

    def update(self, step: float) -> None:
        if self.store.changes != self.seen_changes:  # a game recorded meanwhile (another copy's, too)
            self._load()
        job = self.loading
        if job is not None and job.done:
            self.loading = None
            if job.error is not None:
                self.notice = _("Could not read the records ({error}).").format(error=job.error)
                self.progress = progress_of(self.category, [])
            else:
                self.progress = job.result
            self.canvas, self.dirty = None, True
        self._opened()
        self._exported()

    def next_wake(self) -> float | None:
        busy = (self.loading, self.opening, self.exporting)
        return 0.0 if any(job is not None for job in busy) else None

    # --- input ---------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        self.pointer = widgets.pointer_after(event, self.pointer)
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.pointed()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed is not None:
            if self.pointed() == self.pressed:
                self.watch(self.pressed)
            self.pressed = None
        for button in self.buttons:
            if button.handle(event):
                self.press(button)
                return

    def _key(self, event: pygame.event.Event) -> None:
        wins = len(self.progress.wins) if self.progress is not None else 0
        if event.key == pygame.K_ESCAPE:
            self.go_back()
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self._turn(-1 if event.key == pygame.K_PAGEUP else 1)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END) and wins:
            step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_HOME: -wins, pygame.K_END: wins}[event.key]
            if event.mod & pygame.KMOD_SHIFT:
                step *= 10
            at = (wins if step < 0 else -1) if self.chosen is None else self.chosen
            self.chosen = max(0, min(wins - 1, at + step))
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.chosen is not None and not self.focus.shown:
            self.watch(self.chosen)
        elif event.key == pygame.K_t:
            self.press(self.tabs[RATE if self.showing == TIME else TIME])
        elif event.key == pygame.K_e:
            self.export()
        elif (pressed := self.focus.handle(event)) is not None:
            self.press(pressed)
        if event.key == pygame.K_TAB:
            self.chosen = None  # the ring takes Enter over

    def press(self, button: widgets.Button) -> None:
        if button in (self.previous, self.next):
            self._turn(-1 if button is self.previous else 1)
        elif button in self.tabs.values():
            self.showing = next(name for name, tab in self.tabs.items() if tab is button)
            for name, tab in self.tabs.items():
                tab.marked = name == self.showing
            self.canvas = None
        elif button is self.export_button:
            self.export()
        elif button is self.back:
            self.go_back()

    def _turn(self, direction: int) -> None:
        self.index = (self.index + direction) % len(self.categories)
        self._load()

    def go_back(self) -> None:
        self.context.show(screens.Records(category=self.category))

    def pointed(self) -> int | None:
        """The win whose point is nearest the pointer, if near enough."""
        if (
            self.pointer is None
            or not self.points
            or not self.plot_area.inflate(px(NEAR), px(NEAR)).collidepoint(self.pointer)
        ):
            return None
        x, y = self.pointer
        near = px(NEAR)
        lo, hi = bisect.bisect_left(self.xs, x - near), bisect.bisect_right(self.xs, x + near)
        points = self.points

        def away(n: int) -> int:
            return (points[n][0] - x) ** 2 + (points[n][1] - y) ** 2

        best = min(range(lo, hi), key=away, default=None)
        return None if best is None or away(best) > near * near else best

    # --- a game's video, and the export --------------------------------------------------------------------

    def watch(self, index: int) -> None:
        """Play the win back: its moves read here, checked off the frame, shown when they are (as Records)."""
        assert self.progress is not None
        game = self.progress.wins[index]
        log = self.store.replay(game.game_id) if game.has_replay else None
        if log is None:
            self.notice = _("That game's moves were not kept, or are damaged: it cannot be replayed.")
            return
        chunks = self.store.chunk_reader()
        self.opening = BackgroundJob(lambda cancel: read_log(log, chunks))

    def _opened(self) -> None:
        job = self.opening
        if job is None or not job.done:
            return
        self.opening = None
        if job.error is not None and not isinstance(job.error, ValueError):
            raise job.error
        if job.result is None:
            self.notice = _("That game's moves were not kept, or are damaged: it cannot be replayed.")
            return
        replay, video = job.result[:2]
        self.context.show(screens.Replay(replay=replay, video=video), remember=True)

    def export(self) -> None:
        """Write every game of every board as a CSV file in the records folder's exports/, off the frame, and
        say where when it is written."""
        reads = self.store.reads()
        if self.exporting is not None or reads is None:
            return
        folder = (self.store.path.parent if self.store.path is not None else data_folder()) / EXPORTS_FOLDER
        self.exporting = BackgroundJob(lambda cancel: export_csv(reads(sheet_rows), folder))
        self.notice = _("Exporting the records…")

    def _exported(self) -> None:
        job = self.exporting
        if job is None or not job.done:
            return
        self.exporting = None
        self.dirty = True
        if job.result is None:
            error = job.error
            if not isinstance(error, OSError):
                raise error if error is not None else RuntimeError("the export gave nothing")
            self.notice = _("Could not export the records: {error}").format(error=error.strerror or error)
            return
        self.exported = job.result
        self.notice = _("Saved {path}").format(path=job.result)

    # --- drawing -------------------------------------------------------------------------------------------

    def invalidate(self) -> None:
        super().invalidate()
        self.canvas = None

    def draw(self, surface: pygame.Surface) -> None:
        if self.canvas is None or self.canvas.get_size() != surface.get_size():
            self.canvas = surface.copy()
            self._paint(self.canvas)
        surface.blit(self.canvas, (0, 0))
        for button in self.buttons:
            button.draw(surface)
        look = theme.current()
        pointed = self.pointed()
        shown = pointed if pointed is not None else self.chosen
        if shown is not None and shown < len(self.points):
            ring = pygame.Rect(0, 0, px(10), px(10))
            ring.center = self.points[shown]
            pygame.draw.rect(surface, look.accent, ring, max(1, px(2)))
        if self.notice:
            text.draw_fitted(surface, self.notice, self.line, SMALL, look.dim_text, "center", smallest=TINY)
        elif shown is not None:
            text.draw_fitted(surface, self.about(shown), self.line, SMALL, align="center", smallest=TINY)
        elif self.points:
            # TRANSLATORS: under Progress's charts
            said = _("Rest the pointer on a game to read it; click it to watch its video.")
            text.draw_fitted(surface, said, self.line, SMALL, look.dim_text, "center", smallest=TINY)
        if pointed is not None:
            tip.draw_words(surface, self.about(pointed), self.pointer)
        elif self.pointer is not None:
            day = next((when for square, when in self.days if square.collidepoint(self.pointer)), None)
            if day is not None and self.progress is not None:
                count = self.progress.days.get(day, 0)
                # TRANSLATORS: a day's square in Progress's calendar: its date and the games played that day
                said = ngettext("{date}: {count} game", "{date}: {count} games", count)
                when = date_text(datetime(day.year, day.month, day.day))
                tip.draw_words(surface, said.format(date=when, count=count), self.pointer)

    def about(self, index: int) -> str:
        """A win as its tip reads: its number, time, 3BV/s and date."""
        assert self.progress is not None
        game = self.progress.wins[index]
        when = date_text(game.played_at.astimezone())
        # TRANSLATORS: a game in Progress's chart: its number among the wins, time, 3BV/s (as is) and date
        return _("Win {number}: {time}, 3BV/s {rate}, {date}").format(
            number=index + 1, time=format_time(game.time_ms), rate=figure_text("3BV/s", game.bbbv_s), date=when
        )

    def _paint(self, surface: pygame.Surface) -> None:
        """Everything but the buttons and what follows the pointer."""
        look = theme.current()
        surface.fill(look.face)
        draw_title(surface, self.context.atlases, _("Progress"))
        text.draw_fitted(surface, category_label(self.category), self.heading, HEADING, look.heading, "center", BOLD)
        self.points, self.xs, self.days, self.plot_area = [], [], [], pygame.Rect(0, 0, 0, 0)
        progress = self.progress
        wins = progress.wins if progress is not None else []
        if progress is not None:
            # TRANSLATORS: beside Progress's tabs: the board's timed wins of all its games
            said = ngettext("{wins} timed win of {count} game", "{wins} timed wins of {count} games", progress.played)
            said = said.format(wins=len(wins), count=progress.played)
            text.draw_fitted(surface, said, self.summary_box, SMALL, look.dim_text, "right", smallest=TINY)
        series = progress.series[self.showing] if progress is not None else None
        # TRANSLATORS: the title of Progress's main chart: {figure} is "Time" or "3BV/s"
        title = _("{figure} of each timed win").format(figure=figure_name(self.showing))
        room = charts.ground(surface, self.main_box, title)
        legend = pygame.Rect(self.main_box.centerx, self.main_box.y + px(2), self.main_box.w // 2 - px(8), px(16))
        # TRANSLATORS: the marks of Progress's main chart (little room each)
        charts.legend(surface, legend, [(_("median of 25"), look.median), (_("personal best"), look.best)])
        titles = (_("3BV/s of the wins"), _("Games and wins a week"), _("Days played"))
        rooms = [charts.ground(surface, box, title) for box, title in zip(self.small_boxes, titles)]
        if progress is None:
            charts.empty(surface, room, _("Reading the records…"))
            return
        if series is None or not series.values:
            charts.empty(surface, room, _("No timed wins on this board yet: win one and it shows here."))
            charts.empty(surface, rooms[0], _("No wins yet."))
        else:
            self.plot_area, self.points = charts.plot(surface, room, series)
            self.xs = [p[0] for p in self.points]
            charts.draw_histogram(surface, rooms[0], progress.histogram)
        if progress.empty:
            charts.empty(surface, rooms[1], _("No games yet."))
        elif not any(week.played for week in progress.weeks):
            # TRANSLATORS: Progress's weekly bars when the board's games are all older than the weeks they show
            said = ngettext("No games in the last {count} week.", "No games in the last {count} weeks.", WEEKS)
            charts.empty(surface, rooms[1], said.format(count=WEEKS))
        else:
            charts.draw_weeks(surface, rooms[1], progress.weeks)
        self.days = charts.draw_calendar(surface, rooms[2], progress.days, progress.first_day, progress.today, WEEKS)
