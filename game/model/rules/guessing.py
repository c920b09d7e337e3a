"""The no-guess family: how a game treats a guess (none, boards that need none, a forced guess made safe, a
needless guess punished), the names saves and settings keep, and each one's EVF game mode code."""

from __future__ import annotations

from enum import Enum

from game.language import N_, _

__all__ = ["GuessRule"]


class GuessRule(str, Enum):
    """How the game treats a guess; compares equal to the name settings, saves and records keep.

    The codes are those of Metasweeper and ms-toollib (`BaseVideo::mode`, base/src/videos/base_video.rs of
    eee555/ms-toollib: 0 standard, 5 classic no-guess, 6 strong no-guess, 7 weak no-guess, 8 quasi no-guess,
    9 strong guessable, 10 weak guessable). Metasweeper deals random boards in modes 7 and 8 and changes them
    as the player meets a guess; so do we:

    - FORCED_SAFE (准无猜, mode 8): a click on a covered cell while no covered cell is certainly safe (a forced
      guess) is made safe, when any layout that fits every number shown and the mine count allows it.
    - STRICT (弱无猜, mode 7): forced guesses are made safe as above, and a click on a cell that is not
      certainly safe while some covered cell is (a needless guess) finds a mine, when any layout that fits
      allows it: the game is lost.

    >>> GuessRule.of(True), GuessRule.of("strict").evf_mode, GuessRule.STRICT.changes_board
    (<GuessRule.NO_GUESS: 'no_guess'>, 7, True)
    """

    OFF = "off"
    NO_GUESS = "no_guess"
    FORCED_SAFE = "forced_safe"
    STRICT = "strict"

    @property
    def evf_mode(self) -> int:
        """The game mode code an EVF file carries (what ms-toollib reads as `mode`)."""
        return _EVF_MODES[self]

    @property
    def changes_board(self) -> bool:
        """Whether the mines may move while the game is played (the board is random, and a guess changes it)."""
        return self in (GuessRule.FORCED_SAFE, GuessRule.STRICT)

    @classmethod
    def of(cls, value: object) -> GuessRule:
        """The rule a stored value names: a setting or a save of older versions kept True (no-guess boards) or
        False; anything unknown is OFF."""
        if value is True:
            return cls.NO_GUESS
        if isinstance(value, str):
            try:
                return cls(value)
            except ValueError:
                return cls.OFF
        return cls.OFF

    @classmethod
    def of_evf_mode(cls, mode: int) -> GuessRule:
        """The rule of an EVF game mode code (OFF for any other mode: the standard game, UPK, Win7...)."""
        return next((rule for rule, code in _EVF_MODES.items() if code == mode and rule is not cls.OFF), cls.OFF)

    @property
    def name_shown(self) -> str:
        """The rule's short name as the player reads it (Records' boards, the game's end)."""
        return _(_NAMES[self])

    def __str__(self) -> str:
        return self.value


# TRANSLATORS: the no-guess family's modes, short, after a board's name ("Expert, forced guesses safe")
_NAMES = {
    GuessRule.OFF: N_("guesses left to luck"),
    GuessRule.NO_GUESS: N_("no-guess"),
    GuessRule.FORCED_SAFE: N_("forced guesses safe"),
    GuessRule.STRICT: N_("strict no-guess"),
}
_EVF_MODES = {GuessRule.OFF: 0, GuessRule.NO_GUESS: 5, GuessRule.STRICT: 7, GuessRule.FORCED_SAFE: 8}
