"""The custom board form: rows, columns and mines, typed or stepped with +/-, checked as you type."""

from collections.abc import Mapping

import pygame

from game import config
from game.language import N_, _, ngettext
from game.model import SAFE_AROUND_FIRST_CLICK, GuessRule, level_of, size_text
from game.settings import BvPair
from game.view import bv_wait, layout, noguess_wait, screens, text, theme, widgets
from game.view.focus import ENTER_KEYS, FocusRing
from game.view.layout import MARGIN, Row
from game.view.scale import px
from game.view.scene import Context, FormScene
from game.view.title import draw_title, title_bottom
from game.view.typeface import BODY, BOLD, HEADING, LARGE, SMALL, TINY

# Width first, as every size reads in the game ("30 x 16": columns x rows), so the form and its summary agree.
FIELDS = ("cols", "rows", "mines")
HEADINGS = {"cols": N_("Width (columns)"), "rows": N_("Height (rows)"), "mines": N_("Mines")}  # `_` where shown
# What each check says of a side, a whole sentence for each (the side named in it): {low} and {high} are 5 and 100.
SIDE_WORDS = {
    "cols": (
        N_("Enter the number of columns."),
        N_("Use digits only: {low} to {high} columns."),
        N_("Columns must be {low} to {high}."),
    ),
    "rows": (
        N_("Enter the number of rows."),
        N_("Use digits only: {low} to {high} rows."),
        N_("Rows must be {low} to {high}."),
    ),
}


def is_number(text: str) -> bool:
    """Plain digits 0-9 only: str.isdigit also takes superscripts and other scripts' digits, which int() refuses."""
    return text.isascii() and text.isdigit()


def check_custom(texts: Mapping[str, str]) -> tuple[dict[str, str], tuple[int, int, int] | None]:
    """Validate the form's three texts: returns ({field: message}, (rows, cols, mines) or None).

    Sizes run from 5 to 100; mines from 1 to rows x cols - 9, so the first click can always open a
    3x3 region. Nothing is clamped: a bad value gets a message saying what would be right.
    """
    low, high = config.CUSTOM_MIN_SIDE, config.CUSTOM_MAX_SIDE
    errors: dict[str, str] = {}
    values: dict[str, int] = {}
    for field in ("cols", "rows"):
        text = texts[field].strip()
        empty, not_digits, out_of_range = SIDE_WORDS[field]
        if not text:
            errors[field] = _(empty)
        elif not is_number(text):
            errors[field] = _(not_digits).format(low=low, high=high)
        elif not low <= int(text) <= high:
            errors[field] = _(out_of_range).format(low=low, high=high)
        else:
            values[field] = int(text)
    text = texts["mines"].strip()
    most = values["rows"] * values["cols"] - SAFE_AROUND_FIRST_CLICK if len(values) == 2 else None
    if not text:
        errors["mines"] = _("Enter the number of mines.")
    elif not is_number(text):
        errors["mines"] = (
            _("Use digits only.")
            if most is None
            else ngettext("Use digits only: 1 to {count} mine.", "Use digits only: 1 to {count} mines.", most).format(
                count=most
            )
        )
    elif int(text) < 1:
        errors["mines"] = _("At least 1 mine.")
    elif most is not None and int(text) > most:
        # TRANSLATORS: {size} is a board's size, like "30 x 16"
        said = ngettext("At most {count} mine on {size}.", "At most {count} mines on {size}.", most)
        errors["mines"] = said.format(count=most, size=size_text(values["rows"], values["cols"]))
    else:
        values["mines"] = int(text)
    if errors:
        return errors, None
    return {}, (values["rows"], values["cols"], values["mines"])


def board_line(rows: int, cols: int, mines: int) -> str:
    """The board the form makes, in words: its size, its mines and their density."""
    density = 100 * mines / (rows * cols)
    # TRANSLATORS: under the Custom form: the board it makes ({size} like "30 x 16"; {density} like "15%")
    return ngettext(
        "{size} board, {count} mine ({density} density)",
        "{size} board, {count} mines ({density} density)",
        mines,
    ).format(size=size_text(rows, cols), count=mines, density=f"{density:.0f}%")


FIELD_W, STEP_W, STEP_GAP = 100, 40, 6  # a field and its - and + buttons
# Each field: its label, the box, its error; then the board it makes, then Start and Back (all of them taller, and
# further apart, in a tall window).
FIELD_ROWS = [Row(22, 18, 6, 26), Row(40, 34, 2, 46), Row(20, 16, 2, 22)] * 3
# ... then its 3BV range (two boxes), the board it makes; with a range or no-guess on, how long such a board takes to
# make (two lines at most); Start and Back
FORM_ROWS = FIELD_ROWS + [Row(34, 28, 4, 42), Row(22, 18, 6, 26), Row(34, 28, 0, 40), Row(46, 38, 6, 52)]
RANGE_W, TO_W = 64, 36  # a 3BV bound's box, and the word between the two


class CustomScene(FormScene):
    def __init__(self, context: Context, shown: screens.Custom):
        super().__init__(context)
        self.window_size = layout.menu_window(context.max_window)
        width, height = self.window_size
        margin = px(MARGIN)
        places = layout.stack(title_bottom(), height - margin, FORM_ROWS, spread=True)
        rows, cols, mines = context.settings["custom"]
        self.fields: dict[str, widgets.TextField] = {}
        self.minus: dict[str, widgets.Button] = {}
        self.plus: dict[str, widgets.Button] = {}
        self.labels: dict[str, pygame.Rect] = {}
        self.error_lines: dict[str, pygame.Rect] = {}
        field_w, step_w, step_gap = px(FIELD_W), px(STEP_W), px(STEP_GAP)
        left = (width - field_w - 2 * (step_w + step_gap)) // 2
        values = {"rows": rows, "cols": cols, "mines": mines}
        for n, field in enumerate(FIELDS):
            value = values[field]
            (label_y, label_h), (y, h), (error_y, error_h) = places[3 * n : 3 * n + 3]
            self.labels[field] = pygame.Rect(margin, label_y, width - 2 * margin, label_h)
            self.fields[field] = widgets.TextField((left + step_w + step_gap, y, field_w, h), value)
            self.minus[field] = widgets.Button((left, y, step_w, h), "-", size=HEADING)
            plus_x = left + step_w + field_w + 2 * step_gap
            self.plus[field] = widgets.Button((plus_x, y, step_w, h), "+", size=HEADING)
            self.error_lines[field] = pygame.Rect(margin, error_y, width - 2 * margin, error_h)
        (range_y, range_h), (size_y, size_h), (wait_y, wait_h), (buttons_y, buttons_h) = places[-4:]
        low, high = context.settings["bbbv_range"].get(level_of(rows, cols, mines) or "custom", (None, None))
        range_w, to_w = px(RANGE_W), px(TO_W)
        right = left + 2 * (step_w + step_gap) + field_w  # under the fields' right edge
        self.range_boxes = (
            widgets.TextField((right - 2 * range_w - to_w, range_y, range_w, range_h), "" if low is None else low),
            widgets.TextField((right - range_w, range_y, range_w, range_h), "" if high is None else high),
        )
        self.range_to = pygame.Rect(right - range_w - to_w, range_y, to_w, range_h)
        self.range_label = pygame.Rect(margin, range_y, self.range_boxes[0].rect.x - margin - px(8), range_h)
        self.size_line = pygame.Rect(margin, size_y, width - 2 * margin, size_h)
        self.wait_box = pygame.Rect(margin, wait_y, width - 2 * margin, wait_h)
        row = layout.centred(300, buttons_y, buttons_h, width)
        self.start, self.back = (
            widgets.Button(rect, label) for rect, label in zip(layout.split(row, 2, 20), (_("Start"), _("Back")))
        )
        first = self.fields[FIELDS[0]]
        first.focused = True
        ring: list[widgets.TextField | widgets.Button] = [
            *self.fields.values(),
            *self.range_boxes,
            self.start,
            self.back,
        ]
        self.focus: FocusRing[widgets.TextField | widgets.Button] = FocusRing(ring, start=first, press_keys=ENTER_KEYS)
        self.focus.focus(first)  # shown from the start: the typing goes where the ring is
        self.errors, self.values = check_custom(self.texts())

    def texts(self) -> dict[str, str]:
        return {field: box.value for field, box in self.fields.items()}

    def bv_range(self) -> tuple[str | None, BvPair | None]:
        """The 3BV range typed: (None, (least, most)) or (what is wrong, None)."""
        return bv_wait.parse_range(self.range_boxes[0].value, self.range_boxes[1].value)

    @property
    def boxes(self) -> list[widgets.TextField]:
        return [*self.fields.values(), *self.range_boxes]

    def handle_form(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT and event.text in "+-" and (typing := self._typing()) is not None:
            self._step(typing, 1 if event.text == "+" else -1)  # + and - step the field being typed in
        elif (pressed := self.focus.handle(event)) is not None:
            self.back_or_start(pressed)
        else:
            for box in self.range_boxes:
                box.handle(event)
            for field in FIELDS:
                self.fields[field].handle(event)
                if self.minus[field].handle(event):
                    self._step(field, -1)
                elif self.plus[field].handle(event):
                    self._step(field, +1)
            if self.start.handle(event):
                self.try_start()
            elif self.back.handle(event):
                self.context.show(screens.Menu())
        for box in self.boxes:  # the ring and the typing go together
            if box.focused and self.focus.current is not box and event.type == pygame.MOUSEBUTTONDOWN:
                self.focus.current = box
        if event.type == pygame.KEYDOWN and isinstance(self.focus.current, widgets.TextField):
            for box in self.boxes:
                box.focused = box is self.focus.current
        self.errors, self.values = check_custom(self.texts())
        self.start.enabled = self.values is not None and self.bv_range()[1] is not None

    def back_or_start(self, pressed: widgets.TextField | widgets.Button) -> None:
        if pressed is self.back:
            self.context.show(screens.Menu())
        else:
            self.try_start()  # Enter in a field starts, as on the Start button

    def _typing(self) -> str | None:
        return next((f for f in FIELDS if self.fields[f].focused), None)

    def _step(self, field: str, delta: int) -> None:
        box = self.fields[field]
        value = box.value.strip()
        if is_number(value):
            box.value = str(max(0, int(value) + delta))
        else:
            box.value = str(config.CUSTOM_MIN_SIDE if field != "mines" else 1)

    def try_start(self) -> None:
        """Start the game the form describes (asking first if it would replace the saved game); the size is
        kept for the next time the form opens."""
        self.errors, self.values = check_custom(self.texts())
        _wrong, bv_range = self.bv_range()
        if self.values is None or bv_range is None:
            return
        rows, cols, mines = self.values

        def start() -> None:
            self.context.settings.change("custom", (rows, cols, mines))
            # the range is the level's when the size is a standard one (the dealer reads it so), else the custom one's
            ranges = dict(self.context.settings["bbbv_range"])
            ranges.pop(level := level_of(rows, cols, mines) or "custom", None)
            if bv_range != (None, None):
                ranges[level] = bv_range
            self.context.settings.change("bbbv_range", ranges)
            self.context.settings.change("difficulty", "custom")
            self.context.show(screens.Playing(session=self.context.dealer.new(rows, cols, mines)))

        self.context.replace_saved_then(start)

    def draw(self, surface: pygame.Surface) -> None:
        look = theme.current()
        low, high = config.CUSTOM_MIN_SIDE, config.CUSTOM_MAX_SIDE
        safe = SAFE_AROUND_FIRST_CLICK
        # TRANSLATORS: the Custom form's subtitle: sides {low} to {high} cells; mines from 1 to all cells but {count}
        subtitle = ngettext(
            "Sides {low} to {high}; mines 1 to all cells but {count}",
            "Sides {low} to {high}; mines 1 to all cells but {count}",
            safe,
        ).format(low=low, high=high, count=safe)
        draw_title(surface, self.context.atlases, _("Custom board"), subtitle)
        for field in FIELDS:
            text.draw_fitted(surface, _(HEADINGS[field]), self.labels[field], LARGE, align="center", weight=BOLD)
            self.fields[field].draw(surface, invalid=field in self.errors)
            self.minus[field].draw(surface)
            self.plus[field].draw(surface)
            if field in self.errors:
                text.draw_fitted(surface, self.errors[field], self.error_lines[field], BODY, look.error_text, "center")
        wrong, bv_range = self.bv_range()
        # TRANSLATORS: the label of the Custom form's two 3BV boxes (a least and a most, either empty)
        text.draw_fitted(surface, _("3BV range"), self.range_label, BODY, align="right", weight=BOLD, smallest=TINY)
        for box in self.range_boxes:
            box.draw(surface, invalid=wrong is not None)
        # TRANSLATORS: between the two boxes of a 3BV range ("150 to 190"): about 4 characters
        text.draw_fitted(surface, _("to"), self.range_to, BODY, align="center")
        self.start.enabled = self.values is not None and bv_range is not None
        if self.values:
            rows, cols, mines = self.values
            line = board_line(rows, cols, mines)
            text.draw_fitted(surface, line, self.size_line, BODY, look.dim_text, "center")
            words, colour = self._wait_words(rows, cols, mines, wrong, bv_range), look.error_text
            if words:
                text.draw_paragraph(surface, words, self.wait_box, SMALL, colour, "center", smallest=TINY)
        self.start.draw(surface)
        self.back.draw(surface)

    def _wait_words(self, rows: int, cols: int, mines: int, wrong: str | None, bv_range: BvPair | None) -> str:
        """What the wait for the board will be like: what is wrong with the range, how long a board in it takes
        (a range takes the place of no-guess), or with no-guess on, how long that takes."""
        if wrong is not None:
            return wrong
        if bv_range is not None and bv_range != (None, None):
            words = bv_wait.advice(level_of(rows, cols, mines) or "custom", *bv_range)
            if GuessRule.of(self.context.settings["no_guess"]) is GuessRule.NO_GUESS:
                # TRANSLATORS: after what a 3BV range's wait is like, on the Custom form, when no-guess is on
                words += " " + _("Boards by 3BV are not no-guess.")
            return words
        return (
            noguess_wait.advice(rows, cols, mines)
            if GuessRule.of(self.context.settings["no_guess"]) is GuessRule.NO_GUESS
            else ""
        )
