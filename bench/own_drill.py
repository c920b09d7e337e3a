"""The drill's own positions: how long the drill looks in the player's records for their avoidable guesses.

Records of Expert games played as a careful player would (every certain cell, the safest guess only when nothing
is certain: no avoidable guess), the last MOST_GAMES of them looked at; then the same with the newest game
holding an avoidable guess. Figures: the wait for the first page (the solver's positions show after it when none
of the player's came), for the whole look (once: the games are then known to have nothing), for a second
drill, and for an own position when the newest game has one.

Run: python -m bench.own_drill [--games N] [--distinct N]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time

from game.learn.progress import Progress
from game.model import Board, Move, analyse
from game.store import Store
from game.view.drill_feed import MOST_GAMES, DrillFeed
from game.work import worker
from tests.owngames import avoidable_game
from tests.populated import record_of


def careful_game(seed: int) -> tuple[Board, int]:
    """An Expert game to its end: every certain cell opened, the safest cell guessed when none is."""
    board = Board(16, 30, 99, seed=seed)
    board.apply(Move("reveal", 8, 15).at(0))
    t = 0
    while board.state == "playing":
        analysis = analyse(board)
        opened = {(r, c) for r in range(16) for c in range(30) if board.is_revealed(r, c)}
        safe = sorted(analysis.safe - opened)
        chances = analysis.probabilities
        for cell in safe or [min(chances, key=lambda cell: (chances[cell], cell))]:
            t += 300
            board.apply(Move("reveal", *cell).at(t))
            if board.state != "playing":
                break
    return board, t + 300


def fill(home: str, games: int, distinct: int, avoidable_last: bool) -> None:
    played = [careful_game(seed) for seed in range(1, distinct + 1)]
    with Store.open(home) as store:
        for n in range(games):
            store.record_game(record_of(*played[n % distinct]))
        if avoidable_last:
            board, elapsed, _, _ = avoidable_game(1, (16, 30, 99), certain_first=25)
            store.record_game(record_of(board, elapsed))


def drill(home: str, progress: Progress) -> tuple[float, float, bool]:
    """(seconds to the first page, seconds to an own position or the end of the look, whether one came)."""
    store = Store.open(home)
    feed = DrillFeed(progress, store.log_reader(), random.Random(1))
    start, first_page = time.perf_counter(), None
    while True:
        feed._collect()
        if first_page is None and feed.searched_once:
            first_page = time.perf_counter() - start
        if feed.own or feed.ended:
            break
        time.sleep(0.005)
    took = time.perf_counter() - start
    feed.cancel()
    store.close()
    return first_page or took, took, bool(feed.own)


class Kept:
    def __init__(self) -> None:
        self.values: dict[str, object] = {}

    def learnt(self) -> dict[str, object]:
        return dict(self.values)

    def set_learnt(self, key: str, value: object) -> None:
        self.values[key] = value


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=MOST_GAMES)
    ap.add_argument("--distinct", type=int, default=10)
    args = ap.parse_args(argv)
    worker.run("game.learn.own:positions_of_logs", [], [], 100)  # the worker started, as a game's end does
    with tempfile.TemporaryDirectory() as clean, tempfile.TemporaryDirectory() as own:
        fill(clean, args.games, args.distinct, avoidable_last=False)
        fill(own, args.games, args.distinct, avoidable_last=True)
        progress = Progress(Kept())
        page, whole, found = drill(clean, progress)
        print(f"{args.games} careful Expert games, none avoidable: first page {page:.2f} s, all {whole:.1f} s")
        page, again, found = drill(clean, progress)
        print(f"  a second drill (the games known to have nothing): {again:.3f} s")
        page, first, found = drill(own, Progress(Kept()))
        print(f"the newest game with an avoidable guess: its position in {first:.2f} s (found: {found})")


if __name__ == "__main__":
    main()
