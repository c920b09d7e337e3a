"""A real game in the real window (Xvfb), played by xdotool as a player's mouse: moves, a reveal, a flag, a
chord by both buttons and the rest of the board. Its recorded video has every button event in order, and its
EVF export, read by ms-toollib, gives the game's time, 3BV and clicks."""

import os
import signal
import sqlite3
import subprocess
import sys

import pygame
import pytest

from game.store.games import replay_text
from game.video import encode_evf, figures_of
from game.video.events import Mouse
from game.video.packed import split_log, unpack
from tests.test_real_window import ROOT, WM_CLASS, display, wait_for, window_geometry, xdotool  # noqa: F401

pytest.importorskip("ms_toollib")


def plan():
    """Worked out headless with the same seed: the window's cells, the board's mines after the opening click,
    a number with one mine by it and a covered safe neighbour (to flag the mine and chord), and the order
    the safe cells are then clicked."""
    from game.app import App
    from tests.driver import Driver, FakeClock

    app = App(clock=FakeClock(), seed=3, desktop_size=(1366, 768))
    try:
        driver = Driver(app)
        driver.click_button(app.scene.difficulty_buttons["beginner"])
        playing = app.scene
        centre = {(r, c): driver.cell_pos(r, c) for r in range(9) for c in range(9)}
        driver.click_cell(4, 4)
        board = playing.board
        mines = set(board.mine_cells())
        opened = {(r, c) for r in range(9) for c in range(9) if board.is_revealed(r, c)}
    finally:
        app.store.close()
        pygame.quit()

    def around(r, c):
        return [
            (r + i, c + j) for i in (-1, 0, 1) for j in (-1, 0, 1) if (i or j) and 0 <= r + i < 9 and 0 <= c + j < 9
        ]

    number = next(
        cell
        for cell in sorted(opened)
        if sum(n in mines for n in around(*cell)) == 1
        and any(n not in mines and n not in opened for n in around(*cell))
    )
    mine = next(n for n in around(*number) if n in mines)
    return centre, mines, number, mine


def test_a_real_game_records_its_video_and_its_evf_agrees_with_ms_toollib(display, tmp_path):  # noqa: F811
    from tests.video.test_figures_against_ms_toollib import read_one

    centre, mines, number, mine = plan()
    env = dict(os.environ, DISPLAY=display, SDL_VIDEO_X11_WMCLASS=WM_CLASS, SDL_AUDIODRIVER="dummy")
    env["MINESWEEPER_HOME"] = str(tmp_path)
    env.pop("SDL_VIDEODRIVER", None)
    game = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--difficulty", "beginner", "--seed", "3"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    sent = []
    try:
        window = wait_for(lambda: xdotool(display, "search", "--classname", WM_CLASS).split("\n")[0])
        assert window, "the game window appeared"
        assert wait_for(lambda: (tmp_path / "minesweeper.db").exists()), "the game is up"
        readings = []

        def settled():
            # the window is resized, then moved to the centre: two readings a moment apart must agree
            readings.append(window_geometry(display, window))
            last = readings[-2:]
            return last[1] if len(last) == 2 and last[0] == last[1] and last[1] and last[1][2] < 600 else None

        x0, y0, _, _ = wait_for(settled, interval=0.5)

        def at(cell):
            return str(x0 + centre[cell][0]), str(y0 + centre[cell][1])

        def send(*args):
            xdotool(display, *args)
            sent.append(args)

        send("mousemove", *at((0, 0)))
        send("mousemove", *at((8, 8)))
        send("mousemove", *at((4, 4)), "click", "1")
        send("mousemove", *at(mine), "click", "3")
        send("mousemove", *at(number), "mousedown", "1")
        send("mousedown", "3")
        send("mouseup", "1")
        send("mouseup", "3")
        for cell in sorted(centre):
            if cell not in mines:
                send("mousemove", *at(cell), "click", "1")

        def recorded():
            db = sqlite3.connect(f"file:{tmp_path / 'minesweeper.db'}?mode=ro", uri=True)
            try:
                row = db.execute("SELECT time_ms, three_bv, moves, id FROM games WHERE won = 1").fetchone()
            except sqlite3.Error:
                row = None
            finally:
                db.close()
            return row and (row[0], row[1], replay_text(row[2], row[3]))

        log = wait_for(recorded, timeout=30)
        assert log, "the won game was recorded"
    finally:
        game.send_signal(signal.SIGTERM)
        out, err = game.communicate(timeout=20)
    assert game.returncode == 0, err
    time_ms, bv, text = log
    replay_json, data = split_log(text)
    video = unpack(data, 9, 9, frozenset(mines))
    kinds = [Mouse(k) for k in video.kinds]
    buttons = [k for k in kinds if k not in (Mouse.MOVE,)]
    # the opening click, the flag, the chord (left down, right down, left up, right up), then one click a cell
    assert buttons[:8] == [
        Mouse.LEFT_PRESS,
        Mouse.LEFT_RELEASE,
        Mouse.RIGHT_PRESS,
        Mouse.RIGHT_RELEASE,
        Mouse.LEFT_PRESS,
        Mouse.RIGHT_PRESS,
        Mouse.LEFT_RELEASE,
        Mouse.RIGHT_RELEASE,
    ]
    assert list(video.times) == sorted(video.times)
    assert video.cell_of(video.xs[0], video.ys[0]) == (4, 4)
    figures = figures_of(video)
    assert figures.won and figures.time_ms == int(time_ms) and figures.bbbv == int(bv)
    got = read_one(encode_evf(video))
    assert (got["rtime_ms"], got["bbbv"]) == (int(time_ms), int(bv))
    assert (got["left"], got["right"], got["double"]) == (figures.left, figures.right, figures.double)
    assert figures.double == 1 and figures.rce == 1
