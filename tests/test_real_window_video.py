"""A real game in the real window (Xvfb), played by xdotool as a player's mouse: moves, a reveal, a flag, a
chord by both buttons and the rest of the board. Its recorded video has every event in order, stamped within
2 ms of when it was sent, and its EVF export, read by ms-toollib, gives the game's time, 3BV and clicks."""

import ctypes
import ctypes.util
import random
import sqlite3
import statistics
import time

import pygame
import pytest

from game.store.games import replay_text
from game.video import encode_evf, figures_of
from game.video.events import Mouse
from game.video.packed import split_log, unpack
from tests.real_game import RealGame, needs_x, wait_for, window_geometry, xdotool

pytest.importorskip("ms_toollib")
pytestmark = [needs_x, pytest.mark.slow]

TIMED_MOVES = 300  # mouse moves sent at known moments, to time their stamps


class Xdo:
    """xdotool's own library (libxdo), in this process: a move is sent, and flushed to the X server, by one
    call the test can time to the microsecond (an xdotool process per move would blur each by its start-up)."""

    def __init__(self, screen):
        name = ctypes.util.find_library("xdo") or "libxdo.so.3"
        try:
            self.lib = ctypes.CDLL(name)
        except OSError:
            pytest.skip("needs libxdo (xdotool's library) to time the mouse moves it sends")
        self.lib.xdo_new.restype = ctypes.c_void_p
        self.lib.xdo_new.argtypes = [ctypes.c_char_p]
        self.lib.xdo_move_mouse.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int]
        self.lib.xdo_free.argtypes = [ctypes.c_void_p]
        self.handle = self.lib.xdo_new(screen.encode())
        assert self.handle, "libxdo opened the display"

    def move(self, x, y):
        """Move the pointer; returns when the move was sent (perf_counter seconds), or None when the call
        took more than a millisecond (this process was held up: when it was sent is not known well)."""
        began = time.perf_counter()
        assert self.lib.xdo_move_mouse(self.handle, x, y, 0) == 0
        sent = time.perf_counter()
        return sent if sent - began < 0.001 else None

    def close(self):
        self.lib.xdo_free(self.handle)


def send_timed_moves(screen, at):
    """TIMED_MOVES moves, each to another cell, 5 to 45 ms apart: the cells and when each was sent."""
    rng = random.Random(3)
    cells = [(r, c) for r in range(9) for c in range(9)]
    sent, cell = [], None
    xdo = Xdo(screen)
    try:
        due = time.perf_counter()
        for _ in range(TIMED_MOVES):
            cell = rng.choice([other for other in cells if other != cell])
            due += rng.uniform(0.005, 0.045)
            while (left := due - time.perf_counter()) > 0:
                time.sleep(min(left, 0.002))
            sent.append((cell, xdo.move(*at(cell))))
    finally:
        xdo.close()
    return sent


def plan():
    """Worked out headless with the same seed: the window's cells, the board's mines after the opening click,
    a number with one mine by it and a covered safe neighbour (to flag the mine and chord), and the order
    the safe cells are then clicked."""
    from game.shell.app import App
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


def test_a_real_game_records_its_video_and_its_evf_agrees_with_ms_toollib(display, tmp_path):
    from tests.video.test_figures_against_ms_toollib import read_one

    centre, mines, number, mine = plan()
    home = tmp_path / "player"
    game = RealGame(display, home, "--difficulty", "beginner", "--seed", "3")
    sent = []
    try:
        # Deadlines to wait by, not times asserted: on a loaded machine the game may take a minute to start.
        window = game.window()
        assert wait_for(lambda: (home / "minesweeper.db").exists(), timeout=120), "the game is up"
        readings = []

        def settled():
            # the window opens at the menu's size (440 x 640), is resized to the board's, then moved to the middle
            # of the screen (1366 wide), a moment later on a loaded machine: the place to click from is where
            # the board's window is in the middle, seen twice running
            readings.append(window_geometry(display, window))
            last = readings[-2:]
            if len(last) < 2 or last[0] != last[1] or not last[1] or last[1][2] >= 600 or last[1][3] >= 600:
                return None
            x, y, w, h = last[1]
            return last[1] if abs(2 * x + w - 1366) <= 2 else None

        x0, y0, _, _ = wait_for(settled, timeout=120, interval=0.5)

        def at(cell):
            return x0 + centre[cell][0], y0 + centre[cell][1]

        def send(*args):
            xdotool(display, *(str(arg) for arg in args))
            sent.append(args)

        send("mousemove", *at((0, 0)))
        send("mousemove", *at((8, 8)))
        send("mousemove", *at((4, 4)), "click", "1")
        time.sleep(0.3)  # the opening's frames drawn: the timed moves come to a game under way
        timed = send_timed_moves(display, at)
        send("mousemove", *at(mine), "click", "3")
        send("mousemove", *at(number), "mousedown", "1")
        send("mousedown", "3")
        send("mouseup", "1")
        send("mouseup", "3")
        for cell in sorted(centre):
            if cell not in mines:
                send("mousemove", *at(cell), "click", "1")

        def recorded():
            db = sqlite3.connect(f"file:{home / 'minesweeper.db'}?mode=ro", uri=True)
            try:
                row = db.execute("SELECT time_ms, three_bv, moves, id FROM games WHERE won = 1").fetchone()
            except sqlite3.Error:
                row = None
            finally:
                db.close()
            return row and (row[0], row[1], replay_text(row[2], row[3]))

        log = wait_for(recorded, timeout=120)
        assert log, f"the won game was recorded\n{game.state()}"
    finally:
        printed = game.stop()
    assert game.returncode == 0, printed
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
    # The timed moves: every one recorded, in order, between the opening click and the flag.
    opened, flagged = kinds.index(Mouse.LEFT_RELEASE), kinds.index(Mouse.RIGHT_PRESS)
    moves = [n for n in range(opened + 1, flagged) if kinds[n] == Mouse.MOVE][:TIMED_MOVES]
    assert [video.cell_of(video.xs[n], video.ys[n]) for n in moves] == [cell for cell, _ in timed]
    # Stamps within 2 ms of when the moves were sent. The game's clock (SDL's milliseconds) and the test's
    # (perf_counter) have different origins, so it is the gaps that are compared: between two moves' stamps and
    # between their sends. A gap's error holds two stamps' errors, and up to 1 ms of their rounding.
    # On a loaded machine the game is now and then not running when a move comes (or is in the middle of a
    # frame, which stamps what came meanwhile only when it ends): that move is stamped late, and both gaps
    # around it show it, one long and one short. That is the scheduler's doing, not the clock's, and on two
    # cores shared with twenty busy processes it spoils up to a third of the gaps, by anything up to 200 ms.
    # So the assertion is on the gaps most moves make: the median within 2 ms (the claim), and the 60th
    # percentile within 3 ms. A clock that stamped input when the frame handled it (as the game did before)
    # is off by up to a frame, 16.7 ms, on every move: its gaps' errors are spread evenly from 0 to 16.7 ms
    # apart, so their median is about 4.9 ms and their 60th percentile 6.1 ms, and it fails both bounds.
    errors = sorted(
        abs((video.times[b] - video.times[a]) - (t_b - t_a) * 1000)
        for (a, b), ((_, t_a), (_, t_b)) in zip(zip(moves, moves[1:]), zip(timed, timed[1:]))
        if t_a is not None and t_b is not None
    )
    assert len(errors) > TIMED_MOVES // 2, "most moves were sent without this process being held up"
    median, sixtieth = statistics.median(errors), errors[int(0.6 * (len(errors) - 1))]
    said = f"gap errors: median {median:.2f} ms, 60th percentile {sixtieth:.2f} ms, of {len(errors)}"
    print(said)
    assert median <= 2.0 and sixtieth <= 3.0, said
    figures = figures_of(video)
    assert figures.won and figures.time_ms == int(time_ms) and figures.bbbv == int(bv)
    got = read_one(encode_evf(video))
    assert (got["rtime_ms"], got["bbbv"]) == (int(time_ms), int(bv))
    assert (got["left"], got["right"], got["double"]) == (figures.left, figures.right, figures.double)
    assert figures.double == 1 and figures.rce == 1
