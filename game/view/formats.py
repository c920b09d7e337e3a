"""How numbers read everywhere in the game: one format for times, one for the chance of a mine."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.model import chance_text, standard_boards_text

# Each figure's format, a time's too, is game.video.figure_text's (`stats` writes them as well); the screens
# take format_time from here.
from game.video.figure_text import figure_text, flags_text, rates, solved_text
from game.video.figure_text import format_time as format_time

if TYPE_CHECKING:
    from game.video.figures import Figures


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


# The LED timer and the Time figure are one clock (game.play.session's timer_seconds follows this rule).
TIMER_RULE = "at the end the timer shows it rounded up (0.000 s: 000)"
# What a click made for you is (the same board, a code, a race open the board as it did): none of yours.
MADE_CLICK_RULE = "not one made for you"

# What each figure after a game counts: the Help page lists them, the game-over panel shows them on hover.
FIGURES = {
    "Time": f"From the click that opens the first cell to the last, to the millisecond; {TIMER_RULE}. " + UNTIMED_RULE,
    "3BV": "The fewest clicks that clear the board: one per opening and per number no opening reaches; after "
    "a loss, the part you cleared.",
    "3BV/s": "3BV divided by your time: your speed, comparable across boards.",
    "Clicks": f"Every click (L left, R right, D chords; {MADE_CLICK_RULE}); in brackets the useful ones, that "
    "opened or flagged something (not the one that set off a mine).",
    "ZiNi": "The fewest clicks a player who knows the board needs, flags and chords included (greedy, as "
    "ms-toollib counts it).",
    "IOS": "Index of speed: log(3BV) / log(time in seconds), for a won game; higher is faster.",
    "RQP": "Rapport qualite/prix: time squared over 3BV (time / 3BV/s); lower is better.",
    "STNB": f"3BV against the time a standard board allows: 36, 162, 435 x 3BV / time^1.7 on {standard_boards_text()}.",
    "Throughput": "3BV per useful click: above 1.00 when chords open more than one 3BV each.",
    "Correctness": "The share of your clicks that were useful.",
    "Flags": "Flags on the board at the end; NF (no flags) when you never placed one.",
    "Path": "How far the mouse went over the board, in pixels at 16 a cell, from your first opening click.",
    "IOE": "3BV per click: 1.00 is a perfect game without flags; flags lower it.",
    "Guesses": "Of your clicks that opened cells (the first one aside), how many were not certainly safe "
    "from what you could see.",
    "Last click": "After a loss: a forced guess (no cell was certainly safe) or avoidable (one was: it is "
    "marked on the board; or the cell opened had been proved a mine).",
    "Seed": "The mines come from it: the same seed, the same board.",
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
    rate = rates(f)
    return [
        ("3BV", solved_text(f)),
        ("3BV/s", rate["3BV/s"]),
        ("ZiNi", str(f.zini)),
        ("IOS", rate["IOS"]),
        ("RQP", rate["RQP"]),
        ("STNB", rate["STNB"]),
        ("IOE", rate["IOE"]),
        ("Throughput", rate["Throughput"]),
        ("Correctness", rate["Correctness"]),
        ("Clicks", f"L {f.left} ({f.lce})  R {f.right} ({f.rce})  D {f.double} ({f.dce})"),
        ("Flags", flags_text(f)),
        ("Path", figure_text("Path", f.path)),
    ]


def sentence(words: str) -> str:
    """Words as a sentence, ending with its full stop (reasons are written without one, to be joined)."""
    words = words.rstrip()
    return words if not words or words[-1] in ".!?" else words + "."
