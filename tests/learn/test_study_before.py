"""Study takes any move of a game: the position before it, asking for a certainly safe cell."""

from game.learn.study import study_json, study_puzzle
from tests.reviewed import GUESS, reviewed_game


def test_the_position_before_a_mid_game_avoidable_guess():
    replay = reviewed_game()
    puzzle = study_puzzle(replay, before=4)
    assert puzzle is not None
    assert puzzle.board.seen_text() == replay.board_after(4).seen_text()
    assert GUESS not in puzzle.safe and (5, 0) in puzzle.safe


def test_the_losing_click_stays_the_default():
    replay = reviewed_game(lose=True)
    assert study_puzzle(replay).board.seen_text() == study_puzzle(replay, before=10).board.seen_text()
    assert study_json(replay.to_json(), 10).board.seen_text() == replay.board_after(10).seen_text()


def test_nothing_to_study_before_the_first_click_or_past_the_end():
    replay = reviewed_game()
    assert study_puzzle(replay, before=0) is None
    assert study_puzzle(replay, before=len(replay.moves)) is None
