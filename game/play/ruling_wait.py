"""A click under a mode of the no-guess family (forced is safe, strict) waiting for its ruling: whether the mines
move under it is worked out on a thread from a copy of the position (game.model's Judge), since an awkward
position can take the search a few hundred milliseconds. The click, and every input after it, waits; the scene
draws on meanwhile. No pygame here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.language import _
from game.model import Board, GuessRule, Move
from game.play.click_wait import ClickWait
from game.work.background import BackgroundJob

if TYPE_CHECKING:  # the solver loads with the first such click, not at start-up
    from game.model import Answer, Judge, Question, Ruling


class RulingWait(ClickWait["Answer"]):
    """The click `move` (stamped `t_ms`) waiting for `judge`'s answer to `question`, asked when the board had
    made `moves` moves. Poll it each step; once `done`, `answer()` says what to do."""

    def __init__(
        self, judge: Judge, question: Question, move: Move, by_player: bool, t_ms: int | None, moves: int
    ) -> None:
        super().__init__(BackgroundJob(lambda cancel: judge.ask(question)), move, by_player, t_ms)
        self.moves = moves

    def label(self) -> str:
        """What the spinner says once the wait is long enough to show one."""
        # TRANSLATORS: over the board while a click under "forced is safe" or "strict" is ruled on (rarely shown)
        return _("Weighing the guess")

    def answer(self, moves: int) -> Answer:
        """Once done: the ruling, for a board that has made `moves` moves since. A ruling that failed, or one for a
        board that moved on meanwhile (which input held back should never let happen), leaves the mines be."""
        from game.model import Answer, Ruling

        result = self.job.result
        if self.job.error is not None or result is None or moves != self.moves:
            return Answer(Ruling.UNDECIDED)
        return result


class Referee:
    """Rules on a game's clicks under `rule` (a mode that moves the mines), off the frame: `ask` starts a click's
    ruling, `ruled` settles it once it has come (the mines moved), and `take` hands its ruling to the click when
    it is played. One click waits at a time: the scene holds every input while one does."""

    def __init__(self, rule: GuessRule) -> None:
        self.rule = rule
        self.wait: RulingWait | None = None  # the click waiting for its ruling
        self._judge: Judge | None = None  # made at the first click
        self._settled: tuple[Move, Answer] | None = None  # a click's ruling, come: the click is played on it next

    def ask(self, board: Board, move: Move, by_player: bool, t_ms: int | None) -> bool:
        """Start ruling on `move` when the mode needs a look at the position; False when it plays as dealt
        without one (most clicks under forced is safe)."""
        if self._judge is None:
            from game.model import Judge  # the solver loads with the first such click, not at start-up

            self._judge = Judge(self.rule)
        question = self._judge.question(board, move)
        if question is None:
            return False
        self.wait = RulingWait(self._judge, question, move, by_player, t_ms, len(board.moves))
        return True

    def ruled(self, board: Board, step: float) -> RulingWait | None:
        """Another step waited: once the ruling has come, `board`'s mines move as it says and the wait is handed
        back, with its click to play now. None meanwhile, or when no click waits."""
        wait = self.wait
        if wait is None or not wait.poll(step):
            return None
        self._settle(board, wait, wait.answer(len(board.moves)))
        return wait

    def stop(self, board: Board) -> RulingWait | None:
        """Stop waiting: the click is ruled undecided (the mines stay) and handed back, to be played as dealt."""
        from game.model import Answer, Ruling

        wait = self.wait
        if wait is not None:
            wait.cancel()
            self._settle(board, wait, Answer(Ruling.UNDECIDED))
        return wait

    def take(self, move: Move) -> Ruling | None:
        """The ruling settled for `move`, once (None: it has none yet)."""
        settled, self._settled = self._settled, None
        return settled[1].ruling if settled is not None and settled[0] == move else None

    def _settle(self, board: Board, wait: RulingWait, answer: Answer) -> None:
        from game.model import settle

        self.wait = None
        settle(board, answer)
        self._settled = wait.move, answer
