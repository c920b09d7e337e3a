"""Which covered cell to open when none is certain: the guess strategy, its lookahead and the exact endgame."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .analysis import DEFAULT_BUDGET, Analysis, Cell, InconsistentPosition, analyse_visible, neighbours
from .endgame import endgame_cell
from .fifty import ClosedPattern, closed_patterns, long_term_influence, pseudo_fifty_fifties
from .fifty import influence as fifty_influence
from .pockets import pocket_guess
from .search import SearchSettings, best_guess

__all__ = ["SHIPPED", "GuessStrategy", "Spot", "choose_guess"]


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
    """How the solver guesses when no cell is certain. The defaults are the shipped solver; docs/solver.md says
    how they were measured and what else was tried. Other strategies (bench/strategies.py) subclass this and
    override `shortlist`, `score` or `pick`.

    window: cells whose mine chance is within this of the safest one are weighed by what opening them teaches;
    candidates: at most this many of them (at most two of each chance and shape);
    progress_weight: worth of "opening this cell also proves another cell safe", in units of survival chance;
    endgame: with at most endgame_layouts layouts left, search the rest of the game exactly (giving up past
    endgame_work units of work, see game/model/solver/endgame.py);
    fifty_fifty: open a pseudo-50/50 first, a guess that must be made anyway (game/model/solver/fifty.py);
    dominance: when the chosen cell being safe would prove a safer cell safe, open that one instead (it survives
    every layout the chosen cell survives, and more);
    pockets: guess first in a closed pocket, by perfect play within it (game/model/solver/pockets.py);
    influence: a cell whose layouts as a mine are partly ones where it sits in a closed 50/50 (a risk met anyway)
    has its score raised by influence x that share of its safe layouts (JSMinesweeper's 50/50 influence);
    long_term: that influence counts the 50/50s that may still form, not only the closed ones (David Hill's
    long-term risk), and among cells of one chance and shape the search tries the one it raises most;
    search: with 2 or more, the cell is chosen by a search of the next `search` reveals instead of the one-step
    score (game/model/solver/search.py), with the search_* settings there."""

    window: float = 0.04
    candidates: int = 6
    progress_weight: float = 0.1
    endgame: bool = True
    endgame_layouts: int = 1000
    endgame_work: int = 400_000
    fifty_fifty: bool = True
    dominance: bool = True
    pockets: bool = True
    influence: float = 0.9
    long_term: bool = False
    search: int = 3
    search_width: int = 4
    search_roots: int = 6
    search_off_edge: int = 0
    search_progress: float = 0.0
    search_blend: float = 0.0
    search_influenced: bool = False
    search_living: bool = False
    search_ratio: float = 0.9
    search_nodes: int = 400
    search_work: int | None = None
    search_free: bool = False

    def pick(self, spot: Spot) -> int:
        """The guess (a flat index) once the endgame search has passed: the shortlisted cell of best score, or
        the search's pick."""
        if self.search >= 2:
            return self.search_pick(spot)
        picked = self.shortlist(spot)
        best_i = picked[0]
        if len(picked) == 1:
            return best_i
        best_score: tuple[float, ...] | None = None
        for i in picked:
            if spot.stopped():
                break  # the safest cell, or the best weighed so far
            score = self.score(spot, i)
            if best_score is None or score > best_score:
                best_score, best_i = score, i
        return best_i

    def search_pick(self, spot: Spot) -> int:
        """The cell with the best chance of surviving the next `search` reveals (game/model/solver/search.py)."""
        settings = SearchSettings(
            depth=self.search,
            width=self.search_width,
            roots=self.search_roots,
            off_edge=self.search_off_edge,
            progress=self.search_progress,
            blend=self.search_blend,
            influenced=self.search_influenced,
            living=self.search_living,
            ratio=self.search_ratio,
            nodes=self.search_nodes,
            work=self.search_work,
            free=self.search_free,
            prefer=self.long_term,
        )
        influence = {i: self.influence * n for i, n in self.influence_of(spot).items()} if self.influence else {}
        return best_guess(spot.analysis, settings, influence, spot.shape, spot.stop)[0]

    def shortlist(self, spot: Spot) -> list[int]:
        """The cells worth a lookahead: nearly the safest, and only a few of each chance and shape (many
        interior cells share one chance)."""
        probs = spot.probs
        best_p = probs[spot.ranked[0]]
        picked: list[int] = []
        seen: dict[tuple[float, int], int] = {}
        for i in spot.ranked:
            if probs[i] > best_p + self.window:
                break
            key = (probs[i], spot.shape(i))
            if seen.get(key, 0) >= 2:
                continue
            seen[key] = seen.get(key, 0) + 1
            picked.append(i)
            if len(picked) >= self.candidates:
                break
        return picked

    def score(self, spot: Spot, i: int) -> tuple[float, ...]:
        """Chance to survive cell i plus progress_weight x the chance its number proves another cell safe, then
        the fewest covered neighbours; the cell's safety alone where a lookahead position is not exact."""
        shown = spot.outcomes(i)
        if shown is None:
            return (1 - spot.probs[i], 0)
        layouts = spot.analysis.layouts
        assert layouts is not None
        safe_total = sum(b.layouts or 0 for _, b in shown)
        progress = sum(b.layouts or 0 for v, b in shown if v == 0 or b.safe)
        # int / int is correctly rounded, as float(Fraction(...)) is
        score = safe_total / layouts + self.progress_weight * (progress / layouts)
        if self.influence and safe_total:
            score *= 1 + self.influence * self.influence_of(spot).get(i, 0) / safe_total
        return (score, -spot.shape(i))

    def influence_of(self, spot: Spot) -> dict[int, int]:
        """The 50/50 influence this strategy weighs: of the 50/50s that may still form, or of the closed ones."""
        return spot.long_term_influence() if self.long_term else spot.influence()


SHIPPED = GuessStrategy()


def choose_guess(
    rows: int,
    cols: int,
    mines: int,
    visible: Sequence[int],
    analysis: Analysis | None = None,
    lookahead: bool = True,
    budget: int = DEFAULT_BUDGET,
    strategy: GuessStrategy = SHIPPED,
    stop: Callable[[], bool] | None = None,
) -> Cell:
    """Pick the covered cell to open (a certainly safe one if there is one). When none is certain: with few
    layouts left, the one that wins the most of them with perfect play (game/model/solver/endgame.py); otherwise the
    strategy's pick. Without lookahead (or when the chances are estimates), the safest cell, the fewest
    covered neighbours first among equals (corners and edges open zeros more often). stop: called now and then;
    once it says True, the best cell found so far is the answer (at worst the safest)."""
    a = analysis or analyse_visible(rows, cols, mines, visible, budget)
    if a.safe:
        return min(a.safe)
    spot = Spot(rows, cols, mines, visible, a, budget, stop)
    if not lookahead or not a.exact or a.layouts is None:
        return divmod(spot.ranked[0], cols)
    if strategy.endgame and a.layouts <= strategy.endgame_layouts:
        cell = endgame_cell(
            rows, cols, mines, visible, a, spot.ranked, strategy.endgame_layouts, strategy.endgame_work, stop
        )
        if cell is not None:
            return divmod(cell, cols)
    if strategy.pockets and not spot.stopped():
        cell = pocket_guess(a, spot.ranked, strategy.endgame_layouts, strategy.endgame_work, stop)
        if cell is not None:
            return divmod(cell, cols)
    if strategy.fifty_fifty and not spot.stopped():
        forced = set(pseudo_fifty_fifties(a, visible, spot.closed()))
        if forced:
            return divmod(next(i for i in spot.ranked if i in forced), cols)
    pick = strategy.pick(spot)
    return divmod(dominating(spot, pick) if strategy.dominance and not spot.stopped() else pick, cols)


def dominating(spot: Spot, i: int) -> int:
    """The safest cell that cell i being safe would prove safe, when it is safer than i; else i."""
    try:
        proved = spot.analysis.given({i: 0}).safe
    except InconsistentPosition:
        return i
    cols, probs = spot.cols, spot.probs
    better = [j for j in spot.ranked if probs[j] < probs[i] and divmod(j, cols) in proved]
    return better[0] if better else i
