"""What is kept of a game: the record of a finished one, the save of one under way, and the checks a save
must pass before it is played again. No pygame here."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from enum import Enum
from typing import NamedTuple

from game.config import CUSTOM_MAX_SIDE as MAX_SIDE
from game.config import CUSTOM_MIN_SIDE as MIN_SIDE
from game.model import Board, GameState
from game.model.category import category_for, category_label


class Origin(str, Enum):
    """Where a board came from. Boards seen before (the same board again, a code) are recorded but never
    count for best times."""

    NEW = "new"
    SAME_BOARD = "same board"
    CODE = "code"


@dataclass(kw_only=True)
class GameRecord:
    """One finished game, as the records keep it."""

    rows: int
    cols: int
    mines: int
    won: bool
    time_ms: int
    three_bv: int
    seed: int | None = None
    first_click: str = "opening"
    no_guess: bool = False
    left_clicks: int = 0
    right_clicks: int = 0
    chord_clicks: int = 0
    effective_clicks: int = 0  # clicks that changed the board; wasted = total - effective
    hinted: bool = False
    same_board: bool = False
    abandoned: bool = False  # left under way for another game: a loss
    played_at: datetime | str = field(default_factory=lambda: datetime.now(timezone.utc))
    solved_three_bv: int | None = None  # the 3BV of what the player opened: all of it on a win
    replay: str | None = None  # the game's move log, as a replay file's JSON
    category: str | None = None  # derived from the size when left out

    def __post_init__(self) -> None:
        derived = category_for(self.rows, self.cols, self.mines)
        if self.category is None:
            self.category = derived
        elif self.category != derived:
            raise ValueError(
                f"category {self.category!r} does not match a {self.rows}x{self.cols} board "
                f"with {self.mines} mines ({derived!r})"
            )
        if self.won and self.abandoned:
            raise ValueError("an abandoned game is not won")

    @property
    def total_clicks(self) -> int:
        return self.left_clicks + self.right_clicks + self.chord_clicks

    @property
    def wasted_clicks(self) -> int:
        return self.total_clicks - self.effective_clicks


class SavedGame(NamedTuple):
    """A game under way as the records keep it, to resume after the window closes or the game is killed."""

    board: dict
    elapsed_ms: int
    category: str
    extra: dict | None
    saved_at: datetime | None = None

    def describe(self) -> str:
        """For the menu's button: ``"Expert, 42 s"``."""
        return f"{category_label(self.category)}, {self.elapsed_ms // 1000} s"


# --- checking a save ------------------------------------------------------------------------------------------

SAVED_MARKS = ("same_board", "hinted", "no_guess")  # true/false marks beside the board ("same_board": older saves)


def checked_save(saved: SavedGame) -> tuple[Board, dict]:
    """The board of a save and the details beside it, or ValueError saying what is wrong. A save is taken
    only if it is what this game writes: a board of a size the game makes, under way, whose move log,
    replayed from its seed (or its mines), gives exactly the cells, clicks and state saved."""
    extra = saved.extra or {}
    if not isinstance(extra, dict):
        raise ValueError("its details are not a record")
    for key in SAVED_MARKS:
        if not isinstance(extra.get(key, False), bool):
            raise ValueError(f"its {key.replace('_', ' ')} mark is not true or false")
    if "origin" in extra and extra["origin"] not in [o.value for o in Origin]:
        raise ValueError("it does not say where its board came from")
    data = saved.board
    if not isinstance(data, dict):
        raise ValueError("its board is not a record")
    sides = (data.get("rows"), data.get("cols"))
    if not all(type(v) is int and MIN_SIDE <= v <= MAX_SIDE for v in sides):
        raise ValueError(f"its board is not a size this game makes ({MIN_SIDE} to {MAX_SIDE} a side)")
    try:
        board = Board.from_dict(data)
    except (ValueError, TypeError, KeyError, IndexError) as error:
        raise ValueError(f"it was not a valid game ({str(error)[:200]})") from None
    if board.state != GameState.PLAYING:
        raise ValueError(
            "it had not started" if board.state == GameState.READY else f"the game was already {board.state}"
        )
    if saved.category != category_for(board.rows, board.cols, board.mines):
        raise ValueError("its category does not match its board")
    times = extra.get("times")
    if times is not None:  # older saves keep the move times beside the board
        if not (
            isinstance(times, list)
            and len(times) == len(board.moves)
            and all(type(t) is int and t >= 0 for t in times)
            and all(a <= b for a, b in zip(times, times[1:]))
        ):
            raise ValueError("its move times are not whole milliseconds in order")
        board.moves = [move.at(t) for move, t in zip(board.moves, times)]
    if board.moves and saved.elapsed_ms < board.moves[-1].t_ms:
        raise ValueError("its clock is behind its moves")
    return _replayed(board), extra


def _replayed(saved: Board) -> Board:
    """The saved board rebuilt by playing its move log again; ValueError unless that gives the same game."""
    rules = {"seed": saved.seed, "first_click": saved.first_click, "question_marks": saved.question_marks}
    candidates = [lambda: Board(saved.rows, saved.cols, saved.mines, **rules)]
    candidates.append(lambda: Board.from_mines(saved.rows, saved.cols, saved.mine_cells(), **rules))
    wanted = saved.to_dict()
    for make in candidates:  # mines from the seed, else laid beforehand (no-guess, same board)
        board = make()
        for move in saved.moves:
            board.apply(move)
        if board.to_dict() == wanted:
            return board
    raise ValueError("its moves do not lead to its board")
