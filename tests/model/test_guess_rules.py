"""The no-guess family's modes against brute force on small boards: every layout that fits what is shown is
enumerated, and after each reveal the mines the mode left must be one of them; a forced guess made safe is safe
whenever a fitting layout allows it; a needless guess under the strict mode explodes whenever one allows it."""

from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.model import Board, GameState, Move, MoveKind
from game.model.rules.guessing import GuessRule
from game.model.solver.analysis import visible_of
from game.model.solver.frontier import neighbours
from game.model.solver.guessrules import Judge, Ruling, rule_move
from game.model.solver.relayout import OutOfWork, layout_with


def fitting_layouts(rows: int, cols: int, mines: int, visible: list[int]) -> list[frozenset[int]]:
    """Every mine layout that fits the numbers shown and the mine count (brute force)."""
    nb = neighbours(rows, cols)
    covered = [i for i, v in enumerate(visible) if v < 0]
    shown = [(i, v) for i, v in enumerate(visible) if v >= 0]
    out = []
    for chosen in combinations(covered, mines):
        layout = frozenset(chosen)
        if all(sum(j in layout for j in nb[i]) == v for i, v in shown):
            out.append(layout)
    return out


def mines_of(board: Board) -> frozenset[int]:
    return frozenset(r * board.cols + c for r, c in board.mine_cells())


def check_reveal(board: Board, cell: tuple[int, int], rule: GuessRule, judge: Judge | None = None) -> Ruling:
    """Rule on one reveal and check it against brute force; then play it."""
    return check_move(board, Move(MoveKind.REVEAL, *cell), rule, judge)


def check_move(board: Board, move: Move, rule: GuessRule, judge: Judge | None = None) -> Ruling:
    """Rule on one reveal or chord and check it against brute force; then play it."""
    rows, cols = board.rows, board.cols
    visible = visible_of(board)
    layouts = fitting_layouts(rows, cols, board.mines, visible)
    assert mines_of(board) in layouts  # the board in play always fits what is shown
    if move.kind is MoveKind.CHORD:
        opened = {r * cols + c for r, c in board.chord_cells(*move.cell)}
    elif board.is_revealed(*move.cell) or board.is_flagged(*move.cell):
        opened = set()
    else:
        opened = {move.cell[0] * cols + move.cell[1]}
    covered = [i for i, v in enumerate(visible) if v < 0]
    certain_safe = {i for i in covered if all(i not in layout for layout in layouts)}
    unsure = opened - certain_safe
    can_be_safe = any(not (unsure & layout) for layout in layouts)
    can_be_mine = any(unsure & layout for layout in layouts)
    before = mines_of(board)
    ruling = judge.rule(board, move) if judge is not None else rule_move(board, move, rule)
    after = mines_of(board)
    assert after in layouts, "the mines moved to a layout that does not fit what is shown"
    assert ruling is not Ruling.UNDECIDED  # small boards never run out of work
    if unsure:
        if not certain_safe and can_be_safe:  # a forced guess
            assert not (opened & after), "a forced guess was left on a mine"
        if rule is GuessRule.STRICT and certain_safe and can_be_mine:
            assert opened & after, "a needless guess was left safe"
    if not unsure or (certain_safe and rule is GuessRule.FORCED_SAFE):
        assert after == before, "the mines moved under a click that was no forced guess"
    board.apply(move)
    return ruling


SIZES = [(3, 4, 3), (4, 4, 4), (4, 5, 6), (2, 6, 3), (5, 5, 5)]


PLAY = {
    "size": st.sampled_from(SIZES),
    "seed": st.integers(0, 2**32 - 1),
    "rule": st.sampled_from([GuessRule.FORCED_SAFE, GuessRule.STRICT]),
    # (row, col, what): 0 a reveal, 1 a flag, 2 a chord
    "clicks": st.lists(st.tuples(st.integers(0, 4), st.integers(0, 5), st.integers(0, 2)), min_size=1, max_size=25),
}


def play(size: tuple[int, int, int], seed: int, rule: GuessRule, clicks: list[tuple[int, int, int]]) -> None:
    rows, cols, mines = size
    board = Board(rows, cols, mines, seed=seed, first_click="safe")
    judge = Judge(rule) if seed % 2 else None  # half the games carry the analysis from click to click, as a game does
    for row, col, what in clicks:
        if board.state in (GameState.WON, GameState.LOST):
            break
        row, col = row % rows, col % cols
        if board.state == GameState.READY:
            board.reveal(row, col)
        elif what == 1:
            board.toggle_flag(row, col)  # flags are marks, not facts: the modes ignore them
        else:
            check_move(board, Move(MoveKind.CHORD if what == 2 else MoveKind.REVEAL, row, col), rule, judge)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**PLAY)
def test_random_play_stays_consistent_and_keeps_the_modes_promises(size, seed, rule, clicks):
    play(size, seed, rule, clicks)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**PLAY)
def test_random_play_at_length(size, seed, rule, clicks):
    play(size, seed, rule, clicks)


def test_a_forced_guess_is_made_safe_on_every_layout_that_allows_it():
    """Every board of 3x4 with 3 mines, first click in the corner: every forced guess made on a mine is made safe."""
    rows, cols, mines = 3, 4, 3
    made = 0
    for chosen in combinations(range(1, rows * cols), mines):
        board = Board.from_mines(rows, cols, [divmod(i, cols) for i in chosen])
        board.reveal(0, 0)
        if board.state != GameState.PLAYING:
            continue
        for i in range(rows * cols):
            trial = board.copy()
            r, c = divmod(i, cols)
            if trial.is_revealed(r, c):
                continue
            ruling = check_reveal(trial, (r, c), GuessRule.FORCED_SAFE)
            made += ruling is Ruling.MADE_SAFE
    assert made > 0


def test_a_needless_guess_always_explodes_under_the_strict_rule():
    """A 1 beside three covered cells, and a cell the numbers prove safe elsewhere: the guess explodes."""
    board = Board.from_layout(["*...", "....", "...."])
    board.reveal(2, 3)
    board2 = Board.from_layout([".*..", "....", "*..."])
    board2.reveal(0, 3)
    lost = 0
    for b in (board, board2):
        visible = visible_of(b)
        layouts = fitting_layouts(b.rows, b.cols, b.mines, visible)
        covered = [i for i, v in enumerate(visible) if v < 0]
        safe = {i for i in covered if all(i not in layout for layout in layouts)}
        for i in covered:
            if i in safe or not safe:
                continue
            trial = b.copy()
            ruling = check_reveal(trial, divmod(i, b.cols), GuessRule.STRICT)
            assert trial.state == GameState.LOST and ruling is Ruling.PUNISHED
            lost += 1
    assert lost > 0


def test_a_provably_safe_click_leaves_the_mines_alone():
    board = Board.from_layout(["*...", "....", "...*"])
    board.reveal(0, 3)
    before = mines_of(board)
    for rule in (GuessRule.FORCED_SAFE, GuessRule.STRICT):
        assert rule_move(board.copy(), Move(MoveKind.REVEAL, 2, 0), rule) is Ruling.AS_DEALT
    assert mines_of(board) == before


def test_moving_mines_that_change_a_number_is_refused():
    board = Board.from_layout(["*..", "...", "..*"])
    board.reveal(0, 2)
    with pytest.raises(ValueError):
        board.move_mines([(0, 0), (1, 0)])  # (1, 1) shows 2 only with (0, 0) and (2, 2)... not with these
    assert board.is_mine(0, 0) and board.is_mine(2, 2)


def test_the_search_gives_up_past_its_work():
    visible = [1, -1, -1, -1, -1, -1]
    with pytest.raises(OutOfWork):
        layout_with(2, 3, 1, visible, {1: False}, {1}, budget=1)
    assert layout_with(2, 3, 1, visible, {1: False}, {1}) == {4}


def chords_on_wrong_flags(rows: int, cols: int, mines: int):
    """Every board of the size, opened at the corner, with every chord a player could make on it: each number's
    covered neighbours flagged as many as it shows, in every way (mostly wrongly)."""
    for chosen in combinations(range(1, rows * cols), mines):
        board = Board.from_mines(rows, cols, [divmod(i, cols) for i in chosen])
        board.reveal(0, 0)
        if board.state != GameState.PLAYING:
            continue
        for r in range(rows):
            for c in range(cols):
                number = board.adjacent_mines(r, c)
                if not board.is_revealed(r, c) or not number:
                    continue
                around = [
                    (r + dr, c + dc)
                    for dr in (-1, 0, 1)
                    for dc in (-1, 0, 1)
                    if 0 <= r + dr < rows and 0 <= c + dc < cols and not board.is_revealed(r + dr, c + dc)
                ]
                for flagged in combinations(around, number):
                    trial = board.copy()
                    for cell in flagged:
                        trial.toggle_flag(*cell)
                    if trial.chord_opens(r, c):
                        yield trial, Move(MoveKind.CHORD, r, c)


@pytest.mark.parametrize("rule", [GuessRule.FORCED_SAFE, GuessRule.STRICT])
def test_chords_are_ruled_as_reveals_are(rule):
    """A chord opens cells as reveals do: on a wrong flag it is a guess, forced (then made safe when a layout
    allows) or needless (then, under the strict mode, punished). Every chord on every 3x4 board with 3 mines,
    checked against brute force."""
    rulings = [check_move(board, move, rule) for board, move in chords_on_wrong_flags(3, 4, 3)]
    assert Ruling.MADE_SAFE in rulings
    if rule is GuessRule.STRICT:
        assert Ruling.PUNISHED in rulings


def test_a_question_is_answered_from_its_copy_alone():
    """The ruling's slow half works from what the question copied: the board may be drawn meanwhile, and the
    answer moves its mines only when settled."""
    from game.model.solver.guessrules import Judge, settle

    board = Board.from_layout(["*.", "..", "..", ".*"])
    board.reveal(0, 1)
    judge = Judge(GuessRule.FORCED_SAFE)
    move = Move(MoveKind.REVEAL, 0, 0)
    question = judge.question(board, move)
    assert question is not None and question.hit and question.opened == (0,)
    ruled = judge.ask(question)
    assert board.is_mine(0, 0)  # nothing moved yet
    assert settle(board, ruled) is Ruling.MADE_SAFE and not board.is_mine(0, 0)
    assert judge.question(board, Move(MoveKind.REVEAL, 3, 0)) is None  # forced is safe: no mine there, no look
