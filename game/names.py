"""Names from outside made safe to draw and print (a file's name, a folder's path, a player's name), and a
player's name kept as typed, less only what must never be in one.

A name on a POSIX disk is bytes, and Python hands the bytes that are not UTF-8 over as lone surrogates
(U+DC80-U+DCFF, "surrogateescape"): a folder can hold `bad\\xff.avf`. Those are no characters at all: a font
refuses to measure them and a UTF-8 stream refuses to write them, so such a name drawn or printed as it is
stopped the game and `stats`. A name can also hold characters that act instead of showing: controls (a line
break in the middle of a line of `stats`, an escape sequence a terminal obeys) and the bidirectional overrides
and isolates, which make a terminal show a name's characters in another order than they are. `printable`
shows each of those as a backslash escape of what it is (the byte, or the code point), and every other
character as it is (a Persian name, an emoji, a zero-width joiner between them), so the name the player reads
is the name on the disk, never another one.
"""

from __future__ import annotations

import os
import re

# What acts instead of showing, or is no character: lone surrogates (bytes that were not UTF-8: no UTF-8 text,
# an EVF name included, can hold them), C0 and C1 controls and DEL (a NUL ends an EVF name, a line break cuts a
# line in two, an escape sequence commands a terminal), the line and paragraph separators (line breaks too),
# and the bidirectional embeddings, overrides and isolates (they reorder what follows them, past the name's
# end, in whatever line shows it: the "Trojan Source" trick). Everything else is a name's own: the zero-width
# non-joiner a Persian name is spelled with, the joiners of an emoji family, the tags of a flag, a no-break or
# ideographic space, a private-use character, and characters newer than this Python's Unicode tables.
UNSHOWABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\u202a-\u202e\u2066-\u2069]")
JOINERS = "\u200c\u200d"  # meaningless at a name's end, where a cut at its most characters may leave one


def _escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8, as surrogateescape carries it
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(name: str | os.PathLike[str]) -> str:
    """`name` (a path too) as it can be drawn and printed: whatever is not a character to show, escaped.

    >>> printable("bad\\udcff.avf"), printable("a\\nb"), printable("\\u202eevil"), printable("من\\u200cو")
    ('bad\\\\xff.avf', 'a\\\\x0ab', '\\\\u202eevil', 'من\\u200cو')
    """
    text = os.fspath(name)
    if text.isascii() and text.isprintable():
        return text
    return UNSHOWABLE.sub(_escape, text)


def kept(text: str) -> str:
    """What may be in a name of `text`: all of it but the characters UNSHOWABLE lists (typed or pasted text
    with one of those loses only that one, never the rest)."""
    return UNSHOWABLE.sub("", text)


def player_name(text: str, most: int) -> str:
    """A player's name as typed (or as a video file gives it): `kept`, no spaces around it, at most `most`
    characters, and no joiner left dangling where it was cut."""
    return kept(text).strip()[:most].rstrip().rstrip(JOINERS).rstrip()
