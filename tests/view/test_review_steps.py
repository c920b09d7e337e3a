"""The review's marks on Replay's timeline, computed for a known game, and the steps between them (no pygame)."""

from game.model import review_game
from game.view.review_steps import AVOIDABLE, FORCED, UNSAFEST, WASTED, WRONG_FLAG, Mark, mark_at, marks_of, step
from game.view.review_words import mark_words
from tests.reviewed import GUESS, reviewed_game
from tests.reviewed import WASTED as WASTED_CELL
from tests.reviewed import WRONG_FLAG as FLAG_CELL


def test_the_marks_of_a_known_game():
    marks = marks_of(review_game(reviewed_game(lose=True)))
    assert [(m.index, m.kind, m.cell, m.lost) for m in marks] == [
        (2, WRONG_FLAG, FLAG_CELL, False),
        (4, AVOIDABLE, GUESS, False),
        (5, WASTED, WASTED_CELL, False),
        (10, AVOIDABLE, (7, 4), True),
    ]
    guess = marks[1]
    assert guess.guess and guess.mistake and guess.studied
    assert round(guess.risk, 3) == 0.148 and guess.t_ms == 5 * 350
    assert not marks[0].guess and marks[0].mistake and not marks[0].studied
    assert marks[3].lost and marks[3].mistake


def test_a_won_game_has_no_losing_mark():
    marks = marks_of(review_game(reviewed_game()))
    assert [m.index for m in marks] == [2, 4, 5] and not any(m.lost for m in marks)


MARKS = (
    Mark(3, 900, (0, 0), FORCED, 0.5),
    Mark(3, 900, (0, 0), WASTED),  # a second mark on the same move
    Mark(7, 2000, (1, 1), UNSAFEST, 0.3),
    Mark(12, 4000, (2, 2), AVOIDABLE, 0.2),
)


def test_next_goes_to_the_next_marked_move_and_back_to_the_one_before():
    done, here, visited = 0, False, []
    while (mark := step(MARKS, done, True, here)) is not None:
        done, here = mark.index, True
        visited.append(done)
    assert visited == [3, 7, 12]
    back = []
    while (mark := step(MARKS, done, False, True)) is not None:
        done = mark.index
        back.append(done)
    assert back == [7, 3]


def test_from_between_marks_and_from_a_mark_not_stood_on():
    assert step(MARKS, 5, True, False).index == 7 and step(MARKS, 5, False, False).index == 3
    assert step(MARKS, 7, True, False).index == 7, "playing up to a mark's move: it is the next"
    assert step(MARKS, 7, True, True).index == 12, "paused on it: the next is a later one"
    assert step(MARKS, 13, True, False) is None and step(MARKS, 3, False, True) is None


def test_the_mark_at_a_move_is_the_guess_before_a_small_mark():
    assert mark_at(MARKS, 3).kind == FORCED and mark_at(MARKS, 4) is None


def test_the_words_say_the_verdict():
    marks = marks_of(review_game(reviewed_game(lose=True)))
    assert mark_words(marks[0]) == "Wrong flag on row 9, column 3: no mine there."
    assert mark_words(marks[1]) == "Avoidable guess: 85% safe; row 6, column 7 was certainly safe. S: study it."
    assert mark_words(marks[2]) == "Wasted click on row 3, column 2: it changed nothing."
    assert mark_words(marks[3]) == (
        "Avoidable guess: 84% safe; row 6, column 7 was certainly safe. It opened a mine. S: study it."
    )
