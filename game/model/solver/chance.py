"""A mine chance as a player reads it: whole percents, and never "0%" or "100%" for a chance that is neither."""

from __future__ import annotations

from game.language import _


def chance_text(p: float) -> str:
    """One way to write a chance everywhere: a hint, the hover over a tinted cell, the verdict after a loss.

    >>> [chance_text(p) for p in (0, 0.004, 0.0151, 0.5, 0.996, 1)]
    ['0%', 'under 1%', '2%', '50%', 'over 99%', '100%']
    """
    if 0 < p < 0.01:
        # TRANSLATORS: a chance of a mine, shown on a hint and over a cell
        return _("under 1%")
    if 0.99 < p < 1:
        # TRANSLATORS: a chance of a mine, shown on a hint and over a cell
        return _("over 99%")
    # TRANSLATORS: a chance of a mine in whole percents ("12%"); write the percent sign as your language does
    return _("{percent}%").format(percent=format(p, ".0%")[:-1])
