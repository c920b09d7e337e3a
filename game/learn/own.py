"""Drill positions from the player's own games: each opening click they guessed while a covered cell was
certainly safe (an avoidable guess, as the game's review judges it), as the board was just before it. No pygame.

Reviewing a game takes a moment (an Expert game up to a second), so the games are handed over a page at a time
to a worker process (`positions_of_logs`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import NamedTuple

from game.learn.drill import DrillPosition, OwnGame, game_key
from game.model import Replay, analyse, review_game

# One game as the records keep it: (its id, when it was played, its replay's JSON; None where damaged).
Log = tuple[int, datetime | None, str | None]


class Found(NamedTuple):
    """What a page of games gave: the positions to drill, and the games with nothing left to drill in them
    (no avoidable guess, every one answered right already, or a log that cannot be read)."""

    positions: list[DrillPosition]
    cleared: list[str]  # their game_key


def positions_of_logs(logs: Sequence[Log], done: Iterable[str], max_side: int) -> Found:
    """The drill positions of these games, in their order, but those whose key is in `done` (answered right); a
    game on a board with a side over `max_side` reads as damaged."""
    answered, found, cleared = set(done), [], []
    for game_id, played_at, moves in logs:
        try:
            if played_at is None or moves is None:
                raise ValueError("a damaged log")
            every = positions_of_game(game_id, played_at, moves, max_side)
            positions = [p for p in every if p.game is None or p.game.key not in answered]
        except (ValueError, TypeError, KeyError, IndexError, RecursionError):
            positions = []
        found.extend(positions)
        if not positions:
            cleared.append(game_key(game_id, played_at))
    return Found(found, cleared)


def positions_of_game(game_id: int, played_at: datetime, moves: str, max_side: int = 100) -> list[DrillPosition]:
    """A position for each avoidable guess of the game (its replay's JSON): the board just before the click,
    the cells certainly safe and the certain mines then, and a safe cell's proof as the review gives it.
    ValueError when the replay is damaged."""
    replay = Replay.from_json(moves, max_side)
    review = review_game(replay, explain=True)
    if review is None:
        return []
    positions = []
    for click in review.clicks:
        if click.kind != "avoidable" or click.safe_cell is None:
            continue
        board = replay.board_after(click.index)
        analysis = analyse(board)
        covered = {(r, c) for r in range(board.rows) for c in range(board.cols) if not board.is_revealed(r, c)}
        safe, mines = analysis.safe & covered, analysis.mines & covered
        if click.safe_cell not in safe:  # never from a real game: the review and the analysis see the same board
            continue
        game = OwnGame(game_id, played_at, click.index, click.cell)
        rule = click.rule if click.rule in ("single", "pair", "combined", "count") else "combined"
        positions.append(
            DrillPosition(
                board, rule, frozenset(safe), frozenset(mines), click.proof, click.reason, (click.safe_cell,), game=game
            )
        )
    return positions
