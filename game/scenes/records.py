"""Records: best times and statistics for each difficulty and each custom size played, with a reset."""

import pygame

from game.model.category import category_label
from game.model.replay import Replay
from game.scene import Scene
from game.view import theme, widgets
from game.view.formats import format_time
from game.view.title import draw_title

LIST_TOP, ROW_H = 234, 24


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
    def __init__(self, app, category=None):
        super().__init__(app)
        self.store = app.store
        self.categories = ["beginner", "intermediate", "expert", *self.store.custom_categories()]
        wanted = category or app.settings.get("difficulty")
        self.index = self.categories.index(wanted) if wanted in self.categories else 0
        width = self.window_size[0]
        self.previous = widgets.Button((20, 96, 44, 40), "<", size=30)
        self.next = widgets.Button((width - 64, 96, 44, 40), ">", size=30)
        bottom = self.window_size[1] - 62
        self.reset = widgets.Button(
            (20, bottom, 190, 44),
            "Reset statistics",
            size=widgets.fitting_size(["Reset statistics"], 176, (23, 21, 19, 17)),
        )
        self.back = widgets.Button((width - 160, bottom, 140, 44), "Back")
        tab_size = widgets.fitting_size(["Best times", "Recent games"], 150, (21, 19, 17))
        self.best_tab = widgets.Button((24, LIST_TOP, 164, 30), "Best times", size=tab_size)
        self.recent_tab = widgets.Button((196, LIST_TOP, 164, 30), "Recent games", size=tab_size)
        self.showing_recent = False
        self.notice = ""
        self._load()

    @property
    def category(self):
        return self.categories[self.index]

    def _load(self):
        self.stats = self.store.statistics(self.category)
        self.best = self.store.best_times(self.category)
        self.recent = self.store.recent_games(self.category)
        self.best_tab.marked, self.recent_tab.marked = not self.showing_recent, self.showing_recent
        games = self.recent if self.showing_recent else self.best
        # every row is a button that plays the game back, when its moves were kept
        width, y = self.window_size[0], LIST_TOP + 38
        self.rows = []
        for game in games:
            row = widgets.Button((24, y, width - 48, ROW_H), "", size=20, enabled=game.has_replay)
            row.game = game
            self.rows.append(row)
            y += ROW_H

    def handle(self, event):
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.go_back()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self._turn(-1 if event.key == pygame.K_LEFT else 1)
            return
        for row in self.rows:
            if row.handle(event):
                self.watch(row.game)
                return
        if self.best_tab.handle(event) or self.recent_tab.handle(event):
            self.showing_recent = self.recent_tab.rect.collidepoint(event.pos)
            self._load()
        elif self.previous.handle(event):
            self._turn(-1)
        elif self.next.handle(event):
            self._turn(1)
        elif self.reset.handle(event):
            self.app.ask(
                "Reset statistics?",
                "Every best time and statistic will be erased.",
                yes="Reset",
                no="Keep them",
                then=self._reset,
            )
        elif self.back.handle(event):
            self.go_back()

    def watch(self, game):
        text = self.store.replay(game.game_id)
        try:
            replay = Replay.from_json(text) if text is not None else None
        except ValueError:
            replay = None
        if replay is None:
            self.notice = "That game's moves were not kept, or are damaged: it cannot be replayed."
            return
        self.app.show("replay", remember=True, replay=replay)

    def _turn(self, direction):
        self.index = (self.index + direction) % len(self.categories)
        self._load()

    def _reset(self, reset):
        if reset:
            self.store.reset_statistics()
            self.app.show("records", category="beginner")

    def _draw_row(self, surface, row):
        look, game, rect = theme.current(), row.game, row.rect
        if row.hovered and row.enabled:
            surface.fill(look.hover, rect)
        y, x, right = rect.y + 3, rect.x, rect.right
        date = game.played_at.astimezone()
        ioe = "-" if game.ioe is None else f"{game.ioe:.2f}"
        rate = "-" if not game.three_bv_per_s else f"{game.three_bv_per_s:.2f}/s"
        if self.showing_recent:
            widgets.text(surface, date.strftime("%m-%d %H:%M"), (x + 4, y), 17, look.dim_text)
            widgets.text(
                surface,
                game.outcome,
                (x + 104, y),
                18 if game.outcome != "abandoned" else 15,
                look.success_text if game.won else look.error_text,
                bold=True,
            )
        else:
            widgets.text(surface, f"{game.rank}.", (x + 26, y), 18, anchor="topright")
            widgets.text(surface, date.strftime("%Y-%m-%d"), (x + 34, y), 17, look.dim_text)
        widgets.text(surface, format_time(game.time_ms), (x + 214, y), 18, anchor="topright", bold=True)
        widgets.text(surface, rate, (x + 296, y), 18, anchor="topright")
        widgets.text(surface, f"IOE {ioe}", (right - 4, y), 18, anchor="topright")
        if not row.enabled:
            return
        pygame.draw.polygon(
            surface,
            look.accent if row.hovered else look.dim_text,
            [(right + 4, y + 4), (right + 4, y + 16), (right + 14, y + 10)],
        )

    def go_back(self):
        self.app.show("menu")

    @property
    def atlas(self):
        return self.app.atlases.at(2)  # the current theme's, which the player may switch

    def draw(self, surface):
        draw_title(surface, self.atlas, "Records")
        width = self.window_size[0]
        widgets.text(
            surface,
            category_label(self.category),
            (width // 2, 116),
            28,
            theme.current().heading,
            anchor="center",
            bold=True,
        )
        self.previous.draw(surface)
        self.next.draw(surface)
        s = self.stats
        best_rate = f"{s.best_3bv_per_s:.2f}" if s.best_3bv_per_s else "-"
        rows = [
            ("Played", str(s.played)),
            ("Won", f"{s.won} ({s.win_percent:.0f}%)"),
            ("Current streak", str(s.current_streak)),
            ("Best streak", str(s.best_streak)),
            ("Best 3BV/s", best_rate),
            ("Average win", format_time(s.average_win_ms)),
        ]
        y = 150
        for i, (label, value) in enumerate(rows):
            x = 30 if i % 2 == 0 else width // 2 + 10
            widgets.text(surface, label, (x, y), 21, theme.current().dim_text)
            widgets.text(surface, value, (x + 190 - 10 * (i % 2 == 0), y), 22, anchor="topright", bold=True)
            if i % 2:
                y += 24
        self.best_tab.draw(surface)
        self.recent_tab.draw(surface)
        if not self.rows:
            empty = "No games yet." if self.showing_recent else "No wins yet: the first one sets a record."
            widgets.text(surface, empty, (30, LIST_TOP + 40), 21, theme.current().dim_text)
        for row in self.rows:
            self._draw_row(surface, row)
        hovered = next((row.game for row in self.rows if row.hovered), None)
        if hovered is not None and not self.notice:
            line = figures(hovered)
            widgets.text(
                surface,
                line,
                (width // 2, self.reset.rect.y - 14),
                widgets.fitting_size((line,), width - 16, sizes=(18, 16, 14), bold=False),
                anchor="midbottom",
            )
        elif any(row.enabled for row in self.rows):
            widgets.text(
                surface,
                self.notice or "Click a game to watch its replay.",
                (width // 2, self.reset.rect.y - 14),
                18,
                theme.current().error_text if self.notice else theme.current().dim_text,
                anchor="midbottom",
            )
        if not self.store.available:
            widgets.text(
                surface,
                "Records are not being saved (see the menu's notice).",
                (width // 2, self.window_size[1] - 80),
                19,
                theme.current().error_text,
                anchor="center",
            )
        self.reset.draw(surface)
        self.back.draw(surface)
