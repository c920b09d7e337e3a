"""Games played as the game records them, without a window: a board played by clicks whose mouse events go into
its video at the same moments, and the record the game keeps of it (the move log with the video beside)."""

from game.model import Board, Move
from game.model.replay.replay import Replay
from game.store.kept import GameRecord
from game.video import Mouse, Video
from game.video.packed import with_video

CELL = 16  # the video's cell size in board points


def played(rows, cols, mines, seed, *, pace_ms=400, flags=0, lose=False, moves_between=3):
    """(board, video, elapsed ms) of a game played from the centre: `flags` mines flagged first, then every safe
    cell clicked in reading order (or, with `lose`, a mine after a few), each click `pace_ms` after the last,
    the pointer moving to it on the way."""
    board = Board(rows, cols, mines, seed=seed)
    video = Video(rows, cols, frozenset())
    t = 0  # the video's clock: its first event is the first press
    clock_start = None  # the board's clock starts at the event that opens the first cell
    point = ((cols // 2) * CELL + 8, (rows // 2) * CELL + 8)

    def click(kind, row, col, press, release):
        nonlocal t, point, clock_start
        target = (col * CELL + 8, row * CELL + 8)
        if len(video):
            for step in range(1, moves_between + 1):
                t += pace_ms // (moves_between + 2)
                at = tuple(p + (q - p) * step // moves_between for p, q in zip(point, target))
                video.append(Mouse.MOVE, t, *at)
            t += pace_ms - moves_between * (pace_ms // (moves_between + 2))
        point = target
        video.append(press, t, *target)
        t += 40
        video.append(release, t, *target)
        board_time = 0 if clock_start is None else t - clock_start
        if kind == "reveal" and clock_start is None:
            clock_start = t
            board_time = 0
        board.apply(Move(kind, row, col).at(board_time))
        if board.mines_placed and not video.mines:
            video.mines = frozenset(board.mine_cells())

    click("reveal", rows // 2, cols // 2, Mouse.LEFT_PRESS, Mouse.LEFT_RELEASE)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for cell in [c for c in cells if board.is_mine(*c)][:flags]:
        click("flag", *cell, Mouse.RIGHT_PRESS, Mouse.RIGHT_RELEASE)
    clicks = 0
    ahead = iter(cells)  # the cells in reading order: the next one to click is never behind the last
    while board.state == "playing":
        wanted_mine = lose and clicks >= 3
        target = next(c for c in ahead if board.is_mine(*c) == wanted_mine and not board.is_revealed(*c))
        if wanted_mine and board.is_flagged(*target):
            continue
        click("reveal", *target, Mouse.LEFT_PRESS, Mouse.LEFT_RELEASE)
        clicks += 1
    return board, video, board.moves[-1].t_ms


def record_of(board, video, elapsed_ms, **marks):
    """The record the game keeps of a game played by `played` (marks: assisted, same_board, played_at...)."""
    log = Replay.from_game(board, elapsed_ms).to_json()
    if video is not None:
        video.assisted = bool(marks.get("hinted"))
        log = with_video(log, video)
    solved = board.three_bv if board.state == "won" else None
    if solved is None:
        from game.model.replay.stats import solved_three_bv

        solved = solved_three_bv(board)
    return GameRecord(
        rows=board.rows,
        cols=board.cols,
        mines=board.mines,
        won=board.state == "won",
        time_ms=elapsed_ms,
        three_bv=board.three_bv,
        seed=board.seed,
        left_clicks=board.left_clicks,
        right_clicks=board.right_clicks,
        chord_clicks=board.chord_clicks,
        effective_clicks=board.effective_clicks,
        solved_three_bv=solved,
        replay=log,
        **marks,
    )
