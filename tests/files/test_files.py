"""Replay files in and out (game/files/reading.py), attacked as in issue 16: a FIFO given or dropped as a replay (#4, as
real processes), a file read on the frame thread (#4), boards and files larger than the game makes (#6), and
an export that would overwrite a replay or follow a link planted under its name (#10)."""

import json
import os
import select
import signal
import subprocess
import sys
import threading
from datetime import datetime
from pathlib import Path

import pygame
import pytest

from game.files import export
from game.files import reading as files
from game.model import Board, Move
from game.model.replay.replay import Replay
from game.scenes.replay import ReplayScene
from game.shell.app import App
from game.view import screens
from tests.driver import Driver, FakeClock

ROOT = Path(__file__).resolve().parents[1]  # tests/
MAIN = ROOT.parent / "main.py"
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")


def a_replay(rows=9, cols=9, mines=10, seed=3):
    board = Board(rows, cols, mines, seed=seed)
    board.apply(Move("reveal", rows // 2, cols // 2).at(0))
    return Replay.from_game(board, 500)


def game_process(*args, script=None):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    command = [sys.executable, "-c", script, *args] if script else [sys.executable, str(MAIN), *args]
    pipes = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    return subprocess.Popen(command, cwd=ROOT.parent, env=env, text=True, **pipes)


def finished(proc, timeout=60):
    """(returncode, stdout, stderr); a process still running after `timeout` is killed and fails the test."""
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"still running after {timeout} s: frozen\n{err[-2000:]}") from None
    return proc.returncode, out, err


# --- #4: a FIFO as a replay file -----------------------------------------------------------------------------


@needs_fifo
def test_a_fifo_given_at_start_is_refused_and_the_game_runs_on(tmp_path):
    fifo = tmp_path / "replay.json"
    os.mkfifo(fifo)
    code, _, err = finished(game_process("--replay", str(fifo), "--frames", "60"))  # before: hung in open()
    assert code == 0, err


@needs_fifo
def test_sigterm_ends_a_game_given_a_fifo(tmp_path, private_home):
    fifo = tmp_path / "replay.json"
    os.mkfifo(fifo)
    script = (
        "import sys; sys.path.insert(0, '.')\n"
        "from game.shell.app import App\n"
        "app = App(replay=sys.argv[1])\n"
        "print('up', flush=True)\n"
        "sys.exit(app.run())\n"
    )
    proc = game_process(str(fifo), script=script)
    up = False
    try:
        up = bool(select.select([proc.stdout], [], [], 60)[0]) and proc.stdout.readline() == "up\n"
    finally:
        proc.send_signal(signal.SIGTERM)  # SDL turns it into a QUIT event, which the frames then see
        code, _, err = finished(proc)  # before: SIGTERM did not end it either (then it is killed)
    assert up, "the window came up (before: never, stuck opening the FIFO)"
    assert code == 0, err


DROP = """
import sys; sys.path.insert(0, '.')
import pygame
from game.shell.app import App
from tests.driver import Driver, FakeClock
app = App(clock=FakeClock(), desktop_size=(1366, 768))
driver = Driver(app)
driver.frames(2)
driver.post(pygame.DROPFILE, file=sys.argv[1])
driver.frames(5)
print(type(app.scene).__name__, "|", " ".join(app.scene.notices), flush=True)
app.store.close()
"""


@needs_fifo
def test_a_fifo_dropped_on_the_window_is_refused_and_the_game_runs_on(tmp_path):
    fifo = tmp_path / "dropped.json"
    os.mkfifo(fifo)
    code, out, err = finished(game_process(str(fifo), script=DROP))
    assert code == 0, err
    scene, notice = out.strip().split(" | ", 1)
    assert scene == "MenuScene" and notice.startswith("Could not open dropped.json: that is not a file"), out


def test_a_replay_file_is_read_off_the_frame_thread(tmp_path, monkeypatch):
    path = tmp_path / "slow.json"
    path.write_text(a_replay().to_json())
    real, reading, release = files.open_to_watch, threading.Event(), threading.Event()

    def slow_disk(where):
        assert threading.current_thread() is not threading.main_thread(), "read on the frame thread"
        reading.set()
        assert release.wait(30)
        return real(where)

    monkeypatch.setattr(files, "open_to_watch", slow_disk)
    app = App(clock=FakeClock(), desktop_size=(1366, 768))
    driver = Driver(app, patient=False)  # the frames must go on without the file
    driver.frames(2)
    driver.post(pygame.DROPFILE, file=str(path))
    driver.frames(1)
    assert reading.wait(30)
    driver.frames(30)  # the disk has not answered: the frames go on
    assert isinstance(app.scene.shown, screens.Menu)
    release.set()
    Driver(app).frames(2)
    assert isinstance(app.scene, ReplayScene)
    app.store.close()


def test_a_replay_file_is_built_with_the_cycle_collector_paused_and_it_runs_again_after(tmp_path, monkeypatch):
    # A large file's 100,000 moves would set off collections all along, each holding up the frames; they make no
    # cycles, so the collector waits until the file is read.
    import gc

    path = tmp_path / "replay.json"
    path.write_text(a_replay().to_json())
    real, collecting = files.open_to_watch, []
    monkeypatch.setattr(files, "open_to_watch", lambda where: collecting.append(gc.isenabled()) or real(where))
    app = App(clock=FakeClock(), desktop_size=(1366, 768))
    driver = Driver(app)
    driver.frames(2)
    driver.post(pygame.DROPFILE, file=str(path))
    driver.frames(3)
    assert isinstance(app.scene, ReplayScene)
    assert collecting == [False], "read with the collector paused"
    assert gc.isenabled(), "and it runs again once the file is read"
    app.store.close()


# --- #6: sizes over the game's limits are refused before anything is built ---------------------------------


def test_a_replay_of_a_board_larger_than_the_game_makes_is_refused_before_it_is_played(tmp_path, monkeypatch):
    data = json.loads(a_replay().to_json())
    data.update(rows=1000, cols=1000)  # its moves and mines still fit: it would play (1.9-6.1 s, 350 MB)
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(data))
    played = []
    monkeypatch.setattr(Replay, "final_board", lambda self: played.append(self) or pytest.fail("played"))
    with pytest.raises(ValueError, match="100x100"):
        files.load_replay(path)
    assert not played


@pytest.mark.parametrize("size", [19_000_000, 5_000_000])
def test_a_file_of_empty_lists_is_refused_before_it_is_parsed(tmp_path, monkeypatch, size):
    path = tmp_path / "lists.json"
    path.write_text("[" + "[]," * (size // 3 - 1) + "[]]")  # before: 517 MB to parse, then refused
    parsed = []
    real = json.loads
    monkeypatch.setattr(json, "loads", lambda text, *a, **k: parsed.append(len(text)) or real(text, *a, **k))
    with pytest.raises(ValueError, match="too large"):
        files.load_replay(path)
    assert not parsed


def test_a_replay_at_the_game_s_limits_still_opens(tmp_path):
    path = tmp_path / "big.json"
    path.write_text(a_replay(100, 100, 2000, seed=8).to_json())
    assert files.load_replay(path).rows == 100


# --- #10: an export never overwrites a file, nor follows a link -----------------------------------------------


class FixedClock(datetime):
    @classmethod
    def now(cls, tz=None):
        return datetime(2026, 5, 17, 12, 0, 0)


def test_two_exports_in_the_same_second_make_two_files(tmp_path, monkeypatch):
    monkeypatch.setattr(export, "datetime", FixedClock)  # the same second (or a clock set back)
    first, second = a_replay(seed=1), a_replay(seed=2)
    a = export.export_replay(first, tmp_path)
    b = export.export_replay(second, tmp_path)
    assert a != b and a.parent == b.parent == tmp_path
    assert json.loads(a.read_text())["seed"] == 1 and json.loads(b.read_text())["seed"] == 2, "nothing overwritten"


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")
def test_an_export_never_follows_a_link_planted_under_its_name(tmp_path, monkeypatch):
    monkeypatch.setattr(export, "datetime", FixedClock)
    folder, outside = tmp_path / "replays", tmp_path / "precious.txt"
    outside.write_text("not yours")
    probe = export.export_replay(a_replay(), folder)  # the name the next export in this second would take
    probe.unlink()
    probe.symlink_to(outside)
    made = export.export_replay(a_replay(), folder)
    assert outside.read_text() == "not yours", "before: the link was followed out of replays/"
    assert made.parent == folder and not made.is_symlink() and made != probe


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")
def test_an_export_never_writes_through_a_replays_folder_that_is_a_link(tmp_path):
    elsewhere = tmp_path / "somewhere-else"
    elsewhere.mkdir()
    folder = tmp_path / "records" / "replays"
    folder.parent.mkdir()
    folder.symlink_to(elsewhere)
    with pytest.raises(OSError) as error:
        export.export_replay(a_replay(), folder)
    assert "link" in error.value.strerror
    assert not list(elsewhere.iterdir()), "before: the export was written where the link points"


def test_files_dropped_at_once_are_read_one_at_a_time_and_the_newest_waiting_one_is_shown(tmp_path, monkeypatch):
    paths = []
    for n in range(30):
        path = tmp_path / f"dropped-{n}.json"
        path.write_text(a_replay().to_json())
        paths.append(str(path))
    real, release, lock = files.open_to_watch, threading.Event(), threading.Lock()
    started, running, most = [], [0], [0]

    def slow_disk(where):
        with lock:
            started.append(where)
            running[0] += 1
            most[0] = max(most[0], running[0])
        try:
            assert release.wait(30)
            return real(where)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr(files, "open_to_watch", slow_disk)
    app = App(clock=FakeClock(), desktop_size=(1366, 768))
    driver = Driver(app, patient=False)
    driver.frames(2)
    for path in paths:
        driver.post(pygame.DROPFILE, file=path)
    driver.frames(3)
    assert started == paths[:1], "one reader, for the first file; the others wait"
    release.set()
    while app.arrivals.reading is not None:  # each file read, then the frame that takes it
        assert app.arrivals.reading[1].wait(30)
        driver.frames(1)
    driver.frames(2)
    assert started == [paths[0], paths[-1]], "a newer drop took the place of each older one not yet read"
    assert most[0] == 1
    assert isinstance(app.scene, ReplayScene)
    app.store.close()
