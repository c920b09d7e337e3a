"""A whole game as a JSON-safe dict, and back again: the save's format, read into a `Snapshot` whose every field
is checked for its type, its range and its agreement with the others. What only a board can check (its cells
against its mines, its progress) is `Board.restore`'s, the one way a board is rebuilt from a snapshot.

The cells are one string per row: '.' covered, 'F' flagged, '?' question mark, 'O' revealed.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .facts import GameState, validate_first_click, validate_size
from .grid import Cell
from .move import Move, MoveKind

FORMAT = 1
CLICK_KEYS = ("left", "right", "chord", "effective")
KEYS = (
    "format",
    "rows",
    "cols",
    "mines",
    "seed",
    "first_click",
    "question_marks",
    "state",
    "mine_cells",
    "cells",
    "exploded",
    "clicks",
    "moves",
)
# the kinds a move log holds, as a tuple: a hostile unhashable kind is no match, not a crash
_KIND_NAMES = tuple(kind.value for kind in MoveKind if kind.logged)


class Clicks(NamedTuple):
    left: int
    right: int
    chord: int
    effective: int  # clicks that changed the board


class Snapshot(NamedTuple):
    """A whole game as plain values, each checked on its own and against the others."""

    rows: int
    cols: int
    mines: int
    seed: int
    first_click: str
    question_marks: bool
    state: GameState
    mine_cells: list[Cell] | None  # None before the first reveal laid them
    cells: list[str]  # a row each: '.' covered, 'F' flagged, '?' question mark, 'O' revealed
    exploded: Cell | None
    clicks: Clicks
    moves: list[Move]  # [kind, row, col, t_ms] each, as the board logged them
    made: int = 0  # how many of the first moves were made for the player (counted in no click count)


def snapshot_to_dict(snapshot: Snapshot) -> dict[str, Any]:
    """The snapshot as a save writes it (JSON-safe)."""
    s = snapshot
    data: dict[str, Any] = {
        "format": FORMAT,
        "rows": s.rows,
        "cols": s.cols,
        "mines": s.mines,
        "seed": s.seed,
        "first_click": s.first_click,
        "question_marks": s.question_marks,
        "state": str(s.state),
        "mine_cells": [list(cell) for cell in s.mine_cells] if s.mine_cells is not None else None,
        "cells": list(s.cells),
        "exploded": list(s.exploded) if s.exploded else None,
        "clicks": dict(zip(CLICK_KEYS, s.clicks)),
        "moves": [list(move) for move in s.moves],
    }
    if s.made:  # a save without it (any older one) made no click for the player
        data["made"] = s.made
    return data


def snapshot_from_dict(data: Any) -> Snapshot:
    """A save read back, every field checked; TypeError or ValueError saying what is wrong."""
    if not isinstance(data, dict):
        raise TypeError(f"A saved game is a dict, not {type(data).__name__}.")
    missing = [key for key in KEYS if key not in data]
    if missing:
        raise ValueError(f"The saved game lacks {', '.join(missing)}.")
    if type(data["format"]) is not int or data["format"] != FORMAT:  # True == 1, but it is no format number
        raise ValueError(f"Saved game format {data['format']!r} is not one this version reads.")
    if type(data["seed"]) is not int:  # None would deal a random board instead of this one
        raise TypeError(f"The saved seed must be a whole number, not {data['seed']!r}.")
    rows, cols, mines = data["rows"], data["cols"], data["mines"]
    validate_size(rows, cols, mines)
    validate_first_click(data["first_click"])
    if not isinstance(data["question_marks"], bool):
        raise TypeError("question_marks must be true or false.")
    if data["state"] not in [s.value for s in GameState]:
        raise ValueError(f"Unknown game state {data['state']!r}.")
    state = GameState(data["state"])
    mine_cells = None
    if data["mine_cells"] is not None:
        mine_cells = _cell_list(data["mine_cells"], "mine_cells")
        if len(mine_cells) != mines:
            raise ValueError(f"The saved game lists {len(mine_cells)} mines but says it has {mines}.")
    elif state != GameState.READY:
        raise ValueError("A game under way must list its mines.")
    cells = _cells(data["cells"], rows, cols, data["question_marks"])
    if mine_cells is None and any("O" in line for line in cells):
        raise ValueError("Cells are revealed but no mines were laid.")
    exploded = _cell_list([data["exploded"]], "exploded")[0] if data["exploded"] is not None else None
    clicks = _clicks(data["clicks"])
    made = data.get("made", 0)
    if type(made) is not int or made not in (0, 1):
        raise ValueError(f"At most the first click is made for the player, not {made!r}.")
    moves = _moves(data["moves"], rows, cols, clicks, made)
    return Snapshot(
        rows,
        cols,
        mines,
        data["seed"],
        data["first_click"],
        data["question_marks"],
        state,
        mine_cells,
        cells,
        exploded,
        clicks,
        moves,
        made,
    )


def _cell_list(value: Any, what: str) -> list[Cell]:
    if not isinstance(value, list):
        raise TypeError(f"{what} must be a list of [row, col] pairs.")
    cells = []
    for item in value:
        if not (isinstance(item, list) and len(item) == 2):
            raise ValueError(f"{what} holds {item!r}, which is not a [row, col] pair.")
        cells.append((item[0], item[1]))
    return cells


def _cells(cells: Any, rows: int, cols: int, question_marks: bool) -> list[str]:
    if not (
        isinstance(cells, list) and len(cells) == rows and all(isinstance(x, str) and len(x) == cols for x in cells)
    ):
        raise ValueError(f"The saved cells must be {rows} rows of {cols} characters.")
    allowed = ".FO?" if question_marks else ".FO"
    for row, line in enumerate(cells):
        if line.strip(allowed):
            raise ValueError(f"Row {row} of the saved cells holds a character other than {allowed}.")
    return list(cells)


def _clicks(clicks: Any) -> Clicks:
    if not (isinstance(clicks, dict) and set(clicks) == set(CLICK_KEYS)):
        raise ValueError(f"clicks must give exactly {', '.join(CLICK_KEYS)}.")
    for key in CLICK_KEYS:
        value = clicks[key]
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"The {key} click count must be a whole number >= 0, not {value!r}.")
    if clicks["effective"] > clicks["left"] + clicks["right"] + clicks["chord"]:
        raise ValueError("More effective clicks than clicks.")
    return Clicks(*(clicks[key] for key in CLICK_KEYS))


def _moves(moves: Any, rows: int, cols: int, clicks: Clicks, made: int = 0) -> list[Move]:
    if not isinstance(moves, list):
        raise TypeError("moves must be a list.")
    log: list[Move] = []
    for move in moves:
        # [kind, row, col, t_ms]; saves of older versions have no time: [kind, row, col]
        if not (isinstance(move, list) and len(move) in (3, 4) and move[0] in _KIND_NAMES):
            raise ValueError(f"{move!r} is not a move [kind, row, col, t_ms].")
        row, col = move[1], move[2]
        if isinstance(row, bool) or isinstance(col, bool) or not (isinstance(row, int) and isinstance(col, int)):
            raise TypeError(f"A cell is a pair of whole numbers, not ({row!r}, {col!r}).")
        if not (0 <= row < rows and 0 <= col < cols):
            raise ValueError(f"({row}, {col}) is outside this {rows}x{cols} board.")
        t_ms = move[3] if len(move) == 4 else 0
        if isinstance(t_ms, bool) or not isinstance(t_ms, int) or t_ms < 0 or (log and t_ms < log[-1].t_ms):
            raise ValueError(f"{move!r} has no proper time: whole milliseconds that never go back.")
        log.append(Move(MoveKind(move[0]), row, col, t_ms))
    if any(move.kind is not MoveKind.REVEAL for move in log[:made]) or len(log) < made:
        raise ValueError("A click made for the player is the first reveal.")
    counted = {kind: sum(1 for move in log if move.kind is kind) for kind in MoveKind}
    right = counted[MoveKind.FLAG] + counted[MoveKind.UNFLAG]
    reveals = counted[MoveKind.REVEAL] - made  # the click made for the player is not the player's
    if (reveals, right, counted[MoveKind.CHORD]) != (clicks.left, clicks.right, clicks.chord):
        raise ValueError("The move list does not match the click counts.")
    return log
