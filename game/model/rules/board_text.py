"""Boards as text: a layout drawn with '*' for mines and '.' for safe cells, and what the player sees."""

from __future__ import annotations

from collections.abc import Iterable

from .grid import SEEN_COVERED, SEEN_FLAG, SEEN_MINE, SEEN_QUESTION

# Board.seen_codes() -> the characters of seen_text(): 0-8, then covered, flag, question mark, revealed mine
_SEEN_TEXT = bytes.maketrans(
    bytes(range(9)) + bytes([SEEN_COVERED, SEEN_FLAG, SEEN_QUESTION, SEEN_MINE]), b"012345678#F?*"
)


def parse_layout(layout: str | Iterable[str]) -> tuple[int, int, list[tuple[int, int]]]:
    """(rows, cols, mine cells) of a layout: one string per row, or the rows as lines of one string.

    >>> parse_layout('''
    ...     .*.
    ...     ..*
    ... ''')
    (2, 3, [(0, 1), (1, 2)])
    """
    lines = layout.split() if isinstance(layout, str) else [line.strip() for line in layout]
    lines = [line for line in lines if line]
    if not lines:
        raise ValueError("A layout needs at least one row.")
    cols = len(lines[0])
    if any(len(line) != cols for line in lines):
        raise ValueError("Every row of a layout must be as long as the first.")
    if any(ch not in "*." for line in lines for ch in line):
        raise ValueError("A layout uses '*' for mines and '.' for safe cells only.")
    mine_cells = [(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch == "*"]
    return len(lines), cols, mine_cells


def seen_text(seen_codes: bytes, cols: int) -> str:
    """Board.seen_codes() as lines of text, one per row."""
    seen = seen_codes.translate(_SEEN_TEXT)
    return "\n".join(seen[start : start + cols].decode("ascii") for start in range(0, len(seen), cols))
