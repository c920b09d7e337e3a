"""How numbers read everywhere in the game: one format for times, one for the chance of a mine."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.model import chance_text

if TYPE_CHECKING:
    from game.video.figures import Figures


def format_time(ms: int | None) -> str:
    """A game's time, to the millisecond the game measured it, wherever a player reads it: "42.312 s",
    "2:50.312", "1:02:50.312"; "-" for none. One notation for one number: never "42.3 s" here and "42.312 s"
    there, nor "596.0 s" for "9:56.065"."""
    if ms is None:
        return "-"
    ms = max(0, int(ms))
    if ms < 60_000:
        return f"{ms / 1000:.3f} s"
    minutes, rest = divmod(ms, 60_000)
    hours, minutes = divmod(minutes, 60)
    seconds = f"{rest / 1000:06.3f}"
    return f"{hours}:{minutes:02d}:{seconds}" if hours else f"{minutes}:{seconds}"


def format_seconds(seconds: float) -> str:
    return format_time(round(seconds * 1000))


# One rule for assisted games, said the same way wherever a game shows (the win line, the panel, the records):
# a win with a hint or the mine chances, or on a board seen before (the same board again, a code), is kept
# but never timed for records.
ASSISTED = "assisted"
SEEN_BEFORE = "board seen before"
NOT_TIMED = "not timed"
UNTIMED_RULE = "Wins with a hint or the mine chances (assisted), or on a board seen before, are not timed."


def untimed_mark(assisted: bool, seen_before: bool) -> str:
    """Why a win's time does not count for records ("assisted", "board seen before"), or "" when it does."""
    return ASSISTED if assisted else SEEN_BEFORE if seen_before else ""


# What each figure after a game counts: the Help page lists them, the game-over panel shows them on hover.
FIGURES = {
    "Time": "From the click that opens the first cell to the last, to the millisecond. " + UNTIMED_RULE,
    "3BV": "The fewest clicks that clear the board: one per opening, one per number no opening reaches. "
    "After a loss, how much of it you had cleared.",
    "3BV/s": "3BV divided by your time: your speed, comparable across boards.",
    "Clicks": "Every click (L left, R right, D chords); the useful ones, in brackets, opened or flagged "
    "something, the one that set off a mine not.",
    "ZiNi": "The fewest clicks a player who knows the board needs, flags and chords included (greedy, as "
    "ms-toollib counts it).",
    "IOS": "Index of speed: log(3BV) / log(time in seconds), for a won game; higher is faster.",
    "RQP": "Rapport qualite/prix: time squared over 3BV (time / 3BV/s); lower is better.",
    "STNB": "3BV against the time a beginner, intermediate or expert board allows (36, 162, 435 x 3BV / "
    "time^1.7); standard boards only.",
    "Throughput": "3BV per useful click: above 1.00 when chords open more than one 3BV each.",
    "Correctness": "The share of your clicks that were useful.",
    "Flags": "Flags on the board at the end; NF (no flags) when you never placed one.",
    "Path": "How far the mouse went over the board, in pixels at 16 a cell, from your first opening click.",
    "IOE": "3BV per click: 1.00 is a perfect game without flags; flags lower it.",
    "Guesses": "Of your clicks that opened cells (the first one aside), how many were not certainly safe "
    "from what you could see.",
    "Last click": "After a loss: a forced guess (no cell was certainly safe) or avoidable (one was: it is "
    "marked on the board; or the cell opened had been proved a mine).",
    "Seed": "The number the board's mines came from: the same seed deals the same board.",
    "Code": "The board's code: Play a code in the menu deals this board again, anywhere.",
}


def format_chance(p: float) -> str:
    """The chance of a mine: "12%"; never "0%" or "100%" for what is not certain ("under 1%", "over 99%"). The
    model's words for it, so a hint, the hover and the verdict on a loss write one chance one way."""
    return chance_text(p)


# The figures speed-runners compare beyond the everyday ones (Help gives them a page of their own).
SPEED_RUN_FIGURES = ("ZiNi", "IOS", "RQP", "STNB", "Throughput", "Correctness", "Flags", "Path")


def video_lines(figures: Figures) -> list[tuple[str, str]]:
    """The figures speed-runners compare, from game.video's Figures, as (name, value) lines: the names are
    FIGURES' (a loss gives the figures of the part solved, as ms-toollib does)."""
    f = figures
    solved = f"{f.bbbv}" if f.won else f"{f.bbbv_solved} of {f.bbbv}"
    rqp = "-" if math.isinf(f.rqp) else f"{f.rqp:.3f}"
    return [
        ("3BV", solved),
        ("3BV/s", f"{f.bbbv_s:.3f}"),
        ("ZiNi", str(f.zini)),
        ("IOS", f"{f.ios:.3f}" if f.ios else "-"),
        ("RQP", rqp),
        ("STNB", f"{f.stnb:.1f}" if f.stnb else "-"),
        ("IOE", f"{f.ioe:.3f}"),
        ("Throughput", f"{f.throughput:.3f}"),
        ("Correctness", f"{f.correctness:.3f}"),
        ("Clicks", f"L {f.left} ({f.lce})  R {f.right} ({f.rce})  D {f.double} ({f.dce})"),
        ("Flags", f"{f.flags}, NF" if f.nf else str(f.flags)),
        ("Path", f"{f.path:.0f} px"),
    ]


def sentence(words: str) -> str:
    """Words as a sentence, ending with its full stop (reasons are written without one, to be joined)."""
    words = words.rstrip()
    return words if not words or words[-1] in ".!?" else words + "."
