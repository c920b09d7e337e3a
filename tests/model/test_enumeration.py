"""The count of a group's layouts over its shared search tree against the plain depth-first search it replaced."""

import random
from math import comb

import pytest

from game.model.solver.analysis import InconsistentPosition, analyse_visible
from game.model.solver.enumeration import Capped, enumerate_group
from tests.solverfixtures import random_view


def plain_search(group, budget):  # noqa: C901 - the search as it was, kept as the reference
    """The plain search that visits every node (enumerate_group before its subtrees were shared)."""
    sig = {}
    for ci, (cells, _) in enumerate(group):
        for j in cells:
            sig.setdefault(j, []).append(ci)
    byvar = {}
    for j, cs in sig.items():
        byvar.setdefault(tuple(cs), []).append(j)
    variables = list(byvar.items())
    cons_vars = [[] for _ in range(len(group))]
    for vi, (var_cons, _) in enumerate(variables):
        for ci in var_cons:
            cons_vars[ci].append(vi)
    order = []
    start = max(range(len(variables)), key=lambda v: len(variables[v][0]))
    queue, seen = [start], {start}
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
    assign = [0] * nv
    weights, sums, nodes = {}, {}, [0]

    def rec(i, weight, total):
        nodes[0] += 1
        if nodes[0] > budget:
            raise Capped
        if i == nv:
            if total in weights:
                weights[total] += weight
                for t in range(nv):
                    sums[total][t] += weight * assign[t]
            else:
                weights[total] = weight
                sums[total] = [weight * a for a in assign]
            return
        s, cs = sizes[i], vcons[i]
        lo = max([0] + [need[ci] - (room[ci] - s) for ci in cs])
        hi = min([s] + [need[ci] for ci in cs])
        for ci in cs:
            room[ci] -= s
        for k in range(lo, hi + 1):
            for ci in cs:
                need[ci] -= k
            assign[i] = k
            rec(i + 1, weight * comb(s, k), total + k)
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


def outcome(count, group, budget):
    try:
        return count(group, budget)
    except (Capped, InconsistentPosition) as e:
        return type(e).__name__


def groups_of_views(seed, count):
    """The groups of random positions, from sparse to dense and from few cells opened to many."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        rows, cols = rng.choice([(9, 9), (16, 16), (16, 30)])
        mines = int(rows * cols * rng.uniform(0.12, 0.25))
        vis = random_view(rng, rows, cols, mines, rng.uniform(0.15, 0.6)).vis
        try:
            a = analyse_visible(rows, cols, mines, vis, budget=10**9)
        except InconsistentPosition:
            continue
        out.extend(comp.group for comp in a.frontier.comps)
    return out


def random_groups(seed, count):
    """Random groups of numbers over a few cells, some with no layout at all."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cells = list(range(rng.randint(2, 14)))
        cons = {}
        for _ in range(rng.randint(1, 9)):
            key = tuple(sorted(rng.sample(cells, rng.randint(1, min(8, len(cells))))))
            cons[key] = rng.randint(0, len(key))
        out.append(tuple(sorted(cons.items())))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_the_shared_search_counts_the_groups_of_positions_as_the_plain_search_does(seed):
    groups = groups_of_views(seed, 25)
    assert len(groups) > 40
    capped = 0
    for group in groups:
        for budget in (100_000, 20_000, 500, 40):
            got = outcome(enumerate_group, group, budget)
            assert got == outcome(plain_search, group, budget)
            capped += got == "Capped"
    assert capped  # the work cap is met where the plain search met it


@pytest.mark.parametrize("seed", range(3))
def test_the_shared_search_counts_random_groups_as_the_plain_search_does(seed):
    results = set()
    for group in random_groups(seed, 300):
        for budget in (10**6, 60, 7):
            got = outcome(enumerate_group, group, budget)
            assert got == outcome(plain_search, group, budget)
            results.add(got if isinstance(got, str) else "counted")
    assert results == {"Capped", "InconsistentPosition", "counted"}
