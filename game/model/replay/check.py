"""Checking a replay file before anything is built from it: the text, then every field and every move."""

from __future__ import annotations

import json
from typing import Any

from game.language import _, ngettext

from ..rules.facts import FIRST_CLICK_RULES, validate_size
from ..rules.move import Move, MoveKind
from . import stepwise

FORMAT, VERSION = "minesweeper-replay", 1
LETTERS = {"reveal": "r", "flag": "f", "unflag": "u", "chord": "c"}  # how a move's kind is written in a file
KINDS = {letter: MoveKind(kind) for kind, letter in LETTERS.items()}

MAX_ELAPSED_MS = 7 * 24 * 3600 * 1000  # as the records' own limit: longer is a broken clock, not a game
MAX_MOVES_PER_CELL = 10  # far more clicks than any real game, few enough that a file cannot choke us (a
# 100x100 file at the limit, 100,100 moves, reads in about a second)
KEYS = ("rows", "cols", "mines", "seed", "first_click", "question_marks", "mine_cells", "moves", "elapsed_ms")


CHARS_PER_LIST = 40  # a move written out in full, with room to spare for spaces: ["r",99,99,604800000],


def replay_text_limits(max_side: int) -> tuple[int, int]:
    """The most characters, and the most lists ('['), in the JSON of a game (a replay, a save) on a board up to
    `max_side` a side: a move list at its limit, a mine on every cell, a row of cells per row. A text over
    either is refused before it is parsed: parsing is where a hostile file costs (20 MB of "[]" take half a
    gigabyte to parse)."""
    cells = max_side * max_side
    lists = MAX_MOVES_PER_CELL * cells + 100 + cells + max_side + 16
    return CHARS_PER_LIST * lists + 65_536, lists


def parse_replay_json(text: str | bytes | bytearray, max_chars: int, max_lists: int | None = None) -> Any:
    """The JSON inside a replay file's text (str or UTF-8 bytes), or ValueError."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > 4 * max_chars:  # no decoding of what is far too large in any encoding
            raise ValueError(_("That file is far too large to be a replay."))
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(_("That is not a replay file: it is not text.")) from None
    if not isinstance(text, str):
        raise ValueError("A replay is read from text.")
    if len(text) > max_chars or (max_lists is not None and text.count("[") > max_lists):
        raise ValueError(_("That file is far too large to be a replay."))
    try:
        return stepwise.read_json(text)  # a thread reading a large file lets the frames run meanwhile
    except (ValueError, RecursionError) as error:  # ValueError: also a number of thousands of digits
        if isinstance(error, json.JSONDecodeError):
            raise ValueError(
                _("That replay file is damaged or cut short (not valid JSON at line {line}).").format(line=error.lineno)
            ) from None
        raise ValueError(_("That replay file is damaged or cut short (not valid JSON).")) from None


def check_replay_data(data: Any, max_side: int | None = None) -> dict[str, Any]:
    """The Replay constructor's arguments from a parsed replay file, or ValueError naming the problem. A board
    over `max_side` a side is refused before anything is built."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(_("That is not a Minesweeper replay file."))
    if data.get("version") != VERSION:
        raise ValueError(
            _("That replay is version {version}; this game reads version {ours}.").format(
                version=repr(data.get("version")), ours=VERSION
            )
        )
    missing = [key for key in KEYS if key not in data]
    if missing:
        # TRANSLATORS: {keys} are the names of the file's fields (rows, moves...), left as they are
        raise ValueError(_("That replay file is incomplete: it has no {keys}.").format(keys=", ".join(missing)))
    rows, cols, mines = _checked_board(data, max_side)
    mine_cells = _checked_mines(data["mine_cells"], rows, cols, mines)
    moves = _checked_moves(data["moves"], rows, cols)
    elapsed = data["elapsed_ms"]
    if not (_integer(elapsed) and elapsed >= (moves[-1].t_ms if moves else 0)):
        raise ValueError(_("That replay's length is missing or shorter than its moves."))
    if elapsed > MAX_ELAPSED_MS:
        raise ValueError(_("That replay lasts longer than a week: its times are not a game's."))
    made = data.get("made", 0)  # older files have none: no click was made for the player
    if not (_integer(made) and made in (0, 1) and (not made or (moves and moves[0].kind is MoveKind.REVEAL))):
        raise ValueError(_("That replay says a click was made for the player that is not its first reveal."))
    return {
        "rows": rows,
        "cols": cols,
        "mines": mines,
        "seed": data["seed"],
        "first_click": data["first_click"],
        "question_marks": data["question_marks"],
        "mine_cells": mine_cells,
        "moves": moves,
        "elapsed_ms": elapsed,
        "made": made,
    }


def _checked_board(data: dict[str, Any], max_side: int | None) -> tuple[int, int, int]:
    """The board's size, after its size, seed and rules are checked."""
    rows, cols, mines = data["rows"], data["cols"], data["mines"]
    try:
        validate_size(rows, cols, mines)
    except (TypeError, ValueError) as error:
        raise ValueError(_("That replay's board is impossible: {error}").format(error=error)) from None
    if max_side is not None and (rows > max_side or cols > max_side):
        raise ValueError(
            _("Its board is {width}x{height}; this game shows boards up to {most}x{most}.").format(
                width=cols, height=rows, most=max_side
            )
        )
    seed = data["seed"]
    if not (_integer(seed) and -(2**63) <= seed < 2**64):
        raise ValueError(_("That replay's seed is not a whole number."))
    if data["first_click"] not in FIRST_CLICK_RULES:
        raise ValueError(_("That replay's first-click rule is unknown."))
    if not isinstance(data["question_marks"], bool):
        raise ValueError(_("That replay's question-mark setting is not true or false."))
    return rows, cols, mines


def _checked_mines(mine_cells: Any, rows: int, cols: int, mines: int) -> list[tuple[int, int]] | None:
    """The mines' cells; None when no reveal had laid them yet (the seed lays them at the replay's first)."""
    if mine_cells is None:
        return None
    if not isinstance(mine_cells, list) or len(mine_cells) != mines:
        raise ValueError(
            ngettext("That replay should list {count} mine.", "That replay should list {count} mines.", mines).format(
                count=mines
            )
        )
    cells = [_cell(item, rows, cols) for item in mine_cells]
    on_board = [cell for cell in cells if cell is not None]
    if len(on_board) != len(cells):
        raise ValueError(_("That replay has a mine off the board."))
    if len(set(on_board)) != len(on_board):
        raise ValueError(_("That replay lists a mine twice."))
    return on_board


def _checked_moves(moves: Any, rows: int, cols: int) -> list[Move]:
    if not isinstance(moves, list) or len(moves) > MAX_MOVES_PER_CELL * rows * cols + 100:
        raise ValueError(_("That replay's move list is not a list of moves, or is impossibly long."))
    checked: list[Move] = []
    last = 0
    for n, item in enumerate(moves, 1):
        if not (isinstance(item, list) and len(item) == 4 and isinstance(item[0], str) and item[0] in KINDS):
            raise ValueError(_("Move {number} of that replay is not a move.").format(number=n))
        cell = _cell(item[1:3], rows, cols)
        if cell is None:
            raise ValueError(_("Move {number} of that replay is off the board.").format(number=n))
        t = item[3]
        if not (_integer(t) and t >= 0):
            raise ValueError(_("Move {number} of that replay has no proper time.").format(number=n))
        if t < last:
            raise ValueError(_("Move {number} of that replay goes back in time.").format(number=n))
        last = t
        checked.append(Move(KINDS[item[0]], cell[0], cell[1], t))
    return checked


def _integer(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cell(item: object, rows: int, cols: int) -> tuple[int, int] | None:
    """(row, col) from a [row, col] on the board, else None."""
    if (
        isinstance(item, list)
        and len(item) == 2
        and _integer(item[0])
        and _integer(item[1])
        and 0 <= item[0] < rows
        and 0 <= item[1] < cols
    ):
        return item[0], item[1]
    return None
