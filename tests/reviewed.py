"""A small game with every kind of mark a review gives: an avoidable guess mid-game, a wasted click, a wrong flag
and, when asked, an avoidable losing click; played by the solver's certain cells otherwise (no pygame)."""

from game.model import Board, GameState, Move, MoveKind, Replay, analyse

LAYOUT = [
    "*.......*",
    ".........",
    "....*....",
    ".........",
    "*.......*",
    "..*..*...",
    ".........",
    "*...*..*.",
    "........*",
]
GUESS = (6, 0)  # the avoidable guess (85% safe: (5, 0) and others were certainly safe)
WRONG_FLAG = (8, 2)  # no mine there
WASTED = (2, 1)  # a click on an open cell


def reviewed_game(lose: bool = False) -> Replay:
    """The game as a replay: moves 0 first click, 1 certain, 2 wrong flag, 3 certain, 4 avoidable guess, 5 a
    wasted click, then certain clicks to the win (or, `lose`, a mine clicked after the tenth move)."""
    board = Board.from_layout(LAYOUT)
    t = 0

    def play(kind: MoveKind, cell: tuple[int, int]) -> None:
        nonlocal t
        t += 350
        board.apply(Move(kind, *cell, t_ms=t))

    for kind, cell in (
        (MoveKind.REVEAL, (2, 1)),
        (MoveKind.REVEAL, (3, 4)),
        (MoveKind.TOGGLE_FLAG, WRONG_FLAG),
        (MoveKind.REVEAL, (4, 4)),
        (MoveKind.REVEAL, GUESS),
        (MoveKind.REVEAL, WASTED),
    ):
        play(kind, cell)
    while board.state == GameState.PLAYING:
        if lose and len(board.moves) == 10:
            play(MoveKind.REVEAL, (7, 4))
            break
        safe = sorted(cell for cell in analyse(board).safe if not board.is_revealed(*cell))
        play(MoveKind.TOGGLE_FLAG if board.is_flagged(*safe[0]) else MoveKind.REVEAL, safe[0])  # the flag off first
    return Replay.from_game(board)
