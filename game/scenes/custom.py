"""The custom board form: rows, columns and mines, typed or stepped with +/-, checked as you type."""

import pygame

from game import config
from game.model.category import size_text
from game.model.rules import SAFE_AROUND_FIRST_CLICK
from game.scene import FormScene
from game.view import theme, widgets
from game.view.title import draw_title

FIELDS = ("rows", "cols", "mines")
LABELS = {"rows": "Rows", "cols": "Columns", "mines": "Mines"}


def is_number(text):
    """Plain digits 0-9 only: str.isdigit also takes superscripts and other scripts' digits, which int() refuses."""
    return text.isascii() and text.isdigit()


def check_custom(texts):
    """Validate the form's three texts: returns ({field: message}, (rows, cols, mines) or None).

    Sizes run from 5 to 100; mines from 1 to rows x cols - 9, so the first click can always open a
    3x3 region. Nothing is clamped: a bad value gets a message saying what would be right.
    """
    low, high = config.CUSTOM_MIN_SIDE, config.CUSTOM_MAX_SIDE
    errors, values = {}, {}
    for field in ("rows", "cols"):
        text = texts[field].strip()
        name = LABELS[field].lower()
        if not text:
            errors[field] = f"Enter the number of {name}."
        elif not is_number(text):
            errors[field] = f"Use digits only: {low} to {high} {name}."
        elif not low <= int(text) <= high:
            errors[field] = f"{LABELS[field]} must be {low} to {high}."
        else:
            values[field] = int(text)
    text = texts["mines"].strip()
    most = values["rows"] * values["cols"] - SAFE_AROUND_FIRST_CLICK if len(values) == 2 else None
    if not text:
        errors["mines"] = "Enter the number of mines."
    elif not is_number(text):
        errors["mines"] = "Use digits only." if most is None else f"Use digits only: 1 to {most} mines."
    elif int(text) < 1:
        errors["mines"] = "At least 1 mine."
    elif most is not None and int(text) > most:
        errors["mines"] = f"At most {most} mines on {size_text(values['rows'], values['cols'])}."
    else:
        values["mines"] = int(text)
    if errors:
        return errors, None
    return {}, (values["rows"], values["cols"], values["mines"])


class CustomScene(FormScene):
    def __init__(self, app):
        super().__init__(app)
        rows, cols, mines = app.settings["custom"]
        self.fields, self.minus, self.plus = {}, {}, {}
        y = 120
        for field, value in zip(FIELDS, (rows, cols, mines)):
            self.fields[field] = widgets.TextField((170, y, 100, 40), value)
            self.minus[field] = widgets.Button((124, y, 40, 40), "-", size=30)
            self.plus[field] = widgets.Button((276, y, 40, 40), "+", size=30)
            y += 96
        self.fields["rows"].focused = True
        self.start = widgets.Button((70, 430, 140, 46), "Start", size=28)
        self.back = widgets.Button((230, 430, 140, 46), "Back", size=28)
        self.errors, self.values = check_custom(self.texts())

    def texts(self):
        return {field: box.value for field, box in self.fields.items()}

    def handle_form(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self._focus_next(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return
        for field in FIELDS:
            self.fields[field].handle(event)
            if self.minus[field].handle(event):
                self._step(field, -1)
            elif self.plus[field].handle(event):
                self._step(field, +1)
        self.errors, self.values = check_custom(self.texts())
        self.start.enabled = self.values is not None
        if self.start.handle(event):
            self.try_start()
        elif self.back.handle(event):
            self.app.show("menu")

    def _step(self, field, delta):
        box = self.fields[field]
        text = box.value.strip()
        if is_number(text):
            box.value = str(max(0, int(text) + delta))
        else:
            box.value = str(config.CUSTOM_MIN_SIDE if field != "mines" else 1)

    def _focus_next(self, direction):
        current = next((i for i, f in enumerate(FIELDS) if self.fields[f].focused), -1)
        for f in FIELDS:
            self.fields[f].focused = False
        self.fields[FIELDS[(current + direction) % len(FIELDS)]].focused = True

    def try_start(self):
        """Start the game the form describes (asking first if it would replace the saved game); the size is
        kept for the next time the form opens."""
        self.errors, self.values = check_custom(self.texts())
        if self.values is None:
            return
        rows, cols, mines = self.values

        def start():
            self.app.settings.change("custom", (rows, cols, mines))
            self.app.settings.change("difficulty", "custom")
            self.app.show("playing", session=self.app.dealer.new(rows, cols, mines))

        self.app.replace_saved_then(start)

    @property
    def atlas(self):
        return self.app.atlases.at(2)  # the current theme's, which the player may switch

    def draw(self, surface):
        draw_title(
            surface,
            self.atlas,
            "Custom board",
            f"Sides {config.CUSTOM_MIN_SIDE} to {config.CUSTOM_MAX_SIDE}; mines up to cells - 9",
        )
        for field in FIELDS:
            box = self.fields[field]
            widgets.text(surface, LABELS[field], (box.rect.centerx, box.rect.y - 8), 24, anchor="midbottom", bold=True)
            box.draw(surface, invalid=field in self.errors)
            self.minus[field].draw(surface)
            self.plus[field].draw(surface)
            if field in self.errors:
                widgets.text(
                    surface,
                    self.errors[field],
                    (self.window_size[0] // 2, box.rect.bottom + 6),
                    21,
                    theme.current().error_text,
                    anchor="midtop",
                )
        self.start.enabled = self.values is not None
        if self.values:
            rows, cols, mines = self.values
            density = 100 * mines / (rows * cols)
            widgets.text(
                surface,
                f"{size_text(rows, cols)} board, {mines} mines ({density:.0f}% density)",
                (self.window_size[0] // 2, 400),
                22,
                theme.current().dim_text,
                anchor="center",
            )
        self.start.draw(surface)
        self.back.draw(surface)
