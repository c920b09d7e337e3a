"""Hint tests: the simplest true reason for the next move, in words, with the numbers that prove it."""

import random
from dataclasses import replace

import pytest

from game.model import Board
from game.model.solver.analysis import analyse_visible, visible_of
from game.model.solver.deductions import deductions
from game.model.solver.guess import SHIPPED
from game.model.solver.hints import hint_for_visible
from tests.solverfixtures import Field, grid, play_auto


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
    # no mine is flagged and two 1s are outlined: the words say which number, which mine and what proves it
    assert h.reason == (
        "The 1 left of this cell already has its mine (the cell below-left of it, which the other outlined 1 "
        "proves), so this cell is safe"
    )


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
    a = analyse_visible(rows, cols, 2, vis)
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
    assert "one of the safest" in h.reason, "three cells share the lowest chance (the player reads it beside)"


def test_a_guess_hint_on_a_less_safe_cell_says_what_chose_it():
    # 1###1   4 mines, 100 layouts: the exact endgame opens (1, 1), 23% a mine where (2, 2) is 6%, because it wins
    # ##1##   the most layouts played to the end. The hint said it was "nearly the safest" (the lookahead's words).
    # ###2#
    # #####
    rows, cols, vis = grid(["1###1", "##1##", "###2#", "#####"])
    h = hint_for_visible(rows, cols, 4, vis)
    assert h.cell == (1, 1) and h.probability == pytest.approx(0.226, abs=1e-3)
    assert "(23%, lowest is 6%)" in h.reason and "wins in the most of them" in h.reason
    assert "nearly the safest" not in h.reason
    # without the endgame, Hill's lookahead opens (0, 2), 7.5% a mine: nearly the safest, and that is its reason
    lookahead = hint_for_visible(rows, cols, 4, vis, strategy=replace(SHIPPED, endgame=False))
    assert lookahead.cell == (0, 2) and "nearly the safest (8%, lowest is 6%)" in lookahead.reason


def test_a_guess_hint_names_the_pocket_and_the_fifty_fifty_that_chose_it():
    # ####1###   two rows: the 1s say one mine in column 0 and one in column 3, which no number will ever settle,
    # ####1###   and the cells are walled in. Each of those cells is 50% a mine, the others 25%.
    from tests.model.test_fifty import position

    vis = position(2, 8, [0, 3, 4, 5], [1, 2, 9, 10])
    pocket = hint_for_visible(2, 8, 4, vis, strategy=replace(SHIPPED, endgame=False))
    assert pocket.probability == 0.5 and "walled in where no other number can help" in pocket.reason
    fifty = hint_for_visible(2, 8, 4, vis, strategy=replace(SHIPPED, endgame=False, pockets=False))
    assert fifty.probability == 0.5 and "a 50/50 no number can ever settle" in fifty.reason
    assert "(50%, lowest is 25%)" in fifty.reason


def test_a_lookahead_guess_well_below_the_safest_says_why_it_is_the_better_bet():
    # ###2   (1, 0) is 33% a mine where (0, 0) and (0, 1) are 25%; Hill's guess opens it all the same: not "nearly
    # ####   the safest"
    # 1##2
    rows, cols, vis = grid(["###2", "####", "1##2"])
    off = replace(SHIPPED, endgame=False, pockets=False, fifty_fifty=False)
    h = hint_for_visible(rows, cols, 4, vis, strategy=off)
    assert h.cell == (1, 0) and "(33%, lowest is 25%) is less safe but the better bet" in h.reason


def test_first_click_hint_and_finished_positions():
    rows, cols = 9, 9
    h = hint_for_visible(rows, cols, 10, [-1] * 81)
    assert h.cell == (0, 0) and h.rule == "first"
    assert hint_for_visible(2, 2, 1, [1, 1, 1, -1]) is None


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
    from game.model.solver.analysis import analyse
    from game.model.solver.hints import hint_for

    f = Field(3, 4, [4, 8, 11])
    for i in (0, 1):
        f.vis[i] = f.counts[i]
    b = StubBoard(f, 3)
    h = hint_for(b)
    assert h.safe and h.cell in {(0, 2), (1, 2)}
    assert analyse(b).safe == {(0, 2), (1, 2)}
    assert hint_for(StubBoard(f, 3, state="won")) is None
    assert hint_for(StubBoard(Field(9, 9, []), 10, state="ready", first_click="opening")).cell == (2, 2)
    assert hint_for(StubBoard(Field(9, 9, []), 10, state="ready")).cell == (0, 0)


def board_waiting_for_a_guess(seed):
    """An Expert board played with certain moves until none is left (a guess is due), its certain mines
    flagged (a flagged mine is no hint)."""
    from game.model import Board
    from game.model.solver.analysis import analyse

    b = Board(16, 30, 99, seed=seed, first_click="safe")
    b.reveal(0, 0)
    while b.state == "playing":
        a = analyse(b)
        if not a.safe:
            for r, c in a.mines:
                b.toggle_flag(r, c)
            return b, a
        for r, c in sorted(a.safe):
            if not b.is_revealed(r, c):
                b.reveal(r, c)
    return None, None


def test_a_guess_hint_stops_thinking_when_its_time_is_up_and_gives_the_safest_cell():
    import threading

    from game.model.solver.hints import hint_for

    board, a = next((b, a) for b, a in map(board_waiting_for_a_guess, range(1, 50)) if b is not None)
    thought = hint_for(board)
    assert thought.rule == "guess"
    ticks = iter(range(1000))  # a clock that moves a whole second every time it is read
    rushed = hint_for(board, budget_ms=500, clock=lambda: next(ticks))
    assert rushed.rule == "guess" and rushed.probability == min(a.probabilities.values())
    cancelled = threading.Event()
    cancelled.set()
    assert hint_for(board, budget_ms=300, cancelled=cancelled) is None


def test_a_certain_hint_needs_no_time():
    from game.model import Board
    from game.model.solver.hints import hint_for

    b = Board.from_layout([".*..", "....", "...*"])
    b.reveal(2, 1)
    ticks = iter(range(1000))
    h = hint_for(b, budget_ms=0, clock=lambda: next(ticks))
    assert h is not None and h.certain


def test_the_pair_rule_says_one_other_cell_is_a_mine_in_plain_words():
    # The 2 at (1, 2) needs 2 mines, the 1 beside it can hold only one of them: the 2's one other cell is a
    # mine and the 1's other cell is safe (it used to say "its other cell is mines ... other cells are safe").
    board = Board.from_layout([".**..*", "......", "*....*", "......", "....*."])
    board.reveal(2, 2)
    reasons = [e.reason for e in deductions(5, 6, visible_of(board)) if e.rule == "pair"]
    assert any("so its other cell is a mine and the 1's other cell is safe" in reason for reason in reasons)
    assert not any("cell is mines" in reason or "is mines" in reason for reason in reasons)


def test_the_mine_count_hint_speaks_of_the_counter_only_when_it_shows_that_count():
    """The counter shows the mines less the flags: the hint says 'as the counter shows' when that is its count,
    and which mines it counts when a flag makes the counter read otherwise."""
    rows, cols, vis = grid(["1##", "2##", "###"])
    h = hint_for_visible(rows, cols, 2, vis)
    assert h.reason.startswith("Only 2 mines are left, as the counter shows,")
    flagged = hint_for_visible(rows, cols, 2, vis, flagged={2 * cols + 2})  # the counter reads 1
    assert flagged.rule == "count" and "as the counter shows" not in flagged.reason
    assert flagged.reason.startswith("Only 2 mines are left besides the ones the numbers prove")
