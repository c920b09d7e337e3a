"""The rules of Minesweeper, its solver and its replays, in pure Python (no pygame here, so the model can be
tested and timed alone).

A board is made from a seed (mines laid at the first reveal) or drawn as text, and played with moves; cells are
`(row, col)` from the top left::

    >>> from game.model import Board, GameState, Move, MoveKind, Replay, analyse, hint_for
    >>> board = Board.from_layout('''
    ...     ....
    ...     ....
    ...     *..*
    ... ''')
    >>> board.apply(Move(MoveKind.REVEAL, 0, 0))
    [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3)]
    >>> print(board.seen_text())
    0000
    1111
    ####

What the numbers prove, every covered cell's mine chance, and the hint a player would get::

    >>> analysis = analyse(board)
    >>> sorted(analysis.safe), sorted(analysis.mines), analysis.probability(2, 0)
    ([(2, 1), (2, 2)], [(2, 0), (2, 3)], 1.0)
    >>> hint = hint_for(board)
    >>> hint.cell, hint.safe, hint.proof
    ((2, 2), True, [(1, 0), (1, 1)])
    >>> hint.reason
    "All the mines this 1 still needs are also next to the 1 beside it, so the 1's other cell is safe"

A game becomes a replay, which plays it back (and saves it as JSON)::

    >>> _ = board.apply(Move(MoveKind.REVEAL, 2, 2, t_ms=700))
    >>> _ = board.apply(Move(MoveKind.REVEAL, 2, 1, t_ms=900))
    >>> board.state == GameState.WON
    True
    >>> replay = Replay.from_game(board)
    >>> [str(move.kind) for move in replay.moves], replay.elapsed_ms
    (['reveal', 'reveal', 'reveal'], 900)
    >>> print(replay.board_after(2).seen_text())
    0000
    1111
    ##1#

The layers: `rules/` (the board, moves, the game's fixed facts, saving), `solver/` (analysis, guesses, hints,
no-guess boards) and `replay/` (a game as moves and times). This module is their public face.
"""

import importlib
from typing import TYPE_CHECKING, Any

from .rules.board import Board
from .rules.facts import FIRST_CLICK_RULES, MAX_SIDE, PRESETS, GameState, Preset, validate_size
from .rules.grid import SEEN_COVERED, SEEN_FLAG, SEEN_MINE, SEEN_QUESTION
from .rules.move import Move, MoveKind

if TYPE_CHECKING:
    from .replay.playback import Replay
    from .solver.analysis import Analysis, analyse
    from .solver.hints import Hint, HintRule, hint_for

# The solver and the replay load when first asked for, not with the rules: the game's first frame needs only
# the board (importing them all cost about 20 ms of start-up).
_LATER = {
    "Replay": ".replay.playback",
    "Analysis": ".solver.analysis",
    "analyse": ".solver.analysis",
    "Hint": ".solver.hints",
    "HintRule": ".solver.hints",
    "hint_for": ".solver.hints",
}


def __getattr__(name: str) -> Any:
    if name in _LATER:
        return getattr(importlib.import_module(_LATER[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Analysis",
    "Board",
    "FIRST_CLICK_RULES",
    "GameState",
    "Hint",
    "HintRule",
    "MAX_SIDE",
    "Move",
    "MoveKind",
    "PRESETS",
    "Preset",
    "Replay",
    "SEEN_COVERED",
    "SEEN_FLAG",
    "SEEN_MINE",
    "SEEN_QUESTION",
    "analyse",
    "hint_for",
    "validate_size",
]
