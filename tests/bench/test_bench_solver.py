"""Benchmark tests: paired runs play the same boards both ways; the switched-off strategies score as defined."""

import random
import statistics
from fractions import Fraction

import pytest

from bench.strategies import SearchStrategy, SecondaryStrategy
from game.model.solver.analysis import analyse_visible, neighbours
from game.model.solver.guess import SHIPPED, Spot
from game.model.solver.hill import HillStrategy
from tests.solverfixtures import layouts_of, random_view


def test_paired_benchmark_plays_the_same_boards_both_ways():
    from bench import solver as bench

    rng = random.Random(3)
    seeds = [rng.randrange(2**32) for _ in range(6)]
    alone = [bench.Game(9, 9, 10, "safe", s).finish() for s in seeds]
    # the same strategy on both sides never disagrees, and matches a game played alone on that board
    same = [bench.play_paired(9, 9, 10, "safe", s, SHIPPED, HillStrategy()) for s in seeds]
    assert same == [(w, w, 1) for w in alone]
    # a different candidate leaves the base's games as they were
    other = [bench.play_paired(9, 9, 10, "safe", s, SHIPPED, SearchStrategy(window=0.3, endgame=False)) for s in seeds]
    assert [b for b, _, _ in other] == alone


def test_a_run_resumes_and_extends_to_what_one_run_in_two_processes_gives(tmp_path, capsys):
    from bench import solver as bench

    cand = SearchStrategy(window=0.3)
    fresh = bench.run("beginner-safe", 12, 5, SHIPPED, cand, jobs=2, out=tmp_path / "fresh.jsonl")
    bench.run("beginner-safe", 5, 5, SHIPPED, cand, out=tmp_path / "grown.jsonl")
    grown = bench.run("beginner-safe", 12, 5, SHIPPED, cand, out=tmp_path / "grown.jsonl")
    assert "5 of 12 boards already played" in capsys.readouterr().out

    def results(records):
        return sorted((r["i"], r["seed"], r["base"], r["cand"]) for r in records)

    assert results(fresh) == results(grown) and len(fresh) == 12
    # a results file belongs to one run: another strategy may not add to it
    with pytest.raises(SystemExit):
        bench.run("beginner-safe", 12, 5, SHIPPED, SHIPPED, out=tmp_path / "grown.jsonl")


def test_a_run_can_make_its_first_click_elsewhere_and_keeps_its_own_results(tmp_path, capsys):
    from bench import solver as bench

    game = bench.Game(9, 9, 10, "opening", 11, first=(4, 4))
    assert game.moves[0] == (4, 4) and game.vis[4 * 9 + 4] == 0
    assert bench.Game(9, 9, 10, "opening", 11).moves[0] == bench.first_click_cell(9, 9, "opening") != (4, 4)
    bench.run("beginner-opening", 6, 5, SHIPPED, first=(4, 4), out=tmp_path / "centre.jsonl")
    assert "first-click=opening at 4,4" in capsys.readouterr().out
    # the same file cannot be grown by a run starting elsewhere
    with pytest.raises(SystemExit):
        bench.run("beginner-opening", 8, 5, SHIPPED, out=tmp_path / "centre.jsonl")


def test_paired_interval_is_centred_on_the_difference_and_zero_width_without_discordant_boards():
    from bench.solver import paired_interval

    assert paired_interval([0] * 100) == (0.0, 0.0, 0.0)
    d, lo, hi = paired_interval([-1] * 10 + [1] * 30 + [0] * 960)
    assert d == pytest.approx(0.02) and lo < d < hi and lo > 0
    assert paired_interval([1] * 10 + [-1] * 30 + [0] * 960)[2] < 0


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
def test_secondary_safety_equals_brute_force(seed, blend):
    strategy = SecondaryStrategy(blend=blend)
    rng = random.Random(100 + seed)
    checked = 0
    while checked < 15:
        rows, cols = rng.randint(2, 4), rng.randint(3, 5)
        mines = rng.randint(2, max(2, rows * cols // 3))
        f = random_view(rng, rows, cols, mines, rng.choice([0.3, 0.5]))
        if not any(v >= 0 for v in f.vis):
            continue
        a = analyse_visible(rows, cols, mines, f.vis)
        if a.safe:
            continue
        layouts = layouts_of(rows, cols, mines, f.vis)
        for i in (i for i, v in enumerate(f.vis) if v < 0 and divmod(i, cols) not in a.mines):
            spot = Spot(rows, cols, mines, f.vis, a, 10**6)
            score, progress, shown = strategy.secondary(spot, i, -1.0)
            assert score == pytest.approx(float(secondary_by_brute_force(rows, cols, f.vis, layouts, i, blend)))
            # the pruning bound: a score never exceeds the cell's own safety, and a floor above it prunes
            assert score <= 1 - a.probability(*divmod(i, cols)) + 1e-12
            assert strategy.secondary(spot, i, 1.01) is None
            checked += 1


@pytest.mark.parametrize("seed", range(3))
def test_secondary_pick_is_the_best_score_despite_pruning(seed):
    strategy = SecondaryStrategy()
    rng = random.Random(200 + seed)
    checked = 0
    while checked < 10:
        rows, cols = rng.randint(4, 6), rng.randint(4, 7)
        mines = rng.randint(3, rows * cols // 4)
        f = random_view(rng, rows, cols, mines, 0.3)
        a = analyse_visible(rows, cols, mines, f.vis)
        if a.safe or not a.exact or not any(v >= 0 for v in f.vis):
            continue
        spot = Spot(rows, cols, mines, f.vis, a, 10**6)
        probs, safest = spot.probs, spot.ranked[0]
        assert probs[safest] == min(a.probabilities.values())
        picked = strategy.shortlist(spot)
        assert picked[0] == safest
        assert all(1 - probs[i] >= strategy.ratio * (1 - probs[safest]) for i in picked)
        if len(picked) < 2:
            continue
        scores = {
            i: sum(x * w for x, w in zip(strategy.secondary(spot, i, -1.0)[:2], (1, strategy.progress))) for i in picked
        }
        chosen = strategy.pick(spot)
        assert scores[chosen] == pytest.approx(max(scores.values()), abs=1e-12)
        checked += 1


@pytest.mark.slow
def test_layouts_drawn_for_a_position_fit_it_and_are_all_equally_likely():
    from collections import Counter

    from bench.posterior import sample_layout
    from tests.solverfixtures import grid

    rows, cols, vis = grid(["1###", "####", "#2##", "###1"])
    a = analyse_visible(rows, cols, 4, vis)
    layouts = set(layouts_of(rows, cols, 4, vis))
    rng = random.Random(9)
    draws = 40 * len(layouts)
    counts = Counter(frozenset(sample_layout(a, rng)) for _ in range(draws))
    assert set(counts) == layouts  # every draw fits the position, and every layout that fits is drawn
    expected = draws / len(layouts)
    assert all(abs(n - expected) < 5 * expected**0.5 for n in counts.values())


@pytest.mark.slow
def test_a_paired_run_on_several_layouts_per_board_reads_like_one_on_one(tmp_path):
    from bench import solver as bench

    cand = SearchStrategy(progress_weight=2.0, window=0.3, search=0)  # the one-step score, another way
    records = bench.run("beginner-safe", 60, 3, SHIPPED, cand, out=tmp_path / "k.jsonl", samples=4)
    several = [r for r in records if r.get("k")]
    assert several and all(r["k"] == 4 and 0 <= r["base"] <= 4 and 0 <= r["cand"] <= 4 for r in several)
    plain = {r["i"]: r for r in bench.run("beginner-safe", 60, 3, SHIPPED, cand, out=tmp_path / "one.jsonl")}
    # boards where the strategies never part are played once, as without samples
    assert all(plain[r["i"]]["base"] == r["base"] for r in records if not r.get("k"))


def test_a_dead_cell_goes_after_a_living_cell_as_safe():
    from bench.strategies import DeadCellStrategy
    from game.model.solver.guess import choose_guess
    from tests.solverfixtures import grid

    # ###   (2, 2) is as safe as (0, 0), but whenever it is safe it shows 1 (its covered neighbours hold
    # #21   exactly one mine in every layout): opening it teaches nothing, opening (0, 0) may
    # #2#
    # ##1
    rows, cols, vis = grid(["###", "#21", "#2#", "##1"])
    a = analyse_visible(rows, cols, 3, vis)
    spot = Spot(rows, cols, 3, vis, a, 10**6)
    assert [v for v, _ in spot.numbers_shown(2 * cols + 2)] == [1]
    assert a.probability(2, 2) == a.probability(0, 0) == min(a.probabilities.values())
    plain = SearchStrategy(endgame=False, fifty_fifty=False, search=0)  # the one-step score
    assert choose_guess(rows, cols, 3, vis, a, strategy=plain) == (2, 2)
    dead = DeadCellStrategy(endgame=False, fifty_fifty=False, search=0)
    assert choose_guess(rows, cols, 3, vis, a, strategy=dead) == (0, 0)


@pytest.mark.slow
def test_a_weighted_game_counts_its_guesses_by_their_chances_and_reads_like_a_plain_one_on_average():
    from bench import solver as bench

    rng = random.Random(21)
    seeds = [rng.randrange(2**32) for _ in range(300)]
    no_endgame = SearchStrategy(endgame=False)
    for k, s in enumerate(seeds[:40]):
        game = bench.Game(9, 9, 10, "safe", s)
        chances = []
        guess = game.guess

        def noted(a, strategy, game=game, chances=chances, guess=guess):
            cell = guess(a, strategy)
            i = cell[0] * game.board.cols + cell[1]
            chances.append(1 - Fraction(a.nums[i], a.den[i]))
            return cell

        game.guess = noted
        won = game.finish_weighted(no_endgame, random.Random(k))
        # a game counts for the product of its guesses' chances (every chance here is exact), and it is never
        # lost: a guess that hits a mine goes on on a layout where it is safe
        assert game.board.state == bench.GameState.WON
        product = 1.0
        for chance in chances:
            product *= float(chance)
        assert won == pytest.approx(product)
    # with the endgame search, a game stops where it settles the rest, counting what perfect play wins from there;
    # on average, as much as plain games win, with less spread
    plain = [bench.Game(9, 9, 10, "safe", s).finish() for s in seeds]
    weighted = [bench.Game(9, 9, 10, "safe", s).finish_weighted(SHIPPED, random.Random(k)) for k, s in enumerate(seeds)]
    assert statistics.pstdev(weighted) < statistics.pstdev(plain) / 2
    assert abs(statistics.mean(weighted) - statistics.mean(plain)) < 0.04


@pytest.mark.slow
def test_a_weighted_paired_run_plays_the_boards_where_the_strategies_part_on_several_layouts(tmp_path):
    from bench import solver as bench

    cand = SearchStrategy(progress_weight=2.0, window=0.3, search=0)  # the one-step score, another way
    records = bench.run("beginner-safe", 60, 3, SHIPPED, cand, out=tmp_path / "w.jsonl", samples=3, weighted=True)
    several = [r for r in records if r.get("k")]
    assert several and all(r["k"] == 3 and 0 <= r["base"] <= 3 and 0 <= r["cand"] <= 3 for r in several)
    assert any(0 < r["base"] < 3 and r["base"] != int(r["base"]) for r in several)
    plain = {r["i"]: r for r in bench.run("beginner-safe", 60, 3, SHIPPED, cand, out=tmp_path / "one.jsonl")}
    assert all(plain[r["i"]]["base"] == r["base"] for r in records if not r.get("k"))


def test_a_weighted_win_rate_run_counts_each_game_as_a_chance(tmp_path, capsys):
    from bench import solver as bench

    records = bench.run("beginner-safe", 30, 4, SHIPPED, out=tmp_path / "w.jsonl", weighted=True)
    assert all(0.0 <= r["won"] <= 1.0 for r in records)
    assert any(0.0 < r["won"] < 1.0 for r in records)
    assert "weighted rate=" in capsys.readouterr().out


def test_a_game_played_again_on_another_layout_that_fits_shows_the_same_view():
    from bench import solver as bench
    from bench.posterior import sample_layout

    game = bench.Game(16, 16, 40, "safe", 7)
    a = game.analysis()
    before = list(game.vis)
    layout = sample_layout(a, random.Random(1))
    game.relay(layout)
    assert game.vis == before and game.analysis() is a
    assert {r * 16 + c for r, c in game.board.mine_cells()} == layout


@pytest.mark.slow
def test_the_collector_figures_count_the_full_collections_of_the_games_played(capsys):
    import re

    from bench import solver as bench

    bench.main(["--config", "collect", "--games", "100", "--seed", "3"])
    line = capsys.readouterr().out
    # five Expert games: every full collection timed, one forced at the end, the store not empty
    found = re.search(
        r"full collections, Expert, 5 games: (\d+) while playing.*end ([\d.]+) ms with (\d+) groups", line
    )
    assert found and int(found[3]) > 0 and float(found[2]) > 0


@pytest.mark.slow
def test_the_risk_table_sums_the_chances_of_every_guess_by_kind(capsys):
    import re

    from bench import solver as bench

    notes = []
    game = bench.NotedGame(16, 30, 99, "safe", 12345, notes=notes)
    game.finish()
    # every guess noted once, in order, each at least as risky as the safest cell
    assert [before for before, *_ in notes] == list(range(len(notes))) and notes
    assert all(0 < safest <= chance < 1 for _, _, chance, safest in notes)
    assert bench.risk_kind(0, 10**20, 1000) == "first guess of the game"
    assert bench.risk_kind(3, 500, 1000).startswith("endgame")
    bench.main(["--config", "risk", "--games", "6", "--seed", "4"])
    out = capsys.readouterr().out
    total = float(re.search(r"chances of a mine summed ([\d.]+)", out)[1])
    parts = [float(x) for x in re.findall(r"chances summed +([\d.]+) \(", out)]
    assert parts and abs(sum(parts) - total) < 0.05 * len(parts) + 1e-9


@pytest.mark.slow
def test_hill_plays_whole_games_on_expert_and_wins_some():
    from bench import solver as bench

    rng = random.Random(8)
    strategy = HillStrategy()
    wins = [bench.Game(16, 30, 99, "safe", rng.randrange(2**32)).finish(strategy) for _ in range(6)]
    beginner = [bench.Game(9, 9, 10, "safe", rng.randrange(2**32)).finish(strategy) for _ in range(20)]
    assert sum(beginner) >= 10 and all(w in (0, 1, True, False) for w in wins)


def test_hill_is_a_kind_with_switches():
    from bench.strategies import make_strategy

    strategy = make_strategy("hill", off_edge=False, living="mines")
    assert isinstance(strategy, HillStrategy) and not strategy.off_edge and strategy.living == "mines"
