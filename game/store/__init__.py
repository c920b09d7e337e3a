"""Everything that must outlive the process: settings, finished games, best times, statistics, the saved game
(see store.py for the rules it keeps)."""

from game.store.games import MAX_TIME_MS, TOP, BestTime, PlayedGame, RecordResult, Stats
from game.store.store import DB_NAME, HOME_ENV, Store, data_folder

__all__ = [
    "DB_NAME",
    "HOME_ENV",
    "MAX_TIME_MS",
    "TOP",
    "BestTime",
    "PlayedGame",
    "RecordResult",
    "Stats",
    "Store",
    "data_folder",
]
