"""Learn: the path of lessons (each done one ticked off, the next one marked) and the pattern drill."""

import pygame

from game import config
from game.learn import lessons as lesson_data
from game.scene import Scene
from game.view import layout, text, theme, widgets
from game.view.focus import FocusRing
from game.view.layout import MARGIN, TITLE_H, Row
from game.view.title import draw_title
from game.view.typeface import BODY, SMALL, TINY

LESSON_ROW, DRILL_ROW, BACK_ROW, NOTE_ROW = Row(36, 28, 4), Row(50, 40, 12), Row(40, 32, 8), Row(18, 14, 4)
BUTTON_W = 340


class LearnScene(Scene):
    def __init__(self, context):
        super().__init__(context)
        self.window_size = layout.menu_window(context.max_window, config.MENU_SIZE)
        self.lessons = lesson_data.load()
        progress = context.progress
        width, height = self.window_size
        count = len(self.lessons)
        rows = [LESSON_ROW._replace(gap=0)] + [LESSON_ROW] * (count - 1) + [DRILL_ROW, NOTE_ROW, BACK_ROW]
        places = layout.stack(TITLE_H - 4, height - MARGIN // 2, rows)
        column_w = min(BUTTON_W, width - 2 * MARGIN)
        inner = pygame.Rect((width - column_w) // 2, 0, column_w, 0)
        labels = [
            f"{n + 1}. {lesson.title}" + ("  (done)" if progress.is_done(lesson.key) else "")
            for n, lesson in enumerate(self.lessons)
        ]
        size = widgets.widest_fit(labels, inner.w - 2 * widgets.PAD, size=BODY, smallest=TINY)
        self.lesson_buttons = [
            widgets.Button((inner.x, y, inner.w, h), label, size=size) for label, (y, h) in zip(labels, places)
        ]
        to_do = [b for b, lesson in zip(self.lesson_buttons, self.lessons) if not progress.is_done(lesson.key)]
        upcoming = to_do[0] if to_do else None
        if upcoming is not None:
            upcoming.marked = True
        y, h = places[count]
        self.drill = widgets.Button((inner.x, y, inner.w, h), "Pattern drill", progress.drill_summary())
        y, h = places[count + 1]
        self.note = pygame.Rect(MARGIN, y, width - 2 * MARGIN, h)
        y, h = places[count + 2]
        self.back = widgets.Button(((width - 140) // 2, y, 140, h), "Back")
        self.buttons = [*self.lesson_buttons, self.drill, self.back]
        self.focus = FocusRing(self.buttons, start=upcoming or self.drill)
        self.done_count = sum(progress.is_done(lesson.key) for lesson in self.lessons)

    def handle(self, event):
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.context.show("menu")
            return
        if (button := self.focus.pressed(event, self.buttons)) is not None:
            self.press(button)

    def press(self, button):
        if button is self.back:
            self.context.show("menu")
        elif button is self.drill:
            self.context.show("puzzle", drill=True)
        else:
            self.context.show("puzzle", lesson=self.lesson_buttons.index(button))

    def draw(self, surface):
        done = f"{self.done_count} of {len(self.lessons)} lessons done"
        draw_title(surface, self.context.atlases, "Learn", done)
        for button in self.buttons:
            button.draw(surface)
        words = "The drill gives positions from real games, more of what you get wrong."
        text.draw_fitted(surface, words, self.note, SMALL, theme.current().dim_text, "center", smallest=TINY)
