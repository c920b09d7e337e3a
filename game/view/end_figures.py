"""The figures of a finished game as the game-over panel lists them: time, 3BV, clicks, IOE (the video's
figures, as speed-runners compare them, once worked out), guesses, the last click's verdict, the seed and the
board's code; which of them stay when the panel has no room for them all, and their lines drawn."""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.language import N_, _, ngettext
from game.model import BoardCode, GameState, encode_board_code
from game.play.aftermath import VerdictState
from game.play.session import GameSession
from game.store.kept import Origin
from game.video.figure_text import figure_text
from game.view import race_figures, text
from game.view.formats import format_seconds, untimed_mark, video_lines
from game.view.scale import px
from game.view.typeface import BODY, BOLD, TINY

if TYPE_CHECKING:
    from game.model import GameStats
    from game.play.race import Race

log = logging.getLogger(__name__)

# Which figures stay when the panel has no room for them all (Records and Help have every one).
PRIORITY: tuple[str, ...] = ("Time", "3BV", "3BV/s", "Last click", "Guesses", "Luck", "Code", "Seed", "IOE")
PRIORITY += ("ZiNi", "Clicks/ZiNi", "STNB", "Clicks", "Flags", "Throughput", "Correctness", "RQP", "IOS", "Path")
# The figures' names that are words (the others are the community's notation, the same in every language), as
# figure_lines gives them: they stay English there (PRIORITY's and the tips' keys) and are translated where drawn.
FIGURE_WORDS = {
    name: name
    for name in (
        N_("Time"),
        N_("Clicks"),
        N_("Clicks/ZiNi"),
        N_("Guesses"),
        N_("Luck"),
        N_("Last click"),
        N_("Seed"),
        N_("Code"),
        N_("Flags"),
        N_("Throughput"),
        N_("Correctness"),
        N_("Path"),
    )
}
Line = tuple[str, ...]  # a figure's line: (name, value), or in a race (name, yours, the ghost's)


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
    return untimed_mark(session.assisted, session.origin != Origin.NEW, session.filtered) if won else ""


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
    review = game_verdict.review if game_verdict is not None else None
    if review is not None:
        lines.append(("Luck", luck_text(review.luck)))
    if figures is not None and figures.clicks_over_zini is not None:
        lines.append(("Clicks/ZiNi", figure_text("Clicks/ZiNi", figures.clicks_over_zini)))
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
        # TRANSLATORS: the Guesses figure: "2 of 14 clicks" (of the clicks that opened cells), a short value
        said = ngettext("{guesses} of {count} click", "{guesses} of {count} clicks", n)
    else:
        # TRANSLATORS: the Guesses figure when it could not be worked out exactly: "at most 2 of 14 clicks"
        said = ngettext("at most {guesses} of {count} click", "at most {guesses} of {count} clicks", n)
    said = said.format(guesses=a.guesses, count=n)
    if a.review is None or not a.guesses:
        return said
    avoidable = a.review.avoidable
    if avoidable:
        # TRANSLATORS: how many of the guesses were avoidable (a safe cell was certain then): "1 avoidable"
        kinds = ngettext("{count} avoidable", "{count} avoidable", avoidable).format(count=avoidable)
    else:
        # TRANSLATORS: the guesses were all forced (no cell was certainly safe at any of them)
        kinds = ngettext("forced", "all forced", a.guesses)
    # TRANSLATORS: the Guesses figure and what they were: "2 of 14 clicks, 1 avoidable", a short value
    return _("{guesses}, {kinds}").format(guesses=said, kinds=kinds)


def luck_text(luck: float) -> str:
    """The luck a game took (the review's: the sum over its guesses of -log10 of the chance each was safe), with
    the odds it comes to: "1.20 (1 in 16)"."""
    if math.isinf(luck):
        # TRANSLATORS: the Luck figure when a cell certainly a mine was opened
        return _("none left: a certain mine was opened")
    if luck < 0.005:
        # TRANSLATORS: the Luck figure of a game with no guess
        return _("0 (no guess)")
    odds = 10**luck
    # (no thousands separator: languages write it differently, and "1 in 2000" reads in all of them)
    odds_text = f"{odds:.0f}" if odds < 1e7 else f"{odds:.1e}"
    # TRANSLATORS: the Luck figure: the luck taken, and the odds of getting through that many guesses
    return _("{luck} (1 in {odds})").format(luck=f"{luck:.2f}", odds=odds_text)


def kept_lines(lines: Sequence[Line], shown: int, race: bool) -> Sequence[Line]:
    """The lines that fit the panel (`shown` of them): the most wanted kept (PRIORITY, or a race's), in their
    order."""
    if len(lines) <= shown:
        return lines
    wanted = race_figures.PRIORITY if race else PRIORITY
    kept = sorted(range(len(lines)), key=lambda n: wanted.index(lines[n][0]) if lines[n][0] in wanted else n)
    return [lines[n] for n in sorted(kept[:shown])]


def draw_lines(
    surface: pygame.Surface, box: pygame.Rect, lines: Sequence[Line], line_h: int, label_w: int, race: Race | None
) -> int:
    """The figures' lines down from the top of `box`, `line_h` apart, their names in a column `label_w` wide (a
    race's values in two columns: game.view.race_figures); returns the y under the last."""
    y = box.y
    for name, *value in lines:
        row = pygame.Rect(box.x, y, box.w, line_h)
        if race is not None:
            race_figures.draw_line(surface, row, (name, *value), label_w, race)
            y += line_h
            continue
        name_box = text.draw_fitted(
            surface, figure_name(name), pygame.Rect(row.x, row.y, label_w - px(6), row.h), BODY, smallest=TINY
        )
        left = min(label_w, name_box.w + px(10))  # a long value may take the room the name leaves
        value_box = pygame.Rect(row.x + left, row.y, row.w - left, row.h)
        text.draw_fitted(surface, value[0], value_box, BODY, align="right", weight=BOLD, smallest=TINY)
        y += line_h
    return y


def figure_name(name: str) -> str:
    """A figure's name as the panel shows it: a word in the player's language, the community's notation as it is."""
    return _(FIGURE_WORDS[name]) if name in FIGURE_WORDS else name
