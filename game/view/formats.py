"""How numbers read everywhere in the game: one format for times, one for the chance of a mine."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import datetime
from typing import TYPE_CHECKING

from game.language import N_, _
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
# but never timed for records. Marked here, translated where shown (`_(NOT_TIMED)`, `untimed_rule()`).
# TRANSLATORS: why a win's time is not kept for records: a hint or the mine chances were used
ASSISTED = N_("assisted")
# TRANSLATORS: why a win's time is not kept for records: the board was played before (the same board, a code)
SEEN_BEFORE = N_("board seen before")
# TRANSLATORS: why a game's time is not kept for records: its board was dealt within the player's 3BV range
CHOSEN_BY_3BV = N_("chosen by 3BV")
# TRANSLATORS: a won game's time that counts for no record
NOT_TIMED = N_("not timed")
UNTIMED_RULE = N_(
    "Wins with a hint or the mine chances (assisted), on a board seen before, or on a board chosen by its 3BV, are "
    "not timed."
)


def untimed_rule() -> str:
    """The rule for assisted games, in the player's language."""
    return _(UNTIMED_RULE)


def untimed_mark(assisted: bool, seen_before: bool, filtered: bool = False) -> str:
    """Why a win's time does not count for records ("assisted", "board seen before", "chosen by 3BV"), or "" when
    it does; in the player's language."""
    return _(ASSISTED) if assisted else _(SEEN_BEFORE) if seen_before else _(CHOSEN_BY_3BV) if filtered else ""


# The names of the figures a player reads in words (the community's abbreviations, 3BV, ZiNi, IOE..., stay as
# they are): the English names are the keys everywhere (FIGURES, the panel's order, the records' lists);
# `figure_name` is what a screen draws.
FIGURE_NAMES = {
    # TRANSLATORS: a figure's name after a game (a game's time), in a narrow column: about 12 characters
    "Time": N_("Time"),
    # TRANSLATORS: a figure's name after a game (how many clicks), in a narrow column: about 12 characters
    "Clicks": N_("Clicks"),
    # TRANSLATORS: a figure's name (3BV per useful click; speed-runners say "Thrp"), about 12 characters
    "Throughput": N_("Throughput"),
    # TRANSLATORS: a figure's name (the share of useful clicks; speed-runners say "Corr"), about 12 characters
    "Correctness": N_("Correctness"),
    # TRANSLATORS: a figure's name (flags on the board at the end), about 12 characters
    "Flags": N_("Flags"),
    # TRANSLATORS: a figure's name (how far the mouse went), about 12 characters
    "Path": N_("Path"),
    # TRANSLATORS: a figure's name after a game (how many clicks were guesses), about 12 characters
    "Guesses": N_("Guesses"),
    # TRANSLATORS: a figure's name (every click over ZiNi, the fewest clicks the board needs), about 12
    # characters; ZiNi is notation and stays
    "Clicks/ZiNi": N_("Clicks/ZiNi"),
    # TRANSLATORS: a figure's name after a game (the luck its guesses took), about 12 characters
    "Luck": N_("Luck"),
    # TRANSLATORS: a figure's name after a loss (whether the losing click was a forced guess), about 12 characters
    "Last click": N_("Last click"),
    # TRANSLATORS: a figure's name after a game (the number the board's mines come from), about 12 characters
    "Seed": N_("Seed"),
    # TRANSLATORS: a figure's name after a game (the board's code, to play it again), about 12 characters
    "Code": N_("Code"),
}


def figure_name(name: str) -> str:
    """A figure's name as a screen shows it: in the player's language, or the community's abbreviation as is."""
    return _(FIGURE_NAMES[name]) if name in FIGURE_NAMES else name


# What each figure after a game counts: the Help page lists them, the game-over panel shows them on hover.
# Marked here, each a whole sentence (its {placeholders} filled where shown); `FIGURES[name]` reads it translated.
_FIGURE_WORDS = {
    "Time": N_(
        "From the click that opens the first cell to the last, to the millisecond; at the end the timer shows it "
        "rounded up (0.000 s: 000). Wins with a hint or the mine chances (assisted), or on a board seen before, "
        "are not timed."
    ),
    "3BV": N_(
        "The fewest clicks that clear the board: one per opening and per number no opening reaches; after "
        "a loss, the part you cleared."
    ),
    "3BV/s": N_("3BV divided by your time: your speed, comparable across boards."),
    "Clicks": N_(
        "Every click (L left, R right, D chords; not one made for you); in brackets the useful ones, that "
        "opened or flagged something (not the one that set off a mine)."
    ),
    "ZiNi": N_(
        "The fewest clicks a player who knows the board needs, flags and chords included (greedy, as "
        "ms-toollib counts it)."
    ),
    "IOS": N_("Index of speed: log(3BV) / log(time in seconds), for a won game; higher is faster."),
    "RQP": N_("Rapport qualite/prix: time squared over 3BV (time / 3BV/s); lower is better."),
    "STNB": N_("3BV against the time a standard board allows: 36, 162, 435 x 3BV / time^1.7 on {boards}."),
    "Throughput": N_("3BV per useful click: above 1.00 when chords open more than one 3BV each."),
    "Correctness": N_("The share of your clicks that were useful."),
    "Flags": N_("Flags on the board at the end; NF (no flags) when you never placed one."),
    "Path": N_("How far the mouse went over the board, in pixels at 16 a cell, from your first opening click."),
    "IOE": N_("3BV per click: 1.00 is a perfect game without flags; flags lower it."),
    "Guesses": N_(
        "Of your clicks that opened cells (the first one aside), how many were not certainly safe "
        "from what you could see (avoidable: another cell was)."
    ),
    "Luck": N_(
        "The sum of -log10 of each guess's chance of being safe: 0 if every click was certain, 1 for a 1-in-10 "
        "chance. After a loss the losing click counts too."
    ),
    "Clicks/ZiNi": N_(
        "Your clicks over ZiNi, the fewest a player who knows the board needs: 1.00 is as few as can be."
    ),
    "Last click": N_(
        "After a loss: a forced guess (no cell was certainly safe) or avoidable (one was: it is "
        "marked on the board; or the cell opened had been proved a mine)."
    ),
    "Seed": N_("The mines come from it: the same seed, the same board."),
    "Code": N_("The board's code: Play a code in the menu deals this board again, anywhere."),
    "Clean": N_(
        "A clean win took no avoidable guess: whenever it clicked a cell that was not certainly safe, no covered "
        "cell was certainly safe. Counted over the games reviewed (older games are reviewed in the background)."
    ),
    "Average luck": N_(
        "The luck a win took, averaged: each guess adds -log10 of its chance of being safe (a 50% guess 0.30, a "
        "10% one 1.00); 0 for a game of certain clicks. Lower is less luck needed."
    ),
}


class _FigureWords(Mapping[str, str]):
    """FIGURES: each figure's explanation, translated when read (a language switch shows at once)."""

    def __getitem__(self, name: str) -> str:
        return _(_FIGURE_WORDS[name]).format(boards=standard_boards_text())

    def __iter__(self) -> Iterator[str]:
        return iter(_FIGURE_WORDS)

    def __len__(self) -> int:
        return len(_FIGURE_WORDS)


FIGURES: Mapping[str, str] = _FigureWords()


def format_chance(p: float) -> str:
    """The chance of a mine: "12%"; never "0%" or "100%" for what is not certain ("under 1%", "over 99%"). The
    model's words for it, so a hint, the hover and the verdict on a loss write one chance one way."""
    return chance_text(p)


# The figures speed-runners compare beyond the everyday ones (Help gives them a page of their own).
SPEED_RUN_FIGURES = ("ZiNi", "Clicks/ZiNi", "IOS", "RQP", "STNB", "Throughput", "Correctness", "Flags", "Path")


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
        ("Clicks", f"L {f.left} ({f.lce})  R {f.right} ({f.rce})  D {f.double} ({f.dce})"),  # notation
        ("Flags", flags_text(f)),
        ("Path", figure_text("Path", f.path)),
    ]


def sentence(words: str) -> str:
    """Words as a sentence, ending with its full stop (reasons are written without one, to be joined); the
    language's own full stop ("。" in Chinese and Japanese)."""
    # TRANSLATORS: the full stop that ends a sentence: "。" in Chinese and Japanese
    words = words.rstrip()
    return words if not words or words[-1] in ".!?。！？" else words + _(".")


def _parts(when: datetime) -> dict[str, str]:
    return {
        "year": f"{when.year:04d}",
        "month": f"{when.month:02d}",
        "day": f"{when.day:02d}",
        "hour": f"{when.hour:02d}",
        "minute": f"{when.minute:02d}",
    }


def date_text(when: datetime) -> str:
    """A date (a best game's, a video's), in digits, in the order and with the separators of the player's language."""
    # TRANSLATORS: a date (a best game's in Records, a video's in Replay), digits only ({year} 4 digits, {month}
    # and {day} 2): put them in your language's order with its separators, e.g. "{day}.{month}.{year}"
    return _("{year}-{month}-{day}").format(**_parts(when))


def day_and_time(when: datetime) -> str:
    """A recent game's day and time of day (24 hours), in digits, as the player's language writes them."""
    # TRANSLATORS: a recent game's day and time of day in Records' list, digits only ({month}, {day}, {hour} in
    # 24 hours, {minute}: 2 digits each): your language's order and separators, e.g. "{day}.{month}. {hour}:{minute}"
    return _("{month}-{day} {hour}:{minute}").format(**_parts(when))
