"""Buttons, text fields, panels and text in the bevelled look, using pygame's bundled font.

Colours come from the current theme when drawing (never when a widget is made), so a theme switch shows on
the next full redraw.
"""

from pathlib import Path

import pygame

from game.view import theme

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


def text(surface, message, pos, size=24, colour=None, anchor="topleft", bold=False):
    """Draw one line of text anchored at pos (in the theme's text colour unless given); returns its rectangle."""
    colour = colour or theme.current().text
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


def bevel(surface, rect, raised=True, width=2, face=None):
    """A raised (or sunken) bevelled box, the classic Windows look, in the theme's face colour unless given."""
    look = theme.current()
    rect = pygame.Rect(rect)
    surface.fill(face or look.face, rect)
    light, dark = (look.light, look.shadow) if raised else (look.shadow, look.light)
    for i in range(width):
        pygame.draw.line(surface, light, (rect.left + i, rect.top + i), (rect.right - 1 - i, rect.top + i))
        pygame.draw.line(surface, light, (rect.left + i, rect.top + i), (rect.left + i, rect.bottom - 1 - i))
        pygame.draw.line(surface, dark, (rect.left + i, rect.bottom - 1 - i), (rect.right - 1 - i, rect.bottom - 1 - i))
        pygame.draw.line(surface, dark, (rect.right - 1 - i, rect.top + i), (rect.right - 1 - i, rect.bottom - 1 - i))


def panel(surface, rect, title=None):
    """A raised dialog panel with an optional title bar."""
    look = theme.current()
    rect = pygame.Rect(rect)
    shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
    shadow.fill(look.drop_shadow)
    surface.blit(shadow, rect.move(4, 4))
    bevel(surface, rect, raised=True, width=2, face=look.panel)
    pygame.draw.rect(surface, look.edge, rect, 1)
    if title:
        bar = pygame.Rect(rect.x + 3, rect.y + 3, rect.w - 6, 30)
        surface.fill(look.accent, bar)
        text(surface, title, (bar.x + 10, bar.centery), size=26, colour=look.accent_text, anchor="midleft", bold=True)


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
        look = theme.current()
        pressed = self.held and self.hovered
        face = look.hover if self.hovered and self.enabled and not pressed else look.face
        bevel(surface, self.rect, raised=not pressed, width=2, face=face)
        if self.marked:
            pygame.draw.rect(surface, look.accent, self.rect.inflate(-6, -6), 2)
        colour = look.text if self.enabled else look.disabled_text
        shift = 1 if pressed else 0
        if self.sublabel:
            text(
                surface,
                self.label,
                (self.rect.centerx + shift, self.rect.centery - 9 + shift),
                self.size,
                colour,
                anchor="center",
                bold=True,
            )
            text(
                surface,
                self.sublabel,
                (self.rect.centerx + shift, self.rect.centery + 12 + shift),
                20,
                look.dim_text if self.enabled else look.disabled_text,
                anchor="center",
            )
        else:
            text(
                surface,
                self.label,
                (self.rect.centerx + shift, self.rect.centery + shift),
                self.size,
                colour,
                anchor="center",
                bold=True,
            )


class TextField:
    """A one-line text box: click to focus, type, Backspace; the owner validates the text."""

    MAX_CHARS = 5
    SIZES = (28, 24, 21, 18, 16, 14)  # long text shrinks to fit the box rather than run out of it

    def __init__(self, rect, value="", max_chars=MAX_CHARS):
        self.rect = pygame.Rect(rect)
        self.value = str(value)
        self.max_chars = max_chars
        self.focused = False

    def handle(self, event):
        """True when the text changed."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
        elif event.type == pygame.TEXTINPUT and self.focused:
            if len(self.value) < self.max_chars and event.text.isprintable():
                self.value += event.text
                return True
        elif event.type == pygame.KEYDOWN and self.focused and event.key == pygame.K_BACKSPACE and self.value:
            self.value = self.value[:-1]
            return True
        return False

    def draw(self, surface, invalid=False):
        look = theme.current()
        bevel(surface, self.rect, raised=False, width=2, face=look.field)
        if invalid:
            pygame.draw.rect(surface, look.error_text, self.rect, 2)
        elif self.focused:
            pygame.draw.rect(surface, look.accent, self.rect, 2)
        inside = self.rect.inflate(-16, -4)
        room = inside.w - 4  # the cursor goes after the text
        size = next((s for s in self.SIZES if font(s).size(self.value)[0] <= room), self.SIZES[-1])
        clip = surface.get_clip()
        surface.set_clip(inside)
        # text wider than the box even at the smallest size keeps its end, where the typing is, in view
        if font(size).size(self.value)[0] <= room:
            rect = text(surface, self.value, inside.midleft, size, look.text, anchor="midleft")
        else:
            rect = text(surface, self.value, (inside.right - 4, inside.centery), size, look.text, anchor="midright")
        surface.set_clip(clip)
        if self.focused:
            pygame.draw.line(
                surface, look.text, (rect.right + 2, self.rect.y + 7), (rect.right + 2, self.rect.bottom - 8), 2
            )


def fitting_size(labels, width, sizes=(24, 21, 18, 16), bold=True):
    """The largest font size at which every label fits the width (narrow windows get smaller text)."""
    for size in sizes:
        if all(font(size, bold).size(label)[0] <= width for label in labels):
            return size
    return sizes[-1]
