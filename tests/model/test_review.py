"""The review of a game: each opening click judged from the position before it, a chord by the chance of all
its cells together, the clicks that did nothing, the flags that were wrong, the luck and the verdict."""

import math
from fractions import Fraction

from game.model import Board, Move, MoveKind, Replay, review_game


def played(layout, *moves):
    board = Board.from_layout(layout)
    for t, (kind, row, col) in enumerate(moves):
        board.apply(Move(kind, row, col, t_ms=100 * t))
    return board, review_game(Replay.from_game(board))


R, F, C = MoveKind.REVEAL, MoveKind.TOGGLE_FLAG, MoveKind.CHORD


def test_a_chord_is_judged_by_the_chance_of_all_its_cells_together_not_their_product():
    # the centre shows 1 and the 8 cells around it hide one mine: flagged at random, a chord opens the other 7,
    # all safe only when the flag was right (1/8), where the product of their single chances says (7/8)^7
    board, review = played(["*..", "...", "..."], (R, 1, 1), (F, 0, 0), (C, 1, 1))
    first, chord = review.clicks
    assert first.kind == "first" and first.certain
    assert chord.chord and len(chord.opens) == 7
    assert chord.chance == Fraction(1, 8)
    assert chord.kind == "forced" and not chord.safe_existed
    assert chord.safest == Fraction(7, 8) and not chord.among_safest
    assert review.won and math.isclose(review.luck, math.log10(8))
    assert review.verdict == "not safest"


def test_a_chord_next_to_a_wrong_flag_loses_with_the_chance_it_had_and_the_flag_is_named():
    board, review = played([".*.", "...", "..."], (R, 1, 1), (F, 0, 0), (C, 1, 1))
    assert review.lost and not review.won
    chord = review.clicks[-1]
    assert chord.lost and chord.chance == Fraction(1, 8)
    assert [mark.cell for mark in review.wrong_flags] == [(0, 0)]
    assert math.isclose(review.luck, math.log10(8))  # ms-toollib's pluck is infinite on a loss; ours is not


def test_clicks_that_did_nothing_are_wasted_and_a_game_of_certain_clicks_is_clean_with_no_luck():
    board, review = played(["*...", "....", "...*"], (R, 0, 3), (R, 0, 3), (F, 0, 2), (C, 0, 3), (R, 2, 0))
    assert [(mark.move, mark.cell) for mark in review.wasted] == [
        ("reveal", (0, 3)),
        ("flag", (0, 2)),
        ("chord", (0, 3)),
    ]
    assert [click.kind for click in review.clicks] == ["first", "certain"]
    assert review.won and review.guesses == 0 and review.luck == 0 and review.clean
    assert review.verdict == "certain"


def test_an_avoidable_guess_names_a_safe_cell_and_its_proof():
    board, review = played(["*...", "....", "...*"], (R, 0, 3), (R, 1, 0))
    guess = review.clicks[1]
    assert guess.kind == "avoidable" and guess.p_safe == 0.5 and guess.safe_existed
    assert guess.safe_cell in {(2, 0), (2, 1), (2, 2)} and guess.proof and guess.reason
    data = review.as_dict()
    assert data["avoidable"] == 1 and data["clicks"][1]["safe_cell"] == list(guess.safe_cell)
    assert review.verdict == "avoidable"


def test_a_forced_guess_among_the_safest_is_clean():
    # the corner's 1 says one of its three cells hides the mine: each is as safe as the others
    board, review = played(["..", "*."], (R, 0, 0), (R, 0, 1))
    guess = review.clicks[1]
    assert guess.kind == "forced" and guess.among_safest and guess.chance == Fraction(2, 3)
    assert review.clean and review.verdict == "clean"


def proved_safe_by(board, cell, proof):
    """Whether the numbers `proof` alone (their covered neighbours, every way their mines can lie) prove `cell`
    safe: brute force, the cell among their neighbours."""
    from itertools import product

    def around(r, c):
        return [
            (r + dr, c + dc)
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < board.rows and 0 <= c + dc < board.cols
        ]

    covered = sorted({n for p in proof for n in around(*p) if not board.is_revealed(*n)})
    assert cell in covered and len(covered) <= 20
    for mines in product((0, 1), repeat=len(covered)):
        laid = dict(zip(covered, mines))
        if all(sum(laid.get(n, 0) for n in around(*p)) == board.adjacent_mines(*p) for p in proof) and laid[cell]:
            return False
    return True


def test_an_avoidable_guess_names_the_safe_cell_nearest_it_that_the_rules_prove_from_a_few_numbers():
    """Each avoidable guess of games clicked in reading order (nearly every one of their guesses is avoidable)
    names a certainly safe cell close to the guess, never farther than twice the reach of the numbers looked at
    from the nearest safe cell, with a proof of single or pair rule that proves it on its own."""
    from game.model import analyse
    from game.model.replay.review import NEARBY
    from tests.played import played as played_in_order

    named = 0
    for seed in range(3):
        board, _video, _ms = played_in_order(16, 30, 99, seed)
        replay = Replay.from_game(board)
        review = review_game(replay)
        for click in review.clicks:
            if click.kind != "avoidable":
                continue
            before = replay.board_after(click.index)
            safe = analyse(before).safe
            assert click.safe_cell in safe and click.rule in ("single", "pair")
            assert proved_safe_by(before, click.safe_cell, click.proof)

            def far(cell, guess=click.cell):
                return max(abs(cell[0] - guess[0]), abs(cell[1] - guess[1]))

            assert far(click.safe_cell) <= min(map(far, safe)) + 2 * NEARBY
            named += 1
    assert named > 20
