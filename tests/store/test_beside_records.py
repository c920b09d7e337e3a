"""Files the game finds beside its records (copies' journals, the lock files, files a killed start was making):
each is used only if it is a regular file the game made, read with bounds, and what cannot be used is set
aside with a notice, never followed, waited on, or dropped unread. Someone or something must put them there;
the game still starts, with its records."""

import json
import os
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from game.store import DB_NAME, Store, copies, jobs
from game.store.copies import HEADER, MARK, encode
from game.store.kept import GameRecord

ROOT = Path(__file__).resolve().parents[2]
POSIX = pytest.mark.skipif(os.name == "nt", reason="pipes, links and flock() are POSIX's")
TOKEN = "00112233aabbccdd"


def finished_game(seed=9):
    return GameRecord(rows=9, cols=9, mines=10, won=False, time_ms=4000, three_bv=12, seed=seed)


def journal(*records):
    entries = [["finish", {"record": jobs.record_data(r, f"uid-{r.seed}"), "drop": True, "by": TOKEN}] for r in records]
    return encode(entries)


def played(store):
    return store.statistics("beginner").played


def start(home):
    """A start's store, flushed: (available, notices, games played)."""
    with Store.open(home=home) as store:
        assert store.flush(30)
        return store.available, store.notices, played(store)


@pytest.fixture
def home(tmp_path):
    home = tmp_path / "home"
    Store.open(home=home).close()
    return home


def aside(home, name):
    return list(home.glob(f"{DB_NAME}.aside-{name}-*"))


# --- a pipe named like a journal: the start never waits on it ------------------------------------------------

OPEN = """
import sys
sys.path.insert(0, {root!r})
from game.store import Store
store = Store.open()
print(store.available, "|".join(store.notices), flush=True)
store.close()
"""


@POSIX
def test_a_pipe_named_like_a_journal_never_holds_up_the_start(home):
    os.mkfifo(home / f"{DB_NAME}.copy-{TOKEN}")
    env = dict(os.environ, MINESWEEPER_HOME=str(home))
    proc = subprocess.Popen(
        [sys.executable, "-c", OPEN.format(root=str(ROOT))], env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        out, _ = proc.communicate(timeout=60)  # a bound on a hang, not a measure: the start takes milliseconds
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        pytest.fail("before: the start waited on the pipe forever (and SIGTERM did not end it)")
    assert out.startswith("True") and "could not be used" in out, out
    assert aside(home, f"copy-{TOKEN}") and not (home / f"{DB_NAME}.copy-{TOKEN}").exists()


# --- a link or a folder where a journal or a lock file should be --------------------------------------------


@POSIX
@pytest.mark.parametrize("name", [f"copy-{TOKEN}", "lock-open", "lock-use", f"making-{TOKEN}"])
@pytest.mark.parametrize("thing", ["link", "folder", "link to nothing"])
def test_a_link_or_a_folder_beside_the_records_is_set_aside_and_the_records_stay_on(home, tmp_path, name, thing):
    place = home / f"{DB_NAME}.{name}"
    place.unlink(missing_ok=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(b"someone else's file")
    if thing == "folder":
        place.mkdir()
    else:
        place.symlink_to(elsewhere if thing == "link" else tmp_path / "nothing")
    available, notices, _ = start(home)
    assert available, f"before: {notices}"
    assert elsewhere.read_bytes() == b"someone else's file", "never written through"
    assert aside(home, name), "moved aside, never deleted"
    assert any("could not be used" in notice for notice in notices), notices
    assert start(home)[:2] == (True, []), "the next start finds nothing amiss"


# --- journals that cannot be read: set aside with a notice, never dropped with a log line ------------------


def damaged(data, how):
    if how == "truncated":
        return data[: len(data) // 2]
    if how == "torn":  # a longer journal half overwritten by a shorter one
        return data[:HEADER] + bytes(len(data) - HEADER)
    if how == "another version":
        return b"MSJ2" + data[4:]
    raise AssertionError(how)


@pytest.mark.parametrize("how", ["truncated", "torn", "another version"])
def test_a_journal_that_cannot_be_read_is_set_aside_with_a_notice(home, how):
    data = damaged(journal(finished_game()), how)
    (home / f"{DB_NAME}.copy-{TOKEN}").write_bytes(data)
    available, notices, games = start(home)
    assert available and games == 0
    assert any("could not all be read" in notice for notice in notices), f"before: only a log line ({notices})"
    [kept] = aside(home, f"copy-{TOKEN}")
    assert kept.read_bytes() == data


def test_a_journal_with_a_write_that_cannot_be_made_keeps_the_rest_and_sets_itself_aside(home):
    good, odd = finished_game(1), finished_game(2)
    entries = json.loads(zlib.decompress(journal(good, odd)[HEADER:]))
    entries[1][1]["record"]["a_field_from_a_newer_game"] = 1
    body = zlib.compress(json.dumps(entries).encode())
    (home / f"{DB_NAME}.copy-{TOKEN}").write_bytes(MARK + f"{len(body):010d}{zlib.crc32(body):010d}".encode() + body)
    available, notices, games = start(home)
    assert available and games == 1, "the game that can be made is"
    assert any("could not all be read" in notice for notice in notices), f"before: only a log line ({notices})"
    assert aside(home, f"copy-{TOKEN}"), "the journal is kept for a person to read"
    assert start(home)[1:] == ([], 1), "and never made again"


# --- journals larger than any the game writes: refused before they are unpacked or made ---------------------


def raw_journal(text):
    body = zlib.compress(text, 9)
    return MARK + f"{len(body):010d}{zlib.crc32(body):010d}".encode() + body


@pytest.mark.parametrize("what", ["unpacks to 100 MB", "100,000 writes"])
def test_a_journal_larger_than_any_the_game_writes_is_refused_and_set_aside(home, what):
    if what.startswith("unpacks"):
        data = raw_journal(b"[" + b" " * 100_000_000 + b"]")
    else:
        data = raw_journal(json.dumps([["settings", {"rows": [], "by": TOKEN}]] * 100_000).encode())
    assert len(data) < copies.ROOM * 16
    (home / f"{DB_NAME}.copy-{TOKEN}").write_bytes(data)
    available, notices, _ = start(home)
    assert available
    assert any("could not all be read" in notice for notice in notices), f"before: unpacked and made ({notices})"
    assert aside(home, f"copy-{TOKEN}")


# --- what killed starts leave -------------------------------------------------------------------------------


def test_files_left_by_starts_killed_while_making_their_journal_are_removed(home):
    left = [home / f"{DB_NAME}.making-{n:016x}" for n in range(3)]
    for path in left:
        path.write_bytes(bytes(copies.ROOM))
    available, notices, _ = start(home)
    assert available and notices == []
    assert not any(path.exists() for path in left), "before: 64 KiB each, never removed"


@POSIX
def test_a_journal_being_made_by_a_running_start_is_left_alone(home):
    from game.store.lock import FileLock

    making = home / f"{DB_NAME}.making-{TOKEN}"
    lock = FileLock(making)
    assert lock.exclusive()
    try:
        assert start(home)[:2] == (True, [])
        assert making.exists()
    finally:
        lock.close()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a file away needs root")
def test_a_journal_another_user_owns_is_never_made_and_is_set_aside(home):
    path = home / f"{DB_NAME}.copy-{TOKEN}"
    path.write_bytes(journal(finished_game()))
    os.chown(path, 12345, 12345)
    available, notices, games = start(home)
    assert available and games == 0, "before: another user's file made into the records"
    assert any("could not be used" in notice for notice in notices), notices
    assert aside(home, f"copy-{TOKEN}")


# --- a value too large for SQLite's integer: that write is skipped, the rest made, the records stay on -------


@pytest.mark.parametrize("where", ["time_ms", "seq", "both"])
def test_a_value_too_large_for_sqlite_keeps_the_rest_and_the_records_on(home, where):
    good, odd = finished_game(1), finished_game(2)
    entries = json.loads(zlib.decompress(journal(good, odd)[HEADER:]))
    entries[0][1]["seq"], entries[1][1]["seq"] = 1, 2
    if where in ("time_ms", "both"):
        entries[1][1]["record"]["time_ms"] = 2**70
    if where in ("seq", "both"):
        entries[1][1]["seq"] = 10**30
    body = zlib.compress(json.dumps(entries).encode())
    (home / f"{DB_NAME}.copy-{TOKEN}").write_bytes(MARK + f"{len(body):010d}{zlib.crc32(body):010d}".encode() + body)
    available, notices, games = start(home)
    assert available, f"before: running without records ({notices})"
    assert games >= 1, "the game that can be made is"
    again = start(home)
    assert again[0] and again[2] == games, "and the next start has its records too, nothing made twice"
