"""Settings: every option in one place, and the player's name (a text field); each change applies at once and is
kept for the next start."""

import pygame

from game import config
from game.scene import Scene
from game.settings import BY_KEY, LISTED, MAX_PLAYER_CHARS, clean_player
from game.view import layout, text, theme, widgets
from game.view.focus import FocusRing
from game.view.layout import MARGIN, TITLE_H, Row
from game.view.title import draw_title
from game.view.typeface import BODY, BOLD, SMALL, TINY

OPTIONS = LISTED
CHOICE_W = 170  # the button showing an option's value
OPTION_ROW, NOTICE_ROW, BACK_ROW = Row(44, 34, 6), Row(18, 14, 6), Row(44, 36, 10)
NAME = BY_KEY["player"]  # the setting the text field keeps
NAME_LABEL_W = 150  # the name's label and note, left of its field


class SettingsScene(Scene):
    def __init__(self, context):
        super().__init__(context)
        self.window_size = layout.menu_window(context.max_window, config.MENU_SIZE)
        width, height = self.window_size
        rows = [OPTION_ROW] * (len(OPTIONS) + 1) + [NOTICE_ROW, BACK_ROW]
        places = layout.stack(TITLE_H - 6, height - MARGIN // 2, rows)
        choice_w = min(CHOICE_W, (width - 2 * MARGIN) // 2)
        self.rows = [pygame.Rect(MARGIN, y, width - 2 * MARGIN, h) for y, h in places[: len(OPTIONS)]]
        self.buttons = [
            widgets.Button((row.right - choice_w, row.y + 2, choice_w, row.h - 4), "", size=BODY) for row in self.rows
        ]
        name_y, name_h = places[len(OPTIONS)]
        self.name_row = pygame.Rect(MARGIN, name_y, width - 2 * MARGIN, name_h)
        field_w = max(choice_w, self.name_row.w - NAME_LABEL_W)
        field = (self.name_row.right - field_w, name_y + 2, field_w, name_h - 4)
        self.name_field = widgets.TextField(field, context.settings["player"], max_chars=MAX_PLAYER_CHARS)
        notice_y, notice_h = places[-2]
        self.notice_line = pygame.Rect(MARGIN, notice_y, width - 2 * MARGIN, notice_h)
        back_y, back_h = places[-1]
        self.back = widgets.Button(((width - 140) // 2, back_y, 140, back_h), "Back")
        # Up and Down move the ring, Left and Right change the option it is on; on the name, keys type
        self.focus = FocusRing([*self.buttons, self.name_field, self.back], arrows=False)
        self.focus.focus(self.buttons[0])  # the ring shows from the start: the keys edit what it is on
        self.typing = False  # text input is on (the ring is on the name)
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
        if not self._name(event):
            self._option(event)
        on_name = self.focus.current is self.name_field
        self.name_field.focused = on_name  # a click on an option takes the ring, and the typing, away
        self._typing(on_name)

    def _option(self, event):
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

    # --- the player's name ------------------------------------------------------------------------------

    PASSED_ON = (pygame.K_ESCAPE, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER)

    def _name(self, event):
        """The name's field: a click in it, and, while the ring is on it, typing and its keys (all but those
        that move the ring or leave). True when the event was the field's."""
        field = self.name_field
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and field.rect.collidepoint(event.pos):
            self.focus.focus(field)
            self._typing(True)
            return True
        if self.focus.current is not field:
            return False
        if event.type == pygame.TEXTINPUT or (event.type == pygame.KEYDOWN and event.key not in self.PASSED_ON):
            if field.handle(event):
                self._keep_name()
            return True
        return False

    def _typing(self, typing):
        """Text input on while the ring is on the name (an input method, an on-screen keyboard), else off."""
        if typing != self.typing:
            self.typing = typing
            (pygame.key.start_text_input if typing else pygame.key.stop_text_input)()

    def _keep_name(self):
        """The name as typed, cleaned as a video file takes it, applied and kept (each change, like any option)."""
        name = clean_player(self.name_field.value)
        if name != self.context.settings["player"]:
            self.context.settings.change("player", name)

    def on_exit(self):
        self._typing(False)

    def press(self, button):
        if button is self.back:
            self.context.show("menu")
        elif button is self.name_field:
            self._keep_name()  # Enter on the name: it is kept as it is typed anyway
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
        self._draw_name(surface)
        notice = getattr(self.context.sounds, "notice", None)
        if notice and not self.context.sounds.muted:
            text.draw_fitted(surface, notice, self.notice_line, SMALL, look.error_text, smallest=TINY)
        self.back.draw(surface)

    def _draw_name(self, surface):
        look, row, field = theme.current(), self.name_row, self.name_field
        words = pygame.Rect(row.x, row.y, field.rect.x - row.x - 10, row.h)
        label, note = pygame.Rect(words.x, words.y, words.w, words.h * 3 // 5), words.copy()
        note.top, note.h = label.bottom - 2, words.h - label.h + 2
        text.draw_fitted(surface, NAME.label, label, BODY, weight=BOLD, smallest=TINY)
        text.draw_fitted(surface, NAME.note, note, TINY, look.dim_text, smallest=TINY)
        field.draw(surface)
