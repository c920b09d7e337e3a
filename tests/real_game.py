"""The game in its own process on a real X server (Xvfb), for the tests that drive its real window from outside
as a player's mouse and desktop do (xdotool, XDND): the server, the game, finding its window, stopping it."""

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench.xserver import start_xvfb

ROOT = Path(__file__).resolve().parent.parent
WM_CLASS = "minesweeper-test"

needs_x = pytest.mark.skipif(
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


@pytest.fixture
def display():
    """An Xvfb server (1366x768) on a display number it picks itself, which does not reset when its last client
    leaves (bench/xserver.py says why both matter)."""
    started = start_xvfb()
    if started is None:
        pytest.skip("Xvfb did not start")
    xvfb, name = started
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


class RealGame:
    """main.py run with `args` on `display`, its records in `home`, no sound card.

    What it prints goes to a file beside its records, not to a pipe: a pipe no one reads until the game ends
    stops the game once it is full. The file is also what a failed test shows of it."""

    def __init__(self, display, home, *args, environment=None):
        self.display = display
        self.home = Path(home)
        self.home.mkdir(parents=True, exist_ok=True)
        self.output = self.home.parent / f"{self.home.name}-printed.txt"
        env = dict(os.environ, DISPLAY=display, SDL_VIDEO_X11_WMCLASS=WM_CLASS, SDL_AUDIODRIVER="dummy")
        env["MINESWEEPER_HOME"] = str(self.home)
        for name, value in (environment or {}).items():  # None: not set at all (a locale variable left out)
            if value is None:
                env.pop(name, None)
            else:
                env[name] = value
        env.pop("SDL_VIDEODRIVER", None)
        with open(self.output, "w") as printed:
            self.process = subprocess.Popen(
                [sys.executable, str(ROOT / "main.py"), *args], env=env, stdout=printed, stderr=subprocess.STDOUT
            )

    @property
    def returncode(self):
        return self.process.returncode

    def running(self):
        return self.process.poll() is None

    def printed(self):
        return self.output.read_text(errors="replace")

    def window(self, timeout=120.0):
        """The id of the game's window, once the X server has one of its class. A game that ends first fails
        the test at once, not after the whole timeout."""
        found = wait_for(lambda: self._window_id() or not self.running(), timeout)
        if found is True:  # the game has ended; its window may have come up in the same moment
            found = self._window_id() or found
        if found is True:
            raise AssertionError(f"the game ended before its window appeared\n{self.state()}")
        assert found, f"the game's window appeared within {timeout:.0f} s\n{self.state()}"
        return found

    def _window_id(self):
        return xdotool(self.display, "search", "--classname", WM_CLASS).split("\n")[0]

    def state(self):
        """What a failed test needs to know of the game: running or not, what it printed, its crash log, and
        the windows the X server has."""
        ended = self.process.poll()
        crash_log = self.home / "minesweeper-crash.log"
        crashed = crash_log.read_text(errors="replace")[-4000:] if crash_log.exists() else "(none)"
        windows = subprocess.run(
            ["xwininfo", "-root", "-tree"] if shutil.which("xwininfo") else ["xdotool", "search", "--name", "."],
            env=dict(os.environ, DISPLAY=self.display),
            capture_output=True,
            text=True,
            timeout=20,
        )
        return "\n".join(
            [
                "game: " + ("running" if ended is None else f"exited with {ended}"),
                f"printed:\n{self.printed()[-4000:]}",
                f"crash log:\n{crashed}",
                f"X server's windows:\n{windows.stdout[-4000:]}{windows.stderr[-500:]}",
            ]
        )

    def stop(self):
        """Quit the game as a window system does (SDL turns SIGTERM into a quit event); what it printed. A game
        that does not quit within 20 s is killed and the test fails."""
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise
        return self.printed()
