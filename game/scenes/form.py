"""What the menu's forms (Custom, Play a code) share: typing goes to their fields while they show,
Esc goes back to the menu and Enter starts the game."""

import pygame

from game import config
from game.scenes.base import Scene


class FormScene(Scene):
    window_size = config.MENU_SIZE

    def on_enter(self):
        super().on_enter()
        pygame.key.start_text_input()

    def on_exit(self):
        pygame.key.stop_text_input()

    def handle(self, event):
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go_back()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.try_start()
        else:
            self.handle_form(event)

    def handle_form(self, event):
        """Every other event: the fields and buttons of the form."""

    def try_start(self):
        """Start the game when the form is valid."""

    def go_back(self):
        from game.scenes.menu import MenuScene

        self.app.switch(MenuScene(self.app))
