"""The board window at the sizes that squeeze it most: the smallest board (5 x 5) at every zoom step and the
largest (100 x 100) at the smallest and the default zoom, on each screen the game is made for and at the largest
interface sizes. Every status line they produce (a hint, the mine chances) and every game-over view (the bar, the
whole panel, a race's figures side by side) keeps its texts in their boxes and off each other, and the sentence
that explains a loss (and who won a race) is drawn whole, never cut."""

import pygame
import pytest

from game import config
from game.model.replay.replay import Replay
from game.shell.app import App
from game.view import screens, text, theme
from tests.driver import Driver, FakeClock
from tests.video.games import won_video
from tests.view.test_layout import SCREENS, drawn_texts, problems

pytestmark = pytest.mark.slow  # the largest boards at every size: 1 to 4 s a case

BOARDS = [((5, 5, 12), tile) for tile in config.TILE_SIZES] + [((100, 100, 1500), 16), ((100, 100, 1500), 32)]


def check(driver, stop, found):
    window = pygame.Rect((0, 0), driver.app.screen.get_size())
    log = drawn_texts(driver.app)
    found += [f"{stop}: {problem}" for problem in problems(log, window)]
    cut = [item.text for item in log if item.text.endswith(text.ELLIPSIS) and item.layer > 0]
    found += [f"{stop}: {t!r} is cut" for t in cut]
    return log


def lose(driver, stop, found):
    playing = driver.scene
    board = playing.board
    mine = next((r, c) for r in range(board.rows) for c in range(board.cols) if board.is_mine(r, c))
    playing.screen.keep_in_view(mine)
    driver.click_cell(*mine)
    job = playing.session.verdict_job
    assert job is not None and job.wait(60), "the loss was analysed in time"
    if playing.race is not None:
        assert playing.race.wait(60), "the race's figures were worked out in time"
    panel = driver.past_grace()
    driver.frames(2)
    if not panel.expanded:
        check(driver, f"{stop}, the bar", found)
        driver.key(pygame.K_SPACE)
    log = check(driver, f"{stop}, the whole panel", found)
    verdict = panel._verdict_words()
    if verdict:
        words = " ".join(item.text for item in log if item.layer > 0)
        if verdict.split()[-1] not in words:
            found.append(f"{stop}: the verdict {verdict!r} is not drawn whole: {words!r}")


# Each screen at the interface size it gets by itself, and the largest sizes a player may choose.
SIZED = [(screen, "auto") for screen in SCREENS] + [((3840, 2160), "auto"), ((1920, 1080), 175), ((3840, 2160), 300)]


@pytest.mark.parametrize("screen, interface", SIZED, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else str(v))
def test_the_smallest_and_largest_boards_keep_every_text_whole_at_every_zoom(private_home, screen, interface):
    found = []
    app = App(clock=FakeClock(), seed=11, desktop_size=screen)
    pygame.event.clear()
    app.settings.change("theme", "dark")
    app.settings.change("interface", interface)
    app.step()
    driver = Driver(app)
    try:
        for (rows, cols, mines), tile in BOARDS:
            stop = f"{cols} x {rows} at {tile} px"
            app.settings.change("tile", tile)
            app.show(screens.Playing(session=app.dealer.new(rows, cols, mines)))
            driver.frames(2)
            check(driver, f"{stop}, a new game", found)
            driver.click_cell(0, 0)
            check(driver, f"{stop}, playing", found)
            if driver.scene.over:
                continue
            driver.key(pygame.K_h)
            driver.until_hint()
            check(driver, f"{stop}, a hint", found)
            driver.key(pygame.K_c)
            check(driver, f"{stop}, the chances", found)
            lose(driver, stop, found)
            assert driver.app.screen.get_width() <= screen[0] and driver.app.screen.get_height() <= screen[1]
    finally:
        app.store.close()
        theme.use("classic")
    assert not found, "\n".join(found[:30])


RACES = [((5, 5, 12), config.TILE_SIZES[0]), ((5, 5, 12), config.TILE_SIZES[-1])]
RACES += [((100, 100, 1500), 16), ((100, 100, 1500), 32)]
LONG_NAME = "Wang Jianing of Hu Bei, holder of many records"


@pytest.mark.parametrize("screen, interface", SIZED, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else str(v))
def test_a_race_keeps_every_text_whole_on_the_smallest_and_largest_boards(private_home, screen, interface):
    found = []
    app = App(clock=FakeClock(), seed=11, desktop_size=screen)
    pygame.event.clear()
    app.settings.change("theme", "dark")
    app.settings.change("interface", interface)
    app.step()
    driver = Driver(app)
    try:
        for (rows, cols, mines), tile in RACES:
            stop = f"a race on {cols} x {rows} at {tile} px"
            app.settings.change("tile", tile)
            video = won_video(rows, cols, mines, player=LONG_NAME)
            nothing = Replay(rows, cols, mines, 0, "opening", False, sorted(video.mines), [], 0)
            app.show(screens.Replay(replay=nothing, video=video))
            driver.frames(2)
            check(driver, f"{stop}, its replay", found)
            driver.key(pygame.K_b)
            racing = driver.scene
            assert racing.race is not None, stop
            check(driver, f"{stop}, waiting", found)
            board = racing.board
            safe = next(
                (r, c)
                for r in range(rows)
                for c in range(cols)
                if not board.is_mine(r, c) and not board.is_revealed(r, c)
            )
            racing.screen.keep_in_view(safe)
            driver.click_cell(*safe, frames=40)
            check(driver, f"{stop}, racing", found)
            if not racing.over:
                lose(driver, stop, found)
            assert driver.overlay.race is racing.race and racing.race.result() is not None, stop
            assert driver.app.screen.get_width() <= screen[0] and driver.app.screen.get_height() <= screen[1]
    finally:
        app.store.close()
        theme.use("classic")
    assert not found, "\n".join(found[:30])
