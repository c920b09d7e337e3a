"""Which covered cell to open when none is certain: the exact endgame, closed pockets and pseudo-50/50s first,
then the strategy's pick (David Hill's guess, game/model/solver/hill.py), then the dominance swap."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .analysis import DEFAULT_BUDGET, Analysis, Cell, InconsistentPosition, analyse_visible
from .endgame import endgame_cell
from .fifty import pseudo_fifty_fifties
from .hill import HillStrategy
from .pockets import pocket_guess
from .strategy import GuessStrategy, Spot

__all__ = ["SHIPPED", "GuessStrategy", "Spot", "choose_guess"]

# The guess the game plays and hints: Hill's, with his long-term risk (docs/solver.md, stop 38).
SHIPPED: GuessStrategy = HillStrategy()


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
    """Pick the covered cell to open (a certainly safe one if there is one). When none is certain: with few
    layouts left, the one that wins the most of them with perfect play (game/model/solver/endgame.py); otherwise the
    strategy's pick. Without lookahead (or when the chances are estimates), the safest cell, the fewest
    covered neighbours first among equals (corners and edges open zeros more often). stop: called now and then;
    once it says True, the best cell found so far is the answer (at worst the safest)."""
    a = analysis or analyse_visible(rows, cols, mines, visible, budget)
    if a.safe:
        return min(a.safe)
    spot = Spot(rows, cols, mines, visible, a, budget, stop)
    if not lookahead or not a.exact or a.layouts is None:
        return divmod(spot.ranked[0], cols)
    if strategy.endgame and a.layouts <= strategy.endgame_layouts:
        cell = endgame_cell(
            rows, cols, mines, visible, a, spot.ranked, strategy.endgame_layouts, strategy.endgame_work, stop
        )
        if cell is not None:
            return divmod(cell, cols)
    if strategy.pockets and not spot.stopped():
        cell = pocket_guess(a, spot.ranked, strategy.endgame_layouts, strategy.endgame_work, stop)
        if cell is not None:
            return divmod(cell, cols)
    if strategy.fifty_fifty and not spot.stopped():
        forced = set(pseudo_fifty_fifties(a, visible, spot.closed()))
        if forced:
            return divmod(next(i for i in spot.ranked if i in forced), cols)
    pick = strategy.pick(spot)
    return divmod(dominating(spot, pick) if strategy.dominance and not spot.stopped() else pick, cols)


def dominating(spot: Spot, i: int) -> int:
    """The safest cell that cell i being safe would prove safe, when it is safer than i; else i."""
    try:
        proved = spot.analysis.given({i: 0}).safe
    except InconsistentPosition:
        return i
    cols, probs = spot.cols, spot.probs
    better = [j for j in spot.ranked if probs[j] < probs[i] and divmod(j, cols) in proved]
    return better[0] if better else i
