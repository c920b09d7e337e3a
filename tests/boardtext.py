"""Boards as text for model tests: what the player sees, one string per row."""


def seen(board):
    """'#' covered, 'F' flag, '?' question mark, '0'-'8' revealed number, '*' revealed mine."""
    rows = []
    for r in range(board.rows):
        line = []
        for c in range(board.cols):
            if board.is_revealed(r, c):
                line.append("*" if board.is_mine(r, c) else str(board.adjacent_mines(r, c)))
            elif board.is_flagged(r, c):
                line.append("F")
            elif board.is_questioned(r, c):
                line.append("?")
            else:
                line.append("#")
        rows.append("".join(line))
    return rows


def layout(board):
    return ["".join("*" if board.is_mine(r, c) else "." for c in range(board.cols)) for r in range(board.rows)]


def with_times(board, times):
    """The board with each logged click stamped with its time (ms), as a game's session stamps them."""
    board.stamp_times(times)
    return board
