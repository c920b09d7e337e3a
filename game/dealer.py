"""Deals games: new boards from the settings, the same board again, a board from its code, and the saved game.

The dealer is also the keeper every game session reports to, so it always knows whether a saved game waits
(the menu's Resume button) without reading the records again.
"""

from __future__ import annotations

import logging
import random
from typing import Any

from game.model import Board
from game.model.boardcode import BoardCode
from game.records import GameRecord, Origin, SavedGame
from game.session import GameSession
from game.settings import Settings

log = logging.getLogger(__name__)

Cell = tuple[int, int]


class SeedSource:
    """Seeds for new boards: the first is exactly --seed when given, the rest follow from it."""

    def __init__(self, seed: int | None):
        self._first = seed
        self._random = random.Random(seed) if seed is not None else random.SystemRandom()

    def next(self) -> int:
        if self._first is not None:
            seed, self._first = self._first, None
            return seed
        return self._random.randrange(2**32)


class Dealer:
    def __init__(self, store: Any, settings: Settings, seed: int | None = None):
        self.store = store
        self.settings = settings
        self.seeds = SeedSource(seed)
        self._saved: SavedGame | None = store.load_resume()

    # --- the keeper of every session ------------------------------------------------------------------------

    def save(self, saved: SavedGame) -> None:
        self._saved = saved
        self.store.save_resume(saved.board, saved.elapsed_ms, saved.category, saved.extra)

    def finish(self, record: GameRecord) -> Any:
        """Record the game and drop the save, in one transaction (the store's record_game)."""
        self._saved = None
        return self.store.record_game(record)

    # --- new games --------------------------------------------------------------------------------------------

    def new(self, rows: int, cols: int, mines: int) -> GameSession:
        """A fresh board of this size, with the player's rules; its mines are laid by the first reveal."""
        settings = self.settings
        board = Board(
            rows,
            cols,
            mines,
            seed=self.seeds.next(),
            first_click=settings["first_click"],
            question_marks=settings["question_marks"],
        )
        return GameSession(board, keeper=self)

    def again(self, session: GameSession) -> GameSession:
        """Another board of the same size (Play again, the face, F2)."""
        b = session.board
        return self.new(b.rows, b.cols, b.mines)

    def same_board(self, session: GameSession) -> tuple[GameSession, Cell | None]:
        """The board just played, with the first click to make for the player so that it opens as it did."""
        return session.same_board(keeper=self)

    def from_code(self, code: BoardCode) -> tuple[GameSession, Cell | None]:
        """The board a code remakes, and its first click (made for the player, so the board is the same)."""
        board = code.board(question_marks=self.settings["question_marks"])
        session = GameSession(board, keeper=self, origin=Origin.CODE, waiting=code.first_cell is not None)
        return session, code.first_cell

    # --- the saved game --------------------------------------------------------------------------------------

    @property
    def saved(self) -> SavedGame | None:
        """The game saved under way, if any."""
        return self._saved

    def resume(self) -> GameSession | None:
        """The saved game as a session to play on; None (and a notice for the menu) if it cannot be."""
        saved = self._saved
        if saved is None:
            return None
        try:
            return GameSession.from_save(saved, keeper=self)
        except ValueError as error:
            self.forget_saved(str(error))
            return None

    def forget_saved(self, reason: str) -> None:
        """Drop a save that cannot be played, and tell the player why."""
        self._saved = None
        self.store.discard_resume(reason)

    def abandon_saved(self) -> None:
        """The player chose another game over the saved one ("Discard"): it counts as an abandoned loss."""
        session = self.resume()
        if session is not None and not session.abandon():
            self.forget_saved("it was not under way")
