"""The menu: resume the saved game, pick a difficulty, a custom size or a board code, see records, help, or quit."""

import pygame

from game import config
from game.model import PRESETS
from game.model.category import mines_text, size_text
from game.scene import Scene
from game.view import theme, widgets
from game.view.title import draw_title

BUTTON_W, BUTTON_H, GAP = 300, 50, 8


class MenuScene(Scene):
    def __init__(self, app, notice=""):
        super().__init__(app)
        self.notices = [notice] if notice else []
        self.notices += app.take_notices()
        self.saved = app.dealer.saved
        x, y = (self.window_size[0] - BUTTON_W) // 2, 96
        self.resume = None
        if self.saved is not None:
            self.resume = widgets.Button((x, y, BUTTON_W, BUTTON_H), "Resume game", self.saved.describe())
            self.resume.marked = True
            y += BUTTON_H + GAP + 6
        self.difficulty_buttons = {}
        for key, preset in PRESETS.items():
            self.difficulty_buttons[key] = widgets.Button(
                (x, y, BUTTON_W, BUTTON_H),
                preset.name,
                f"{size_text(preset.rows, preset.cols)}, {mines_text(preset.mines)}",
            )
            y += BUTTON_H + GAP
        rows, cols, mines = app.settings["custom"]
        self.custom = widgets.Button(
            (x, y, BUTTON_W, BUTTON_H), "Custom", f"last: {size_text(rows, cols)}, {mines_text(mines)}"
        )
        y += BUTTON_H + GAP
        half = (BUTTON_W - GAP) // 2
        size = widgets.fitting_size(("No-guess: off", "Play a code"), half - 12, (22, 21, 20, 19, 18))
        self.no_guess = widgets.Button((x, y, half, 36), self._no_guess_label(), size=size)
        self.play_code = widgets.Button((x + half + GAP, y, half, 36), "Play a code", size=size)
        y += 36 + GAP + 10
        self.records = widgets.Button((x, y, half, 40), "Records", size=23)
        self.settings = widgets.Button((x + half + GAP, y, half, 40), "Settings", size=23)
        y += 40 + GAP
        self.help = widgets.Button((x, y, half, 40), "Help", size=23)
        self.quit = widgets.Button((x + half + GAP, y, half, 40), "Quit", size=23)
        self.buttons = [
            b
            for b in (
                self.resume,
                *self.difficulty_buttons.values(),
                self.custom,
                self.no_guess,
                self.play_code,
                self.records,
                self.settings,
                self.help,
                self.quit,
            )
            if b is not None
        ]
        if self.resume is None:
            last = app.settings["difficulty"]
            (self.difficulty_buttons.get(last) or self.custom).marked = True

    def handle(self, event):
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m:
            self.notices = [n for n in self.notices if not n.startswith("Sound")] + [self.app.toggle_sound()]
            return
        if self.resume is not None and self.resume.handle(event):
            self.resume_game()
            return
        for key, button in self.difficulty_buttons.items():
            if button.handle(event):
                self.start(key)
                return
        if self.custom.handle(event):
            self.app.show("custom")
        elif self.play_code.handle(event):
            self.app.show("code")
        elif self.no_guess.handle(event):
            self.app.settings.change("no_guess", not self.app.settings["no_guess"])
            self.no_guess.label = self._no_guess_label()
        elif self.records.handle(event):
            self.app.show("records")
        elif self.settings.handle(event):
            self.app.show("settings")
        elif self.help.handle(event):
            self.app.show("help")
        elif self.quit.handle(event):
            self.app.quit()

    def notify(self, message):
        self.notices.append(message)
        self.dirty = True

    def _no_guess_label(self):
        return f"No-guess: {'on' if self.app.settings['no_guess'] else 'off'}"

    def start(self, key):
        """A preset game; it replaces the saved game, if any, only after asking."""
        preset = PRESETS[key]

        def start():
            self.app.settings.change("difficulty", key)
            self.app.show("playing", session=self.app.dealer.new(preset.rows, preset.cols, preset.mines))

        self.app.replace_saved_then(start)

    def resume_game(self):
        session = self.app.dealer.resume()
        if session is None:  # it could not be played: the menu says why
            self.app.show("menu")
            return
        self.app.show("playing", session=session)

    @property
    def atlas(self):
        return self.app.atlases.at(2)  # the current theme's, which the player may switch

    def draw(self, surface):
        draw_title(surface, self.atlas, config.TITLE, "Choose a game")
        for button in self.buttons:
            button.draw(surface)
        if self.notices:
            lines = [line for notice in self.notices for line in widgets.wrap(notice, 20, self.window_size[0] - 40)]
            colour = theme.current().error_text
        else:
            lines, colour = ["Left click opens, right click flags."], theme.current().dim_text
        y = self.window_size[1] - 14 - 18 * min(len(lines), 3)
        for line in lines[:3]:
            widgets.text(surface, line, (self.window_size[0] // 2, y), 20, colour, anchor="midtop")
            y += 18
