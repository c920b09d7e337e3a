"""How each figure reads, wherever it is shown: the game-over panel, Replay's figures and its line under the
board, a race's columns, Records and `stats`. One format a figure, and one mark for a figure that does not apply
(STNB on a custom board, IOS on a loss, 3BV/s at 0 ms...): "-", where a file or `--json` has None."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.language import _, pgettext

if TYPE_CHECKING:
    from .figures import Figures

ABSENT = "-"  # a figure that does not apply, or is not known

# The digits each rate is written with: 3BV/s, IOE and the rest to the thousandth, as speed-runners compare
# them; STNB, in the hundreds, to the tenth.
DIGITS = {"Clicks/ZiNi": 2, "3BV/s": 3, "IOE": 3, "Throughput": 3, "Correctness": 3, "RQP": 3, "IOS": 3, "STNB": 1}


def format_time(ms: float | None) -> str:
    """A game's time, to the millisecond the game measured it, wherever a player reads it: "42.312 s",
    "2:50.312", "1:02:50.312"; "-" for none. One notation for one number: never "42.3 s" here and "42.312 s"
    there, nor "596.0 s" for "9:56.065"."""
    if ms is None:
        return ABSENT
    ms = max(0, int(ms))
    if ms < 60_000:
        return f"{ms / 1000:.3f} s"
    minutes, rest = divmod(ms, 60_000)
    hours, minutes = divmod(minutes, 60)
    seconds = f"{rest / 1000:06.3f}"
    return f"{hours}:{minutes:02d}:{seconds}" if hours else f"{minutes}:{seconds}"


def figure_text(figure: str, value: float | None) -> str:
    """A figure's value as every screen and `stats` write it: "Time" (in ms) "42.312 s", a rate "2.345", STNB
    "45.2", "Path" "1234 px", a count "12"; "-" for None.

    >>> figure_text("3BV/s", 2.34567), figure_text("STNB", 45.24), figure_text("STNB", None)
    ('2.346', '45.2', '-')
    """
    if value is None:
        return ABSENT
    if figure == "Time":
        return format_time(round(value))
    if figure == "Path":
        return f"{value:.0f} px"
    if figure in DIGITS:
        return f"{value:.{DIGITS[figure]}f}"
    return str(round(value))


def solved_text(f: Figures) -> str:
    """3BV as a finished game shows it: the board's on a win, "12 of 30" (the part solved) otherwise."""
    if f.won:
        return f"{f.bbbv}"
    # TRANSLATORS: a lost game's 3BV: the part solved of the board's ("12 of 30"); short, in a column of figures
    return _("{solved} of {bbbv}").format(solved=f.bbbv_solved, bbbv=f.bbbv)


def nf_mark() -> str:
    """The community's mark for a game played without placing a flag, in the player's language."""
    # TRANSLATORS: the mark of a game played with no flags ("No Flags"): keep NF where your community writes it
    # so; Chinese players say 盲扫. A mark in Records' lists, short
    return pgettext("no flags", "NF")


def flags_text(f: Figures) -> str:
    """The flags on the board at the end, the NF mark beside them when none was ever placed."""
    return f"{f.flags}, {nf_mark()}" if f.nf else str(f.flags)


def rates(f: Figures) -> dict[str, str]:
    """Every rate of `f` (and STNB) by the name FIGURES gives it, each as `figure_text` writes it."""
    values = {"3BV/s": f.bbbv_s, "IOE": f.ioe, "Throughput": f.throughput, "Correctness": f.correctness}
    values |= {"RQP": f.rqp, "IOS": f.ios, "STNB": f.stnb}
    return {name: figure_text(name, value) for name, value in values.items()}
