"""SIGKILL at any moment around the end of a game leaves the game saved or recorded: never both (it could be
resumed and recorded twice) and never neither (a loss taken back). Real processes, really killed.

The records are written by a thread of their own, a moment after each move (game/store/writer.py). A player
is slower than that writer: the script lets it catch up before the last click, as a human pause would, and
says WRITTEN once a finished game is in the file. The kill then lands before, during or after the writer
records the last game; whatever was in the journal of the killed copy is made at the next start."""

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.store import Store
from tests.locker import held

pytestmark = pytest.mark.slow  # kills a real game process at random moments

ROOT = Path(__file__).resolve().parent.parent

PLAYER = """
import sys
sys.path.insert(0, {root!r})
from game.shell.app import App
from game.model import Move
from tests.driver import FakeClock

app = App(clock=FakeClock(), seed={seed}, difficulty="beginner")
app.step()
for game in range(1000):
    scene = app.scene
    board = scene.board
    scene.apply(Move("reveal", 4, 4))
    app.step()
    safe = [(r, c) for r in range(9) for c in range(9) if not board.is_mine(r, c) and not board.is_revealed(r, c)]
    for cell in safe[:-1]:
        if not board.is_revealed(*cell):
            scene.apply(Move("reveal", *cell))
            app.step()
    mine = board.mine_cells()[0]
    app.store.flush()  # a player's pause before the last click: the save is written
    print("ENDING", game, board.seed, flush=True)
    if game % 2:
        scene.apply(Move("reveal", *mine))  # a loss
    else:
        scene.apply(Move("reveal", *safe[-1]))  # a win
    app.step()
    print("ENDED", game, board.seed, board.state, flush=True)
    app.store.flush()
    print("WRITTEN", game, board.seed, flush=True)
    scene.new_game()
    app.step()
"""


def kill_near_an_end(home, seed, ends_to_pass, delay):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", MINESWEEPER_HOME=str(home))
    proc = subprocess.Popen(
        [sys.executable, "-c", PLAYER.format(root=str(ROOT), seed=seed)], env=env, stdout=subprocess.PIPE, text=True
    )
    lines = []
    for line in proc.stdout:
        lines.append(line.split())
        if line.startswith("ENDING") and int(line.split()[1]) == ends_to_pass:
            break
    busy_until = time.perf_counter() + delay
    while time.perf_counter() < busy_until:
        pass  # a spin of under a millisecond: the kill lands before, during or after the last click
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    return lines


def state(home):
    """(seeds recorded in order, the seed of the saved game or None) in the records file as it is."""
    db = sqlite3.connect(home / "minesweeper.db")
    recorded = [int(seed) for (seed,) in db.execute("SELECT seed FROM games ORDER BY id")]
    saved = db.execute("SELECT board FROM resume").fetchall()
    db.close()
    return recorded, json.loads(saved[0][0])["seed"] if saved else None


@pytest.mark.parametrize("run", range(16))  # about a quarter land before the record (measured)
def test_a_kill_around_the_end_of_a_game_leaves_the_save_or_the_record(tmp_path, run):
    rng = random.Random(run)
    home = tmp_path / "home"
    lines = kill_near_an_end(home, seed=1000 + run, ends_to_pass=rng.randrange(3), delay=rng.uniform(0, 0.001))
    ending = int(lines[-1][2])  # the game whose last click the kill fell around
    written = [int(line[2]) for line in lines if line[0] == "WRITTEN"]
    for when in ("as the kill left it", "at the next start, the killed copy's journal made"):
        if when.startswith("at the next"):
            Store.open(home=home).close()
        recorded, saved_seed = state(home)
        assert recorded[: len(written)] == written, f"every game written was recorded, once, in order ({when})"
        assert (saved_seed == ending) != (ending in recorded), f"the game at its end is saved or recorded ({when})"
        assert len(recorded) == len(set(recorded)), f"never recorded twice ({when})"


LOSER_WHILE_LOCKED = """
import sys
sys.path.insert(0, {root!r})
from game.shell.app import App
from game.model import Move
from tests.driver import FakeClock

app = App(clock=FakeClock(), seed={seed}, difficulty="beginner")
app.step()
scene = app.scene
board = scene.board
scene.apply(Move("reveal", 4, 4))
app.step()
app.store.flush()
print("SAVED", board.seed, flush=True)
sys.stdin.readline()  # another program holds the records from here on
scene.apply(Move("reveal", *board.mine_cells()[0]))
app.step()
print("LOST", flush=True)
app.store._writer.wait(lambda writer: writer.trouble is not None)  # a try failed: the loss waits, kept
print("KEPT", flush=True)
sys.stdin.readline()
"""


@pytest.mark.parametrize("when", ["kept", "lost+0.0", "lost+0.0005", "lost+0.001"])
def test_a_kill_while_another_program_holds_the_records_never_takes_a_loss_back(tmp_path, when):
    home = tmp_path / "home"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", MINESWEEPER_HOME=str(home))
    script = LOSER_WHILE_LOCKED.format(root=str(ROOT), seed=77)
    pipes = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE}
    proc = subprocess.Popen([sys.executable, "-c", script], env=env, text=True, **pipes)
    assert proc.stdout.readline().startswith("SAVED")
    with held(home / "minesweeper.db"):
        proc.stdin.write("go\n")
        proc.stdin.flush()
        awaited, _, delay = when.partition("+")
        while proc.stdout.readline().strip().lower() != awaited:
            pass
        busy_until = time.perf_counter() + float(delay or 0)
        while time.perf_counter() < busy_until:
            pass
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    recorded, saved_seed = state(home)
    assert not (recorded and saved_seed is not None), "never both"
    Store.open(home=home).close()  # the next start: it makes what the killed copy kept in its journal
    recorded, saved_seed = state(home)
    if awaited == "kept":
        assert recorded == [77] and saved_seed is None, "before: the game from before the loss was offered"
    else:  # the kill may land before the loss was kept anywhere: as if before the click, the save stays
        assert (recorded == [77]) != (saved_seed == 77), (recorded, saved_seed)
