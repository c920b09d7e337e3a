"""A replay's review, as Replay shows it: the game reviewed click by click off the frame (game.model's
`review_game`, in a worker process on a large board), its marks for the seek bar, the steps between them, and at
a marked click (paused just before it) the solver's analysis of that position, worked out off the frame too.

Owned by the replay scene, which polls it each frame and never waits for it: the marks appear when the review is
done, the chances when their position's analysis is.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

import pygame

from game.model import ClickIntervals, click_intervals
from game.view import hint_marks, intervals_chart, review_marks, review_steps, review_words, theme
from game.view.assistant import Chances
from game.view.input import BoardGeometry
from game.view.review_steps import Mark
from game.work import worker
from game.work.background import BackgroundJob

if TYPE_CHECKING:
    from game.model import Board, Replay

log = logging.getLogger(__name__)

Reviewed = tuple["tuple[Mark, ...] | None", ClickIntervals]  # the marks (None: cancelled), the click intervals


class ReplayReview:
    """The review of one replay and what Replay draws of it."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.job: BackgroundJob[Reviewed] | None = BackgroundJob(lambda cancel: _reviewed(replay, cancel))
        self.marks: tuple[Mark, ...] = ()
        self.intervals: ClickIntervals | None = None
        self.show_intervals = False  # the chart of the time between clicks is on show
        self.chances: Chances | None = None  # the analysis of the position before a marked click
        self.chances_job: BackgroundJob[Chances] | None = None
        self.chances_for = -1  # the moves done in the position the chances (or the job) are of
        self._tints: hint_marks.ChanceTints | None = None

    @property
    def ready(self) -> bool:
        return self.job is None

    @property
    def working(self) -> bool:
        return self.job is not None or self.chances_job is not None

    def update(self, board: Board, done: int, paused: bool) -> bool:
        """Take what was worked out, and start on the analysis of a marked click's position when the replay is
        paused just before it. True when something came in that is to be drawn."""
        arrived = False
        job = self.job
        if job is not None and job.done:
            self.job, arrived = None, True
            if job.error is not None:
                log.error("the replay's review failed", exc_info=job.error)
            elif job.result is not None:
                marks, self.intervals = job.result
                self.marks = marks or ()
        chances_job = self.chances_job
        if chances_job is not None and chances_job.done:
            self.chances_job = None
            if chances_job.error is None and chances_job.result is not None:
                self.chances, arrived = chances_job.result, True
            elif not isinstance(chances_job.error, worker.Cancelled):
                log.error("a reviewed position's analysis failed", exc_info=chances_job.error)
        if self.at(done, paused) is not None and self.chances_for != done:
            if self.chances_job is not None:
                self.chances_job.cancel()
            self.chances, self.chances_for = None, done
            position, copy = (done, 0), board.copy(with_moves=False)  # the thread reads its own copy
            self.chances_job = BackgroundJob(lambda cancel: Chances.work_out(position, copy, cancel))
        return arrived

    def at(self, done: int, paused: bool) -> Mark | None:
        """The marked click the replay stands just before, paused; None otherwise."""
        return review_steps.mark_at(self.marks, done) if paused else None

    def step(self, done: int, forward: bool, paused: bool) -> Mark | None:
        """The next marked click (or the one before) from the position after `done` moves."""
        return review_steps.step(self.marks, done, forward, here=self.at(done, paused) is not None)

    def status(self, done: int, paused: bool) -> str | None:
        """The marked click's verdict in words, paused just before it; None elsewhere."""
        mark = self.at(done, paused)
        return None if mark is None else review_words.mark_words(mark)

    def shows_over_board(self, done: int, paused: bool) -> bool:
        """Something is drawn over the cells (the board window must be drawn whole under it)."""
        return self.show_intervals or self.at(done, paused) is not None

    def draw_seek_marks(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        review_marks.draw_seek_marks(surface, rect, self.marks, self.replay.elapsed_ms)

    def draw_over_board(
        self, surface: pygame.Surface, geometry: BoardGeometry, board: Board, done: int, paused: bool
    ) -> None:
        """At a marked click: the chances and certain cells of the position (once worked out) and the cell
        clicked."""
        mark = self.at(done, paused)
        if mark is not None:
            chances = self.chances if self.chances_for == done and self.chances is not None else None
            colour_blind = theme.colour_blind()
            if self._tints is None or (self._tints.tile, self._tints.colour_blind) != (geometry.tile, colour_blind):
                self._tints = hint_marks.ChanceTints(geometry.tile, colour_blind)
            review_marks.draw_position(surface, geometry, board, chances, mark, self._tints)

    def draw_chart(self, surface: pygame.Surface, geometry: BoardGeometry) -> None:
        """The chart of the time between clicks, over the board, when asked for (and worked out)."""
        if self.show_intervals and self.intervals is not None:
            intervals_chart.draw(surface, geometry.view, self.intervals)

    def stop(self) -> None:
        """Replay is left: nothing here is wanted any more."""
        for job in (self.job, self.chances_job):
            if job is not None:
                job.cancel()


def _reviewed(replay: Replay, cancelled: threading.Event) -> Reviewed:
    """The review's marks (None if cancelled) and the click intervals; the review by a worker process on a large
    board, which hands back only the marks."""
    from game.model import review_game

    intervals = click_intervals(replay.moves, replay.made)
    if not worker.large(replay.rows, replay.cols):
        review = review_game(replay, cancelled=cancelled)
        return (None if review is None else review_steps.marks_of(review)), intervals
    try:
        target = "game.view.review_steps:marks_of_json"
        marks: tuple[Mark, ...] | None = worker.run(target, replay.to_json(), cancelled=cancelled)
        return marks, intervals
    except worker.Cancelled:
        return None, intervals
