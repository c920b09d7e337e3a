"""The figures of a finished game as the game-over panel lists them: time, 3BV, clicks, IOE (the video's
figures, as speed-runners compare them, once worked out), guesses, the last click's verdict, the seed and the
board's code."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from game.language import _, ngettext
from game.model import BoardCode, GameState, encode_board_code
from game.play.aftermath import VerdictState
from game.play.session import GameSession
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
    if won:
        solved = str(board.three_bv)
    else:
        # TRANSLATORS: the 3BV a lost game solved, of the board's: "12 of 30"
        solved = _("{solved} of {total}").format(solved=stats.solved_three_bv, total=board.three_bv)
    if speed and speed >= 0.001:
        # TRANSLATORS: the 3BV figure and its speed: "30 at 2.345/s" (3BV per second)
        solved = _("{three_bv} at {speed}/s").format(three_bv=solved, speed=figure_text("3BV/s", speed))
    elif speed:
        # TRANSLATORS: the 3BV figure and a speed under 0.001 3BV per second: "30 at under 0.001/s"
        solved = _("{three_bv} at under 0.001/s").format(three_bv=solved)
    time = format_seconds(session.elapsed)
    mark = untimed(session)
    figures = session.figures  # the video's figures (as ms-toollib computes them), once worked out
    if figures is not None:
        time = format_seconds(figures.time_ms / 1000)
    if mark:
        # TRANSLATORS: a win's time and why it is not timed: "42.312 s, assisted"
        time = _("{time}, {why}").format(time=time, why=mark)
    if figures is not None:
        lines = [("Time", time), *video_lines(figures)]
    else:
        lines = [
            ("Time", time),
            ("3BV", solved),
            # TRANSLATORS: the Clicks figure: every click, and in brackets the useful ones: "42 (40 useful)"
            ("Clicks", _("{clicks} ({useful} useful)").format(clicks=stats.clicks, useful=stats.effective)),
            # TRANSLATORS: the IOE figure and the share of useful clicks: "0.912 (95% correct)"
            (
                "IOE",
                _("{ioe} ({percent} correct)").format(
                    ioe=figure_text("IOE", stats.ioe), percent=f"{stats.correctness:.0%}"
                ),
            ),
        ]
    lines.append(("Guesses", guesses(session)))
    if not won and game_verdict is not None:
        verdict = game_verdict.loss
        if verdict is None:
            said = "-"
        elif verdict.forced:
            # TRANSLATORS: the Last click figure after a loss: no cell was certainly safe
            said = _("a forced guess")
        else:
            # TRANSLATORS: the Last click figure after a loss: a safe cell could have been found
            said = _("avoidable")
        lines.append(("Last click", said))
    lines.append(("Seed", str(board.seed)))
    if code:  # a large board's code is long: never shown cut, Copy code has it whole
        fits = text.width(code, TINY, BOLD) <= value_w
        # TRANSLATORS: in place of a board code too long to show; "Copy code" is the button's label
        lines.append(("Code", code if fits else _("long: Copy code copies it")))
    return lines


def guesses(session: GameSession) -> str:
    if session.verdict_state == VerdictState.FAILED:
        return "-"
    a = session.verdict
    if a is None:
        # TRANSLATORS: a figure still being worked out
        return _("counting...")
    n = a.opening_moves
    if a.exact:
        # TRANSLATORS: the Guesses figure: "2 of 14 clicks that opened cells"
        said = ngettext(
            "{guesses} of {count} click that opened cells", "{guesses} of {count} clicks that opened cells", n
        )
    else:
        # TRANSLATORS: the Guesses figure when it could not be worked out exactly: "at most 2 of 14 clicks ..."
        said = ngettext(
            "at most {guesses} of {count} click that opened cells",
            "at most {guesses} of {count} clicks that opened cells",
            n,
        )
    return said.format(guesses=a.guesses, count=n)
