"""A race in the real window (Xvfb), played by xdotool as a player's mouse: a game recorded beforehand is opened
from Records, raced from its replay's Race button, its ghost and clock run in real time while the player's
clicks come from outside, and the game ends on the panel with both sets of figures. Screenshots are kept in
the test's folder (the window mid-race and the panel) to look at."""

import os
import shutil
import sqlite3
import subprocess

import pygame
import pytest

from game import config
from game.model import Board
from game.view import screens
from game.view.ghost_view import CLOCK_COLOURS
from tests.real_game import WM_CLASS, RealGame, needs_x, wait_for, window_geometry, xdotool

pytestmark = [
    needs_x,
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("import"), reason="needs ImageMagick's import for the screenshots"),
]
SCREEN = (1366, 768)


def recorded_game_and_plan():
    """Headless, in the records folder the real game will use: a won beginner game played with time between
    its clicks (so its video has a ghost worth racing), then where the real window will put the Records
    button, the first best time's row, the replay's Race button and the race's cells."""
    from game.play.race import Race
    from game.shell.app import App
    from game.video.ghost import opening_cell
    from tests.driver import Driver, FakeClock

    app = App(clock=FakeClock(), seed=3, desktop_size=SCREEN)
    try:
        driver = Driver(app)
        driver.click_button(app.scene.difficulty_buttons["beginner"])
        board = app.scene.board
        driver.click_cell(4, 4, frames=30)
        for cell in [(r, c) for r in range(9) for c in range(9)]:
            if not board.is_mine(*cell) and not board.is_revealed(*cell):
                driver.click_cell(*cell, frames=20)
        assert board.state == "won"
        video = app.scene.session.current_video()
        app.overlays.clear()
        app.show(screens.Menu())
        driver.frames(2)
        plan = {"records": app.scene.records.rect.center}
        driver.click_button(app.scene.records)
        plan["row"] = driver.scene.rows[0].rect.center
        driver.click_button(driver.scene.rows[0])
        replay = driver.scene
        assert isinstance(replay.shown, screens.Replay) and replay.video is not None
        plan["replay window"] = replay.window_size
        plan["race"] = replay.buttons["race"].rect.center
        first = opening_cell(video)
        session, _ = app.dealer.from_video(video, first)
        app.show(screens.Playing(session=session, race=Race(video)))  # no first click: nothing to save here
        driver.frames(2)
        playing = driver.scene
        plan["race window"] = playing.window_size
        plan["cells"] = {(r, c): playing.geometry.cell_rect(r, c).center for r in range(9) for c in range(9)}
        plan["clock"] = playing.layout.hud
        opened = Board.from_mines(9, 9, sorted(video.mines))
        opened.reveal(*first)
        plan["safe"] = [cell for cell in plan["cells"] if cell not in video.mines and not opened.is_revealed(*cell)]
        plan["mine"] = sorted(video.mines)[0]
        return plan
    finally:
        app.store.close()
        pygame.quit()


def ghost_clock_pixels(path, window, hud):
    """How many pixels of the ghost's running clock colour the top bar shows in a screenshot."""
    image = pygame.image.load(str(path))
    x0, y0 = window[0] + hud.x, window[1] + hud.y
    colour = pygame.Color(*CLOCK_COLOURS[None])
    return sum(
        1 for x in range(x0, x0 + hud.w) for y in range(y0, y0 + hud.h) if image.get_at((x, y))[:3] == colour[:3]
    )


def top_bar_of(path, rect):
    return pygame.image.tobytes(pygame.image.load(str(path)).subsurface(rect), "RGB")


def test_a_race_in_the_real_window(display, tmp_path, private_home):
    plan = recorded_game_and_plan()
    shots = tmp_path / "shots"
    shots.mkdir()
    game = RealGame(display, private_home)

    def window_of_size(size):
        """The game's window once it has this size and has stopped moving (two readings agree)."""
        readings = []

        def settled():
            found = xdotool(display, "search", "--classname", WM_CLASS).split("\n")[0]
            readings.append(window_geometry(display, found) if found else None)
            last = readings[-2:]
            ok = len(last) == 2 and last[0] == last[1] and last[1] and tuple(last[1][2:]) == tuple(size)
            return last[1] if ok else None

        return wait_for(settled, interval=0.3)

    def click(window, point, button="1"):
        xdotool(display, "mousemove", str(window[0] + point[0]), str(window[1] + point[1]), "click", button)

    def shot(name):
        path = shots / f"{name}.png"
        screen = dict(os.environ, DISPLAY=display)
        subprocess.run(["import", "-window", "root", str(path)], env=screen, check=True, timeout=20)
        return path

    try:
        menu = window_of_size(config.MENU_SIZE)
        assert menu, f"the menu window appeared\n{game.state()}"
        assert wait_for(lambda: (private_home / "minesweeper.db").exists())
        replay = None
        for _ in range(5):  # a click before the window's first frame is clicked again
            click(menu, plan["records"])
            wait_for(lambda: False, timeout=0.5)
            click(menu, plan["row"])
            replay = window_of_size(plan["replay window"])
            if replay:
                break
        assert replay, "the game opened from Records in its replay"
        click(replay, plan["race"])
        race = window_of_size(plan["race window"])
        assert race, "the Race button opened the race's window"
        waiting = shot("race-waiting")
        assert ghost_clock_pixels(waiting, race, plan["clock"]) > 0, "the ghost's clock is in the top bar"
        click(race, plan["cells"][plan["safe"][0]])
        wait_for(lambda: False, timeout=1.0)
        first = shot("race-under-way")
        wait_for(lambda: False, timeout=0.6)
        second = shot("race-under-way-later")
        top_bar = plan["clock"].move(race[:2])
        assert top_bar_of(first, top_bar) != top_bar_of(second, top_bar), "the clocks run in real time"
        for cell in plan["safe"][1:4]:
            click(race, plan["cells"][cell])
        click(race, plan["cells"][plan["mine"]])
        wait_for(lambda: False, timeout=1.5)
        shot("race-bar")
        xdotool(display, "key", "space")  # the whole panel (the bar's More), past its moment of grace
        xdotool(display, "mousemove", str(race[0] + race[2] + 40), str(race[1]))  # no figure's tip shown
        wait_for(lambda: False, timeout=1.0)
        shot("race-panel")

        def recorded():
            db = sqlite3.connect(f"file:{private_home / 'minesweeper.db'}?mode=ro", uri=True)
            try:
                return db.execute("SELECT won, same_board FROM games ORDER BY id").fetchall()
            except sqlite3.Error:
                return None
            finally:
                db.close()

        games = wait_for(lambda: (found := recorded()) and len(found) == 2 and found, timeout=20)
        assert games == [(1, 0), (0, 1)], "the race was lost and recorded as a board seen before"
    finally:
        printed = game.stop()
    assert game.returncode == 0, printed
