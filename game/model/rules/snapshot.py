"""A whole game as a JSON-safe dict, and back again, validated so a bad save never builds a broken board.

The cells are one string per row: '.' covered, 'F' flagged, '?' question mark, 'O' revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .board import Board

from . import grid as g
from .facts import GameState, validate_first_click, validate_size
from .move import Move, MoveKind

FORMAT = 1
CELL_CHARS = {g.COVERED: ".", g.FLAGGED: "F", g.QUESTIONED: "?", g.REVEALED: "O"}
CELL_STATES = {char: state for state, char in CELL_CHARS.items()}
CLICK_KEYS = ("left", "right", "chord", "effective")
_KIND_NAMES = tuple(kind.value for kind in MoveKind)  # a tuple: a hostile unhashable kind is no match, not a crash


# each cell state's character as a byte, for bytes.translate (a save is made after every move: a large board's
# rows are turned into text at C speed); any other byte becomes NUL, which no row may hold
_CHAR_OF_STATE = bytes(ord(CELL_CHARS[state]) if state in CELL_CHARS else 0 for state in range(256))


def board_to_dict(board: Board) -> dict[str, Any]:
    grid, states = board._grid, board._states
    cells = []
    for row in range(board.rows):
        start = grid.index(row, 0)
        line = states[start : start + board.cols].translate(_CHAR_OF_STATE)
        if 0 in line:
            raise KeyError(f"a cell of row {row} is in no state a save knows")
        cells.append(line.decode("ascii"))
    return {
        "format": FORMAT,
        "rows": board.rows,
        "cols": board.cols,
        "mines": board.mines,
        "seed": board.seed,
        "first_click": board.first_click,
        "question_marks": board.question_marks,
        "state": str(board.state),
        "mine_cells": [list(cell) for cell in board.mine_cells()] if board.mines_placed else None,
        "cells": cells,
        "exploded": list(board.exploded) if board.exploded else None,
        "clicks": {
            "left": board.left_clicks,
            "right": board.right_clicks,
            "chord": board.chord_clicks,
            "effective": board.effective_clicks,
        },
        "moves": [list(move) for move in board.moves],  # [kind, row, col, t_ms]
    }


def board_from_dict(cls: type[Board], data: Any) -> Board:
    try:
        return _rebuild(cls, data)
    except IndexError as error:  # a cell outside the board is bad data here, not a programming error
        raise ValueError(str(error)) from None


def _rebuild(cls: type[Board], data: Any) -> Board:
    if not isinstance(data, dict):
        raise TypeError(f"A saved game is a dict, not {type(data).__name__}.")
    missing = [
        key
        for key in (
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
        if key not in data
    ]
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

    board = cls(
        rows, cols, mines, seed=data["seed"], first_click=data["first_click"], question_marks=data["question_marks"]
    )
    if data["mine_cells"] is not None:
        mine_cells = _cell_list(data["mine_cells"], "mine_cells")
        if len(mine_cells) != mines:
            raise ValueError(f"The saved game lists {len(mine_cells)} mines but says it has {mines}.")
        board._lay_mines(board._indices(mine_cells, "mine"))
    elif state != GameState.READY:
        raise ValueError("A game under way must list its mines.")

    _restore_cells(board, data["cells"])
    _check_progress(board, state, data["exploded"])
    board.state = state
    _restore_clicks(board, data["clicks"], data["moves"])
    return board


def _cell_list(value: Any, what: str) -> list[tuple[int, int]]:
    if not isinstance(value, list):
        raise TypeError(f"{what} must be a list of [row, col] pairs.")
    cells = []
    for item in value:
        if not (isinstance(item, list) and len(item) == 2):
            raise ValueError(f"{what} holds {item!r}, which is not a [row, col] pair.")
        cells.append(tuple(item))
    return cells


def _restore_cells(board: Board, cells: Any) -> None:
    if not (
        isinstance(cells, list)
        and len(cells) == board.rows
        and all(isinstance(line, str) and len(line) == board.cols for line in cells)
    ):
        raise ValueError(f"The saved cells must be {board.rows} rows of {board.cols} characters.")
    allowed = ".FO?" if board.question_marks else ".FO"
    grid, states = board._grid, board._states
    for row, line in enumerate(cells):
        if line.strip(allowed):
            raise ValueError(f"Row {row} of the saved cells holds a character other than {allowed}.")
        start = grid.index(row, 0)
        states[start : start + board.cols] = bytes(CELL_STATES[ch] for ch in line)
    if board._mine is None and any("O" in line for line in cells):
        raise ValueError("Cells are revealed but no mines were laid.")
    board.flags = sum(line.count("F") for line in cells)
    board.revealed_count = sum(line.count("O") for line in cells)
    if board._mine is not None:
        revealed_mines = sum(1 for i, s in enumerate(states) if s == g.REVEALED and board._mine[i])
        board._safe_revealed = board.revealed_count - revealed_mines
        _, _, passable = board._laid()
        for i, s in enumerate(states):
            if s in (g.REVEALED, g.FLAGGED):
                passable[i] = 0


def _check_progress(board: Board, state: GameState, exploded: Any) -> None:
    revealed_mines = board.revealed_count - board._safe_revealed
    all_safe_open = board.safe_cells_left == 0
    if exploded is not None:
        ((row, col),) = _cell_list([exploded], "exploded")
        board._index(row, col)
        if state != GameState.LOST or not (board.is_mine(row, col) and board.is_revealed(row, col)):
            raise ValueError("The exploded cell must be a revealed mine of a lost game.")
        board.exploded = (row, col)
    if state == GameState.LOST:
        if exploded is None:
            raise ValueError("A lost game must say which mine exploded.")
    elif revealed_mines:
        raise ValueError(f"A mine is revealed in a game that was not lost ({state}).")
    if state == GameState.READY and board.revealed_count:
        raise ValueError("A game that has not started has no revealed cells.")
    if state == GameState.PLAYING and (not board.revealed_count or all_safe_open):
        raise ValueError("A game under way has some cells revealed and some safe cells still covered.")
    if state == GameState.WON and (not all_safe_open or board.flags != board.mines):
        raise ValueError("A won game has every safe cell revealed and every mine flagged.")


def _restore_clicks(board: Board, clicks: Any, moves: Any) -> None:
    if not (isinstance(clicks, dict) and set(clicks) == set(CLICK_KEYS)):
        raise ValueError(f"clicks must give exactly {', '.join(CLICK_KEYS)}.")
    for key in CLICK_KEYS:
        value = clicks[key]
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"The {key} click count must be a whole number >= 0, not {value!r}.")
    if clicks["effective"] > clicks["left"] + clicks["right"] + clicks["chord"]:
        raise ValueError("More effective clicks than clicks.")
    if not isinstance(moves, list):
        raise TypeError("moves must be a list.")
    log: list[Move] = []
    for move in moves:
        # [kind, row, col, t_ms]; saves of older versions have no time: [kind, row, col]
        if not (isinstance(move, list) and len(move) in (3, 4) and move[0] in _KIND_NAMES):
            raise ValueError(f"{move!r} is not a move [kind, row, col, t_ms].")
        board._index(move[1], move[2])
        t_ms = move[3] if len(move) == 4 else 0
        if isinstance(t_ms, bool) or not isinstance(t_ms, int) or t_ms < 0 or (log and t_ms < log[-1].t_ms):
            raise ValueError(f"{move!r} has no proper time: whole milliseconds that never go back.")
        log.append(Move(MoveKind(move[0]), move[1], move[2], t_ms))
    counted = {kind: sum(1 for move in log if move.kind == kind) for kind in MoveKind}
    right = counted[MoveKind.FLAG] + counted[MoveKind.UNFLAG]
    if (counted[MoveKind.REVEAL], right, counted[MoveKind.CHORD]) != (clicks["left"], clicks["right"], clicks["chord"]):
        raise ValueError("The move list does not match the click counts.")
    board.left_clicks, board.right_clicks = clicks["left"], clicks["right"]
    board.chord_clicks, board.effective_clicks = clicks["chord"], clicks["effective"]
    board._moves = log
    board.first_reveal = next((m.cell for m in log if m.kind == "reveal" and board.is_revealed(*m.cell)), None)
