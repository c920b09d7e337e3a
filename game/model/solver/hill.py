"""The shipped guess: David N Hill's, as his Java solver makes it in his bulk runs, each part a switch.

His flow (github DavidNHill/Minesweeper, `Solver.doNewProcess` and `SecondarySafetyEvaluator`): the candidates
are the living frontier cells within `cut` of the best living safety, the cells off the edge (no number touches
them) when their safety is within `off_edge_cut` of the best (all of them when there are fewer than 30, else
those two steps from a number in a row or column and those with 2 or 3 covered neighbours), and the cells the
50/50 influence lifts to the cut; cells in a covered region of fewer than `defer` cells go last. Each is scored
by the sum over the numbers it could show of that number's chance times the next position's blended safety (the
best and second best living cell, 4:1, the interior counting as a living option), times its 50/50 influence
factor, times 1 + `progress` x the chance its number proves more living cells safe than it being safe does;
a cell whose being safe proves a box of two cells or more safe is "dominated" and scored by its safety alone.
A "dead" cell (one whose number is the same in every layout where it is safe) is neither a candidate nor a
living option. Then two switches: to a safer evaluated cell its being safe proves safe, and to the single safest
cell of every next position. The rest of our engine runs before `pick` (game/model/solver/guess.py): the
exact endgame (ours searches up to 1,000 layouts where his brute force takes 400), closed pockets (his isolated
edges), pseudo-50/50s (ours: pairs and boxes), and our dominance swap after it.

His long-term risk (`LongTermRiskHelper`, the 50/50s that may still form against a wall) is weighed unless
`long_term` is switched off (`fifty.long_term_influence`); without it the influence is ours, of the 50/50s
already closed. With it, and with his order among cells that tie (his loops run column by column), this port
opens his cell at 537 of the 562 guesses over 1,000 layouts of 200 games his own solver played and logged
(docs/solver.md, stop 37; without it, at 366), and it won more than the search it replaced: +0.18 points
[+0.05, +0.31] over 40,000 paired Expert boards (stop 37).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .analysis import InconsistentPosition
from .living import Meter, Position
from .strategy import GuessStrategy, Spot

__all__ = ["HillStrategy", "Scored"]

# An evaluated cell is switched for a safer one only when it is safer by more than this (his EQUALITY_THRESHOLD).
SAFER_BY = 0.0001
# Off the edge, every cell is a candidate when fewer than this many are left.
FEW_OFF_EDGE = 30
# The most work a pick may spend before it weighs no more cells (`Meter`): about 0.3 to 0.6 s of this machine;
# above every one of 3,893 picks in 1,500 Expert games (the most, 226,010; the median 32,175:
# `python -m bench.guesses work --games 1500 --seed 3901`).
WORK = 250_000


def column_first(cols: int) -> Callable[[int], tuple[int, int]]:
    """A sort key putting cells in his loops' order: column by column, top to bottom."""
    return lambda i: (i % cols, i // cols)


@dataclass
class Scored:
    """One evaluated cell: its safety, weight, expected living clears, whether it goes last (found dead while
    weighed, where the dead test does not leave it out), the cells its being safe proves safe, and the single
    safest living cell after every number it may show (if the same one, and safer than this cell now)."""

    cell: int
    safety: float
    weight: float
    clears: float
    deferred: bool
    proved: frozenset[int]
    single: int | None


@dataclass(frozen=True)
class HillStrategy(GuessStrategy):
    """David N Hill's one-step look-ahead as his bulk runs play it (module docstring), each part a switch; the
    defaults are the shipped guess.

    cut: frontier candidates at least this share of the best living safety (his hard cut-off);
    off_edge: the off-edge candidates (when their safety exceeds off_edge_cut x the best);
    influenced: cells the 50/50 influence lifts to the cut are candidates too;
    defer: cells in a covered region of fewer cells go last (0: off);
    living: "exact", "mines" or "none", what a dead cell is (see Position);
    blend: the second best living cell's share of the next position's safety (the interior counts as two options);
    dominated: a cell whose being safe proves a box of 2+ cells safe is scored p x (1 + progress x p), p its safety;
    progress: the weight of the chance that its number proves more living cells safe than its being safe does;
    alternative, single_safest: his two switches after the sort;
    work: no cell is weighed once the pick has spent this much work (`Meter`; None: no limit), so its choice
    depends on the position alone, never on the machine's speed.
    `influence` (0.9) is his 50/50 influence scale."""

    cut: float = 0.9
    off_edge: bool = True
    off_edge_cut: float = 0.95
    influenced: bool = True
    defer: int = 8
    living: str = "exact"
    blend: float = 0.2
    dominated: bool = True
    progress: float = 0.001
    alternative: bool = True
    single_safest: bool = True
    work: int | None = WORK

    def pick(self, spot: Spot, meter: Meter | None = None) -> int:
        """His cell (a flat index); the work it took goes on `meter` when one is given."""
        here = Position(spot.analysis, self.living, meter)
        meter = here.meter
        cells = self.to_weigh(spot, here)
        if not cells:
            return spot.ranked[0]
        small = self.small_regions(spot, cells)
        first = [i for i in cells if i not in small] or cells
        scored: list[Scored] = []
        best: Scored | None = None
        for weighed, i in enumerate(first):
            if spot.stopped():
                break
            if weighed and self.work is not None and meter.spent > self.work:
                meter.stopped = True  # past its work it settles for the best weighed (the safest if none scored)
                break
            got = self.evaluate(spot, here, i, best)
            if got is None:
                continue
            scored.append(got)
            if (
                best is None
                or (best.deferred and not got.deferred)
                or (best.deferred == got.deferred and got.weight > best.weight)
            ):
                best = got
        if best is None:
            return spot.ranked[0]
        return self.select(scored).cell

    def select(self, scored: list[Scored]) -> Scored:
        """His choice among the cells evaluated: the sort (cells not deferred first, then weight, then expected
        living clears; stable), then a cell more than SAFER_BY safer that the chosen one being safe proves safe,
        then the single safest cell after every number the chosen one may show, if it was evaluated."""
        ranked = sorted(scored, key=lambda s: (s.deferred, -s.weight, -s.clears))
        move = ranked[0]
        if self.alternative:
            move = next((s for s in ranked if s.safety - move.safety > SAFER_BY and s.cell in move.proved), move)
        if self.single_safest and move.single is not None:
            move = next((s for s in ranked if s.cell == move.single), move)
        return move

    def to_weigh(self, spot: Spot, here: Position) -> list[int]:
        """The cells to evaluate, in his order: frontier cells safest first, then cells the influence lifts,
        then off-edge cells."""
        probs = spot.probs
        best = here.off_safety if here.interior else 0.0
        for i in spot.ranked:
            if 1 - probs[i] <= best:
                break
            if here.is_interior(i) or not here.dead(i):
                best = 1 - probs[i]
                break
        floor = self.cut * best
        frontier = [i for i in spot.ranked if 1 - probs[i] >= floor and not here.is_interior(i)]
        frontier.sort(key=lambda i: (-(1 - probs[i]), spot.shape(i), column_first(spot.cols)(i)))
        off: list[int] = []
        if self.off_edge and here.interior and here.off_safety > self.off_edge_cut * best:
            off = self.off_edge_cells(spot, here)
        out = list(frontier)
        if self.influenced and self.influence:
            total = spot.analysis.layouts or 1
            have = set(out) | set(off)
            lifted = self.influence_of(spot)
            for j in sorted(lifted):
                extra = lifted[j]
                if j in have or not extra or j in here.mines:
                    continue
                if (total * (1 - probs[j]) + extra) > floor * total:
                    out.append(j)
        return out + off

    def off_edge_cells(self, spot: Spot, here: Position) -> list[int]:
        """His off-edge candidates: every interior cell when there are fewer than 30, else those two steps from a
        number in a row or a column and those with 2 or 3 covered neighbours (certain mines not counted)."""
        rows, cols, visible, nb = spot.rows, spot.cols, spot.visible, spot.nb
        # his loops run column by column, so among cells that tie his first is the leftmost
        interior = sorted((i for i in range(rows * cols) if here.is_interior(i)), key=column_first(spot.cols))
        if len(interior) < FEW_OFF_EDGE:
            return interior
        picked: set[int] = set()
        for w, v in enumerate(visible):
            if v <= 0 or not any(visible[k] < 0 and k not in here.mines for k in nb[w]):
                continue
            r, c = divmod(w, cols)
            for rr, cc in ((r + 2, c), (r - 2, c), (r, c + 2), (r, c - 2)):
                if 0 <= rr < rows and 0 <= cc < cols and here.is_interior(rr * cols + cc):
                    picked.add(rr * cols + cc)
        for i in interior:
            if 1 < sum(1 for k in nb[i] if visible[k] < 0 and k not in here.mines) < 4:
                picked.add(i)
        return sorted(picked, key=column_first(spot.cols))

    def small_regions(self, spot: Spot, cells: list[int]) -> set[int]:
        """The cells whose covered region (flooding over covered cells, and across one revealed cell) has fewer
        than `defer` cells (his SpaceCounter)."""
        if not self.defer:
            return set()
        visible, nb = spot.visible, spot.nb
        small: set[int] = set()
        large: set[int] = set()
        for i in cells:
            if i in large or i in small:
                continue
            seen = {i}
            queue = [i]
            k = 0
            while k < len(queue) and len(seen) < self.defer:
                for j in nb[queue[k]]:
                    for m in (j,) if visible[j] < 0 else nb[j]:
                        if visible[m] < 0 and m not in seen:
                            seen.add(m)
                            queue.append(m)
                k += 1
            (large if len(seen) >= self.defer else small).update(seen)
        return {i for i in cells if i in small}

    def evaluate(self, spot: Spot, here: Position, i: int, best: Scored | None) -> Scored | None:
        """His score of cell i, or None when a position it leads to is not exact or the cell is dead. Stops
        early (the weight then an upper bound below the best's) once it cannot beat `best`."""
        a = spot.analysis
        total = a.layouts
        assert total is not None
        safety = 1 - spot.probs[i]
        safe_layouts = total - a.nums[i] * total // a.den[i]
        try:
            given = here.given_safe(i)
        except InconsistentPosition:
            return None
        proved = frozenset(given.safe - {i})
        linked = given.living_clears(skip=i)
        if self.dominated and self._dominated(here, i, proved):
            return Scored(i, safety, safety * (1 + self.progress * safety), linked, False, proved, None)
        factor = 1.0
        if self.influence and safe_layouts:
            factor += self.influence * self.influence_of(spot).get(i, 0) / safe_layouts
        secondary = progress = clears = 0.0
        left = safety
        valid = 0
        singles: set[int | None] = set()
        for v in here.shown(i):
            if best is not None and not best.deferred:
                bound = (secondary + left * factor) * (1 + (progress + left) * self.progress)
                if bound < best.weight:
                    return Scored(i, safety, bound, clears, False, proved, None)
            b = here.child(i, v)
            if b is None:
                continue
            if b.layouts is None:
                return None
            valid += 1
            prob = b.layouts / total
            nxt = here.following(b)
            blended, single = nxt.blended(self.blend)
            secondary += prob * blended * factor
            living = nxt.living_clears()
            clears += prob * living
            if living > linked:
                progress += prob
            singles.add(single)
            left -= prob
        if valid == 0:
            return None
        deferred = valid == 1  # dead: he leaves dead cells his engine finds out, and defers those found here
        if deferred and self.living == "exact":
            return None
        weight = secondary * (1 + progress * self.progress)
        single = next(iter(singles)) if len(singles) == 1 else None
        if single is not None and 1 - spot.probs.get(single, 1.0) <= safety:
            single = None
        return Scored(i, safety, weight, clears, deferred, proved, single)

    def _dominated(self, here: Position, i: int, proved: frozenset[int]) -> bool:
        """Whether cell i being safe proves safe a whole box (cells sharing their numbers) of 2+ cells besides
        its own."""
        boxes = (cells for _, cells in here.undecided if i not in cells and len(cells) > 1)
        return any(all(j in proved for j in cells) for cells in boxes)
