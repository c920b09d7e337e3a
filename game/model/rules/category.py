"""Categories: the key a game's records are kept under ("expert", "custom:16x30x99") and how it reads."""

from __future__ import annotations

from .facts import PRESETS

CUSTOM_PREFIX = "custom:"


def size_text(rows: int, cols: int) -> str:
    """A board size as the player reads it everywhere: width first, as on the menu ("30 x 16")."""
    return f"{cols} x {rows}"


def mines_text(mines: int) -> str:
    return f"{mines} mine{'' if mines == 1 else 's'}"


def category_for(rows: int, cols: int, mines: int) -> str:
    """The preset key for the three classic sizes, else ``"custom:RxCxM"``."""
    for key, preset in PRESETS.items():
        if (preset.rows, preset.cols, preset.mines) == (rows, cols, mines):
            return key
    return f"{CUSTOM_PREFIX}{rows}x{cols}x{mines}"


def parse_custom(category: str) -> tuple[int, int, int] | None:
    """(rows, cols, mines) of a ``"custom:RxCxM"`` key, or None for anything else."""
    if not isinstance(category, str) or not category.startswith(CUSTOM_PREFIX):
        return None
    parts = category[len(CUSTOM_PREFIX) :].split("x")
    if len(parts) != 3 or not all(part.isascii() and part.isdigit() and len(part) <= 7 for part in parts):
        return None
    rows, cols, mines = (int(part) for part in parts)
    return rows, cols, mines


def category_label(category: str) -> str:
    """What the player reads: ``"Expert"``, ``"Custom 30 x 16, 99 mines"``."""
    if category in PRESETS:
        return PRESETS[category].name
    size = parse_custom(category)
    if size is None:
        return category[:40]  # not one of ours (a damaged row): shown, never trusted, never long
    rows, cols, mines = size
    return f"Custom {size_text(rows, cols)}, {mines_text(mines)}"
