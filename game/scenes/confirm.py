"""A small yes/no dialog drawn over the scene beneath it."""

import pygame

from game.scenes.base import Scene
from game.view import theme, widgets


class ConfirmScene(Scene):
    """Asks a question over `beneath`; "yes" runs its action, "no" goes back to `beneath` (running `on_no`
    first, when given)."""

    def __init__(self, app, beneath, question, detail, yes, no="Cancel", on_no=None):
        super().__init__(app)
        self.beneath = beneath
        self.on_no = on_no
        self.question, self.detail = question, detail
        self.yes_label, self.on_yes = yes
        self.window_size = beneath.window_size
        width = min(340, self.window_size[0] - 16)
        self.rect = pygame.Rect(0, 0, width, 150)
        self.rect.center = (self.window_size[0] // 2, self.window_size[1] // 2)
        half = (width - 36) // 2
        size = widgets.fitting_size((self.yes_label, no), half - 10)
        self.yes = widgets.Button((self.rect.x + 12, self.rect.bottom - 50, half, 38), self.yes_label, size=size)
        self.no = widgets.Button((self.rect.right - 12 - half, self.rect.bottom - 50, half, 38), no, size=size)

    def on_enter(self):
        super().on_enter()
        self.beneath.dirty = True

    def handle(self, event):
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.on_yes()
            return
        if self.yes.handle(event):
            self.on_yes()
        elif self.no.handle(event):
            self.back()

    def back(self):
        if self.on_no is not None:
            self.on_no()
        self.app.switch(self.beneath)

    def draw(self, surface):
        self.beneath.draw_all(surface)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill(theme.current().overlay)
        surface.blit(shade, (0, 0))
        widgets.panel(surface, self.rect, title=self.question)
        y = self.rect.y + 46
        for line in widgets.wrap(self.detail, 22, self.rect.w - 24)[:3]:
            widgets.text(surface, line, (self.rect.centerx, y), 22, anchor="midtop")
            y += 20
        self.yes.draw(surface)
        self.no.draw(surface)
