"""The menu: resume the saved game, pick a difficulty, a custom size or a board code, see records, help, or quit."""

import pygame

from game import config
from game.model import PRESETS, Board
from game.scenes.base import Scene
from game.view import theme, widgets
from game.view.sheet import Tile

BUTTON_W, BUTTON_H, GAP = 300, 50, 8


def draw_title(surface, atlas, title, subtitle=""):
    """The title block shared by the menu screens: a mine, the title and a subtitle."""
    width = surface.get_width()
    widgets.bevel(surface, surface.get_rect(), raised=True, width=3)
    mine = atlas.tiles[Tile.MINE].subsurface(
        (atlas.scale, atlas.scale, atlas.tile_size - atlas.scale, atlas.tile_size - atlas.scale)
    )  # without the grid line
    widgets.text(surface, title, (width // 2 + 20, 44), 46, anchor="center", bold=True)
    title_w = widgets.font(46, True).size(title)[0]
    surface.blit(mine, mine.get_rect(center=(width // 2 + 20 - title_w // 2 - 26, 44)))
    if subtitle:
        widgets.text(surface, subtitle, (width // 2, 76), 22, theme.current().dim_text, anchor="center")


class MenuScene(Scene):
    window_size = config.MENU_SIZE

    def __init__(self, app, notice=""):
        super().__init__(app)
        self.notices = [notice] if notice else []
        self.notices += app.take_notices()
        self.saved = app.store.load_resume()
        self.notices += app.take_notices()  # a saved game that could not be read says so
        x, y = (self.window_size[0] - BUTTON_W) // 2, 96
        self.resume = None
        if self.saved is not None:
            self.resume = widgets.Button((x, y, BUTTON_W, BUTTON_H), "Resume game", self.saved.describe())
            self.resume.marked = True
            y += BUTTON_H + GAP + 6
        self.difficulty_buttons = {}
        for key, preset in PRESETS.items():
            self.difficulty_buttons[key] = widgets.Button(
                (x, y, BUTTON_W, BUTTON_H), preset.name, f"{preset.cols} x {preset.rows}, {preset.mines} mines"
            )
            y += BUTTON_H + GAP
        rows, cols, mines = app.settings["custom"]
        self.custom = widgets.Button((x, y, BUTTON_W, BUTTON_H), "Custom", f"last: {cols} x {rows}, {mines} mines")
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
            from game.scenes.custom import CustomScene

            self.ask_before_discarding(lambda: self.app.switch(CustomScene(self.app)))
        elif self.play_code.handle(event):
            from game.scenes.code_entry import CodeEntryScene

            self.ask_before_discarding(lambda: self.app.switch(CodeEntryScene(self.app)))
        elif self.no_guess.handle(event):
            self.app.remember(no_guess=not self.app.settings["no_guess"])
            self.no_guess.label = self._no_guess_label()
        elif self.records.handle(event):
            from game.scenes.records import RecordsScene

            self.app.switch(RecordsScene(self.app))
        elif self.settings.handle(event):
            from game.scenes.settings import SettingsScene

            self.app.switch(SettingsScene(self.app))
        elif self.help.handle(event):
            from game.scenes.help import HelpScene

            self.app.switch(HelpScene(self.app))
        elif self.quit.handle(event):
            self.app.quit()

    def notify(self, message):
        self.notices.append(message)
        self.dirty = True

    def _no_guess_label(self):
        return f"No-guess: {'on' if self.app.settings['no_guess'] else 'off'}"

    def ask_before_discarding(self, then):
        """Starting another game discards the saved one: ask first."""
        if self.saved is None:
            then()
            return
        from game.scenes.confirm import ConfirmScene

        def discard():
            self.app.store.clear_resume()
            then()

        self.app.switch(
            ConfirmScene(
                self.app,
                self,
                "Discard the saved game?",
                f"Your saved game ({self.saved.describe()}) will be lost.",
                yes=("Discard", discard),
                no="Keep it",
            )
        )

    def start(self, key):
        from game.scenes.playing import GameSpec, PlayingScene

        def start():
            self.app.remember(difficulty=key)
            self.app.switch(PlayingScene(self.app, GameSpec.preset(key)))

        self.ask_before_discarding(start)

    def resume_game(self):
        from game.scenes.playing import PlayingScene

        saved = self.saved
        try:
            playing = PlayingScene.resumed(self.app, Board.from_dict(saved.board), saved)
        except (ValueError, TypeError, KeyError) as error:
            self.app.store.discard_resume(f"it was not a valid game ({error})")
            self.app.switch(MenuScene(self.app))
            return
        self.app.switch(playing)

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
