"""NF bests (wins with no flag placed) kept apart: each board's best NF games by time and by each speed figure,
read from indexes of their own (migration 10), games with a flag never among them, and a file of version 9
whose NF games get their time into their figures when it is opened."""

import sqlite3

import pytest

from game.store import schema
from game.store.reader import Reader
from tests.store.test_speed_records import EXPERT, T0, VERSION_8_FIGURES, before_version_10, recorded
from tests.store.waited import open_waited

RANKED = ("Time", "3BV/s", "IOE", "STNB")


@pytest.fixture
def store(private_home):
    s = open_waited()
    yield s
    s.close()


def test_nf_bests_list_only_the_wins_without_a_flag_in_their_order(store):
    slow_nf, _ = recorded(store, *EXPERT, seed=1, pace_ms=900)
    fast_flagged, _ = recorded(store, *EXPERT, seed=2, pace_ms=100, flags=3)
    fast_nf, _ = recorded(store, *EXPERT, seed=3, pace_ms=300)
    assert (slow_nf.nf, fast_flagged.nf, fast_nf.nf) == (True, False, True)
    everyone = store.best_times("expert")
    assert len(everyone) == 3 and everyone[0].nf is False, "the flagged game is the fastest of all"
    for figure in RANKED:
        nf = store.bests("expert", figure, nf=True)
        assert len(nf) == 2 and all(game.nf for game in nf), figure
        assert [game.rank for game in nf] == [1, 2]
        assert nf == [
            game._replace(rank=n) for n, game in enumerate((g for g in store.bests("expert", figure) if g.nf), 1)
        ], f"{figure}: the NF games of the whole list, in its order"
    assert store.bests("beginner", "Time", nf=True) == []


class Spy:
    """A connection that keeps the queries it is asked."""

    def __init__(self, db):
        self.db, self.queries = db, []

    def execute(self, sql, params=()):
        self.queries.append((sql, params))
        return self.db.execute(sql, params)


def test_nf_bests_are_read_from_their_own_indexes(store):
    recorded(store, *EXPERT, seed=1)
    db = sqlite3.connect(store.path)
    reader, plans = Reader(), []
    for figure in RANKED:
        spy = Spy(db)
        reader.bests(spy, "expert", figure, nf=True)
        (sql, params), *_reviews = spy.queries  # (then its games' reviews, by their ids)
        plans.append(" ".join(row[-1] for row in db.execute(f"EXPLAIN QUERY PLAN {sql}", params)))
    assert "figures_nf_time" in plans[0]
    for figure, plan in zip(RANKED[1:], plans[1:]):
        column = {"3BV/s": "bbbv_s", "IOE": "ioe", "STNB": "stnb"}[figure]
        assert f"figures_nf_{column}" in plan, plan
    assert all("TEMP B-TREE" not in plan for plan in plans), "no sort: the index gives the order"
    db.close()


def test_a_version_9_file_gets_its_nf_games_time_into_their_figures(private_home):
    with open_waited() as store:
        recorded(store, *EXPERT, seed=1, pace_ms=500)
        recorded(store, *EXPERT, seed=2, flags=2)
        path = store.path
    db = sqlite3.connect(path, isolation_level=None)
    kept = db.execute(f"SELECT {VERSION_8_FIGURES} FROM figures ORDER BY game_id").fetchall()
    before_version_10(db)
    db.execute("PRAGMA user_version = 9")
    db.close()
    with open_waited() as store:
        [best] = store.bests("expert", "Time", nf=True)
        assert best.nf and best.played_at == T0
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    assert db.execute(f"SELECT {VERSION_8_FIGURES} FROM figures ORDER BY game_id").fetchall() == kept
    times = db.execute("SELECT nf, game_ms, time_ms FROM figures JOIN games ON games.id = game_id").fetchall()
    assert sorted(nf for nf, _, _ in times) == [0, 1]
    for nf, game_ms, time_ms in times:
        assert game_ms == (time_ms if nf else None), "the NF game's time, in its figures (the other reads its row)"
    db.close()
