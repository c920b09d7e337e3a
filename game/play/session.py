"""One game, from the board being dealt to its end: the board, its clock, the help used, where the board came
from, and what is kept of it (the save while it is under way, the record once it is over). No pygame here.

A game's life is one small state machine (`state`):

    READY (nothing opened) --first reveal--> PLAYING --> WON | LOST       recorded, and the save dropped
                                             PLAYING --abandon()--> ABANDONED   recorded as a loss, likewise
                                             PLAYING --suspend()--> PLAYING     saved: resumable, not recorded
                                             PLAYING --leave()----> PLAYING     likewise, and free to resume

Every way out goes through the keeper (the records, in the game; a fake in tests), which promises that a
record and the removal of the save happen in one transaction: a game is recorded at most once and, once
recorded, is never offered to resume.
"""

from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING, Any

from game.model import (
    Board,
    Cell,
    GameState,
    GameStats,
    GuessRule,
    Move,
    MoveKind,
    category_for,
    game_stats,
    solved_three_bv,
)
from game.play.aftermath import Aftermath
from game.play.board_ui import BoardUI, InputEvent
from game.play.keeper import Keeper
from game.play.no_guess_deal import NoGuessDeal
from game.play.range_deal import RangeDealing
from game.play.recorder import Placed, Recorder
from game.play.resumed import laid_mines, read_back
from game.play.ruling_wait import Referee, RulingWait
from game.play.stopwatch import Stopwatch, led_seconds
from game.store.kept import MAX_SAVE_CHARS, GameRecord, Origin, SavedGame
from game.video import packed
from game.video.chunks import Sealed
from game.video.events import Video, new_video, record_made_click

if TYPE_CHECKING:
    from game.model import GameVerdict, Replay, Ruling, ThreeBvRange
    from game.play.aftermath import VerdictState
    from game.store import RecordResult
    from game.store.writer import Pending
    from game.video.figures import Figures, Played
    from game.work.background import BackgroundJob

log = logging.getLogger(__name__)


class GameSession:
    """One game. The scene feeds it moves and time; it says what the game is and keeps it through `keeper`.

    The clock runs from the first reveal while the game is under way, except while paused, and, after a
    resume or a first reveal made for the player (same board, a code), until the player's next move.
    """

    def __init__(
        self,
        board: Board,
        *,
        keeper: Keeper | None = None,
        origin: Origin = Origin.NEW,
        no_guess: bool = False,
        assisted: bool = False,
        elapsed_ms: int = 0,
        waiting: bool = False,
        wants_no_guess: bool = False,
        video: Video | None = None,
        sealed: Sealed | None = None,
        made_click: Cell | None = None,
        rule: GuessRule = GuessRule.OFF,
        bv_range: ThreeBvRange | None = None,
        filtered: bool = False,
        no_flags: bool = False,
    ):
        self.board = board
        self.keeper: Keeper = keeper or Keeper()
        self.origin = origin
        self.no_guess = no_guess  # the mines were laid by the no-guess generator
        # the mines are to come from the no-guess generator, made for the first reveal (see `apply`)
        self.wants_no_guess = wants_no_guess and not board.mines_placed
        self.dealing: NoGuessDeal | RangeDealing | None = None  # the board being made; the first reveal waits for it
        # a mode of the no-guess family that moves the mines under a guess (game.model.GuessRule), else OFF
        self.rule = rule if rule.changes_board else GuessRule.OFF
        self.ruling: Ruling | None = None  # what the mode did to the last click (the status line says it)
        # rules on the clicks under `rule`, off the frame: a click waits for its ruling (see `apply`)
        self.referee = Referee(self.rule) if self.rule.changes_board else None
        # the mines are to be drawn within this 3BV range for the first reveal (see `apply`); it takes the place
        # of no-guess, which no range could wait for: the Settings screen and the Custom form say so
        self.bv_range = bv_range if bv_range is not None and bv_range.bounded and not board.mines_placed else None
        self.filtered = filtered  # the board was chosen by its 3BV: recorded apart, never a best time, not fair
        self.failed_deal: RangeDealing | None = None  # the last deal in the range that came to nothing, to tell
        self._deals = 0  # deals tried for the range: each draws its boards from seeds of its own
        self.assisted = assisted  # a hint or the mine chances were used: recorded, never a best time
        self.no_flags = no_flags  # NF mode: nothing places a flag (game.play.board_ui), so the game is NF by mode
        self.paused = False
        # whether it can be taken up again: a race cannot (its ghost is not saved with it), so it is never saved,
        # and leaving it ends it (see game.play.race)
        self.resumable = True
        self.trial: str | None = None  # the time trial's run this board belongs to (its id), saved with it
        self.waiting = waiting  # the clock holds until the player's next move
        # what the keeper said when the game was recorded (a new best time...), a frame or two later
        self.result: Pending[RecordResult] | None = None
        self._watch = Stopwatch(elapsed_ms)  # the game's time, set from input stamps
        self._abandoned = False
        self._recorded = False
        self._played: Played | None = None  # what the video says of the finished game (see `_agree_with_video`)
        self._solved: tuple[int, int] | None = None  # (moves made, the solved 3BV after them)
        self._replay: tuple[tuple[int, int], Replay] | None = None  # ((moves made, time), the replay then)
        self._aftermath = Aftermath()  # the verdict and the video's figures, worked out once the game is over
        # the mouse from the first press (game.play.recorder keeps it); None on a board too large for a video
        self.video = video if video is not None else new_video(board.rows, board.cols, laid_mines(board))
        # how much of it is in the records in chunks (the recorder writes them): a save carries only the rest
        self.sealed = (sealed or Sealed(os.urandom(8).hex())) if self.video is not None else None
        # a first click made for the player (same board, a code, a race): the video alone replays the game from it
        record_made_click(self.video, made_click)
        self._recorder: Recorder | None = None  # made when first needed: see `recorder`

    # --- what the game is ---------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return GameState.ABANDONED if self._abandoned else GameState(self.board.state)

    @property
    def guess_rule(self) -> GuessRule:
        """How this game treats a guess: no-guess when its board came from the generator, else its rule."""
        return GuessRule.NO_GUESS if self.no_guess else self.rule

    @property
    def category(self) -> str:
        b = self.board
        return category_for(b.rows, b.cols, b.mines, self.guess_rule)

    @property
    def recorded(self) -> bool:
        return self._recorded

    @property
    def touched(self) -> bool:
        """Whether the player made a move of their own: a board with nothing but the click made for them (a same
        board, a code, a race left untouched) is no game yet, so it is neither recorded nor saved."""
        return len(self.board.moves) > self.board.made_moves

    @property
    def elapsed(self) -> float:
        """Seconds on the clock."""
        return self._watch.elapsed

    @property
    def elapsed_ms(self) -> int:
        return self._watch.elapsed_ms

    @property
    def clock_running(self) -> bool:
        return self.state == GameState.PLAYING and not self.paused and not self.waiting

    def stats(self) -> GameStats:
        moves = len(self.board.moves)
        if self._solved is None or self._solved[0] != moves:  # the end of a game asks twice: record and panel
            self._solved = (moves, solved_three_bv(self.board))
        return game_stats(self.board, self.elapsed_ms, solved=self._solved[1])

    def replay(self) -> Replay:
        from game.model import Replay  # a game's replay is needed at its end, not at start-up

        elapsed_ms = max(self.elapsed_ms, *(m.t_ms for m in self.board.moves[-1:]))
        made = (len(self.board.moves), elapsed_ms)
        if self._replay is None or self._replay[0] != made:  # the end of a game asks thrice: record, analysis, Replay
            self._replay = (made, Replay.from_game(self.board, elapsed_ms))
        return self._replay[1]

    # --- the verdict on the game and its figures, once it is over ------------------------------------------

    def end_shown(self) -> None:
        """The game's end is on screen: start working out its verdict and its video's figures, off the frame. Not
        before: a large board's verdict starts worker processes, which would take the cores from the frame
        that shows the end."""
        aftermath = self._aftermath
        if aftermath.verdict_job is None and self.state.over:
            aftermath.judge(self.replay())
        video = self.current_video()
        if aftermath.figures_job is None and self.state.over and video is not None and len(video):
            aftermath.figure(video)

    @property
    def verdict_job(self) -> BackgroundJob[GameVerdict | None] | None:
        return self._aftermath.verdict_job

    @property
    def figures_job(self) -> BackgroundJob[Figures | None] | None:
        return self._aftermath.figures_job

    @property
    def figures(self) -> Figures | None:
        """The speed-runners' figures of the finished game's video (game.video), once worked out; None before,
        without a video (a board too large for one), or if they failed."""
        return self._aftermath.figures

    @property
    def verdict_state(self) -> VerdictState:
        return self._aftermath.verdict_state

    @property
    def verdict(self) -> GameVerdict | None:
        """The verdict, once worked out; None while it is, if it failed, or before it was asked."""
        return self._aftermath.verdict

    def stop_working(self) -> None:
        """The game is left behind: its verdict is no longer wanted."""
        self._aftermath.stop_working()

    # --- time and moves -----------------------------------------------------------------------------------

    @property
    def timer_seconds(self) -> int:
        """The LED timer, at most 999: under way, as Windows counts, 1 from the first click (the second under
        way, not the ones gone by), 0 before it; once over, the game's time as every figure reads it, rounded up
        to whole seconds, so a loss on the first click (0.000 s) shows 000. See formats.TIMER_RULE."""
        if self.board.state == GameState.READY or (self.waiting and not self.elapsed):
            return 0
        return led_seconds(self.elapsed_ms if self.state.over else self.elapsed, self.state.over)

    def tick(self, seconds: float) -> None:
        """Time passed (the scene's fixed update): the clock shown between two stamps."""
        if self.clock_running:
            self._watch.tick(seconds)

    def stamp(self, t_ms: int | None) -> None:
        """An input event arrived at `t_ms` while the clock runs: the clock is set from it (so the time of a
        move, and the game's time at its end, are the stamps' and not the frames')."""
        if t_ms is None or not self.clock_running:
            return
        self._watch.stamp(t_ms)

    # --- input, as the video keeps it -----------------------------------------------------------------------

    @property
    def recorder(self) -> Recorder | None:
        """What keeps the game's video as it is played on (None without a video: a board too large for one).
        Made when the game is first heard or paused, not before: a video carried over from a save then ends
        with a pause, and a save only checked or recorded (Discard) is kept as it came."""
        if self._recorder is None and self.video is not None:
            self._recorder = Recorder(self.video, self.sealed, self._keep_chunk)
        return self._recorder

    def _keep_chunk(self, video_id: str, part: int, events: int, raw: bytes) -> None:
        self.keeper.keep_chunk(video_id, part, events, raw)

    def hear(self, event: InputEvent, ui: BoardUI, where: Placed) -> None:
        """One input event, as the scene hands it to the interpreter (`ui`: the board UI state before it;
        `where`: the board on the screen): the video keeps it, until the game is recorded."""
        recorder = self.recorder
        if recorder is not None and not self._recorded:
            recorder.hear(event, self.board, ui, where, self.waiting)

    def pause(self, t_ms: int | None = None) -> None:
        """Stop the clock at `t_ms` (a pause, a question asked over the game): the video says so, and the game
        is saved as it stands."""
        recorder = self.recorder
        if t_ms is not None and recorder is not None and not self.state.over:
            recorder.pause(t_ms)
        if self.state == GameState.PLAYING and not self.paused:
            self.stamp(t_ms)
            self._watch.stop()
            self.paused = True
            self.suspend()

    def unpause(self, t_ms: int | None = None) -> None:
        """The game goes on at `t_ms` (its video too, unless the clock waits for the player's move)."""
        self.paused = False
        self._watch.stop()
        self.stamp(t_ms)
        recorder = self.recorder
        if t_ms is not None and recorder is not None and not self.waiting:
            recorder.resume(t_ms)

    # --- a no-guess board, made for the first reveal ----------------------------------------------------------

    def waits_for_a_board(self, move: Move) -> bool:
        """Whether this move, the first reveal, waits for its board to be made: a no-guess one, or one in the
        3BV range (see `apply`)."""
        board = self.board
        unlaid = (self.wants_no_guess or self.bv_range is not None) and not board.mines_placed
        return unlaid and move.kind is MoveKind.REVEAL and not board.is_flagged(*move.cell)

    def _start_dealing(self, move: Move, by_player: bool, t_ms: int | None) -> None:
        if self.bv_range is None:
            self.dealing = NoGuessDeal(self.board, move, by_player, t_ms)
            return
        # a deal tried again draws other boards: its seeds follow from the board's and the number of the try
        seed = self.board.seed if self._deals == 0 else (self.board.seed * 1_000_003 + self._deals) % 2**32
        self._deals += 1
        self.failed_deal = None
        self.dealing = RangeDealing(self.board, move, by_player, self.bv_range, t_ms, seed=seed)

    def dealt(self, step: float) -> NoGuessDeal | RangeDealing | None:
        """Another step waited for the no-guess board: once it is made (or none could be), its mines are laid (or
        the first click is left to lay a normal board's) and the deal is handed back, with the click that
        waited for it: play that now. None meanwhile, or when no board is being made."""
        deal = self.dealing
        if deal is None or not deal.poll(step):
            return None
        self.dealing = None
        if isinstance(deal, RangeDealing):
            mines = deal.mines()
            if mines is None:  # none in the range came (or Esc): the click is not played, the board stays unlaid
                self.failed_deal = None if deal.cancelled else deal
                return None
            self.board.lay_mines(mines)
            self.filtered = True
            return deal
        mines, _said = deal.outcome()
        if mines is not None:
            self.lay_mines(mines)
        else:
            self.wants_no_guess = False  # the first click lays a normal board's mines
        return deal

    # --- moves ---------------------------------------------------------------------------------------------

    def apply(self, move: Move, by_player: bool = True, t_ms: int | None = None) -> list[Cell]:
        """Make a click (what it is, a reveal or a chord, game.play.board_ui decided) from input stamped `t_ms`;
        returns the cells it revealed. The clock starts at the stamp of the first reveal (as ms-toollib
        times a video) or, when waiting, of this move; the game is saved after a move that changed something,
        and recorded when it ends. A click that waits plays nothing yet: a first reveal that waits for a no-guess
        board starts making it (`dealing`, and `dealt` hands it back once the board is there); a click under a mode
        that moves the mines starts its ruling (`ruling_wait`, and `ruled` hands it back once ruled on)."""
        if self.state.over or self.paused or self.dealing is not None or self.ruling_wait is not None:
            return []
        if self.waits_for_a_board(move):
            self._start_dealing(move, by_player, t_ms)
            return []
        board = self.board
        self.ruling = self.referee.take(move) if self.referee is not None else None
        if self.ruling is None and self.referee is not None and self.referee.ask(board, move, by_player, t_ms):
            return []  # its ruling is worked out off the frame: see `ruled`
        if by_player and self.waiting:
            self.waiting = False
            self._watch.stop()
        if board.state == GameState.READY and move.kind is MoveKind.REVEAL and not board.is_flagged(*move.cell):
            self._watch.start(None if self.waiting else t_ms)
        else:
            self.stamp(t_ms)
        started = board.state != GameState.READY or move.kind is MoveKind.REVEAL
        made = not by_player and not board.moves and move.kind is MoveKind.REVEAL  # made for the player: not theirs
        changed = board.apply(move.at(self.elapsed_ms if started else 0), made=made)
        if board.state in (GameState.WON, GameState.LOST):
            self._record()
        elif board.state == GameState.PLAYING and board.last_changed:
            self.suspend()
        return changed

    # --- a click under a mode that moves the mines, waiting for its ruling --------------------------------------

    @property
    def ruling_wait(self) -> RulingWait | None:
        """The click waiting for its ruling (see `apply`), or None."""
        return self.referee.wait if self.referee is not None else None

    def ruled(self, step: float) -> RulingWait | None:
        """Another step waited for a click's ruling: once it has come, the mines are moved as it says and the wait
        is handed back, with the click that waited for it: play that now. None meanwhile."""
        return self.referee.ruled(self.board, step) if self.referee is not None else None

    def stop_ruling(self) -> None:
        """The game is left while a click waits for its ruling: the click is played as dealt (the mines stay),
        since the video has heard it."""
        wait = self.referee.stop(self.board) if self.referee is not None else None
        if wait is not None:
            self.apply(wait.move, by_player=wait.by_player, t_ms=wait.t_ms)

    def current_video(self) -> Video | None:
        """The video so far, with the board's mines (laid at the first reveal) and the game's rules and help;
        None without one, or when it holds only its events after its chunks (a save read back to be recorded
        as abandoned)."""
        video, board = self.video, self.board
        if video is not None:
            if board.mines_placed and (len(video.mines) != board.mines or self.rule.changes_board):
                # (a rule that moves the mines: the video carries the board the game ended with, which fits every
                # number its events show, so it replays as the game was played)
                video.mines = frozenset(board.mine_cells())
            video.mode = self.rule.evf_mode if self.rule.changes_board else 0
            video.question_marks = board.question_marks
            video.no_guess = self.no_guess
            video.assisted = self.assisted
            video.filtered = self.filtered
        return video if self.sealed is None or self.sealed.held else None

    def lay_mines(self, mine_cells: list[Cell]) -> None:
        """The no-guess generator made this board's mines, before the first reveal."""
        self.board.lay_mines(mine_cells)
        self.no_guess = True

    def note_assistance(self, chances: bool = False) -> None:
        """A hint was shown (or the mine chances turned on): the game counts as assisted. A hint before
        the first click only says where to start, which the rules make safe anyway."""
        if chances or self.state == GameState.PLAYING:
            self.assisted = True

    # --- ways out -----------------------------------------------------------------------------------------

    def abandon(self, t_ms: int | None = None) -> bool:
        """The player left this game for another at `t_ms` (the face, F2, a new game from the menu, Discard). A
        game under way is recorded as an abandoned loss, timed to then; True when it was."""
        if self.state != GameState.PLAYING or not self.touched:
            return False
        self._stop_clock(t_ms)
        self._abandoned = True
        self._record()
        return True

    def suspend(self) -> None:
        """Save a game under way as it stands, clock included (after a move; when the player steps away
        by Esc or closing the window, when it stays resumable and nothing is recorded)."""
        saved = self.to_save()
        if saved is not None:
            self.keeper.save(saved)

    def leave(self, t_ms: int | None = None) -> None:
        """The player stepped away from the game at `t_ms` (Esc, closing the window): saved as it stands, clock
        included, and free for any copy of the game to resume."""
        self._stop_clock(t_ms)
        saved = self.to_save()
        if saved is not None:
            self.keeper.save(saved, held=False)

    def _stop_clock(self, t_ms: int | None) -> None:
        """The clock stops at `t_ms` for good (the game is left): its time to then, and the video's with it, so
        that the video measures the time the game kept (a game's time is its video's: see `_record`)."""
        if self.state != GameState.PLAYING or t_ms is None:
            return
        self.stamp(t_ms)
        self._watch.stop()
        recorder = self.recorder
        if recorder is not None and not self.waiting:
            recorder.pause(t_ms)

    def _record(self) -> None:
        if not self._recorded:
            self._agree_with_video()
            self._recorded = True
            self.result = self.keeper.finish(self.to_record())

    def _agree_with_video(self) -> None:
        """A game's record says what its video says, as every figure of it does (the panel, Replay, the EVF,
        `stats`): its time, the 3BV it solved and its clicks, counted from the video (`_played`). The clock and
        the video are stamped from the same input, so they agree to the millisecond, and a difference is a bug:
        it is logged and the video's time kept, so that no two places disagree."""
        from game.video.figures import played_of  # (not needed at start-up)

        video = self.current_video()
        if video is None or not len(video) or self.board.first_reveal is None:
            return
        self._played = played = played_of(video)
        if played.time_ms != self.elapsed_ms:
            log.warning(
                "the game's clock says %d ms, its video %d ms: the video's time is kept",
                self.elapsed_ms,
                played.time_ms,
            )
            self._watch.elapsed = played.time_ms / 1000

    # --- what is kept ---------------------------------------------------------------------------------------

    def to_save(self) -> SavedGame | None:
        """The save of a game under way, or None (a game not started, untouched or over is not saved)."""
        if self.state != GameState.PLAYING or not self.touched or not self.resumable:
            return None
        extra: dict[str, Any] = {"origin": self.origin.value, "hinted": self.assisted, "no_guess": self.no_guess}
        if self.rule.changes_board:  # (older saves have no key: guesses were left to luck)
            extra["rule"] = self.rule.value
        if self.filtered:
            extra["filtered"] = True
        if self.no_flags:
            extra["no_flags"] = True  # a game started in NF mode goes on in it, whatever the setting is later
        self.current_video()
        if self.video is not None and len(self.video):
            extra["video"] = packed.pack(self.video, sealed=self.sealed)
        if self.trial is not None:
            extra["trial"] = self.trial
        return SavedGame(self.board.to_dict(), self.elapsed_ms, self.category, extra)

    def to_record(self) -> GameRecord:
        b, state = self.board, self.state
        if not state.over:
            raise ValueError(f"a game that is {state.value} has no record yet")
        stats, played = self.stats(), self._played
        left, right, chord, effective = (b.left_clicks, b.right_clicks, b.chord_clicks, b.effective_clicks)
        solved = stats.solved_three_bv
        if played is not None:  # what its video says (see `_agree_with_video`)
            counts, solved = played.counts, played.bbbv_solved
            left, right, chord = counts.left, counts.right, counts.double
            effective = counts.lce + counts.rce + counts.dce
        return GameRecord(
            rows=b.rows,
            cols=b.cols,
            mines=b.mines,
            won=state == GameState.WON,
            abandoned=state == GameState.ABANDONED,
            time_ms=self.elapsed_ms,
            three_bv=b.three_bv or 0,
            seed=b.seed,
            first_click=b.first_click,
            left_clicks=left,
            right_clicks=right,
            chord_clicks=chord,
            effective_clicks=effective,
            same_board=self.origin != Origin.NEW,
            assisted=self.assisted,
            no_guess=self.no_guess,
            guess_rule=self.guess_rule.value,
            filtered=self.filtered,
            solved_three_bv=solved,
            replay=self.replay_text(),
            video=self.sealed.video_id if self.sealed is not None and self.sealed.chunks else None,
        )

    def replay_text(self) -> str:
        """The record's move log: the replay's JSON, with the video beside the moves when there is one (older
        readers pass over the key; a log that would outgrow the records' bound keeps the moves only)."""
        text = self.replay().to_json()
        self.current_video()
        video = self.video
        if video is None or not len(video):
            return text
        with_video = packed.with_video(text, video, self.sealed)
        return with_video if len(with_video) <= MAX_SAVE_CHARS else text

    @classmethod
    def from_save(
        cls, saved: SavedGame, keeper: Keeper | None = None, read_chunks: packed.ChunkReader | None = None
    ) -> GameSession:
        """The saved game, to play on; its clock waits for the player's first move. ValueError with a reason
        (for the notice) when it is not a game this version wrote: see resume.check_save. A long video's
        chunks come through `read_chunks` (it blocks: this runs off the frame); without it, only a record of
        the game can be made (Discard), which names them."""
        back = read_back(saved, read_chunks)
        session = cls(
            back.board,
            keeper=keeper,
            origin=back.origin,
            no_guess=back.no_guess,
            rule=back.rule,
            assisted=back.assisted,
            filtered=back.filtered,
            no_flags=back.no_flags,
            elapsed_ms=back.elapsed_ms,
            waiting=True,
            video=back.video,
            sealed=back.sealed,
        )
        session.trial = back.trial
        return session

    # --- the next game --------------------------------------------------------------------------------------

    def same_board(self, keeper: Keeper | None = None) -> tuple[GameSession, Cell | None]:
        """This board again, and the first click to make for the player so that it opens as it did (None
        when the game never started: the seed then lays the same mines wherever the first click falls)."""
        b, first_reveal = self.board, self.board.first_reveal
        if first_reveal is None:  # nothing was opened: the seed lays the same mines wherever the first click falls
            return GameSession(b.same_board(keep_mines=False), keeper=keeper, origin=Origin.SAME_BOARD), None
        session = GameSession(
            b.same_board(),
            keeper=keeper,
            origin=Origin.SAME_BOARD,
            no_guess=self.no_guess,
            filtered=self.filtered,
            waiting=True,
            made_click=first_reveal,
            rule=self.rule,
        )
        return session, first_reveal
