"""The drill's feed: the newest games looked at a page at a time and no more than MOST_GAMES, games cleared
before passed over, and the solver's positions held back until the newest page has been looked at."""

import random
import threading
from datetime import datetime, timezone

from game.learn.drill import DrillPosition, game_key
from game.learn.progress import Progress
from game.model import Replay
from game.view import drill_feed
from game.view.drill_feed import MOST_GAMES, PAGE, DrillFeed, _page
from game.work import worker
from tests.owngames import avoidable_game

WHEN = datetime(2026, 11, 29, tzinfo=timezone.utc)


class Kept:
    def __init__(self):
        self.values = {}

    def learnt(self):
        return dict(self.values)

    def set_learnt(self, key, value):
        self.values[key] = value


def reader(count, reads):
    """Games `count` down to 1, every one damaged (nothing to drill), each read noted in `reads`."""

    def read(before, n):
        reads.append((before, n))
        top = count if before is None else before - 1
        return [(i, WHEN, None) for i in range(top, max(0, top - n), -1)]

    return read


def test_no_more_than_the_newest_games_are_looked_at(monkeypatch):
    reviewed = []
    monkeypatch.setattr(worker, "run", lambda target, logs, *args, **kw: reviewed.extend(logs) or _nothing(logs))
    before, looked, ended = None, 0, False
    while not ended:
        page = _page(reader(1000, []), before, looked, set(), set(), threading.Event())
        before, looked, ended = page.before, page.looked, page.ended
        assert page.found.cleared == [game_key(game_id, WHEN) for game_id, _, _ in reviewed[-PAGE:]]
    assert looked == MOST_GAMES and len(reviewed) == MOST_GAMES and reviewed[0][0] == 1000


def test_cleared_games_are_passed_over_without_a_review(monkeypatch):
    reviewed = []
    monkeypatch.setattr(worker, "run", lambda target, logs, *args, **kw: reviewed.extend(logs) or _nothing(logs))
    cleared = {game_key(n, WHEN) for n in range(21, 31)}
    page = _page(reader(30, []), None, 0, cleared, set(), threading.Event())
    assert [game_id for game_id, _, _ in reviewed] == list(range(20, 10, -1)) and page.before == 11


def test_the_solvers_positions_wait_for_the_newest_page(monkeypatch):
    board, elapsed, guess, move = avoidable_game()
    moves = Replay.from_game(board, elapsed).to_json()
    gate = threading.Event()

    def read(before, n):
        gate.wait(30)
        return [(1, WHEN, moves)] if before is None else []

    monkeypatch.setattr(drill_feed, "next_position", lambda rng, rule, cancelled: _solvers())
    feed = DrillFeed(Progress(Kept()), read, random.Random(1))
    feed.solver_job.wait(30)
    assert feed.poll() is None, "the solver's position is ready, but the player's own games come first"
    gate.set()
    feed.own_job.wait(60)
    own = feed.poll()
    assert own is not None and own.game.key == f"{game_key(1, WHEN)}:{move}"
    feed.own_job is None or feed.own_job.wait(30)
    assert feed.poll().game is None, "none of their own left: the solver's"
    feed.answered(own, right=False)
    feed.solver_job.wait(30)
    assert feed.poll().game is None
    feed.solver_job.wait(30)
    assert feed.poll().game is None
    assert feed.poll() == own, "missed: back after two others"
    feed.cancel()


def _nothing(logs):
    from game.learn.own import Found

    return Found([], [game_key(game_id, at) for game_id, at, _ in logs])


def _solvers():
    board, elapsed, guess, move = avoidable_game(43)
    return DrillPosition(board, "single", frozenset(), frozenset(), (), "")
