"""Text on screen, always inside a box: a line is fitted to its box (a smaller size of the type scale, then an
ellipsis), a paragraph is wrapped to it. Everything drawn is written down while `recording()` is on, so a
test can check that no text leaves its box or overlaps another. What reaches the font is first made
printable (game.names): a file's name that is not UTF-8, anywhere in a line, shows escaped, never stops the
frame (a font refuses to measure such a name)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.names import printable
from game.view import theme
from game.view.typeface import BODY, REGULAR, SIZES, SMALL, font

if TYPE_CHECKING:
    from pygame.typing import ColorLike

ELLIPSIS = "…"


class Drawn(NamedTuple):
    """One line of text as drawn: its words, where it landed and the box it had to stay in (window pixels)."""

    text: str
    rect: pygame.Rect
    box: pygame.Rect
    layer: int


_log: list[Drawn] | None = None
_layer = 0


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Write down every line drawn inside the `with` block."""
    global _log, _layer
    _log, _layer = [], 0
    try:
        yield _log
    finally:
        _log = None


def next_layer() -> None:
    """What is drawn from now on sits on top of what was (an overlay over its scene): it may cover it."""
    global _layer
    _layer += 1


def width(message: str, size: int = BODY, weight: str = REGULAR) -> int:
    return font(size, weight).size(printable(message))[0]


def draw(
    surface: pygame.Surface,
    message: str,
    pos: tuple[int, int],
    size: int = BODY,
    colour: ColorLike | None = None,
    anchor: str = "topleft",
    weight: str = REGULAR,
    box: pygame.Rect | None = None,
) -> pygame.Rect:
    """One line anchored at `pos`, in the theme's text colour unless given; returns where it went. `box` is
    where it must stay (the surface, when not given)."""
    message = printable(message)
    image = font(size, weight).render(message, True, colour or theme.current().text)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    if _log is not None and message:
        offset = surface.get_abs_offset()
        inside = pygame.Rect(box) if box is not None else surface.get_rect()
        _log.append(Drawn(message, rect.move(offset), inside.move(offset), _layer))
    return rect


def fit(
    message: str, room: int, size: int = BODY, weight: str = REGULAR, smallest: int = SMALL, room_h: int = 0
) -> tuple[str, int]:
    """The text and size that fit `room` pixels across (and `room_h` high, when given): the size asked, else
    smaller ones of the scale down to `smallest`, else `smallest` with the end cut off under an ellipsis."""
    for step in (s for s in sorted(SIZES, reverse=True) if smallest <= s <= size):
        if width(message, step, weight) <= room and (not room_h or line_height(step, weight) <= room_h):
            return message, step
    size = min(size, smallest)
    # The longest start that fits with its ellipsis, found by halving: a long name (a path, a file's name of 255
    # characters) costs a few measures, not one for each character cut.
    fits, too_long = 0, len(message) + 1
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if width(message[:middle] + ELLIPSIS, size, weight) <= room:
            fits = middle
        else:
            too_long = middle
    message = message[:fits]
    return (message.rstrip() + ELLIPSIS if message else ""), size


def draw_fitted(
    surface: pygame.Surface,
    message: str,
    box: pygame.Rect,
    size: int = BODY,
    colour: ColorLike | None = None,
    align: str = "left",
    weight: str = REGULAR,
    smallest: int = SMALL,
) -> pygame.Rect:
    """One line fitted to `box` (see fit), centred on it vertically and placed left, centre or right."""
    box = pygame.Rect(box)
    message, size = fit(message, box.w, size, weight, smallest, box.h)
    anchor, x = {"left": ("midleft", box.left), "center": ("center", box.centerx), "right": ("midright", box.right)}[
        align
    ]
    return draw(surface, message, (x, box.centery), size, colour, anchor, weight, box)


# What a line never breaks: a board's size ("30 x 16", as category.size_text writes it) reads as one word.
UNBROKEN = re.compile(r"\S*\d+ x \d+(?!\w)\S*|\S+")


def wrap(message: str, size: int, room: int, weight: str = REGULAR) -> list[str]:
    """A paragraph split into lines that fit `room` pixels (a word longer than that gets a line of its own);
    a board's size stays on one line."""
    lines: list[str] = []
    line = ""
    for word in UNBROKEN.findall(message):
        candidate = f"{line} {word}".strip()
        if width(candidate, size, weight) <= room or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def line_height(size: int, weight: str = REGULAR) -> int:
    return font(size, weight).get_linesize()


def fit_paragraph(
    message: str, box: pygame.Rect, size: int = BODY, weight: str = REGULAR, smallest: int = SMALL
) -> tuple[list[str], int]:
    """The lines and size that fit a paragraph into `box`: wrapped at the size asked, else smaller sizes,
    else the lines that fit at `smallest`, the last one ending in an ellipsis."""
    for step in (s for s in sorted(SIZES, reverse=True) if smallest <= s <= size):
        lines = wrap(message, step, box.w, weight)
        if len(lines) * line_height(step, weight) <= box.h and all(width(x, step, weight) <= box.w for x in lines):
            return lines, step
    size = min(size, smallest)
    fits = max(1, box.h // line_height(size, weight))
    lines = wrap(message, size, box.w, weight)
    if len(lines) > fits:
        lines = lines[:fits]
        lines[-1] = fit(lines[-1] + ELLIPSIS, box.w, size, weight, size)[0]
    return [fit(x, box.w, size, weight, size)[0] for x in lines], size


def draw_paragraph(
    surface: pygame.Surface,
    message: str,
    box: pygame.Rect,
    size: int = BODY,
    colour: ColorLike | None = None,
    align: str = "left",
    weight: str = REGULAR,
    smallest: int = SMALL,
    valign: str = "top",
) -> int:
    """A paragraph wrapped into `box` (see fit_paragraph); returns the y under its last line."""
    box = pygame.Rect(box)
    lines, size = fit_paragraph(message, box, size, weight, smallest)
    step = line_height(size, weight)
    y = {"top": box.y, "center": box.centery - len(lines) * step // 2, "bottom": box.bottom - len(lines) * step}[valign]
    anchor, x = {"left": ("topleft", box.left), "center": ("midtop", box.centerx), "right": ("topright", box.right)}[
        align
    ]
    for line in lines:
        draw(surface, line, (x, y), size, colour, anchor, weight, box)
        y += step
    return y
