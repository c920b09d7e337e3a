"""Keyboard focus over a screen's buttons: Tab and Shift+Tab go through them in order, the arrows to the
nearest one that way, Enter or Space presses the one with the ring. The ring shows from the first key on."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, Protocol, TypeVar

import pygame

NEXT_KEYS = {pygame.K_TAB: 1}
ARROWS = {pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1), pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0)}
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


class Focusable(Protocol):
    """What the ring goes over: a widget with a place, that may be disabled, and shows the ring when told."""

    rect: pygame.Rect
    enabled: bool
    focused: bool


class Pressable(Protocol):
    """A button as `pressed` asks it: whether an event clicked it."""

    def handle(self, event: pygame.event.Event) -> bool: ...


P = TypeVar("P", bound=Pressable)
W = TypeVar("W", bound=Focusable)


class FocusRing(Generic[W]):
    """Which of `widgets` (W: anything with rect, enabled and focused) has the keyboard's focus; what it hands
    back to press is one of them, as its own type."""

    def __init__(
        self,
        widgets: Iterable[W | None],
        start: W | None = None,
        arrows: bool = True,
        press_keys: tuple[int, ...] = PRESS_KEYS,
    ) -> None:
        """`start`: the widget the ring starts on (the default choice); `arrows`: whether the arrow keys move
        it (a screen that uses them for something else says no); `press_keys`: what presses (a form with
        text to type leaves Space out)."""
        self.press_keys = press_keys
        self.widgets = [w for w in widgets if w is not None]
        self.current: W | None = start if start in self.widgets else (self.widgets[0] if self.widgets else None)
        self.arrows = arrows
        self.shown = False

    def handle(self, event: pygame.event.Event) -> W | None:
        """Move the ring for Tab and the arrows; for Enter or Space, return the widget to press (else None)."""
        if event.type != pygame.KEYDOWN or self.current is None:
            return None
        if event.key == pygame.K_TAB:
            self.step(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif self.arrows and event.key in ARROWS:
            self._toward(*ARROWS[event.key])
        elif event.key in self.press_keys and self.shown and self.current.enabled:
            return self.current
        elif event.key in self.press_keys and not self.shown:
            self._show()
            return self.current if self.current.enabled else None
        return None

    def pressed(self, event: pygame.event.Event, buttons: Iterable[P]) -> P | None:
        """The one of `buttons` this event presses: clicked, or pressed from the keyboard on the ring."""
        by_key = self.handle(event)
        return next((button for button in buttons if button.handle(event) or button is by_key), None)

    def focus(self, widget: W | None) -> None:
        if widget in self.widgets:
            self.current = widget
            self._show()

    def _show(self) -> None:
        self.shown = True
        for widget in self.widgets:
            widget.focused = widget is self.current

    def step(self, direction: int) -> None:
        if self.shown:
            usable = [w for w in self.widgets if w.enabled] or self.widgets
            index = usable.index(self.current) if self.current in usable else -1
            self.current = usable[(index + direction) % len(usable)]
        self._show()

    def _toward(self, dx: int, dy: int) -> None:
        if self.current is None:
            return
        if not self.shown:  # the first arrow moves as every other does (Down, then Enter, is the one below)
            self._show()
        here = self.current.rect.center

        def cost(widget: W) -> int:
            x, y = widget.rect.centerx - here[0], widget.rect.centery - here[1]
            along = x * dx + y * dy
            across = abs(x * dy) + abs(y * dx)
            return along + 3 * across  # straight ahead first, then the nearest aside

        ahead = [
            w
            for w in self.widgets
            if w is not self.current
            and w.enabled
            and (w.rect.centerx - here[0]) * dx + (w.rect.centery - here[1]) * dy > 0
        ]
        if ahead:
            self.current = min(ahead, key=cost)
        self._show()
