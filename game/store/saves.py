"""The saved game read back from the records: bounded before it is parsed, checked before it is handed on.

A damaged or hostile value never reaches the game: a text longer than any save this game writes is not even
fetched whole, nor parsed, nesting too deep for the parser is an unreadable save, not a crash at
every start.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from game.store.games import clamp_ms, to_utc
from game.store.kept import MAX_CATEGORY_CHARS, MAX_SAVE_CHARS, MAX_SAVE_LISTS, SavedGame

UNREADABLE = (ValueError, TypeError, AttributeError, RecursionError, OverflowError)


def fetch(db: sqlite3.Connection) -> tuple[Any, ...] | None:
    """The saved game's row, each text cut one character past the longest this game writes."""
    row: tuple[Any, ...] | None = db.execute(
        "SELECT substr(category, 1, ?), elapsed_ms, substr(board, 1, ?), substr(extra, 1, ?), saved_at, save_id "
        "FROM resume WHERE slot = 0",
        (MAX_CATEGORY_CHARS + 1, MAX_SAVE_CHARS + 1, MAX_SAVE_CHARS + 1),
    ).fetchone()
    return row


def saved_game(row: tuple[Any, ...]) -> SavedGame:
    """The SavedGame in a row from `fetch`; one of UNREADABLE when it cannot be read."""
    category, elapsed, board, extra, saved_at, save_id = row
    if not isinstance(category, str) or len(category) > MAX_CATEGORY_CHARS:
        raise ValueError("its category is not one this game writes")
    for text in (board, extra):
        if isinstance(text, str) and (len(text) > MAX_SAVE_CHARS or text.count("[") > MAX_SAVE_LISTS):
            raise ValueError("it is larger than any save this game writes")
    if not isinstance(board, str) or not (board.startswith("{") and board.endswith("}")):
        raise ValueError("its board is not a record")  # a look at its ends; the rest is read when it is checked
    extra = None if extra is None else json.loads(extra)  # the board's text is parsed when the save is checked
    if not (extra is None or isinstance(extra, dict)):
        raise ValueError("it is not an object")
    if not isinstance(elapsed, int):
        raise ValueError("its time is not a whole number")
    elapsed, _ = clamp_ms(elapsed)
    return SavedGame(board, elapsed, category, extra, to_utc(saved_at), save_id if isinstance(save_id, str) else None)
