"""Analysis tests: exact probabilities against brute force, soundness on real games, never peeking."""

import random
import subprocess
import sys
from fractions import Fraction

import pytest

from game.model.solver.analysis import Analysis, InconsistentPosition, analyse_visible
from game.model.solver.hints import hint_for_visible
from tests.solverfixtures import Field, brute_force, check_sound, grid, play_auto, random_view


@pytest.mark.parametrize("seed", range(6))
def test_probabilities_equal_brute_force_enumeration(seed):
    rng = random.Random(seed)
    for _ in range(60):
        rows, cols = rng.randint(2, 5), rng.randint(2, 5)
        mines = rng.randint(1, max(1, rows * cols // 3))
        f = random_view(rng, rows, cols, mines, rng.choice([0.2, 0.4, 0.6]))
        total, hits = brute_force(rows, cols, mines, f.vis)
        a = analyse_visible(rows, cols, mines, f.vis)
        assert a.exact
        assert a.layouts == total
        for i, h in hits.items():
            r, c = divmod(i, cols)
            assert a.fraction(r, c) == Fraction(h, total)
            assert a.probability(r, c) == pytest.approx(h / total)
            assert ((r, c) in a.safe) == (h == 0)
            assert ((r, c) in a.mines) == (h == total)


def same_analysis(a, b):
    cells = [divmod(i, a.cols) for i in a.nums]
    return (
        (a.safe, a.mines, a.exact, a.layouts, a.probabilities) == (b.safe, b.mines, b.exact, b.layouts, b.probabilities)
        and [a.fraction(*c) for c in cells] == [b.fraction(*c) for c in cells]
        and [a.needs_mine_count(*c) for c in cells] == [b.needs_mine_count(*c) for c in cells]
    )


@pytest.mark.parametrize("budget", [20_000, 30])
def test_an_analysis_made_from_the_one_before_equals_one_made_from_scratch(budget):
    """Revealing cells in steps (as a game goes, and as the lookahead tries numbers) reaches the same analysis as
    analysing the final position at once, also when the work cap makes some groups estimates."""
    rng = random.Random(budget)
    compared = 0
    while compared < 150:
        rows, cols = rng.randint(3, 9), rng.randint(3, 9)
        mines = rng.randint(1, rows * cols // 4)
        f = random_view(rng, rows, cols, mines, 0.0)
        order = [i for i in range(rows * cols) if not f.mine[i]]
        rng.shuffle(order)
        a = analyse_visible(rows, cols, mines, f.vis, budget)
        for i in order[: rng.randint(1, len(order))]:
            if f.vis[i] >= 0:
                continue
            step = {i: f.counts[i]}
            if rng.random() < 0.3:  # several at once, as a zero's opening reveals them
                step.update({j: f.counts[j] for j in f.nb[i] if f.vis[j] < 0 and not f.mine[j]})
            for j, v in step.items():
                f.vis[j] = v
            a = a.after(step)
            assert same_analysis(a, analyse_visible(rows, cols, mines, f.vis, budget))
            compared += 1
    # a number no layout allows is inconsistent, as from scratch
    rows, cols, vis = grid(["1#", "##"])
    with pytest.raises(InconsistentPosition):
        analyse_visible(rows, cols, 1, vis).after({1: 3})


def test_several_components_and_interior_combine_exactly():
    rows, cols, vis = grid(["1##", "###", "##1"])
    total, hits = brute_force(rows, cols, 3, vis)
    a = analyse_visible(rows, cols, 3, vis)
    assert {divmod(i, cols): Fraction(h, total) for i, h in hits.items()} == {
        (r, c): a.fraction(r, c) for (r, c) in a.probabilities
    }


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
            a = analyse_visible(rows, cols, mines, f.vis, budget=30)
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
    a = analyse_visible(rows, cols, 1, a_field.vis)
    b = analyse_visible(rows, cols, 1, b_field.vis)
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
    assert analyse_visible(3, 4, 3, one.vis).safe == analyse_visible(3, 4, 3, two.vis).safe == {(0, 2), (1, 2)}


def test_never_peeks_on_board_objects():
    board_mod = pytest.importorskip("game.model")
    Board = getattr(board_mod, "Board", None)
    if Board is None:
        pytest.skip("Board not available yet")
    from game.model.solver.analysis import analyse
    from game.model.solver.hints import hint_for

    # the same two 1s in view, over a mine in different hidden places
    one = Board.from_layout(["*.", ".."])
    two = Board.from_layout(["..", "*."])
    for b in (one, two):
        b.reveal(0, 1)
        b.reveal(1, 1)
    assert [one.is_revealed(r, c) for r in range(2) for c in range(2)] == [
        two.is_revealed(r, c) for r in range(2) for c in range(2)
    ]
    a1, a2 = analyse(one), analyse(two)
    assert a1.probabilities == a2.probabilities
    h1, h2 = hint_for(one), hint_for(two)
    assert (h1.cell, h1.reason) == (h2.cell, h2.reason)


def test_inconsistent_positions_raise():
    rows, cols, vis = grid(["3#", "##"])
    with pytest.raises(InconsistentPosition):
        analyse_visible(rows, cols, 2, vis)
    rows, cols, vis = grid(["10", "00"])
    with pytest.raises(InconsistentPosition):
        analyse_visible(rows, cols, 1, vis)


def test_analysis_type_and_import_leaves_pygame_out():
    assert isinstance(analyse_visible(2, 2, 1, [1, -1, -1, -1]), Analysis)
    modules = "game.model.solver.analysis, game.model.solver.guess, game.model.solver.hints, game.model.solver.noguess"
    code = f"import sys, {modules}; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_two_numbers_needing_different_mines_in_the_same_cells_are_inconsistent():
    # the 3 needs two more mines in the three cells it shares with the 4, the 4 only one: no layout fits
    # (the lookahead tries such hypothetical numbers and must find them impossible)
    rows, cols, vis = grid(["#3#", "#4#", "2##", "122"])
    assert brute_force(rows, cols, 4, vis)[0] == 0
    with pytest.raises(InconsistentPosition):
        analyse_visible(rows, cols, 4, vis)


def test_the_store_of_counted_groups_leaves_the_garbage_collector_nothing_to_walk():
    # The store lives as long as the game: a full collection (which stops every thread, the frame's too) walked
    # every list and dict in it, 70 to 180 ms with a full store. Tuples of ints only are not tracked after one.
    import gc

    from game.model.solver import enumeration

    rng = random.Random(5)
    enumeration.forget()
    for _ in range(6):
        analyse_visible(16, 16, 40, random_view(rng, 16, 16, 40, 0.3).vis)
    for _ in range(4):
        gc.collect()
    # (a collection untracks a tuple once all inside it are: nested ones take a few; none may stay tracked; a
    # group too large to count keeps its estimate in Fractions, which are tracked: rare in play, never on Expert)
    counted = [(key, entry) for key, entry in enumeration._SOLVED.items() if entry[-2]]
    assert len(counted) > 10
    assert [key for key, entry in counted if gc.is_tracked(key) or gc.is_tracked(entry)] == []
    # and what the store gives back is what was counted
    group = counted[0][0][0]
    assert enumeration.solve(group, 20_000)[0] == enumeration.enumerate_group(group, 20_000)[0]
