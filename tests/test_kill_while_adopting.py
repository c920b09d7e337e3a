"""SIGKILL at every step of a start that makes the writes a killed copy left in its journal: however often that
start is killed, the journal is made once. A finished game's save never comes back (a loss taken back), and a
game is never recorded twice. Real processes, really killed.

The first copy plays a Beginner game while another program holds the records: a move, a loss, and it
quits; its journal keeps the save and the finished game. The next start is killed at one step of making them
(kill points found by watching the start's own statements and file removals, so they do not depend on how the
code names them); the start after that must find the records as if the journal had been made exactly once."""

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from game.store import Store
from game.store.kept import GameRecord
from tests.locker import held

pytestmark = pytest.mark.slow  # kills a real game process at each step of a start

ROOT = Path(__file__).resolve().parent.parent
ENV = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}

LOSE_WHILE_HELD_AND_QUIT = """
import sys
sys.path.insert(0, {root!r})
from game.shell.app import App
from game.model import Move
from tests.driver import FakeClock

app = App(clock=FakeClock(), seed={seed}, difficulty="beginner")
app.step()
scene = app.scene
board = scene.board
app.store.flush()
print("STARTED", flush=True)
sys.stdin.readline()  # another program holds the records from here on
scene.apply(Move("reveal", 4, 4))
app.step()
app.store._writer.wait(lambda writer: writer.trouble is not None)  # the save waits, kept in the journal
scene.apply(Move("reveal", *board.mine_cells()[0]))
app.step()
app.store._writer.wait(lambda writer: writer.trouble is not None)
app.store.close()  # quitting: the loss and the save wait in the journal
print("QUIT", flush=True)
"""

# A start, stopped (to be killed) at one step of making a journal: `begin` as its transaction starts,
# `commit` just before it commits, `unlink` just before the journal is removed, `unlinked` just after.
START_STOPPED_AT = """
import os, sqlite3, sys, time
sys.path.insert(0, {root!r})
point = {point!r}
seen = set()

def stop(name):
    print("AT", name, flush=True)
    time.sleep(3600)

def trace(statement):
    words = statement.strip().upper()
    if "INSERT INTO GAMES" in words:
        seen.add("games")
    if point == "begin" and words.startswith("BEGIN") and "done" not in seen:
        stop(point)
    if point == "commit" and words.startswith("COMMIT") and "games" in seen:
        stop(point)

real_connect = sqlite3.connect
def connect(*args, **kwargs):
    db = real_connect(*args, **kwargs)
    db.set_trace_callback(trace)
    return db
sqlite3.connect = connect

real_unlink = os.unlink
def unlink(path, *args, **kwargs):
    journal = ".copy-" in os.fspath(path) and "games" in seen
    if journal and point == "unlink":
        stop(point)
    real_unlink(path, *args, **kwargs)
    if journal and point == "unlinked":
        stop(point)
os.unlink = unlink
os.remove = unlink

from game.store.kept import GameRecord
from game.store import Store
Store.open().close()
print("DONE", flush=True)
"""


def run(script, home, **lines):
    env = dict(os.environ, **ENV, MINESWEEPER_HOME=str(home))
    pipes = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    return subprocess.Popen([sys.executable, "-c", script], env=env, text=True, **pipes)


def lose_while_held_and_quit(home, seed):
    proc = run(LOSE_WHILE_HELD_AND_QUIT.format(root=str(ROOT), seed=seed), home)
    assert proc.stdout.readline() == "STARTED\n", proc.stderr.read()
    with held(home / "minesweeper.db"):
        proc.stdin.write("go\n")
        proc.stdin.flush()
        assert proc.stdout.readline() == "QUIT\n", proc.stderr.read()
        assert proc.wait(timeout=60) == 0
    journals = list(home.glob("minesweeper.db.copy-*"))
    assert len(journals) == 1 and journals[0].stat().st_size > 0, "the journal keeps the loss"


def start_killed_at(home, point):
    """A start stopped at `point` and killed there; True when it reached the point (else it ran to the end)."""
    proc = run(START_STOPPED_AT.format(root=str(ROOT), point=point), home)
    line = proc.stdout.readline()
    if line.startswith("AT"):
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        return True
    assert line == "DONE\n", proc.stderr.read()
    proc.wait(timeout=10)
    return False


def recorded(home):
    """(the outcomes recorded, in order, and whether a game is saved)."""
    db = sqlite3.connect(home / "minesweeper.db")
    try:
        games = [("won" if won else "lost") for (won,) in db.execute("SELECT won FROM games ORDER BY id")]
        return games, db.execute("SELECT count(*) FROM resume").fetchone()[0] > 0
    finally:
        db.close()


@pytest.mark.parametrize("points", [["begin"], ["commit"], ["unlink"], ["unlinked"], ["commit", "unlink"]])
def test_a_start_killed_while_making_a_journal_makes_it_once(tmp_path, points):
    home = tmp_path / "home"
    lose_while_held_and_quit(home, seed=77)
    for point in points:
        assert start_killed_at(home, point), f"the start reached {point}"
    Store.open(home=home).close()  # the start after: it finds what the killed ones left
    games, saved = recorded(home)
    assert games == ["lost"], "recorded once"
    assert not saved, "before: the save of the lost game came back, offered as Resume (the loss taken back)"
    assert not list(home.glob("minesweeper.db.copy-*")), "the journal is gone once made"


# --- the same step in a running copy: its writer makes a kept write, then rewrites its journal -------------

RESET_KILLED_BEFORE_ITS_JOURNAL_IS_REWRITTEN = """
import os, sqlite3, sys, time
sys.path.insert(0, {root!r})
from game.store.kept import GameRecord
from game.store.kept import GameRecord
from game.store import Store

store = Store.open()
for seed in (1, 2):
    store.record_game(GameRecord(rows=9, cols=9, mines=10, won=True, time_ms=9000, three_bv=9, seed=seed)).result()
journal_fd = store._copy._lock.fd
reset = []
real_pwrite = os.pwrite
def pwrite(fd, data, at):
    if fd == journal_fd and reset:  # the reset is committed: this rewrites the journal without it
        print("AT rewrite", flush=True)
        time.sleep(3600)
    return real_pwrite(fd, data, at)
os.pwrite = pwrite
store._writer._db.set_trace_callback(lambda sql: reset.append(1) if sql.startswith("DELETE FROM games") else None)
print("RECORDED", flush=True)
sys.stdin.readline()  # another program holds the records: the reset fails, and waits in the journal
store.reset_statistics()
store._writer.wait(lambda writer: writer.trouble is not None)
print("KEPT", flush=True)
sys.stdin.readline()  # let go: the reset is made, and the copy killed before its journal is rewritten
time.sleep(3600)
"""


def test_a_copy_killed_between_making_a_kept_write_and_rewriting_its_journal_never_has_it_made_again(tmp_path):
    """A reset kept while another program held the records, made once the file freed, and the copy killed
    before its journal lost it: a game another copy records next must survive the start that finds the
    journal (before: the reset was made again, and deleted it)."""
    home = tmp_path / "home"
    proc = run(RESET_KILLED_BEFORE_ITS_JOURNAL_IS_REWRITTEN.format(root=str(ROOT)), home)
    assert proc.stdout.readline() == "RECORDED\n", proc.stderr.read()
    other = Store.open(home=home)  # another copy, running all along
    with held(home / "minesweeper.db"):
        proc.stdin.write("go\n")
        proc.stdin.flush()
        assert proc.stdout.readline() == "KEPT\n", proc.stderr.read()
    proc.stdin.write("go\n")
    proc.stdin.flush()
    assert proc.stdout.readline() == "AT rewrite\n", proc.stderr.read()
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert recorded(home)[0] == [], "the reset was made"
    other.record_game(GameRecord(rows=9, cols=9, mines=10, won=False, time_ms=5000, three_bv=9, seed=3)).result()
    other.close()
    Store.open(home=home).close()  # a start: it finds the killed copy's journal
    assert recorded(home)[0] == ["lost"], "the game recorded after the reset stays"
