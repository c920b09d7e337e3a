"""Where the mines go: reproducible from the seed, clear of the first click, and uniformly random."""

import math
import subprocess
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from game.model import Board

ROOT = Path(__file__).resolve().parents[2]


def layout_after(rows, cols, mines, seed, first, rule):
    board = Board(rows, cols, mines, seed=seed, first_click=rule)
    board.reveal(*first)
    return tuple(board.mine_cells())


def test_same_seed_and_first_click_give_the_same_board():
    one = layout_after(16, 30, 99, 1234, (7, 7), "opening")
    assert one == layout_after(16, 30, 99, 1234, (7, 7), "opening")
    assert one != layout_after(16, 30, 99, 1235, (7, 7), "opening")
    assert len(set(one)) == 99


@pytest.mark.parametrize("first", [(0, 0), (8, 8), (0, 4), (4, 4)])
def test_opening_rule_keeps_the_first_cell_and_its_neighbours_clear(first):
    for seed in range(200):
        board = Board(9, 9, 10, seed=seed)
        opened = board.reveal(*first)
        r, c = first
        assert board.adjacent_mines(r, c) == 0 and len(opened) >= 4
        assert board.state == "playing" or board.state == "won"


def test_safe_rule_keeps_only_the_first_cell_clear():
    near_mines = 0
    for seed in range(200):
        board = Board(9, 9, 40, seed=seed, first_click="safe")
        board.reveal(4, 4)
        assert not board.is_mine(4, 4) and board.state != "lost"
        near_mines += board.adjacent_mines(4, 4) > 0
    assert near_mines > 150  # at this density a safe first click usually shows a number


def test_too_dense_for_an_opening_falls_back_to_a_safe_first_click():
    for seed in range(50):
        board = Board(3, 3, 8, seed=seed)
        assert board.reveal(1, 1) == [(1, 1)]
        assert board.state == "won"  # the only safe cell
    board = Board(4, 4, 10, seed=5)
    board.reveal(0, 0)
    assert not board.is_mine(0, 0) and board.state != "lost"


def chi_square_limit(df, z=3.719):
    """The chi-square value exceeded with probability ~1e-4 (Wilson-Hilferty approximation)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


@pytest.mark.parametrize(
    "rows,cols,mines,first,rule",
    [
        (3, 3, 2, (0, 0), "safe"),  # 8 allowed cells: 28 layouts
        (4, 4, 2, (0, 0), "opening"),  # 12 allowed cells: 66 layouts
        (3, 3, 3, (1, 1), "opening"),  # too dense for an opening -> safe: 8 cells, 56 layouts
    ],
)
def test_every_allowed_layout_is_equally_likely(rows, cols, mines, first, rule):
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    clear = {first}
    if rule == "opening":
        around = {(r, c) for r, c in cells if abs(r - first[0]) <= 1 and abs(c - first[1]) <= 1}
        if len(cells) - len(around) >= mines:
            clear = around
    allowed = [cell for cell in cells if cell not in clear]
    layouts = list(combinations(allowed, mines))
    games = 120 * len(layouts)
    seen = Counter(layout_after(rows, cols, mines, seed, first, rule) for seed in range(games))
    assert set(seen) == set(layouts)  # every allowed layout happens, and nothing else
    expected = games / len(layouts)
    chi_square = sum((seen[layout] - expected) ** 2 / expected for layout in layouts)
    assert chi_square < chi_square_limit(len(layouts) - 1)
    # and no cell is favoured (the "move the mine to the corner" bias would show here)
    per_cell = Counter(cell for layout, n in seen.items() for cell in layout for _ in range(n))
    share = games * mines / len(allowed)
    assert all(abs(per_cell[cell] - share) < 5 * math.sqrt(share) for cell in allowed)


def test_the_model_never_imports_pygame():
    code = (
        "import sys; import game.model, game.model.solver.analysis, game.model.solver.guess, "
        "game.model.solver.hints, game.model.solver.noguess; "
        "assert 'pygame' not in sys.modules, 'pygame was imported'; print('pure')"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "pure"
