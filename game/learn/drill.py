"""Pattern drill positions, cut from games the solver plays: positions where exactly one deduction is open to the
player, filed under the rule it needs (one number, two numbers together, several together, or the mines left),
and chosen to train the rules the player gets wrong. No pygame here.

The solver plays Intermediate games as a careful player would: one deduction at a time, flagging the mines it
proves, guessing the safest cell only when nothing is certain. Each position it reaches where the cells the
numbers prove are exactly the cells of one deduction (or, with no deduction left, cells only the mine count
settles) is a drill position.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from datetime import datetime
from typing import NamedTuple

from game.learn.puzzle import Puzzle
from game.model import (
    COVERED,
    SEEN_COVERED,
    SEEN_FLAG,
    Board,
    Cell,
    Deduction,
    GameState,
    Move,
    MoveKind,
    analyse,
    deductions,
)

DRILL_BOARD = (16, 16, 40)  # rows, columns, mines: Intermediate, where every rule comes up
DRILL_RULES = ("single", "pair", "combined", "count")
MISTAKE_WEIGHT = 3  # a rule the player got wrong once comes up this many times more often
GAMES_PER_ASK = 40  # games played looking for a position of the rule asked before taking any rule


FOCUS_AROUND = 2  # cells shown around what matters, so its numbers show with what lies around them
FOCUS_LEAST = 8  # the part shown is never narrower or shorter than this many cells (when the board has them)


class Focus(NamedTuple):
    """A part of the board: its top row, left column, and how many rows and columns."""

    top: int
    left: int
    rows: int
    cols: int

    def cut(self, board_rows: int, board_cols: int) -> tuple[bool, bool, bool, bool]:
        """Which of its sides (top, left, bottom, right) cut through the board rather than lie on its edge."""
        return (
            self.top > 0,
            self.left > 0,
            self.top + self.rows < board_rows,
            self.left + self.cols < board_cols,
        )


def game_key(game_id: int, played_at: datetime | None) -> str:
    """How the learning progress names a recorded game: its id and when it was played (the records give a new
    game the id of one forgotten)."""
    return f"{game_id}/{'-' if played_at is None else round(played_at.timestamp() * 1000)}"


class OwnGame(NamedTuple):
    """Where a position of the player's own came from: the recorded game, when it was played, the index of the
    move that guessed and the cell it clicked."""

    game_id: int
    played_at: datetime
    move: int
    guessed: Cell

    @property
    def key(self) -> str:
        """How the learning progress names the position once it is answered right."""
        return f"{game_key(self.game_id, self.played_at)}:{self.move}"


class DrillPosition(NamedTuple):
    board: Board  # the position, a copy the player may play on
    rule: str  # one of DRILL_RULES
    safe: frozenset[Cell]
    mines: frozenset[Cell]
    proof: tuple[Cell, ...]  # the numbers of its simplest proof (none for the mine count)
    reason: str  # why, in the hint engine's words
    cells: tuple[Cell, ...] = ()  # the cells it proves
    named: tuple[Cell, ...] = ()  # the other cells the reason names (mines a number already touches)
    game: OwnGame | None = None  # the player's own game it is from (None: the solver's)

    def puzzle(self) -> Puzzle:
        """The position to play: its flags are the solver's, each on a mine a proof placed. One from the player's
        own game asks for one certainly safe cell, as the click they guessed could have been; their flags count
        only where the numbers prove a mine."""
        b = self.board
        if self.game is not None:
            return Puzzle(b.copy(), self.safe, self.mines, any_safe=True, rule=self.rule)
        flags = [(r, c) for r in range(b.rows) for c in range(b.cols) if b.is_flagged(r, c)]
        return Puzzle(b.copy(), self.safe, self.mines, rule=self.rule, known_flags=flags)

    def focus(self) -> Focus:
        """The part of the board the deduction lives in: the cells to find, the numbers that prove them and the
        numbers around them, FOCUS_AROUND more cells all round, at least FOCUS_LEAST a side. The mine count
        speaks of every covered cell, so a position of that rule shows them all. What the numbers prove is the
        whole board's either way: this is only where to look.

        >>> from game.learn.puzzle import board_from_text
        >>> rows = ["oooooooooooo", "ooo1-1oooooo", "ooo1*1oooooo"] + ["o" * 12] * 9
        >>> board = board_from_text(rows)
        >>> DrillPosition(board, "single", frozenset(), frozenset({(2, 4)}), ((1, 3),), "").focus()
        Focus(top=0, left=0, rows=8, cols=8)
        """
        board = self.board
        # the player's own position: the cell they guessed, and the safe cell and its proof (any safe cell does)
        asked = self.safe | self.mines if self.game is None else {*self.cells, self.game.guessed}
        cells = set(asked) | set(self.proof)
        for row, col in asked:
            cells.update(
                (r, c)
                for r in range(max(0, row - 1), min(board.rows, row + 2))
                for c in range(max(0, col - 1), min(board.cols, col + 2))
            )
        if self.rule == "count":
            seen = board.seen_codes()
            cells.update(divmod(i, board.cols) for i, code in enumerate(seen) if code == SEEN_COVERED)
        top, left = _span({r for r, _ in cells}, board.rows), _span({c for _, c in cells}, board.cols)
        return Focus(top[0], left[0], top[1], left[1])


def positions_of_game(rng: random.Random, size: tuple[int, int, int] = DRILL_BOARD) -> Iterator[DrillPosition]:
    """Play one game with the solver and yield the drill positions it passes through."""
    rows, cols, mines = size
    board = Board(rows, cols, mines, seed=rng.randrange(2**31), first_click="opening")
    board.reveal(rng.randrange(rows), rng.randrange(cols))
    while board.state == GameState.PLAYING:
        seen = board.seen_codes()
        covered = {divmod(i, cols) for i, code in enumerate(seen) if code == SEEN_COVERED}
        visible = [code if code <= 8 else COVERED for code in seen]
        flags = [i for i, code in enumerate(seen) if code == SEEN_FLAG]  # each on a mine a proof placed
        found = [d for d in deductions(rows, cols, visible, known_mines=flags) if _new_cells(d, cols) & covered]
        if len(found) > 1:  # play all but one, as the player would have, and look again
            for deduction in found[:-1]:
                _play(board, deduction, covered)
            continue
        analysis = analyse(board)
        safe, mined = analysis.safe & covered, analysis.mines & covered
        position = None
        if found and _new_cells(found[0], cols) == safe | mined:
            position = _filed(board, found[0].rule, safe, mined)
        elif not found and (safe or mined) and analysis.exact:
            by_count = all(analysis.needs_mine_count(*cell) for cell in safe | mined)
            if by_count or not any(analysis.needs_mine_count(*cell) for cell in safe | mined):
                position = _filed(board, "count" if by_count else "combined", safe, mined)
        if position is not None:
            yield position
        if found:
            _play(board, found[0], covered)
        elif safe or mined:
            for cell in sorted(safe):
                board.apply(Move(MoveKind.REVEAL, *cell))
            for cell in sorted(mined):
                board.apply(Move(MoveKind.TOGGLE_FLAG, *cell))
        else:  # nothing is certain: the safest cell, as a player would guess
            chances = analysis.probabilities
            board.apply(Move(MoveKind.REVEAL, *min(chances, key=lambda cell: (chances[cell], cell))))


def _span(indices: set[int], length: int) -> tuple[int, int]:
    """(start, size) of the stretch of rows (or columns) from 0 to `length` that holds `indices` with FOCUS_AROUND
    to spare on each side, widened evenly to FOCUS_LEAST, kept on the board."""
    low, high = max(0, min(indices) - FOCUS_AROUND), min(length - 1, max(indices) + FOCUS_AROUND)
    while high - low + 1 < min(FOCUS_LEAST, length):
        if low > 0 and (high - low) % 2 == 0 or high == length - 1:
            low -= 1
        else:
            high += 1
    return low, high - low + 1


def _play(board: Board, deduction: Deduction, covered: set[Cell]) -> None:
    kind = MoveKind.REVEAL if deduction.value == 0 else MoveKind.TOGGLE_FLAG
    for cell in _new_cells(deduction, board.cols) & covered:
        board.apply(Move(kind, *cell))


def _new_cells(deduction: Deduction, cols: int) -> set[Cell]:
    return {divmod(j, cols) for j in deduction.cells}


def _filed(board: Board, rule: str, safe: set[Cell], mined: set[Cell]) -> DrillPosition | None:
    """The position, filed under `rule`, with its simplest proof (the one the player is shown); None when that
    proof is by another rule (fewer numbers of a harder rule): it would teach something else than it says."""
    position = DrillPosition(board.copy(), rule, frozenset(safe), frozenset(mined), (), "")
    told = position.puzzle().why()
    if told is None or told.rule != rule:
        return None
    return position._replace(proof=told.proof, reason=told.reason, cells=told.cells, named=told.named)


def choose_rule(rng: random.Random, mistakes: Mapping[str, int]) -> str:
    """The rule to practise next: each comes up, the ones the player got wrong more often."""
    weights = [1 + MISTAKE_WEIGHT * max(0, int(mistakes.get(rule, 0))) for rule in DRILL_RULES]
    return rng.choices(DRILL_RULES, weights)[0]


def next_position(rng: random.Random, rule: str, cancelled: Callable[[], bool] = lambda: False) -> DrillPosition | None:
    """A drill position of `rule`, or of any rule if none came up in GAMES_PER_ASK games; None if cancelled."""
    fallback = None
    for _ in range(GAMES_PER_ASK):
        for position in positions_of_game(rng):
            if cancelled():
                return None
            if position.rule == rule:
                return position
            fallback = fallback or position
    return fallback
