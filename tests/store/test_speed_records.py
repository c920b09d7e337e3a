"""The speed figures the records keep (3BV/s, IOE, STNB, NF): worked out from a game's video as it is recorded,
each board's best games by each, the personal bests a game beats, the games recorded before (migration 7,
worked out in the background), and damage in them."""

import sqlite3
from datetime import datetime, timedelta, timezone

import pytest

from game.model.replay.replay import Replay
from game.store import DB_NAME, Store, figuring, schema, speed
from game.store.figuring import BATCH_GAMES
from game.store.kept import GameRecord
from game.video.figures import figures_of
from game.video.packed import split_log, video_of
from tests.played import played, record_of
from tests.populated import version_6_file, version_6_records
from tests.store.waited import open_waited

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=timezone.utc)
EXPERT = (16, 30, 99)
INTERMEDIATE = (16, 16, 40)


@pytest.fixture
def store(private_home):
    s = open_waited()
    yield s
    s.close()


def recorded(store, *size, seed, pace_ms=400, at=None, **marks):
    """Play a game, record it; returns (its figures as the panel shows them, what recording it meant)."""
    board, video, elapsed = played(*size, seed, pace_ms=pace_ms, flags=marks.pop("flags", 0))
    result = store.record_game(record_of(board, video, elapsed, played_at=at or T0, **marks))  # waited for
    return figures_of(video), result


def test_a_game_keeps_the_figures_of_its_video(store):
    figures, result = recorded(store, *INTERMEDIATE, seed=1, flags=2)
    [game] = store.recent_games("intermediate")
    assert game.kept.source == speed.FROM_VIDEO
    assert game.three_bv_per_s == pytest.approx(figures.bbbv_s)
    assert game.ioe == pytest.approx(figures.ioe) and game.stnb == pytest.approx(figures.stnb)
    assert game.nf is False and figures.nf is False
    [best] = store.bests("intermediate", "3BV/s")
    assert best.game_id == game.game_id == result.game_id and best.has_replay


def test_each_board_lists_its_best_games_by_each_figure(store):
    made = [recorded(store, *INTERMEDIATE, seed=seed, pace_ms=200 + 90 * seed) for seed in range(5)]
    ids = {}
    for figure, value in (("3BV/s", "bbbv_s"), ("IOE", "ioe"), ("STNB", "stnb")):
        bests = store.bests("intermediate", figure)
        values = [getattr(figures, value) for figures, _ in made]
        assert [getattr(b, "three_bv_per_s" if value == "bbbv_s" else value) for b in bests] == pytest.approx(
            sorted(values, reverse=True)
        )
        assert [b.rank for b in bests] == [1, 2, 3, 4, 5]
        ids[figure] = [b.game_id for b in bests]
    assert ids["3BV/s"] != ids["IOE"], "lists of their own, in their own order"
    assert store.bests("beginner", "STNB") == [] and store.bests("intermediate", "Time")[0].kept is not None


def test_a_game_that_beats_the_boards_bests_says_which_and_what_it_beat(store):
    slow, first = recorded(store, *INTERMEDIATE, seed=4, pace_ms=900)
    assert first.rank == 1 and first.beaten == (), "the board's first game beats nothing: it is the first"
    fast, result = recorded(store, *INTERMEDIATE, seed=4, pace_ms=300)
    beaten = {b.figure: b for b in result.beaten}
    assert set(beaten) == {"Time", "3BV/s", "STNB"}, "the same clicks faster: the same IOE, not a best"
    assert beaten["3BV/s"].value == pytest.approx(fast.bbbv_s) and beaten["3BV/s"].was == pytest.approx(slow.bbbv_s)
    assert beaten["Time"].value == fast.time_ms and beaten["Time"].was == slow.time_ms
    _, slower = recorded(store, *INTERMEDIATE, seed=4, pace_ms=600)
    assert slower.beaten == () and slower.rank == 2


def test_an_assisted_win_keeps_its_figures_and_is_never_a_best(store):
    recorded(store, *INTERMEDIATE, seed=2, pace_ms=900)
    for marks in ({"assisted": True}, {"same_board": True}):
        _, result = recorded(store, *INTERMEDIATE, seed=2, pace_ms=100, **marks)
        assert result.beaten == () and not result.counted
    for figure in ("Time", "3BV/s", "IOE", "STNB"):
        assert len(store.bests("intermediate", figure)) == 1
    seen, assisted, first = store.recent_games("intermediate")
    assert (assisted.assisted, seen.same_board) == (True, True)
    assert assisted.kept.source == speed.FROM_VIDEO and assisted.three_bv_per_s > first.three_bv_per_s


def test_a_game_without_a_flag_is_nf(store):
    recorded(store, *INTERMEDIATE, seed=3)
    recorded(store, *INTERMEDIATE, seed=3, flags=1)
    flagged, nf = store.recent_games("intermediate")
    assert nf.nf is True and flagged.nf is False


def test_stnb_only_on_the_standard_boards(store):
    figures, _ = recorded(store, 9, 9, 10, seed=1)  # Windows' beginner, and ours (ms-toollib calls it custom)
    [game] = store.recent_games("beginner")
    assert game.stnb == pytest.approx(figures.stnb) and game.stnb > 0
    assert len(store.bests("beginner", "STNB")) == 1
    recorded(store, 8, 8, 10, seed=1)  # Arbiter's beginner: a board of its own in the records, with STNB
    [game] = store.recent_games("custom:8x8x10")
    assert game.stnb > 0 and len(store.bests("custom:8x8x10", "STNB")) == 1
    for custom in ((30, 16, 99), (9, 9, 11)):  # expert on its side, a mine more than beginner
        recorded(store, *custom, seed=1)
        [game] = store.recent_games("custom:{}x{}x{}".format(*custom))
        assert game.stnb is None and game.three_bv_per_s > 0
        assert store.bests("custom:{}x{}x{}".format(*custom), "STNB") == []


def test_the_best_lists_read_from_their_index(store):
    db = sqlite3.connect(store.path)
    for figure in ("3BV/s", "IOE", "STNB"):
        column = {"3BV/s": "bbbv_s", "IOE": "ioe", "STNB": "stnb"}[figure]
        query = (
            f"EXPLAIN QUERY PLAN SELECT games.id FROM figures JOIN games ON games.id = figures.game_id "
            f"WHERE figures.category = ? AND timed = 1 AND {schema.believable(column)} AND {schema.TIMED} "
            f"ORDER BY {column} DESC, game_id LIMIT 10"
        )
        plan = " ".join(str(row) for row in db.execute(query, ("expert",)))
        assert f"figures_best_{column}" in plan and "TEMP B-TREE" not in plan, plan


# --- games recorded before the records kept figures (migration 7) -----------------------------------------


def test_games_from_version_6_get_their_figures_in_the_background(private_home):
    """Records an older version of the game left (its own file): migration 7 at the start, then each game's
    figures worked out by the writer, from whatever the game kept."""
    path = version_6_records(private_home)
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 6
    with open_waited() as store:
        assert store.flush(30)  # the figures are worked out in the background
        no_log, with_video = store.recent_games("expert")
        assisted, moves_only, lost = store.recent_games("intermediate")
        assert [g.kept.source for g in (with_video, lost, assisted)] == [speed.FROM_VIDEO] * 3
        assert (no_log.kept.source, moves_only.kept.source) == (speed.FROM_ROW, speed.FROM_MOVES)
        for game in (with_video, lost, assisted):  # as the game-over panel showed them
            moves, kept = split_log(store.replay(game.game_id))
            figures = figures_of(video_of(Replay.from_json(moves), kept))
            assert game.three_bv_per_s == pytest.approx(figures.bbbv_s) and game.ioe == pytest.approx(figures.ioe)
            assert game.stnb == pytest.approx(figures.stnb) and game.nf is figures.nf
        assert with_video.nf is False and no_log.nf is True and moves_only.nf is True
        assert moves_only.ioe == pytest.approx(moves_only.three_bv / moves_only.clicks), "its own clicks"
        assert lost.three_bv_per_s == pytest.approx(lost.solved_three_bv * 1000 / lost.time_ms, rel=0.01)
        assert [b.game_id for b in store.bests("intermediate", "3BV/s")] == [moves_only.game_id], "no assisted"
        assert {b.game_id for b in store.bests("expert", "IOE")} == {no_log.game_id, with_video.game_id}
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    assert db.execute("SELECT COUNT(*) FROM figures").fetchone()[0] == 5


def test_many_older_games_are_worked_out_a_batch_at_a_time(private_home, monkeypatch):
    count = BATCH_GAMES + 50
    start = T0
    records = [
        GameRecord(rows=9, cols=9, mines=10, won=True, time_ms=10_000 + n, three_bv=20, left_clicks=25,
                   played_at=start + timedelta(seconds=n))
        for n in range(count)
    ]  # fmt: skip
    version_6_file(private_home, records)
    batches = []
    real = figuring.pending

    def pending(db, rest=0.0):
        worked, more = real(db, rest=rest)
        batches.append((len(worked), rest))
        return worked, more

    monkeypatch.setattr(figuring, "pending", pending)
    store = Store.open(private_home)
    assert store.flush(60)
    sizes = [size for size, _ in batches]
    assert len(batches) >= 2 and max(sizes) <= BATCH_GAMES and sum(sizes) == count, batches
    assert [rest for _, rest in batches] == [0.0] + [figuring.BATCH_REST] * (len(batches) - 1), "a rest between"
    db = sqlite3.connect(private_home / DB_NAME)
    assert db.execute("SELECT COUNT(*) FROM figures").fetchone()[0] == count
    assert store.statistics("beginner").best_3bv_per_s == pytest.approx(20 / 10)
    [best] = store.bests("beginner", "3BV/s", limit=1)
    assert best.three_bv_per_s == pytest.approx(2.0) and best.nf is True
    store.close()


def test_the_figures_of_an_older_game_are_not_claimed_beaten_before_they_are_known(store):
    """A game recorded while older games of its board wait for their figures announces no figure beaten (the
    best may be one of those): only its time, which every game has."""
    recorded(store, *INTERMEDIATE, seed=4, pace_ms=900)
    sqlite3.connect(store.path, isolation_level=None).execute("DELETE FROM figures")
    store.store._closing = True  # no background work here: the older game's figures wait
    _, result = recorded(store, *INTERMEDIATE, seed=4, pace_ms=300)
    assert [b.figure for b in result.beaten] == ["Time"]


# --- damage ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "column, value",
    [
        ("bbbv_s", "fast"),
        ("bbbv_s", 1e300),
        ("bbbv_s", -1.0),
        ("ioe", b"\x00\xff"),
        ("stnb", "x" * 1000),
        ("nf", "yes"),
        ("nf", 7),
        ("source", "somewhere"),
        ("source", None),
        ("category", b"\xff"),
        ("timed", "x"),
    ],
)
def test_a_damaged_figure_is_never_ranked_nor_stops_a_list(store, column, value):
    for seed in range(3):
        recorded(store, *INTERMEDIATE, seed=seed, pace_ms=300 + 100 * seed)
    db = sqlite3.connect(store.path, isolation_level=None)
    try:
        db.execute(f"UPDATE figures SET {column} = ? WHERE game_id = 1", (value,))
    except sqlite3.IntegrityError:  # NOT NULL
        db.execute("DELETE FROM figures WHERE game_id = 1")
    for figure in ("Time", "3BV/s", "IOE", "STNB"):
        shown = store.bests("intermediate", figure)
        assert 2 <= len(shown) <= 3
        for best in shown:
            for name in ("three_bv_per_s", "ioe", "stnb"):
                got = getattr(best, name)
                assert got is None or 0 <= got < 1e6
    assert len(store.recent_games("intermediate")) == 3
    stats = store.statistics("intermediate")
    assert stats.won == 3 and 0 < stats.best_3bv_per_s < 100
    assert not store.notices


def test_records_in_memory_keep_no_figures_rather_than_work_them_out_on_the_frame():
    """Without a records file the writer makes each write as it is posted, on the frame: a game is recorded
    without its figures (they take a quarter of a second on a 100 x 100 board) and still shows."""
    store = Store.memory()
    board, video, elapsed = played(*INTERMEDIATE, 1)
    result = store.record_game(record_of(board, video, elapsed)).result()
    assert result.rank == 1
    [game] = store.recent_games("intermediate")
    assert game.kept is None and game.three_bv_per_s == pytest.approx(board.three_bv * 1000 / elapsed)
    store.close()


def facts(**changes):
    # rows, cols, mines, won, time, 3BV, 3BV solved; left, right, chord and useful clicks
    row = speed.Facts(16, 16, 40, True, 20_000, 50, 50, 60, 5, 0, 60)
    return row._replace(**changes)


def test_what_a_row_alone_gives_and_what_it_cannot():
    kept = speed.work_out(facts(), None)
    assert kept == speed.Kept(speed.FROM_ROW, 2.5, 50 / 65, pytest.approx(162 * 50 / 20**1.7), None)
    assert speed.work_out(facts(right_clicks=0), None).nf is True, "no right click: no flag"
    assert speed.work_out(facts(left_clicks=0, right_clicks=0), None).ioe is None, "no clicks kept: no IOE"
    assert speed.work_out(facts(rows=9, cols=9, mines=11), None).stnb is None, "no STNB off the standard boards"
    assert speed.work_out(facts(rows=9, cols=9, mines=10), None).stnb == pytest.approx(36 * 50 / 20**1.7)
    assert speed.work_out(facts(time_ms=0), None).bbbv_s is None, "no 3BV/s at 0 ms"
    assert speed.work_out(facts(won=False, solved_three_bv=None), None).bbbv_s is None, "an old loss's part solved"
    assert speed.work_out(facts(time_ms="soon"), None) == speed.Kept(speed.NOTHING)
    assert speed.work_out(facts(), "not a log").source == speed.FROM_ROW, "a damaged log: the row"


def test_a_video_that_ends_otherwise_than_its_record_is_not_believed():
    """A same-board game's first click is made for the player and is not in its video: the video never wins."""
    board, video, elapsed = played(*INTERMEDIATE, 2)
    record = record_of(board, video, elapsed)
    assert speed.work_out(speed.facts_of(record._asdict()), record.replay).source == speed.FROM_VIDEO
    cut = video.__class__(video.rows, video.cols, video.mines)
    for event in list(video)[2:]:  # the opening click left out
        cut.append(event.kind, event.time_ms, event.x, event.y)
    other = record_of(board, cut, elapsed)
    kept = speed.work_out(speed.facts_of(other._asdict()), other.replay)
    assert kept.source == speed.FROM_MOVES and kept.bbbv_s == pytest.approx(board.three_bv * 1000 / elapsed)


VERSION_8_FIGURES = "game_id, category, timed, source, bbbv_s, ioe, stnb, nf"  # the figures' columns then


def before_version_10(db):
    """Take a file back to what version 9 made: no NF bests' indexes, no game's time in its figures."""
    for (index,) in db.execute("SELECT name FROM sqlite_master WHERE name LIKE 'figures_nf_%'").fetchall():
        db.execute(f"DROP INDEX {index}")
    db.execute("ALTER TABLE figures DROP COLUMN game_ms")


def test_beginner_games_kept_without_stnb_get_it_after_migration_9(private_home):
    """Before Beginner (9 x 9) had STNB its games were kept without: migration 9 lets the writer work their
    figures out again, STNB now with them; other boards' figures stay as they were."""
    with open_waited() as store:
        beginner, _ = recorded(store, 9, 9, 10, seed=1)
        recorded(store, *EXPERT, seed=2)
        assert store.flush(30)
        path = store.path
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("UPDATE figures SET stnb = NULL WHERE category = 'beginner'")  # as version 8 kept it
    expert_row = db.execute(f"SELECT {VERSION_8_FIGURES} FROM figures WHERE category = 'expert'").fetchall()
    before_version_10(db)
    db.execute("DROP TABLE IF EXISTS reviews")  # as version 8 had none
    db.execute("PRAGMA user_version = 8")
    db.close()
    with open_waited() as store:
        assert store.flush(30)
        [game] = store.recent_games("beginner")
        assert game.stnb == pytest.approx(beginner.stnb) and [b.game_id for b in store.bests("beginner", "STNB")]
    db = sqlite3.connect(path)
    assert db.execute(f"SELECT {VERSION_8_FIGURES} FROM figures WHERE category = 'expert'").fetchall() == expert_row
    assert db.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION


def test_no_guess_games_go_under_their_own_category_after_migration_10(private_home):
    """Before the no-guess family, a no-guess game was kept under its board alone: migration 10 (the next on
    this branch) puts it, and its figures, under the board's no-guess category; other games stay."""
    with open_waited() as store:
        recorded(store, *EXPERT, seed=1, no_guess=True, guess_rule="off")  # (as version 9 recorded it)
        recorded(store, *EXPERT, seed=2)
        assert store.flush(30)
        path = store.path
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("UPDATE games SET category = 'expert'")  # as version 9 kept them
    db.execute("UPDATE figures SET category = 'expert'")
    db.execute("PRAGMA user_version = 9")
    db.close()
    with open_waited() as store:
        assert store.flush(30)
        assert len(store.recent_games("expert")) == len(store.recent_games("expert@no_guess")) == 1
        assert store.rule_categories() == ["expert@no_guess"]
        assert store.statistics("expert@no_guess").label == "Expert, no-guess"
    db = sqlite3.connect(path)
    assert sorted(db.execute("SELECT category FROM figures").fetchall()) == [("expert",), ("expert@no_guess",)]
