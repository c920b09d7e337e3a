"""Guess strategies that were tried and switched off, kept so `bench.solver` can still compare them.

Each one plugs into `choose_guess(..., strategy=...)` as a `GuessStrategy` (game/model/solver/strategy.py):
the search shipped until stop 38 (`SearchStrategy`) and variants of it that override part of it, besides the
shipped one (Hill's, `HillStrategy`) and an outside program's. docs/solver.md gives their figures. `KINDS`
names them for the command line: "shipped" is the game's guess.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any

from bench.external import ExternalStrategy
from bench.search import SearchSettings, best_guess
from game.model.solver.analysis import Analysis, neighbours
from game.model.solver.fifty import influence
from game.model.solver.hill import HillStrategy
from game.model.solver.strategy import GuessStrategy, Spot

__all__ = [
    "KINDS",
    "DeadCellStrategy",
    "ExternalStrategy",
    "HillStrategy",
    "SearchStrategy",
    "SecondaryStrategy",
    "Survive2Strategy",
    "WideStrategy",
    "make_strategy",
]


@dataclass(frozen=True)
class SearchStrategy(GuessStrategy):
    """ "search": the guess shipped until stop 38, a depth-limited search of the next reveals (bench/search.py),
    or with search below 2 the one-step score of a shortlist; the other strategies here subclass it and override
    `shortlist`, `score` or `pick`. Hill's guess (game/model/solver/hill.py) replaced it: docs/solver.md.

    window: cells whose mine chance is within this of the safest one are weighed by what opening them teaches;
    candidates: at most this many of them (at most two of each chance and shape);
    progress_weight: worth of "opening this cell also proves another cell safe", in units of survival chance;
    influence: a cell's score is raised by influence x its 50/50 influence's share of its safe layouts;
    long_term (off here): the influence of the 50/50s that may still form, and among cells of one chance and
    shape the search tries the one it raises most;
    search: with 2 or more, the cell is chosen by a search of the next `search` reveals instead of the one-step
    score (bench/search.py), with the search_* settings there."""

    window: float = 0.04
    candidates: int = 6
    progress_weight: float = 0.1
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
        """The cell with the best chance of surviving the next `search` reveals (bench/search.py)."""
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


@dataclass(frozen=True)
class WideStrategy(SearchStrategy):
    """ "wide": every frontier cell within the window (the wide_max safest of them) and the best interior cell
    (fewest covered neighbours: corners, then edges) get the lookahead, instead of the few nearest."""

    wide_max: int = 12

    def shortlist(self, spot: Spot) -> list[int]:
        probs, visible, nb = spot.probs, spot.visible, spot.nb
        best_p = probs[spot.ranked[0]]
        window = [i for i in spot.ranked if probs[i] <= best_p + self.window]

        def inside(i: int) -> bool:
            return all(visible[j] < 0 for j in nb[i])

        interior = [i for i in window if inside(i)]
        picked = [i for i in window if not inside(i)][: self.wide_max]
        if interior:
            picked.append(interior[0])  # the window keeps the ranking: the fewest covered neighbours first
        return picked


@dataclass(frozen=True)
class Survive2Strategy(SearchStrategy):
    """ "survive2": score a cell by the chance to survive it and the best next move as well (1 when its number
    proves a cell safe), instead of its own safety."""

    def score(self, spot: Spot, i: int) -> tuple[float, ...]:
        shown = spot.outcomes(i)
        if shown is None:
            return (1 - spot.probs[i], 0)
        layouts = spot.analysis.layouts or 1
        progress = 0
        survive2 = 0.0
        for v, b in shown:
            n = b.layouts or 0
            if v == 0 or b.safe:
                progress += n
                survive2 += n
            else:
                # no certain move after this number: the next guess survives at best this often
                best = min((b.nums[j] / b.den[j] for j in b.nums if j != i and b.nums[j] != b.den[j]), default=0)
                survive2 += n * (1 - float(best))
        return (survive2 / layouts + self.progress_weight * (progress / layouts), -spot.shape(i))


@dataclass(frozen=True)
class DeadCellStrategy(SearchStrategy):
    """ "dead": a cell that can show only one number (the same in every layout where it is safe) risks a mine
    and teaches nothing, so any live cell of the shortlist goes before it."""

    def score(self, spot: Spot, i: int) -> tuple[float, ...]:
        shown = spot.outcomes(i)
        live = 0 if shown is not None and len(shown) <= 1 else 1
        return (live, *super().score(spot, i))


@dataclass(frozen=True)
class SecondaryStrategy(SearchStrategy):
    """ "secondary" (after JSMinesweeper's "secondary safety"): every cell whose safety is at least ratio x the
    best one (but only the `interior` interior cells with fewest covered neighbours, and `near` more that touch
    the frontier) scores its chance to survive this move and the best next one (1 when the number it shows
    proves some cell safe; blend mixes in the second best next cell, as JSMinesweeper does with 0.2), plus
    `progress` x the chance its number proves a cell safe as a tie-break. Cells are tried safest first, and a
    cell stops being evaluated as soon as it can no longer beat the best score found (a score never exceeds
    the cell's own safety).

    living: the best next cell is the best living one (a cell whose covered neighbours are all certain mines
    shows a number known in advance, and is left out); dead_last: a candidate that can show only one number
    goes after every living candidate; influence: a cell whose layouts as a mine are partly layouts where it sits
    in a closed 50/50 (a risk met anyway) has its score raised by influence x that share of its safe layouts
    (JSMinesweeper uses 0.9)."""

    ratio: float = 0.9
    interior: int = 2
    near: int = 0
    progress: float = 0.001
    blend: float = 0.0
    living: bool = False
    dead_last: bool = False
    influence: float = 0.0

    def shortlist(self, spot: Spot) -> list[int]:
        """The cells weighed, safest first: nearly as safe as the safest, and only the first few interior cells
        (the ranking puts the fewest covered neighbours first among equals)."""
        probs, visible, nb = spot.probs, spot.visible, spot.nb
        best_safe = 1 - probs[spot.ranked[0]]
        picked = []
        interior = near = 0
        for i in spot.ranked:
            if 1 - probs[i] < self.ratio * best_safe:
                break
            if all(visible[j] < 0 for j in nb[i]):
                # next to a cell some number touches: its own number may help decide that cell
                if near < self.near and any(visible[k] >= 0 for j in nb[i] for k in nb[j]):
                    near += 1
                elif interior < self.interior:
                    interior += 1
                else:
                    continue
            picked.append(i)
        return picked

    def pick(self, spot: Spot) -> int:
        picked = self.shortlist(spot)
        if len(picked) == 1:
            return picked[0]
        best, best_score = picked[0], -1.0
        dead_best, dead_score = picked[0], -1.0  # the best dead candidate, when dead_last
        forced = influence(spot.analysis, spot.closed()) if self.influence else {}
        for i in picked:
            if spot.stopped():
                break
            factor = 1.0
            if i in forced:
                factor += self.influence * forced[i] / (spot.analysis.layouts or 1) / (1 - spot.probs[i])
            res = self.secondary(spot, i, (best_score - self.progress) / factor)
            if res is None:
                continue
            score = res[0] * factor + self.progress * res[1]
            if self.dead_last and res[2] == 1:
                if score > dead_score:
                    dead_best, dead_score = i, score
            elif score > best_score:
                best, best_score = i, score
        return best if best_score >= 0 else dead_best

    def secondary(self, spot: Spot, i: int, floor: float) -> tuple[float, float, int] | None:
        """(chance to survive opening cell i and the best next move, chance its number proves a safe cell, how
        many numbers it can show), or None when the first can be shown to stay below floor, or a lookahead
        analysis is not exact."""
        a = spot.analysis
        total = a.layouts
        assert total is not None
        left = total - a.nums[i] * total // a.den[i]  # layouts where cell i is safe
        score = 0.0
        progress = 0
        shown = 0
        if left / total < floor:
            return None
        for _, b in spot.numbers_shown(i):
            if b is None or b.layouts is None:
                return None
            shown += 1
            left -= b.layouts
            if b.safe:
                progress += b.layouts
            score += b.layouts / total * self.next_safety(b)
            if (score + left / total) < floor:
                return None
        return score, progress / total, shown

    def next_safety(self, b: Analysis) -> float:
        """How safe the best next move is after analysis b: 1 with a certain safe cell (or only mines left),
        else the safest cell's chance; with blend, blended with the second safest cell's."""
        if len(b.safe) > 1 or (b.safe and not self.blend):
            return 1.0
        chances = b.best_chances(2, _dead_in(b) if self.living else None)
        if not chances:
            return 1.0  # only mines left: the game is won
        best = chances[0]
        if not self.blend:
            return best
        second = chances[1] if len(chances) > 1 else best
        return (1 - self.blend) * best + self.blend * second


def _dead_in(b: Analysis) -> Callable[[int], bool]:
    """A test for cells of analysis b whose covered neighbours are all certain mines (their number is known)."""
    cols, visible = b.cols, b.frontier.visible
    nb = neighbours(b.rows, cols)
    mines = {r * cols + c for r, c in b.mines}
    return lambda j: all(visible[k] >= 0 or k in mines for k in nb[j])


KINDS: dict[str, type[GuessStrategy]] = {
    "shipped": HillStrategy,
    "search": SearchStrategy,
    "wide": WideStrategy,
    "survive2": Survive2Strategy,
    "dead": DeadCellStrategy,
    "secondary": SecondaryStrategy,
    "hill": HillStrategy,
    "external": ExternalStrategy,
}


def make_strategy(kind: str = "shipped", **values: Any) -> GuessStrategy:
    """A strategy of the named kind with some of its parameters changed (SystemExit naming the allowed ones)."""
    if kind not in KINDS:
        raise SystemExit(f"no strategy {kind!r}; known: {', '.join(KINDS)}")
    cls = KINDS[kind]
    allowed = {f.name for f in fields(cls)}
    unknown = sorted(set(values) - allowed)
    if unknown:
        raise SystemExit(f"strategy {kind!r} has no {', '.join(unknown)}; it has {', '.join(sorted(allowed))}")
    return replace(cls(), **values)
