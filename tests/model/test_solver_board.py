"""The solver on real Board objects: soundness through whole games and hints read only what is visible."""

import random

import pytest

model = pytest.importorskip("game.model")
Board = getattr(model, "Board", None)
pytestmark = pytest.mark.skipif(Board is None, reason="game.model.Board not available")

from game.model.solver.analysis import analyse, visible_of  # noqa: E402
from game.model.solver.guess import choose_guess  # noqa: E402
from game.model.solver.hints import hint_for  # noqa: E402


def state(board):
    s = board.state
    return getattr(s, "value", s)


@pytest.mark.parametrize(
    "rows,cols,mines,rule", [(9, 9, 10, "safe"), (16, 16, 40, "opening"), (16, 30, 99, "safe"), (8, 8, 16, "opening")]
)
def test_every_certain_cell_is_right_through_real_games(rows, cols, mines, rule):
    rng = random.Random(rows * 100 + mines)
    positions = 0
    for _game in range(12 if cols < 30 else 4):
        b = Board(rows, cols, mines, seed=rng.randrange(10**9), first_click=rule)
        b.reveal(0, 0)
        while state(b) == "playing":
            a = analyse(b)
            positions += 1
            for r, c in a.safe:
                assert not b.is_mine(r, c)
            for r, c in a.mines:
                assert b.is_mine(r, c)
            h = hint_for(b)
            if h.safe:
                assert not b.is_mine(*h.cell)
            if h.is_mine:
                assert b.is_mine(*h.cell)
            if a.safe:
                for r, c in sorted(a.safe):
                    if not b.is_revealed(r, c):
                        b.reveal(r, c)
            else:
                b.reveal(*choose_guess(rows, cols, mines, visible_of(b), a, lookahead=False))
    assert positions > 20


def test_flags_are_not_trusted():
    b = Board(9, 9, 10, seed=5, first_click="opening")
    b.reveal(4, 4)
    before = analyse(b).probabilities
    covered = [(r, c) for r in range(9) for c in range(9) if not b.is_revealed(r, c)]
    for r, c in covered[:5]:
        b.toggle_flag(r, c)  # wrong flags included: the analysis must not change
    assert analyse(b).probabilities == before


def test_hint_before_the_first_click_and_after_the_game():
    b = Board(9, 9, 10, seed=1)
    h = hint_for(b)
    assert h is not None and h.rule == "first"
    b.reveal(*h.cell)
    for _ in range(200):
        if state(b) != "playing":
            break
        h = hint_for(b)
        assert h is not None
        if h.is_mine:
            # a mine hint is not a move: open the safest cell instead
            a = analyse(b)
            b.reveal(*(min(a.safe) if a.safe else choose_guess(9, 9, 10, visible_of(b), a)))
        else:
            b.reveal(*h.cell)
    assert state(b) in ("won", "lost")
    assert hint_for(b) is None


def test_a_mine_already_flagged_is_never_the_hint():
    from game.model.solver.hints import hint_for_visible

    # 1 # # #, two mines: the 1 proves its neighbour is a mine; nothing is certainly safe
    plain = hint_for_visible(1, 4, 2, [1, -1, -1, -1])
    assert plain.is_mine and plain.cell == (0, 1)
    moved_on = hint_for_visible(1, 4, 2, [1, -1, -1, -1], flagged=frozenset({1}))
    assert not moved_on.is_mine and moved_on.cell in {(0, 2), (0, 3)}
    board = Board.from_layout(["...*.*"])
    board.reveal(0, 0)
    board.toggle_flag(0, 3)
    hint = hint_for(board)
    assert not (hint.is_mine and board.is_flagged(*hint.cell))
