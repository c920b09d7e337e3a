"""Solver tests: exact probabilities against brute force, soundness on real games, never peeking, hints."""

import itertools
import random
import subprocess
import sys
from fractions import Fraction

import pytest

from game.model.solver import Analysis, InconsistentPosition, analyze, choose_guess, hint_for_visible, neighbours


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


@pytest.mark.parametrize("seed", range(6))
def test_probabilities_equal_brute_force_enumeration(seed):
    rng = random.Random(seed)
    for _ in range(60):
        rows, cols = rng.randint(2, 5), rng.randint(2, 5)
        mines = rng.randint(1, max(1, rows * cols // 3))
        f = random_view(rng, rows, cols, mines, rng.choice([0.2, 0.4, 0.6]))
        total, hits = brute_force(rows, cols, mines, f.vis)
        a = analyze(rows, cols, mines, f.vis)
        assert a.exact
        assert a.layouts == total
        for i, h in hits.items():
            r, c = divmod(i, cols)
            assert a.fraction(r, c) == Fraction(h, total)
            assert a.probability(r, c) == pytest.approx(h / total)
            assert ((r, c) in a.safe) == (h == 0)
            assert ((r, c) in a.mines) == (h == total)


def test_several_components_and_interior_combine_exactly():
    rows, cols, vis = grid(["1##", "###", "##1"])
    total, hits = brute_force(rows, cols, 3, vis)
    a = analyze(rows, cols, 3, vis)
    assert {divmod(i, cols): Fraction(h, total) for i, h in hits.items()} == {
        (r, c): a.fraction(r, c) for (r, c) in a.probabilities
    }


def play_auto(rng, rows, cols, mines, check):
    """Play one game with the solver's own moves; check(field, analysis) at every position."""
    n = rows * cols
    first = rng.randrange(n)
    lay = rng.sample([i for i in range(n) if i != first], mines)
    f = Field(rows, cols, lay)
    f.reveal(first)
    positions = 0
    while not f.won:
        a = analyze(rows, cols, mines, f.vis)
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


@pytest.mark.parametrize("config", [(9, 9, 10), (16, 16, 40), (16, 30, 99), (8, 8, 20)])
def test_soundness_on_positions_from_real_games(config):
    rng = random.Random(hash(config) & 0xFFFF)
    positions = 0
    games = {9: 150, 16: 30, 8: 150}[config[0]] if config[1] != 30 else 20
    for _ in range(games):
        positions += play_auto(rng, *config, check_sound)
    assert positions > 150


def test_soundness_when_the_work_cap_forces_the_approximation():
    rng = random.Random(5)
    capped = 0

    def check(f, a):
        nonlocal capped
        check_sound(f, a)
        capped += not a.exact
        for p in a.probabilities.values():
            assert 0.0 <= p <= 1.0

    for _ in range(10):
        rows, cols, mines = 16, 16, 40
        n = rows * cols
        lay = rng.sample(range(1, n), mines)
        f = Field(rows, cols, lay)
        f.reveal(0)
        while not f.won:
            a = analyze(rows, cols, mines, f.vis, budget=30)
            check(f, a)
            if not a.safe:
                break
            for r, c in a.safe:
                f.reveal(r * cols + c)
    assert capped > 0


def test_never_peeks_same_view_on_two_layouts_gives_the_same_answer():
    # two layouts that look the same: the mine sits in (0, 2) or in (1, 2)
    rows, cols = 2, 3
    a_field = Field(rows, cols, [2])
    b_field = Field(rows, cols, [5])
    for f in (a_field, b_field):
        for i in (0, 1, 3, 4):
            f.vis[i] = f.counts[i]
    assert a_field.vis == b_field.vis
    a = analyze(rows, cols, 1, a_field.vis)
    b = analyze(rows, cols, 1, b_field.vis)
    assert (a.safe, a.mines, a.probabilities) == (b.safe, b.mines, b.probabilities)
    ha = hint_for_visible(rows, cols, 1, a_field.vis)
    hb = hint_for_visible(rows, cols, 1, b_field.vis)
    assert (ha.cell, ha.reason, ha.probability) == (hb.cell, hb.reason, hb.probability)
    assert ha.rule == "guess" and ha.probability == 0.5
    # and a view with certain cells: its safe cells are safe on both layouts
    one, two = Field(3, 4, [4, 8, 11]), Field(3, 4, [4, 7, 11])
    for f in (one, two):
        for i in (0, 1):
            f.vis[i] = f.counts[i]
    assert one.vis == two.vis
    assert analyze(3, 4, 3, one.vis).safe == analyze(3, 4, 3, two.vis).safe == {(0, 2), (1, 2)}


def test_never_peeks_on_board_objects():
    board_mod = pytest.importorskip("game.model")
    Board = getattr(board_mod, "Board", None)
    if Board is None:
        pytest.skip("Board not available yet")
    from game.model.solver import analyze_board, hint_for

    # the same two 1s in view, over a mine in different hidden places
    one = Board.from_layout(["*.", ".."])
    two = Board.from_layout(["..", "*."])
    for b in (one, two):
        b.reveal(0, 1)
        b.reveal(1, 1)
    assert [one.is_revealed(r, c) for r in range(2) for c in range(2)] == [
        two.is_revealed(r, c) for r in range(2) for c in range(2)
    ]
    a1, a2 = analyze_board(one), analyze_board(two)
    assert a1.probabilities == a2.probabilities
    h1, h2 = hint_for(one), hint_for(two)
    assert (h1.cell, h1.reason) == (h2.cell, h2.reason)


def test_single_number_hint_names_the_number():
    rows, cols, vis = grid(["1#", "1#", "1#"])
    h = hint_for_visible(rows, cols, 1, vis)
    assert h.safe and h.probability == 0.0
    assert h.cell in {(0, 1), (2, 1)}
    assert all(vis[r * cols + c] >= 0 for r, c in h.proof)


def test_single_number_rule_touching_its_mine():
    # the top-left 1 has one covered neighbour, (1, 0): a mine; the 1 beside it then frees (0, 2)
    rows, cols, vis = grid(["11##", "#22#", "##21"])
    h = hint_for_visible(rows, cols, 3, vis)
    assert h.rule == "single" and h.safe and h.cell == (0, 2)
    assert h.proof == [(0, 0), (0, 1)]
    assert h.reason == "This 1 already touches its mine, so this cell is safe"


def test_mine_hint_when_only_mines_are_certain():
    rows, cols, vis = grid(["#1#", "#1#", "###"])
    rows, cols, vis = grid(["3#", "##", "##"])
    h = hint_for_visible(rows, cols, 4, vis)
    assert h.is_mine and not h.safe and h.probability == 1.0
    assert h.rule == "single" and "3" in h.reason and len(h.also_mines) == 2


def test_pair_rule_hint():
    # 1-2-1 against a wall: the outer cells under the 1s are mines, the middle is safe
    rows, cols, vis = grid(["121", "###"])
    h = hint_for_visible(rows, cols, 2, vis)
    assert h.safe and h.cell == (1, 1)
    assert h.rule == "pair"
    assert set(h.proof) <= {(0, 0), (0, 1), (0, 2)} and len(h.proof) >= 2


def test_global_mine_count_hint():
    # the 1 and the 2 hold both mines between them, so the far column is safe: only the count says so
    rows, cols, vis = grid(["1##", "2##", "###"])
    a = analyze(rows, cols, 2, vis)
    h = hint_for_visible(rows, cols, 2, vis)
    assert a.needs_mine_count(0, 2) and (0, 2) in a.safe
    assert (1, 1) not in a.mines and a.probability(1, 1) == 0.5
    assert h.safe and h.rule == "count" and h.proof == []
    assert h.reason.startswith("Only 2 mines are left")


def test_guess_hint_reports_lowest_chance():
    rows, cols, vis = grid(["1#", "##"])
    h = hint_for_visible(rows, cols, 1, vis)
    assert not h.safe and not h.is_mine and h.rule == "guess"
    assert h.probability == pytest.approx(1 / 3)
    assert "33%" in h.reason


def test_first_click_hint_and_finished_positions():
    rows, cols = 9, 9
    h = hint_for_visible(rows, cols, 10, [-1] * 81)
    assert h.cell == (0, 0) and h.rule == "first"
    assert hint_for_visible(2, 2, 1, [1, 1, 1, -1]) is None


def test_inconsistent_positions_raise():
    rows, cols, vis = grid(["3#", "##"])
    with pytest.raises(InconsistentPosition):
        analyze(rows, cols, 2, vis)
    rows, cols, vis = grid(["10", "00"])
    with pytest.raises(InconsistentPosition):
        analyze(rows, cols, 1, vis)


def test_hints_are_true_along_real_games():
    rng = random.Random(11)

    def check(f, a):
        h = hint_for_visible(f.rows, f.cols, sum(f.mine), f.vis, analysis=a)
        i = h.cell[0] * f.cols + h.cell[1]
        assert f.vis[i] < 0
        if h.safe:
            assert not f.mine[i]
            assert all(not f.mine[r * f.cols + c] for r, c in h.also_safe)
        if h.is_mine:
            assert f.mine[i]
        for r, c in h.proof:
            assert f.vis[r * f.cols + c] >= 0

    for _ in range(40):
        play_auto(rng, 9, 9, 10, check)


def test_analysis_type_and_import_leaves_pygame_out():
    assert isinstance(analyze(2, 2, 1, [1, -1, -1, -1]), Analysis)
    code = "import sys, game.model.solver, game.model.noguess; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


class StubBoard:
    """Just the read-only surface of game.model.Board the solver uses, over a Field."""

    def __init__(self, field, mines, state="playing", first_click="safe"):
        self.f, self.mines, self.state, self.first_click = field, mines, state, first_click
        self.rows, self.cols = field.rows, field.cols

    def is_revealed(self, r, c):
        return self.f.vis[r * self.cols + c] >= 0

    def adjacent_mines(self, r, c):
        return self.f.counts[r * self.cols + c]

    def is_flagged(self, r, c):  # flags are what the player sees too
        return False

    def is_mine(self, r, c):  # present on the real Board; the solver must never call it
        raise AssertionError("the solver peeked at a hidden mine")


def test_hint_for_board_reads_only_visible_state():
    from game.model.solver import analyze_board, hint_for

    f = Field(3, 4, [4, 8, 11])
    for i in (0, 1):
        f.vis[i] = f.counts[i]
    b = StubBoard(f, 3)
    h = hint_for(b)
    assert h.safe and h.cell in {(0, 2), (1, 2)}
    assert analyze_board(b).safe == {(0, 2), (1, 2)}
    assert hint_for(StubBoard(f, 3, state="won")) is None
    assert hint_for(StubBoard(Field(9, 9, []), 10, state="ready", first_click="opening")).cell == (2, 2)
    assert hint_for(StubBoard(Field(9, 9, []), 10, state="ready")).cell == (0, 0)


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


@pytest.mark.parametrize("seed", range(4))
def test_endgame_search_opens_a_cell_that_wins_most_often(seed):
    from game.model.solver import _endgame

    rng = random.Random(seed)
    checked = 0
    while checked < 12:
        rows, cols = rng.randint(2, 4), rng.randint(3, 4)
        mines = rng.randint(2, max(2, rows * cols // 3))
        f = random_view(rng, rows, cols, mines, rng.choice([0.3, 0.5]))
        total, hits = brute_force(rows, cols, mines, f.vis)
        if not 2 <= total <= 20 or len(hits) > 9 or all(h in (0, total) for h in hits.values()):
            continue
        a = analyze(rows, cols, mines, f.vis)
        if a.safe:
            continue
        covered = [i for i, v in enumerate(f.vis) if v < 0]
        layouts = [
            frozenset(c)
            for c in itertools.combinations(covered, mines)
            if all(sum(j in c for j in neighbours(rows, cols)[i]) == v for i, v in enumerate(f.vis) if v >= 0)
        ]
        cell = _endgame(rows, cols, mines, f.vis, a, covered)
        assert cell is not None and f.vis[cell] < 0
        assert perfect_play_wins(rows, cols, layouts, f.vis, cell) == perfect_play_wins(rows, cols, layouts, f.vis)
        checked += 1


def test_paired_benchmark_plays_the_same_boards_both_ways():
    from bench import solver as bench
    from game.model import solver

    rng = random.Random(3)
    seeds = [rng.randrange(2**32) for _ in range(6)]
    alone = [bench._finish(*bench._start(9, 9, 10, "safe", s)[:2]) for s in seeds]
    # the same strategy on both sides never disagrees, and matches a game played alone on that board
    same = [bench.play_paired(9, 9, 10, "safe", s, {}, {"PROGRESS_WEIGHT": solver.PROGRESS_WEIGHT}) for s in seeds]
    assert same == [(w, w) for w in alone]
    # a different candidate leaves the base's games as they were, and the constants as they were
    before = solver.GUESS_WINDOW
    other = [bench.play_paired(9, 9, 10, "safe", s, {}, {"GUESS_WINDOW": 0.3, "ENDGAME": False}) for s in seeds]
    assert [b for b, _ in other] == alone
    assert before == solver.GUESS_WINDOW


def test_paired_interval_is_centred_on_the_difference_and_zero_width_without_discordant_boards():
    from bench.solver import paired_interval

    assert paired_interval(100, 0, 0) == (0.0, 0.0, 0.0)
    d, lo, hi = paired_interval(1000, 10, 30)
    assert d == pytest.approx(0.02) and lo < d < hi and lo > 0
    assert paired_interval(1000, 30, 10)[2] < 0


def layouts_of(rows, cols, mines, vis):
    """Every mine layout (a frozenset of cells) consistent with the view, by brute force."""
    nb = neighbours(rows, cols)
    covered = [i for i, v in enumerate(vis) if v < 0]
    return [
        frozenset(c)
        for c in itertools.combinations(covered, mines)
        if all(sum(j in c for j in nb[i]) == v for i, v in enumerate(vis) if v >= 0)
    ]


def secondary_by_brute_force(rows, cols, vis, layouts, i, blend=0.0):
    """Chance to survive opening i and then the best next move (1 when a cell is then certainly safe); with
    blend, the next move's safety mixes in the second safest cell's."""
    nb = neighbours(rows, cols)
    others = [j for j, v in enumerate(vis) if v < 0 and j != i]
    parts = {}
    for L in layouts:
        if i not in L:
            parts.setdefault(sum(j in L for j in nb[i]), []).append(L)
    score = Fraction(0)
    for group in parts.values():
        # certain mines are no move: the candidates are the cells safe in some layout of the group
        safe_counts = sorted((c for c in (sum(j not in L for L in group) for j in others) if c), reverse=True)
        if not safe_counts:
            best = 1  # only mines left: won
        else:
            first, second = (Fraction(c, len(group)) for c in (safe_counts + safe_counts)[:2])
            best = first if not blend else (1 - blend) * first + blend * second
        score += Fraction(len(group), len(layouts)) * best
    return score


@pytest.mark.parametrize("seed,blend", [(0, 0.0), (1, 0.0), (2, 0.0), (3, 0.2), (4, 0.2)])
def test_secondary_safety_equals_brute_force(seed, blend, monkeypatch):
    from game.model import solver
    from game.model.solver import _secondary

    monkeypatch.setattr(solver, "SECONDARY_BLEND", blend)
    rng = random.Random(100 + seed)
    checked = 0
    while checked < 15:
        rows, cols = rng.randint(2, 4), rng.randint(3, 5)
        mines = rng.randint(2, max(2, rows * cols // 3))
        f = random_view(rng, rows, cols, mines, rng.choice([0.3, 0.5]))
        if not any(v >= 0 for v in f.vis):
            continue
        a = analyze(rows, cols, mines, f.vis)
        if a.safe:
            continue
        layouts = layouts_of(rows, cols, mines, f.vis)
        for i in (i for i, v in enumerate(f.vis) if v < 0 and divmod(i, cols) not in a.mines):
            score, progress = _secondary(rows, cols, mines, f.vis, i, a, 10**6, -1.0)
            assert score == pytest.approx(float(secondary_by_brute_force(rows, cols, f.vis, layouts, i, blend)))
            # the pruning bound: a score never exceeds the cell's own safety, and a floor above it prunes
            assert score <= 1 - a.probability(*divmod(i, cols)) + 1e-12
            assert _secondary(rows, cols, mines, f.vis, i, a, 10**6, 1.01) is None
            checked += 1


@pytest.mark.parametrize("seed", range(3))
def test_secondary_pick_is_the_best_score_despite_pruning(seed):
    from game.model import solver

    rng = random.Random(200 + seed)
    checked = 0
    while checked < 10:
        rows, cols = rng.randint(4, 6), rng.randint(4, 7)
        mines = rng.randint(3, rows * cols // 4)
        f = random_view(rng, rows, cols, mines, 0.3)
        a = analyze(rows, cols, mines, f.vis)
        if a.safe or not a.exact or not any(v >= 0 for v in f.vis):
            continue
        covered = [i for i, v in enumerate(f.vis) if v < 0]
        probs = {i: a.probability(*divmod(i, cols)) for i in covered}
        cands = sorted((i for i in covered if probs[i] < 1), key=lambda i: probs[i])
        picked = solver._secondary_candidates(rows, cols, f.vis, cands, probs)
        assert picked[0] == cands[0]
        assert all(1 - probs[i] >= solver.SECONDARY_RATIO * (1 - probs[cands[0]]) for i in picked)
        if len(picked) < 2:
            continue
        scores = {
            i: sum(
                x * w
                for x, w in zip(
                    solver._secondary(rows, cols, mines, f.vis, i, a, 10**6, -1.0), (1, solver.SECONDARY_PROGRESS)
                )
            )
            for i in picked
        }
        chosen = solver._pick_secondary(rows, cols, mines, f.vis, a, cands, probs, 10**6)
        assert scores[chosen] == pytest.approx(max(scores.values()), abs=1e-12)
        checked += 1


def test_two_numbers_needing_different_mines_in_the_same_cells_are_inconsistent():
    # the 3 needs two more mines in the three cells it shares with the 4, the 4 only one: no layout fits
    # (the lookahead tries such hypothetical numbers and must find them impossible)
    rows, cols, vis = grid(["#3#", "#4#", "2##", "122"])
    assert brute_force(rows, cols, 4, vis)[0] == 0
    with pytest.raises(InconsistentPosition):
        analyze(rows, cols, 4, vis)


def test_endgame_gives_up_past_its_work_cap_and_the_guess_still_stands(monkeypatch):
    from game.model import solver

    rows, cols, vis = grid(["1###", "####", "####"])
    a = analyze(rows, cols, 3, vis)
    covered = [i for i, v in enumerate(vis) if v < 0]
    assert not a.safe and a.layouts == 84 <= solver.ENDGAME_LAYOUTS
    assert solver._endgame(rows, cols, 3, vis, a, covered) is not None
    monkeypatch.setattr(solver, "ENDGAME_WORK", 1)
    assert solver._endgame(rows, cols, 3, vis, a, covered) is None
    r, c = choose_guess(rows, cols, 3, vis, a)
    assert vis[r * cols + c] < 0
