"""Boards by 3BV: a range (a least and a most 3BV, either left empty) for each level, under which only boards in it
are dealt; each level says how long its range takes to deal, from measured figures. Opened from Settings; Done
keeps the ranges, Esc leaves them as they were."""

import pygame

from game.language import _
from game.model import PRESETS, size_text
from game.settings import LEVELS_WITH_RANGE, BvPair
from game.view import bv_wait, layout, screens, text, theme, widgets
from game.view.focus import ENTER_KEYS, FocusRing
from game.view.layout import MARGIN, Row
from game.view.scale import px
from game.view.scene import Context, FormScene
from game.view.title import draw_title, title_bottom
from game.view.typeface import BODY, BOLD, SMALL, TINY

FIELD_W, TO_W = 76, 40  # a bound's box, and the word between the two
# Each level: its name and its two boxes, then what its range comes to (two lines at most); then a line for what is
# wrong, and Done and Back.
LEVEL_ROWS = [Row(36, 28, 6, 44), Row(30, 22, 0, 36)] * len(LEVELS_WITH_RANGE)
FORM_ROWS = LEVEL_ROWS + [Row(22, 18, 4, 26), Row(44, 36, 6, 52)]


def level_name(level: str, custom: tuple[int, int, int]) -> str:
    """A level's name on the form; the custom board's with its size, as the Custom form keeps it."""
    if level in PRESETS:
        return _(PRESETS[level].name)
    rows, cols, _mines = custom
    # TRANSLATORS: the custom board's row on the Boards by 3BV form; {size} is like "20 x 20"
    return _("Custom ({size})").format(size=size_text(rows, cols))


class BvRangesScene(FormScene):
    def __init__(self, context: Context, shown: screens.BvRanges):
        super().__init__(context)
        self.window_size = layout.menu_window(context.max_window)
        width, height = self.window_size
        margin = px(MARGIN)
        places = layout.stack(title_bottom(), height - margin, FORM_ROWS, spread=True)
        ranges = context.settings["bbbv_range"]
        field_w, to_w = px(FIELD_W), px(TO_W)
        self.labels: dict[str, pygame.Rect] = {}
        self.to_words: dict[str, pygame.Rect] = {}
        self.advice_lines: dict[str, pygame.Rect] = {}
        self.boxes: dict[str, tuple[widgets.TextField, widgets.TextField]] = {}
        for n, level in enumerate(LEVELS_WITH_RANGE):
            (y, h), (advice_y, advice_h) = places[2 * n : 2 * n + 2]
            low, high = ranges.get(level, (None, None))
            right = width - margin
            high_box = widgets.TextField((right - field_w, y, field_w, h), "" if high is None else high)
            self.to_words[level] = pygame.Rect(right - field_w - to_w, y, to_w, h)
            low_box = widgets.TextField((right - 2 * field_w - to_w, y, field_w, h), "" if low is None else low)
            self.boxes[level] = (low_box, high_box)
            self.labels[level] = pygame.Rect(margin, y, low_box.rect.x - margin - px(8), h)
            self.advice_lines[level] = pygame.Rect(margin, advice_y, width - 2 * margin, advice_h)
        (error_y, error_h), (buttons_y, buttons_h) = places[-2:]
        self.error_line = pygame.Rect(margin, error_y, width - 2 * margin, error_h)
        row = layout.centred(300, buttons_y, buttons_h, width)
        # TRANSLATORS: the button that keeps the 3BV ranges typed on the Boards by 3BV form
        self.done, self.back = (
            widgets.Button(rect, label) for rect, label in zip(layout.split(row, 2, 20), (_("Done"), _("Back")))
        )
        fields = [box for pair in self.boxes.values() for box in pair]
        fields[0].focused = True
        ring: list[widgets.TextField | widgets.Button] = [*fields, self.done, self.back]
        self.focus: FocusRing[widgets.TextField | widgets.Button] = FocusRing(
            ring, start=fields[0], press_keys=ENTER_KEYS
        )
        self.focus.focus(fields[0])
        self.errors, self.ranges = self.check()

    def check(self) -> tuple[dict[str, str], dict[str, BvPair] | None]:
        """What is wrong with each level's boxes, and the ranges they make (None while anything is wrong)."""
        errors: dict[str, str] = {}
        ranges: dict[str, BvPair] = {}
        for level, (low, high) in self.boxes.items():
            wrong, pair = bv_wait.parse_range(low.value, high.value)
            if wrong is not None or pair is None:
                errors[level] = wrong or ""
            elif pair != (None, None):
                ranges[level] = pair
        return errors, None if errors else ranges

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.context.show(screens.Settings())  # where it was opened from: the ranges as they were
        else:
            self.handle_form(event)

    def handle_form(self, event: pygame.event.Event) -> None:
        fields = [box for pair in self.boxes.values() for box in pair]
        if (pressed := self.focus.handle(event)) is not None:
            self.press(pressed)
        else:
            for box in fields:
                box.handle(event)
            if self.done.handle(event):
                self.press(self.done)
            elif self.back.handle(event):
                self.press(self.back)
        for box in fields:  # the ring and the typing go together
            if box.focused and self.focus.current is not box and event.type == pygame.MOUSEBUTTONDOWN:
                self.focus.current = box
        if event.type == pygame.KEYDOWN and isinstance(self.focus.current, widgets.TextField):
            for box in fields:
                box.focused = box is self.focus.current
        self.errors, self.ranges = self.check()
        self.done.enabled = self.ranges is not None

    def press(self, pressed: widgets.TextField | widgets.Button) -> None:
        if pressed is self.back:
            self.context.show(screens.Settings())
        else:
            self.try_start()  # Enter in a box keeps the ranges, as Done does

    def try_start(self) -> None:
        """Keep the ranges (when every box is right) and go back to Settings."""
        self.errors, self.ranges = self.check()
        if self.ranges is None:
            return
        self.context.settings.change("bbbv_range", self.ranges)
        self.context.show(screens.Settings())

    def draw(self, surface: pygame.Surface) -> None:
        look = theme.current()
        # TRANSLATORS: the subtitle of the Boards by 3BV form
        draw_title(surface, self.context.atlases, _("Boards by 3BV"), _("Least and most 3BV; empty: no bound"))
        custom = self.context.settings["custom"]
        for level in LEVELS_WITH_RANGE:
            text.draw_fitted(surface, level_name(level, custom), self.labels[level], BODY, weight=BOLD, smallest=TINY)
            low, high = self.boxes[level]
            low.draw(surface, invalid=level in self.errors)
            # TRANSLATORS: between the two boxes of a 3BV range ("150 to 190"): about 4 characters
            text.draw_fitted(surface, _("to"), self.to_words[level], BODY, align="center")
            high.draw(surface, invalid=level in self.errors)
            if level in self.errors:
                words, colour = self.errors[level], look.error_text
            else:
                words, colour = self._advice(level, low.value, high.value), look.dim_text
            text.draw_paragraph(surface, words, self.advice_lines[level], TINY, colour, smallest=TINY)
        if self.ranges is None:
            text.draw_fitted(
                surface, _("Fix the ranges in red to keep them."), self.error_line, SMALL, look.error_text, "center"
            )
        self.done.enabled = self.ranges is not None
        self.done.draw(surface)
        self.back.draw(surface)

    def _advice(self, level: str, low_text: str, high_text: str) -> str:
        _wrong, pair = bv_wait.parse_range(low_text, high_text)
        if pair is None or pair == (None, None):
            # TRANSLATORS: a level with no 3BV range on the Boards by 3BV form
            return _("Any board, as usual.")
        return bv_wait.advice(level, *pair)
