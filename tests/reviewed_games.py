"""Games played without an avoidable guess (as the solver would play them), and their records: what a clean win
is made of in the tests of Records that know luck."""

from game.model import Board, Move, Replay, analyse
from game.store.kept import GameRecord


def played_clean(rows, cols, mines, seed, *, pace_ms=500, lose_on_mine=False):
    """(board, elapsed ms) of a game played as the solver would: a certainly safe cell whenever there is one,
    else a guess on a safe cell (forced: no avoidable guess). `lose_on_mine`: once a cell is a certain mine,
    click it (a loss whose luck is infinite)."""
    board = Board(rows, cols, mines, seed=seed)
    t = 0
    board.apply(Move("reveal", rows // 2, cols // 2).at(t))
    while board.state == "playing":
        t += pace_ms
        found = analyse(board)
        if lose_on_mine and found.mines:
            board.apply(Move("reveal", *sorted(found.mines)[0]).at(t))
            break
        safe = sorted(cell for cell in found.safe if not board.is_revealed(*cell))
        if not safe:
            safe = [
                (r, c)
                for r in range(rows)
                for c in range(cols)
                if not board.is_revealed(r, c) and not board.is_mine(r, c)
            ]
        board.apply(Move("reveal", *safe[0]).at(t))
    return board, t


def record_of_board(board, elapsed, **marks):
    return GameRecord(
        rows=board.rows,
        cols=board.cols,
        mines=board.mines,
        won=board.state == "won",
        time_ms=elapsed,
        three_bv=board.three_bv,
        seed=board.seed,
        left_clicks=board.left_clicks,
        effective_clicks=board.effective_clicks,
        replay=Replay.from_game(board, elapsed).to_json(),
        **marks,
    )
