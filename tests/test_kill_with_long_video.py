"""SIGKILL while a long game's chunks and its record wait for the records (another program holds them): the
next start makes what the killed copy kept in its journal, and the record comes back with its whole video.
Real processes, really killed (as tests/test_kill_at_game_end.py does for the game itself)."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.store import Store
from game.video.packed import split_log, unpack
from tests.locker import held

pytestmark = pytest.mark.slow  # kills a real game process

ROOT = Path(__file__).resolve().parent.parent

PLAYER = """
import sys
sys.path.insert(0, {root!r})
from game.shell.app import App
from game.play.board_ui import Motion
from game.model import Move
from game.video.chunks import CHUNK_EVENTS
from tests.driver import FakeClock

app = App(clock=FakeClock(), seed=31, difficulty="beginner")
app.step()
scene = app.scene
board = scene.board
import pygame
centre = scene.geometry.cell_rect(4, 4).center
pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1))
app.step()
assert board.is_revealed(4, 4)
hear = lambda event: scene.session.hear(event, scene.ui, scene.geometry)
for t in range(3 * CHUNK_EVENTS + 77):  # the mouse moved on for a while (as the scene hears it)
    hear(Motion(10 + t, (t % 300, 60 + t % 200)))
app.store.flush()
print("PLAYED", scene.session.sealed.chunks, len(scene.session.video), flush=True)
sys.stdin.readline()  # another program holds the records from here on
for t in range(CHUNK_EVENTS):
    hear(Motion(10**6 + t, (t % 300, 60 + t % 200)))
scene.apply(Move("reveal", *board.mine_cells()[0]))  # a loss: its record, after the last chunk
app.step()
# a try failed, and what waits is in the journal (checked again at each try)
app.store._writer.wait(lambda writer: writer.trouble is not None and writer._copy.kept > 0)
print("KEPT", scene.session.sealed.chunks, len(scene.session.video), flush=True)
video = scene.session.video
print(" ".join(str(sum(column) % 1000003) for column in (video.kinds, video.times, video.xs, video.ys)), flush=True)
sys.stdin.readline()
"""


def test_a_kill_while_a_long_games_chunks_and_record_wait_loses_neither(tmp_path):
    home = tmp_path / "home"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", MINESWEEPER_HOME=str(home))
    pipes = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE}
    proc = subprocess.Popen([sys.executable, "-c", PLAYER.format(root=str(ROOT))], env=env, text=True, **pipes)
    try:
        played = proc.stdout.readline().split()
        assert played[:2] == ["PLAYED", "3"], played
        with held(home / "minesweeper.db"):
            proc.stdin.write("go\n")
            proc.stdin.flush()
            kept = proc.stdout.readline().split()
            sums = [int(n) for n in proc.stdout.readline().split()]
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
    assert kept[:2] == ["KEPT", "4"], kept
    with Store.open(home=home) as store:  # the next start makes the killed copy's journal
        [game] = store.recent_games("beginner")
        assert not game.won
        replay, data = split_log(store.replay(game.game_id))
        assert data["chunks"]["chunks"] == 4
        video = unpack(data, 9, 9, frozenset(), store.chunk_reader())
    assert len(video) == int(kept[2])
    assert [sum(column) % 1000003 for column in (video.kinds, video.times, video.xs, video.ys)] == sums
