"""What Learn tells the player is the simplest proof there is, and it names only what it shows: on every lesson
board and 2,000 drill positions, each explanation (a wrong click caught, Why?, the drill's answer) proves its
cells with numbers no fewer of which prove them (tried here by brute force, every way their mines can lie), by
the rule the lesson or the position is filed under, in words whose counts agree with what they count.

The screen's half (every cell and number named is outlined and in view, the counter shown) is in
tests/scenes/test_learn_shown_e2e.py."""

import random
import re
from itertools import combinations

import pytest

from game.learn import lessons as lesson_data
from game.learn.drill import positions_of_game
from game.model import Move, analyse

LESSONS = lesson_data.load()
BOARDS = [(lesson, n) for lesson in LESSONS if lesson.rule != "guess" for n in range(len(lesson.boards))]
MOST_CHECKED = 3  # sets of up to this many numbers are tried against a longer proof (more would take minutes)
DRILL_CHUNKS, DRILL_EACH = 8, 250  # 2,000 drill positions, in chunks the parallel run shares out


def around(board, cell):
    row, col = cell
    return [
        (r, c)
        for r in range(max(0, row - 1), min(board.rows, row + 2))
        for c in range(max(0, col - 1), min(board.cols, col + 2))
        if (r, c) != cell
    ]


def known_mines(board):
    """The flags a player may count as mines here: each is on a mine (lessons', the drill's, played ones)."""
    return {(r, c) for r in range(board.rows) for c in range(board.cols) if board.is_flagged(r, c)} & set(
        board.mine_cells()
    )


def unknown_around(board, number, known):
    covered = [c for c in around(board, number) if not board.is_revealed(*c)]
    unknown = [c for c in covered if c not in known]
    return unknown, board.adjacent_mines(*number) - (len(covered) - len(unknown))


def forced(board, known, numbers, cell):
    """What these numbers alone make `cell` (0 safe, 1 a mine), or None: every way their mines can lie, placed
    number by number (plain brute force, on purpose nothing like the game's own search)."""
    cons = [unknown_around(board, n, known) for n in numbers]
    if not any(cell in unknown for unknown, _ in cons):
        return None
    values = set()

    def place(k, given):
        if len(values) == 2:
            return
        if k == len(cons):
            values.add(given[cell])
            return
        unknown, need = cons[k]
        free = [c for c in unknown if c not in given]
        more = need - sum(given[c] for c in unknown if c in given)
        if 0 <= more <= len(free):
            for chosen in combinations(free, more):
                place(k + 1, {**given, **{c: int(c in chosen) for c in free}})

    place(0, {})
    return values.pop() if len(values) == 1 else None


def numbers_near(board, cell, distance, known):
    return [
        (r, c)
        for r in range(max(0, cell[0] - distance), min(board.rows, cell[0] + distance + 1))
        for c in range(max(0, cell[1] - distance), min(board.cols, cell[1] + distance + 1))
        if board.is_revealed(r, c) and unknown_around(board, (r, c), known)[0]
    ]


def smaller_proof(board, cell, size, known):
    """A set of fewer than `size` numbers (up to MOST_CHECKED) that proves `cell`, or None."""
    for k in range(1, min(size - 1, MOST_CHECKED) + 1):
        for numbers in combinations(numbers_near(board, cell, 2 * k - 1, known), k):
            if forced(board, known, numbers, cell) is not None:
                return numbers
    return None


WRONG_COUNTS = re.compile(r"\b(1 (cells|mines|numbers|clicks|flags)|0 mines|Only 0|these 1 |these 0 )\b")


def check_explanation(puzzle, rule, reason, proof, cells, named=(), counter=False):
    """The checks every explanation passes; returns the rule it proved by."""
    board = puzzle.board
    known = known_mines(board)
    assert cells, reason
    assert not WRONG_COUNTS.search(reason), reason
    if match := re.search(r"these (\d+) cells", reason):  # some may be named only: fewer numbers prove them
        alike = [c for c in named if not board.is_flagged(*c) and board.is_mine(*c) == board.is_mine(*cells[0])]
        assert int(match[1]) == len(cells) + len(alike), (reason, cells, named)
    if proof:
        assert all(board.is_revealed(*n) for n in proof), "a proof is revealed numbers"
        for cell in cells:
            truth = int(board.is_mine(*cell))
            assert forced(board, known, proof, cell) == truth, ("the numbers shown prove it", reason, proof, cell)
            fewer = smaller_proof(board, cell, len(proof), known)
            assert fewer is None, f"{reason!r} uses {proof}, but {fewer} prove {cell}"
        # every number the words name ("this 2", "the 1") is one of those outlined
        values = {board.adjacent_mines(*n) for n in proof}
        named_numbers = {int(v) for v in re.findall(r"\b(?:[Tt]his|[Tt]he|outlined) (\d)\b", reason)}
        assert named_numbers <= values, (reason, values)
        assert "counter" not in reason
    else:  # the mine count settles it: nothing but the count does, and the counter is named and shown
        analysis = analyse(board)
        assert rule == "count", reason
        assert all(analysis.needs_mine_count(*cell) for cell in cells), reason
        assert counter and "counter" in reason, reason
        said = reason.lower()
        assert f"{board.mines_left} mine" in said or (board.mines_left == 0 and "no mines are left" in said)
    for cell in named:
        assert not board.is_revealed(*cell), "a cell named is a covered one"
    return rule


def wrong_move(puzzle, cell):
    return Move("flag" if cell in puzzle.safe else "reveal", *cell)


def check_caught(puzzle, cell):
    """A wrong click on `cell`: caught, explained by the simplest proof of that cell."""
    checked = puzzle.check(wrong_move(puzzle, cell))
    assert not checked.ok
    cells = getattr(checked, "cells", (checked.cell,))
    assert cell in cells
    check_explanation(
        puzzle,
        "count" if not checked.proof else "numbers",
        checked.reason,
        checked.proof,
        cells,
        getattr(checked, "named", ()),
        getattr(checked, "counter", False),
    )


def board_id(item):
    lesson, n = item
    return f"{lesson.key}-{n + 1}"


@pytest.mark.parametrize("item", BOARDS, ids=board_id)
def test_every_lesson_explains_each_cell_by_its_simplest_proof(item):
    lesson, n = item
    for cell in sorted(lesson.puzzle(n).safe | lesson.puzzle(n).mines):
        check_caught(lesson.puzzle(n), cell)


@pytest.mark.parametrize("item", BOARDS, ids=board_id)
def test_every_lessons_why_explains_its_own_rule_simplest_first(item):
    """Why? all the way through a board: each answer the simplest proof, by the rule the lesson teaches while a cell
    that rule proves is left."""
    lesson, n = item
    puzzle = lesson.puzzle(n)
    while not puzzle.done:
        told = puzzle.why()
        left = [c for c in sorted(puzzle.safe | puzzle.mines) if c not in known_mines(puzzle.board)]
        own = [c for c in left if not puzzle.board.is_revealed(*c) and puzzle.explain(c).rule == lesson.rule]
        assert told.rule == lesson.rule or not own, (told, own)
        check_explanation(puzzle, told.rule, told.reason, told.proof, told.cells, told.named, told.counter)
        for cell in told.cells:
            move = Move("flag" if told.value else "reveal", *cell)
            if not puzzle.board.is_revealed(*cell) and not puzzle.board.is_flagged(*cell):
                assert puzzle.check(move).ok
                puzzle.play(move)


def test_lesson_one_explains_a_mine_by_the_one_number_that_settles_it():
    """Lesson 1's first board: the 5 in the middle has exactly 5 covered cells; a click on one of them is
    explained by that 5 alone, not by the 2s the first rule found."""
    puzzle = LESSONS[0].puzzle(0)
    checked = puzzle.check(Move("reveal", 1, 4))
    assert checked.proof == ((2, 3),)
    assert (
        checked.reason
        == "That cell is a mine: this 5 has exactly 5 covered cells around it, so these 5 cells are mines."
    )


def test_the_mine_count_is_said_as_the_counter_shows_it():
    """Lesson 9: 'no mines are left', which the counter shows (0), never 'Only 0 mines are left'."""
    count = next(lesson for lesson in LESSONS if lesson.key == "count")
    puzzle = count.puzzle(0)
    told = puzzle.why()
    assert puzzle.board.mines_left == 0 and told.counter and told.proof == ()
    assert told.reason == "No mines are left, as the counter shows, so this cell is safe"
    three = count.puzzle(1)
    assert three.why().reason.startswith(f"Only {three.board.mines_left} mines are left, as the counter shows")


def test_a_flag_given_as_a_mine_counts_as_one():
    """The lesson on a number with all its mines: the 1 beside its flag proves its other cells safe on its own."""
    satisfied = next(lesson for lesson in LESSONS if lesson.key == "satisfied")
    puzzle = satisfied.puzzle(0)
    told = puzzle.explain((0, 3))
    assert told.proof == ((0, 2),) and told.named == ((1, 2),)
    assert (
        told.reason == "The 1 beside these 2 cells already has its mine (the flag below it), so these 2 cells are safe"
    )


def drill_chunk(chunk, count):
    rng, found = random.Random(4400 + chunk), []
    while len(found) < count:
        found.extend(positions_of_game(rng))
    return found[:count]


def check_drill_position(position):
    puzzle = position.puzzle()
    cells = getattr(position, "cells", ()) or tuple(sorted(position.safe | position.mines))
    rule = "count" if not position.proof else position.rule
    assert rule == position.rule, "a position filed under a rule of numbers is proved by numbers"
    check_explanation(
        puzzle,
        position.rule,
        position.reason,
        position.proof,
        cells,
        getattr(position, "named", ()),
        not position.proof,
    )
    if position.rule == "single":
        assert len(position.proof) == 1 or "already" in position.reason, "one number on its own, with its flags"
    for cell in sorted(position.safe | position.mines):
        check_caught(position.puzzle(), cell)
    told = puzzle.why()
    assert told.rule == position.rule, (position.rule, told)
    check_explanation(puzzle, told.rule, told.reason, told.proof, told.cells, told.named, told.counter)
    # the part of the board shown holds every cell and number the words name
    focus = position.focus()
    named = {*position.proof, *cells, *getattr(position, "named", ()), *told.proof, *told.cells, *told.named}
    rows, cols = range(focus.top, focus.top + focus.rows), range(focus.left, focus.left + focus.cols)
    assert all(r in rows and c in cols for r, c in named), (focus, sorted(named))
    return position.rule


def test_drill_positions_explain_themselves_by_their_rule():
    """A dozen positions in the everyday run; 2,000 in the slow one."""
    rules = {check_drill_position(position) for position in drill_chunk(99, 12)}
    assert {"single", "pair"} <= rules


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(DRILL_CHUNKS))
def test_two_thousand_drill_positions_explain_themselves_by_their_rule(chunk):
    rules = [check_drill_position(position) for position in drill_chunk(chunk, DRILL_EACH)]
    assert len(rules) == DRILL_EACH and {"single", "pair", "count"} <= set(rules)
