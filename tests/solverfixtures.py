"""Positions for the solver's tests: text grids, a tiny mine field with the game's rules, brute-force counts."""

import itertools

import pytest

from game.model.solver.analysis import analyse_visible, neighbours
from game.model.solver.guess import choose_guess


def grid(text_rows):
    """A visible position from text: '#' covered, digits revealed."""
    rows, cols = len(text_rows), len(text_rows[0])
    return rows, cols, [-1 if ch == "#" else int(ch) for row in text_rows for ch in row]


class Field:
    """A tiny mine field for tests: the same rules as the game (a zero opens its neighbours)."""

    def __init__(self, rows, cols, mine_cells):
        self.rows, self.cols = rows, cols
        self.nb = neighbours(rows, cols)
        self.mine = [False] * (rows * cols)
        for i in mine_cells:
            self.mine[i] = True
        self.counts = [sum(self.mine[j] for j in self.nb[i]) for i in range(rows * cols)]
        self.vis = [-1] * (rows * cols)

    def reveal(self, i):
        assert not self.mine[i]
        stack = [i]
        self.vis[i] = self.counts[i]
        while stack:
            k = stack.pop()
            if self.counts[k] == 0:
                for j in self.nb[k]:
                    if self.vis[j] < 0:
                        self.vis[j] = self.counts[j]
                        stack.append(j)

    @property
    def won(self):
        return sum(v < 0 for v in self.vis) == sum(self.mine)


def brute_force(rows, cols, mines, vis):
    nb = neighbours(rows, cols)
    covered = [i for i, v in enumerate(vis) if v < 0]
    numbers = [(i, v) for i, v in enumerate(vis) if v >= 0]
    hits = dict.fromkeys(covered, 0)
    total = 0
    for combo in itertools.combinations(covered, mines):
        s = set(combo)
        if all(sum(j in s for j in nb[i]) == v for i, v in numbers):
            total += 1
            for j in combo:
                hits[j] += 1
    return total, hits


def random_view(rng, rows, cols, mines, open_chance):
    n = rows * cols
    lay = set(rng.sample(range(n), mines))
    f = Field(rows, cols, lay)
    for i in range(n):
        if i not in lay and rng.random() < open_chance:
            f.vis[i] = f.counts[i]
    return f


def play_auto(rng, rows, cols, mines, check):
    """Play one game with the solver's own moves; check(field, analysis) at every position."""
    n = rows * cols
    first = rng.randrange(n)
    lay = rng.sample([i for i in range(n) if i != first], mines)
    f = Field(rows, cols, lay)
    f.reveal(first)
    positions = 0
    while not f.won:
        a = analyse_visible(rows, cols, mines, f.vis)
        check(f, a)
        positions += 1
        if a.safe:
            for r, c in a.safe:
                f.reveal(r * cols + c)
            continue
        r, c = choose_guess(rows, cols, mines, f.vis, a, lookahead=False)
        if f.mine[r * cols + c]:
            break
        f.reveal(r * cols + c)
    return positions


def check_sound(f, a):
    cols = f.cols
    for r, c in a.safe:
        assert not f.mine[r * cols + c], "called safe but is a mine"
        assert f.vis[r * cols + c] < 0
    for r, c in a.mines:
        assert f.mine[r * cols + c], "called a mine but is safe"
    total = sum(a.probabilities.values())
    if a.exact:  # expected mines over covered cells equals the mines not yet... all mines are covered
        assert total == pytest.approx(sum(f.mine), abs=1e-6)


def layouts_of(rows, cols, mines, vis):
    """Every mine layout (a frozenset of cells) consistent with the view, by brute force."""
    nb = neighbours(rows, cols)
    covered = [i for i, v in enumerate(vis) if v < 0]
    return [
        frozenset(c)
        for c in itertools.combinations(covered, mines)
        if all(sum(j in c for j in nb[i]) == v for i, v in enumerate(vis) if v >= 0)
    ]


def perfect_play_wins(rows, cols, layouts, vis, first_move=None):
    """Brute force: how many of the layouts perfect play wins from vis (optionally opening first_move first).
    A layout is a set of mine cells; a cell shows the mines around it in the layout at hand."""
    nb = neighbours(rows, cols)
    memo = {}

    def value(group, opened, move):
        alive = [L for L in group if move not in L]
        parts = {}
        for L in alive:
            parts.setdefault(sum(j in L for j in nb[move]), []).append(L)
        return sum(best(tuple(g), opened | {move}) for g in parts.values())

    def best(group, opened):
        if (group, opened) not in memo:
            covered = [i for i, v in enumerate(vis) if v < 0 and i not in opened]
            if all(i in L for L in group for i in covered):
                memo[group, opened] = len(group)
            else:
                memo[group, opened] = max(value(group, opened, i) for i in covered)
        return memo[group, opened]

    group = tuple(layouts)
    return best(group, frozenset()) if first_move is None else value(group, frozenset(), first_move)
