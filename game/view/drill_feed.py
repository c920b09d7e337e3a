"""What the pattern drill shows next: positions from the player's own avoidable guesses first (the newest
recorded games reviewed off the frame, a page at a time, in a worker process), then the solver's. Owned by the
puzzle scene, which polls it while it waits for a position. No pygame here.

An own position answered right first time is kept in the learning progress and never shown again; one missed
comes back a few positions later (and in the next drill, until it is answered right). A game with nothing left to
drill in it is kept too, so it is not reviewed again."""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable, Sequence
from typing import NamedTuple

from game import config
from game.learn.drill import DrillPosition, choose_rule, game_key, next_position
from game.learn.own import Found, Log
from game.learn.progress import Progress
from game.work import worker
from game.work.background import BackgroundJob

log = logging.getLogger(__name__)

PAGE = 10  # games reviewed in one go (an Expert game takes up to a second)
MOST_GAMES = 300  # the newest games looked at: older guesses are not the player's habits of now
AHEAD = 2  # own positions looked for before they are needed
AGAIN_AFTER = 2  # a missed own position comes back after this many others


# (older than this game id, None: from the newest; how many) -> those games, newest first (the records' reader:
# game.store.logs)
ReadLogs = Callable[[int | None, int], Sequence[Log]]


class Page(NamedTuple):
    """A page of the search: what it found, where it got to, and whether there is nothing older to look at."""

    found: Found
    before: int | None
    looked: int
    ended: bool


class DrillFeed:
    """The drill's next positions, found off the frame; `poll()` each frame until one is ready."""

    def __init__(self, progress: Progress, read_logs: ReadLogs | None, rng: random.Random) -> None:
        self.progress, self.read_logs, self.rng = progress, read_logs, rng
        self.own: list[DrillPosition] = []  # found, to show first
        self.again: list[tuple[int, DrillPosition]] = []  # missed: how many positions yet before each comes back
        self.found: set[str] = set()  # own positions found in this drill (a search never finds one twice)
        self.before: int | None = None  # the search goes on with games older than this
        self.looked = 0  # games looked at so far
        self.ended = read_logs is None
        self.searched_once = False  # the newest page has come back: the solver's positions may show meanwhile
        self.own_job: BackgroundJob[Page] | None = None
        self.solver_job: BackgroundJob[DrillPosition | None] | None = None
        self._search()
        self._ask_solver()

    # --- what the scene asks -------------------------------------------------------------------------------------

    def poll(self) -> DrillPosition | None:
        """The next position, once one is ready (else None): an own one first; the solver's only once the newest
        games have been looked at and none is waiting."""
        self._collect()
        position = self._own_due()
        if position is not None or not (self.searched_once or self.ended):
            return self._shown(position)
        job = self.solver_job
        if job is None or not job.done:
            return None
        self._ask_solver()
        if job.error is not None:
            log.warning("the drill's position could not be made: %s", job.error)
        if job.error is not None or job.result is None:
            return None  # the next one is on its way
        return self._shown(job.result)

    def answered(self, position: DrillPosition, right: bool) -> None:
        """A position solved: own and right first time, never again; own and missed, again a little later."""
        if position.game is None:
            return
        if right:
            self.progress.note_own_done(position.game.key)
        else:
            self.again.append((AGAIN_AFTER, position))

    def cancel(self) -> None:
        for job in (self.own_job, self.solver_job):
            if job is not None:
                job.cancel()

    # --- the player's own games ----------------------------------------------------------------------------------

    def _own_due(self) -> DrillPosition | None:
        for i, (wait, position) in enumerate(self.again):
            if wait <= 0:
                del self.again[i]
                return position
        return self.own.pop(0) if self.own else None

    def _shown(self, position: DrillPosition | None) -> DrillPosition | None:
        if position is not None:
            self.again = [(wait - 1, p) for wait, p in self.again]
            self._search()
        return position

    def _search(self) -> None:
        """Look at the next page of games unless enough are found already or it is under way."""
        read = self.read_logs
        if self.ended or read is None or self.own_job is not None or len(self.own) >= AHEAD:
            return
        before, looked = self.before, self.looked
        cleared, done = set(self.progress.own_cleared), set(self.progress.own_done) | self.found
        self.own_job = BackgroundJob(lambda cancel: _page(read, before, looked, cleared, done, cancel))

    def _collect(self) -> None:
        job = self.own_job
        if job is None or not job.done:
            return
        self.own_job = None
        self.searched_once = True
        page = job.result
        if job.error is not None or page is None:
            if not isinstance(job.error, worker.Cancelled):
                log.warning("the drill could not look in the player's games: %s", job.error)
            self.ended = True
            return
        self.before, self.looked, self.ended = page.before, page.looked, page.ended
        for position in page.found.positions:
            if position.game is not None and position.game.key not in self.found:
                self.found.add(position.game.key)
                self.own.append(position)
        if page.found.cleared:
            self.progress.note_cleared(page.found.cleared)
        self._search()

    # --- the solver's games --------------------------------------------------------------------------------------

    def _ask_solver(self) -> None:
        rule = choose_rule(self.rng, self.progress.mistakes)
        seed = self.rng.randrange(2**31)
        self.solver_job = BackgroundJob(lambda cancel: next_position(random.Random(seed), rule, cancel.is_set))


def _page(
    read: ReadLogs, before: int | None, looked: int, cleared: set[str], done: set[str], cancel: threading.Event
) -> Page:
    """The next PAGE games not cleared yet, older than `before`, reviewed by a worker process."""
    batch: list[Log] = []
    ended = False
    while len(batch) < PAGE and not ended and not cancel.is_set():
        logs = read(before, min(PAGE, MOST_GAMES - looked))
        ended = len(logs) < min(PAGE, MOST_GAMES - looked) or looked + len(logs) >= MOST_GAMES
        for game_id, played_at, moves in logs:
            before, looked = game_id, looked + 1
            if game_key(game_id, played_at) not in cleared:
                batch.append((game_id, played_at, moves))
    if not batch:
        return Page(Found([], []), before, looked, ended)
    found: Found = worker.run(
        "game.learn.own:positions_of_logs", batch, sorted(done), config.CUSTOM_MAX_SIDE, cancelled=cancel
    )
    return Page(found, before, looked, ended)
