"""The records' one writer (game/store/writer.py), its journal (copies.py), the claims on the saved game
(jobs.py) and the locks between copies (lock.py): in order, kept while the file will not take them, made
once, and never from two copies at once."""

import sqlite3

import pytest

from game.store import DB_NAME, Store, copies, jobs
from game.store.copies import CopyFile, alive, decode, encode, orphans
from game.store.kept import GameRecord
from game.store.lock import FileLock, held_elsewhere
from game.store.schema import migrate
from game.store.writer import Writer
from tests.locker import held
from tests.store.waited import Waited, writer_failed


def game(seed=1, won=False):
    return GameRecord(rows=9, cols=9, mines=10, won=won, time_ms=3000, three_bv=5, seed=seed)


def journal(store):
    """The jobs this copy's journal holds now."""
    return decode(store._copy.path.read_bytes())


# --- in order, a save replacing a save --------------------------------------------------------------------


def test_writes_are_made_in_the_order_asked(private_home):
    s = Store.open()
    answers = [s.record_game(game(seed=n)) for n in range(20)]
    assert [a.result().game_id for a in answers] == list(range(1, 21))
    db = sqlite3.connect(private_home / DB_NAME)
    assert [int(seed) for (seed,) in db.execute("SELECT seed FROM games ORDER BY id")] == list(range(20))
    s.close()


def test_a_save_waiting_behind_another_replaces_it_but_never_jumps_a_record(private_home):
    s = Store.open()
    with held(private_home / DB_NAME):  # everything waits behind the first job
        first = s.save_resume({"n": 1}, 1, "expert")
        assert writer_failed(s)
        recorded = s.record_game(game())
        second = s.save_resume({"n": 2}, 2, "expert")
        third = s.save_resume({"n": 3}, 3, "expert")
        assert [job.kind for job in s._writer._queue] == ["save", "finish", "save"], "the two last saves are one"
    assert third.result() is True and second.result() is True and first.result() is True
    assert recorded.result().game_id == 1
    assert s.load_resume().board_data() == {"n": 3}, "the record dropped save 1; save 3 came after it"
    s.close()


# --- the journal: what waits outlives the copy --------------------------------------------------------------


def test_a_finished_game_is_in_the_journal_before_the_file_is_touched_and_gone_once_made(private_home):
    s = Store.open()
    with held(private_home / DB_NAME):
        recorded = s.record_game(game(seed=42))
        assert writer_failed(s)
        [[kind, data]] = journal(s)
        assert kind == "finish" and data["record"]["seed"] == 42 and data["by"] == s.token
    assert recorded.result().game_id == 1
    assert journal(s) == [], "made, and so no longer kept"
    s.close()
    assert not list(private_home.glob(f"{DB_NAME}.copy-*")), "a clean close leaves no file"


def test_what_a_closed_copy_could_not_write_is_made_at_the_next_start_once(private_home):
    a = Store.open()
    with held(private_home / DB_NAME):
        a.save_resume({"n": 1}, 1, "expert")
        assert writer_failed(a)
        a.set_settings({"theme": "dark"})
        a.record_game(game(seed=7))
        a.close()  # quits while the file is held: the journal keeps the three
        [left] = list(private_home.glob(f"{DB_NAME}.copy-*"))
        assert [kind for kind, _ in decode(left.read_bytes())] == ["save", "settings", "finish"]
    with Waited(Store.open()) as b:
        assert b.settings()["theme"] == "dark" and b.statistics("beginner").played == 1
        assert b.load_resume() is None, "the record dropped the save it came after"
        assert len(list(private_home.glob(f"{DB_NAME}.copy-*"))) == 1, "only the running copy's file is left"
    with Waited(Store.open()) as c:
        assert c.statistics("beginner").played == 1, "made once, not at every start"


def test_a_journal_made_again_after_its_writes_reached_the_file_counts_them_once(private_home):
    s = Waited(Store.open())
    s.record_game(game(seed=5))
    kept = [["finish", {"record": jobs.record_data(game(seed=5), "the-same-id"), "drop": True, "by": "gone"}]]
    path = copies.copy_path(private_home / DB_NAME, "deadbeef")
    path.write_bytes(encode(kept))
    with Waited(Store.open()) as again:
        assert again.statistics("beginner").played == 2
    path.write_bytes(encode(kept))  # as if killed after the write but before the journal was emptied
    with Waited(Store.open()) as again:
        assert again.statistics("beginner").played == 2
    s.close()


def test_a_damaged_journal_is_set_aside_with_a_notice_not_a_crash(private_home):
    Store.open().close()
    damaged = b"MSJ1" + b"9" * 40 + b"garbage"
    copies.copy_path(private_home / DB_NAME, "0badc0de").write_bytes(damaged)
    with Waited(Store.open()) as s:
        assert s.available and s.statistics("beginner").played == 0
        assert any("could not all be read" in notice for notice in s.notices), s.notices
    assert not copies.copy_path(private_home / DB_NAME, "0badc0de").exists()
    [aside] = private_home.glob(f"{DB_NAME}.aside-copy-0badc0de-*")
    assert aside.read_bytes() == damaged, "kept for a person to read, never dropped unread"


def test_the_journal_is_written_in_place_in_the_room_made_at_start(tmp_path):
    copy = CopyFile(tmp_path / DB_NAME)
    size = copy.path.stat().st_size
    assert size == copies.ROOM
    assert copy.keep([["settings", {"rows": [["a", "1"]], "by": copy.token}]])
    assert copy.path.stat().st_size == size, "overwritten, not grown"
    assert decode(copy.path.read_bytes()) == [["settings", {"rows": [["a", "1"]], "by": copy.token}]]
    copy.close()


# --- the copies: alive while they run ------------------------------------------------------------------------


def test_a_copy_is_alive_while_it_runs_and_not_once_closed_or_killed(private_home):
    path = private_home / DB_NAME
    a = Store.open()
    assert alive(path, a.token) and not alive(path, "0123456789abcdef") and not alive(path, "../x")
    a.close()
    assert not alive(path, a.token)
    b = Store.open()
    with held(path):  # b's journal stays when it closes: its file stays, unlocked, and b is not alive
        b.save_resume({}, 1, "expert")
        assert writer_failed(b)
        b.close()
    assert not alive(path, b.token)
    found = list(orphans(path))
    assert [o.path.name for o in found] == [f"{DB_NAME}.copy-{b.token}"], "left for the next start to make"
    for orphan in found:
        orphan.leave()


def test_locks_exclude_each_other_within_one_process(tmp_path):
    a, b = FileLock(tmp_path / "lock"), FileLock(tmp_path / "lock")
    assert a.shared() and b.shared() and not held_elsewhere(tmp_path / "nothing")
    assert not b.exclusive(), "a holds it shared"
    a.release()
    assert b.exclusive() and held_elsewhere(tmp_path / "lock")
    b.close()
    a.close()


# --- claims on the saved game ------------------------------------------------------------------------------


@pytest.fixture
def db():
    connection = sqlite3.connect(":memory:", isolation_level=None)
    migrate(connection)
    return connection


def save(db, save_id, by, held_now=True):
    row = ["expert", 1, "{}", None, "2026-01-01T00:00:00.000000Z", save_id]
    jobs.make(db, jobs.JobKind.SAVE, {"row": row, "held": held_now, "by": by}, lambda token: False)


@pytest.mark.parametrize(
    "holder, holder_alive, asked_for, answer",
    [
        (None, False, "s1", jobs.Claim.CLAIMED),  # left by the player: anyone may take it up
        ("me", True, "s1", jobs.Claim.CLAIMED),  # mine already
        ("other", False, "s1", jobs.Claim.CLAIMED),  # held by a copy that was killed
        ("other", True, "s1", jobs.Claim.TAKEN),  # held by a copy still running
        ("other", True, "old", jobs.Claim.TAKEN),  # saved again since, by the copy still playing it
        (None, False, "old", jobs.Claim.CHANGED),  # saved again since, and left
    ],
)
def test_a_claim_takes_the_save_only_from_nobody_running(db, holder, holder_alive, asked_for, answer):
    save(db, "s1", holder, held_now=holder is not None)
    running = {"other"} if holder_alive else set()
    assert (
        jobs.make(db, jobs.JobKind.CLAIM, {"save_id": asked_for, "by": "me"}, lambda token: token in running) == answer
    )
    claimed_by = db.execute("SELECT claimed_by FROM resume").fetchone()[0]
    assert claimed_by == ("me" if answer == jobs.Claim.CLAIMED else holder)


def test_a_claim_on_a_save_gone_is_refused_and_abandoning_it_records_nothing(db):
    assert jobs.make(db, jobs.JobKind.CLAIM, {"save_id": "s1", "by": "me"}, lambda t: False) == jobs.Claim.GONE
    data = {"save_id": "s1", "by": "me", "record": jobs.record_data(game(), "u1")}
    assert jobs.make(db, jobs.JobKind.ABANDON, data, lambda t: False) == jobs.Claim.GONE
    assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0


def test_a_finish_drops_only_the_save_of_the_copy_that_finished(db):
    save(db, "theirs", "other")
    finish = {"record": jobs.record_data(game(), "u2"), "drop": True, "by": "me"}
    jobs.make(db, jobs.JobKind.FINISH, finish, lambda t: True)
    assert db.execute("SELECT save_id FROM resume").fetchone() == ("theirs",), "another copy's game stays saved"


def test_a_job_that_can_never_be_made_is_given_up_with_a_notice_not_retried(db):
    writer = Writer(lambda: db, lambda t: False, threaded=False)
    answer = writer.post("no such job", {}, default="given up")
    assert answer.done and answer.value == "given up" and writer.waiting == 0
