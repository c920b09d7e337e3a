"""A system font for what the game's own typeface cannot draw: a player's name in Chinese in a video from another
program. Looked for off the frame (finding the system's fonts runs fc-list on Linux), once; until it is
found, or where the system has none, the line is drawn in the game's typeface as before."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import pygame

from game.names import printable
from game.view import text
from game.view.scale import px
from game.view.typeface import REGULAR, SIZES, font

if TYPE_CHECKING:
    from pygame.typing import ColorLike

# Fonts with the CJK characters, as pygame names them: Linux, Windows, macOS.
WANTED = (
    "notosanscjksc,notosanscjk,droidsansfallbackfull,droidsansfallback,wenquanyizenhei,wenquanyimicrohei,"
    "microsoftyahei,microsoftyaheiui,simhei,simsun,msgothic,pingfangsc,hiraginosansgb,arialunicodems"
)

_found: list[str | None] = []  # the font file once looked for (None: the system has none)
_looking: list[threading.Thread] = []
_fonts: dict[int, pygame.font.Font] = {}


def look_for_it() -> None:
    """Start looking for the font on a thread, once (a scene that may show such text calls this first)."""
    if not _looking:
        thread = threading.Thread(target=_look, daemon=True, name="fallback font")
        _looking.append(thread)
        thread.start()


def _look() -> None:
    try:
        _found.append(pygame.font.match_font(WANTED))
    except Exception:  # no font list on this system: the game's typeface it is
        _found.append(None)


NOT_A_CHARACTER = "\ue000"  # in Unicode's private area: no typeface of ours has it, so it draws as the box


def _missing(message: str, size: int, weight: str) -> list[bool]:
    """For each character, whether the game's typeface lacks it (it draws such a one as a box, with the metrics
    of a character it surely lacks)."""
    face = font(size, weight)
    box = face.metrics(NOT_A_CHARACTER)[0]
    return [ord(ch) > 127 and (metric is None or metric == box) for ch, metric in zip(message, face.metrics(message))]


def needed(message: str, size: int, weight: str = REGULAR) -> bool:
    """Whether the game's typeface lacks a character of `message` (as drawn: printable)."""
    message = printable(message)
    return not message.isascii() and any(_missing(message, size, weight))


def _runs(message: str, size: int, weight: str, path: str) -> list[tuple[str, pygame.font.Font]]:
    """The message cut where the font must change: the game's typeface, or the system font for what it lacks."""
    other = _face(size, path)
    runs: list[tuple[str, pygame.font.Font]] = []
    for ch, lacked in zip(message, _missing(message, size, weight)):
        face = other if lacked else font(size, weight)
        if runs and runs[-1][1] is face:
            runs[-1] = (runs[-1][0] + ch, face)
        else:
            runs.append((ch, face))
    return runs


def _face(size: int, path: str) -> pygame.font.Font:
    """The system font at `size` of the type scale (at the interface's factor), loaded once while pygame's font
    module lasts (a new app starts it again)."""
    pixels = px(size)
    face = _fonts.get(pixels)
    try:
        if face is not None:
            face.get_height()
            return face
    except pygame.error:  # made before the font module was quit and started again
        pass
    _fonts[pixels] = face = pygame.font.Font(path, pixels)
    return face


def _width(runs: list[tuple[str, pygame.font.Font]]) -> int:
    return sum(face.size(part)[0] for part, face in runs)


def draw_fitted(
    surface: pygame.Surface, message: str, box: pygame.Rect, size: int, colour: ColorLike, align: str, weight: str
) -> pygame.Rect:
    """text.draw_fitted, with the characters the game's typeface lacks in the system font once it is found."""
    message = printable(message)
    path = _found[0] if _found else None
    if path is None or not needed(message, size, weight):
        return text.draw_fitted(surface, message, box, size, colour, align, weight, smallest=SIZES[0])
    steps = sorted((s for s in SIZES if s <= size), reverse=True)
    for step in steps:
        runs = _runs(message, step, weight, path)
        if _width(runs) <= box.w:
            break
    while len(message) > 1 and _width(runs) > box.w:
        message = message[:-2] + "…"
        runs = _runs(message, step, weight, path)
    images = [face.render(part, True, colour) for part, face in runs]
    width = sum(image.get_width() for image in images)
    x = {"left": box.left, "center": box.centerx - width // 2, "right": box.right - width}[align]
    for image in images:
        surface.blit(image, image.get_rect(midleft=(x, box.centery)))
        x += image.get_width()
    return pygame.Rect(x - width, box.y, width, box.h)
