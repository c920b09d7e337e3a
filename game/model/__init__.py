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

The layers: `rules/` (the board, moves, the game's fixed facts, saving, codes), `solver/` (what a position
proves, guesses, hints, no-guess boards) and `replay/` (a game as moves and times, checked, measured and
judged). This module is their public face: the rest of the game imports from here, never from inside.
"""

import importlib
from typing import TYPE_CHECKING, Any

from .rules.board import Board
from .rules.category import (
    RULE_MARK,
    STANDARD_BOARDS,
    board_of,
    category_for,
    category_label,
    level_of,
    mines_text,
    parse_custom,
    rule_of,
    size_text,
    standard_boards_text,
)
from .rules.facts import (
    FIRST_CLICK_RULES,
    MAX_DENSITY,
    MAX_SIDE,
    PRESETS,
    SAFE_AROUND_FIRST_CLICK,
    GameState,
    Preset,
    validate_size,
)
from .rules.grid import SEEN_COVERED, SEEN_FLAG, SEEN_MINE, SEEN_QUESTION, Cell, around, three_bv_of
from .rules.guessing import GuessRule
from .rules.move import Move, MoveKind

if TYPE_CHECKING:
    from .replay.check import check_replay_data, parse_replay_json, replay_text_limits
    from .replay.intervals import ClickIntervals, click_intervals
    from .replay.replay import Replay
    from .replay.review import ClickReview, GameReview, review_game
    from .replay.stats import GameStats, game_stats, replay_stats, solved_three_bv
    from .replay.stepwise import read_json
    from .replay.verdict import GameVerdict, LossVerdict, judge_game
    from .rules.boardcode import BoardCode, decode_board_code, encode_board_code
    from .rules.bv_range import RangeDeal, ThreeBvRange, deal_in_range
    from .solver.analysis import (
        COVERED,
        Analysis,
        InconsistentPosition,
        analyse,
        analyse_visible,
        chance_list,
        mine_total,
        visible_of,
    )
    from .solver.chance import chance_text
    from .solver.deductions import Deduction, combined_reason, deductions
    from .solver.guessrules import Answer, Judge, Question, Ruling, rule_move, settle
    from .solver.hints import Hint, HintRule, count_reason, hint_for
    from .solver.noguess import NoGuessCancelled, NoGuessTimeout, generate_no_guess
    from .solver.proofs import simplest_proof

# The solver, the replay and board codes load when first asked for, not with the rules: the game's first frame
# needs only the board (importing them all cost about 20 ms of start-up).
_LATER = {
    **dict.fromkeys(("check_replay_data", "parse_replay_json", "replay_text_limits"), ".replay.check"),
    "Replay": ".replay.replay",
    **dict.fromkeys(("ClickIntervals", "click_intervals"), ".replay.intervals"),
    **dict.fromkeys(("ClickReview", "GameReview", "review_game"), ".replay.review"),
    **dict.fromkeys(("GameStats", "game_stats", "replay_stats", "solved_three_bv"), ".replay.stats"),
    "read_json": ".replay.stepwise",
    **dict.fromkeys(("GameVerdict", "LossVerdict", "judge_game"), ".replay.verdict"),
    **dict.fromkeys(("BoardCode", "decode_board_code", "encode_board_code"), ".rules.boardcode"),
    **dict.fromkeys(("RangeDeal", "ThreeBvRange", "deal_in_range"), ".rules.bv_range"),
    **dict.fromkeys(
        (
            "COVERED",
            "Analysis",
            "InconsistentPosition",
            "analyse",
            "analyse_visible",
            "chance_list",
            "mine_total",
            "visible_of",
        ),
        ".solver.analysis",
    ),
    "chance_text": ".solver.chance",
    **dict.fromkeys(("Deduction", "combined_reason", "deductions"), ".solver.deductions"),
    "simplest_proof": ".solver.proofs",
    **dict.fromkeys(("Hint", "HintRule", "count_reason", "hint_for"), ".solver.hints"),
    **dict.fromkeys(("NoGuessCancelled", "NoGuessTimeout", "generate_no_guess"), ".solver.noguess"),
    **dict.fromkeys(("Answer", "Judge", "Question", "Ruling", "rule_move", "settle"), ".solver.guessrules"),
}


def __getattr__(name: str) -> Any:
    if name in _LATER:
        return getattr(importlib.import_module(_LATER[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "RangeDeal",
    "ThreeBvRange",
    "deal_in_range",
    "COVERED",
    "Cell",
    "ClickIntervals",
    "ClickReview",
    "FIRST_CLICK_RULES",
    "MAX_DENSITY",
    "MAX_SIDE",
    "PRESETS",
    "RULE_MARK",
    "STANDARD_BOARDS",
    "SAFE_AROUND_FIRST_CLICK",
    "SEEN_COVERED",
    "SEEN_FLAG",
    "SEEN_MINE",
    "SEEN_QUESTION",
    "Analysis",
    "Answer",
    "Board",
    "BoardCode",
    "Deduction",
    "GameReview",
    "GameState",
    "GameStats",
    "GameVerdict",
    "GuessRule",
    "Hint",
    "HintRule",
    "InconsistentPosition",
    "Judge",
    "LossVerdict",
    "Move",
    "MoveKind",
    "NoGuessCancelled",
    "NoGuessTimeout",
    "Preset",
    "Question",
    "Replay",
    "Ruling",
    "analyse",
    "around",
    "analyse_visible",
    "board_of",
    "category_for",
    "category_label",
    "chance_list",
    "chance_text",
    "click_intervals",
    "combined_reason",
    "check_replay_data",
    "count_reason",
    "decode_board_code",
    "deductions",
    "encode_board_code",
    "game_stats",
    "generate_no_guess",
    "hint_for",
    "judge_game",
    "level_of",
    "mine_total",
    "rule_of",
    "rule_move",
    "settle",
    "mines_text",
    "parse_custom",
    "parse_replay_json",
    "read_json",
    "replay_stats",
    "replay_text_limits",
    "review_game",
    "simplest_proof",
    "size_text",
    "standard_boards_text",
    "solved_three_bv",
    "three_bv_of",
    "validate_size",
    "visible_of",
]
