"""A reveal under a mode of the no-guess family: before it is played, the mines move as the mode says (a forced
guess made safe, a needless guess punished), always to a layout that fits every number shown and the mine
count, so the board the game ends with explains every number the player saw."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum

from ..rules.board import Board
from ..rules.facts import GameState
from ..rules.guessing import GuessRule
from ..rules.move import Move, MoveKind
from .analysis import Analysis, InconsistentPosition, analyse_visible, visible_of
from .relayout import RELAYOUT_BUDGET, layout_with

__all__ = ["Judge", "Ruling", "rule_reveal"]

# What proves the cells of a position (`visible` as analyse_visible reads it): analyse_visible, or a Judge's
# analysis carried from the position before.
Analyser = Callable[[Sequence[int]], Analysis]


class Ruling(str, Enum):
    """What the mode did to one reveal before it was played."""

    AS_DEALT = "as_dealt"  # nothing to do: the mines stay where they are
    MADE_SAFE = "made_safe"  # a forced guess on a mine: the mines moved and the cell is safe
    PUNISHED = "punished"  # a needless guess: the cell holds a mine (moved there if it had none)
    UNDECIDED = "undecided"  # the search for a layout ran out of work: the mines stay where they are


def rule_reveal(
    board: Board, move: Move, rule: GuessRule, budget: int = RELAYOUT_BUDGET, analyser: Analyser | None = None
) -> Ruling:
    """Move `board`'s mines as `rule` says before `move` is played (the caller then applies the move).

    A reveal of a covered cell, in a game under way, is a forced guess when no covered cell is certainly safe,
    and a needless guess when some other is while this one is not. FORCED_SAFE and STRICT make a forced guess
    on a mine safe; STRICT lays a mine under a needless guess. Each only when some layout that fits every
    number shown and the mine count allows it. Flags are the player's marks, not facts: they count for nothing.

    >>> board = Board.from_layout(["*.", "..", "..", ".*"])
    >>> _ = board.reveal(0, 1)  # a 1: the mine is (0, 0), (1, 0) or (1, 1), fifty-fifty with the rest
    >>> rule_reveal(board, Move(MoveKind.REVEAL, 0, 0), GuessRule.FORCED_SAFE)
    <Ruling.MADE_SAFE: 'made_safe'>
    >>> board.is_mine(0, 0)
    False
    """
    if not rule.changes_board or move.kind is not MoveKind.REVEAL or board.state != GameState.PLAYING:
        return Ruling.AS_DEALT
    row, col = move.cell
    if board.is_revealed(row, col) or board.is_flagged(row, col):
        return Ruling.AS_DEALT  # the click opens nothing
    hit = board.is_mine(row, col)
    if rule is GuessRule.FORCED_SAFE and not hit:
        return Ruling.AS_DEALT  # a lucky guess or a safe cell: nothing to change, no need to look
    rows, cols = board.rows, board.cols
    visible = visible_of(board)
    index = row * cols + col
    try:
        analysis = analyser(visible) if analyser is not None else analyse_visible(rows, cols, board.mines, visible)
    except InconsistentPosition:  # cannot happen on a real board; play it as it lies
        return Ruling.AS_DEALT
    safe = analysis.safe_cells
    if index in safe:
        return Ruling.AS_DEALT
    if not safe:  # a forced guess
        if not hit:
            return Ruling.AS_DEALT
        mine = False
    elif rule is GuessRule.STRICT:  # a needless guess
        if hit:
            return Ruling.PUNISHED
        mine = True
    else:
        return Ruling.AS_DEALT  # FORCED_SAFE leaves a needless guess to luck
    if analysis.exact:
        num, den = analysis.chance_of(index)
        if (num == den) if not mine else (num == 0):
            return Ruling.AS_DEALT  # no layout allows it: the cell is what the numbers prove
    current = {r * cols + c for r, c in board.mine_cells()}
    seed = board.seed * 1_000_003 + len(board.moves)
    layout = layout_with(rows, cols, board.mines, visible, index, mine, current, seed=seed, budget=budget)
    if layout is None:
        return Ruling.UNDECIDED
    board.move_mines([divmod(i, cols) for i in sorted(layout)])
    return Ruling.PUNISHED if mine else Ruling.MADE_SAFE


class Judge:
    """Rules on a game's reveals under one rule, carrying the analysis of each position it looked at to the
    next (`Analysis.after`: only the groups of numbers a reveal touched are counted again), so that a reveal on
    a large board costs a little of the solver's time, not a whole analysis. The mines moving never changes a
    number shown, so what was proved stays proved.

    >>> board = Board.from_layout(["*.", "..", "..", ".*"])
    >>> _ = board.reveal(0, 1)
    >>> Judge(GuessRule.FORCED_SAFE).rule(board, Move(MoveKind.REVEAL, 0, 0))
    <Ruling.MADE_SAFE: 'made_safe'>
    """

    def __init__(self, rule: GuessRule) -> None:
        self.rule_in_play = rule
        self._last: tuple[list[int], Analysis] | None = None  # the last position analysed, and its analysis

    def rule(self, board: Board, move: Move, budget: int = RELAYOUT_BUDGET) -> Ruling:
        """As `rule_reveal` does, with the analysis carried from the position before."""
        return rule_reveal(board, move, self.rule_in_play, budget, lambda visible: self._analysis(board, visible))

    def _analysis(self, board: Board, visible: Sequence[int]) -> Analysis:
        last = self._last
        analysis = None
        if last is not None and len(last[0]) == len(visible):
            before, known = last
            if all(v >= 0 for v, was in zip(visible, before) if was >= 0):  # the same game, some cells on
                analysis = known.after({i: v for i, (v, was) in enumerate(zip(visible, before)) if v >= 0 > was})
        if analysis is None:
            analysis = analyse_visible(board.rows, board.cols, board.mines, visible)
        self._last = list(visible), analysis
        return analysis
