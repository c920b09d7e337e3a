"""Random games against a slow, obviously-right reference: the fast board must agree move by move."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.model import SEEN_COVERED, SEEN_FLAG, SEEN_MINE, SEEN_QUESTION, Board
from tests.boardtext import seen


class ReferenceBoard:
    """The rules written the plain way (sets and a breadth-first cascade), over a fixed layout."""

    def __init__(self, rows, cols, mines, question_marks):
        self.rows, self.cols, self.mines = rows, cols, set(mines)
        self.question_marks = question_marks
        self.revealed, self.flags, self.questions = set(), set(), set()
        self.over = False

    def around(self, r, c):
        return [
            (rr, cc)
            for rr in range(r - 1, r + 2)
            for cc in range(c - 1, c + 2)
            if (rr, cc) != (r, c) and 0 <= rr < self.rows and 0 <= cc < self.cols
        ]

    def count(self, cell):
        return sum(n in self.mines for n in self.around(*cell))

    def reveal(self, cell):
        if self.over or cell in self.revealed or cell in self.flags:
            return
        self._open(cell)
        self.over = bool(self.revealed & self.mines)
        self._check_win()

    def _open(self, cell):
        queue = [cell]
        while queue:
            current = queue.pop(0)
            if current in self.revealed or current in self.flags:
                continue
            self.revealed.add(current)
            self.questions.discard(current)
            if current not in self.mines and self.count(current) == 0:
                queue.extend(self.around(*current))

    def flag(self, cell):
        if self.over or cell in self.revealed:
            return
        if cell in self.flags:
            self.flags.discard(cell)
            if self.question_marks:
                self.questions.add(cell)
        elif cell in self.questions:
            self.questions.discard(cell)
        else:
            self.flags.add(cell)

    def chord(self, cell):
        if self.over or cell not in self.revealed:
            return
        around = self.around(*cell)
        if sum(n in self.flags for n in around) == self.count(cell):
            for n in around:  # every one is opened, even after a wrong flag lets a mine through
                if n not in self.revealed and n not in self.flags:
                    self._open(n)
            self.over = bool(self.revealed & self.mines)
            self._check_win()

    def _check_win(self):
        if not self.over and len(self.revealed - self.mines) == self.rows * self.cols - len(self.mines):
            self.over = True
            self.flags |= self.mines

    def seen(self):
        out = []
        for r in range(self.rows):
            line = ""
            for c in range(self.cols):
                if (r, c) in self.revealed:
                    line += "*" if (r, c) in self.mines else str(self.count((r, c)))
                else:
                    line += "F" if (r, c) in self.flags else "?" if (r, c) in self.questions else "#"
            out.append(line)
        return out


def seen_codes_one_by_one(board):
    codes = bytearray()
    for r in range(board.rows):
        for c in range(board.cols):
            if board.is_revealed(r, c):
                codes.append(SEEN_MINE if board.is_mine(r, c) else board.adjacent_mines(r, c))
            else:
                codes.append(
                    SEEN_FLAG
                    if board.is_flagged(r, c)
                    else SEEN_QUESTION
                    if board.is_questioned(r, c)
                    else SEEN_COVERED
                )
    return bytes(codes)


@st.composite
def games(draw):
    rows = draw(st.integers(1, 9))
    cols = draw(st.integers(2 if rows == 1 else 1, 9))
    mines = draw(st.integers(1, rows * cols - 1))
    cell = st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1))
    moves = draw(st.lists(st.tuples(st.sampled_from(["reveal", "reveal", "flag", "chord"]), cell), max_size=40))
    return (
        rows,
        cols,
        mines,
        draw(st.integers(0, 2**32)),
        draw(st.sampled_from(["opening", "safe"])),
        draw(st.booleans()),
        moves,
    )


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(games())
def test_random_games_match_the_reference_and_keep_every_invariant(game):
    rows, cols, mines, seed, rule, question_marks, moves = game
    board = Board(rows, cols, mines, seed=seed, first_click=rule, question_marks=question_marks)
    reference = None
    for kind, cell in moves:
        before = seen(board)
        was_finished = board.state in ("won", "lost")
        if kind == "reveal":
            changed = board.reveal(*cell)
        elif kind == "flag":
            changed = board.toggle_flag(*cell)
        else:
            changed = board.chord(*cell)
        if reference is None and board.mines_placed:
            first = cell
            check_first_click(board, first, rule)
            reference = ReferenceBoard(rows, cols, board.mine_cells(), question_marks)
            for r, line in enumerate(before):  # flags made before the mines were laid
                for c, ch in enumerate(line):
                    if ch == "F":
                        reference.flags.add((r, c))
                    elif ch == "?":
                        reference.questions.add((r, c))
        if reference is not None:
            if kind == "reveal":
                reference.reveal(cell)
            elif kind == "flag":
                reference.flag(cell)
            else:
                reference.chord(cell)
            assert seen(board) == reference.seen()
        if was_finished:
            assert changed == [] and seen(board) == before
        check_invariants(board, before, kind, changed)
        assert Board.from_dict(board.to_dict()).to_dict() == board.to_dict()


def check_first_click(board, first, rule):
    assert not board.is_mine(*first)
    if rule == "opening":
        r, c = first
        around = [
            (rr, cc)
            for rr in range(r - 1, r + 2)
            for cc in range(c - 1, c + 2)
            if 0 <= rr < board.rows and 0 <= cc < board.cols
        ]
        if board.rows * board.cols - len(around) >= board.mines:
            assert not any(board.is_mine(*n) for n in around)


def check_invariants(board, before, kind, changed):
    assert len(changed) == len(set(changed))
    if kind == "reveal" or kind == "chord":
        for r, c in changed:
            assert board.is_revealed(r, c) and before[r][c] in "#?"
    now = seen(board)
    newly = {
        (r, c) for r in range(board.rows) for c in range(board.cols) if before[r][c] in "#?" and now[r][c] not in "#?F"
    }
    if kind != "flag":
        assert newly == set(changed)
    assert board.seen_codes() == seen_codes_one_by_one(board)
    flags = sum(line.count("F") for line in now)
    assert board.mines_left == board.mines - flags
    if board.mines_placed:
        assert len(board.mine_cells()) == board.mines
        safe_open = sum(ch.isdigit() for line in now for ch in line)
        assert board.safe_cells_left == board.rows * board.cols - board.mines - safe_open
        exploded = [(r, c) for r in range(board.rows) for c in range(board.cols) if now[r][c] == "*"]
        assert bool(exploded) == (board.state == "lost")
        if board.state == "lost":
            assert board.exploded in exploded
        assert (board.state == "won") == (board.safe_cells_left == 0 and board.state != "lost")
        if board.state == "won":
            assert board.mines_left == 0
        for r, c in (
            changed if kind != "flag" else ()
        ):  # a newly revealed zero leaves no neighbour covered unless it is flagged
            if board.adjacent_mines(r, c) == 0 and not board.is_mine(r, c):
                for rr in range(max(0, r - 1), min(board.rows, r + 2)):
                    for cc in range(max(0, c - 1), min(board.cols, c + 2)):
                        assert board.is_revealed(rr, cc) or board.is_flagged(rr, cc)
    else:
        assert board.state == "ready" and not any(ch.isdigit() for line in now for ch in line)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 30), st.integers(1, 30), st.integers(0, 2**32), st.data())
def test_counts_and_three_bv_match_a_brute_force_count(rows, cols, seed, data):
    if rows * cols < 2:
        cols = 2
    mines = data.draw(st.integers(1, rows * cols - 1))
    board = Board(rows, cols, mines, seed=seed, first_click="safe")
    board.reveal(data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    ref = ReferenceBoard(rows, cols, board.mine_cells(), False)
    for r in range(rows):
        for c in range(cols):
            assert board.adjacent_mines(r, c) == ref.count((r, c))
    assert board.three_bv == brute_three_bv(ref)


def brute_three_bv(ref):
    """Click every zero region once, then every number still covered."""
    ref.revealed = set()
    clicks = 0
    cells = [(r, c) for r in range(ref.rows) for c in range(ref.cols) if (r, c) not in ref.mines]
    for cell in cells:
        if cell not in ref.revealed and ref.count(cell) == 0:
            ref.over = False
            ref.reveal(cell)
            clicks += 1
    return clicks + sum(1 for cell in cells if cell not in ref.revealed)
