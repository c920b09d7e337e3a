"""Help: the rules and the controls, on one page."""
import pygame

from game import config
from game.scenes.base import Scene
from game.scenes.menu import draw_title
from game.view import widgets

RULES = [
    "Open every safe cell without opening a mine.",
    "A number tells how many of the 8 cells around it hide mines.",
    "A cell with no mines around opens its whole area at once.",
    "Your first click is never a mine: it opens an area.",
    "Flag the cells you know are mines: a flagged cell cannot be opened by mistake.",
]

CONTROLS = [
    ("Left click", "open a cell"),
    ("Right click", "flag or unflag a cell"),
    ("Chord", "both buttons, the middle button, or a left click on a number whose flags are all placed: "
              "opens the rest of its neighbours"),
    ("Face or F2", "new game of the same size"),
    ("Esc", "back to the menu (the game stays saved)"),
    ("Scroll", "mouse wheel (Shift+wheel sideways) or drag with the middle button, on a board larger "
               "than the window"),
]


class HelpScene(Scene):
    window_size = config.MENU_SIZE

    def __init__(self, app):
        super().__init__(app)
        self.atlas = app.atlases.at(2)
        self.back = widgets.Button((self.window_size[0] // 2 - 70, self.window_size[1] - 62, 140, 44), "Back")

    def handle(self, event):
        self.dirty = True
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN)) \
                or self.back.handle(event):
            from game.scenes.menu import MenuScene
            self.app.switch(MenuScene(self.app))

    def draw(self, surface):
        draw_title(surface, self.atlas, "How to play")
        width = self.window_size[0]
        y = 100
        widgets.text(surface, "Rules", (24, y), 26, config.ACCENT, bold=True)
        y += 26
        for rule in RULES:
            for i, line in enumerate(widgets.wrap(rule, 21, width - 60)):
                widgets.text(surface, ("- " if i == 0 else "  ") + line, (28, y), 21)
                y += 19
            y += 3
        y += 10
        widgets.text(surface, "Mouse and keys", (24, y), 26, config.ACCENT, bold=True)
        y += 28
        for key, action in CONTROLS:
            widgets.text(surface, key, (28, y), 21, bold=True)
            for line in widgets.wrap(action, 21, width - 160):
                widgets.text(surface, line, (136, y), 21)
                y += 19
            y += 3
        self.back.draw(surface)
