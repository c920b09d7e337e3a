"""What every guess strategy reads and decides: the position where a guess is due (`Spot`) and the switches all
strategies share (`GuessStrategy`). The shipped strategy is David Hill's (game/model/solver/hill.py); others
tried and switched off live in bench/strategies.py."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .analysis import Analysis, InconsistentPosition, neighbours
from .fifty import ClosedPattern, closed_patterns, long_term_influence
from .fifty import influence as fifty_influence

__all__ = ["GuessStrategy", "Spot"]


class Spot:
    """A position where a guess is due, and what any strategy reads of it: every covered cell's mine chance
    (`probs`), the cells that may be safe ranked safest first (`ranked`, the fewest covered neighbours first
    among equals) and, for a cell, each number it could show with the position that number leads to. `stop`,
    when given, says when to stop thinking: a strategy then settles for the best cell it has weighed."""

    def __init__(
        self,
        rows: int,
        cols: int,
        mines: int,
        visible: Sequence[int],
        a: Analysis,
        budget: int,
        stop: Callable[[], bool] | None = None,
    ) -> None:
        self.rows, self.cols, self.mines, self.visible = rows, cols, mines, visible
        self.analysis, self.budget, self.stop = a, budget, stop
        self.nb = neighbours(rows, cols)
        nb = self.nb
        # covered neighbours of every cell: its neighbours, less those revealed
        self._shapes = shapes = [len(around) for around in nb]
        covered = []
        for i, v in enumerate(visible):
            if v < 0:
                covered.append(i)
            else:
                for j in nb[i]:
                    shapes[j] -= 1
        nums, den = a.nums, a.den
        chance: dict[tuple[Any, Any], float] = {}  # cells share few chances: each one divided once
        probs = {}
        for i in covered:
            key = (nums[i], den[i])
            p = chance.get(key)
            if p is None:
                p = chance[key] = float(key[0] / key[1])
            probs[i] = p
        self.probs = probs
        ranked = [i for i in covered if probs[i] < 1.0]
        ranked.sort(key=lambda i: (probs[i], shapes[i]))
        self.ranked = ranked
        self._outcomes: dict[int, list[tuple[int, Analysis]] | None] = {}
        self._closed: list[ClosedPattern] | None = None
        self._influence: dict[int, int] | None = None
        self._long_term: dict[int, int] | None = None

    def closed(self) -> list[ClosedPattern]:
        """The 2x1 and 2x2 patterns some layouts close (game/model/solver/fifty.py), found once."""
        if self._closed is None:
            self._closed = closed_patterns(self.analysis, self.visible)
        return self._closed

    def influence(self) -> dict[int, int]:
        """Per cell, the layouts where it is a mine in a closed 50/50 (game/model/solver/fifty.py), found once."""
        if self._influence is None:
            self._influence = fifty_influence(self.analysis, self.closed())
        return self._influence

    def long_term_influence(self) -> dict[int, int]:
        """Per cell, the layouts where it is a mine in a 50/50 that may still form (game/model/solver/fifty.py),
        found once."""
        if self._long_term is None:
            self._long_term = long_term_influence(self.analysis, self.visible)
        return self._long_term

    def stopped(self) -> bool:
        return self.stop is not None and self.stop()

    def shape(self, i: int) -> int:
        """Covered neighbours of cell i: fewer, likelier to be a zero; touching the frontier, likelier to inform."""
        return self._shapes[i]

    def numbers_shown(self, i: int) -> Iterator[tuple[int, Analysis | None]]:
        """Each number covered cell i could show, with the analysis of the position it would lead to (None where
        that analysis is not exact); numbers that no layout allows are left out. Lazy: a caller may stop early."""
        a = self.analysis
        for v in range(self.shape(i) + 1):
            try:
                b = a.after({i: v})
            except InconsistentPosition:
                continue
            yield v, (b if b.exact else None)

    def outcomes(self, i: int) -> list[tuple[int, Analysis]] | None:
        """Every number cell i could show with its exact analysis, or None if one of them is not exact."""
        if i not in self._outcomes:
            out: list[tuple[int, Analysis]] | None = []
            for v, b in self.numbers_shown(i):
                if b is None:
                    out = None
                    break
                assert out is not None
                out.append((v, b))
            self._outcomes[i] = out
        return self._outcomes[i]


@dataclass(frozen=True)
class GuessStrategy:
    """How the solver guesses when no cell is certain: the switches every strategy shares, run by `choose_guess`
    (game/model/solver/guess.py) before and after the strategy's own `pick`. The defaults are the shipped ones;
    docs/solver.md says how they were measured.

    endgame: with at most endgame_layouts layouts left, search the rest of the game exactly (giving up past
    endgame_work units of work, see game/model/solver/endgame.py);
    fifty_fifty: open a pseudo-50/50 first, a guess that must be made anyway (game/model/solver/fifty.py);
    dominance: when the chosen cell being safe would prove a safer cell safe, open that one instead (it survives
    every layout the chosen cell survives, and more);
    pockets: guess first in a closed pocket, by perfect play within it (game/model/solver/pockets.py);
    influence: the scale of a cell's 50/50 influence, the share of its layouts as a mine where it sits in a
    50/50 (a risk met anyway), by which `pick` raises its score (JSMinesweeper's and Hill's 50/50 influence);
    long_term: that influence counts the 50/50s that may still form, not only the closed ones (David Hill's
    long-term risk)."""

    endgame: bool = True
    endgame_layouts: int = 1000
    endgame_work: int = 400_000
    fifty_fifty: bool = True
    dominance: bool = True
    pockets: bool = True
    influence: float = 0.9
    long_term: bool = True

    def pick(self, spot: Spot) -> int:
        """The guess (a flat index) once the endgame, pockets and pseudo-50/50s have passed."""
        raise NotImplementedError

    def influence_of(self, spot: Spot) -> dict[int, int]:
        """The 50/50 influence this strategy weighs: of the 50/50s that may still form, or of the closed ones."""
        return spot.long_term_influence() if self.long_term else spot.influence()
