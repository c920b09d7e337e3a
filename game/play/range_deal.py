"""A board in the player's 3BV range being dealt for a game's first reveal, which waits for it: boards are drawn for
that very click in a worker process (rejection sampling: game.model's deal_in_range) until one is in the range or
the time runs out, and the click is played once one is. No pygame here."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from game import config
from game.language import _
from game.model import Board, Cell, Move
from game.play.click_wait import ClickWait
from game.work.background import BackgroundJob

if TYPE_CHECKING:  # the range's module loads with the first such board, not at start-up
    from game.model import RangeDeal, ThreeBvRange


class RangeDealing(ClickWait["RangeDeal"]):
    """The board's mines being drawn within `bv_range` for the first reveal `move` (stamped `t_ms`). Poll it each
    step; once `done`, `outcome()` says what came. `cancel()` (Esc) stops it: the click is not played."""

    def __init__(
        self,
        board: Board,
        move: Move,
        by_player: bool,
        bv_range: ThreeBvRange,
        t_ms: int | None = None,
        seed: int | None = None,
        timeout: float = config.BV_RANGE_TIMEOUT,
    ):
        rows, cols, mines, rule, cell = board.rows, board.cols, board.mines, board.first_click, move.cell
        start = board.seed if seed is None else seed

        def deal(cancel: threading.Event) -> RangeDeal:
            from game.work import worker

            target = "game.model.rules.bv_range:deal_in_range"
            answer: RangeDeal = worker.run(
                target, rows, cols, mines, cell, start, rule, bv_range, timeout, cancelled=cancel
            )
            return answer

        super().__init__(BackgroundJob(deal), move, by_player, t_ms)
        self.bv_range, self.timeout = bv_range, timeout

    def label(self) -> str:
        """What the spinner says once the wait is long enough to show one."""
        # TRANSLATORS: over the board while boards are drawn for the player's 3BV range
        return _("Dealing a board in your 3BV range")

    def status(self) -> str:
        dots = self.dots()
        # TRANSLATORS: the status line while boards are drawn for the player's 3BV range; {dots}: one to three dots
        return _("Dealing a board in your 3BV range{dots}  (Esc: stop)").format(dots=dots)

    @property
    def cancelled(self) -> bool:
        return self.job.cancelled.is_set()

    def mines(self) -> list[Cell] | None:
        """Once done: the mines dealt, or None when no board in the range came (see `failure`)."""
        result = self.job.result
        if self.job.error is None and result is not None and result.mines is not None:
            return [(row, col) for row, col in result.mines]
        return None

    def failure(self) -> RangeDeal | None:
        """Once done without a board: what the deal came to (how many boards were drawn, whether the range is
        beyond any board of the size); None when it was cancelled or went wrong."""
        result = self.job.result
        return result if self.job.error is None and result is not None and result.mines is None else None
