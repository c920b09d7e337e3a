"""What a 3BV range means for a level, in the words the Custom form, Settings and a deal that came to nothing use:
the range read from the form, the level's usual 3BV, and how long a board in the range takes to deal.

The figures are measured: `python -m bench.bbbv --table` gives each level's 3BV quantiles (100,000 boards dealt
as the game deals them: first click in the middle, the opening rule) and the CPU time of one board drawn and its
3BV worked out on Expert (0.345 ms); `python -m bench.bbbv` checks the times that follow from them against real
deals. Drawing boards until one is in the range takes a geometric number of boards: with a share p of boards in
the range, the median deal draws ln 2 / p of them and one deal in twenty more than ln 20 / p.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

from game import config
from game.language import _, ngettext
from game.model import PRESETS, Board, level_of, size_text
from game.view import screens

if TYPE_CHECKING:
    from game.play.range_deal import RangeDealing
    from game.view.scene import Context

QUANTILES = (0.0001, 0.001, 0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99, 0.999, 0.9999)
MEASURED: dict[str, tuple[int, ...]] = {  # each level's 3BV at each quantile above
    "beginner": (2, 4, 6, 8, 11, 14, 17, 22, 26, 31, 34),
    "intermediate": (27, 32, 39, 45, 55, 63, 70, 83, 92, 102, 113),
    "expert": (108, 116, 128, 140, 157, 170, 183, 202, 217, 233, 249),
}
EXPERT_BOARD_S = 0.000345  # a board drawn and its 3BV worked out (Expert; smaller boards in proportion to cells)
AT_ONCE_S = 0.5  # a deal this quick at its p95 goes without a word on time


class Odds(NamedTuple):
    """A range on a level: the share of boards in it, and the median and p95 seconds a deal takes (inf: too rare
    to measure, further out than one board in 10,000)."""

    share: float
    median_s: float
    p95_s: float


def parse_range(low_text: str, high_text: str) -> tuple[str | None, tuple[int | None, int | None] | None]:
    """The range typed in a form's two boxes (an empty box: no bound): (None, (low, high)), or (what is wrong,
    None)."""
    bounds: list[int | None] = []
    for typed in (low_text.strip(), high_text.strip()):
        if not typed:
            bounds.append(None)
        elif not (typed.isascii() and typed.isdigit()) or not 1 <= int(typed) <= 10_000:
            # TRANSLATORS: a 3BV range's box holds something else than a number
            return _("A 3BV bound is a whole number from 1 to 10000, or empty for none."), None
        else:
            bounds.append(int(typed))
    low, high = bounds
    if low is not None and high is not None and low > high:
        return _("The least 3BV is more than the most."), None
    return None, (low, high)


def range_words(low: int | None, high: int | None) -> str:
    """A range in words: "150 or more", "at most 110", "120 to 150", "any"."""
    if low is not None and high is not None:
        # TRANSLATORS: a 3BV range, like "120 to 150"
        return _("{low} to {high}").format(low=low, high=high)
    if low is not None:
        # TRANSLATORS: a 3BV range with a least value only, like "150 or more"
        return _("{low} or more").format(low=low)
    if high is not None:
        # TRANSLATORS: a 3BV range with a most value only, like "at most 110"
        return _("at most {high}").format(high=high)
    # TRANSLATORS: no 3BV range set: any board
    return _("any")


def _share_up_to(level: str, value: float) -> float:
    """The share of the level's boards with 3BV at most `value` (linear between the measured quantiles; outside
    them, 0 or 1: rarer than measured)."""
    points = MEASURED[level]
    if value < points[0]:
        return 0.0
    if value >= points[-1]:
        return 1.0
    for (q_a, v_a), (q_b, v_b) in zip(zip(QUANTILES, points), zip(QUANTILES[1:], points[1:])):
        if v_a <= value < v_b:
            return q_a + (q_b - q_a) * (value - v_a) / (v_b - v_a)
    return 1.0


def odds(level: str, low: int | None, high: int | None) -> Odds | None:
    """How a range fares on a standard level (None for a custom board: not measured)."""
    if level not in MEASURED:
        return None
    upper = 1.0 if high is None else _share_up_to(level, high + 0.5)
    lower = 0.0 if low is None else _share_up_to(level, low - 0.5)
    share = max(0.0, upper - lower)
    preset = PRESETS[level]
    board_s = EXPERT_BOARD_S * preset.rows * preset.cols / (16 * 30)
    if share <= 0:
        return Odds(0.0, math.inf, math.inf)
    return Odds(share, board_s * math.log(2) / share, board_s * math.log(20) / share)


def usual(level: str) -> tuple[int, int]:
    """The 3BV of nine boards in ten of a level (from its 5th to its 95th percentile)."""
    points = MEASURED[level]
    return points[QUANTILES.index(0.05)], points[QUANTILES.index(0.95)]


def advice(level: str, low: int | None, high: int | None) -> str:
    """What to tell a player about a range on a level before a game: how long a board takes, and whether the range
    is too far from the level's usual 3BV. "" without a range."""
    if low is None and high is None:
        return ""
    wait = f"{config.BV_RANGE_TIMEOUT:g}"
    found = odds(level, low, high)
    if found is None:
        # TRANSLATORS: {seconds} is a number of seconds
        return _(
            "A custom board's usual 3BV is not measured: if no board in the range comes within {seconds} s, "
            "you are told."
        ).format(seconds=wait)
    least, most = usual(level)
    if found.median_s > config.BV_RANGE_TIMEOUT:
        # TRANSLATORS: {least} and {most} are 3BV values; {seconds} a number of seconds
        return _(
            "Too far from the usual 3BV ({least} to {most} on nine boards in ten): a board is unlikely within "
            "{seconds} s."
        ).format(least=least, most=most, seconds=wait)
    if found.p95_s > config.BV_RANGE_TIMEOUT:
        # TRANSLATORS: {least} and {most} are 3BV values; {seconds} a number of seconds
        return _(
            "Far from the usual 3BV ({least} to {most}): a board often takes over {seconds} s (then you are told)."
        ).format(least=least, most=most, seconds=wait)
    if found.p95_s > AT_ONCE_S:
        # TRANSLATORS: {seconds} is a number of seconds; {least} and {most} are 3BV values
        return _("Up to {seconds} s to deal (usual 3BV: {least} to {most}).").format(
            seconds=f"{math.ceil(found.p95_s):.0f}", least=least, most=most
        )
    # TRANSLATORS: {share} is a percentage; {least} and {most} are 3BV values
    return _("Dealt at once: {share} of boards are in range (usual 3BV: {least} to {most}).").format(
        share=f"{found.share:.0%}" if found.share >= 0.01 else "<1%", least=least, most=most
    )


def cannot_deal(
    level: str | None, rows: int, cols: int, mines: int, low: int | None, high: int | None, tried: int, impossible: bool
) -> tuple[str, str]:
    """The question and the words when no board in the range came: (title, detail)."""
    shown, seconds = range_words(low, high), f"{config.BV_RANGE_TIMEOUT:g}"
    if impossible:
        safe = rows * cols - mines
        # TRANSLATORS: {size} is like "30 x 16"; {mines} a number of mines; {range} like "400 or more"
        detail = ngettext(
            "A {size} board with {mines} mines has only {count} safe cell, so its 3BV is never {range}.",
            "A {size} board with {mines} mines has only {count} safe cells, so its 3BV is never {range}.",
            safe,
        ).format(size=size_text(rows, cols), mines=mines, count=safe, range=shown)
    elif level in MEASURED:
        least, most = usual(level)
        # TRANSLATORS: {range} is like "190 or more"; {least} and {most} are 3BV values
        detail = ngettext(
            "No board with 3BV {range} came up in {seconds} s ({count} board drawn): the range is too far from "
            "the level's usual 3BV ({least} to {most} on nine boards in ten).",
            "No board with 3BV {range} came up in {seconds} s ({count} boards drawn): the range is too far from "
            "the level's usual 3BV ({least} to {most} on nine boards in ten).",
            tried,
        ).format(range=shown, seconds=seconds, count=tried, least=least, most=most)
    else:
        # TRANSLATORS: {range} is like "190 or more"
        detail = ngettext(
            "No board with 3BV {range} came up in {seconds} s ({count} board drawn): the range is too far from "
            "this board's usual 3BV.",
            "No board with 3BV {range} came up in {seconds} s ({count} boards drawn): the range is too far from "
            "this board's usual 3BV.",
            tried,
        ).format(range=shown, seconds=seconds, count=tried)
    # TRANSLATORS: the title of the message when no board in the player's 3BV range could be dealt
    return _("Cannot make such a board"), detail


def tell_no_board(context: Context, failed: RangeDealing, board: Board) -> str:
    """No board in the player's 3BV range came: they are asked whether to change the range (no other board is
    dealt; the board stays unlaid, so the next click tries again). Returns the status line's words for it."""
    deal = failed.failure()
    low, high = failed.bv_range
    level = level_of(board.rows, board.cols, board.mines)
    tried, impossible = (deal.tried, deal.impossible) if deal is not None else (0, False)
    title, detail = cannot_deal(level, board.rows, board.cols, board.mines, low, high, tried, impossible)

    def answered(change: bool) -> None:
        if change:  # the range of a custom board is the Custom form's; a level's, the Boards by 3BV form's
            context.show(screens.BvRanges() if level else screens.Custom())

    # TRANSLATORS: the buttons of the message that no board in the 3BV range came (about 16 characters each)
    context.ask(title, detail, _("Change the range"), _("Close"), answered)
    if impossible:
        # TRANSLATORS: the status line when no board of this size can have a 3BV in the player's range
        return _("No board of this size has a 3BV in your range.")
    # TRANSLATORS: the status line after no board in the 3BV range came in time
    return _("No board in your 3BV range came: click to try again.")
