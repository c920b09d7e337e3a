"""The records store when all goes well: schema, settings, games and best times, statistics, the saved game."""

import json
import sqlite3
import zlib
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.model.rules.category import category_for, category_label
from game.store import DB_NAME, MAX_TIME_MS, Store
from game.store import schema as store_module
from game.store.games import ordinal
from game.store.kept import GameRecord
from game.store.schema import SCHEMA_VERSION
from tests.store.waited import open_waited

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=timezone.utc)


def game(won=True, time_ms=10_000, size=(16, 30, 99), at=None, **kw):
    rows, cols, mines = size
    return GameRecord(
        rows=rows,
        cols=cols,
        mines=mines,
        won=won,
        time_ms=time_ms,
        three_bv=kw.pop("three_bv", 100),
        seed=kw.pop("seed", 7),
        played_at=at or datetime.now(timezone.utc),
        **kw,
    )


def play(store, results, size=(16, 30, 99), start=T0):
    """Record a sequence like "WWL" one minute apart; W1234 style times are not needed here."""
    for i, mark in enumerate(results):
        store.record_game(game(won=mark == "W", size=size, at=start + timedelta(minutes=i)))


@pytest.fixture
def store(private_home):
    s = open_waited()
    yield s
    s.close()


def raw(path):
    return sqlite3.connect(path, isolation_level=None)


# --- opening and the schema -------------------------------------------------------------------------------


def test_fresh_database_in_the_home_folder(private_home):
    with open_waited() as s:
        assert s.available and s.notices == []
        assert s.path == private_home / DB_NAME
    db = raw(private_home / DB_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"settings", "games", "resume"} <= tables


def test_home_argument_wins_over_the_environment(tmp_path):
    with open_waited(home=tmp_path / "elsewhere") as s:
        assert s.path == tmp_path / "elsewhere" / DB_NAME


def test_platform_folder_when_no_override(tmp_path, monkeypatch):
    import platformdirs

    monkeypatch.delenv("MINESWEEPER_HOME")
    seen = {}

    def user_data_dir(name, appauthor=None):
        seen["args"] = (name, appauthor)
        return str(tmp_path / "platform")

    monkeypatch.setattr(platformdirs, "user_data_dir", user_data_dir)
    with open_waited() as s:
        assert s.path == tmp_path / "platform" / DB_NAME
    assert seen["args"] == ("minesweeper", False)


def test_an_empty_file_is_migrated_forward(private_home):
    private_home.mkdir()
    (private_home / DB_NAME).write_bytes(b"")
    with open_waited() as s:
        assert s.available and s.notices == []
        s.set_settings({"sound": False})
    assert raw(private_home / DB_NAME).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_migrations_run_forward_once_and_keep_the_data(private_home, monkeypatch):
    with open_waited() as s:
        s.record_game(game(time_ms=5000))
    calls = []

    def to_v2(db):
        calls.append(1)
        db.execute("ALTER TABLE games ADD COLUMN note TEXT DEFAULT 'old'")

    monkeypatch.setattr(store_module, "MIGRATIONS", store_module.MIGRATIONS + [to_v2])
    for _ in range(2):
        with open_waited() as s:
            assert s.available
            assert [b.time_ms for b in s.best_times("expert")] == [5000]
    assert calls == [1]
    db = raw(private_home / DB_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
    assert db.execute("SELECT note FROM games").fetchall() == [("old",)]


def test_a_newer_schema_is_left_alone(private_home):
    open_waited().close()
    db = raw(private_home / DB_NAME)
    db.execute("PRAGMA user_version = 99")
    db.close()
    before = (private_home / DB_NAME).read_bytes()
    s = open_waited()
    assert not s.available and s.path is None
    assert "newer version" in s.notices[0]
    s.set_settings({"tile": 48})
    assert s.settings()["tile"] == 48  # in memory for this session
    s.close()
    assert (private_home / DB_NAME).read_bytes() == before


@pytest.mark.parametrize("what", ["collation", "function"])
@pytest.mark.parametrize("journal", ["wal", "delete"])
def test_a_newer_schema_needing_what_this_version_lacks_is_left_alone(private_home, what, journal):
    """A newer version's file whose index uses a collation or SQL function this version lacks fails the
    integrity check here: it must still be left alone (not set aside, not salvaged, not switched to WAL)."""
    open_waited().close()
    db = raw(private_home / DB_NAME)
    if what == "collation":
        db.create_collation("newer_order", lambda a, b: (a > b) - (a < b))
        db.execute("CREATE INDEX games_newer ON games (category COLLATE newer_order)")
    else:
        db.create_function("newer_key", 1, lambda value: value, deterministic=True)
        db.execute("CREATE INDEX games_newer ON games (newer_key(category))")
    db.execute("CREATE TABLE newer_things (id INTEGER PRIMARY KEY, what TEXT)")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.execute(f"PRAGMA journal_mode = {journal}")
    db.close()
    before = sorted(p.name for p in private_home.iterdir())
    content = (private_home / DB_NAME).read_bytes()
    s = open_waited()
    assert not s.available and s.path is None
    assert any("newer version" in notice for notice in s.notices)
    assert not any("damaged" in notice for notice in s.notices)
    s.close()
    assert (private_home / DB_NAME).read_bytes() == content
    assert not [p for p in private_home.iterdir() if ".corrupt-" in p.name]
    assert {name for name in before if not name.endswith((".lock-open", ".lock-use"))} <= {
        p.name for p in private_home.iterdir()
    }
    db = raw(private_home / DB_NAME)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == journal
    db.close()


# --- settings ---------------------------------------------------------------------------------------------


def test_settings_are_empty_until_set(store):
    assert store.settings() == {}


@pytest.mark.parametrize("value", [True, False, 0, 48, 1.5, "expert", [16, 30, 99], {"a": [1, None]}, None])
def test_settings_round_trip_their_type(store, value):
    store.set_settings({"thing": value})
    assert store.settings()["thing"] == value
    assert type(store.settings()["thing"]) is type(value)


def test_a_stored_setting_that_is_not_json_is_left_out(store, private_home):
    store.set_settings({"tile": 48})
    raw(private_home / DB_NAME).execute(
        "INSERT INTO settings VALUES ('sound', 'not json'), ('deep', ?)", ("[" * 100_000 + "]" * 100_000,)
    )
    assert store.settings() == {"tile": 48}


def test_settings_outlive_the_process(private_home):
    with open_waited() as s:
        s.set_settings({"difficulty": "expert", "custom": (30, 40, 200), "volume": 0.5})
        s.set_settings({"difficulty": "custom"})  # last write wins
    with open_waited() as s:
        assert s.settings() == {"difficulty": "custom", "custom": [30, 40, 200], "volume": 0.5}


def test_a_setting_that_is_not_json_is_a_bug(store):
    with pytest.raises(TypeError):
        store.set_settings({"x": object()})


def test_learning_progress_outlives_the_process(private_home):
    with Store.open() as s:
        assert s.learnt() == {}
        s.set_learnt("lessons", ["numbers"])
        s.set_learnt("lessons", ["numbers", "flags"])  # last write wins
        s.set_learnt("mistakes", {"one-one": 2})
    with Store.open() as s:
        assert s.learnt() == {"lessons": ["numbers", "flags"], "mistakes": {"one-one": 2}}


def test_an_unreadable_learning_value_starts_again(store, private_home):
    store.set_learnt("lessons", ["numbers"])
    raw(private_home / DB_NAME).execute("INSERT INTO learn VALUES ('drill', ?)", ("[" * 100_000 + "]" * 100_000,))
    assert store.learnt() == {"lessons": ["numbers"]}


# --- categories and records -------------------------------------------------------------------------------


def test_categories_and_labels():
    assert category_for(9, 9, 10) == "beginner"
    assert category_for(16, 16, 40) == "intermediate"
    assert category_for(16, 30, 99) == "expert"
    assert category_for(30, 16, 99) == "custom:30x16x99"
    assert category_for(16, 30, 98) == "custom:16x30x98"
    assert category_label("expert") == "Expert"
    assert category_label("custom:20x30x50") == "Custom 30 x 20, 50 mines"
    assert category_label("custom:5x5x1") == "Custom 5 x 5, 1 mine"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
        "111th",
    ]


def test_a_record_knows_its_category_and_clicks():
    r = GameRecord(
        rows=9,
        cols=9,
        mines=10,
        won=True,
        time_ms=1,
        three_bv=3,
        left_clicks=10,
        right_clicks=4,
        chord_clicks=2,
        effective_clicks=12,
    )
    assert r.category == "beginner" and (r.left_clicks, r.right_clicks, r.chord_clicks, r.effective_clicks) == (
        10,
        4,
        2,
        12,
    )
    with pytest.raises(ValueError):
        GameRecord(category="expert", rows=9, cols=9, mines=10, won=True, time_ms=1, three_bv=3)


def test_every_field_is_stored(store):
    r = GameRecord(
        rows=9,
        cols=9,
        mines=10,
        won=False,
        time_ms=1234,
        three_bv=17,
        seed=2**80,
        first_click="safe",
        no_guess=True,
        left_clicks=5,
        right_clicks=2,
        chord_clicks=1,
        effective_clicks=6,
        assisted=True,
        same_board=True,
        played_at="2026-03-04T05:06:07+02:00",
        solved_three_bv=9,
        replay='{"moves":[]}',
        abandoned=True,
        video="a1b2c3d4e5f60718",
    )
    store.record_game(r)
    db = raw(store.path)
    db.row_factory = sqlite3.Row
    row = dict(db.execute("SELECT * FROM games").fetchone())
    assert len(row.pop("uid")) == 16  # the record's id, so one made again from a journal is not counted twice
    assert row == {
        "id": 1,
        "played_at": "2026-03-04T03:06:07.000000Z",
        "category": "beginner",
        "rows": 9,
        "cols": 9,
        "mines": 10,
        "first_click": "safe",
        "no_guess": 1,
        "seed": str(2**80),
        "won": 0,
        "time_ms": 1234,
        "time_ok": 1,
        "three_bv": 17,
        "left_clicks": 5,
        "right_clicks": 2,
        "chord_clicks": 1,
        "effective_clicks": 6,
        "hinted": 1,
        "same_board": 1,
        "moves": zlib.compress(b'{"moves":[]}', 6),
        "solved_three_bv": 9,
        "abandoned": 1,
        "video": "a1b2c3d4e5f60718",
    }
    assert store.replay(1) == '{"moves":[]}' and store.replay(2) is None


def test_ranks_and_messages(store):
    ranks = []
    for i, t in enumerate([50_000, 40_000, 45_000, 60_000, 40_000]):
        result = store.record_game(game(time_ms=t, at=T0 + timedelta(minutes=i)))
        ranks.append(result.rank)
    assert ranks == [1, 1, 2, 4, 2]  # an equal time ranks after the earlier game
    assert result.message == "New record! 2nd best Expert time" and result.rank == 2
    assert store.record_game(game(time_ms=1000)).message == "New record! Best Expert time"
    best = store.best_times("expert")
    assert [(b.rank, b.time_ms) for b in best] == [
        (1, 1000),
        (2, 40_000),
        (3, 40_000),
        (4, 45_000),
        (5, 50_000),
        (6, 60_000),
    ]
    assert best[1].played_at == T0 + timedelta(minutes=1) and best[1].seed == 7
    assert best[0].three_bv_per_s == pytest.approx(100.0)


def test_equal_time_and_date_rank_by_arrival(store):
    assert [store.record_game(game(time_ms=9000, at=T0)).rank for _ in range(3)] == [1, 2, 3]


def test_only_the_top_ten_are_records(store):
    for i in range(10):
        assert store.record_game(game(time_ms=(i + 1) * 1000, at=T0 + timedelta(minutes=i))).rank == i + 1
    slow = store.record_game(game(time_ms=11_000))
    assert slow.rank is None and slow.message == "" and slow.counted
    assert store.record_game(game(time_ms=10_000)).rank is None  # ties the 10th, but later
    assert store.record_game(game(time_ms=500)).rank == 1
    assert len(store.best_times("expert")) == 10
    assert [b.time_ms for b in store.best_times("expert", limit=3)] == [500, 1000, 2000]
    assert len(store.best_times("expert", limit=100)) == 13


def test_losses_hints_and_same_board_never_make_best_times(store):
    for kw in ({"won": False}, {"assisted": True}, {"same_board": True}):
        result = store.record_game(game(time_ms=1000, **kw))
        assert result.rank is None and not result.counted and result.game_id
    assert store.best_times("expert") == []
    stats = store.statistics("expert")
    assert (stats.played, stats.won, stats.current_streak) == (3, 2, 2)  # they count as games played
    assert stats.best_3bv_per_s is None and stats.average_win_ms is None and stats.best_time_ms is None


def test_custom_sizes_are_their_own_categories(store):
    store.record_game(game(size=(20, 20, 50), time_ms=90_000))
    store.record_game(game(size=(8, 8, 10), time_ms=9_000))
    second = store.record_game(game(size=(20, 20, 50), time_ms=80_000))
    store.record_game(game(size=(9, 9, 10), time_ms=5_000))
    assert second.category == "custom:20x20x50" and second.label == "Custom 20 x 20, 50 mines"
    assert second.message == "New record! Best time for Custom 20 x 20, 50 mines"
    assert store.custom_categories() == ["custom:8x8x10", "custom:20x20x50"]
    assert [b.time_ms for b in store.best_times("custom:20x20x50")] == [80_000, 90_000]
    assert store.best_times("custom:20x20x51") == [] and store.best_times("nonsense") == []
    assert [b.time_ms for b in store.best_times("beginner")] == [5_000]


# --- statistics -------------------------------------------------------------------------------------------


def test_statistics_on_a_known_sequence(store):
    times = {0: 100_000, 1: 80_000, 3: 120_000, 4: 60_000, 5: 90_000, 7: 70_000}
    for i, mark in enumerate("WWLWWWLW"):
        store.record_game(
            game(won=mark == "W", time_ms=times.get(i, 30_000), three_bv=120, at=T0 + timedelta(minutes=i))
        )
    s = store.statistics("expert")
    assert (s.played, s.won, s.lost) == (8, 6, 2)
    assert s.win_percent == pytest.approx(75.0)
    assert (s.current_streak, s.best_streak) == (1, 3)
    assert s.average_win_ms == round(sum(times.values()) / 6)
    assert s.best_time_ms == 60_000
    assert s.best_3bv_per_s == pytest.approx(2.0)  # 120 3BV in 60 s
    assert s.label == "Expert"


def test_streaks_follow_the_order_recorded_not_the_clock(store):
    # won, won, then a loss with the clock an hour behind: the streak is over, whatever the dates say
    for won, hours in ((True, 0), (True, 1), (False, 0)):
        store.record_game(game(won=won, at=T0 + timedelta(hours=hours)))
    s = store.statistics("expert")
    assert (s.current_streak, s.best_streak) == (0, 2)
    assert [g.won for g in store.recent_games("expert")] == [False, True, True]


def test_statistics_of_an_unplayed_category(store):
    s = store.statistics("intermediate")
    assert (s.played, s.won, s.win_percent, s.current_streak, s.best_streak) == (0, 0, 0.0, 0, 0)
    assert s.best_3bv_per_s is None and s.average_win_ms is None and s.label == "Intermediate"


def test_assisted_wins_extend_streaks_but_not_times(store):
    store.record_game(game(time_ms=50_000, at=T0))
    store.record_game(game(time_ms=10_000, assisted=True, at=T0 + timedelta(minutes=1)))
    store.record_game(game(time_ms=20_000, same_board=True, at=T0 + timedelta(minutes=2)))
    s = store.statistics("expert")
    assert (s.won, s.current_streak) == (3, 3)
    assert s.average_win_ms == 50_000 and s.best_3bv_per_s == pytest.approx(2.0)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.booleans(), max_size=30))
def test_streaks_match_a_plain_count(results):
    with Store.memory() as s:  # in memory, writes are made as they are asked for
        play(s, "".join("W" if w else "L" for w in results))
        stats = s.statistics("expert")
    runs = "".join("W" if w else "L" for w in results).split("L")
    assert stats.best_streak == max(len(r) for r in runs)
    assert stats.current_streak == len(runs[-1])
    assert stats.played == len(results) and stats.won == sum(results)


def test_reset_clears_games_but_keeps_settings_and_the_saved_game(store):
    play(store, "WWL")
    play(store, "W", size=(9, 9, 10))
    store.set_settings({"tile": 48})
    store.save_resume({"cells": "..."}, 1000, "expert")
    store.reset_statistics("beginner")
    assert store.statistics("beginner").played == 0 and store.statistics("expert").played == 3
    store.reset_statistics()
    assert store.statistics("expert").played == 0 and store.best_times("expert") == []
    assert store.custom_categories() == []
    assert store.settings()["tile"] == 48 and store.load_resume() is not None


# --- the game in progress ---------------------------------------------------------------------------------


def test_resume_round_trip(private_home):
    board = {"rows": 16, "cols": 30, "mines": 99, "seed": 5, "cells": "." * 480, "mine_list": [1, 2, 3]}
    with open_waited() as s:
        assert s.load_resume() is None
        assert s.save_resume({"old": True}, 1000, "beginner")
        assert s.save_resume(board, 42_345, "expert", extra={"hints": 0})
    with open_waited() as s:
        saved = s.load_resume()
        assert saved.board_data() == board and saved.elapsed_ms == 42_345 and saved.category == "expert"
        assert saved.extra == {"hints": 0} and saved.describe() == "Expert, 42 s"
        assert abs(saved.saved_at - datetime.now(timezone.utc)) < timedelta(minutes=1)
        s.clear_resume()
        assert s.load_resume() is None


def test_a_saved_boards_text_is_read_in_small_steps(longest_json_read):
    """The resume's thread reads a saved board's text; one json.loads of a 100,000-move board held the
    interpreter, and so the frames, for tens of milliseconds."""
    from game.store.kept import SavedGame

    board = {
        "rows": 100,
        "cols": 100,
        "cells": ["." * 100] * 100,
        "moves": [["f", n % 100, 7, n] for n in range(100_000)],
    }
    text = json.dumps(board)
    longest_json_read[0] = 0
    assert SavedGame(text, 1000, "custom", None).board_data() == board
    assert longest_json_read[0] <= 102  # a row of cells, with its quotes


def test_recording_a_game_forgets_the_saved_one(store):
    store.save_resume({"a": 1}, 10, "expert")
    store.record_game(game(), clear_resume=False)
    assert store.load_resume() is not None
    store.record_game(game())
    assert store.load_resume() is None


def test_resume_board_must_be_a_dict(store):
    with pytest.raises(TypeError):
        store.save_resume([1, 2], 0, "expert")
    with pytest.raises(TypeError):
        store.save_resume({"x": object()}, 0, "expert")


def test_custom_resume_description(store):
    store.save_resume({}, 5_999, "custom:20x20x50")
    assert store.load_resume().describe() == "Custom 20 x 20, 50 mines, 5 s"


# --- time travel ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad, stored",
    [(-5, 0), (-(10**12), 0), (MAX_TIME_MS + 1, MAX_TIME_MS), (float("nan"), 0), (float("inf"), MAX_TIME_MS)],
)
def test_impossible_times_are_clamped_and_never_records(store, bad, stored):
    result = store.record_game(game(time_ms=bad))
    assert result.rank is None and not result.counted and result.game_id
    assert raw(store.path).execute("SELECT time_ms, time_ok FROM games").fetchone() == (stored, 0)
    assert store.best_times("expert") == []
    stats = store.statistics("expert")
    assert (stats.played, stats.won) == (1, 1) and stats.average_win_ms is None


def test_negative_elapsed_time_is_saved_as_zero(store):
    store.save_resume({"a": 1}, -300, "expert")
    assert store.load_resume().elapsed_ms == 0


def test_resume_json_is_compact(store):
    store.save_resume({"a": [1, 2]}, 0, "expert")
    text = raw(store.path).execute("SELECT board FROM resume").fetchone()[0]
    assert text == '{"a":[1,2]}' and json.loads(text) == {"a": [1, 2]}


def test_the_store_does_not_need_pygame():
    import subprocess
    import sys

    code = "import sys, game.store; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[2])


# --- recent games and their move logs -------------------------------------------------------------------


def test_recent_games_come_newest_first_with_their_figures(store):
    store.record_game(game(won=True, time_ms=20_000, three_bv=100, left_clicks=80, right_clicks=20, at=T0, replay="{}"))
    store.record_game(
        game(
            won=False,
            time_ms=5_000,
            three_bv=100,
            solved_three_bv=10,
            left_clicks=12,
            chord_clicks=3,
            effective_clicks=14,
            at=T0 + timedelta(minutes=1),
        )
    )
    lost, won = store.recent_games("expert")
    assert (lost.won, won.won) == (False, True)
    assert won.has_replay and not lost.has_replay
    assert won.ioe == 1.0 and won.three_bv_per_s == 5.0
    assert lost.ioe == 10 / 15 and lost.three_bv_per_s == 2.0 and lost.clicks == 15
    assert store.recent_games("beginner") == []


def test_a_damaged_move_log_reads_as_none(store):
    store.record_game(game(replay='{"moves":[]}'))
    raw(store.path).execute("UPDATE games SET moves = x'00ff00'")
    assert store.replay(1) is None
    assert store.recent_games("expert")[0].has_replay  # the list still shows it; opening it says it is damaged


def test_games_from_version_1_keep_their_data_and_have_no_solved_3bv(private_home):
    private_home.mkdir()
    db = raw(private_home / DB_NAME)
    store_module.MIGRATIONS[0](db)  # the first release's schema, with one lost game in it
    db.execute("PRAGMA user_version = 1")
    db.execute(
        "INSERT INTO games (played_at, category, rows, cols, mines, first_click, won, time_ms, three_bv) "
        "VALUES ('2026-01-01T12:00:00.000000Z', 'expert', 16, 30, 99, 'opening', 0, 4000, 120)"
    )
    db.close()
    with open_waited() as s:
        [old] = s.recent_games("expert")
        assert old.time_ms == 4000 and old.solved_three_bv is None and old.ioe is None
        assert s.statistics("expert").played == 1
    assert raw(private_home / DB_NAME).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_move_log_that_would_unpack_to_gigabytes_reads_as_damaged(store):
    store.record_game(game(replay='{"moves":[]}'))
    bomb = zlib.compress(b" " * 200_000_000, 9)  # 200 MB of spaces in 200 KB
    raw(store.path).execute("UPDATE games SET moves = ?", (bomb,))
    assert store.replay(1) is None
