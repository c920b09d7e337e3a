"""What waiting for a no-guess board is like, by the board's size and mine density, in the words the Custom form and
Settings show before the first click (after it, the wait itself says so).

The figures are measured: `python -m bench.noguess --density --boards 12` (the CPU time of the generator's thread,
which is what the game's background thread gets on an idle core). The generator has no limit of its own below
35% (MAX_DENSITY): it tries until the game's wait (config.NO_GUESS_TIMEOUT) runs out, then a normal board is
dealt. Small boards never come near it; large dense ones do, and that is where a word is due.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from game import config
from game.language import _
from game.model import MAX_DENSITY, size_text

DENSITIES = (0.10, 0.15, 0.20, 0.25, 0.30, 0.35)
# cells: for each density above, (boards made within the wait out of 12, median CPU seconds; inf: over 20 s)
MEASURED: dict[int, tuple[tuple[int, float], ...]] = {
    81: ((12, 0.00), (12, 0.00), (12, 0.00), (12, 0.00), (12, 0.01), (12, 0.01)),
    256: ((12, 0.00), (12, 0.00), (12, 0.00), (12, 0.01), (12, 0.03), (12, 0.02)),
    480: ((12, 0.00), (12, 0.00), (12, 0.01), (12, 0.01), (12, 0.06), (12, 0.09)),
    900: ((12, 0.00), (12, 0.00), (12, 0.02), (12, 0.14), (12, 0.08), (12, 0.26)),
    2500: ((12, 0.01), (12, 0.02), (12, 0.08), (12, 0.22), (12, 0.84), (7, 4.60)),
    10000: ((12, 0.05), (12, 0.27), (11, 1.04), (4, 8.09), (1, math.inf), (0, math.inf)),
}
BOARDS = 12
SURE = 0.95  # made within the wait this often: no warning about failing
WORTH_SAYING_S = 1.0  # a wait shorter than this goes without a word


class Wait(NamedTuple):
    """The odds for one board: the share of boards made within the game's wait, and the median time."""

    made: float
    seconds: float


def _at(cells_row: tuple[tuple[int, float], ...], density: float) -> Wait:
    """The odds at a density, from one measured size (linear between densities; times on a log scale)."""
    d = min(max(density, DENSITIES[0]), DENSITIES[-1])
    k = min(len(DENSITIES) - 2, int((d - DENSITIES[0]) / 0.05 + 1e-9))
    t = (d - DENSITIES[k]) / 0.05
    (made_a, s_a), (made_b, s_b) = cells_row[k], cells_row[k + 1]
    made = ((1 - t) * made_a + t * made_b) / BOARDS
    return Wait(made, _between(s_a, s_b, t))


def _between(a: float, b: float, t: float) -> float:
    if math.isinf(a) or math.isinf(b):
        return math.inf if t > 0.5 or math.isinf(a) else a
    low = 0.005  # a time of 0 (under 10 ms) counts as 5 ms on the log scale
    return math.exp((1 - t) * math.log(max(a, low)) + t * math.log(max(b, low)))


def odds(rows: int, cols: int, mines: int) -> Wait:
    """How often a no-guess board of this size and count is made within the game's wait, and its median time
    (between the sizes measured on a log scale of cells; past the largest, as the largest)."""
    cells, density = rows * cols, mines / (rows * cols)
    sizes = sorted(MEASURED)
    if cells <= sizes[0] or cells >= sizes[-1]:
        return _at(MEASURED[sizes[0] if cells <= sizes[0] else sizes[-1]], density)
    upper = next(n for n in sizes if n >= cells)
    lower = sizes[sizes.index(upper) - 1]
    t = math.log(cells / lower) / math.log(upper / lower)
    a, b = _at(MEASURED[lower], density), _at(MEASURED[upper], density)
    return Wait((1 - t) * a.made + t * b.made, _between(a.seconds, b.seconds, t))


def most_mines(rows: int, cols: int) -> int:
    """The most mines a no-guess board of this size is nearly always made with in time."""
    cells = rows * cols
    top = int(MAX_DENSITY * cells)
    for mines in range(top, 0, -max(1, cells // 200)):
        if odds(rows, cols, mines).made >= SURE:
            return mines
    return 1


def advice(rows: int, cols: int, mines: int, short: bool = False) -> str:
    """What to tell a player who has no-guess on, before the first click: nothing for a board made at once.
    `short`: one clause, for a line that names the board (Settings)."""
    wait = config.NO_GUESS_TIMEOUT
    if mines > MAX_DENSITY * rows * cols + 1e-9:
        most = f"{MAX_DENSITY:.1%}"
        if short:
            # TRANSLATORS: a clause after a board's name in Settings; {share} is a percentage ("20.6%")
            return _("over {share} mines, so never no-guess").format(share=most)
        # TRANSLATORS: {share} is a percentage ("20.6%")
        return _("No-guess boards go up to {share} mines: this one will be a normal board.").format(share=most)
    found = odds(rows, cols, mines)
    if found.made < SURE:
        rarely, seconds = found.made < 0.5, f"{wait:g}"
        if short:
            if rarely:
                # TRANSLATORS: a clause after a board's name in Settings; {seconds} is a number of seconds
                return _("rarely made within {seconds} s (then a normal one is dealt)").format(seconds=seconds)
            # TRANSLATORS: a clause after a board's name in Settings; {seconds} is a number of seconds
            return _("not always made within {seconds} s (then a normal one is dealt)").format(seconds=seconds)
        if rarely:
            # TRANSLATORS: {seconds} is a number of seconds, {size} a board's size ("30 x 16")
            words = _(
                "No-guess: a board this large and dense is rarely found within {seconds} s (then a normal one is "
                "dealt). Up to {count} mines on {size} is nearly always in time."
            )
        else:
            # TRANSLATORS: {seconds} is a number of seconds, {size} a board's size ("30 x 16")
            words = _(
                "No-guess: a board this large and dense is not always found within {seconds} s (then a normal one "
                "is dealt). Up to {count} mines on {size} is nearly always in time."
            )
        return words.format(seconds=seconds, count=most_mines(rows, cols), size=size_text(rows, cols))
    if found.seconds >= WORTH_SAYING_S:
        seconds = f"{found.seconds:.0f}"
        if short:
            # TRANSLATORS: a clause after a board's name in Settings; {seconds} is a number of seconds
            return _("about {seconds} s to make after the first click").format(seconds=seconds)
        # TRANSLATORS: {seconds} is a number of seconds
        return _("No-guess: this board takes about {seconds} s to make after the first click.").format(seconds=seconds)
    return ""
