"""Counting the mine layouts of one group of numbers that share cells: exactly, or estimated when there are too
many to count within the work allowed."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

__all__ = [
    "Capped",
    "Group",
    "InconsistentPosition",
    "Solutions",
    "approximate",
    "enumerate_group",
    "forget",
    "solve",
    "stored",
]

# The numbers of a group: (cells, mines they still need) each, sorted (the same group is always enumerated in
# the same order, so its work and its result depend on the group alone).
Group = tuple[tuple[tuple[int, ...], int], ...]


class Capped(Exception):
    """A group has more layouts than the work allowed to count them."""


class InconsistentPosition(ValueError):
    """The visible numbers admit no mine layout (a hand-made position, or the game was already lost)."""


# (cells of each variable, ((mines, weight), ...), (weighted mine count per variable, ...)): a group's layouts by
# their total of mines, the weights and the sums in the same order. Tuples only: the store keeps them for the
# session, and the garbage collector stops tracking tuples of ints (see _SOLVED).
Solutions = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...], tuple[tuple[Any, ...], ...]]


def enumerate_group(group: Group, budget: int) -> tuple[Solutions, int]:  # noqa: C901 - a search kernel (see pyproject.toml)
    """Enumerate the solutions of one component; with the search nodes that took (its work).

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

    def rec(i: int, weight: int, total: int) -> None:  # noqa: C901 - the search itself
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
    ordered_vars = tuple(tuple(variables[v][1]) for v in order)
    return (ordered_vars, tuple(weights.items()), tuple(tuple(sums[m]) for m in weights)), nodes[0]


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
    variables = tuple((j,) for j in acc)
    local = [acc[j][0] / acc[j][1] for j in acc]
    total = sum(local)
    lo = max(count for _, count in group)
    hi = min(len(acc), sum(count for _, count in group))
    totals = range(lo, hi + 1)
    weights = tuple((m, 1) for m in totals)
    sums = tuple(tuple(min(Fraction(1), m * p / total) for p in local) for m in totals)
    return variables, weights, sums


# Solved groups by (group, budget): a move changes a few groups and leaves the others as they were, and the
# lookahead tries many positions that differ in one group. Keyed by the budget too, so a result never depends
# on what was solved before. Kept for the whole session, so kept as tuples of ints only, which the garbage
# collector stops tracking: its full collections, which stop every thread of the game, do not walk them (with
# dicts in each, they took 70 to 180 ms on a full store).
_SOLVED: dict[tuple[Group, int], tuple[Solutions, bool, int]] = {}
_SOLVED_MAX = 20_000


def solve(group: Group, budget: int) -> tuple[Solutions, bool, int]:
    """(solutions, exact, work): the group's layouts counted, or estimated (exact False) past `budget` search
    nodes; work is the search nodes counting them took (the same when the group comes from the store).
    Raises InconsistentPosition when no layout fits."""
    key = (group, budget)
    found = _SOLVED.get(key)
    if found is None:
        try:
            solutions, work = enumerate_group(group, budget)
            exact = True
        except Capped:
            solutions, work, exact = approximate(group), budget, False
        if len(_SOLVED) >= _SOLVED_MAX:
            _SOLVED.clear()
        found = _SOLVED[key] = (solutions, exact, work)
    return found


def stored() -> int:
    """How many groups the store holds."""
    return len(_SOLVED)


def forget() -> None:
    """Empty the store of solved groups (a benchmark times cold work after it)."""
    _SOLVED.clear()
