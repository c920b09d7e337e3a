"""One position as David N Hill's look-ahead sees it (game/model/solver/hill.py): which covered cells are
"living" (their number is not the same in every layout where they are safe, so opening them teaches something),
the best living safeties, the living cells certainly safe, and the positions each number a cell may show leads
to; with the `Meter` that counts the work those positions take, the unit a pick is limited by."""

from __future__ import annotations

from fractions import Fraction

from .analysis import POSITION_WORK, Analysis, InconsistentPosition, counting_work, neighbours

__all__ = ["Meter", "Position"]


class Meter:
    """The work one pick has spent: POSITION_WORK for every position it analyses, plus the search nodes that
    counted the layouts of that position's new groups (`counting_work`); stopped: the work limit ended the pick
    with cells still to weigh."""

    __slots__ = ("spent", "stopped")

    def __init__(self) -> None:
        self.spent = 0
        self.stopped = False


class Position:
    """One position as his probability engine sees it: which cells are dead, the interior's safety, the best and
    second best living safety and the living cells certainly safe. living: "exact" (a cell is dead when only one
    number is possible for it), "mines" (when its covered neighbours are all certain mines) or "none"."""

    def __init__(self, a: Analysis, living: str, meter: Meter | None = None) -> None:
        self.a, self.living = a, living
        # the work of the positions analysed from this one goes on it
        self.meter = meter if meter is not None else Meter()
        f = a.frontier
        self.rows, self.cols = f.rows, f.cols
        self.nb = neighbours(f.rows, f.cols)
        self.of = f.comp_of()
        self.known = f.known
        self.visible = f.visible
        self.safe = a.safe_cells
        self.mines = a.mine_cells
        self._dead: dict[int, bool] = {}
        self.children: dict[tuple[int, int], Analysis | None] = {}
        self.interior = a.interior_size  # covered cells no number touches
        self._undecided: list[tuple[float, tuple[int, ...]]] | None = None
        self._off_safety = 0.0

    def _chances(self) -> list[tuple[float, tuple[int, ...]]]:
        """(safety, cells) of the frontier's undecided boxes, safest first; sets the interior's safety."""
        if self._undecided is None:
            out = []
            interior_uncertain = False
            for num, d, cells in self.a.chances():
                if cells is None:
                    self._off_safety = 1 - num / d
                    interior_uncertain = True
                else:
                    out.append((1 - num / d, cells))
            if self.interior and not interior_uncertain:  # the interior is certain
                f = self.a.frontier
                j = next(i for i, v in enumerate(f.visible) if v < 0 and i not in f.known and i not in self.of)
                self._off_safety = 1.0 if j in self.safe else 0.0
            out.sort(key=lambda o: -o[0])
            self._undecided = out
        return self._undecided

    @property
    def undecided(self) -> list[tuple[float, tuple[int, ...]]]:
        return self._chances()

    @property
    def off_safety(self) -> float:
        """The safety of a cell off the edge (0 when there is none)."""
        self._chances()
        return self._off_safety

    def is_interior(self, j: int) -> bool:
        return self.visible[j] < 0 and j not in self.known and j not in self.of

    def shown(self, i: int) -> range:
        """The numbers covered cell i could show: at least its certain mines, at most those and its undecided
        covered neighbours."""
        mines = undecided = 0
        for k in self.nb[i]:
            if self.visible[k] < 0:
                if k in self.mines:
                    mines += 1
                elif k not in self.safe:
                    undecided += 1
        return range(mines, mines + undecided + 1)

    def child(self, i: int, v: int) -> Analysis | None:
        """The position with cell i showing v (None when no layout allows it), kept; its work goes on the meter."""
        key = (i, v)
        if key not in self.children:
            self.meter.spent += POSITION_WORK
            try:
                b = self.children[key] = self.a.after({i: v})
            except InconsistentPosition:
                self.children[key] = None
            else:
                self.meter.spent += counting_work(self.a, b)
        return self.children[key]

    def given_safe(self, i: int) -> Position:
        """This position counted over the layouts where cell i is safe (raises InconsistentPosition when there
        are none); its work goes on the meter."""
        self.meter.spent += POSITION_WORK
        b = self.a.given({i: 0})
        self.meter.spent += counting_work(self.a, b)
        return Position(b, self.living, self.meter)

    def following(self, b: Analysis) -> Position:
        """Position b, one of this one's children, seen the same way and on the same meter."""
        return Position(b, self.living, self.meter)

    def dead(self, j: int) -> bool:
        """Whether covered cell j is dead: its number is the same in every layout where it is safe."""
        if self.living == "none":
            return False
        if j not in self._dead:
            self._dead[j] = self._is_dead(j)
        return self._dead[j]

    def _is_dead(self, j: int) -> bool:
        covered = [k for k in self.nb[j] if self.visible[k] < 0]
        if self.living == "mines":
            return all(k in self.mines for k in covered)
        if any(self.is_interior(k) and 0.0 < self.off_safety < 1.0 for k in covered):
            return False  # a neighbour off the edge may or may not be a mine, whatever the frontier holds
        if j in self.safe:
            # its covered neighbours' expected mines must be a whole number for their count to be fixed
            a = self.a
            expected = sum(Fraction(a.nums[k], a.den[k]) for k in covered)
            if expected.denominator != 1:
                return False
        possible = 0
        for v in self.shown(j):
            if self.child(j, v) is not None:
                possible += 1
                if possible > 1:
                    return False
        return True

    def blended(self, blend: float) -> tuple[float, int | None]:
        """(the next guess's blended safety: (1 - blend) x the best + blend x the second best living safety, the
        interior counting as two living options; the single safest living cell, if one is safer than every other
        option)."""
        top = [self.off_safety, self.off_safety] if self.interior else [0.0, 0.0]
        safest: int | None = None
        for j in sorted(self.safe):
            if self.is_interior(j) or self.dead(j):
                continue
            if top[0] < 1.0:
                top, safest = [1.0, top[0]], j
            else:
                top[1] = 1.0
                break
        if top[1] < 1.0:
            for safety, cells in self.undecided:
                if safety <= top[1]:
                    break
                for j in cells:
                    if self.dead(j):
                        continue
                    if safety > top[0]:
                        top, safest = [safety, top[0]], j
                    else:
                        top[1] = safety
                        break
        single = safest if top[0] > top[1] else None
        return (1 - blend) * top[0] + blend * top[1], single

    def living_clears(self, skip: int = -1) -> int:
        """The living frontier cells certainly safe, cell `skip` left out (a safe cell counts as dead when its
        covered neighbours are all certain: the cheap part of the dead test)."""
        certain = self.safe | self.mines
        return sum(
            1
            for j in self.safe
            if j != skip
            and not self.is_interior(j)
            and not all(k in certain for k in self.nb[j] if self.visible[k] < 0 and k != j)
        )
