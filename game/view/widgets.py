"""Buttons, text fields, panels and text in the classic bevelled look, using pygame's bundled font."""
from pathlib import Path

import pygame

from game import config

_fonts = {}
# The default font's file inside the pygame package: opening it by path skips pygame's resource lookup,
# which costs a millisecond or two per size at start-up.
_DEFAULT_FONT = Path(pygame.__file__).parent / pygame.font.get_default_font()


def forget_fonts():
    """Drop cached fonts: they die with pygame.font.quit(), so a new app starts afresh."""
    _fonts.clear()


def font(size, bold=False):
    """pygame's default font (bundled with pygame-ce), cached per size."""
    key = (size, bold)
    if key not in _fonts:
        f = pygame.font.Font(_DEFAULT_FONT if _DEFAULT_FONT.is_file() else None, size)
        f.set_bold(bold)
        _fonts[key] = f
    return _fonts[key]


def text(surface, message, pos, size=24, colour=config.TEXT, anchor="topleft", bold=False):
    """Draw one line of text anchored at pos; returns its rectangle."""
    image = font(size, bold).render(message, True, colour)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def wrap(message, size, width):
    """Split a paragraph into lines that fit `width` pixels in the given font size."""
    words, lines, line = message.split(), [], ""
    for word in words:
        candidate = f"{line} {word}".strip()
        if font(size).size(candidate)[0] <= width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def bevel(surface, rect, raised=True, width=2, face=config.GRAY):
    """A raised (or sunken) bevelled box, the classic Windows look."""
    rect = pygame.Rect(rect)
    surface.fill(face, rect)
    light, dark = (config.LIGHT, config.SHADOW) if raised else (config.SHADOW, config.LIGHT)
    for i in range(width):
        pygame.draw.line(surface, light, (rect.left + i, rect.top + i), (rect.right - 1 - i, rect.top + i))
        pygame.draw.line(surface, light, (rect.left + i, rect.top + i), (rect.left + i, rect.bottom - 1 - i))
        pygame.draw.line(surface, dark, (rect.left + i, rect.bottom - 1 - i), (rect.right - 1 - i, rect.bottom - 1 - i))
        pygame.draw.line(surface, dark, (rect.right - 1 - i, rect.top + i), (rect.right - 1 - i, rect.bottom - 1 - i))


def panel(surface, rect, title=None):
    """A raised dialog panel with an optional title bar."""
    rect = pygame.Rect(rect)
    shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
    shadow.fill((0, 0, 0, 70))
    surface.blit(shadow, rect.move(4, 4))
    bevel(surface, rect, raised=True, width=2, face=config.PANEL)
    pygame.draw.rect(surface, config.BLACK, rect, 1)
    if title:
        bar = pygame.Rect(rect.x + 3, rect.y + 3, rect.w - 6, 30)
        surface.fill(config.ACCENT, bar)
        text(surface, title, (bar.x + 10, bar.centery), size=26, colour=config.LIGHT, anchor="midleft", bold=True)


class Button:
    """A bevelled push button: pressed look while held, fires when released over it."""

    def __init__(self, rect, label, sublabel="", enabled=True, size=26):
        self.rect = pygame.Rect(rect)
        self.label, self.sublabel = label, sublabel
        self.enabled = enabled
        self.size = size
        self.held = False
        self.hovered = False
        self.marked = False  # a highlight, e.g. the last difficulty played

    def handle(self, event):
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

    def draw(self, surface):
        pressed = self.held and self.hovered
        face = (236, 236, 236) if self.hovered and self.enabled and not pressed else config.GRAY
        bevel(surface, self.rect, raised=not pressed, width=2, face=face)
        if self.marked:
            pygame.draw.rect(surface, config.ACCENT, self.rect.inflate(-6, -6), 2)
        colour = config.TEXT if self.enabled else config.SHADOW
        shift = 1 if pressed else 0
        if self.sublabel:
            text(surface, self.label, (self.rect.centerx + shift, self.rect.centery - 9 + shift), self.size,
                 colour, anchor="center", bold=True)
            text(surface, self.sublabel, (self.rect.centerx + shift, self.rect.centery + 12 + shift), 20,
                 config.DIM_TEXT if self.enabled else config.SHADOW, anchor="center")
        else:
            text(surface, self.label, (self.rect.centerx + shift, self.rect.centery + shift), self.size,
                 colour, anchor="center", bold=True)


class TextField:
    """A one-line text box: click to focus, type, Backspace; the owner validates the text."""

    MAX_CHARS = 5

    def __init__(self, rect, value=""):
        self.rect = pygame.Rect(rect)
        self.value = str(value)
        self.focused = False

    def handle(self, event):
        """True when the text changed."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
        elif event.type == pygame.TEXTINPUT and self.focused:
            if len(self.value) < self.MAX_CHARS and event.text.isprintable():
                self.value += event.text
                return True
        elif event.type == pygame.KEYDOWN and self.focused and event.key == pygame.K_BACKSPACE:
            if self.value:
                self.value = self.value[:-1]
                return True
        return False

    def draw(self, surface, invalid=False):
        bevel(surface, self.rect, raised=False, width=2, face=config.LIGHT)
        if invalid:
            pygame.draw.rect(surface, config.ERROR_TEXT, self.rect, 2)
        elif self.focused:
            pygame.draw.rect(surface, config.ACCENT, self.rect, 2)
        rect = text(surface, self.value, (self.rect.x + 8, self.rect.centery), 28, config.TEXT, anchor="midleft")
        if self.focused:
            pygame.draw.line(surface, config.TEXT, (rect.right + 2, self.rect.y + 7), (rect.right + 2, self.rect.bottom - 8), 2)
