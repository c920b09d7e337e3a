"""Records that know luck: each game's review (its guesses, the avoidable ones, the luck they took) worked out in a
worker as it is recorded, the games recorded before (migration 10) reviewed in the background, the clean wins
and the fastest of them read from an index, the games with an avoidable guess listed for the drill, and damage
in any of it."""

import math
import sqlite3
import zlib
from datetime import datetime, timedelta, timezone

import pytest

from game import config
from game.model import Replay, review_game
from game.store import DB_NAME, Store, jobs, reviewing, schema
from game.store.reviewed import EXACT, NOTHING, Reviewed
from game.video.packed import split_log
from game.work import worker
from tests.played import played, record_of
from tests.reviewed_games import played_clean, record_of_board
from tests.store.waited import open_waited

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=timezone.utc)
INTERMEDIATE = (16, 16, 40)


@pytest.fixture
def store(private_home):
    s = open_waited()
    yield s
    s.close()


def expected(log_text):
    """The review figures review_game gives of a move log."""
    review = review_game(Replay.from_json(split_log(log_text)[0], config.CUSTOM_MAX_SIDE))
    return review.guesses, review.avoidable, None if math.isinf(review.luck) else review.luck


def figures_of(review):
    return review.guesses, review.avoidable, review.luck


def version_9_file(home, records):
    """A records file as the game left it before the reviews came (migration 13 -> 14), holding these games
    (recorded by this version, then that migration's table and indexes dropped; set back to version 9, the
    migrations after it are made again, as each may be)."""
    with Store.open(home) as made:
        for record in records:
            made.record_game(record)
        assert made.flush(60)
    db = sqlite3.connect(home / DB_NAME, isolation_level=None)
    db.execute("DROP TABLE reviews")
    db.execute("PRAGMA user_version = 9")
    db.close()


# --- a game recorded --------------------------------------------------------------------------------------------


def test_a_recorded_game_keeps_the_figures_of_its_review(store):
    board, video, elapsed = played(*INTERMEDIATE, 1, pace_ms=300)  # every safe cell in reading order: guesses
    store.record_game(record_of(board, video, elapsed, played_at=T0))
    clean_board, clean_elapsed = played_clean(*INTERMEDIATE, 2)
    store.record_game(record_of_board(clean_board, clean_elapsed, played_at=T0 + timedelta(minutes=1)))
    clean, guessed = store.recent_games("intermediate")
    for game in (clean, guessed):
        assert game.review is not None and game.review.source == EXACT
        assert figures_of(game.review) == pytest.approx(expected(store.replay(game.game_id)))
    assert guessed.review.avoidable > 0 and guessed.review.clean is False
    assert clean.review.avoidable == 0 and clean.review.clean is True and clean.review.guesses >= 0


def test_a_loss_on_a_certain_mine_keeps_its_guesses_with_its_luck_unknown(store):
    board, elapsed = played_clean(*INTERMEDIATE, 3, lose_on_mine=True)
    assert board.state == "lost"
    store.record_game(record_of_board(board, elapsed))
    [game] = store.recent_games("intermediate")
    guesses, avoidable, luck = expected(store.replay(game.game_id))
    assert luck is None and game.review.luck is None, "infinite: NULL in the file"
    assert (game.review.guesses, game.review.avoidable) == (guesses, avoidable) and avoidable >= 1


def test_a_game_without_a_move_log_is_reviewed_with_its_figures_unknown(store):
    board, elapsed = played_clean(9, 9, 10, 4)
    store.record_game(record_of_board(board, elapsed)._replace(replay=None))
    [game] = store.recent_games("beginner")
    assert game.review == Reviewed(NOTHING) and game.review.clean is None
    assert store.statistics("beginner").clean_wins == 0 and store.clean_times("beginner") == []


@pytest.mark.parametrize(
    "log_text",
    [
        "not json",
        '{"rows": 16, "cols": 16, "mines": 40, "moves": [[',
        '{"rows": 9, "cols": 9, "mines": 10, "seed": 1, "moves": []}',  # another board's
        '{"rows": 16, "cols": 16, "mines": 40, "seed": 1, "moves": [["reveal", 99, 99, 0]]}',
        "[" * 100_000,
    ],
)
def test_a_hostile_move_log_never_costs_the_record(store, log_text):
    board, elapsed = played_clean(*INTERMEDIATE, 5)
    result = store.record_game(record_of_board(board, elapsed)._replace(replay=log_text))
    assert result.game_id is not None and result.rank == 1
    [game] = store.recent_games("intermediate")
    assert game.game_id == result.game_id and game.review == Reviewed(NOTHING)


def test_a_review_that_fails_leaves_the_record_and_is_worked_out_in_the_background(private_home, monkeypatch):
    real = worker.run
    failing = [True]

    def run(target, *args, **kwargs):
        if failing and "reviewing" in target:
            raise worker.Cancelled  # as when the worker is stopped past its time
        return real(target, *args, **kwargs)

    monkeypatch.setattr(worker, "run", run)
    with open_waited(private_home) as store:
        board, elapsed = played_clean(*INTERMEDIATE, 6)
        result = store.record_game(record_of_board(board, elapsed))
        assert result.rank == 1
        [game] = store.recent_games("intermediate")
        assert game.review is None, "not reviewed yet"
        failing.clear()
        store.work_out_figures(jobs.JobKind.REVIEWS)
        assert store.flush(60)
        [game] = store.recent_games("intermediate")
        assert figures_of(game.review) == pytest.approx(expected(store.replay(game.game_id)))


# --- clean wins -------------------------------------------------------------------------------------------------


def test_clean_wins_and_the_fastest_of_them(store):
    guessing = [played(*INTERMEDIATE, seed, pace_ms=200) for seed in (7, 8)]  # fast, with avoidable guesses
    for n, (board, video, elapsed) in enumerate(guessing):
        store.record_game(record_of(board, video, elapsed, played_at=T0 + timedelta(minutes=n)))
    clean = [played_clean(*INTERMEDIATE, seed, pace_ms=900 + 100 * seed) for seed in (9, 10, 11)]
    for n, (board, elapsed) in enumerate(clean):
        store.record_game(record_of_board(board, elapsed, played_at=T0 + timedelta(hours=1, minutes=n)))
    assisted_board, assisted_ms = played_clean(*INTERMEDIATE, 12, pace_ms=50)
    store.record_game(record_of_board(assisted_board, assisted_ms, assisted=True))  # clean, never timed
    stats = store.statistics("intermediate")
    assert (stats.won, stats.clean_wins, stats.reviewed_wins) == (6, 4, 6)
    times = store.clean_times("intermediate")
    assert [game.time_ms for game in times] == sorted(elapsed for _, elapsed in clean)
    assert [game.rank for game in times] == [1, 2, 3]
    assert all(game.review.avoidable == 0 and game.review.clean for game in times)
    fastest = store.best_times("intermediate")
    assert fastest[0].review.avoidable > 0, "the fastest wins guessed: not clean"
    assert fastest[0].time_ms < times[0].time_ms


def test_clean_wins_and_clean_times_read_from_the_reviews_index(store):
    db = sqlite3.connect(store.path)
    from game.store import reader

    query = (
        f"EXPLAIN QUERY PLAN SELECT games.id FROM reviews JOIN games ON games.id = reviews.game_id "
        f"LEFT JOIN figures ON figures.game_id = games.id WHERE reviews.category = ? AND reviews.timed = 1 "
        f"AND {reader.CLEAN_REVIEWS} AND {reader.TIMED_GAMES} ORDER BY reviews.time_ms, reviews.game_id LIMIT 10"
    )
    plan = " ".join(str(row) for row in db.execute(query, ("expert",)))
    assert "reviews_clean_best" in plan and "TEMP B-TREE" not in plan, plan
    query = (
        f"EXPLAIN QUERY PLAN SELECT SUM({schema.CLEAN}), COUNT(*) FROM reviews INDEXED BY reviews_by_category "
        "WHERE category = ? AND won = 1 AND avoidable IS NOT NULL"
    )
    plan = " ".join(str(row) for row in db.execute(query, ("expert",)))
    assert "COVERING INDEX reviews_by_category" in plan, plan


# --- the drill's games ------------------------------------------------------------------------------------------


def test_the_games_with_an_avoidable_guess_newest_first_for_the_drill(store):
    ids = []
    for n, seed in enumerate((13, 14, 15, 16)):
        if n == 2:
            board, elapsed = played_clean(*INTERMEDIATE, seed)  # no avoidable guess: left out
            made = store.record_game(record_of_board(board, elapsed))
        else:
            board, video, elapsed = played(*INTERMEDIATE, seed, lose=n == 1)
            made = store.record_game(record_of(board, video, elapsed))
        ids.append(made.game_id)
    games = store.avoidable_games(10)
    assert [game.game_id for game in games] == [ids[3], ids[1], ids[0]]
    assert [game.game_id for game in store.avoidable_games(2)] == [ids[3], ids[1]]
    for game in games:
        replay = Replay.from_json(game.replay_json, config.CUSTOM_MAX_SIDE)
        review = review_game(replay)
        assert review.avoidable == game.avoidable > 0 and game.category == "intermediate"
        assert any(click.kind == "avoidable" for click in review.clicks)
    # a damaged move log is left out, never a failure
    db = sqlite3.connect(store.path, isolation_level=None)
    db.execute("UPDATE games SET moves = ? WHERE id = ?", (b"not zlib", ids[3]))
    db.close()
    assert [game.game_id for game in store.avoidable_games(10)] == [ids[1], ids[0]]
    assert Store.memory().avoidable_games(5) == []


# --- games recorded before the records kept reviews (migration 10) ----------------------------------------------


def test_games_from_version_9_are_reviewed_in_the_background(private_home):
    records = [record_of(*played(*INTERMEDIATE, seed, pace_ms=300), played_at=T0) for seed in (20, 21)]
    board, elapsed = played_clean(*INTERMEDIATE, 22)
    records.append(record_of_board(board, elapsed))
    records.append(record_of_board(board, elapsed)._replace(replay=None))  # kept without its moves
    version_9_file(private_home, records)
    path = private_home / DB_NAME
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 9
    with open_waited(private_home) as store:
        assert store.flush(60)
        no_log, clean, *guessed = store.recent_games("intermediate")
        assert no_log.review == Reviewed(NOTHING)
        for game in (clean, *guessed):
            assert figures_of(game.review) == pytest.approx(expected(store.replay(game.game_id)))
        assert clean.review.clean and not any(game.review.clean for game in guessed)
        assert store.statistics("intermediate").clean_wins == 1
        assert [game.game_id for game in store.clean_times("intermediate")] == [clean.game_id]
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    assert db.execute("SELECT COUNT(*) FROM reviews").fetchone()[0] == 4


def test_many_older_games_are_reviewed_a_batch_at_a_time(private_home, monkeypatch):
    count = 30
    board, elapsed = played_clean(9, 9, 10, 23)
    record = record_of_board(board, elapsed)
    version_9_file(private_home, [record._replace(played_at=T0 + timedelta(seconds=n)) for n in range(count)])
    monkeypatch.setattr(reviewing, "BATCH_GAMES", 7)
    batches = []
    real = reviewing.pending

    def pending(db, most=7, rest=0.0):
        worked, more = real(db, most=most, rest=rest)
        batches.append((len(worked), rest, more))
        return worked, more

    monkeypatch.setattr(reviewing, "pending", pending)
    with Store.open(private_home) as store:
        assert store.flush(120)
        sizes = [size for size, _, _ in batches]
        assert len(batches) >= count // 7 and max(sizes) <= 7 and sum(sizes) == count, batches
        assert [rest for _, rest, _ in batches] == [0.0] + [reviewing.BATCH_REST] * (len(batches) - 1)
        assert store.statistics("beginner").clean_wins == count
    db = sqlite3.connect(private_home / DB_NAME)
    assert db.execute("SELECT COUNT(DISTINCT guesses) FROM reviews").fetchone()[0] == 1


def test_older_games_without_a_move_log_are_marked_many_at_a_time_without_a_rest(private_home, monkeypatch):
    board, elapsed = played_clean(9, 9, 10, 26)
    bare = record_of_board(board, elapsed)._replace(replay=None)
    version_9_file(private_home, [bare._replace(played_at=T0 + timedelta(seconds=n)) for n in range(45)])
    monkeypatch.setattr(reviewing, "BARE_GAMES", 20)
    rests, asked = [], []
    monkeypatch.setattr(reviewing, "_rest", rests.append)
    monkeypatch.setattr(worker, "run", lambda *args, **kwargs: asked.append(args))
    with Store.open(private_home) as store:
        assert store.flush(60)
    db = sqlite3.connect(private_home / DB_NAME)
    assert db.execute("SELECT COUNT(*), COUNT(guesses) FROM reviews").fetchone() == (45, 0)
    assert rests == [] and asked == [], "nothing for the worker: no rest between the batches"


def test_a_damaged_older_game_is_reviewed_as_unknown_and_still_shows(private_home):
    board, elapsed = played_clean(*INTERMEDIATE, 24)
    version_9_file(private_home, [record_of_board(board, elapsed), record_of_board(board, elapsed)])
    db = sqlite3.connect(private_home / DB_NAME, isolation_level=None)
    first, second = (row[0] for row in db.execute("SELECT id FROM games ORDER BY id"))
    db.execute("UPDATE games SET moves = ? WHERE id = ?", (b"\x00garbage", first))
    db.execute("UPDATE games SET moves = ? WHERE id = ?", (zlib.compress(b'{"rows": 16, "moves": 7}'), second))
    db.close()
    with open_waited(private_home) as store:
        assert store.flush(60)
        games = store.recent_games("intermediate")
        assert [game.review for game in games] == [Reviewed(NOTHING)] * 2
        assert store.statistics("intermediate").won == 2


@pytest.mark.parametrize(
    "values, read",
    [
        (("exact", 3, 1, 0.5), Reviewed("exact", 3, 1, 0.5)),
        (("exact", 3, 1, None), Reviewed("exact", 3, 1, None)),
        (("magic", 3, 1, 0.5), Reviewed(NOTHING)),
        (("exact", 1, 3, 0.5), Reviewed(NOTHING)),
        (("exact", "three", 1, 0.5), Reviewed(NOTHING)),
        (("exact", 3, 1, "lucky"), Reviewed("exact", 3, 1, None)),
        (("exact", 3, 1, -1.0), Reviewed("exact", 3, 1, None)),
    ],
)
def test_damaged_review_figures_read_as_unknown(store, values, read):
    board, elapsed = played_clean(9, 9, 10, 25)
    store.record_game(record_of_board(board, elapsed))
    db = sqlite3.connect(store.path, isolation_level=None)
    db.execute("UPDATE reviews SET source = ?, guesses = ?, avoidable = ?, luck = ?", values)
    db.close()
    [game] = store.recent_games("beginner")
    assert game.review == read
    store.statistics("beginner")  # reads, whatever the values
