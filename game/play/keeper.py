"""What keeps a game: every session hands its keeper its save while under way and its record once over. The
game's keeper hands them to the records without waiting for them to be written (the store's writer does that,
off the frame), and always knows whether a saved game waits (the menu's Resume button) without reading the
records again. No pygame here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.store.jobs import new_id
from game.store.kept import GameRecord, SavedGame

if TYPE_CHECKING:
    from game.store import RecordResult, Store
    from game.store.writer import Pending


class Keeper:
    """What keeps games: the records in the game (RecordKeeper), a list in tests. This one keeps nothing."""

    def save(self, saved: SavedGame, held: bool = True) -> Pending[bool] | None:
        """Keep a game under way. `held`: it is being played on (else the player stepped away from it)."""
        return None

    def finish(self, record: GameRecord) -> Pending[RecordResult] | None:
        """Record a finished game and drop the saved one, in one transaction; returns what recording meant."""
        return None

    def keep_chunk(self, video_id: str, part: int, events: int, raw: bytes) -> Pending[object] | None:
        """Keep a run of a long game's video (game.video.chunks), before any save or record that names it."""
        return None


class RecordKeeper(Keeper):
    """Keeps games in the records (`store`), and the saved game this copy would offer to resume."""

    def __init__(self, store: Store):
        self.store = store
        self._saved: SavedGame | None = store.load_resume()
        self._saved_here = False  # this copy has saved a game of its own since it started

    def save(self, saved: SavedGame, held: bool = True) -> Pending[bool]:
        """Keep the game under way (the records write it a moment later, never holding up the frame). `held`:
        the player plays on here, and no other copy of the game may resume it meanwhile."""
        self._saved = saved = saved._replace(save_id=new_id())
        self._saved_here = True
        return self.store.save_resume(
            saved.board_data(), saved.elapsed_ms, saved.category, saved.extra, save_id=saved.save_id, held=held
        )

    def finish(self, record: GameRecord) -> Pending[RecordResult]:
        """Record the game and drop the save, in one transaction (the store's record_game). The answer (a new
        best time?) is a Pending: it comes a frame or two later."""
        self._saved = None
        return self.store.record_game(record)

    def keep_chunk(self, video_id: str, part: int, events: int, raw: bytes) -> Pending[object]:
        """Keep a run of a long game's video: the records write it off the frame, before the save after it."""
        return self.store.save_video_chunk(video_id, part, events, raw)

    @property
    def saved(self) -> SavedGame | None:
        """The game saved under way, if any."""
        return self._saved

    def take_saved(self) -> SavedGame | None:
        """The saved game, no longer offered here (it is being discarded, or cannot be played)."""
        saved, self._saved = self._saved, None
        return saved

    def read_saved(self) -> None:
        """Offer the saved game the records hold now (another copy played on from where this one knew it)."""
        self._saved = self.store.load_resume()

    def records_opened(self) -> None:
        """The records file opened late (it was locked at start): its saved game is the one to offer, unless
        this copy has saved one of its own since (the player never saw the other; the last writer wins)."""
        if not self._saved_here:
            self.read_saved()
