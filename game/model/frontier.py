"""The frontier's constraints: the single-number rule, groups of numbers that share no cells, and each group's
mine layouts counted exactly (or estimated when there are too many)."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

__all__ = ["Capped", "InconsistentPosition", "approximate", "components", "enumerate_group", "propagate"]


class InconsistentPosition(ValueError):
    """The visible numbers admit no mine layout (a hand-made position, or the game was already lost)."""


Constraint = tuple[list[int], int]


def propagate(cons: list[Constraint], known: dict[int, int]) -> dict[tuple[int, ...], int]:
    """Single-number rule to a fixed point. Mutates known; returns the residual constraints by cells."""
    changed = True
    while changed:
        changed = False
        for cells, count in cons:
            unknown = [j for j in cells if j not in known]
            if not unknown:
                if sum(known[j] for j in cells) != count:
                    raise InconsistentPosition("a number does not match its neighbours")
                continue
            need = count - sum(known[j] for j in cells if j in known)
            if need < 0 or need > len(unknown):
                raise InconsistentPosition("a number does not match its neighbours")
            if need == 0 or need == len(unknown):
                v = 1 if need else 0
                for j in unknown:
                    known[j] = v
                changed = True
    residual: dict[tuple[int, ...], int] = {}
    for cells, count in cons:
        unknown_cells = tuple(sorted(j for j in cells if j not in known))
        if unknown_cells:
            need = count - sum(known[j] for j in cells if j in known)
            # two numbers left with the same cells must need the same mines (a hypothetical number tried by
            # the lookahead may not: that number is impossible)
            if residual.setdefault(unknown_cells, need) != need:
                raise InconsistentPosition("two numbers disagree about the same cells")
    return residual


Group = list[tuple[tuple[int, ...], int]]


def components(residual: dict[tuple[int, ...], int]) -> list[Group]:
    """Split residual constraints into groups that share no cells."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for cells in residual:
        for j in cells:
            parent.setdefault(j, j)
        root = find(cells[0])
        for j in cells[1:]:
            rj = find(j)
            if rj != root:
                parent[rj] = root
    groups: dict[int, Group] = {}
    for cells, count in residual.items():
        groups.setdefault(find(cells[0]), []).append((cells, count))
    return list(groups.values())


class Capped(Exception):
    """A group has more layouts than the work allowed to count them."""


# (cells of each variable, {mines: weight}, {mines: [weighted mine count per variable]})
Solutions = tuple[list[list[int]], dict[int, int], dict[int, list[Any]]]


def enumerate_group(group: Group, budget: int) -> Solutions:
    """Enumerate the solutions of one component.

    Cells with the same constraints form one variable of size s; a variable holding k mines stands for
    C(s, k) layouts.
    """
    sig: dict[int, list[int]] = {}
    for ci, (cells, _) in enumerate(group):
        for j in cells:
            sig.setdefault(j, []).append(ci)
    byvar: dict[tuple[int, ...], list[int]] = {}
    for j, cs in sig.items():
        byvar.setdefault(tuple(cs), []).append(j)
    variables = list(byvar.items())  # [(constraint ids, cells)]
    # Order variables so each one shares constraints with those before it: constraints close early and prune.
    ncons = len(group)
    cons_vars: list[list[int]] = [[] for _ in range(ncons)]
    for vi, (var_cons, _) in enumerate(variables):
        for ci in var_cons:
            cons_vars[ci].append(vi)
    order = []
    seen = set()
    start = max(range(len(variables)), key=lambda v: len(variables[v][0]))
    queue = [start]
    seen.add(start)
    while queue:
        v = queue.pop(0)
        order.append(v)
        for ci in variables[v][0]:
            for w in cons_vars[ci]:
                if w not in seen:
                    seen.add(w)
                    queue.append(w)
    nv = len(order)
    sizes = [len(variables[v][1]) for v in order]
    vcons = [variables[v][0] for v in order]
    need = [count for _, count in group]
    room = [len(cells) for cells, _ in group]
    choose = [[comb(s, k) for k in range(s + 1)] for s in sizes]
    assign = [0] * nv
    weights: dict[int, int] = {}
    sums: dict[int, list[Any]] = {}
    nodes = [0]

    def rec(i: int, weight: int, total: int) -> None:
        nodes[0] += 1
        if nodes[0] > budget:
            raise Capped
        if i == nv:
            if total in weights:
                weights[total] += weight
                acc = sums[total]
                for t in range(nv):
                    if assign[t]:
                        acc[t] += weight * assign[t]
            else:
                weights[total] = weight
                sums[total] = [weight * a for a in assign]
            return
        s = sizes[i]
        cs = vcons[i]
        lo, hi = 0, s
        for ci in cs:
            n = need[ci]
            if n < hi:
                hi = n
            m = n - (room[ci] - s)
            if m > lo:
                lo = m
        if lo > hi:
            return
        for ci in cs:
            room[ci] -= s
        ch = choose[i]
        for k in range(lo, hi + 1):
            for ci in cs:
                need[ci] -= k
            assign[i] = k
            rec(i + 1, weight * ch[k], total + k)
            for ci in cs:
                need[ci] += k
        assign[i] = 0
        for ci in cs:
            room[ci] += s

    rec(0, 1, 0)
    if not weights:
        raise InconsistentPosition("the numbers admit no mine layout")
    ordered_vars = [variables[v][1] for v in order]
    return ordered_vars, weights, sums


def approximate(group: Group) -> Solutions:
    """Fallback for a component too big to enumerate (the analysis then reports exact = False).

    Each cell gets a local weight: the mean, over the numbers touching it, of (mines that number still needs)
    / (its covered cells). Every total m from the fewest to the most mines the numbers allow counts as one
    solution, with the m mines spread over the cells in proportion to their local weights. Combining with the
    other components and the interior then goes exactly as for enumerated components, so the mine count
    still pulls the totals."""
    acc: dict[int, list[Any]] = {}
    for cells, count in group:
        p = Fraction(count, len(cells))
        for j in cells:
            a = acc.setdefault(j, [0, 0])
            a[0] += p
            a[1] += 1
    variables = [[j] for j in acc]
    local = [acc[j][0] / acc[j][1] for j in acc]
    total = sum(local)
    lo = max(count for _, count in group)
    hi = min(len(acc), sum(count for _, count in group))
    weights = {}
    sums: dict[int, list[Any]] = {}
    for m in range(lo, hi + 1):
        weights[m] = 1
        sums[m] = [min(Fraction(1), m * p / total) for p in local]
    return variables, weights, sums
