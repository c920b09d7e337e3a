"""Deals games: new boards from the settings, the same board again, a board from its code or a video's, a race,
and the saved game (resumed, or discarded for another). Every game it deals is kept by its keeper
(keeper.py), which knows whether a saved game waits.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from game import config
from game.language import N_, _
from game.model import Board, Cell, GuessRule, level_of
from game.play.keeper import RecordKeeper
from game.play.session import GameSession
from game.settings import Settings
from game.store.jobs import Claim
from game.store.kept import Origin, SavedGame
from game.video.events import VideoError
from game.video.packed import ChunkReader
from game.work.background import BackgroundJob

if TYPE_CHECKING:  # the code module (and the solver it uses) loads when a code is played, not at start-up
    from game.model import BoardCode, ThreeBvRange
    from game.play.race import Race
    from game.store import Store
    from game.store.writer import Pending
    from game.video.events import Video
    from game.video.playback import Playback

log = logging.getLogger(__name__)


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
    def __init__(self, store: Store, settings: Settings, seed: int | None = None):
        self.store = store
        self.settings = settings
        self.seeds = SeedSource(seed)
        self.keeper = RecordKeeper(store)  # keeps every game dealt, and knows the saved one
        # the saved game being recorded as a loss, and the game to start once the records have it
        self._discarding: tuple[BackgroundJob[None], Callable[[], None]] | None = None

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
        rule = GuessRule.of(settings["no_guess"])
        return GameSession(
            board,
            keeper=self.keeper,
            wants_no_guess=rule is GuessRule.NO_GUESS,
            rule=rule,
            bv_range=self.bv_range(rows, cols, mines),
            no_flags=settings["no_flags"],
        )

    def bv_range(self, rows: int, cols: int, mines: int) -> ThreeBvRange | None:
        """The 3BV range the player set for this board's level (a custom board's: the Custom form's), if any."""
        pair = self.settings["bbbv_range"].get(level_of(rows, cols, mines) or "custom")
        if pair is None:
            return None
        from game.model import ThreeBvRange  # (loads with the first range set, not at start-up)

        return ThreeBvRange(*pair)

    def again(self, session: GameSession) -> GameSession:
        """Another board of the same size (Play again, the face, F2)."""
        b = session.board
        return self.new(b.rows, b.cols, b.mines)

    def same_board(self, session: GameSession) -> tuple[GameSession, Cell | None]:
        """The board just played, with the first click to make for the player so that it opens as it did."""
        again, first = session.same_board(keeper=self.keeper)
        again.no_flags = self.settings["no_flags"]
        return again, first

    def from_code(self, code: BoardCode) -> tuple[GameSession, Cell | None]:
        """The board a code remakes, and its first click (made for the player, so the board is the same)."""
        board = code.board(question_marks=self.settings["question_marks"])
        first = code.first_cell
        session = GameSession(
            board,
            keeper=self.keeper,
            origin=Origin.CODE,
            waiting=first is not None,
            wants_no_guess=code.no_guess,
            made_click=first,
            no_flags=self.settings["no_flags"],
        )
        return session, first

    def from_video(self, video: Video, first_cell: Cell | None) -> tuple[GameSession, Cell | None]:
        """The board of a video (ours or another program's): its mines, and its opening click to make for the
        player (`first_cell`, game.video.ghost.opening_cell), after which the clock waits for their move. It
        counts like "same board": recorded, never a best time. ValueError with a sentence when the board is
        not one the game can play."""
        least, most = config.CUSTOM_MIN_SIDE, config.CUSTOM_MAX_SIDE  # a save is taken back only within these
        if not least <= min(video.rows, video.cols) <= max(video.rows, video.cols) <= most:
            raise ValueError(
                _("{rows} x {cols} is outside the boards this game plays ({least} to {most} a side)").format(
                    rows=video.rows, cols=video.cols, least=least, most=most
                )
            )
        board = Board.from_mines(
            video.rows, video.cols, sorted(video.mines), question_marks=self.settings["question_marks"]
        )
        waiting = first_cell is not None
        session = GameSession(
            board,
            keeper=self.keeper,
            origin=Origin.SAME_BOARD,
            waiting=waiting,
            made_click=first_cell,
            no_flags=self.settings["no_flags"],
        )
        return session, first_cell

    def race(self, video: Video | None, playback: Playback | None = None) -> tuple[GameSession, Cell | None, Race]:
        """A game against the video's ghost: its board as `from_video` deals it, and the race. ValueError with the
        sentence saying why not, when it cannot be raced."""
        from game.play.race import Race  # the race's modules load with a race, not at start-up

        if video is None or not len(video):
            raise ValueError(_("This game's mouse was not recorded, so there is no ghost to race."))
        try:
            board_race = Race(video, playback)
            session, first = self.from_video(video, board_race.first_cell)
        except ValueError as error:
            raise ValueError(_("This board cannot be played here: {why}").format(why=error)) from None
        session.resumable = False  # a race is not saved: leaving it ends it (game.play.race)
        return session, first, board_race

    def race_again(self, race: Race) -> tuple[GameSession, Cell | None, Race]:
        """The same race once more ("Race again" on the game-over panel)."""
        session, first = self.from_video(race.video, race.first_cell)
        session.resumable = False
        return session, first, race.again()

    # --- the saved game --------------------------------------------------------------------------------------

    def resume(self) -> Resuming | None:
        """Start resuming the saved game: it is checked off the frame (a long game's move log takes a second or
        more to replay) while the records are asked for the claim on it (so that no other copy of the game
        plays it on too); both answer a little later: see `resumed`. None when there is no saved game."""
        saved = self.keeper.saved
        if saved is None:
            return None
        claim = self.store.claim_resume(saved.save_id)
        reader: ChunkReader | None = self.store.chunk_reader()

        def read_chunks(video_id: str, count: int) -> list[tuple[int, bytes]]:
            # A save just made here may name chunks still on their way to the file: the claim, asked after
            # them, is answered once they are written.
            claim.wait(CHUNKS_WAIT)
            if reader is None:
                raise VideoError(_("no records to read its chunks from"))
            return reader(video_id, count)

        check = BackgroundJob(lambda cancel: GameSession.from_save(saved, keeper=self.keeper, read_chunks=read_chunks))
        return Resuming(saved, check, claim)

    def resumed(self, resuming: Resuming) -> GameSession | None:
        """The session to play, once the check and the claim are answered; None (and a notice) when the save
        cannot be played or another copy has it."""
        check = resuming.check
        if check.error is not None or not isinstance(check.result, GameSession):
            if not isinstance(check.error, ValueError):
                log.error("checking the saved game failed", exc_info=check.error)
            if self.keeper.saved is resuming.saved:
                self.forget_saved(
                    str(check.error) if isinstance(check.error, ValueError) else _("it could not be read")
                )
            return None
        answer = resuming.claim.value
        if answer is Claim.CLAIMED:
            return check.result
        if answer is Claim.CHANGED:
            self.keeper.read_saved()
        else:
            self.keeper.take_saved()
        self.store.notice(_(CLAIM_REFUSED.get(answer, CLAIM_REFUSED[Claim.GONE])))
        return None

    def forget_saved(self, reason: str) -> None:
        """Drop a save that cannot be played, and tell the player why."""
        saved = self.keeper.take_saved()
        self.store.discard_resume(reason, saved.save_id if saved is not None else None)

    def abandon_saved(self) -> BackgroundJob[None] | None:
        """The player chose another game over the saved one ("Discard"): it counts as an abandoned loss,
        unless another copy of the game has taken it up meanwhile (then it is left to that one). The save is
        checked and recorded off the frame (a long game's move log takes a second or more to replay): the
        job doing it is returned (None without a saved game), and no new game may start before it is done, or
        the new game's save would reach the records first and take the old one's place."""
        saved = self.keeper.take_saved()
        if saved is None:
            return None
        return BackgroundJob(lambda cancel: self._abandon(saved))

    def discard_saved_then(self, start: Callable[[], None]) -> None:
        """Start a game in place of the saved one, which counts as an abandoned loss: `start` is called once the
        records have the old game (see `poll`), or at once without a saved game. A game asked for while the
        old one is being recorded takes the place of the one asked for before it."""
        if self._discarding is not None:
            self._discarding = (self._discarding[0], start)
            return
        job = self.abandon_saved()
        if job is None:
            start()
        else:
            self._discarding = (job, start)

    @property
    def discarding(self) -> bool:
        """The saved game is being recorded as a loss; the game chosen over it waits."""
        return self._discarding is not None

    def poll(self) -> None:
        """Once a frame: the game chosen over a discarded one starts once the records have that one."""
        if self._discarding is not None and self._discarding[0].done:
            (job, start), self._discarding = self._discarding, None
            if job.error is not None:
                raise job.error
            start()

    def wait_discarded(self, timeout: float) -> bool:
        """Block until the discarded game is recorded (quitting, before the records close; tests); True when
        it is, or none was being discarded. The game chosen over it is not started here: see `poll`."""
        return self._discarding is None or self._discarding[0].wait(timeout)

    def _abandon(self, saved: SavedGame) -> None:
        try:
            session = GameSession.from_save(saved)  # a keeper that keeps nothing: the store records it below
        except ValueError as error:
            self.store.discard_resume(str(error), saved.save_id)
            return
        if session.abandon():
            self.store.abandon_resume(saved.save_id, session.to_record())


CHUNKS_WAIT = 30.0  # seconds a resume's check waits for the records to take a long video's last chunks

CLAIM_REFUSED = {
    Claim.TAKEN: N_("The saved game is already being played in another window."),
    Claim.CHANGED: N_("The saved game was played on in another window; here is where it stands now."),
    Claim.GONE: N_("The saved game was finished or discarded in another window."),
}


class Resuming(NamedTuple):
    """A resume under way: the save being checked off the frame, and the records' answer to the claim on it.
    Poll `done`, then ask the dealer `resumed`."""

    saved: SavedGame
    check: BackgroundJob[GameSession]  # its result the session to play; its error (a ValueError) says why not
    claim: Pending[Claim]  # the records' answer to the claim

    @property
    def done(self) -> bool:
        return bool(self.check.done and self.claim.done)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the save is checked (tests, which play slower than the check)."""
        return self.check.wait(timeout)
