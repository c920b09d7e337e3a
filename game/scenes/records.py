"""Records: best times and statistics for each difficulty and each custom size played, with a reset."""
import pygame

from game import config
from game.scenes.base import Scene
from game.scenes.menu import draw_title
from game.store import category_label
from game.view import theme, widgets


def format_ms(ms):
    if ms is None:
        return "-"
    seconds = ms / 1000
    return f"{seconds:.1f} s" if seconds < 60 else f"{int(seconds // 60)}:{seconds % 60:04.1f}"


class RecordsScene(Scene):
    window_size = config.MENU_SIZE

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
        self.reset = widgets.Button((20, bottom, 190, 44), "Reset statistics", size=23)
        self.back = widgets.Button((width - 160, bottom, 140, 44), "Back")
        self._load()

    @property
    def category(self):
        return self.categories[self.index]

    def _load(self):
        self.stats = self.store.statistics(self.category)
        self.best = self.store.best_times(self.category)

    def handle(self, event):
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.go_back()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self._turn(-1 if event.key == pygame.K_LEFT else 1)
            return
        if self.previous.handle(event):
            self._turn(-1)
        elif self.next.handle(event):
            self._turn(1)
        elif self.reset.handle(event):
            from game.scenes.confirm import ConfirmScene
            self.app.switch(ConfirmScene(self.app, self, "Reset statistics?",
                                         "Every best time and statistic will be erased.",
                                         yes=("Reset", self._reset), no="Keep them"))
        elif self.back.handle(event):
            self.go_back()

    def _turn(self, direction):
        self.index = (self.index + direction) % len(self.categories)
        self._load()

    def _reset(self):
        self.store.reset_statistics()
        self.app.switch(RecordsScene(self.app, "beginner"))

    def go_back(self):
        from game.scenes.menu import MenuScene
        self.app.switch(MenuScene(self.app))

    @property
    def atlas(self):
        return self.app.atlases.at(2)  # the current theme's, which the player may switch

    def draw(self, surface):
        draw_title(surface, self.atlas, "Records")
        width = self.window_size[0]
        widgets.text(surface, category_label(self.category), (width // 2, 116), 28, theme.current().heading,
                     anchor="center", bold=True)
        self.previous.draw(surface)
        self.next.draw(surface)
        s = self.stats
        best_rate = f"{s.best_3bv_per_s:.2f}" if s.best_3bv_per_s else "-"
        rows = [("Played", str(s.played)), ("Won", f"{s.won} ({s.win_percent:.0f}%)"),
                ("Current streak", str(s.current_streak)), ("Best streak", str(s.best_streak)),
                ("Best 3BV/s", best_rate), ("Average win", format_ms(s.average_win_ms))]
        y = 150
        for i, (label, value) in enumerate(rows):
            x = 30 if i % 2 == 0 else width // 2 + 10
            widgets.text(surface, label, (x, y), 21, theme.current().dim_text)
            widgets.text(surface, value, (x + 190 - 10 * (i % 2 == 0), y), 22, anchor="topright", bold=True)
            if i % 2:
                y += 24
        y += 10
        widgets.text(surface, "Best times", (30, y), 24, theme.current().heading, bold=True)
        y += 26
        if not self.best:
            widgets.text(surface, "No wins yet: the first one sets a record.", (30, y), 21, theme.current().dim_text)
        for best in self.best:
            widgets.text(surface, f"{best.rank}.", (56, y), 21, anchor="topright")
            widgets.text(surface, format_ms(best.time_ms), (150, y), 21, anchor="topright", bold=True)
            widgets.text(surface, f"{best.three_bv_per_s:.2f} 3BV/s", (260, y), 21, anchor="topright")
            widgets.text(surface, best.played_at.astimezone().strftime("%Y-%m-%d"), (width - 30, y), 21,
                         theme.current().dim_text, anchor="topright")
            y += 22
        if not self.store.available:
            widgets.text(surface, "Records are not being saved (see the menu's notice).",
                         (width // 2, self.window_size[1] - 80), 19, theme.current().error_text, anchor="center")
        self.reset.draw(surface)
        self.back.draw(surface)
