"""Study a lost game: the position just before the losing click, to try again (practice only: nothing is
recorded). No pygame here."""

from __future__ import annotations

from game.learn.puzzle import Puzzle
from game.model import GameState, Replay, analyse


def study_json(replay_json: str) -> Puzzle | None:
    """`study_puzzle` of a replay given as its JSON (how a worker process is handed a large game)."""
    return study_puzzle(Replay.from_json(replay_json))


def study_puzzle(replay: Replay) -> Puzzle | None:
    """The position before the game's last click, asking for one certainly safe cell; None when the game was
    not lost or nothing was certain then (a forced guess: nothing to study)."""
    if not replay.moves:
        return None
    board = replay.board_after(len(replay.moves) - 1)
    if board.state != GameState.PLAYING:
        return None
    analysis = analyse(board)
    covered = {(r, c) for r in range(board.rows) for c in range(board.cols) if not board.is_revealed(r, c)}
    safe = analysis.safe & covered
    if not safe:
        return None
    return Puzzle(board, safe, analysis.mines & covered, any_safe=True)
