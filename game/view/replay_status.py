"""Replay's counters at the moment shown: the top bar's (mines left, the LED, the face) and the status line's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.language import _, ngettext
from game.model import GameState, size_text, solved_three_bv
from game.play.stopwatch import led_seconds
from game.video.figure_text import figure_text, format_time
from game.view.board_screen import Counters
from game.view.sheet import Face

if TYPE_CHECKING:
    from game.model import Board, Replay
    from game.video.figures import Figures


def counters(board: Board, done: int, t_ms: float) -> Counters:
    """The top bar as the game showed it after `done` moves, at `t_ms`: the LED by the game's own rule
    (game.play.stopwatch.led_seconds: 000 before the first move, the second under way, the game's time rounded up
    once it is over)."""
    b = board
    seconds = 0 if not done else led_seconds(round(t_ms) if b.state.over else t_ms / 1000, b.state.over)
    return Counters(b.mines_left, seconds, _face(board))


def _face(board: Board) -> Face:
    return {GameState.LOST: Face.DEAD, GameState.WON: Face.COOL}.get(board.state, Face.SMILE)


def status_line(board: Board, t_ms: float, done: int, count: int, made: int, figures: Figures | None) -> str:
    """The counters as they were after `done` of the replay's `count` moves (the first `made` of them made for
    the player), at `t_ms`: the time, moves, 3BV done, speed so far, clicks. With a video, its `figures` at this
    moment, as the strip beside says them (one source: the same time, 3BV/s and clicks); without one, the
    moves'."""
    b = board
    if figures is not None:
        time_ms, solved, clicks, rate = figures.time_ms, figures.bbbv_solved, figures.clicks, figures.bbbv_s
    else:
        time_ms, solved = int(t_ms), solved_three_bv(b)
        clicks = b.left_clicks + b.right_clicks + b.chord_clicks  # the click made for the player is none
        rate = solved * 1000 / time_ms if time_ms else None
    speed = f" ({figure_text('3BV/s', rate)}/s)" if rate is not None else ""  # the community's notation
    if 0 < done <= made:
        # TRANSLATORS: Replay's status line: the moves played of all (the first one made for the player)
        move = _("move {done}/{count} (opened for you)").format(done=done, count=count)
    else:
        # TRANSLATORS: Replay's status line: the moves played of all
        move = _("move {done}/{count}").format(done=done, count=count)
    # TRANSLATORS: Replay's status line: the clicks so far
    said = ngettext("{count} click", "{count} clicks", clicks).format(count=clicks)
    words = (format_time(time_ms), move, f"3BV {solved}/{b.three_bv or 0}{speed}", said)
    return " · ".join(words)


def title(replay: Replay) -> str:
    """What Replay says of the game when it opens: its board, its mines, how it ended and its time."""
    final, r = replay.final_board(), replay
    size, time, count = size_text(r.rows, r.cols), format_time(r.elapsed_ms), r.mines
    if final.state == GameState.WON:
        said = ngettext(
            "Replay of a {size} game with {count} mine, won at {time}",
            "Replay of a {size} game with {count} mines, won at {time}",
            count,
        )
    elif final.state == GameState.LOST:
        said = ngettext(
            "Replay of a {size} game with {count} mine, lost at {time}",
            "Replay of a {size} game with {count} mines, lost at {time}",
            count,
        )
    else:
        said = ngettext(
            "Replay of a {size} game with {count} mine, unfinished at {time}",
            "Replay of a {size} game with {count} mines, unfinished at {time}",
            count,
        )
    return said.format(size=size, count=count, time=time)
