"""The rules of Minesweeper, in pure Python: no pygame here, so the model can be tested and timed alone."""

from .board import Board
from .grid import SEEN_COVERED, SEEN_FLAG, SEEN_MINE, SEEN_QUESTION
from .rules import FIRST_CLICK_RULES, MAX_SIDE, PRESETS, GameState, Preset, validate_size

__all__ = [
    "Board",
    "FIRST_CLICK_RULES",
    "GameState",
    "MAX_SIDE",
    "PRESETS",
    "Preset",
    "SEEN_COVERED",
    "SEEN_FLAG",
    "SEEN_MINE",
    "SEEN_QUESTION",
    "validate_size",
]
