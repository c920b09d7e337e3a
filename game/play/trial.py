"""A time trial: a set of boards to win in turn under one clock, its run as it stands, and its splits against the
personal best run. No pygame here.

The rule followed is the community's for a set of boards to complete (the world championship's "complete 5
Beginner, 3 Intermediate and 1 Expert", Budapest 2008; Viennasweeper's "10 Beginner"): a run is over when its
last board is won, a lost board's time counts too and the next board of that level is dealt, so the run's time
is the sum of every board's time, won or lost. Each board's clock runs as a game's does (from its first
click), so the time between boards is not counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from game.language import N_

LEVELS = ("beginner", "intermediate", "expert")
MOST_BOARDS = 500  # a run longer than this is not one this game writes (the championship set is won in 23)
MOST_MS = 100 * 3_600_000  # nor one whose clock passed 100 hours


class TrialSet(NamedTuple):
    """One set of boards: its key (kept in the records), its name (marked for the catalog: shown as `_(name)`)
    and the boards to win, by level, in order."""

    key: str
    name: str
    boards: tuple[tuple[str, int], ...]

    @property
    def wins_needed(self) -> int:
        return sum(count for _level, count in self.boards)

    def level_at(self, won: int) -> str | None:
        """The level of the board dealt after `won` wins; None once the set is won."""
        for level, count in self.boards:
            if won < count:
                return level
            won -= count
        return None


SETS = {
    s.key: s
    for s in (
        # TRANSLATORS: a time trial's name: ten Beginner boards to win in turn (the community's "10 Beginner")
        TrialSet("beginner-10", N_("10 Beginner"), (("beginner", 10),)),
        # TRANSLATORS: a time trial's name: five Intermediate boards to win in turn
        TrialSet("intermediate-5", N_("5 Intermediate"), (("intermediate", 5),)),
        # TRANSLATORS: a time trial's name: three Expert boards to win in turn
        TrialSet("expert-3", N_("3 Expert"), (("expert", 3),)),
        # TRANSLATORS: a time trial's name: the world championship's set (15 Beginner, 6 Intermediate, 2 Expert)
        TrialSet("championship", N_("Championship"), (("beginner", 15), ("intermediate", 6), ("expert", 2))),
    )
}


class TrialBoard(NamedTuple):
    """One board of a run, once over: its level, whether it was won, its time and its move log with its video
    (the replay's JSON, as a game's record keeps it)."""

    level: str
    won: bool
    time_ms: int
    replay: str = ""


@dataclass(frozen=True)
class Trial:
    """A run of a set as it stands: the boards played (won or lost, in order) and, for its splits, the personal
    best run's time at each of its wins when this run began (empty: none yet)."""

    set_key: str
    run_id: str
    boards: tuple[TrialBoard, ...] = ()
    best: tuple[int, ...] = field(default=())

    @property
    def set(self) -> TrialSet:
        return SETS[self.set_key]

    @property
    def won(self) -> int:
        """Boards won so far."""
        return sum(1 for board in self.boards if board.won)

    @property
    def lost(self) -> int:
        return len(self.boards) - self.won

    @property
    def elapsed_ms(self) -> int:
        """The run's time: every board's, won or lost."""
        return sum(board.time_ms for board in self.boards)

    @property
    def level(self) -> str | None:
        """The level of the board to play now; None once the run is over."""
        return self.set.level_at(self.won)

    @property
    def finished(self) -> bool:
        return self.won >= self.set.wins_needed

    def after(self, board: TrialBoard) -> Trial:
        """The run once `board` (of the level dealt now) is over."""
        if self.finished:
            raise ValueError("the run is over")
        if board.level != self.level:
            raise ValueError(f"a {board.level} board in a run that deals {self.level}")
        return replace(self, boards=(*self.boards, board))

    def win_times(self) -> list[int]:
        """The run's time at each board won: the sum of every board's time up to and including it."""
        times, total = [], 0
        for board in self.boards:
            total += board.time_ms
            if board.won:
                times.append(total)
        return times

    def split(self, board_ms: int = 0) -> int | None:
        """Ahead (negative) or behind the best run, in ms: the run's time with `board_ms` of the board under way,
        against the best run's time when it had won as many boards as this one will have once that board is
        won. None without a best run."""
        if len(self.best) <= self.won:
            return None
        return self.elapsed_ms + board_ms - self.best[self.won]

    def splits(self) -> list[int | None]:
        """The split at each board won (against the best run's time at that win), in order."""
        return [t - self.best[n] if n < len(self.best) else None for n, t in enumerate(self.win_times())]

    def beats(self, best_ms: int | None) -> bool:
        """A finished run that is the new best (ties keep the older run)."""
        return self.finished and (best_ms is None or self.elapsed_ms < best_ms)

    # --- kept ------------------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "set": self.set_key,
            "id": self.run_id,
            "best": list(self.best),
            "boards": [[b.level, b.won, b.time_ms, b.replay] for b in self.boards],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Trial:
        """A run as `to_dict` wrote it; ValueError when it is not one this game writes."""
        if not isinstance(data, dict):
            raise ValueError("a run is not a record")
        key, run_id, best, boards = data.get("set"), data.get("id"), data.get("best"), data.get("boards")
        if key not in SETS or not isinstance(run_id, str) or not 0 < len(run_id) <= 64:
            raise ValueError("a run of no set this game plays")
        if not isinstance(best, list) or len(best) > SETS[key].wins_needed or not all(_ms(t) for t in best):
            raise ValueError("a run's best splits are not times")
        if not isinstance(boards, list) or len(boards) > MOST_BOARDS:
            raise ValueError("a run's boards are not a list this game writes")
        trial = cls(key, run_id, (), tuple(best))
        for entry in boards:
            if not (isinstance(entry, list) and len(entry) == 4):
                raise ValueError("a run's board is not one this game writes")
            level, won, time_ms, replay = entry
            if not (isinstance(won, bool) and _ms(time_ms) and isinstance(replay, str)):
                raise ValueError("a run's board is not one this game writes")
            trial = trial.after(TrialBoard(level, won, time_ms, replay))
        if trial.elapsed_ms > MOST_MS:
            raise ValueError("a run's clock passed any this game keeps")
        return trial


def _ms(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MOST_MS
