"""Records: for each difficulty and each custom size played, its statistics (its clean wins among them) and its
best games by time, by time without an avoidable guess ("Clean"), 3BV/s, IOE and STNB (each figure explained on
hover), its recent games, and a reset. Every game listed plays its video and says what its review found."""

from __future__ import annotations

import pygame

from game.language import N_, _, ngettext, pgettext
from game.model import category_label, standard_boards_text
from game.store import BestGame, PlayedGame, Stats
from game.video import Video
from game.video.figure_text import nf_mark
from game.video.playback import Playback
from game.view import layout, records_list, screens, text, theme, tip, widgets
from game.view.bests import RANKED, has_stnb
from game.view.focus import FocusRing
from game.view.formats import UNTIMED_RULE, format_time
from game.view.layout import MARGIN, Row
from game.view.recorded import read_log
from game.view.records_review import CLEAN, clean_wins_text, luck_text, review_words
from game.view.scale import px
from game.view.scene import Context, Scene
from game.view.title import draw_title, title_bottom
from game.view.typeface import BODY, BOLD, HEADING, SMALL, TINY
from game.work.background import BackgroundJob

ROWS_SHOWN = 10  # best games kept per category and figure (the store's TOP), and recent games listed
RECORDS_SIZE = (600, 660)  # wider than the menu: a row has a game's time and its three speed figures
# The category with its arrows, four lines of statistics, the tabs, the column names, the list, two lines under
# it (a hovered game's figures and its review), the buttons. In a tall window the list's rows grow, then the
# rest spaces them out.
ROWS = [Row(40, 32, 0, 44), Row(96, 72, 8, 112), Row(30, 26, 8, 34), Row(18, 14, 4, 20)]
ROWS += [Row(24 * ROWS_SHOWN, 18 * ROWS_SHOWN, 2, 30 * ROWS_SHOWN), Row(36, 30, 4, 44), Row(44, 36, 8, 48)]
ARROW_W = 44
RECENT = "Recent"  # the tab of recent games, beside one tab a figure of RANKED (its key; tab_label() shows it)
NF_KEY = pygame.K_n  # NF on or off, as the menu's key of NF mode
NF_W = 64  # the NF toggle's width, base pixels (its mark is short: "NF" in most languages)
# The tabs whose label is words (the others are figures' names, the community's notation)
# TRANSLATORS: Records' tabs: the best times; the best times without an avoidable guess; the recent games
TAB_LABELS = {"Time": N_("Best times"), CLEAN: N_("Clean"), RECENT: N_("Recent")}


def tab_label(name: str) -> str:
    """A tab's label as shown: words in the player's language, a figure's name as it is."""
    return _(TAB_LABELS[name]) if name in TAB_LABELS else name


def tab_boxes(rect: pygame.Rect, names: tuple[str, ...], gap: int = 4) -> list[pygame.Rect]:
    """The tabs side by side across `rect`, each its label's width and a share of the room left (a label in words
    is wider than a figure's name: it keeps clear of the marked tab's notch); equal when they cannot all fit."""
    room = rect.w - px(gap) * (len(names) - 1)
    needs = [text.width(tab_label(name), BODY, BOLD) + px(2 * widgets.PAD + 16) for name in names]
    spare = room - sum(needs)
    widths = [need + spare // len(names) for need in needs] if spare >= 0 else [room // len(names)] * len(names)
    boxes, x = [], rect.x
    for width in widths:
        boxes.append(pygame.Rect(x, rect.y, width, rect.h))
        x += width + px(gap)
    return boxes


def no_stnb() -> str:
    """What the STNB tab's list says on a board that is not a standard one."""
    return _("STNB is counted on the standard boards only: {boards}.").format(boards=standard_boards_text())


def figures(game: BestGame | PlayedGame) -> str:
    """What a row has no room for, shown while the pointer is on it: 3BV (how much of it a loss cleared),
    clicks, useful clicks and correctness (their share)."""
    solved = game.cleared_three_bv  # a recent game may be a loss, which cleared some of its 3BV
    if solved in (None, game.three_bv):
        bv = f"3BV {game.three_bv}"
    else:
        # TRANSLATORS: how much of a lost game's 3BV it cleared (3BV stays as it is: the community's notation)
        bv = _("3BV {solved} of {total}").format(solved=solved, total=game.three_bv)
    clicks, useful = game.clicks, game.effective_clicks
    if not clicks or useful is None:
        return bv
    # TRANSLATORS: {three_bv} is "3BV 25" or "3BV 12 of 25"; {useful}: the clicks that opened or flagged something
    said = ngettext(
        "{three_bv}, {count} click, {useful} useful ({percent}% correct)",
        "{three_bv}, {count} clicks, {useful} useful ({percent}% correct)",
        clicks,
    )
    return said.format(three_bv=bv, count=clicks, useful=useful, percent=f"{100 * useful / clicks:.0f}")


class RecordsScene(Scene):
    stats: Stats  # the board's, read in _load

    def __init__(self, context: Context, shown: screens.Records) -> None:
        super().__init__(context)
        category = shown.category
        self.window_size = layout.menu_window(context.max_window, RECORDS_SIZE)
        self.store = context.store
        self.categories = self.store.categories()
        wanted = category or context.settings["difficulty"]
        self.index = self.categories.index(wanted) if wanted in self.categories else 0
        width, height = self.window_size
        margin, arrow_w = px(MARGIN), px(ARROW_W)
        inner = pygame.Rect(margin, 0, width - 2 * margin, 0)
        places = layout.stack(title_bottom(-8), height - margin // 2, ROWS, spread=True)
        (head_y, head_h), (stats_y, stats_h), (tabs_y, tabs_h), (names_y, names_h), (list_y, list_h) = places[:5]
        (line_y, line_h), (buttons_y, buttons_h) = places[5:]
        self.previous = widgets.Button((inner.x, head_y, arrow_w, head_h), "<", size=HEADING)
        self.next = widgets.Button((inner.right - arrow_w, head_y, arrow_w, head_h), ">", size=HEADING)
        self.heading = pygame.Rect(inner.x + arrow_w + px(8), head_y, inner.w - 2 * arrow_w - px(16), head_h)
        self.stats_box = pygame.Rect(inner.x, stats_y, inner.w, stats_h)
        names = (RANKED[0], CLEAN, *RANKED[1:], RECENT)
        # the tabs, and NF after them (narrower: a short mark): a toggle, the ranked lists of NF wins alone
        nf_w = min(px(NF_W), inner.w // (len(names) + 1))
        tabs_w = inner.w - nf_w - px(4)
        boxes = tab_boxes(pygame.Rect(inner.x, tabs_y, tabs_w, tabs_h), names)
        self.tabs = {name: widgets.Button(r, tab_label(name), size=BODY) for name, r in zip(names, boxes)}
        self.nf_toggle = widgets.Button((inner.right - nf_w, tabs_y, nf_w, tabs_h), nf_mark(), size=BODY)
        self.nf = False  # the ranked lists are of NF wins alone
        self.best_tab, self.recent_tab = self.tabs["Time"], self.tabs[RECENT]
        self.list_box = pygame.Rect(inner.x, list_y, inner.w - px(records_list.PLAY_W), list_h)
        self.names_line = pygame.Rect(inner.x + px(4), names_y, self.list_box.w - px(8), names_h)
        self.row_h = list_h // ROWS_SHOWN
        self.row_size = BODY if self.row_h >= px(28) else SMALL  # the list's letters, larger in taller rows
        self.line = pygame.Rect(inner.x, line_y, inner.w, line_h)
        buttons = layout.split(pygame.Rect(inner.x, buttons_y, inner.w, buttons_h), 4, 10)
        # TRANSLATORS: the four buttons at the foot of Records (about 14 characters each; Progress: the charts)
        labels = (_("Reset all records"), _("Open video"), _("Progress"), _("Back"))
        self.bottom = [widgets.Button(r, label, size=BODY) for r, label in zip(buttons, labels)]
        self.reset, self.videos, self.progress, self.back = self.bottom
        self.showing = "Time"  # the tab shown: a figure of RANKED, CLEAN or RECENT
        self.notice = ""
        # the replay of the game clicked, read off the frame (a large board's takes a while)
        self.opening: BackgroundJob | None = None
        self.figure_names: list[tuple[str, pygame.Rect]] = []  # where figures' names show, for their explanations
        self.cut: list[tuple[str, pygame.Rect]] = []  # the marks shown cut short, whole, and where they show
        self.pointer: tuple[int, int] | None = None  # where the mouse is, while it is over the window
        self.racing = False  # the game is opened to race its ghost (B), not to watch it
        self._load()

    @property
    def showing_recent(self) -> bool:
        return self.showing == RECENT

    @property
    def nf_shown(self) -> bool:
        """The list shows NF wins alone (NF is on, on a ranked tab)."""
        return self.nf and not self.showing_recent

    @property
    def category(self) -> str:
        return self.categories[self.index]

    def update(self, step: float) -> None:
        self._opened()
        # The writer records games a moment after they end, and a busy file only later: show them as they come;
        # older games' figures come a batch at a time, and change only the lists.
        if self.store.changes != self.seen_changes or self.store.busy != self.busy:
            self._load()
            self.dirty = True
        elif self.store.figured != self.seen_figured or self.store.reviewed != self.seen_reviewed:
            if self.store.reviewed != self.seen_reviewed:  # the clean wins, from the reviews' index alone
                self.stats = self.store.clean_statistics(self.category, self.stats)
            self._load(statistics=False)
            self.dirty = True

    def _load(self, statistics: bool = True) -> None:
        """Read the category's records: its statistics (on a large board, the longest read) and its lists."""
        self.seen_changes, self.busy, self.seen_figured = self.store.changes, self.store.busy, self.store.figured
        self.seen_reviewed = self.store.reviewed
        if statistics:
            self.stats = self.store.statistics(self.category)
        self.best = self.store.best_times(self.category)
        self.recent = self.store.recent_games(self.category)
        self.tabs["STNB"].enabled = has_stnb(self.category)
        if not self.tabs[self.showing].enabled:
            self.showing = "Time"
        for name, tab in self.tabs.items():
            tab.marked = name == self.showing
        self.nf_toggle.enabled = not self.showing_recent  # (the recent games mark their NF ones)
        self.nf_toggle.marked = self.nf and not self.showing_recent
        games: list[BestGame | PlayedGame]
        if self.showing == CLEAN:
            games = [*self.store.clean_times(self.category)]
        elif self.showing == RECENT:
            games = [*self.recent]
        elif self.nf_shown:
            games = [*self.store.bests(self.category, self.showing, nf=True)]  # from the NF wins' own index
        elif self.showing == "Time":
            games = [*self.best]
        else:
            games = [*self.store.bests(self.category, self.showing)]
        # every row is a button that plays the game back, when its moves were kept
        self.rows: list[widgets.Button] = []
        self.game_of: dict[widgets.Button, BestGame | PlayedGame] = {}  # each row's game
        for n, game in enumerate(games[:ROWS_SHOWN]):
            box = (self.list_box.x, self.list_box.y + n * self.row_h, self.list_box.w, self.row_h)
            row = widgets.Button(box, "", size=SMALL, enabled=game.has_replay)
            self.game_of[row] = game
            self.rows.append(row)
        focus = getattr(self, "focus", None)
        before, shown = (focus.current, focus.shown) if focus is not None else (None, False)
        ring = [self.previous, self.next, *self.tabs.values(), self.nf_toggle, *self.rows, *self.bottom]
        self.focus = FocusRing(ring, start=before if before in ring else self.back, arrows=False)
        if shown:  # a new category or tab keeps the ring where the keyboard left it
            self.focus.focus(self.focus.current)

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        self.pointer = widgets.pointer_after(event, self.pointer)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.go_back()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self._turn(-1 if event.key == pygame.K_LEFT else 1)
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.focus.step(1 if event.key == pygame.K_DOWN else -1)
            elif event.key == pygame.K_p:
                self.press(self.progress)
            elif event.key == NF_KEY and not self.showing_recent:
                self.press(self.nf_toggle)
            elif event.key == pygame.K_b and (row := self._pointed_row()) is not None:
                self.watch(self.game_of[row], racing=True)
            elif (pressed := self.focus.handle(event)) is not None:
                self.press(pressed)
            return
        for button in (*self.rows, *self.tabs.values(), self.nf_toggle, self.previous, self.next, *self.bottom):
            if button.handle(event):
                self.press(button)
                return

    def press(self, button: widgets.Button) -> None:
        """`button`: one of the buttons, clicked or pressed from the focus ring."""
        if button in self.rows:
            self.watch(self.game_of[button])
        elif button in self.tabs.values():
            self.showing = next(name for name, tab in self.tabs.items() if tab is button)
            self._load(statistics=False)
        elif button is self.nf_toggle:
            self.nf = not self.nf
            self._load(statistics=False)
        elif button in (self.previous, self.next):
            self._turn(-1 if button is self.previous else 1)
        elif button is self.reset:
            self.context.ask(
                _("Reset all records?"),
                _("Every best time and statistic of every board will be erased."),
                pgettext("answer", "Reset"),
                _("Keep them"),
                self._reset,
            )
        elif button is self.videos:  # other programs' videos and our exports, listed to watch
            self.context.show(screens.Videos())
        elif button is self.progress:  # this board's games as charts
            self.context.show(screens.Progress(category=self.category))
        elif button is self.back:
            self.go_back()

    def watch(self, game: BestGame | PlayedGame, racing: bool = False) -> None:
        """Play the game back (or, `racing`, play its board against its ghost): its moves are read here (the
        records belong to this thread), and played through to check them off the frame; the replay shows when
        they are. The last game clicked wins."""
        log = self.store.replay(game.game_id)
        if log is None:
            self._unplayable()
            return
        self.racing = racing
        chunks = self.store.chunk_reader()  # a long video's chunks are read with the log, off the frame
        self.opening = BackgroundJob(lambda cancel: read_log(log, chunks, with_playback=racing))

    def _opened(self) -> None:
        job = self.opening
        if job is None or not job.done:
            return
        self.opening = None
        read = job.result
        if job.error is not None and not isinstance(job.error, ValueError):
            raise job.error
        if read is None:  # a ValueError, or no log to read
            self._unplayable()
        elif self.racing:
            self._race(*read[1:])
        else:
            replay, video = read[:2]
            self.context.show(screens.Replay(replay=replay, video=video), remember=True)

    def _pointed_row(self) -> widgets.Button | None:
        """The row under the pointer, else the one the focus ring is on."""
        return next((row for row in self.rows if row.hovered and row.enabled), None) or next(
            (row for row in self.rows if row.focused and row.enabled), None
        )

    def _race(self, video: Video | None, playback: Playback | None) -> None:
        """Play the game's board against its ghost (asking first when that would replace a saved game)."""
        try:
            session, first, race = self.context.dealer.race(video, playback)
        except ValueError as refused:
            self.notice = str(refused)
            return
        self.notice = ""
        self.context.replace_saved_then(lambda: self.context.show(screens.Playing(session, first, race)))

    def _unplayable(self) -> None:
        self.notice = _("That game's moves were not kept, or are damaged: it cannot be replayed.")
        self.dirty = True

    def next_wake(self) -> float | None:
        return 0.0 if self.opening is not None else None

    def _turn(self, direction: int) -> None:
        self.index = (self.index + direction) % len(self.categories)
        self._load()

    def _reset(self, reset: bool) -> None:
        if reset:
            self.store.reset_statistics()
            self.context.show(screens.Records(category="beginner"))

    def go_back(self) -> None:
        self.context.show(screens.Menu())

    # --- drawing -------------------------------------------------------------------------------------------

    def _draw_stats(self, surface: pygame.Surface) -> None:
        look, s, box = theme.current(), self.stats, self.stats_box
        best_rate = f"{s.best_3bv_per_s:.3f}" if s.best_3bv_per_s else "-"
        # TRANSLATORS: Records' statistics, each a name with its value beside it (half the window's width each)
        figures_ = [
            (pgettext("statistic", "Played"), str(s.played)),
            (pgettext("statistic", "Won"), _("{won} ({percent}%)").format(won=s.won, percent=f"{s.win_percent:.0f}")),
            (_("Current streak"), str(s.current_streak)),
            (_("Best streak"), str(s.best_streak)),
            (_("Best 3BV/s"), best_rate),  # (3BV/s: the community's notation, as it is)
            (_("Average timed win"), format_time(s.average_win_ms)),
            (_("Clean wins"), clean_wins_text(s)),
            (_("Average luck"), "-" if s.average_luck is None else luck_text(s.average_luck)),
        ]
        explained = {4: "3BV/s", 6: CLEAN, 7: "Average luck"}  # their explanations on hover
        halves = layout.split(box, 2, 24)
        line_h = box.h // 4
        for n, (label, value) in enumerate(figures_):
            half = halves[n % 2]
            cell = pygame.Rect(half.x, box.y + (n // 2) * line_h, half.w, line_h)
            value, size = text.fit(value, cell.w // 2, BODY, BOLD, smallest=TINY, room_h=cell.h)
            value_w = text.width(value, size, BOLD)
            label_box = pygame.Rect(cell.x, cell.y, cell.w - value_w - px(8), cell.h)
            drawn = text.draw_fitted(surface, label, label_box, BODY, look.dim_text, smallest=TINY)
            if n in explained:
                self.figure_names.append((explained[n], drawn))
            value_box = pygame.Rect(cell.right - value_w, cell.y, value_w, cell.h)
            text.draw_fitted(surface, value, value_box, size, align="right", weight=BOLD, smallest=size)

    def _empty(self) -> str:
        """What the list says when it has no game."""
        if self.showing_recent:
            return _("No games yet.")
        if self.nf_shown:
            # TRANSLATORS: Records' list of NF bests (NF: no flags), empty; N is the key of NF mode in the menu
            return _("No NF wins yet: a game won without placing a flag is one (N in the menu plays them).")
        if self.showing == CLEAN:
            if self.best:  # older games may not be reviewed yet
                return _("No timed win without an avoidable guess among the games reviewed.")
            return _("No timed wins yet: the first clean one sets a record here.")
        if self.stats.won and not self.best:  # wins, none of them timed: say why, rather than "no wins"
            return _("No timed wins yet. {why}").format(why=_(UNTIMED_RULE))
        if self.best:  # timed wins whose figures are not known (games recorded before the records kept them)
            # TRANSLATORS: {figure} is a figure's name in the community's notation (3BV/s, IOE, STNB)
            return _("No timed win with its {figure} known yet: they are being worked out.").format(figure=self.showing)
        return _("No wins yet: the first one sets a record.")

    def _lines(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The two lines under the list: a hovered game's figures (or what a click does), then its review."""
        half = self.line.h // 2
        return pygame.Rect(self.line.x, self.line.y, self.line.w, half), pygame.Rect(
            self.line.x, self.line.y + half, self.line.w, self.line.h - half
        )

    def draw(self, surface: pygame.Surface) -> None:
        look = theme.current()
        draw_title(surface, self.context.atlases, _("Records"))
        text.draw_fitted(surface, category_label(self.category), self.heading, HEADING, look.heading, "center", BOLD)
        self.previous.draw(surface)
        self.next.draw(surface)
        self.figure_names = []
        self._draw_stats(surface)
        for tab in self.tabs.values():
            tab.draw(surface)
        self.nf_toggle.draw(surface)
        self.figure_names += [(name, tab.rect) for name, tab in self.tabs.items() if name in (*RANKED, CLEAN)]
        ranked = None if self.showing_recent else "Time" if self.showing == CLEAN else self.showing
        records_list.draw_headings(surface, self.names_line, ranked, self.showing_recent, self.row_size)
        self.figure_names += records_list.heading_names(self.names_line, self.row_size, self.showing_recent).items()
        if not self.rows:
            words = no_stnb() if self.showing == "STNB" and not has_stnb(self.category) else self._empty()
            box = pygame.Rect(self.list_box.x, self.list_box.y, self.list_box.w, 3 * text.line_height(BODY))
            text.draw_paragraph(surface, words, box, BODY, look.dim_text, smallest=TINY)
        self.cut = [
            c
            for row in self.rows
            if (c := records_list.draw_row(surface, row, self.game_of[row], ranked, self.row_size))
        ]
        hovered = next((self.game_of[row] for row in self.rows if row.hovered or row.focused), None)
        top, under = self._lines()
        if self.notice:
            text.draw_paragraph(surface, self.notice, self.line, SMALL, look.error_text, "center", smallest=TINY)
        elif not self.store.available or self.busy:
            message = self.busy or _("Records are not being saved (see the menu's notice).")
            text.draw_paragraph(surface, message, self.line, SMALL, look.error_text, "center", smallest=TINY)
        elif hovered is not None:
            # TRANSLATORS: after a hovered game's figures, when its video can be raced (B is the key)
            said = " · ".join((figures(hovered), _("B races it"))) if hovered.has_replay else figures(hovered)
            text.draw_fitted(surface, said, top, SMALL, align="center", smallest=TINY)
            review = review_words(hovered.review)
            text.draw_fitted(surface, review, under, SMALL, look.dim_text, "center", smallest=TINY)
        elif any(row.enabled for row in self.rows):
            said = _("Click a game to watch its video; B races its ghost.")
            text.draw_fitted(surface, said, top, SMALL, look.dim_text, "center", smallest=TINY)
        for button in self.bottom:
            button.draw(surface)
        tip.draw_tip(surface, tip.figure_at(self.figure_names, self.pointer), self.pointer)
        tip.draw_words(surface, tip.cut_at(self.cut, self.pointer), self.pointer)  # marks cut short, whole
