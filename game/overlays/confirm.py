"""A yes/no question over the scene beneath. The safe answer is the default: Enter and Esc mean "no"; the
other answer takes a click on its button or its own key, named under the buttons."""

import pygame

from game.scene import Overlay
from game.view import theme, widgets

WIDTH, TEXT_SIZE, LINE_H, TOP, BUTTON_H, KEYS_H = 340, 20, 20, 42, 38, 24


class ConfirmOverlay(Overlay):
    def __init__(self, app, question, detail, yes, no="Cancel"):
        super().__init__(app)
        self.question, self.detail = question, detail
        self.yes_key = getattr(pygame, f"K_{yes[0].lower()}", None)
        w, h = self.window_size
        width = min(WIDTH, w - 16)
        self.lines = widgets.wrap(detail, TEXT_SIZE, width - 24)[:4]
        height = TOP + LINE_H * len(self.lines) + 10 + BUTTON_H + KEYS_H
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (w // 2, h // 2)
        half = (width - 36) // 2
        size = widgets.fitting_size((yes, no), half - 10)
        top = self.rect.bottom - KEYS_H - BUTTON_H
        self.yes = widgets.Button((self.rect.x + 12, top, half, 38), yes, size=size)
        self.no = widgets.Button((self.rect.right - 12 - half, top, half, 38), no, size=size)
        self.no.marked = True  # the default
        self.keys_line = f"Enter or Esc: {no}  ·  {yes[0].upper()}: {yes}"

    def handle(self, event):
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.finish(False)
            elif event.key == self.yes_key:
                self.finish(True)
        elif self.yes.handle(event):
            self.finish(True)
        elif self.no.handle(event):
            self.finish(False)
        return True

    def draw(self, surface):
        look = theme.current()
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill(look.overlay)
        surface.blit(shade, (0, 0))
        widgets.panel(surface, self.rect, title=self.question)
        y = self.rect.y + TOP
        for line in self.lines:
            widgets.text(surface, line, (self.rect.centerx, y), TEXT_SIZE, anchor="midtop")
            y += LINE_H
        self.yes.draw(surface)
        self.no.draw(surface)
        widgets.text(
            surface,
            self.keys_line,
            (self.rect.centerx, self.rect.bottom - KEYS_H + 4),
            16,
            look.dim_text,
            anchor="midtop",
        )
