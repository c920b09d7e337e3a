"""How fast the rules model is: opening large boards, single moves, 3BV, saving and restoring.

python -m bench.model            # all figures
python -m bench.model --quick    # fewer repeats
"""

import argparse

from bench.timing import report, timed
from game.model import Board


def open_board(rows, cols, mines, seed):
    board = Board(rows, cols, mines, seed=seed)
    board.reveal(rows // 2, cols // 2)
    return board


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    args = parser.parse_args(argv)
    big, small, moves = (5, 50, 500) if args.quick else (15, 300, 3000)
    print("rules model benchmark (pure Python, no pygame)")

    report("1000x1000, 1 mine: new board + first click", timed(lambda i: open_board(1000, 1000, 1, i), big), 300)
    report("1000x1000, 1 mine: first click alone", first_click_times(1000, 1000, 1, big), 300)
    report("100x100, 1 mine: new board + first click", timed(lambda i: open_board(100, 100, 1, i), small), 5)
    report("100x100, 2000 mines: new board + first click", timed(lambda i: open_board(100, 100, 2000, i), small))
    for name, (rows, cols, mines) in (
        ("Beginner", (9, 9, 10)),
        ("Intermediate", (16, 16, 40)),
        ("Expert", (16, 30, 99)),
    ):
        report(
            f"{name}: new board + first click", timed(lambda i, size=(rows, cols, mines): open_board(*size, i), small)
        )

    experts = [open_board(16, 30, 99, seed) for seed in range(moves)]

    def three_bv(i):
        board = experts[i]
        board._three_bv = None  # measure the computation, not the cache
        return board.three_bv

    report("Expert: 3BV", timed(three_bv, moves), 1)

    covered = [
        next((r, c) for r in range(16) for c in range(30) if not b.is_revealed(r, c) and not b.is_mine(r, c))
        for b in experts
    ]
    report("Expert: reveal a covered safe cell", timed(lambda i: experts[i].reveal(*covered[i]), moves))
    report("Expert: toggle a flag", timed(lambda i: experts[i].toggle_flag(0, 0), moves))
    report("Expert: to_dict", timed(lambda i: experts[i].to_dict(), moves))
    saved = [b.to_dict() for b in experts]
    report("Expert: from_dict (validated)", timed(lambda i: Board.from_dict(saved[i]), moves))
    huge = open_board(1000, 1000, 100_000, 1)
    report("1000x1000, 100k mines: to_dict", timed(lambda i: huge.to_dict(), 5))
    report("1000x1000, 100k mines: from_dict", timed(lambda i: Board.from_dict(huge.to_dict()), 5))


def first_click_times(rows, cols, mines, n):
    boards = [Board(rows, cols, mines, seed=i) for i in range(n)]
    return timed(lambda i: boards[i].reveal(rows // 2, cols // 2), n)


if __name__ == "__main__":
    main()
