"""A game's review figures as the records keep them and read them back (reviewing.py works them out)."""

from __future__ import annotations

from typing import Any, NamedTuple

# Where a game's review figures came from (reviews.source).
EXACT = "exact"  # every click's chance counted exactly
ESTIMATED = "estimated"  # a group of numbers too large to count: some chances were estimated
NOTHING = "none"  # no move log, a damaged one, or a review past its time: the figures are not known
SOURCES = (EXACT, ESTIMATED, NOTHING)
COLUMNS = "source, guesses, avoidable, luck"  # of reviews (NULL when a game is not reviewed yet)


class Reviewed(NamedTuple):
    """The review figures the records keep of one game."""

    source: str  # one of SOURCES
    guesses: int | None = None  # opening clicks not certainly safe (the first click aside)
    avoidable: int | None = None  # of them, those made while some covered cell was certainly safe
    luck: float | None = None  # the sum of -log10 of each guess's chance; None when infinite or not known

    @property
    def clean(self) -> bool | None:
        """No avoidable guess (None: not known)."""
        return None if self.avoidable is None else self.avoidable == 0

    def as_row(self) -> list[Any]:
        """The values of the columns source, guesses, avoidable, luck."""
        return [self.source, self.guesses, self.avoidable, self.luck]


def checked(source: Any, guesses: Any, avoidable: Any, luck: Any) -> Reviewed | None:
    """Review figures as read back (from the file or a journal): None when not reviewed yet; a damaged value
    reads as not known."""
    if source is None:
        return None
    if source not in SOURCES:
        return Reviewed(NOTHING)

    def count(value: Any) -> int | None:
        return value if type(value) is int and 0 <= value < 10**7 else None

    guesses, avoidable = count(guesses), count(avoidable)
    if guesses is None or avoidable is None or avoidable > guesses:
        return Reviewed(NOTHING)
    if type(luck) is not float or not 0.0 <= luck < 10**7:
        luck = None
    return Reviewed(source, guesses, avoidable, luck)
