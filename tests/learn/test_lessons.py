"""The lessons' boards: each a position a game can reach, asking for exactly what its rule proves, and each
solvable by that rule; a wrong click is caught with the reason and the numbers, never played."""

import pytest

from game.learn import lessons as lesson_data
from game.learn.puzzle import Puzzle, needed_level
from game.model import GameState, Move

LESSONS = lesson_data.load()
BOARDS = [(lesson, n) for lesson in LESSONS for n in range(len(lesson.boards))]
# What the issue asks the path to teach, in order of the path.
TAUGHT = [
    "numbers",
    "flags",
    "satisfied",
    "chord",
    "one-one",
    "one-two",
    "one-two-two-one",
    "subsets",
    "count",
    "guess",
]


def board_id(item):
    lesson, n = item
    return f"{lesson.key}-{n + 1}"


def test_the_path_teaches_each_deduction_once():
    assert [lesson.key for lesson in LESSONS] == TAUGHT
    assert all(1 <= len(lesson.teach.split(". ")) <= 3 and len(lesson.teach) < 220 for lesson in LESSONS)
    assert all(len(lesson.boards) >= 1 for lesson in LESSONS)
    assert sum(len(lesson.boards) >= 2 for lesson in LESSONS) >= 9


@pytest.mark.parametrize("item", BOARDS, ids=board_id)
def test_every_board_asks_for_exactly_what_its_rule_proves(item):
    lesson, n = item
    assert lesson_data.problems(lesson, n) == []


@pytest.mark.parametrize("item", [i for i in BOARDS if i[0].rule != "guess"], ids=board_id)
def test_every_board_is_solved_by_playing_what_it_asks(item):
    lesson, n = item
    puzzle = lesson.puzzle(n)
    assert not puzzle.done
    moves = [Move("flag", *cell) for cell in sorted(puzzle.mines)] + [Move("reveal", *c) for c in sorted(puzzle.safe)]
    for move in moves:
        if move.kind == "reveal" and puzzle.board.is_revealed(*move.cell):
            continue  # a cascade opened it
        assert puzzle.check(move).ok, move
        puzzle.play(move)
    assert puzzle.done and puzzle.mistakes == 0 and puzzle.board.state != GameState.LOST


def test_the_simpler_rules_do_not_settle_a_harder_lesson():
    """A pair lesson's single-number deductions alone leave something asked for unsettled, and so on."""
    levels = {lesson.key: {needed_level(lesson.puzzle(n)) for n in range(len(lesson.boards))} for lesson in LESSONS}
    assert levels["one-one"] == levels["one-two"] == levels["subsets"] == {"pair"}
    assert levels["count"] == {"count"} and levels["numbers"] == {"single"}


def test_a_click_on_a_proved_mine_is_caught_with_the_reason_and_its_numbers():
    puzzle = Puzzle.from_text(["ooo*-x-", "ooo**--", "oooo*-x", "ooo**--", "ooo*-x-"])
    mine = (0, 3)
    checked = puzzle.check(Move("reveal", *mine))
    assert not checked.ok and checked.cell == mine
    assert checked.reason.startswith("That cell is a mine:") and checked.proof
    assert all(puzzle.board.is_revealed(*cell) for cell in checked.proof)
    assert puzzle.mistakes == 1 and puzzle.board.state == GameState.PLAYING and not puzzle.board.is_revealed(*mine)


def test_a_flag_on_a_proved_safe_cell_is_caught():
    lesson = next(lesson for lesson in LESSONS if lesson.key == "one-one")
    puzzle = lesson.puzzle(0)
    safe = min(puzzle.safe)
    checked = puzzle.check(Move("flag", *safe))
    assert not checked.ok and checked.reason.startswith("That cell is safe, not a mine:") and len(checked.proof) == 2


def test_a_click_nothing_proves_is_caught_even_when_it_would_be_safe():
    puzzle = Puzzle.from_text(["x-.--", "ooo.x", "ooox-", "ooo--"])
    checked = puzzle.check(Move("reveal", 0, 1))  # safe, but nothing shows it yet
    assert not checked.ok and "Nothing on the board proves" in checked.reason and checked.proof == ()
    assert not puzzle.board.is_revealed(0, 1)


def test_a_chord_is_judged_by_the_cells_it_would_open():
    lesson = next(lesson for lesson in LESSONS if lesson.key == "chord")
    puzzle = lesson.puzzle(0)  # the flags are right: a chord on a 1 beside one opens proved cells
    assert puzzle.check(Move("chord", 1, 0)).ok
    puzzle.play(Move("chord", 1, 0))
    assert puzzle.board.is_revealed(2, 0) and puzzle.board.is_revealed(2, 1)
    wrong = Puzzle.from_text(["oo*", "oo.", "ooo"])
    wrong.board.apply(Move("flag", 1, 2))  # a wrong flag (placed by hand: the judge would have caught it)
    checked = wrong.check(Move("chord", 0, 1))  # the 1 has its one flag, so a chord would open the mine
    assert not checked.ok and checked.cell == (0, 2) and "A flag next to that number is wrong" in checked.reason


def test_the_guess_lesson_wants_a_safest_cell():
    lesson = next(lesson for lesson in LESSONS if lesson.key == "guess")
    puzzle = lesson.puzzle(0)
    assert lesson.chances and puzzle.guesses
    riskier = Move("reveal", 1, 3)  # beside the top mine
    checked = puzzle.check(riskier)
    assert not checked.ok and checked.reason.startswith("A 38% chance of a mine there; the safest cells have 17%")
    best = Move("reveal", *min(puzzle.guesses))
    assert puzzle.check(best).ok
    puzzle.play(best)
    assert puzzle.done


def test_a_damaged_lesson_file_is_refused(tmp_path):
    path = tmp_path / "lessons.json"
    path.write_text('[{"key": "k", "title": "t", "rule": "magic", "teach": "x", "boards": [["o"]]}]')
    with pytest.raises(ValueError):
        lesson_data.load(path)
