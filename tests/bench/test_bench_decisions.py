"""bench.decisions: a forced choice is finished on the same layouts as the engine's own, and its fit is exact."""

import random

import pytest

from bench import decisions
from bench.autoplay import Game
from game.model.solver.guess import SHIPPED


@pytest.mark.slow
def test_forcing_the_engine_s_own_first_guess_gives_the_game_the_engine_plays():
    # a board whose corner shows a number (about half of them)
    rng = random.Random(1)
    seed = next(
        s
        for s in (rng.randrange(2**32) for _ in range(50))
        if sum(v >= 0 for v in Game(16, 30, 99, "safe", s).vis) == 1
    )
    record = decisions.first_guess_board(2, 0, seed)
    game = Game(16, 30, 99, "safe", seed)
    layouts = decisions.layouts_for(game, game.analysis(), random.Random(seed), 2)
    alone = [
        Game(16, 30, 99, "safe", seed, list(game.moves), layout).finish_weighted(SHIPPED, random.Random(f"{seed}/{n}"))
        for n, layout in enumerate(layouts)
    ]
    assert record["w"][0] == alone
    assert len(record["w"]) == 1 + len(decisions.NEAR_CORNER)


def test_least_squares_recovers_an_exact_fit():
    rng = random.Random(4)
    xs = [[rng.random(), rng.random()] for _ in range(20)]
    beta, se = decisions.least_squares(xs, [0.3 * a - 2 * b for a, b in xs])
    assert beta == pytest.approx([0.3, -2.0])
    assert se == pytest.approx([0.0, 0.0], abs=1e-9)
