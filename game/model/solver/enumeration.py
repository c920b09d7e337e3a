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
    C(s, k) layouts. The variables are given their mines one by one, depth first; the work is the nodes of that
    search tree, and past `budget` of them the group is Capped. A subtree depends only on what the numbers that
    it shares with the variables before it still need, so equal subtrees are searched once and the layouts are
    summed over the shared tree (`_sums`): the same solutions, in the same order, and the same work as the plain
    search that visits every node (tests/model/test_enumeration.py holds it).
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
    if min(need) < 0 or any(n > r for n, r in zip(need, room)):
        raise InconsistentPosition("a number needs more mines than it has cells")  # never from a Frontier
    # What every number still needs, packed in one int (`bits` a number): the state a subtree depends on. (Numbers
    # no variable before has touched need what they needed, and those whose cells are all given need 0.)
    bits = max(need).bit_length() or 1
    unit = [sum(1 << bits * ci for ci in cs) for cs in vcons]
    checks = []  # per variable, (where a number's need is, its room left after this variable) for each number
    for i, numbers in enumerate(vcons):
        checks.append([(bits * ci, room[ci] - sizes[i]) for ci in numbers])
        for ci in numbers:
            room[ci] -= sizes[i]
    choose = [[comb(s, k) for k in range(s + 1)] for s in sizes]
    field = (1 << bits) - 1
    memo: list[dict[int, Node]] = [{} for _ in range(nv + 1)]
    made: list[Node] = []  # every node, children before their parents
    nodes = 0  # the plain search's nodes so far

    def visit(i: int, state: int) -> Node:
        # a node not met before (met ones are read from the memo by their parent)
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise Capped
        count = 1
        out: dict[int, int] = {}
        below: list[tuple[int, int, Node]] = []
        if i == nv:
            out[0] = 1
        else:
            lo, hi = 0, sizes[i]
            for at, left in checks[i]:
                n = state >> at & field
                if n < hi:
                    hi = n
                if n - left > lo:
                    lo = n - left
            ch, step, met = choose[i], unit[i], memo[i + 1]
            for k in range(lo, hi + 1):
                after = state - k * step
                child = met.get(after)
                if child is None:
                    child = visit(i + 1, after)
                else:
                    nodes += child[0]
                    if nodes > budget:
                        raise Capped
                count += child[0]
                w = ch[k]
                for t, x in child[1].items():
                    out[t + k] = out.get(t + k, 0) + w * x
                if child[1]:
                    below.append((k, w, child))
        node = memo[i][state] = (count, out, below, len(made), i)
        made.append(node)
        return node

    root = visit(0, sum(n << bits * ci for ci, n in enumerate(need)))
    weights = root[1]
    if not weights:
        raise InconsistentPosition("the numbers admit no mine layout")
    sums = _sums(made, nv)
    ordered_vars = tuple(tuple(variables[v][1]) for v in order)
    return (ordered_vars, tuple(weights.items()), tuple(tuple(sums[m]) for m in weights)), root[0]


# A node of the shared search tree: (its subtree's nodes in the plain search, its layouts' weights by their mines in
# the order the plain search meets them, its children that have layouts as (mines given to its variable, their
# weight, node), its place in the list of nodes made, its variable's index)
Node = tuple[int, dict[int, int], list[Any], int, int]


def _sums(made: list[Node], nv: int) -> dict[int, list[int]]:
    """Per total of mines, each variable's mines summed over the layouts with that total (each counted by its
    weight): over every path of the shared tree, the weight of the part above a variable's choice, times that
    choice's, times the weight of the part below, times the mines chosen. made: the tree's nodes, children before
    their parents (the root last)."""
    root = made[-1]
    sums = {t: [0] * nv for t in root[1]}
    # per node: the weights of the paths to it by the mines so far; and of those whose last choice gave mines, the
    # weights times those mines (what the node's layouts add to the sums of its parents' variable)
    above: list[dict[int, int] | None] = [None] * len(made)
    mined: list[dict[int, int] | None] = [None] * len(made)
    above[root[3]] = {0: 1}
    for node in reversed(made):  # parents before their children
        into = above[node[3]]
        if into is None:
            continue  # no layout passes through it
        came = mined[node[3]]
        if came is not None:
            i = node[4] - 1
            for t, y in came.items():
                for u, z in node[1].items():
                    sums[t + u][i] += y * z
        for k, w, child in node[2]:
            c = child[3]
            nxt = above[c]
            if nxt is None:
                nxt = above[c] = {}
            if k:
                got = mined[c]
                if got is None:
                    got = mined[c] = {}
                for t, x in into.items():
                    y = x * w
                    nxt[t + k] = nxt.get(t + k, 0) + y
                    got[t + k] = got.get(t + k, 0) + y * k
            else:
                for t, x in into.items():
                    nxt[t] = nxt.get(t, 0) + x * w
    return sums


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
