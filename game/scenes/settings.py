"""Settings: every option in one place; each change applies at once and is kept for the next start."""

import pygame

from game.model.rules.category import size_text
from game.scene import Scene
from game.settings import LISTED
from game.view import layout, noguess_wait, scale, text, theme, widgets
from game.view.focus import FocusRing
from game.view.layout import MARGIN, Row
from game.view.scale import px
from game.view.title import draw_title, title_bottom
from game.view.typeface import BODY, BOLD, SMALL, TINY

OPTIONS = LISTED
CHOICE_W = 170  # the button showing an option's value
OPTION_ROW, NOTICE_ROW, BACK_ROW = Row(44, 34, 6, 50), Row(34, 32, 4, 40), Row(44, 36, 10)  # notices: two lines
BACK_W = 140


class SettingsScene(Scene):
    def __init__(self, context):
        super().__init__(context)
        self.buttons = [widgets.Button((0, 0, 0, 0), "", size=BODY) for _ in OPTIONS]
        self.back = widgets.Button((0, 0, 0, 0), "Back")
        self._lay_out()
        # Up and Down move the ring, Left and Right change the option it is on
        self.focus = FocusRing([*self.buttons, self.back], arrows=False)
        self.focus.focus(self.buttons[0])  # the ring shows from the start: the keys edit what it is on
        self._label_buttons()

    def _lay_out(self):
        """Place the rows and buttons in a window the size of a menu screen (at the interface's size now)."""
        self.window_size = layout.menu_window(self.context.max_window)
        width, height = self.window_size
        margin = px(MARGIN)
        rows = [OPTION_ROW] * len(OPTIONS) + [NOTICE_ROW, BACK_ROW]
        places = layout.stack(title_bottom(-6), height - margin // 2, rows, spread=True)
        choice_w = min(px(CHOICE_W), (width - 2 * margin) // 2)
        self.rows = [pygame.Rect(margin, y, width - 2 * margin, h) for y, h in places[: len(OPTIONS)]]
        for row, button in zip(self.rows, self.buttons):
            button.rect = pygame.Rect(row.right - choice_w, row.y + px(2), choice_w, row.h - px(4))
        notice_y, notice_h = places[-2]
        self.notice_line = pygame.Rect(margin, notice_y, width - 2 * margin, notice_h)
        back_y, back_h = places[-1]
        self.back.rect = layout.centred(BACK_W, back_y, back_h, width)

    def rescaled(self):
        """The Interface size option was changed here: this screen takes the new size at once."""
        self._lay_out()
        self.context.fit_window(self)
        self.invalidate()

    @property
    def selected(self):
        """The option the keyboard is on (its index), or None on Back."""
        current = self.focus.current
        return self.buttons.index(current) if current in self.buttons else None

    def _label_buttons(self):
        for option, button in zip(OPTIONS, self.buttons):
            button.label = self._shown(option, self.context.settings[option.key])

    def _shown(self, option, value):
        """An option's value in words; the sizes as they come out on this screen (the zoom's cells are scaled
        with the interface, and Auto is whatever this screen makes it)."""
        if option.key == "interface":
            return scale.label(value, self.context.desktop_size)
        if option.key == "tile":
            return f"{scale.px(value)} px"
        return option.shown(value)

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
            words = pygame.Rect(row.x, row.y, button.rect.x - row.x - px(10), row.h)
            if option.note:
                label, note = pygame.Rect(words.x, words.y, words.w, words.h * 3 // 5), words.copy()
                note.top, note.h = label.bottom - px(2), words.h - label.h + px(2)
                text.draw_fitted(surface, option.label, label, BODY, weight=BOLD)
                text.draw_fitted(surface, option.note, note, TINY, look.dim_text, smallest=TINY)
            else:
                text.draw_fitted(surface, option.label, words, BODY, weight=BOLD)
            button.draw(surface)
        notices = [self._no_guess_wait()]
        sound = getattr(self.context.sounds, "notice", None)
        if sound and not self.context.sounds.muted:
            notices.append(sound)
        if notice := " ".join(filter(None, notices)):
            text.draw_paragraph(surface, notice, self.notice_line, SMALL, look.error_text, smallest=TINY)
        self.back.draw(surface)

    def _no_guess_wait(self):
        """With no-guess on, what waiting for the custom board will be like, when it is worth a word (the
        presets are made at once); said here, before any first click."""
        settings = self.context.settings
        if not settings["no_guess"]:
            return ""
        rows, cols, mines = settings["custom"]
        words = noguess_wait.advice(rows, cols, mines, short=True)
        return f"No-guess custom {size_text(rows, cols)}, {mines} mines: {words}." if words else ""
