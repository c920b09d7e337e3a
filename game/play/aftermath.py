"""The work on a finished game, off the frame: its verdict and its video's figures. No pygame here."""

from __future__ import annotations

import enum
import logging
import threading
from typing import TYPE_CHECKING

from game.work import worker
from game.work.background import BackgroundJob

if TYPE_CHECKING:
    from game.model import GameVerdict, Replay
    from game.video.events import Video
    from game.video.figures import Figures

log = logging.getLogger(__name__)

# From this many cells a finished game is reviewed in a worker process (game.work.worker), not on a thread: an
# Intermediate or Expert review takes tens of milliseconds of Python, a rare one seconds, and a thread would hold
# the interpreter from the frames meanwhile. A Beginner's takes a few milliseconds, sooner than a worker starts.
REVIEW_IN_WORKER_CELLS = 256


class VerdictState(enum.Enum):
    """Where the verdict on a finished game stands (which clicks were guesses, whether a loss was forced)."""

    NOT_ASKED = "not asked"
    RUNNING = "running"
    READY = "ready"
    FAILED = "failed"


class Aftermath:
    """A finished game's verdict and its video's figures, each worked out once, off the frame, when its session
    asks (game.play.session's `end_shown`)."""

    def __init__(self) -> None:
        # the verdict, worked out off the frame once the game is over; the video's figures, likewise (ZiNi takes 50
        # ms on expert)
        self.verdict_job: BackgroundJob[GameVerdict | None] | None = None
        self.figures_job: BackgroundJob[Figures | None] | None = None
        self._verdict_logged = False

    def judge(self, replay: Replay) -> None:
        """Start working out the verdict on the game `replay` is."""
        self.verdict_job = BackgroundJob(lambda cancel: _judged(replay, cancel))

    def figure(self, video: Video) -> None:
        """Start working out the finished game's video's figures."""
        self.figures_job = BackgroundJob(lambda cancel: _figures(video, cancel))

    @property
    def figures(self) -> Figures | None:
        """The speed-runners' figures of the finished game's video (game.video), once worked out; None before,
        without a video (a board too large for one), or if they failed."""
        job = self.figures_job
        return job.result if job is not None and job.done and job.error is None else None

    @property
    def verdict_state(self) -> VerdictState:
        job = self.verdict_job
        if job is None:
            return VerdictState.NOT_ASKED
        if not job.done:
            return VerdictState.RUNNING
        if job.error is not None and not self._verdict_logged:
            self._verdict_logged = True
            log.error("the game's verdict failed", exc_info=job.error)
        return VerdictState.READY if job.error is None and job.result is not None else VerdictState.FAILED

    @property
    def verdict(self) -> GameVerdict | None:
        """The verdict, once worked out; None while it is, if it failed, or before it was asked."""
        return self.verdict_job.result if self.verdict_state == VerdictState.READY and self.verdict_job else None

    def stop_working(self) -> None:
        """The game is left behind: its verdict is no longer wanted."""
        if self.verdict_job is not None and not self.verdict_job.done:
            self.verdict_job.cancel()


def _judged(replay: Replay, cancelled: threading.Event) -> GameVerdict | None:
    """The game's verdict and review (game.model.replay.verdict), by a worker process from Intermediate up; None
    if cancelled."""
    from game.model import judge_game

    if replay.rows * replay.cols < REVIEW_IN_WORKER_CELLS:
        return judge_game(replay, cancelled=cancelled)
    try:
        result: GameVerdict | None = worker.run(
            "game.model.replay.verdict:judge_json", replay.to_json(), cancelled=cancelled
        )
        return result
    except worker.Cancelled:
        return None


def _figures(video: Video, cancelled: threading.Event) -> Figures | None:
    """The video's figures (game.video.figures), by a worker process on a large board; None if cancelled."""
    from game.video.figures import figures_of

    if not worker.large(video.rows, video.cols):
        return figures_of(video)
    try:
        result: Figures | None = worker.run("game.video.figures:figures_of", video, cancelled=cancelled)
        return result
    except worker.Cancelled:
        return None
