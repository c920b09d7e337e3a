"""What the tests in the pseudo-language (game.language's qps) look for: English words a line drawn or said in it
still has outside the brackets every translated message comes in. One check for every such test."""

from __future__ import annotations

import re
from collections.abc import Iterable

# What stays as it is in every language: the community's notation, units, formats and the keys' names.
NOTATION = frozenset(
    {"3BV", "3BV/s", "BV", "ZiNi", "IOE", "RQP", "STNB", "IOS", "Thrp", "Corr", "corr", "NF", "UPK", "MS1", "JSON"}
    | {"EVF", "AVF", "RMV", "MVF", "px", "ms", "s"}
    | {"Esc", "Ctrl", "Shift", "Alt", "Space", "Enter", "Tab", "PgUp", "PgDn", "Home", "End", "Del"}
    | {"Left", "Right", "Up", "Down"}
)
BOARD_CODE = re.compile(r"MS1(-[0-9A-Z]+)+")
PATH = re.compile(r"(/[^\s,]+)+")
TOKEN = re.compile(r"[0-9]*[A-Za-z][A-Za-z0-9/']*")


def outside_brackets(line: str, depth: int = 0) -> str:
    """`line` with every bracketed message blanked (a message placed into another nests; `depth`: brackets the
    lines before it in the same paragraph left open, a message wrapped over lines)."""
    outside = []
    for ch in line:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth = max(0, depth - 1)
        outside.append(" " if depth or ch == "]" else ch)
    return "".join(outside)


def still_open(line: str, depth: int = 0) -> int:
    """How many brackets are open at the end of a line, from `depth` open at its start."""
    for ch in line:
        depth = depth + 1 if ch == "[" else max(0, depth - 1) if ch == "]" else depth
    return depth


def english_left(line: str, allowed: Iterable[str] = (), depth: int = 0) -> list[str]:
    """The English words of a line in the pseudo-language that no message of the catalog made: the words outside
    its brackets, less notation, board codes, paths, function keys (F2) and `allowed` (names from outside: a
    player's, a file's; a word that is part of one counts as it, a name cut short by an ellipsis). `depth`: the
    brackets the lines before it in the same paragraph left open."""
    names = tuple(allowed)
    rest = outside_brackets(PATH.sub(" ", BOARD_CODE.sub(" ", line)), depth)
    return [
        word
        for word in TOKEN.findall(rest)
        if len(re.findall("[A-Za-z]", word)) > 1
        and word not in NOTATION
        and not re.fullmatch(r"F\d+", word)
        and not any(word in name for name in names)
    ]
