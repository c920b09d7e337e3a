"""How Records says what a game's review found (its guesses, the avoidable ones, the luck they took) and how many
of a board's wins were clean (no avoidable guess)."""

from __future__ import annotations

from game.language import _, ngettext
from game.store import Reviewed, Stats

CLEAN = "Clean"  # the figure (formats.FIGURES) the clean wins and the list of the fastest of them explain on hover


def luck_text(luck: float | None) -> str:
    """The luck a game took, as Records writes it: two decimals; None (a click on a proved mine) as infinite."""
    return "∞" if luck is None else f"{luck:.2f}"


def review_words(review: Reviewed | None) -> str:
    """A game's review in a few words (a row's line on hover); "" when it is not reviewed yet."""
    if review is None:
        return ""
    if review.guesses is None or review.avoidable is None:
        # TRANSLATORS: a game in Records whose clicks could not be judged
        return _("Its guesses are not known (its moves were not kept, or are damaged).")
    if review.guesses == 0:
        # TRANSLATORS: a game in Records that took no guess at all
        return _("No guess: every click was certainly safe.")
    if review.avoidable == 0:
        # TRANSLATORS: a game's review in Records; {luck} is a number ("0.85"), the sum of -log10 of each guess's chance
        said = ngettext(
            "{count} guess, forced (clean), luck {luck}",
            "{count} guesses, all forced (clean), luck {luck}",
            review.guesses,
        )
        return said.format(count=review.guesses, luck=luck_text(review.luck))
    # TRANSLATORS: a game's review in Records: its guesses, how many of them a certainly safe cell could have
    # spared, and its luck ({luck}: a number, "0.85")
    said = ngettext(
        "{count} guess, {avoidable} avoidable, luck {luck}",
        "{count} guesses, {avoidable} avoidable, luck {luck}",
        review.guesses,
    )
    return said.format(count=review.guesses, avoidable=review.avoidable, luck=luck_text(review.luck))


def clean_wins_text(stats: Stats) -> str:
    """The clean wins and their share of the wins reviewed: "12 (40%)", "-" before any win is reviewed."""
    if not stats.reviewed_wins:
        return "-"
    percent = 100 * stats.clean_wins / stats.reviewed_wins
    # TRANSLATORS: Records' clean wins and their share of the wins reviewed, as "Won" shows its share
    return _("{won} ({percent}%)").format(won=stats.clean_wins, percent=f"{percent:.0f}")
