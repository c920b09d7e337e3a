"""A no-guess board being made for a game's first reveal, which waits for it: the mines are laid by the no-guess
generator (off the frame) for that very click, and the click is played once they are. No pygame here."""

from __future__ import annotations

from game import config
from game.language import _
from game.model import Board, Cell, Move
from game.play.click_wait import ClickWait
from game.work.background import BackgroundJob


class NoGuessDeal(ClickWait[list[Cell]]):
    """The board's mines being made for the first reveal `move` (stamped `t_ms`). Poll it each step; once
    `done`, `outcome()` says what came. `cancel()` (Esc) settles for a normal board."""

    def __init__(self, board: Board, move: Move, by_player: bool, t_ms: int | None = None):
        from game.model import generate_no_guess  # the solver loads with the first no-guess board, not at start-up

        rows, cols, mines, seed, rule, cell = (
            board.rows,
            board.cols,
            board.mines,
            board.seed,
            board.first_click,
            move.cell,
        )
        job = BackgroundJob(
            lambda cancel: generate_no_guess(
                rows, cols, mines, cell, seed=seed, first_click=rule, timeout=config.NO_GUESS_TIMEOUT, cancel=cancel
            )
        )
        super().__init__(job, move, by_player, t_ms)

    def label(self) -> str:
        """What the spinner says once the wait is long enough to show one."""
        return _("Making a no-guess board")

    def status(self) -> str:
        dots = self.dots()
        # TRANSLATORS: the status line while a board is made; {dots} is one to three dots that move
        return _("Making a no-guess board{dots}  (Esc: a normal board)").format(dots=dots)

    def outcome(self) -> tuple[list[Cell] | None, str | None]:
        """Once done: the mines made (None when none came: the first click lays a normal board's), and the line
        that tells the player why it is a normal board (None when it is a no-guess one)."""
        from game.model import NoGuessCancelled, NoGuessTimeout

        job = self.job
        if job.error is None and job.result is not None:
            return [(row, col) for row, col in job.result], None
        if isinstance(job.error, NoGuessTimeout):
            seconds = config.NO_GUESS_TIMEOUT
            return None, _(
                "No no-guess board turned up in {seconds} s, so this is a normal one: it may need a guess"
            ).format(seconds=f"{seconds:g}")
        if isinstance(job.error, NoGuessCancelled):
            return None, _("A normal board, as asked: it may need a guess")
        return None, _("No no-guess board for this size ({why}); this is a normal one").format(why=job.error)
