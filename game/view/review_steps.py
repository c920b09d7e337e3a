"""The marks a game's review puts on Replay's timeline, and the steps between them: every guess (by its kind and
chance) and every mistake (an avoidable guess, a wasted click, a wrong flag, the losing click). Pure: no pygame.

A step goes to the position just before the marked click: the board after `mark.index` moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.model import Cell

if TYPE_CHECKING:
    from game.model import ClickReview, GameReview

# A mark's kind: the guesses by how they stand, then the small marks
AVOIDABLE, FORCED, UNSAFEST, WASTED, WRONG_FLAG = "avoidable", "forced", "unsafest", "wasted", "wrong flag"


@dataclass(frozen=True)
class Mark:
    """One marked move of the replay: where on the timeline, what it was, and how risky a guess."""

    index: int  # the move's index in the replay: the position before it is the board after `index` moves
    t_ms: int
    cell: Cell
    kind: str  # AVOIDABLE, FORCED, UNSAFEST (forced, another cell safer), WASTED or WRONG_FLAG
    risk: float = 0.0  # a guess's chance of a mine (1 - p_safe); 0 for the small marks
    lost: bool = False  # the click that lost the game
    click: ClickReview | None = None  # a guess's review

    @property
    def guess(self) -> bool:
        return self.click is not None

    @property
    def mistake(self) -> bool:
        """An avoidable guess, a wasted click, a wrong flag, or the losing click."""
        return self.kind in (AVOIDABLE, WASTED, WRONG_FLAG) or self.lost

    @property
    def studied(self) -> bool:
        """A click made while some covered cell was certainly safe: its position can be studied for that cell."""
        return self.click is not None and self.click.safe_existed


def marks_of(review: GameReview) -> tuple[Mark, ...]:
    """Every guess and every mistake of the review, in the replay's order (a guess before a small mark on the same
    move)."""
    marks = [
        Mark(
            click.index,
            click.t_ms,
            click.cell,
            AVOIDABLE if click.kind == "avoidable" else FORCED if click.among_safest else UNSAFEST,
            1.0 - click.p_safe,
            click.lost,
            click,
        )
        for click in review.clicks
        if click.guess or click.lost
    ]
    marks += [Mark(mark.index, mark.t_ms, mark.cell, WASTED) for mark in review.wasted]
    marks += [Mark(mark.index, mark.t_ms, mark.cell, WRONG_FLAG) for mark in review.wrong_flags]
    order = {AVOIDABLE: 0, FORCED: 0, UNSAFEST: 0, WASTED: 1, WRONG_FLAG: 2}
    return tuple(sorted(marks, key=lambda mark: (mark.index, order[mark.kind])))


def marks_of_json(replay_json: str) -> tuple[Mark, ...] | None:
    """The marks of a replay given as its JSON (how a worker process is handed a large game: what comes back is a
    few marks, where the whole review of a 100x100 game took 150 ms to unpickle on the frames' interpreter)."""
    from game.model import Replay, review_game

    review = review_game(Replay.from_json(replay_json))
    return None if review is None else marks_of(review)


def step(marks: Sequence[Mark], done: int, forward: bool, here: bool) -> Mark | None:
    """The mark to go to from the position after `done` moves: the next one (forward) or the one before. `here`:
    the replay stands at this position as a mark's (paused on it), so the next is a later move's; otherwise a
    mark on the very next move is the next one.

    >>> marks = (Mark(3, 900, (0, 0), AVOIDABLE), Mark(7, 2000, (1, 1), WASTED))
    >>> [m.index for m in (step(marks, 0, True, False), step(marks, 3, True, True), step(marks, 3, True, False))]
    [3, 7, 3]
    >>> step(marks, 7, False, True).index, step(marks, 3, False, True), step(marks, 7, True, True)
    (3, None, None)
    """
    if forward:
        return next((mark for mark in marks if mark.index > done or (mark.index == done and not here)), None)
    return next((mark for mark in reversed(marks) if mark.index < done), None)


def mark_at(marks: Sequence[Mark], done: int) -> Mark | None:
    """The first mark on the move after `done` moves (a guess before a small mark on the same move), or None."""
    return next((mark for mark in marks if mark.index == done), None)
