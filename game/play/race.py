"""A race against a video's ghost: the player plays the video's board (its first click made for them) while
the video's pointer moves over it, on one clock; at the end, both sets of figures and who was faster. No
pygame here: the playing scene shows the ghost (game.view.ghost_view), the game-over panel the figures.

The clocks. The player's game is a "same board" game: the click made for them opens the board as the video's
opening click did, and their clock starts at their own first move, as for any board seen before. The ghost's
clock is 0 at the video's opening click and starts with the player's: the race's clock is the player's (the
session's elapsed time, which pauses and is set from input stamps), and the ghost is drawn at that time on
its own. Starting it at the made click instead would run it while the player is still taking in a board
they did not open, and the race on screen would then disagree with the times the records keep; this way the
one who finishes first on screen is the one with the lower time. (The ghost's own gap between its opening
click and its next one counts against it; the player's look at the board before their first click does not:
that look is what a board seen before gives, and why such games are never best times.)

Leaving. A race is a run against a clock that keeps running on the ghost's side: taken up again another day
it would be a different race, and its ghost (a video of up to an hour, perhaps another program's file) would
have to be saved with it. So a race is never saved (the dealer marks its session not `resumable`) and leaving
it (Esc, the window closed) ends it: it is recorded as an abandoned loss, a board seen before, as the question
before leaving says. A race left untouched (nothing but the click made for the player) is no game at all.
"""

from __future__ import annotations

import dataclasses
import enum
from array import array
from typing import TYPE_CHECKING, NamedTuple

from game.model import Cell
from game.video.events import Mouse, Video
from game.video.ghost import Ghost, opening_cell
from game.video.playback import Playback
from game.work.background import BackgroundJob

if TYPE_CHECKING:
    from game.play.session import GameSession
    from game.video.figures import Figures


class Lead(enum.Enum):
    """Who won the race."""

    YOU = "you"
    GHOST = "ghost"
    EVEN = "even"


class Reason(enum.Enum):
    """What decided it."""

    TIME = "time"  # both cleared the board: the faster
    LOST = "lost"  # one cleared it, the other hit a mine
    STOPPED = "stopped"  # the player cleared it; the video stops before its game ended
    FURTHER = "further"  # neither cleared it: the one who solved more of its 3BV


class RaceResult(NamedTuple):
    """Who won the race and by how much (milliseconds when both cleared the board, else 3BV solved)."""

    lead: Lead
    reason: Reason
    gap_ms: int = 0
    gap_bbbv: int = 0


def race_result(you: Figures, ghost: Figures) -> RaceResult:
    """Who won: of two cleared boards the faster; a cleared board over a lost or unfinished one; of two
    uncleared boards the one with more of its 3BV solved."""
    if you.won and ghost.won:
        gap = ghost.time_ms - you.time_ms
        lead = Lead.YOU if gap > 0 else Lead.GHOST if gap < 0 else Lead.EVEN
        return RaceResult(lead, Reason.TIME, gap_ms=abs(gap))
    if you.won:
        return RaceResult(Lead.YOU, Reason.LOST if ghost.lost else Reason.STOPPED)
    if ghost.won:
        return RaceResult(Lead.GHOST, Reason.LOST)
    gap = you.bbbv_solved - ghost.bbbv_solved
    lead = Lead.YOU if gap > 0 else Lead.GHOST if gap < 0 else Lead.EVEN
    return RaceResult(lead, Reason.FURTHER, gap_bbbv=abs(gap))


def with_opening(video: Video, cell: Cell | None) -> Video:
    """The player's video with the click made for them put first (a left press and release on the cell's
    middle, at the time of the first event), so its figures count the board from its opening, as the
    ghost's do; the click is said to be made (`made_click`), so it counts in none of the player's clicks. A
    video that already starts with that click is kept as it is."""
    if cell is None:
        return video
    if _first_clicks(video) == [(Mouse.LEFT_PRESS, cell), (Mouse.LEFT_RELEASE, cell)]:
        return video
    size = video.cell_size
    x, y = cell[1] * size + size // 2, cell[0] * size + size // 2
    made = dataclasses.replace(video, kinds=array("B"), times=array("I"), xs=array("h"), ys=array("h"), made_click=True)
    start = video.times[0] if len(video) else 0
    made.append(Mouse.LEFT_PRESS, start, x, y)
    made.append(Mouse.LEFT_RELEASE, start, x, y)
    made.kinds.extend(video.kinds)
    made.times.extend(video.times)
    made.xs.extend(video.xs)
    made.ys.extend(video.ys)
    return made


def _first_clicks(video: Video) -> list[tuple[int, Cell | None]]:
    """The video's first two button events and the cells they were on."""
    found: list[tuple[int, Cell | None]] = []
    for n, kind in enumerate(video.kinds):
        if kind != Mouse.MOVE:
            found.append((kind, video.cell_of(video.xs[n], video.ys[n])))
            if len(found) == 2:
                break
    return found


def your_figures(video: Video, cell: Cell | None, time_ms: int) -> Figures:
    """The player's figures in a race: their video's, from the made opening on, on their game's clock (the
    time the records keep and the race's clock showed), so the rates compare with the ghost's."""
    from game.video.figures import figures_of

    return dataclasses.replace(figures_of(with_opening(video, cell)), time_ms=time_ms)


class Race:
    """One race: the video, its ghost on the race's clock, the click made for the player, and both sets of
    figures, worked out off the frame (the ghost's from the start, the player's when their game ends)."""

    def __init__(
        self, video: Video, playback: Playback | None = None, ghost_figures: BackgroundJob[Figures] | None = None
    ):
        """`playback`: the video already on a clock (the replay's), to build it only once; `ghost_figures`:
        the job working out the ghost's figures, when one was started for this video."""
        self.video = video
        self.playback = playback if playback is not None else Playback(video)
        self.ghost = Ghost(self.playback)
        self.first_cell = opening_cell(video, self.playback.opening)
        self._ghost_job = ghost_figures
        self._your_job: BackgroundJob[Figures] | None = None

    def prepare(self) -> None:
        """Start working out the ghost's figures (off the frame). The playing scene asks once its first frame
        is on screen: the thread shares the interpreter with the frames, and the first one should not wait."""
        from game.video.figures import figures_of  # the figures load with a race, not at start-up

        if self._ghost_job is None:
            video = self.video
            self._ghost_job = BackgroundJob(lambda cancel: figures_of(video))

    @property
    def who(self) -> str:
        """The video's player, as the file names them ("" when it does not)."""
        return self.video.player.strip()

    def again(self) -> Race:
        """The same race from the start (the ghost's clock, its board and figures already made are kept)."""
        return Race(self.video, self.playback, self._ghost_job)

    def finish(self, session: GameSession) -> None:
        """The player's game is over: work out their figures (off the frame)."""
        self.prepare()
        video = session.current_video()
        if self._your_job is None and video is not None:
            cell, time_ms = self.first_cell, session.elapsed_ms
            self._your_job = BackgroundJob(lambda cancel: your_figures(video, cell, time_ms))

    @property
    def ghost_figures(self) -> Figures | None:
        return _result(self._ghost_job)

    @property
    def your_figures(self) -> Figures | None:
        return _result(self._your_job)

    @property
    def figures_coming(self) -> bool:
        """Some of the figures are still being worked out."""
        return any(job is not None and not job.done for job in (self._ghost_job, self._your_job))

    def result(self) -> RaceResult | None:
        """Who won, once both sets of figures are in."""
        you, ghost = self.your_figures, self.ghost_figures
        return race_result(you, ghost) if you is not None and ghost is not None else None

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the figures are worked out (tests)."""
        return all(job is None or job.wait(timeout) for job in (self._ghost_job, self._your_job))


def _result(job: BackgroundJob[Figures] | None) -> Figures | None:
    return job.result if job is not None and job.done and job.error is None else None
