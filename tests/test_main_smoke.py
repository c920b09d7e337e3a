"""main.py as a player starts it: a subprocess under the dummy video driver, quitting cleanly."""

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_main(*args, env_extra=None, cwd=None, **kwargs):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **(env_extra or {}))
    return subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), *args],
        cwd=cwd or ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kwargs,
    )


@pytest.mark.slow
def test_runs_a_fixed_number_of_frames_and_exits_zero(tmp_path):
    proc = run_main("--frames", "90", cwd=tmp_path)  # any working folder: assets are found from the code
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err


def test_quits_cleanly_when_asked_to_close(tmp_path, private_home):
    proc = run_main("--difficulty", "expert", "--seed", "7", cwd=tmp_path)
    records = private_home / "minesweeper.db"
    deadline = time.monotonic() + 30
    while not records.exists() and time.monotonic() < deadline:  # the records file appears once it is up
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=0.05)
            break  # it exited: the assert below says so
    assert records.exists() and proc.poll() is None, "up and running"
    proc.send_signal(signal.SIGTERM)  # SDL turns SIGTERM into a QUIT event
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err


def test_help_lists_the_options():
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "--help"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    for option in ("--difficulty", "--seed", "beginner", "intermediate", "expert"):
        assert option in proc.stdout


def test_a_crash_is_logged_and_reported_not_silent(tmp_path):
    # Point the sprite sheet at a file that does not exist: the app fails at start-up.
    script = (
        "import sys, runpy; sys.argv = ['main.py', '--frames', '5'];"
        "import game.config as c; c.SPRITE_SHEET = c.ROOT / 'missing.png';"
        f"runpy.run_path({str(ROOT / 'main.py')!r}, run_name='__main__')"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", MINESWEEPER_HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 1
    assert "Minesweeper crashed" in proc.stderr
    log = tmp_path / "minesweeper-crash.log"
    assert log.exists() and "missing.png" in log.read_text()


def test_missing_pygame_names_the_install_command(tmp_path):
    # A fake pygame that fails to import stands in for a machine without pygame-ce.
    fake = tmp_path / "fake"
    (fake / "pygame").mkdir(parents=True)
    (fake / "pygame" / "__init__.py").write_text("raise ImportError('No module named pygame')\n")
    env = dict(os.environ, PYTHONPATH=str(fake), SDL_VIDEODRIVER="dummy")
    env.pop("DISPLAY", None)
    proc = subprocess.run([sys.executable, str(ROOT / "main.py")], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 1
    assert "pip install -r" in proc.stderr and "requirements.txt" in proc.stderr


def test_upstream_pygame_is_named_and_the_command_replaces_it(tmp_path):
    # Upstream pygame imports as `pygame` too but has no IS_CE: the game would fail later on ce-only calls.
    fake = tmp_path / "fake"
    (fake / "pygame").mkdir(parents=True)
    (fake / "pygame" / "__init__.py").write_text("version = '2.6.1'\n")
    env = dict(os.environ, PYTHONPATH=str(fake), SDL_VIDEODRIVER="dummy")
    proc = subprocess.run([sys.executable, str(ROOT / "main.py")], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 1
    assert "upstream pygame" in proc.stderr
    assert "pip uninstall -y pygame pygame-ce" in proc.stderr and "requirements.txt" in proc.stderr


def test_commands_shown_under_pythonw_name_the_console_python(monkeypatch):
    from game.shell import launcher

    monkeypatch.setattr(sys, "executable", r"C:\Python312\pythonw.exe")
    assert launcher.console_python() == r'"C:\Python312\python.exe"'
    monkeypatch.setattr(sys, "executable", "/usr/bin/python3")
    assert launcher.console_python() == '"/usr/bin/python3"'


def test_no_screen_is_said_and_not_played_unseen(tmp_path):
    """The bug: with no X server answering (a display that is not there, or one that could not take a client at
    that moment), SDL fell back on its offscreen driver and the game ran where no one could see it, until killed.
    Now it says there is no screen, logs it, and ends."""
    env = dict(os.environ, DISPLAY=":4077", MINESWEEPER_HOME=str(tmp_path), SDL_AUDIODRIVER="dummy")
    for name in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY"):
        env.pop(name, None)
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py")], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"the game ran with no screen for a minute: {err}") from None
    assert proc.returncode == 1, err
    assert "could not open a window" in err and "DISPLAY=':4077'" in err, err
    assert "DISPLAY=':4077'" in (tmp_path / "minesweeper-crash.log").read_text()


def test_a_crash_naming_a_file_that_is_not_utf8_is_logged_and_reported_escaped(tmp_path, monkeypatch):
    from game.shell import launcher

    monkeypatch.setenv("MINESWEEPER_HOME", str(tmp_path))
    details = "Traceback...\nFileNotFoundError: /videos/bad\udcff.avf\n"
    path = launcher.write_crash_log(details)
    assert path is not None and "bad\\xff.avf" in path.read_text(encoding="utf-8")
    assert launcher.shown(details) == "Traceback...\nFileNotFoundError: /videos/bad\\xff.avf\n"


@pytest.mark.slow
def test_a_replay_given_at_start_whose_name_is_not_utf8_runs(tmp_path):
    bad = os.fsdecode(bytes(tmp_path) + b"/r\xff.json")
    with open(bad, "w") as file:
        file.write("{")
    proc = run_main("--replay", bad, "--frames", "60", cwd=tmp_path, env_extra={"MINESWEEPER_HOME": str(tmp_path)})
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
