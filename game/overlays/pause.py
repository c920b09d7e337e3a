"""The pause: the scene beneath hides its board while its game is paused; this overlay waits for the click or
key that ends the pause, and keeps that click from playing on the board."""

import pygame

from game.scene import Overlay


class PauseOverlay(Overlay):
    def __init__(self, context):
        super().__init__(context)
        self._pressed = False

    def handle(self, event):
        if event.type == pygame.KEYDOWN:
            self.finish()
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed = True
        elif event.type == pygame.MOUSEBUTTONUP and self._pressed:
            self.finish()  # on the release, so the click that resumes plays nothing
        return True
