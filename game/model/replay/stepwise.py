"""JSON read in small steps, for a thread that must not hold up the frames.

`json.loads` is one call into C: a thread inside it keeps the interpreter until the whole text is read, and
every other thread waits (the largest replay file takes 60 ms: a frame frozen that long). `read_json` reads the same
text to the same value, and refuses the same texts, one member of the outer object or array at a time and,
below that, one item of an array at a time: between any two, the interpreter may pass to another thread. A
replay's moves, and a saved board's, are such items, a few dozen characters each.

>>> read_json('{"moves": [["r", 1, 2, 0], ["f", 3, 4, 70]], "rows": 9}')
{'moves': [['r', 1, 2, 0], ['f', 3, 4, 70]], 'rows': 9}
"""

from __future__ import annotations

import json
import re
from typing import Any

_DECODER = json.JSONDecoder()
_SPACE = re.compile(r"[ \t\n\r]*")
_SPACE_CHARS = " \t\n\r"
STEPPED_LEVELS = 2  # the outer value's members and their items; anything deeper is one value to the C reader


def read_json(text: str) -> Any:
    """The value of a JSON text, as json.loads gives it; json.JSONDecodeError (a ValueError) or RecursionError
    as json.loads raises them."""
    at = _skip(text, 0)
    value, at = _value(text, at, STEPPED_LEVELS)
    at = _skip(text, at)
    if at != len(text):
        raise json.JSONDecodeError("Extra data", text, at)
    return value


def _skip(text: str, at: int) -> int:
    if at < len(text) and text[at] in _SPACE_CHARS:
        match = _SPACE.match(text, at)
        assert match is not None  # the pattern matches the empty string anywhere
        return match.end()
    return at


def _value(text: str, at: int, levels: int) -> tuple[Any, int]:
    if levels and text.startswith("{", at):
        return _object(text, at + 1, levels - 1)
    if levels and text.startswith("[", at):
        return _array(text, at + 1, levels - 1)
    return _DECODER.raw_decode(text, at)


def _object(text: str, at: int, levels: int) -> tuple[dict[str, Any], int]:
    members: dict[str, Any] = {}
    at = _skip(text, at)
    if text.startswith("}", at):
        return members, at + 1
    while True:
        if not text.startswith('"', at):
            raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text, at)
        key, at = _DECODER.raw_decode(text, at)
        at = _skip(text, at)
        if not text.startswith(":", at):
            raise json.JSONDecodeError("Expecting ':' delimiter", text, at)
        members[key], at = _value(text, _skip(text, at + 1), levels)
        ended, at = _next(text, at, "}")
        if ended:
            return members, at


def _array(text: str, at: int, levels: int) -> tuple[list[Any], int]:
    items: list[Any] = []
    at = _skip(text, at)
    if text.startswith("]", at):
        return items, at + 1
    while True:
        item, at = _value(text, at, levels)
        items.append(item)
        ended, at = _next(text, at, "]")
        if ended:
            return items, at


def _next(text: str, at: int, closer: str) -> tuple[bool, int]:
    """After a member or an item: (True, past `closer`) at the end of its object or array, else (False, where
    the next one starts)."""
    at = _skip(text, at)
    if text.startswith(closer, at):
        return True, at + 1
    if not text.startswith(",", at):
        raise json.JSONDecodeError("Expecting ',' delimiter", text, at)
    return False, _skip(text, at + 1)
