"""No-guess generation: the solver clears every board from its first click; same seed, same board."""

import threading

import pytest

from game.model.solver.analysis import neighbours
from game.model.solver.noguess import NoGuessCancelled, NoGuessTimeout, generate_no_guess, solves_without_guessing

CASES = [
    (9, 9, 10, (4, 4), "opening"),
    (9, 9, 10, (0, 0), "safe"),
    (16, 16, 40, (8, 8), "opening"),
    (16, 16, 40, (0, 0), "safe"),
    (16, 30, 99, (8, 15), "opening"),
    (16, 30, 99, (0, 0), "safe"),
    (10, 10, 35, (5, 5), "opening"),
    (16, 30, 170, (8, 15), "opening"),
    (5, 20, 20, (2, 0), "opening"),
]


@pytest.mark.parametrize("rows,cols,mines,first,rule", CASES)
def test_generated_boards_are_solved_without_guessing(rows, cols, mines, first, rule):
    for seed in range(4 if mines < 100 else 2):
        cells = generate_no_guess(rows, cols, mines, first_cell=first, seed=seed, first_click=rule, timeout=60)
        assert len(cells) == mines == len(set(cells))
        assert all(0 <= r < rows and 0 <= c < cols for r, c in cells)
        fi = first[0] * cols + first[1]
        clear = {fi} | (set(neighbours(rows, cols)[fi]) if rule == "opening" else set())
        assert not {r * cols + c for r, c in cells} & clear
        assert solves_without_guessing(rows, cols, cells, first)


def test_solver_replay_plays_only_certain_moves_with_analyse():
    """Independent check: open only cells `analyse_visible` proves safe, from the first click, until won."""
    from game.model.solver.analysis import analyse_visible

    rows, cols, mines, first = 16, 30, 99, (8, 15)
    cells = set(generate_no_guess(rows, cols, mines, first_cell=first, seed=42, timeout=60))
    nb = neighbours(rows, cols)
    mine = [divmod(i, cols) in cells for i in range(rows * cols)]
    counts = [sum(mine[j] for j in nb[i]) for i in range(rows * cols)]
    vis = [-1] * (rows * cols)

    def reveal(i):
        assert not mine[i]
        stack = [i]
        vis[i] = counts[i]
        while stack:
            k = stack.pop()
            if counts[k] == 0:
                for j in nb[k]:
                    if vis[j] < 0:
                        vis[j] = counts[j]
                        stack.append(j)

    reveal(first[0] * cols + first[1])
    while sum(v < 0 for v in vis) > mines:
        a = analyse_visible(rows, cols, mines, vis, budget=10**6)
        assert a.safe, "the solver would have to guess"
        for r, c in a.safe:
            reveal(r * cols + c)


def test_same_seed_same_board_and_seeds_differ():
    a = generate_no_guess(16, 16, 40, (8, 8), seed=7)
    b = generate_no_guess(16, 16, 40, (8, 8), seed=7)
    c = generate_no_guess(16, 16, 40, (8, 8), seed=8)
    assert a == b
    assert a != c


def test_known_guess_layout_is_rejected():
    # the first click opens a 2x2 block; the mine is then in (0, 2) or (1, 2): a coin flip
    assert not solves_without_guessing(2, 3, [(0, 2)], (1, 0))
    # everything but the corner opens, and the mine count says the corner is the mine
    assert solves_without_guessing(3, 3, [(0, 0)], (2, 2))


def test_timeout_and_cancel():
    with pytest.raises(NoGuessTimeout):
        generate_no_guess(16, 30, 170, (8, 15), seed=1, timeout=0)
    event = threading.Event()
    event.set()
    with pytest.raises(NoGuessCancelled):
        generate_no_guess(16, 30, 99, (8, 15), seed=1, cancel=event)
    with pytest.raises(NoGuessCancelled):
        generate_no_guess(16, 30, 99, (8, 15), seed=1, cancel=lambda: True)


def test_cancel_from_another_thread_stops_generation():
    event = threading.Event()
    errors = []

    def work():
        try:
            # a board too dense to finish quickly: the cancel must stop it
            generate_no_guess(20, 20, 140, (10, 10), seed=3, timeout=30, cancel=event)
        except NoGuessCancelled as exc:
            errors.append(exc)

    t = threading.Thread(target=work)
    t.start()
    event.set()
    t.join(10)
    assert not t.is_alive()


def test_rejects_impossible_requests():
    with pytest.raises(ValueError):
        generate_no_guess(9, 9, 40, (4, 4), seed=1)  # over 35%
    with pytest.raises(ValueError):
        generate_no_guess(9, 9, 10, (9, 0), seed=1)
    with pytest.raises(ValueError):
        generate_no_guess(9, 9, 0, (4, 4), seed=1)
