"""Drill positions from the solver's games, the progress kept in the records, and a lost game studied."""

import random
from collections import Counter

import pytest

from game.learn.drill import DRILL_RULES, choose_rule, next_position, positions_of_game
from game.learn.progress import Progress
from game.learn.puzzle import needed_level
from game.learn.study import study_puzzle
from game.model import Board, GameState, Move
from game.model.replay.replay import Replay
from game.model.solver.analysis import analyse

POSITIONS = 240


def drill_positions(count, seed=2026):
    rng, found = random.Random(seed), []
    while len(found) < count:
        found.extend(positions_of_game(rng))
    return found[:count]


@pytest.mark.slow
def test_drill_positions_need_exactly_the_rule_they_are_filed_under():
    rules = Counter()
    for position in drill_positions(POSITIONS):
        board = position.board
        assert board.state == GameState.PLAYING
        cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
        covered = {cell for cell in cells if not board.is_revealed(*cell) and not board.is_flagged(*cell)}
        analysis = analyse(board)
        certain = (analysis.safe | analysis.mines) & covered
        assert certain, "never a position with no certain move"
        assert certain == position.safe | position.mines, "what is asked is all the numbers prove"
        assert all(not board.is_mine(*cell) for cell in position.safe)
        assert all(board.is_mine(*cell) for cell in position.mines)
        assert needed_level(position.puzzle()) == position.rule, "never more than its rule, and not less"
        assert position.reason and (position.proof or position.rule in ("combined", "count"))
        rules[position.rule] += 1
    assert set(rules) == set(DRILL_RULES), rules


def test_a_drill_position_is_solved_by_its_moves_and_a_wrong_click_is_caught():
    for position in drill_positions(30, seed=7):
        puzzle = position.puzzle()
        wrong = next(iter(position.mines or position.safe))
        assert not puzzle.check(Move("flag" if wrong in position.safe else "reveal", *wrong)).ok
        for cell in sorted(position.mines):
            puzzle.play(Move("flag", *cell))
        for cell in sorted(position.safe):
            if not puzzle.board.is_revealed(*cell):
                assert puzzle.check(Move("reveal", *cell)).ok
                puzzle.play(Move("reveal", *cell))
        assert puzzle.done and puzzle.board.state != GameState.LOST
        assert position.board.state == GameState.PLAYING and not position.board.is_revealed(*cell), "a copy"


def test_the_drill_asks_more_of_what_the_player_gets_wrong():
    rng = random.Random(3)
    even = Counter(choose_rule(rng, {}) for _ in range(4000))
    assert all(900 <= even[rule] <= 1100 for rule in DRILL_RULES), even
    weighted = Counter(choose_rule(rng, {"pair": 3}) for _ in range(4000))
    assert weighted["pair"] > 2.5 * weighted["single"], weighted


def test_next_position_finds_the_rule_asked_for_and_stops_when_cancelled():
    assert next_position(random.Random(1), "pair").rule == "pair"
    assert next_position(random.Random(1), "count").rule in DRILL_RULES
    assert next_position(random.Random(1), "single", cancelled=lambda: True) is None


class MemoryStore:
    def __init__(self, values=None):
        self.values = dict(values or {})

    def learnt(self):
        return dict(self.values)

    def set_learnt(self, key, value):
        self.values[key] = value


def test_progress_is_written_through_and_read_back():
    store = MemoryStore()
    progress = Progress(store)
    progress.finish_lesson("numbers")
    progress.finish_lesson("numbers")
    progress.note_mistake("pair")
    progress.note_drill(True, 4.0)
    progress.note_drill(False, 6.0)
    again = Progress(store)
    assert again.lessons_done == ["numbers"] and again.mistakes == {"pair": 1}
    assert again.drill_summary() == "right first time 1 of 2, 5.0 s each"


def test_damaged_progress_starts_again_without_stopping_anything():
    store = MemoryStore({"lessons": "numbers", "mistakes": {"pair": "x", "single": 2}, "drill": {"positions": -1}})
    progress = Progress(store)
    assert progress.lessons_done == [] and progress.mistakes == {"single": 2}
    assert progress.drill_summary() == "not tried yet"
    long_keys = Progress(MemoryStore({"lessons": ["k" * 10_000, "flags"]}))
    assert long_keys.lessons_done == ["flags"]


def lost(layout, moves):
    board = Board.from_layout(layout, seed=1)
    for move in moves:
        board.apply(move)
    assert board.state == GameState.LOST
    return Replay.from_game(board)


def test_a_lost_game_is_studied_from_just_before_the_losing_click():
    layout = ["*..", "...", "...", "..*"]
    # the first click opens the middle; (0, 1) is then certainly safe, and the player clicks the mine instead
    replay = lost(layout, [Move("reveal", 2, 0), Move("reveal", 0, 0)])
    puzzle = study_puzzle(replay)
    assert puzzle is not None and puzzle.any_safe and puzzle.board.state == GameState.PLAYING
    assert (0, 0) not in puzzle.safe and puzzle.safe
    assert not puzzle.check(Move("reveal", 0, 0)).ok
    cell = min(puzzle.safe)
    puzzle.play(Move("reveal", *cell))
    assert puzzle.done


def test_a_forced_guess_has_nothing_to_study():
    replay = lost(["*.", ".."], [Move("reveal", 1, 1), Move("reveal", 0, 0)])
    assert study_puzzle(replay) is None
