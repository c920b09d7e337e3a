"""A game as its moves and their times: play it back, seek anywhere, measure it, and save it as a small file.

Times are milliseconds from the first reveal (the playing scene's clock; clicks before it count as 0).
"""

from __future__ import annotations

import json
from bisect import bisect_right
from dataclasses import dataclass, field

from game.language import _

from ..rules.board import Board
from ..rules.move import Move, MoveKind
from .check import FORMAT, LETTERS, VERSION, check_replay_data, parse_replay_json, replay_text_limits

KEYFRAME_EVERY = 25  # a snapshot every this many moves at least: a seek replays fewer than this many
# Keyframes of a huge board are big: past this many cells in all (cells x keyframes), space them out.
KEYFRAME_CELLS = 20_000_000
MAX_FILE_CHARS = 20_000_000


@dataclass(eq=False)
class Replay:
    """One game: its board (size, seed, rules and mines) and every click with its time."""

    rows: int
    cols: int
    mines: int
    seed: int
    first_click: str
    question_marks: bool
    mine_cells: (
        list[tuple[int, int]] | None
    )  # (row, col) of every mine; None while unlaid (the seed lays them at the 1st reveal)
    moves: list[Move]  # one per click the board logged
    elapsed_ms: int
    made: int = 0  # 1 when the first move was made for the player (same board, a code, a race): no click of theirs
    _keyframes: dict[int, Board] = field(
        default_factory=dict, init=False, repr=False
    )  # move count -> Board, no move log

    def __post_init__(self) -> None:
        if self.mine_cells is not None:  # a file gives [row, col] lists
            self.mine_cells = [(row, col) for row, col in self.mine_cells]
        self.moves = [Move(MoveKind(move[0]), *move[1:]) for move in self.moves]
        self._times = [move.t_ms for move in self.moves]
        if (self._times and self._times[0] < 0) or any(a > b for a, b in zip(self._times, self._times[1:])):
            raise ValueError("Move times must start at 0 or later and never go back.")
        if self.elapsed_ms < (self._times[-1] if self._times else 0):
            raise ValueError("A game cannot end before its last move.")
        if self.made not in (0, 1) or any(move.kind is not MoveKind.REVEAL for move in self.moves[: self.made]):
            raise ValueError("Only the first move, a reveal, is made for the player.")
        size = self.rows * self.cols * (len(self.moves) // KEYFRAME_EVERY + 1)
        self.keyframe_every = KEYFRAME_EVERY * max(1, -(-size // KEYFRAME_CELLS))

    def __repr__(self) -> str:
        return (
            f"Replay({self.rows}x{self.cols}, {self.mines} mines, seed={self.seed}, {len(self.moves)} moves, "
            f"{self.elapsed_ms} ms)"
        )

    @classmethod
    def from_game(cls, board: Board, elapsed_ms: int | None = None) -> Replay:
        """The replay of a game played on `board` (over or not): its logged clicks carry their times."""
        moves = list(board.moves)
        if elapsed_ms is None:
            elapsed_ms = moves[-1].t_ms if moves else 0
        replay = cls(
            board.rows,
            board.cols,
            board.mines,
            board.seed,
            board.first_click,
            board.question_marks,
            board.mine_cells() if board.mines_placed else None,
            moves,
            round(elapsed_ms),
            board.made_moves,
        )
        # the board is the game's end: kept as a keyframe, the final board needs no playing (a title, a file name)
        replay._keyframes[len(moves)] = board.copy(with_moves=False)
        return replay

    # --- playing back -------------------------------------------------------------------------------

    def fresh_board(self) -> Board:
        """The board before the first click."""
        if self.mine_cells is None:
            return Board(
                self.rows,
                self.cols,
                self.mines,
                seed=self.seed,
                first_click=self.first_click,
                question_marks=self.question_marks,
            )
        return Board.from_mines(
            self.rows,
            self.cols,
            self.mine_cells,
            seed=self.seed,
            first_click=self.first_click,
            question_marks=self.question_marks,
        )

    def board_after(self, count: int) -> Board:
        """The board as it was after the first `count` moves (0: before the first click)."""
        count = max(0, min(count, len(self.moves)))
        base = count if count in self._keyframes else count - count % self.keyframe_every
        while base and base not in self._keyframes:
            base -= self.keyframe_every
        board = self._restore(base)
        return self._play(board, base, count)

    def board_at(self, t_ms: float) -> Board:
        """The board as it was at t_ms: every move made by then is on it."""
        return self.board_after(self.moves_until(t_ms))

    def final_board(self) -> Board:
        return self.board_after(len(self.moves))

    def moves_until(self, t_ms: float) -> int:
        """How many moves had been made by time t_ms."""
        return bisect_right(self._times, t_ms)

    def _restore(self, count: int) -> Board:
        if count == 0:
            return self.fresh_board()
        # keyframes leave out the move log, which would make them grow with the game: it is put back here
        board = self._keyframes[count].copy(with_moves=False)
        board._moves = self.moves[:count]
        return board

    def _play(self, board: Board, done: int, count: int) -> Board:
        """Apply moves done..count-1 to a board that has had the first `done`, keeping keyframes on the way."""
        every = self.keyframe_every
        for n in range(done, count):
            board.apply(self.moves[n], made=n < self.made)
            if (n + 1) % every == 0 and n + 1 not in self._keyframes:
                self._keyframes[n + 1] = board.copy(with_moves=False)
        return board

    # --- files -----------------------------------------------------------------------------------------

    def to_json(self) -> str:
        mine_cells = None if self.mine_cells is None else [[r, c] for r, c in self.mine_cells]
        made = {"made": self.made} if self.made else {}  # older files, and games with none, leave it out
        return json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "rows": self.rows,
                "cols": self.cols,
                "mines": self.mines,
                "seed": self.seed,
                "first_click": self.first_click,
                "question_marks": self.question_marks,
                "mine_cells": mine_cells,
                "moves": [[LETTERS[kind], r, c, t] for kind, r, c, t in self.moves],
                "elapsed_ms": self.elapsed_ms,
                **made,
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str | bytes, max_side: int | None = None) -> Replay:
        """Read a replay file; a tampered, truncated or foreign file raises ValueError saying what is wrong.
        With `max_side` (the game's own limit), a file larger than a game of that size could be, or of a
        larger board, is refused before anything is parsed, built or played: a
        hostile file costs its time in the parser, so it never gets that far."""
        max_chars, max_lists = replay_text_limits(max_side) if max_side is not None else (MAX_FILE_CHARS, None)
        replay = cls(**check_replay_data(parse_replay_json(text, max_chars, max_lists), max_side))
        try:
            final = replay.final_board()  # plays every move once, which also lays every keyframe
        except (ValueError, TypeError, IndexError) as error:
            raise ValueError(_("That replay does not play back: {error}").format(error=error)) from None
        if len(final.moves) != len(replay.moves):
            raise ValueError(_("That replay has moves after its game ended."))
        return replay
