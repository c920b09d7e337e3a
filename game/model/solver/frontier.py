"""The numbers' constraints on the covered cells, kept between moves: what the single-number rule decides, the
constraints left, and their independent groups with their layouts counted.

A position is built from the one before by revealing cells (`Frontier.after`): the new numbers' constraints are
added, the single-number rule runs from them only, and only the groups they touch are counted again (the others,
and any group seen before, come as they were). Building from scratch is revealing every number of a covered
board, so there is one way to reach every position.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from .enumeration import Group, InconsistentPosition, Solutions, solve

__all__ = ["Component", "Frontier", "InconsistentPosition", "neighbours"]


@lru_cache(maxsize=64)
def neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Flat neighbour indices of every cell of a rows x cols board."""
    out = []
    for r in range(rows):
        for c in range(cols):
            out.append(
                tuple(
                    (rr * cols + cc)
                    for rr in range(max(0, r - 1), min(rows, r + 2))
                    for cc in range(max(0, c - 1), min(cols, c + 2))
                    if (rr, cc) != (r, c)
                )
            )
    return tuple(out)


class Component:
    """A group of constraints that share cells, with its layouts counted (`solutions`, exact or estimated) and the
    search nodes counting them took (`work`, the same whether or not they were counted before)."""

    __slots__ = ("group", "cells", "solutions", "exact", "work", "_local")

    def __init__(self, group: Group, budget: int) -> None:
        self.group = group
        self.cells = frozenset(j for key, _ in group for j in key)
        found = solve(group, budget)
        self.solutions: Solutions = found[0]
        self.exact: bool = found[1]
        self.work: int = found[2]
        self._local: list[int] | None = None

    def local(self) -> list[int]:
        """Per variable: 0 when no layout of the group puts a mine there, 1 when every one fills it, else -1 (and
        -1 for all when the layouts are estimated): what the numbers prove without the mine count."""
        if self._local is None:
            variables, weights, sums = self.solutions
            out = [-1] * len(variables)
            if self.exact:
                for vi, cells in enumerate(variables):
                    if all(s[vi] == 0 for s in sums):
                        out[vi] = 0
                    elif all(s[vi] == w * len(cells) for (_, w), s in zip(weights, sums)):
                        out[vi] = 1
            self._local = out
        return self._local


class Frontier:
    """The constraint state of one position. known: covered cells the single-number rule decides (1 a mine, 0
    safe); res: the constraints left, {sorted undecided cells: mines they need}; comps: their groups."""

    __slots__ = ("rows", "cols", "mines", "budget", "visible", "covered", "known", "res", "comps", "_by_cell", "_of")

    def __init__(
        self,
        rows: int,
        cols: int,
        mines: int,
        budget: int,
        visible: list[int],
        covered: int,
        known: dict[int, int],
        res: dict[tuple[int, ...], int],
        comps: list[Component],
    ) -> None:
        self.rows, self.cols, self.mines, self.budget = rows, cols, mines, budget
        self.visible, self.covered = visible, covered
        self.known, self.res, self.comps = known, res, comps
        self._by_cell: dict[int, list[tuple[int, ...]]] | None = None
        self._of: dict[int, int] | None = None

    @classmethod
    def blank(cls, rows: int, cols: int, mines: int, budget: int) -> Frontier:
        """A board with every cell covered."""
        n = rows * cols
        return cls(rows, cols, mines, budget, [-1] * n, n, {}, {}, [])

    def by_cell(self) -> dict[int, list[tuple[int, ...]]]:
        """The constraints each undecided frontier cell is in (made once, then shared by every position after)."""
        if self._by_cell is None:
            index: dict[int, list[tuple[int, ...]]] = {}
            for key in self.res:
                for j in key:
                    index.setdefault(j, []).append(key)
            self._by_cell = index
        return self._by_cell

    def comp_of(self) -> dict[int, int]:
        """The component each frontier cell is in, by index into comps."""
        if self._of is None:
            self._of = {j: t for t, comp in enumerate(self.comps) for j in comp.cells}
        return self._of

    def after(self, reveals: Mapping[int, int], assume: Mapping[int, int] | None = None) -> Frontier:  # noqa: C901 - the incremental update every analysis runs
        """This position with covered cells revealed: {flat index: the number it shows}; assume: covered cells
        taken as mines (1) or safe (0), to count the layouts where they are."""
        nb = neighbours(self.rows, self.cols)
        vis = self.visible.copy()
        known = dict(self.known)
        res = dict(self.res)
        parent_index = self.by_cell()
        index: dict[int, list[tuple[int, ...]]] = {}  # constraints added here, by cell
        touched: set[int] = set()  # cells of constraints removed or added
        added: list[tuple[int, ...]] = []
        queue: list[int] = []  # cells decided whose constraints are still to update

        def decide(j: int, value: int) -> None:
            was = known.get(j)
            if was is None:
                known[j] = value
                queue.append(j)
            elif was != value:
                raise InconsistentPosition("the numbers contradict each other")

        def add(cells: tuple[int, ...] | list[int], need: int) -> None:
            unknown = []
            for j in cells:
                k = known.get(j)
                if k is None:
                    unknown.append(j)
                else:
                    need -= k
            if need < 0 or need > len(unknown):
                raise InconsistentPosition("a number does not match its neighbours")
            if not unknown:
                return
            if need == 0 or need == len(unknown):
                value = 1 if need else 0
                for j in unknown:
                    decide(j, value)
                return
            key = tuple(sorted(unknown))
            had = res.get(key)
            if had is not None:
                # two numbers left with the same cells must need the same mines (a hypothetical number tried by
                # the lookahead may not: that number is impossible)
                if had != need:
                    raise InconsistentPosition("two numbers disagree about the same cells")
                return
            res[key] = need
            touched.update(key)
            added.append(key)
            for j in key:
                index.setdefault(j, []).append(key)

        for i, v in reveals.items():
            if vis[i] >= 0:
                raise ValueError(f"cell {i} is already revealed")
            vis[i] = v
        for i in reveals:
            decide(i, 0)  # a revealed cell is safe; it leaves the covered cells below
        for j, value in (assume or {}).items():
            if vis[j] >= 0:
                raise ValueError(f"cell {j} is revealed")
            decide(j, value)
        for i, v in reveals.items():
            cells = [j for j in nb[i] if vis[j] < 0]
            if v and not cells:
                raise InconsistentPosition("a number has no covered neighbours")
            add(cells, v)
        while queue:
            j = queue.pop()
            for keys in (parent_index.get(j), index.get(j)):
                for key in keys or ():
                    need = res.pop(key, None)
                    if need is not None:
                        touched.update(key)
                        add(key, need)
        for i in reveals:
            del known[i]
        return Frontier(
            self.rows,
            self.cols,
            self.mines,
            self.budget,
            vis,
            self.covered - len(reveals),
            known,
            res,
            self._regroup(res, touched, added),
        )

    def _regroup(
        self, res: dict[tuple[int, ...], int], touched: set[int], added: list[tuple[int, ...]]
    ) -> list[Component]:
        """The components after a change: those no touched cell is in stay as they were; the constraints of the
        others and the new ones are grouped again."""
        of = self.comp_of()
        hit = {of[j] for j in touched if j in of}
        kept = [comp for t, comp in enumerate(self.comps) if t not in hit]
        loose = {key for t in hit for key, _ in self.comps[t].group if key in res}
        loose.update(key for key in added if key in res)
        parent: dict[int, int] = {}

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for key in loose:
            for j in key:
                parent.setdefault(j, j)
            root = find(key[0])
            for j in key[1:]:
                rj = find(j)
                if rj != root:
                    parent[rj] = root
        groups: dict[int, list[tuple[tuple[int, ...], int]]] = {}
        for key in loose:
            groups.setdefault(find(key[0]), []).append((key, res[key]))
        return kept + [Component(tuple(sorted(g)), self.budget) for g in groups.values()]
