"""Learn: the path of lessons (each done one ticked off, the next one marked) and the pattern drill."""

import pygame

from game.language import _, ngettext
from game.learn import lessons as lesson_data
from game.view import layout, screens, text, theme, widgets
from game.view.focus import FocusRing
from game.view.layout import MARGIN, Row
from game.view.scale import px
from game.view.scene import Context, Scene
from game.view.title import draw_title, title_bottom
from game.view.typeface import BODY, SMALL, TINY

LESSON_ROW, DRILL_ROW = Row(36, 28, 4, 42), Row(50, 40, 12, 58)
BACK_ROW, NOTE_ROW = Row(40, 32, 8, 44), Row(18, 14, 4, 22)
BUTTON_W, BACK_W = 340, 140


class LearnScene(Scene):
    def __init__(self, context: Context, shown: screens.Learn):
        super().__init__(context)
        self.window_size = layout.menu_window(context.max_window)
        self.lessons = lesson_data.load()
        progress = context.progress
        width, height = self.window_size
        count = len(self.lessons)
        rows = [LESSON_ROW._replace(gap=0)] + [LESSON_ROW] * (count - 1) + [DRILL_ROW, NOTE_ROW, BACK_ROW]
        margin = px(MARGIN)
        places = layout.stack(title_bottom(-4), height - margin // 2, rows, spread=True)
        inner = layout.centred(BUTTON_W, 0, 0, width)
        labels = [
            lesson_label(n + 1, _(lesson.title), progress.is_done(lesson.key)) for n, lesson in enumerate(self.lessons)
        ]
        size = widgets.widest_fit(labels, inner.w - 2 * px(widgets.PAD), size=BODY, smallest=TINY)
        self.lesson_buttons = [
            widgets.Button((inner.x, y, inner.w, h), label, size=size) for label, (y, h) in zip(labels, places)
        ]
        to_do = [b for b, lesson in zip(self.lesson_buttons, self.lessons) if not progress.is_done(lesson.key)]
        upcoming = to_do[0] if to_do else None
        if upcoming is not None:
            upcoming.marked = True
        y, h = places[count]
        self.drill = widgets.Button((inner.x, y, inner.w, h), _("Pattern drill"), progress.drill_summary())
        y, h = places[count + 1]
        self.note = pygame.Rect(margin, y, width - 2 * margin, h)
        y, h = places[count + 2]
        self.back = widgets.Button(layout.centred(BACK_W, y, h, width), _("Back"))
        self.buttons = [*self.lesson_buttons, self.drill, self.back]
        self.focus = FocusRing(self.buttons, start=upcoming or self.drill)
        self.done_count = sum(progress.is_done(lesson.key) for lesson in self.lessons)

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.context.show(screens.Menu())
            return
        if (button := self.focus.pressed(event, self.buttons)) is not None:
            self.press(button)

    def press(self, button: widgets.Button) -> None:
        if button is self.back:
            self.context.show(screens.Menu())
        elif button is self.drill:
            self.context.show(screens.Puzzle(drill=True))
        else:
            self.context.show(screens.Puzzle(lesson=self.lesson_buttons.index(button)))

    def draw(self, surface: pygame.Surface) -> None:
        count = len(self.lessons)
        done = ngettext("{done} of {count} lesson done", "{done} of {count} lessons done", count)
        draw_title(surface, self.context.atlases, _("Learn"), done.format(done=self.done_count, count=count))
        for button in self.buttons:
            button.draw(surface)
        words = _("The drill gives positions from real games, more of what you get wrong.")
        text.draw_fitted(surface, words, self.note, SMALL, theme.current().dim_text, "center", smallest=TINY)


def lesson_label(number: int, title: str, done: bool) -> str:
    """A lesson's button: its number on the path and its title (translated), and whether it is done."""
    if done:
        # TRANSLATORS: a lesson's button on the Learn screen: its number, its title, and that it is done
        return _("{number}. {title}  (done)").format(number=number, title=title)
    # TRANSLATORS: a lesson's button on the Learn screen: its number and its title
    return _("{number}. {title}").format(number=number, title=title)
