"""Buttons, text fields and panels in the bevelled look. Their text is fitted to them (see text.py).

Colours come from the current theme when drawing (never when a widget is made), so a theme switch shows on
the next full redraw. Widths of lines and insets are base pixels, scaled when drawn (scale.py); a widget's
rectangle is the caller's, already in window pixels.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.names import kept
from game.view import text, theme
from game.view.scale import px
from game.view.typeface import BLACK, BODY, BOLD, HEADING, LARGE, SMALL, TINY

if TYPE_CHECKING:
    from pygame.typing import ColorLike, RectLike

PAD = 8  # between a widget's edge and its text (base pixels, as every size here)
TITLE_BAR_H = 32


def bevel(
    surface: pygame.Surface,
    rect: RectLike,
    raised: bool = True,
    width: int = 2,
    face: ColorLike | None = None,
    scaled: bool = True,
) -> None:
    """A raised (or sunken) bevelled box, the classic Windows look, in the theme's face colour unless given.
    `width` is in base pixels, scaled to the interface (`scaled=False`: window pixels, as the board's frame,
    which follows the board's zoom)."""
    look = theme.current()
    width = max(1, px(width)) if scaled else width
    rect = pygame.Rect(rect)
    surface.fill(face or look.face, rect)
    light, dark = (look.light, look.shadow) if raised else (look.shadow, look.light)
    for i in range(width):
        pygame.draw.line(surface, light, (rect.left + i, rect.top + i), (rect.right - 1 - i, rect.top + i))
        pygame.draw.line(surface, light, (rect.left + i, rect.top + i), (rect.left + i, rect.bottom - 1 - i))
        pygame.draw.line(surface, dark, (rect.left + i, rect.bottom - 1 - i), (rect.right - 1 - i, rect.bottom - 1 - i))
        pygame.draw.line(surface, dark, (rect.right - 1 - i, rect.top + i), (rect.right - 1 - i, rect.bottom - 1 - i))


def panel(surface: pygame.Surface, rect: RectLike, title: str | None = None, title_room: int | None = None) -> None:
    """A raised dialog panel with an optional title bar (its title fitted to `title_room` pixels, or the bar)."""
    look = theme.current()
    rect = pygame.Rect(rect)
    shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
    shadow.fill(look.drop_shadow)
    surface.blit(shadow, rect.move(px(4), px(4)))
    bevel(surface, rect, raised=True, width=2, face=look.panel)
    pygame.draw.rect(surface, look.edge, rect, max(1, px(1)))
    if title:
        inset = px(3)
        bar = pygame.Rect(rect.x + inset, rect.y + inset, rect.w - 2 * inset, px(TITLE_BAR_H))
        surface.fill(look.accent, bar)
        room = pygame.Rect(bar.x + px(10), bar.y, (title_room or bar.w - px(20)), bar.h)
        text.draw_fitted(surface, title, room, LARGE, look.accent_text, weight=BLACK)


def focus_ring(surface: pygame.Surface, rect: RectLike) -> None:
    """The keyboard focus: a ring just outside the widget, in the accent colour."""
    pygame.draw.rect(
        surface, theme.current().accent, pygame.Rect(rect).inflate(px(6), px(6)), px(2), border_radius=px(3)
    )


def pointer_after(event: pygame.event.Event, pointer: tuple[int, int] | None) -> tuple[int, int] | None:
    """Where the pointer is after `event`: where a motion took it, None once it left the window, else where it
    was (a screen that shows what the pointer rests on keeps it so)."""
    if event.type == pygame.MOUSEMOTION:
        return (event.pos[0], event.pos[1])
    if event.type == pygame.WINDOWLEAVE:
        return None
    return pointer


class Button:
    """A bevelled push button: pressed look while held, fires when released over it (or Enter when focused)."""

    def __init__(self, rect: RectLike, label: str, sublabel: str = "", enabled: bool = True, size: int = LARGE) -> None:
        self.rect = pygame.Rect(rect)
        self.label, self.sublabel = label, sublabel
        self.enabled = enabled
        self.size = size
        self.held = False
        self.hovered = False
        self.marked = False  # a highlight, e.g. the last difficulty played
        self.focused = False  # the keyboard's focus ring is on it

    def handle(self, event: pygame.event.Event) -> bool:
        """True when this event completes a click on the button."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.held = self.enabled and self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            fired = self.held and self.enabled and self.rect.collidepoint(event.pos)
            self.held = False
            return fired
        return False

    def draw(self, surface: pygame.Surface) -> None:
        look = theme.current()
        pressed = self.held and self.hovered
        face = look.hover if self.hovered and self.enabled and not pressed else look.face
        bevel(surface, self.rect, raised=not pressed, width=2, face=face)
        if self.marked:  # a notch at the left, in a colour of its own: never taken for the keyboard's ring
            y, x, notch = self.rect.centery, self.rect.x + px(5), px(6)
            pygame.draw.polygon(surface, look.dim_text, [(x, y - notch), (x, y + notch), (x + notch, y)])
        if self.focused:
            focus_ring(surface, self.rect)
        colour = look.text if self.enabled else look.disabled_text
        shift = px(1) if pressed else 0
        inside = self.rect.inflate(-2 * px(PAD), -px(4)).move(shift, shift)
        if self.sublabel:
            top, bottom = inside.copy(), inside.copy()
            top.h = bottom.h = inside.h // 2
            bottom.top = top.bottom
            text.draw_fitted(surface, self.label, top.move(0, px(2)), self.size, colour, "center", BOLD, TINY)
            dim = look.dim_text if self.enabled else look.disabled_text
            text.draw_fitted(surface, self.sublabel, bottom.move(0, -px(1)), SMALL, dim, "center", smallest=TINY)
        else:
            text.draw_fitted(surface, self.label, inside, self.size, colour, "center", BOLD, TINY)


class Buttons:
    """The buttons of a screen whose mouse they share with something else (a board): a click is wholly theirs
    or wholly not, never half of each.

    Each press belongs to whoever it lands on, and its release goes there too, wherever it comes. A press on
    one of them (any mouse button; a disabled one takes it and does nothing) is theirs, and so is its release:
    what shares the mouse with them sees neither (a board that saw only the press would go on believing the
    button held, and read the next right click as a chord; one that saw only the release would read a click
    where it landed). A press off them is not theirs, and neither is its release, even over one. The pointer's
    moves are everyone's: each button follows it for its hover."""

    def __init__(self, buttons: Sequence[Button]) -> None:
        self.buttons = list(buttons)
        self._pressed: set[int] = set()  # the mouse buttons pressed on one of them and not yet released

    def handle(self, event: pygame.event.Event) -> tuple[bool, Button | None]:
        """(whether the event is theirs alone, the button whose click it completed or None)."""
        clicked = None
        for button in self.buttons:
            if button.handle(event):
                clicked = button
        if event.type == pygame.MOUSEBUTTONDOWN and any(b.rect.collidepoint(event.pos) for b in self.buttons):
            self._pressed.add(event.button)
            return True, clicked
        if event.type == pygame.MOUSEBUTTONUP and event.button in self._pressed:
            self._pressed.discard(event.button)
            return True, clicked
        return False, clicked


class TextField:
    """A one-line text box as in any desktop form: entering it (a click, Tab, the focus ring) selects its text,
    so typing replaces it; Ctrl+A selects all; Home and End move the caret; Backspace and Delete erase the
    selection or the character before or after the caret. The owner validates the text."""

    MAX_CHARS = 5

    def __init__(self, rect: RectLike, value: str | int = "", max_chars: int = MAX_CHARS) -> None:
        self.rect = pygame.Rect(rect)
        self.max_chars = max_chars
        self._focused = False
        self.value = str(value)
        self.enabled = True  # on a focus ring, which passes over disabled widgets

    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, value: str) -> None:
        """A text set from outside (a +/- step, a paste): the caret goes after it, nothing selected."""
        self._value = value
        self.caret = len(value)
        self.selected = False

    @property
    def focused(self) -> bool:
        return self._focused

    @focused.setter
    def focused(self, focused: bool) -> None:
        if focused and not self._focused:  # entering the field selects its text, so typing replaces it
            self.selected, self.caret = bool(self._value), len(self._value)
        self._focused = focused

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the text changed."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
        elif event.type == pygame.TEXTINPUT and self.focused:
            return self._type(event.text)
        elif event.type == pygame.KEYDOWN and self.focused:
            return self._key(event)
        return False

    def _type(self, typed: str) -> bool:
        # What the keyboard or an input method sends at once (a word with its zero-width non-joiner, an emoji
        # family with its joiners) goes in whole, less only what no field holds (a control, a bidi override).
        typed = kept(typed)
        if not typed:
            return False
        if self.selected:
            self._value, self.caret, self.selected = "", 0, False
        room = self.max_chars - len(self._value)
        if room <= 0:
            return False
        typed = typed[:room]
        self._value = self._value[: self.caret] + typed + self._value[self.caret :]
        self.caret += len(typed)
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        key, text_ = event.key, self._value
        if key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
            self.selected = bool(text_)
        elif key in (pygame.K_HOME, pygame.K_END):
            self.caret, self.selected = (0 if key == pygame.K_HOME else len(text_)), False
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.selected:
            self._value, self.caret, self.selected = "", 0, False
            return bool(text_)
        elif key == pygame.K_BACKSPACE and self.caret > 0:
            self._value, self.caret = text_[: self.caret - 1] + text_[self.caret :], self.caret - 1
            return True
        elif key == pygame.K_DELETE and self.caret < len(text_):
            self._value = text_[: self.caret] + text_[self.caret + 1 :]
            return True
        return False

    def draw(self, surface: pygame.Surface, invalid: bool = False) -> None:
        look = theme.current()
        bevel(surface, self.rect, raised=False, width=2, face=look.field)
        if invalid:
            pygame.draw.rect(surface, look.error_text, self.rect, 2)
        if self.focused:
            focus_ring(surface, self.rect)
        inside = self.rect.inflate(-2 * px(PAD) - px(6), -px(4))  # the cursor goes after the text
        value, size = text.fit(self._value, inside.w, HEADING, smallest=BODY)
        whole = value == self._value
        if not whole:  # too long even small: show its end, where the typing is
            value = text.ELLIPSIS + self._value[-max(1, len(value) - 1) :]
            while len(value) > 2 and text.width(value, size) > inside.w:
                value = text.ELLIPSIS + value[2:]
        if self.focused and self.selected:
            shade = pygame.Rect(
                inside.x - px(2), self.rect.y + px(6), text.width(value, size) + px(4), self.rect.h - px(12)
            )
            surface.fill(look.hover, shade.clip(inside.inflate(px(4), 0)))
        rect = text.draw(surface, value, inside.midleft, size, look.text, "midleft", box=inside)
        if self.focused and not self.selected:
            x = rect.x + text.width(value[: self.caret], size) if whole else rect.right
            x += px(2)
            pygame.draw.line(surface, look.text, (x, self.rect.y + px(7)), (x, self.rect.bottom - px(8)), px(2))


def widest_fit(labels: Iterable[str], room: int, size: int = LARGE, weight: str = BOLD, smallest: int = BODY) -> int:
    """The largest size of the scale, up to `size`, at which every label fits `room` pixels."""
    return min(text.fit(label, room, size, weight, smallest)[1] for label in labels)
