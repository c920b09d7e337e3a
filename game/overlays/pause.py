"""The pause: the scene beneath hides its board while its game is paused; this overlay waits for the click or
key that ends the pause, and keeps that click from playing on the board."""

import pygame

from game.view import screens
from game.view.scene import Context, Overlay


class PauseOverlay(Overlay[None]):
    def __init__(self, context: Context, shown: screens.Pause):
        super().__init__(context)
        self._pressed = False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            self.finish(None)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed = True
        elif event.type == pygame.MOUSEBUTTONUP and self._pressed:
            self.finish(None)  # on the release, so the click that resumes plays nothing
        return True
