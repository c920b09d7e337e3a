"""Settings: every option in one place; each change applies at once and is kept for the next start."""

import pygame

from game.scene import Scene
from game.settings import LISTED
from game.view import theme, widgets
from game.view.title import draw_title

OPTIONS = LISTED


ROW_H, TOP = 50, 100


class SettingsScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        width = self.window_size[0]
        self.buttons = [
            widgets.Button((width - 184, TOP + n * ROW_H, 164, 38), "", size=19) for n in range(len(OPTIONS))
        ]
        self.selected = 0
        self.back = widgets.Button((width // 2 - 70, self.window_size[1] - 62, 140, 44), "Back")
        self._label_buttons()

    def _label_buttons(self):
        for option, button in zip(OPTIONS, self.buttons):
            button.label = self.shown(option)
            button.marked = button is self.buttons[self.selected]

    def shown(self, option):
        return option.shown(self.app.settings[option.key])

    def change(self, option, step=1):
        """The next (or previous) choice of an option: applied now, kept for the next start."""
        self.app.settings.cycle(option.key, step)
        self._label_buttons()

    def handle(self, event):
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.go_back()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.selected = (self.selected + (1 if event.key == pygame.K_DOWN else -1)) % len(OPTIONS)
                self._label_buttons()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE):
                self.change(OPTIONS[self.selected], -1 if event.key == pygame.K_LEFT else 1)
            return
        for n, (option, button) in enumerate(zip(OPTIONS, self.buttons)):
            if button.handle(event):
                self.selected = n
                self.change(option)
                return
        if self.back.handle(event):
            self.go_back()

    def go_back(self):
        self.app.show("menu")

    @property
    def atlas(self):
        return self.app.atlases.at(2)  # the current theme's, which the player may switch

    def draw(self, surface):
        self._label_buttons()  # a setting may have changed elsewhere (M mutes in a game)
        draw_title(surface, self.atlas, "Settings")
        for n, (option, button) in enumerate(zip(OPTIONS, self.buttons)):
            y = TOP + n * ROW_H
            widgets.text(
                surface, option.label, (22, y + (3 if option.note else 10)), 21, theme.current().text, bold=True
            )
            if option.note:
                widgets.text(surface, option.note, (22, y + 24), 16, theme.current().dim_text)
            button.draw(surface)
        notice = getattr(self.app.sounds, "notice", None)
        if notice and not self.app.sounds.muted:
            widgets.text(surface, notice[:60], (24, self.window_size[1] - 88), 16, theme.current().error_text)
        self.back.draw(surface)
