"""The real window under Xvfb, clicked from outside with xdotool, as a player's mouse would."""

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game import config

ROOT = Path(__file__).resolve().parent.parent
WM_CLASS = "minesweeper-test"

pytestmark = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("xdotool")),
    reason="needs Xvfb and xdotool (apt-get install xvfb xdotool)",
)


def wait_for(predicate, timeout=90.0, interval=0.1):
    # A deadline to wait by, not a timing: a loaded machine (the suite beside other work) can take a minute to
    # bring a window up, and a test that passes waits no longer for it.
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    return None


def stop(game):
    """Quit the game as a window system does (SDL turns SIGTERM into a quit event); its stderr. A game that does
    not quit within 20 s is killed and the test fails."""
    game.send_signal(signal.SIGTERM)
    try:
        _, err = game.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        game.kill()
        raise
    return err


@pytest.fixture
def display():
    # Xvfb picks a free display number itself and writes it to a pipe (-displayfd): a fixed number could be
    # taken by another X server, and the test would then drive that one.
    read_end, write_end = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1366x768x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(write_end,),
    )
    os.close(write_end)
    with os.fdopen(read_end) as announced:
        number = announced.readline().strip()
    if not number:
        xvfb.kill()
        pytest.skip("Xvfb did not start")
    name = f":{number}"
    ready = wait_for(
        lambda: (
            subprocess.run(
                ["xdotool", "getmouselocation"], env=dict(os.environ, DISPLAY=name), capture_output=True
            ).returncode
            == 0
        ),
        timeout=10,
    )
    if not ready:
        xvfb.kill()
        pytest.skip("Xvfb did not start")
    yield name
    xvfb.terminate()
    xvfb.wait(timeout=10)


def xdotool(display, *args):
    result = subprocess.run(
        ["xdotool", *args], env=dict(os.environ, DISPLAY=display), capture_output=True, text=True, timeout=20
    )
    return result.stdout.strip()


def window_geometry(display, window):
    out = xdotool(display, "getwindowgeometry", "--shell", window)
    values = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    if not values:
        return None  # the window is not there (yet, or any more)
    return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])


def beginner_button_centre():
    """Where the menu puts its Beginner button on a 1366x768 screen (worked out headless, in this process)."""
    from game.app import App
    from tests.driver import FakeClock

    app = App(clock=FakeClock(), desktop_size=(1366, 768))
    try:
        return app.scene.difficulty_buttons["beginner"].rect.center
    finally:
        app.store.close()
        pygame.quit()


def test_click_beginner_in_the_real_window_then_quit(display, tmp_path):
    env = dict(
        os.environ,
        DISPLAY=display,
        SDL_VIDEO_X11_WMCLASS=WM_CLASS,
        SDL_AUDIODRIVER="dummy",
        MINESWEEPER_HOME=str(tmp_path),
    )
    env.pop("SDL_VIDEODRIVER", None)
    game = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--seed", "3"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        window = wait_for(lambda: xdotool(display, "search", "--classname", WM_CLASS).split("\n")[0])
        assert window, "the game window appeared"
        x, y, width, height = wait_for(lambda: window_geometry(display, window))
        assert (width, height) == config.MENU_SIZE, "the menu window"
        assert wait_for(lambda: (tmp_path / "minesweeper.db").exists()), "the game is up (its records are open)"

        def board_window_size():
            # SDL may make a new window for the new size, so look the window up again each time
            found = xdotool(display, "search", "--classname", WM_CLASS).split("\n")[0]
            geometry = window_geometry(display, found) if found else None
            return geometry[2:] if geometry and geometry[2:] != config.MENU_SIZE else None

        bx, by = beginner_button_centre()
        resized = None
        for _ in range(5):  # a click that reached the window before its first frame is clicked again
            xdotool(display, "mousemove", str(x + bx), str(y + by), "click", "1")
            resized = wait_for(board_window_size, timeout=2)
            if resized:
                break
        assert resized, "clicking Beginner opened the board window"
        width, height = resized
        assert game.poll() is None, game.stderr.read()
        assert width < config.MENU_SIZE[0] and height < config.MENU_SIZE[1]
    finally:
        err = stop(game)
    assert game.returncode == 0, err


def test_expert_opens_whole_on_a_laptop_screen(display, tmp_path):
    """The bug: Expert on 1366x768 opened at x=463 and ran to x=1459, its timer and Hint button off-screen."""
    env = dict(os.environ, DISPLAY=display, SDL_VIDEO_X11_WMCLASS=WM_CLASS, SDL_AUDIODRIVER="dummy")
    env["MINESWEEPER_HOME"] = str(tmp_path)
    env.pop("SDL_VIDEODRIVER", None)
    game = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--difficulty", "expert", "--seed", "3"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        window = wait_for(lambda: xdotool(display, "search", "--classname", WM_CLASS).split("\n")[0])
        assert window, "the game window appeared"

        readings = []

        def placed():
            # the window is resized, then moved, and a loaded machine may show it between the two for a while:
            # wait until it stands where it should (the bug left it off-screen for good), keeping every reading
            readings.append(window_geometry(display, window))
            now = readings[-1]
            if now is None or now[2] <= config.MENU_SIZE[0]:
                return None
            x, y, width, height = now
            inside = x >= 0 and x + width <= 1366 and y >= 0 and y + height <= 768
            return now if inside and abs((x + width / 2) - 683) <= 2 else None

        assert wait_for(placed, interval=0.3), f"the Expert window inside the screen and centred across it: {readings}"
    finally:
        err = stop(game)
    assert game.returncode == 0, err
