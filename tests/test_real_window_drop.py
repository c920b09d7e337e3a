"""A speed-runner's AVF dropped on the real window (Xvfb) as a file manager drops it (XDND, tests/xdnd.py): the game
opens it in Replay and plays it with the player's cursor; screenshots taken from the X server mid-playback and at
the end (saved in $MINESWEEPER_SHOTS when set, to look at)."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game import config
from tests.test_real_window import ROOT, WM_CLASS, display, wait_for, window_geometry, xdotool  # noqa: F401
from tests.xdnd import drop
from tests.xgrab import grab

pytest.importorskip("ms_toollib")

AVF = ROOT / "tests" / "fixtures" / "videos" / "HI-SCORE Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf"


def replay_window_size():
    """The Replay window the video opens in, worked out headless with the same screen."""
    from game.app import App
    from tests.driver import Driver, FakeClock

    app = App(clock=FakeClock(), desktop_size=(1366, 768))
    try:
        driver = Driver(app)
        driver.post(pygame.DROPFILE, file=str(AVF))
        driver.frames(3)
        assert app.scene.name == "replay"
        return tuple(app.scene.window_size)
    finally:
        app.store.close()
        pygame.quit()


def test_an_avf_dropped_on_the_real_window_plays_in_replay(display, tmp_path, monkeypatch):  # noqa: F811
    size = replay_window_size()
    shots = Path(os.environ.get("MINESWEEPER_SHOTS", tmp_path))
    env = dict(os.environ, DISPLAY=display, SDL_VIDEO_X11_WMCLASS=WM_CLASS, SDL_AUDIODRIVER="dummy")
    env["MINESWEEPER_HOME"] = str(tmp_path / "home")
    env.pop("SDL_VIDEODRIVER", None)
    game = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py")], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    monkeypatch.setenv("DISPLAY", display)  # for the drop's and the screenshots' own connections to the X server
    try:
        window = wait_for(lambda: xdotool(display, "search", "--classname", WM_CLASS).split("\n")[0])
        assert window, "the game window appeared"
        x, y, width, height = wait_for(lambda: window_geometry(display, window))
        assert (width, height) == config.MENU_SIZE
        assert wait_for(lambda: (tmp_path / "home" / "minesweeper.db").exists()), "the game is up"
        assert drop(int(window), x + width // 2, y + height // 2, AVF) == "finished", "the window took the drop"

        def replay_window():
            found = xdotool(display, "search", "--classname", WM_CLASS).split("\n")[0]
            geometry = window_geometry(display, found) if found else None
            return (int(found), geometry) if geometry and tuple(geometry[2:]) == size else None

        opened = wait_for(replay_window, timeout=30)
        assert opened, f"the video opened in Replay ({size[0]}x{size[1]})"
        window, (x, y, width, height) = opened
        board = pygame.Rect(10, 90, width - 20, height - 300)  # the board, under the counters

        def board_pixels(shot):
            return pygame.image.tobytes(shot.subsurface(board), "RGB")

        early = grab(window, width, height)
        time.sleep(2)  # some seconds of the video, for the screenshot
        later = wait_for(
            lambda: (shot := grab(window, width, height)) and board_pixels(shot) != board_pixels(early) and shot
        )
        pygame.image.save(early, str(shots / "real-drop-early.png"))
        assert later, "the board changed: the video plays"
        pygame.image.save(later, str(shots / "real-drop-later.png"))
        assert game.poll() is None
    finally:
        game.send_signal(signal.SIGTERM)
        try:
            out, err = game.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            game.kill()
            raise
    assert game.returncode == 0, err
