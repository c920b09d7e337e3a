"""Which covered cell to open when none is certain: the exact endgame, closed pockets and pseudo-50/50s first,
then the strategy's pick (David Hill's guess, game/model/solver/hill.py), then the dominance swap."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from typing import NamedTuple

from ..rules.grid import Cell
from .analysis import DEFAULT_BUDGET, Analysis, InconsistentPosition, analyse_visible
from .endgame import endgame_cell
from .fifty import pseudo_fifty_fifties
from .hill import HillStrategy
from .pockets import pocket_guess
from .strategy import GuessStrategy, Spot

__all__ = ["SHIPPED", "Guess", "GuessStrategy", "Spot", "Why", "choose_guess", "decide_guess"]

# The guess the game plays and hints: Hill's, with his long-term risk (docs/solver.md, stop 38).
SHIPPED: GuessStrategy = HillStrategy()


class Why(str, Enum):
    """What decided a guess, so a hint can say it in words; compares equal to its plain string."""

    CERTAIN = "certain"  # not a guess: the cell is certainly safe
    SAFEST = "safest"  # no lookahead (or only estimated chances): the safest cell
    ENDGAME = "endgame"  # few layouts left: the cell that wins the most of them with perfect play
    POCKET = "pocket"  # a closed pocket no number outside can inform, played perfectly
    FIFTY = "fifty"  # a pseudo-50/50: a guess no number can ever spare, so made now
    LOOKAHEAD = "lookahead"  # the strategy's pick: what the cell may show makes the next guesses safest

    def __str__(self) -> str:
        return self.value


class Guess(NamedTuple):
    """A cell to open and what decided it."""

    cell: Cell
    why: Why


def choose_guess(
    rows: int,
    cols: int,
    mines: int,
    visible: Sequence[int],
    analysis: Analysis | None = None,
    lookahead: bool = True,
    budget: int = DEFAULT_BUDGET,
    strategy: GuessStrategy = SHIPPED,
    stop: Callable[[], bool] | None = None,
) -> Cell:
    """Pick the covered cell to open (a certainly safe one if there is one): `decide_guess`'s cell."""
    return decide_guess(rows, cols, mines, visible, analysis, lookahead, budget, strategy, stop).cell


def decide_guess(
    rows: int,
    cols: int,
    mines: int,
    visible: Sequence[int],
    analysis: Analysis | None = None,
    lookahead: bool = True,
    budget: int = DEFAULT_BUDGET,
    strategy: GuessStrategy = SHIPPED,
    stop: Callable[[], bool] | None = None,
) -> Guess:
    """The covered cell to open (a certainly safe one if there is one) and what decided it. When none is certain:
    with few layouts left, the one that wins the most of them with perfect play (game/model/solver/endgame.py);
    then a closed pocket's, a pseudo-50/50's, and otherwise the strategy's pick. Without lookahead (or when the
    chances are estimates), the safest cell, the fewest covered neighbours first among equals (corners and edges
    open zeros more often). stop: called now and then; once it says True, the best cell found so far is the
    answer (at worst the safest)."""
    a = analysis or analyse_visible(rows, cols, mines, visible, budget)
    if a.safe:
        return Guess(min(a.safe), Why.CERTAIN)
    spot = Spot(rows, cols, mines, visible, a, budget, stop)
    if not lookahead or not a.exact or a.layouts is None:
        return Guess(divmod(spot.ranked[0], cols), Why.SAFEST)
    if strategy.endgame and a.layouts <= strategy.endgame_layouts:
        cell = endgame_cell(
            rows, cols, mines, visible, a, spot.ranked, strategy.endgame_layouts, strategy.endgame_work, stop
        )
        if cell is not None:
            return Guess(divmod(cell, cols), Why.ENDGAME)
    if strategy.pockets and not spot.stopped():
        cell = pocket_guess(a, spot.ranked, strategy.endgame_layouts, strategy.endgame_work, stop)
        if cell is not None:
            return Guess(divmod(cell, cols), Why.POCKET)
    if strategy.fifty_fifty and not spot.stopped():
        forced = set(pseudo_fifty_fifties(a, visible, spot.closed()))
        if forced:
            return Guess(divmod(next(i for i in spot.ranked if i in forced), cols), Why.FIFTY)
    pick = strategy.pick(spot)
    return Guess(
        divmod(dominating(spot, pick) if strategy.dominance and not spot.stopped() else pick, cols), Why.LOOKAHEAD
    )


def dominating(spot: Spot, i: int) -> int:
    """The safest cell that cell i being safe would prove safe, when it is safer than i; else i."""
    try:
        proved = spot.analysis.given({i: 0}).safe
    except InconsistentPosition:
        return i
    cols, probs = spot.cols, spot.probs
    better = [j for j in spot.ranked if probs[j] < probs[i] and divmod(j, cols) in proved]
    return better[0] if better else i
