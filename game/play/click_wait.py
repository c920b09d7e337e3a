"""A click waiting for work done off the frame for that very click: a game's first reveal waiting for its board (a
no-guess board, a board in the player's 3BV range), or a click under a mode of the no-guess family waiting for
its ruling. What every such wait shares. No pygame here."""

from __future__ import annotations

from typing import Generic, TypeVar

from game import config
from game.model import Move
from game.work.background import BackgroundJob

T = TypeVar("T")


class ClickWait(Generic[T]):
    """The click `move` (stamped `t_ms`) waiting for `job`. Poll it each step; once `done`, the kind of wait says
    what came. `cancel()` stops the job."""

    def __init__(self, job: BackgroundJob[T], move: Move, by_player: bool, t_ms: int | None) -> None:
        self.job = job
        self.move, self.by_player = move, by_player
        self.t_ms = t_ms  # when the click came: the clock starts at its stamp
        self.waited = 0.0  # seconds the player has waited (the scene shows them: the status line, the spinner)

    @property
    def done(self) -> bool:
        return bool(self.job.done)

    def poll(self, step: float) -> bool:
        """The player waited another step; True once the board is made (or none could be)."""
        self.waited += step
        return self.done

    def dots(self) -> str:
        """One to three dots that move while the player waits (the status line's)."""
        return "." * (1 + int(self.waited * 3) % 3)

    @property
    def spinner_shown(self) -> bool:
        """The wait is long enough to show a spinner over the board."""
        return self.waited >= config.SPINNER_DELAY

    def label(self) -> str:
        """What the spinner over the board says (each kind of wait says what it waits for)."""
        raise NotImplementedError

    def wait(self, timeout: float) -> bool:
        return bool(self.job.wait(timeout))

    def cancel(self) -> None:
        self.job.cancel()
