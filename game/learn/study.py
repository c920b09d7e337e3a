"""Study a game: the position just before the losing click, or before any other click made while a cell was
certainly safe, to try again (practice only: nothing is recorded). No pygame here."""

from __future__ import annotations

from game.learn.puzzle import Puzzle
from game.model import GameState, Replay, analyse


def study_json(replay_json: str, before: int | None = None) -> Puzzle | None:
    """`study_puzzle` of a replay given as its JSON (how a worker process is handed a large game)."""
    return study_puzzle(Replay.from_json(replay_json), before)


def study_puzzle(replay: Replay, before: int | None = None) -> Puzzle | None:
    """The position before the move `before` (by default the game's last click, the losing one), asking for one
    certainly safe cell; None when the game was over by then or nothing was certain then (a forced guess:
    nothing to study)."""
    if not replay.moves:
        return None
    before = len(replay.moves) - 1 if before is None else before
    if not 0 <= before < len(replay.moves):
        return None
    board = replay.board_after(before)
    if board.state != GameState.PLAYING:
        return None
    analysis = analyse(board)
    covered = {(r, c) for r in range(board.rows) for c in range(board.cols) if not board.is_revealed(r, c)}
    safe = analysis.safe & covered
    if not safe:
        return None
    return Puzzle(board, safe, analysis.mines & covered, any_safe=True)
