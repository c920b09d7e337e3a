"""A speed-runner's AVF dropped on the real window (Xvfb) as a file manager drops it (XDND, tests/xdnd.py): the game
opens it in Replay and plays it with the player's cursor, then B races it: its board, the ghost's clock in the top
bar, both clocks running from the player's first click. Screenshots taken from the X server (saved in
$MINESWEEPER_SHOTS when set, to look at)."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game import config
from game.view import screens
from game.view.ghost_view import CLOCK_COLOURS
from tests.real_game import ROOT, WM_CLASS, RealGame, needs_x, wait_for, window_geometry, xdotool
from tests.xdnd import drop
from tests.xgrab import grab_when_readable

pytest.importorskip("ms_toollib")
pytestmark = [needs_x, pytest.mark.slow]

AVF = ROOT / "tests" / "fixtures" / "videos" / "HI-SCORE Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf"


def plan():
    """Worked out headless with the same screen: the Replay window the video opens in, and the race B starts
    from it (its window, the top bar's clocks, where a cell the opening left covered and safe is)."""
    from game.shell.app import App
    from tests.driver import Driver, FakeClock

    app = App(clock=FakeClock(), desktop_size=(1366, 768))
    try:
        driver = Driver(app)
        driver.post(pygame.DROPFILE, file=str(AVF))
        driver.frames(3)
        assert isinstance(app.scene.shown, screens.Replay)
        replay_size = tuple(app.scene.window_size)
        driver.key(pygame.K_b)
        racing = driver.scene
        assert isinstance(racing.shown, screens.Playing) and racing.race is not None
        board = racing.board
        safe = next(
            (r, c)
            for r in range(board.rows)
            for c in range(board.cols)
            if not board.is_mine(r, c) and not board.is_revealed(r, c)
        )
        return {
            "replay window": replay_size,
            "race window": tuple(racing.window_size),
            "clocks": pygame.Rect(racing.layout.hud),
            "safe": racing.geometry.cell_rect(*safe).center,
        }
    finally:
        app.store.close()
        pygame.quit()


def ghost_clock_pixels(shot, hud):
    """How many pixels of the ghost's running clock's colour the top bar shows."""
    colour = tuple(CLOCK_COLOURS[None])
    return sum(
        1 for x in range(hud.left, hud.right) for y in range(hud.top, hud.bottom) if shot.get_at((x, y))[:3] == colour
    )


def test_an_avf_dropped_on_the_real_window_plays_in_replay_and_is_raced(display, tmp_path, monkeypatch):
    planned = plan()
    size = planned["replay window"]
    shots = Path(os.environ.get("MINESWEEPER_SHOTS", tmp_path))
    home = tmp_path / "player"  # not the test's own home, where plan() raced and saved
    game = RealGame(display, home)
    monkeypatch.setenv("DISPLAY", display)  # for the drop's and the screenshots' own connections to the X server
    try:
        window = game.window()
        x, y, width, height = wait_for(lambda: window_geometry(display, window))
        assert (width, height) == config.MENU_SIZE
        assert wait_for(lambda: (home / "minesweeper.db").exists()), "the game is up"
        assert drop(int(window), x + width // 2, y + height // 2, AVF) == "finished", "the window took the drop"

        def replay_window():
            found = xdotool(display, "search", "--classname", WM_CLASS).split("\n")[0]
            geometry = window_geometry(display, found) if found else None
            return (int(found), geometry) if geometry and tuple(geometry[2:]) == size else None

        opened = wait_for(replay_window, timeout=30)
        assert opened, f"the video opened in Replay ({size[0]}x{size[1]})\n{game.state()}"
        window, (x, y, width, height) = opened
        board = pygame.Rect(10, 90, width - 20, height - 300)  # the board, under the counters

        def board_pixels(shot):
            return pygame.image.tobytes(shot.subsurface(board), "RGB")

        early = wait_for(lambda: grab_when_readable(window, width, height))
        assert early, "the Replay window can be read"
        time.sleep(2)  # some seconds of the video, for the screenshot
        later = wait_for(
            lambda: (
                (shot := grab_when_readable(window, width, height))
                and board_pixels(shot) != board_pixels(early)
                and shot
            )
        )
        pygame.image.save(early, str(shots / "real-drop-early.png"))
        assert later, "the board changed: the video plays"
        pygame.image.save(later, str(shots / "real-drop-later.png"))

        xdotool(display, "mousemove", str(x + width // 2), str(y + height - 10))  # over the window: its keys
        xdotool(display, "key", "b")

        def race_window():
            found = xdotool(display, "search", "--classname", WM_CLASS).split("\n")[0]
            geometry = window_geometry(display, found) if found else None
            return (int(found), geometry) if geometry and tuple(geometry[2:]) == planned["race window"] else None

        raced = wait_for(race_window, timeout=30)
        assert raced, f"B raced the video in a window of its board ({planned['race window']})\n{game.state()}"
        window, (x, y, width, height) = raced
        hud = planned["clocks"]
        waiting = wait_for(
            lambda: (shot := grab_when_readable(window, width, height)) and ghost_clock_pixels(shot, hud) and shot
        )
        assert waiting, "the ghost's clock is in the top bar"
        pygame.image.save(waiting, str(shots / "real-drop-race-waiting.png"))
        safe = planned["safe"]
        xdotool(display, "mousemove", str(x + safe[0]), str(y + safe[1]), "click", "1")
        time.sleep(1)
        first = wait_for(lambda: grab_when_readable(window, width, height))
        assert first, "the race's window can be read"
        moved = wait_for(
            lambda: (
                (shot := grab_when_readable(window, width, height))
                and pygame.image.tobytes(shot.subsurface(hud), "RGB")
                != pygame.image.tobytes(first.subsurface(hud), "RGB")
                and shot
            )
        )
        assert moved, "both clocks run from the player's first click"
        pygame.image.save(moved, str(shots / "real-drop-race-under-way.png"))
        assert game.running(), game.state()
    finally:
        printed = game.stop()
    assert game.returncode == 0, printed


def test_an_x_error_fails_the_test_and_not_the_whole_run(display):
    """libX11 ends the process on an X error (a drop on a window that has gone, a screenshot of one) unless told
    otherwise (tests/x11.py): the whole test run would end with exit code 1 and no word of why."""
    gone = 0x0C800001  # in the ids of an X client that is not there

    def run(*command):
        env = dict(os.environ, DISPLAY=display)
        return subprocess.run([sys.executable, *command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=30)

    dropped = run("-m", "tests.xdnd", str(gone), "10", "10", str(AVF))
    assert dropped.returncode == 0, dropped.stderr
    assert dropped.stdout.startswith("XdndEnter not sent: X error 3"), dropped.stdout  # 3: BadWindow
    shot = run("-c", f"from tests.xgrab import grab\ntry:\n grab({gone}, 10, 10)\nexcept OSError as e:\n print(e)")
    assert shot.returncode == 0, shot.stderr
    assert shot.stdout.startswith("the window could not be read (X error 9"), shot.stdout  # 9: BadDrawable
