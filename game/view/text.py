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

from game import language
from game.names import printable
from game.view import theme
from game.view.typeface import BODY, LATO, REGULAR, SIZES, SMALL, face, face_for, font

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


_cut: dict[str, list[tuple[str, str]]] = {}  # a message -> its runs, once every face of it is known
_cut_in: list[int] = [0]  # the language change they were cut in (Japanese draws the kanji in a face of its own)
_CUT_KEPT = 4096


def _runs(message: str) -> list[tuple[str, str]]:
    """`message` (printable, not all ASCII) cut where the face must change: (characters, face of the chain)."""
    if _cut_in[0] != language.changes():
        _cut.clear()
        _cut_in[0] = language.changes()
    runs = _cut.get(message)
    if runs is not None:
        return runs
    runs, waiting = [], False
    for ch in message:
        name = face_for(ch)
        if name is None:  # none known (yet): Lato draws its box
            name, waiting = LATO, True
        if runs and runs[-1][1] == name:
            runs[-1] = (runs[-1][0] + ch, name)
        else:
            runs.append((ch, name))
    if not waiting:
        if len(_cut) >= _CUT_KEPT:
            _cut.clear()
        _cut[message] = runs
    return runs


_composed: dict[str, str] = {}  # a line not all in ASCII -> its composed form (NFC), as the fonts have it


def _shown(message: str) -> str:
    message = printable(message)
    if message.isascii():
        return message
    shown = _composed.get(message)
    if shown is None:
        import unicodedata  # (not before a line needs it: English rarely does)

        if len(_composed) >= _CUT_KEPT:
            _composed.clear()
        shown = _composed[message] = unicodedata.normalize("NFC", message)
    return shown


_lato: dict[str, bool] = {}  # a line not all in ASCII -> whether Lato draws it all, as it stands


def _all_lato(message: str) -> bool:
    """Whether `message` (printable) is one run of Lato: every line of an English screen, cheaply."""
    known = _lato.get(message)
    if known is None:
        if len(_lato) >= _CUT_KEPT:
            _lato.clear()
        runs = _runs(_shown(message))
        known = len(runs) == 1 and runs[0] == (message, LATO)
        if known or all(name is not None for name in map(face_for, set(message))):
            _lato[message] = known  # (not while a character waits for the system's font)
    return known


def width(message: str, size: int = BODY, weight: str = REGULAR) -> int:
    message = printable(message)
    if message.isascii() or _all_lato(message):
        return font(size, weight).size(message)[0]
    return sum(face(name, size, weight).size(part)[0] for part, name in _runs(_shown(message)))


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
    colour = colour or theme.current().text
    if message.isascii() or _all_lato(message):
        image = font(size, weight).render(message, True, colour)
        rect = image.get_rect(**{anchor: pos})
        surface.blit(image, rect)
    else:
        message = _shown(message)
        rect = _draw_runs(surface, _runs(message), pos, size, colour, anchor, weight)
    if _log is not None and message:
        offset = surface.get_abs_offset()
        inside = pygame.Rect(box) if box is not None else surface.get_rect()
        _log.append(Drawn(message, rect.move(offset), inside.move(offset), _layer))
    return rect


def _draw_runs(
    surface: pygame.Surface,
    runs: list[tuple[str, str]],
    pos: tuple[int, int],
    size: int,
    colour: ColorLike,
    anchor: str,
    weight: str,
) -> pygame.Rect:
    """Runs of several faces side by side on Lato's baseline, each cut to Lato's line (a CJK face's line is
    taller, its ink is not)."""
    base = font(size, weight)
    images = [(face(name, size, weight), face(name, size, weight).render(part, True, colour)) for part, name in runs]
    rect = pygame.Rect(0, 0, sum(image.get_width() for _face, image in images), base.get_height())
    setattr(rect, anchor, pos)
    x, ascent = rect.x, base.get_ascent()
    for made, image in images:
        shift = ascent - made.get_ascent()  # where this face's top goes so that the baselines meet
        top = max(0, -shift)
        surface.blit(image, (x, rect.y + max(0, shift)), pygame.Rect(0, top, image.get_width(), rect.h - max(0, shift)))
        x += image.get_width()
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

# Chinese and Japanese are written without spaces: a line may break between any two of these characters
# (CJK radicals and punctuation, kana, ideographs, fullwidth forms). Ranges, not a regular expression: one of
# these costs milliseconds to compile at every start.
_CJK_RANGES = (
    (0x2E80, 0x2FFF),
    (0x3000, 0x30FF),
    (0x31C0, 0x31FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xF900, 0xFAFF),
    (0xFF00, 0xFFEF),
    (0x20000, 0x3FFFF),
)


def is_cjk(ch: str) -> bool:
    code = ord(ch)
    return code >= 0x2E80 and any(first <= code <= last for first, last in _CJK_RANGES)


def _has_cjk(word: str) -> bool:
    return not word.isascii() and any(is_cjk(ch) for ch in word)


# ...but never before a closing mark (nor a small kana, a prolonged sound mark) nor after an opening one.
NO_LINE_START = set(
    "，。、：；！？）」』】〕〉》〗’”・ー々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ…‥．,.:;!?)]}%"
)
NO_LINE_END = set("（「『【〔〈《〖‘“([{")
HYPHEN = "-"


def _atoms(chunk: str) -> list[str]:
    """A word cut where a line may break inside it: between CJK characters, keeping punctuation with its own."""
    if not _has_cjk(chunk):
        return [chunk]
    pieces: list[str] = []  # each CJK character alone, the others in runs
    for ch in chunk:
        if is_cjk(ch) or not pieces or is_cjk(pieces[-1][-1]):
            pieces.append(ch)
        else:
            pieces[-1] += ch
    atoms: list[str] = []
    glue = False
    for piece in pieces:
        if atoms and (glue or piece[0] in NO_LINE_START):
            atoms[-1] += piece
        else:
            atoms.append(piece)
        glue = piece[-1] in NO_LINE_END
    return atoms


def _hyphenated(word: str, size: int, room: int, weight: str) -> list[str]:
    """A word wider than `room` broken into pieces that fit, each but the last ending in a hyphen (after the
    word's own hyphen where it has one that fits)."""
    pieces: list[str] = []
    while len(word) > 1 and width(word, size, weight) > room:
        fits, too_long = 0, len(word)  # the longest start that fits with its hyphen, by halving
        while too_long - fits > 1:
            middle = (fits + too_long) // 2
            head = word[:middle]
            if width(head if head.endswith(HYPHEN) else head + HYPHEN, size, weight) <= room:
                fits = middle
            else:
                too_long = middle
        fits = max(fits, 1)
        own = word.rfind(HYPHEN, 0, fits)
        if own > 0 and own + 1 >= fits // 2:  # the word's own hyphen, unless it leaves too short a piece
            fits = own + 1
        head = word[:fits]
        pieces.append(head if head.endswith(HYPHEN) else head + HYPHEN)
        word = word[fits:]
    return [*pieces, word]


def wrap(message: str, size: int, room: int, weight: str = REGULAR, hyphenate: bool = False) -> list[str]:
    """A paragraph split into lines that fit `room` pixels; a board's size stays on one line. Chinese and
    Japanese break between characters. A word longer than the room gets a line of its own, or, with
    `hyphenate`, is broken with hyphens into lines that fit."""
    lines: list[str] = []
    line = ""
    for chunk in UNBROKEN.findall(message):
        for i, atom in enumerate((chunk,) if chunk.isascii() else _atoms(chunk)):
            joined = f"{line} {atom}" if i == 0 and line else line + atom
            if line and width(joined, size, weight) <= room:
                line = joined
                continue
            if line:
                lines.append(line)
            line = atom
            if hyphenate and " " not in atom and not _has_cjk(atom) and width(atom, size, weight) > room:
                *heads, line = _hyphenated(atom, size, room, weight)
                lines += heads
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
    lines = wrap(message, size, box.w, weight, hyphenate=True)  # a word too long even there: broken, not cut
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
