"""Two copies of the game at once, as real processes started together (issue 16): on a damaged records file
they set it aside once and lose nothing (#7), and one saved game is played on, and recorded, by one of them
only (#8)."""

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from game.store import DB_NAME, Store
from tests.populated import saved_under_way

pytestmark = pytest.mark.slow  # two real game processes at once, many runs

ROOT = Path(__file__).resolve().parent.parent


def together(script, *argvs, home):
    """Run `script` once per argv list, all at once: each prints "ready" and waits for a line on stdin, then
    all are let go together. Returns each one's stdout."""
    env = dict(os.environ, MINESWEEPER_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", script, *argv],
            cwd=ROOT,
            env=env,
            text=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for argv in argvs
    ]
    for proc in procs:
        assert proc.stdout.readline() == "ready\n", proc.stderr.read()
    for proc in procs:
        proc.stdin.write("go\n")
        proc.stdin.flush()
    outs = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        outs.append(out)
    return outs


# --- #7: a damaged file, two copies starting together -------------------------------------------------------

OPEN_AND_RECORD = """
import sys
sys.path.insert(0, ".")
from game.store.kept import GameRecord
from game.store import Store
print("ready", flush=True)
sys.stdin.readline()
store = Store.open()
n = int(sys.argv[1])
store.record_game(GameRecord(rows=9, cols=9, mines=10, won=True, time_ms=1000 + n, three_bv=5, seed=n))
store.close()
print(store.path is not None, flush=True)
"""

GARBAGE = b"this records file was damaged by a disk error, and is not a database any more\n" * 200


@pytest.mark.parametrize("run", range(12))
def test_two_copies_starting_on_a_damaged_file_set_it_aside_once_and_lose_nothing(private_home, run):
    private_home.mkdir()
    (private_home / DB_NAME).write_bytes(GARBAGE)
    outs = together(OPEN_AND_RECORD, ["1"], ["2"], home=private_home)
    assert [out.split() for out in outs] == [["True"], ["True"]], "both kept records in a file"
    aside = sorted(private_home.glob(f"{DB_NAME}.corrupt-*[!lm]"))  # not their -wal or -shm
    assert [p.read_bytes() for p in aside] == [GARBAGE], "set aside once: before, a healthy new file too"
    db = sqlite3.connect(private_home / DB_NAME)
    seeds = sorted(int(seed) for (seed,) in db.execute("SELECT seed FROM games"))
    db.close()
    assert seeds == [1, 2], "before: a game recorded into a file set aside, or into none"


# --- #8: one saved game, two copies resuming it ------------------------------------------------------------

RESUME = """
import sys
sys.path.insert(0, ".")
import pygame
from game.shell.app import App
from game.scenes.playing import PlayingScene
from tests.driver import Driver, FakeClock

app = App(clock=FakeClock(), desktop_size=(1366, 768))
driver = Driver(app)
driver.frames(2)
menu = app.scene
assert menu.resume is not None, "both copies offer the saved game"
print("ready", flush=True)
sys.stdin.readline()
if sys.argv[1] == "resume":
    driver.click_button(menu.resume)
else:  # another game: "Discard the saved game?" Discard (it counts as an abandoned loss)
    driver.click_button(menu.difficulty_buttons["beginner"])
    driver.click_button(app.overlays[-1].yes)
playing = app.scene
if sys.argv[1] == "resume" and isinstance(playing, PlayingScene):
    board = playing.board
    for row in range(board.rows):
        for col in range(board.cols):
            if not board.is_mine(row, col) and not board.is_revealed(row, col) and board.state == "playing":
                driver.click_cell(row, col)
    print("won" if board.state == "won" else board.state, flush=True)
else:
    print("refused" if sys.argv[1] == "resume" else "discarded", "|", *getattr(app.scene, "notices", []), flush=True)
driver.frames(2)
app.store.close()
"""


@pytest.fixture
def a_saved_game(private_home):
    board, elapsed, category = saved_under_way()
    with Store.open() as store:
        store.save_resume(board, elapsed, category, {"origin": "new", "hinted": False, "no_guess": False})


def recorded(home):
    db = sqlite3.connect(home / DB_NAME)
    try:
        return db.execute("SELECT won, abandoned FROM games ORDER BY id").fetchall()
    finally:
        db.close()


@pytest.mark.parametrize("run", range(3))
def test_two_copies_resuming_one_saved_game_play_it_once(private_home, a_saved_game, run):
    outs = together(RESUME, ["resume"], ["resume"], home=private_home)
    results = sorted(out.split("|")[0].strip() for out in outs)
    assert results == ["refused", "won"], outs
    refused = next(out for out in outs if out.startswith("refused"))
    assert "already being played in another window" in refused or "finished or discarded in another" in refused
    assert recorded(private_home) == [(1, 0)], "before: played twice, recorded twice (played=2, won=1)"


def test_a_copy_discarding_a_saved_game_another_plays_on_records_it_once(private_home, a_saved_game):
    outs = together(RESUME, ["resume"], ["discard"], home=private_home)
    resumed = outs[0].split("|")[0].strip()
    assert resumed in ("won", "refused"), outs  # whichever copy the records heard first has it
    played_on, abandoned = (1, 0), (0, 1)
    assert recorded(private_home) == [played_on if resumed == "won" else abandoned], "before: recorded by both"
