"""Everything that must outlive the process: settings, finished games, best times, statistics, the saved game
(see store.py for the rules it keeps)."""

from game.store.games import MAX_TIME_MS, RANKINGS, TOP, Beaten, BestGame, PlayedGame, RecordResult, Stats
from game.store.opener import DB_NAME, HOME_ENV, data_folder
from game.store.reader import AvoidableGame
from game.store.reviewed import Reviewed
from game.store.store import Store

__all__ = [
    "DB_NAME",
    "HOME_ENV",
    "MAX_TIME_MS",
    "TOP",
    "AvoidableGame",
    "RANKINGS",
    "Beaten",
    "BestGame",
    "PlayedGame",
    "RecordResult",
    "Reviewed",
    "Stats",
    "Store",
    "data_folder",
]
