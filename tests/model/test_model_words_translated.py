"""The model's words (hints' reasons, proofs, the verdict after a loss, level and category names, board codes'
and replay files' refusals) all go through the player's language: in the pseudo-language every word is
accented, so plain English left in any of them is a string that was missed or glued from fragments."""

import pytest

from game import language
from game.model import Board, Move, category_label, decode_board_code, mines_text, standard_boards_text
from game.model.replay.check import check_replay_data, parse_replay_json
from game.model.replay.verdict import LossVerdict
from game.model.rules.boardcode import BoardCode
from game.model.rules.facts import validate_size
from game.model.solver.analysis import visible_of
from game.model.solver.chance import chance_text
from game.model.solver.deductions import deductions
from game.model.solver.hints import count_reason, hint_for
from tests.pseudo import english_left
from tests.solverfixtures import grid


# the community's notation and units, kept as they are in every language
@pytest.fixture
def pseudo():
    language.use("qps")
    yield
    language.use("en")


def played_reasons(seed: int, rows: int = 16, cols: int = 16, mines: int = 40) -> list[str]:
    """The hints' reasons and every deduction's words met while the hints play a game through."""
    board = Board(rows, cols, mines, seed=seed, first_click="opening")
    said = []
    for _step in range(400):
        hint = hint_for(board, lookahead=False)
        if hint is None:
            break
        said.append(hint.reason)
        visible = visible_of(board)
        flags = [r * cols + c for r in range(rows) for c in range(cols) if board.is_flagged(r, c)]
        said += [d.reason for d in deductions(rows, cols, visible, known_mines=flags)]
        if hint.is_mine:
            board.apply(Move("toggle flag", *hint.cell))
        else:
            board.apply(Move("reveal", *hint.cell))
    return said


def test_hints_and_their_reasons_leave_no_english(pseudo):
    said = [reason for seed in range(2) for reason in played_reasons(seed)]
    said += [
        count_reason(value, left, k, counter)
        for value in (0, 1)
        for left, k in ((0, 1), (1, 1), (2, 2), (5, 2), (3, 3))
        for counter in (True, False)
    ]
    rows, cols, vis = grid(["11##", "#22#", "##21"])
    said += [d.reason for d in deductions(rows, cols, vis)]
    assert len(set(said)) > 40, "the games met many kinds of reason"
    missed = {text: english_left(text) for text in said if english_left(text)}
    assert not missed


def test_the_verdict_the_levels_and_the_refusals_leave_no_english(pseudo):
    move = Move("reveal", 2, 3)
    verdicts = [
        LossVerdict(move, (2, 3), False, 1.0, None, None, language._("The numbers around it prove it")),
        LossVerdict(move, (2, 3), False, 1.0, (4, 4), 0.2, language._("The numbers around it prove it")),
        LossVerdict(move, (2, 3), False, 1.0, (4, 4), 0.0, language._("Every covered cell could have held a mine")),
        LossVerdict(move, (2, 3), False, 0.3, (4, 4), 0.0, language._("Every covered cell could have held a mine")),
        LossVerdict(move, (2, 3), True, 0.3, None, None, "", tied=True),
        LossVerdict(move, (2, 3), True, 0.3, None, None, ""),
        LossVerdict(move, (2, 3), True, 0.3, (1, 1), 0.1, ""),
    ]
    shown = [v.summary for v in verdicts]
    shown += [category_label(c) for c in ("beginner", "intermediate", "expert", "custom:8x8x10", "custom:16x30x98")]
    shown += [mines_text(n) for n in (1, 2, 5)] + [standard_boards_text()]
    shown += [chance_text(p) for p in (0.001, 0.5, 0.999)]
    code = BoardCode(16, 30, 99, "opening", 1234, (3, 4), True)
    shown += [code.describe(), code.start_hint() or "", BoardCode(9, 9, 10, "safe", 5).describe()]
    for text in ("", "x" * 50, "MS2-ABCD", "hello", "MS1-ABCD-EFGH-JKMN"):
        with pytest.raises(ValueError) as refused:
            decode_board_code(text)
        shown.append(str(refused.value))
    for data in ("{", '{"format": 1}'):
        with pytest.raises(ValueError) as refused:
            check_replay_data(parse_replay_json(data, 10_000))
        shown.append(str(refused.value))
    for size in ((0, 5, 1), (5, 5, 0), (3, 3, 9), (1, 1, 1), (1.5, 3, 1)):
        with pytest.raises((TypeError, ValueError)) as refused:
            validate_size(*size)
        shown.append(str(refused.value))
    missed = {text: english_left(text) for text in shown if english_left(text)}
    assert not missed


def test_counts_take_their_plural_forms_in_english():
    assert [mines_text(n) for n in (1, 2, 5)] == ["1 mine", "2 mines", "5 mines"]
    assert count_reason(1, 1, 1) == "Only 1 mine is left, as the counter shows, and it must be here"
    assert count_reason(1, 5, 2) == "Only 5 mines are left, as the counter shows, and 2 of them must be here"
    assert count_reason(0, 2, 1, counter=False) == (
        "Only 2 mines are left besides the ones the numbers prove, and the numbers need all of them elsewhere, "
        "so this cell is safe"
    )
    assert count_reason(0, 1, 5) == (
        "Only 1 mine is left, as the counter shows, and the numbers need it elsewhere, so these 5 cells are safe"
    )
    reasons = {}
    for number, rows_text in ((1, ["1#", "1#", "1#"]), (2, ["2#", "#1"]), (5, ["##", "5#", "##"])):
        rows, cols, vis = grid(rows_text)
        reasons[number] = [d.reason for d in deductions(rows, cols, vis) if d.reason.startswith("This ")][0]
    assert reasons == {
        1: "This 1 has exactly 1 covered cell around it, so this cell is a mine",
        2: "This 2 has exactly 2 covered cells around it, so these 2 cells are mines",
        5: "This 5 has exactly 5 covered cells around it, so these 5 cells are mines",
    }
    rows, cols, vis = grid(["11##", "#22#", "##21"])
    assert (
        "The 2 above-right of this cell already has its 2 mines (the cells to its left and below it, which the "
        "other outlined numbers prove), so this cell is safe"
    ) in [d.reason for d in deductions(rows, cols, vis)]
