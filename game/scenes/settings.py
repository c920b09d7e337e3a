"""Settings: every option in one place; each change applies at once and is kept for the next start."""

import pygame

from game import config
from game.scene import Scene
from game.settings import LISTED
from game.view import layout, text, theme, widgets
from game.view.focus import FocusRing
from game.view.layout import MARGIN, TITLE_H, Row
from game.view.title import draw_title
from game.view.typeface import BODY, BOLD, SMALL, TINY

OPTIONS = LISTED
CHOICE_W = 170  # the button showing an option's value
OPTION_ROW, NOTICE_ROW, BACK_ROW = Row(44, 34, 6), Row(18, 14, 6), Row(44, 36, 10)


class SettingsScene(Scene):
    def __init__(self, context):
        super().__init__(context)
        self.window_size = layout.menu_window(context.max_window, config.MENU_SIZE)
        width, height = self.window_size
        places = layout.stack(TITLE_H - 6, height - MARGIN // 2, [OPTION_ROW] * len(OPTIONS) + [NOTICE_ROW, BACK_ROW])
        choice_w = min(CHOICE_W, (width - 2 * MARGIN) // 2)
        self.rows = [pygame.Rect(MARGIN, y, width - 2 * MARGIN, h) for y, h in places[: len(OPTIONS)]]
        self.buttons = [
            widgets.Button((row.right - choice_w, row.y + 2, choice_w, row.h - 4), "", size=BODY) for row in self.rows
        ]
        notice_y, notice_h = places[-2]
        self.notice_line = pygame.Rect(MARGIN, notice_y, width - 2 * MARGIN, notice_h)
        back_y, back_h = places[-1]
        self.back = widgets.Button(((width - 140) // 2, back_y, 140, back_h), "Back")
        # Up and Down move the ring, Left and Right change the option it is on
        self.focus = FocusRing([*self.buttons, self.back], arrows=False)
        self.focus.focus(self.buttons[0])  # the ring shows from the start: the keys edit what it is on
        self._label_buttons()

    @property
    def selected(self):
        """The option the keyboard is on (its index), or None on Back."""
        current = self.focus.current
        return self.buttons.index(current) if current in self.buttons else None

    def _label_buttons(self):
        for option, button in zip(OPTIONS, self.buttons):
            button.label = option.shown(self.context.settings[option.key])

    def change(self, option, step=1):
        """The next (or previous) choice of an option: applied now, kept for the next start."""
        self.context.settings.cycle(option.key, step)
        self._label_buttons()

    def handle(self, event):
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.context.show("menu")
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.focus.step(1 if event.key == pygame.K_DOWN else -1)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.selected is not None:
                self.focus.focus(self.focus.current)
                self.change(OPTIONS[self.selected], -1 if event.key == pygame.K_LEFT else 1)
            elif (pressed := self.focus.handle(event)) is not None:
                self.press(pressed)
            return
        for button in (*self.buttons, self.back):
            if button.handle(event):
                self.focus.current = button
                self.press(button)
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:  # a right click steps back
            for option, button in zip(OPTIONS, self.buttons):
                if button.rect.collidepoint(event.pos):
                    self.focus.current = button
                    self.change(option, -1)
                    return

    def press(self, button):
        if button is self.back:
            self.context.show("menu")
        else:
            self.change(OPTIONS[self.buttons.index(button)])

    def draw(self, surface):
        look = theme.current()
        self._label_buttons()  # a setting may have changed elsewhere (M mutes in a game)
        draw_title(surface, self.context.atlases, "Settings")
        for option, button, row in zip(OPTIONS, self.buttons, self.rows):
            words = pygame.Rect(row.x, row.y, button.rect.x - row.x - 10, row.h)
            if option.note:
                label, note = pygame.Rect(words.x, words.y, words.w, words.h * 3 // 5), words.copy()
                note.top, note.h = label.bottom - 2, words.h - label.h + 2
                text.draw_fitted(surface, option.label, label, BODY, weight=BOLD)
                text.draw_fitted(surface, option.note, note, TINY, look.dim_text, smallest=TINY)
            else:
                text.draw_fitted(surface, option.label, words, BODY, weight=BOLD)
            button.draw(surface)
        notice = getattr(self.context.sounds, "notice", None)
        if notice and not self.context.sounds.muted:
            text.draw_fitted(surface, notice, self.notice_line, SMALL, look.error_text, smallest=TINY)
        self.back.draw(surface)
