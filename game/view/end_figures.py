"""The figures of a finished game as the game-over panel lists them: time, 3BV, clicks, IOE (the video's
figures, as speed-runners compare them, once worked out), guesses, the last click's verdict, the seed and the
board's code."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from game.model import BoardCode, GameState, encode_board_code
from game.play.session import GameSession, VerdictState
from game.store.kept import Origin
from game.video.figure_text import figure_text
from game.view import text
from game.view.formats import format_seconds, untimed_mark, video_lines
from game.view.typeface import BOLD, TINY

if TYPE_CHECKING:
    from game.model import GameStats

log = logging.getLogger(__name__)


def board_code(session: GameSession) -> str | None:
    """The game's board code, or None when no code can remake these mines."""
    try:
        return encode_board_code(BoardCode.from_board(session.board, no_guess=session.no_guess))
    except ValueError as error:
        log.info("no board code: %s", error)
        return None


def untimed(session: GameSession) -> str:
    """Why this win's time does not count ("assisted"...), or ""; a loss is never timed anyway."""
    won = session.state == GameState.WON
    return untimed_mark(session.assisted, session.origin != Origin.NEW) if won else ""


def figure_lines(session: GameSession, stats: GameStats, code: str | None, value_w: int) -> list[tuple[str, str]]:
    """(name, value) of each figure, the names as FIGURES explains them; `value_w`: the room for a value."""
    board, won, game_verdict = session.board, session.state == GameState.WON, session.verdict
    speed = stats.three_bv_per_second
    rate = "" if not speed else f" at {figure_text('3BV/s', speed)}/s" if speed >= 0.001 else " at under 0.001/s"
    solved = f"{board.three_bv}" if won else f"{stats.solved_three_bv} of {board.three_bv}"
    time = format_seconds(session.elapsed)
    mark = untimed(session)
    if mark:
        time += f", {mark}"
    figures = session.figures  # the video's figures (as ms-toollib computes them), once worked out
    if figures is not None:
        time = format_seconds(figures.time_ms / 1000) + (f", {mark}" if mark else "")
        lines = [("Time", time), *video_lines(figures)]
    else:
        lines = [
            ("Time", time),
            ("3BV", solved + rate),
            ("Clicks", f"{stats.clicks} ({stats.effective} useful)"),
            ("IOE", f"{figure_text('IOE', stats.ioe)} ({stats.correctness:.0%} correct)"),
        ]
    lines.append(("Guesses", guesses(session)))
    if not won and game_verdict is not None:
        verdict = game_verdict.loss
        lines.append(("Last click", "-" if verdict is None else "a forced guess" if verdict.forced else "avoidable"))
    lines.append(("Seed", str(board.seed)))
    if code:  # a large board's code is long: never shown cut, Copy code has it whole
        fits = text.width(code, TINY, BOLD) <= value_w
        lines.append(("Code", code if fits else "long: Copy code copies it"))
    return lines


def guesses(session: GameSession) -> str:
    if session.verdict_state == VerdictState.FAILED:
        return "-"
    a = session.verdict
    if a is None:
        return "counting..."
    approx = "" if a.exact else "at most "
    clicks = "click that opened cells" if a.opening_moves == 1 else "clicks that opened cells"
    return f"{approx}{a.guesses} of {a.opening_moves} {clicks}"
