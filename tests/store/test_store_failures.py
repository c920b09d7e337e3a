"""The records store when things go wrong: damaged file, no folder, full disk, two copies, a killed process."""

import contextlib
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.store import DB_NAME, Store, schema
from game.store import opener as opening
from game.store import store as store_module
from game.store.kept import GameRecord
from tests.locker import held
from tests.store.waited import open_waited, writer_failed

ROOT = Path(__file__).resolve().parents[2]


def game(time_ms=10_000, won=True, **kw):
    return GameRecord(rows=16, cols=30, mines=99, won=won, time_ms=time_ms, three_bv=100, **kw)


def exercise(s):
    """Every method, as the game would call them (on a store whose writes are waited for); none may raise."""
    s.set_settings({"tile": 48})
    s.set_settings({"sound": False})
    s.settings()
    s.settings()
    result = s.record_game(game())
    s.best_times("expert")
    s.custom_categories()
    s.statistics("expert")
    s.save_resume({"cells": "." * 100}, 1000, "expert")
    s.load_resume()
    s.clear_resume()
    s.discard_resume("testing")
    s.reset_statistics()
    s.take_notices()
    s.close()
    s.close()
    return result


# --- a damaged file ---------------------------------------------------------------------------------------


def corrupt_files(home):
    return sorted(p.name for p in home.iterdir() if ".corrupt-" in p.name)


def test_garbage_is_set_aside_and_a_fresh_file_started(private_home):
    private_home.mkdir()
    garbage = b"this is not a database, it is a shopping list\n" * 200
    (private_home / DB_NAME).write_bytes(garbage)
    s = open_waited()
    assert s.available
    [aside] = corrupt_files(private_home)
    assert aside.startswith(DB_NAME + ".corrupt-20")
    assert (private_home / aside).read_bytes() == garbage
    [notice] = s.take_notices()
    assert "damaged" in notice and aside in notice and "\n" not in notice
    assert s.notices == []
    s.record_game(game())
    assert s.statistics("expert").played == 1
    s.close()
    with open_waited() as again:  # the fresh file is fine next time
        assert again.notices == [] and again.statistics("expert").played == 1


def test_damaged_pages_are_set_aside(private_home):
    with open_waited() as s:
        for i in range(300):
            s.record_game(game(time_ms=1000 + i, replay=os.urandom(100).hex()))
    path = private_home / DB_NAME
    data = bytearray(path.read_bytes())
    assert len(data) > 20 * 4096
    data[4096 * 3 : 4096 * 12] = os.urandom(4096 * 9)  # leave the header, wreck the middle
    path.write_bytes(bytes(data))
    with Store.open() as s:
        assert s.available
        assert len(corrupt_files(private_home)) == 1
        assert "damaged" in s.notices[0]
        assert s.statistics("expert").played == 0


def test_a_log_left_by_the_damaged_file_goes_with_it(private_home):
    private_home.mkdir()
    (private_home / DB_NAME).write_bytes(b"\x00garbage" * 600)
    (private_home / (DB_NAME + "-wal")).write_bytes(b"old log")
    (private_home / (DB_NAME + "-shm")).write_bytes(b"old index")
    with open_waited() as s:
        assert s.available
        s.save_resume({"a": 1}, 1, "expert")
        wal = private_home / (DB_NAME + "-wal")
        assert not wal.read_bytes().startswith(b"old log")  # never replayed into the new file
    # SQLite itself may already have dropped the unusable log when the damaged file was closed.
    assert len(corrupt_files(private_home)) in (1, 2)
    with Store.open() as s:
        assert s.notices == [] and s.load_resume().board_data() == {"a": 1}


def test_an_unknown_old_database_is_set_aside(private_home):
    private_home.mkdir()
    db = sqlite3.connect(private_home / DB_NAME)
    db.execute("CREATE TABLE games (whatever)")  # version 0, but not empty: not something we can upgrade
    db.commit()
    db.close()
    with open_waited() as s:
        assert s.available and len(corrupt_files(private_home)) == 1
        assert s.record_game(game()).rank == 1


def test_two_damaged_files_in_the_same_second_get_different_names(private_home, monkeypatch):
    monkeypatch.setattr(schema.time, "gmtime", lambda: time.struct_time((2026, 1, 1, 0, 0, 0, 3, 1, 0)))
    private_home.mkdir()
    for _ in range(2):
        (private_home / DB_NAME).write_bytes(b"garbage" * 1000)
        Store.open().close()
    assert corrupt_files(private_home) == [
        DB_NAME + ".corrupt-20260101T000000Z",
        DB_NAME + ".corrupt-20260101T000000Z-2",
    ]


# --- no folder to write in --------------------------------------------------------------------------------


def test_a_folder_that_cannot_be_made_means_no_records(tmp_path):
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    s = open_waited(home=blocker / "minesweeper")
    assert not s.available and s.path is None
    [notice] = s.notices
    assert "without records" in notice
    s.set_settings({"tile": 48})
    assert s.settings()["tile"] == 48  # the session still remembers
    assert exercise(s).rank == 1


def test_a_database_that_cannot_be_opened_means_no_records(private_home, monkeypatch):
    def refuse(path, timeout):
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(opening, "connect", refuse)
    s = open_waited()
    assert not s.available and "readonly" in s.notices[0]
    exercise(s)


def test_an_unexpected_failure_still_opens(monkeypatch):
    def broken(home=None):
        raise RuntimeError("surprise")

    monkeypatch.setattr(store_module, "data_folder", broken)
    s = open_waited()
    assert not s.available and s.notices
    exercise(s)


@contextlib.contextmanager
def unwritable(path):
    """`path` read-only for this process. Root writes through chmod, but not through chattr +i."""
    if not hasattr(os, "geteuid"):
        pytest.skip("POSIX permissions needed")
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(0o500 if path.is_dir() else 0o400)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    if not shutil.which("chattr") or subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode:
        pytest.skip("as root only chattr +i makes a path read-only, and this file system refuses it")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_a_read_only_folder_means_no_records(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    with unwritable(folder):
        s = open_waited(home=folder)
        assert not s.available
        [notice] = s.notices
        assert notice == f"Running without records: cannot write to the folder {folder}.", "#12: says which"
        exercise(s)


def test_a_read_only_records_file_is_noticed_at_start_not_at_the_first_write(tmp_path):
    folder = tmp_path / "home"
    Store.open(home=folder).close()
    with unwritable(folder / DB_NAME):
        s = open_waited(home=folder)
        assert not s.available
        [notice] = s.take_notices()
        assert notice == f"Running without records: the records file {folder / DB_NAME} is read-only.", "#12"
        exercise(s)


# --- trouble while playing --------------------------------------------------------------------------------


def test_a_full_disk_keeps_the_writes_waiting_and_the_game_goes_on(private_home, monkeypatch):
    monkeypatch.setattr(store_module, "BUSY_AFTER", 0.0)
    s = Store.open()
    assert s.save_resume({"cells": "x"}, 1, "expert").result() is True
    writer_db = s._writer._db  # the writer's own connection (idle now)
    pages = writer_db.execute("PRAGMA page_count").fetchone()[0]
    writer_db.execute(f"PRAGMA max_page_count = {pages}")  # the database may not grow: a full disk
    big = {"cells": os.urandom(40_000).hex()}
    recorded = s.record_game(game(replay=os.urandom(25_000).hex()))
    saved = s.save_resume(big, 3, "expert")
    assert writer_failed(s)
    assert not recorded.done and not saved.done, "kept, not dropped"
    said = s.take_status()
    assert said.startswith("Records busy: the disk holding") and "is full" in said, said
    assert s.take_status() == "", "said once"
    assert s.load_resume().elapsed_ms == 1  # the last save that made it
    writer_db.execute("PRAGMA max_page_count = 1073741823")  # space again
    assert recorded.result().rank == 1 and saved.result() is True
    assert s.load_resume().elapsed_ms == 3 and s.statistics("expert").played == 1
    assert s.take_status().startswith("Records written")
    s.close()


@pytest.fixture
def store_path_open(private_home):
    s = open_waited()
    yield s
    s.close()


def test_a_lost_connection_does_not_crash(store_path_open):
    s = store_path_open
    s._db.close()  # the frame's connection, as good as the file vanishing under it
    assert s.statistics("expert").played == 0
    assert any("Could not read the records" in n for n in s.notices)
    exercise(s)


def test_a_lock_held_by_another_program_keeps_the_writes_waiting_then_makes_them(private_home, monkeypatch):
    monkeypatch.setattr(store_module, "BUSY_AFTER", 0.0)
    s = Store.open()
    other = sqlite3.connect(private_home / DB_NAME, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        recorded = s.record_game(game())
        saved = s.save_resume({"a": 1}, 1, "expert")
        assert writer_failed(s)
        assert not recorded.done and not saved.done
        assert s.take_status().startswith("Records busy: another program is holding the records file (it is locked)")
        assert s.statistics("expert").played == 0, "reads go on"
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert recorded.result().rank == 1 and saved.result() is True
    assert s.load_resume().board_data() == {"a": 1}
    s.close()


def test_an_unreadable_saved_game_is_discarded_with_a_notice(store_path_open):
    s = store_path_open
    s.save_resume({"a": 1}, 1, "expert")
    s._db.execute("UPDATE resume SET board = '{broken'")
    assert s.load_resume() is None
    assert "saved game was discarded" in s.take_notices()[0]
    s.flush()
    assert s._db.execute("SELECT COUNT(*) FROM resume").fetchone()[0] == 0
    s.save_resume({"a": 1}, 1, "expert")
    s._db.execute("UPDATE resume SET board = '[1, 2]'")  # JSON, but not a board
    assert s.load_resume() is None and s.take_notices()


def test_discarding_a_saved_game_that_failed_validation(store_path_open):
    s = store_path_open
    s.save_resume({"a": 1}, 1, "expert")
    s.discard_resume("the mine count does not match")
    assert s.load_resume() is None
    assert s.take_notices() == ["The saved game was discarded: the mine count does not match."]


def test_a_game_that_can_never_be_recorded_still_leaves_no_saved_game_behind(store_path_open):
    s = store_path_open
    s.save_resume({"a": 1}, 1, "expert")  # the save from before the losing click
    s._db.execute("CREATE TRIGGER refuse BEFORE INSERT ON games BEGIN SELECT RAISE(ABORT, 'refused'); END")
    assert s.record_game(game(won=False)).game_id is None
    assert "Could not save" in s.take_notices()[0]
    assert s.load_resume() is None, "resuming it would take back the loss"


# --- two copies of the game -------------------------------------------------------------------------------


def test_two_stores_on_one_file(private_home):
    a, b = open_waited(), open_waited()
    a.set_settings({"tile": 16})
    b.set_settings({"tile": 48})
    assert a.settings()["tile"] == 48 and b.settings()["tile"] == 48  # last writer wins
    a.record_game(game(time_ms=3000))
    b.record_game(game(time_ms=2000))
    a.save_resume({"from": "a"}, 1, "expert")
    b.save_resume({"from": "b"}, 2, "expert")
    assert [t.time_ms for t in a.best_times("expert")] == [2000, 3000]
    assert a.load_resume().board_data() == {"from": "b"}
    assert a.statistics("expert").played == b.statistics("expert").played == 2
    a.close()
    b.close()


WRITER = """
import sys
from game.store.kept import GameRecord
from game.store import Store
s = Store.open(busy_timeout=30)
assert s.available, s.notices
sys.stdout.write("ready\\n"); sys.stdout.flush()
sys.stdin.readline()
for i in range(int(sys.argv[1])):
    s.record_game(GameRecord(rows=9, cols=9, mines=10, won=i % 3 != 0, time_ms=1000 + i, three_bv=5, seed=i))
    s.save_resume({"i": i}, i, "beginner")
    s.set_settings({"last_writer": sys.argv[2]})
assert s.flush(60)
assert not s.notices, s.notices
s.close()
"""


@pytest.mark.slow
def test_two_processes_record_every_game(private_home):
    env = {**os.environ, "MINESWEEPER_HOME": str(private_home)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, "150", name],
            cwd=ROOT,
            env=env,
            text=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for name in ("a", "b", "c")
    ]
    for p in procs:  # all three opened the fresh file together; now let them write together
        assert p.stdout.readline() == "ready\n", p.stderr.read()
    for p in procs:
        p.stdin.write("go\n")
        p.stdin.flush()
    for p in procs:
        _, err = p.communicate(timeout=60)
        assert p.returncode == 0, err
    with open_waited() as s:
        stats = s.statistics("beginner")
        assert stats.played == 450 and stats.won == 300
        assert s.settings()["last_writer"] in {"a", "b", "c"}
        assert s.load_resume() is None or s.load_resume().board_data()["i"] >= 0
        assert s._db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


SAVER = """
import sys
from game.store import Store
s = Store.open()
board = {"rows": 16, "cols": 30, "mines": 99, "cells": "." * 480}
i = 0
while True:
    board["i"] = i
    s.save_resume(board, i, "expert").wait()  # printed once written
    sys.stdout.write(f"{i}\\n"); sys.stdout.flush()
    i += 1
"""


def test_killed_mid_game_keeps_the_last_save(private_home):
    env = {**os.environ, "MINESWEEPER_HOME": str(private_home)}
    p = subprocess.Popen(
        [sys.executable, "-c", SAVER], cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    last = -1
    try:
        while last < 300:
            line = p.stdout.readline()
            assert line, p.stderr.read()
            last = int(line)
    finally:
        p.send_signal(signal.SIGKILL)
        rest = p.stdout.read()  # not communicate(): it would skip what readline() already buffered
        p.wait(timeout=10)
        p.stdout.close()
        p.stderr.close()
    last = max([last] + [int(x) for x in rest.split()])  # lines printed before the kill landed
    assert p.returncode == -signal.SIGKILL
    with open_waited() as s:
        assert s.notices == []
        saved = s.load_resume()
        # Every printed number was committed first; at most one more may have committed before the kill.
        assert saved.board_data()["i"] in (last, last + 1) and saved.elapsed_ms == saved.board_data()["i"]
        assert s._db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


# --- what the player is told: which of the troubles it is (#12) ---------------------------------------------


def test_a_folder_where_the_records_file_should_be_is_named_as_such(private_home):
    (private_home / DB_NAME).mkdir(parents=True)
    s = open_waited()
    assert not s.available
    assert s.notices == [
        f"Running without records: {private_home / DB_NAME} is a folder, where the records file should be."
    ], "before: cannot write to the folder"
    exercise(s)


def test_a_records_file_held_by_another_program_is_called_locked_not_unwritable(private_home, monkeypatch):
    monkeypatch.setattr(store_module, "BUSY_AFTER", 0.0)
    Store.open().close()
    with held(private_home / DB_NAME):
        s = Store.open()  # before: a 5 s wait, then "Running without records: cannot write to <folder>"
        assert s.available and s.notices == []
        s.save_resume({"a": 1}, 1, "expert")
        assert writer_failed(s)
        assert s.busy.startswith("Records busy: another program is holding the records file (it is locked).")
    assert s.flush(30) and s.load_resume().board_data() == {"a": 1}
    s.close()


def test_a_records_path_longer_than_sqlite_takes_says_so(tmp_path):
    home = tmp_path
    while len(str(home)) < 520:
        home = home / ("long-folder-name-" * 8)
    s = Store.open(home=home)
    assert not s.available
    assert any("path is too long for SQLite" in notice for notice in s.notices), f"before: {s.notices}"
    s.close()
