"""Records: best times and statistics for each difficulty and each custom size played, with a reset."""

from typing import Any

import pygame

from game import config
from game.background import BackgroundJob
from game.model.replay.playback import Replay
from game.model.rules.category import category_label
from game.scene import Scene
from game.video.packed import ChunkReader, split_log, video_of
from game.view import layout, text, theme, widgets
from game.view.focus import FocusRing
from game.view.formats import ASSISTED, UNTIMED_RULE, format_time
from game.view.layout import MARGIN, TITLE_H, Row
from game.view.title import draw_title
from game.view.typeface import BODY, BOLD, HEADING, SMALL, TINY

ROWS_SHOWN = 10  # best times kept per category (the store's TOP), and recent games listed
# The category with its arrows, three lines of statistics, the tabs, the list, a line under it, the buttons.
ROWS = [Row(40, 32, 0), Row(72, 54, 8), Row(30, 26, 8), Row(24 * ROWS_SHOWN, 18 * ROWS_SHOWN, 6), Row(20, 16, 4)]
ROWS += [Row(44, 36, 8)]
ARROW_W, PLAY_W = 44, 16
# A row of the list, as shares of its width: when (rank and date, or date and outcome), time, speed, IOE.
COLUMNS = (0.40, 0.22, 0.18, 0.20)


def figures(game):
    """What a row has no room for, shown while the pointer is on it: 3BV (how much of it a loss cleared),
    clicks, useful clicks and correctness (their share)."""
    solved = game.three_bv if getattr(game, "won", True) else game.solved_three_bv
    bv = f"3BV {game.three_bv}" if solved in (None, game.three_bv) else f"3BV {solved} of {game.three_bv}"
    if not game.clicks:
        return bv
    return (
        f"{bv}, {game.clicks} clicks, {game.effective_clicks} useful "
        f"({100 * game.effective_clicks / game.clicks:.0f}% correct)"
    )


class RecordsScene(Scene):
    def __init__(self, context, category=None):
        super().__init__(context)
        self.window_size = layout.menu_window(context.max_window, config.MENU_SIZE)
        self.store = context.store
        self.categories = ["beginner", "intermediate", "expert", *self.store.custom_categories()]
        wanted = category or context.settings.get("difficulty")
        self.index = self.categories.index(wanted) if wanted in self.categories else 0
        width, height = self.window_size
        inner = pygame.Rect(MARGIN, 0, width - 2 * MARGIN, 0)
        places = layout.stack(TITLE_H - 8, height - MARGIN // 2, ROWS)
        (head_y, head_h), (stats_y, stats_h), (tabs_y, tabs_h), (list_y, list_h), (line_y, line_h) = places[:5]
        buttons_y, buttons_h = places[5]
        self.previous = widgets.Button((inner.x, head_y, ARROW_W, head_h), "<", size=HEADING)
        self.next = widgets.Button((inner.right - ARROW_W, head_y, ARROW_W, head_h), ">", size=HEADING)
        self.heading = pygame.Rect(inner.x + ARROW_W + 8, head_y, inner.w - 2 * ARROW_W - 16, head_h)
        self.stats_box = pygame.Rect(inner.x, stats_y, inner.w, stats_h)
        tabs = layout.split(pygame.Rect(inner.x, tabs_y, inner.w, tabs_h), 2)
        self.best_tab, self.recent_tab = (
            widgets.Button(r, label, size=BODY) for r, label in zip(tabs, ("Best times", "Recent games"))
        )
        self.list_box = pygame.Rect(inner.x, list_y, inner.w - PLAY_W, list_h)
        self.row_h = list_h // ROWS_SHOWN
        self.line = pygame.Rect(inner.x, line_y, inner.w, line_h)
        buttons = layout.split(pygame.Rect(inner.x, buttons_y, inner.w, buttons_h), 2, 40)
        self.reset, self.back = (widgets.Button(r, label) for r, label in zip(buttons, ("Reset all records", "Back")))
        self.showing_recent = False
        self.notice = ""
        self.opening = None  # the replay of the game clicked, read off the frame (a large board's takes a while)
        self._load()

    @property
    def category(self):
        return self.categories[self.index]

    def update(self, step):
        self._opened()
        # The writer records games a moment after they end, and a busy file only later: show them as they come.
        if self.store.changes != self.seen_changes or self.store.busy != self.busy:
            self._load()
            self.dirty = True

    def _load(self):
        self.seen_changes, self.busy = self.store.changes, self.store.busy
        self.stats = self.store.statistics(self.category)
        self.best = self.store.best_times(self.category)
        self.recent = self.store.recent_games(self.category)
        self.best_tab.marked, self.recent_tab.marked = not self.showing_recent, self.showing_recent
        games = self.recent if self.showing_recent else self.best
        # every row is a button that plays the game back, when its moves were kept
        self.rows = []
        self.game_of: dict[widgets.Button, Any] = {}  # each row's game (a GameRecord or a record row)
        for n, game in enumerate(games[:ROWS_SHOWN]):
            box = (self.list_box.x, self.list_box.y + n * self.row_h, self.list_box.w, self.row_h)
            row = widgets.Button(box, "", size=SMALL, enabled=game.has_replay)
            self.game_of[row] = game
            self.rows.append(row)
        focus = getattr(self, "focus", None)
        before, shown = (focus.current, focus.shown) if focus is not None else (None, False)
        ring = [self.previous, self.next, self.best_tab, self.recent_tab, *self.rows, self.reset, self.back]
        self.focus = FocusRing(ring, start=before if before in ring else self.back, arrows=False)
        if shown:  # a new category or tab keeps the ring where the keyboard left it
            self.focus.focus(self.focus.current)

    def handle(self, event):
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.go_back()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self._turn(-1 if event.key == pygame.K_LEFT else 1)
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.focus.step(1 if event.key == pygame.K_DOWN else -1)
            elif (pressed := self.focus.handle(event)) is not None:
                self.press(pressed)
            return
        for button in (*self.rows, self.best_tab, self.recent_tab, self.previous, self.next, self.reset, self.back):
            if button.handle(event):
                self.press(button)
                return

    def press(self, button):
        if button in self.rows:
            self.watch(self.game_of[button])
        elif button in (self.best_tab, self.recent_tab):
            self.showing_recent = button is self.recent_tab
            self._load()
        elif button in (self.previous, self.next):
            self._turn(-1 if button is self.previous else 1)
        elif button is self.reset:
            self.context.ask(
                "Reset all records?",
                "Every best time and statistic of every board will be erased.",
                "Reset",
                "Keep them",
                self._reset,
            )
        elif button is self.back:
            self.go_back()

    def watch(self, game):
        """Play the game back: its moves are read here (the records belong to this thread), and played
        through to check them off the frame; the replay shows when they are. The last game clicked wins."""
        log = self.store.replay(game.game_id)
        if log is None:
            self._unplayable()
            return
        chunks = self.store.chunk_reader()  # a long video's chunks are read with the log, off the frame
        self.opening = BackgroundJob(lambda cancel: read_log(log, chunks))

    def _opened(self):
        job = self.opening
        if job is None or not job.done:
            return
        self.opening = None
        if isinstance(job.error, ValueError) or (job.error is None and job.result is None):
            self._unplayable()
        elif job.error is not None:
            raise job.error
        else:
            replay, video = job.result
            self.context.show("replay", remember=True, replay=replay, video=video)

    def _unplayable(self):
        self.notice = "That game's moves were not kept, or are damaged: it cannot be replayed."
        self.dirty = True

    def next_wake(self):
        return 0.0 if self.opening is not None else None

    def _turn(self, direction):
        self.index = (self.index + direction) % len(self.categories)
        self._load()

    def _reset(self, reset):
        if reset:
            self.store.reset_statistics()
            self.context.show("records", category="beginner")

    def go_back(self):
        self.context.show("menu")

    # --- drawing -------------------------------------------------------------------------------------------

    def _draw_row(self, surface, row):
        look, game, rect = theme.current(), self.game_of[row], row.rect
        if row.hovered and row.enabled:
            surface.fill(look.hover, rect)
        if row.focused:
            widgets.focus_ring(surface, rect.inflate(-6, -6))
        cells = _columns(rect.inflate(-8, 0))
        date = game.played_at.astimezone()
        first = cells[0]
        if self.showing_recent:
            when, outcome = layout.split(first, 2, 4)
            text.draw_fitted(surface, date.strftime("%m-%d %H:%M"), when, SMALL, look.dim_text, smallest=TINY)
            colour = look.success_text if game.won else look.error_text
            said = f"{game.outcome}, {ASSISTED}" if game.won and game.hinted else game.outcome
            text.draw_fitted(surface, said, outcome, SMALL, colour, weight=BOLD, smallest=TINY)
        else:
            rank = pygame.Rect(first.x, first.y, 26, first.h)
            text.draw_fitted(surface, f"{game.rank}.", rank, SMALL, align="right")
            day = pygame.Rect(rank.right + 6, first.y, first.right - rank.right - 6, first.h)
            text.draw_fitted(surface, date.strftime("%Y-%m-%d"), day, SMALL, look.dim_text, smallest=TINY)
        rate = "-" if not game.three_bv_per_s else f"{game.three_bv_per_s:.2f}/s"
        ioe = "-" if game.ioe is None else f"{game.ioe:.2f}"
        precise = not self.showing_recent  # best times to the millisecond, as competitive players expect
        text.draw_fitted(surface, format_time(game.time_ms, precise), cells[1], SMALL, align="right", weight=BOLD)
        text.draw_fitted(surface, rate, cells[2], SMALL, align="right", smallest=TINY)
        text.draw_fitted(surface, f"IOE {ioe}", cells[3], SMALL, align="right", smallest=TINY)
        if row.enabled:
            y, x = rect.centery, rect.right + 4
            colour = look.accent if row.hovered or row.focused else look.dim_text
            pygame.draw.polygon(surface, colour, [(x, y - 6), (x, y + 6), (x + 9, y)])

    def _draw_stats(self, surface):
        look, s, box = theme.current(), self.stats, self.stats_box
        best_rate = f"{s.best_3bv_per_s:.2f}" if s.best_3bv_per_s else "-"
        figures_ = [
            ("Played", str(s.played)),
            ("Won", f"{s.won} ({s.win_percent:.0f}%)"),
            ("Current streak", str(s.current_streak)),
            ("Best streak", str(s.best_streak)),
            ("Best 3BV/s", best_rate),
            ("Average timed win", format_time(s.average_win_ms)),
        ]
        halves = layout.split(box, 2, 24)
        line_h = box.h // 3
        for n, (label, value) in enumerate(figures_):
            half = halves[n % 2]
            cell = pygame.Rect(half.x, box.y + (n // 2) * line_h, half.w, line_h)
            value, size = text.fit(value, cell.w // 2, BODY, BOLD, smallest=TINY)
            value_w = text.width(value, size, BOLD)
            label_box = pygame.Rect(cell.x, cell.y, cell.w - value_w - 8, cell.h)
            text.draw_fitted(surface, label, label_box, BODY, look.dim_text, smallest=TINY)
            value_box = pygame.Rect(cell.right - value_w, cell.y, value_w, cell.h)
            text.draw_fitted(surface, value, value_box, size, align="right", weight=BOLD, smallest=size)

    def draw(self, surface):
        look = theme.current()
        draw_title(surface, self.context.atlases, "Records")
        text.draw_fitted(surface, category_label(self.category), self.heading, HEADING, look.heading, "center", BOLD)
        self.previous.draw(surface)
        self.next.draw(surface)
        self._draw_stats(surface)
        self.best_tab.draw(surface)
        self.recent_tab.draw(surface)
        if not self.rows:
            if self.showing_recent:
                empty = "No games yet."
            elif self.stats.won:  # wins, none of them timed: say why, rather than "no wins"
                empty = f"No timed wins yet. {UNTIMED_RULE}"
            else:
                empty = "No wins yet: the first one sets a record."
            box = pygame.Rect(self.list_box.x, self.list_box.y, self.list_box.w, 3 * text.line_height(BODY))
            text.draw_paragraph(surface, empty, box, BODY, look.dim_text, smallest=TINY)
        for row in self.rows:
            self._draw_row(surface, row)
        hovered = next((self.game_of[row] for row in self.rows if row.hovered or row.focused), None)
        if self.notice:
            text.draw_fitted(surface, self.notice, self.line, SMALL, look.error_text, "center", smallest=TINY)
        elif not self.store.available or self.busy:
            message = self.busy or "Records are not being saved (see the menu's notice)."
            text.draw_fitted(surface, message, self.line, SMALL, look.error_text, "center", smallest=TINY)
        elif hovered is not None:
            text.draw_fitted(surface, figures(hovered), self.line, SMALL, align="center", smallest=TINY)
        elif any(row.enabled for row in self.rows):
            text.draw_fitted(surface, "Click a game to watch its replay.", self.line, SMALL, look.dim_text, "center")
        self.reset.draw(surface)
        self.back.draw(surface)


def _columns(rect):
    """A list row cut into its columns (see COLUMNS)."""
    cells, x = [], rect.x
    for share in COLUMNS:
        w = round(rect.w * share)
        cells.append(pygame.Rect(x, rect.y, w - 6, rect.h))
        x += w
    return cells


def read_log(log: str, read_chunks: ChunkReader | None = None) -> tuple[Replay, Any]:
    """A game's move log read: its replay, and the video beside its moves (None without one; a long one's
    chunks through `read_chunks`). The video is split off first, as the replay's bound is on its moves.
    ValueError when the log is damaged."""
    moves, kept = split_log(log)
    replay = Replay.from_json(moves, config.CUSTOM_MAX_SIDE)
    return replay, video_of(replay, kept, read_chunks)
