"""The window on the screen it opens on: every scene's window fits the screen (the desktop size as
pygame.display.get_desktop_sizes reports it, mocked here) with room for a title bar and a task bar, and sits
in the middle of it whenever its size changes."""

import pygame
import pytest

from game import config
from game.shell import window
from game.shell.app import App
from game.view import screens
from tests.driver import Driver, FakeClock

SCREENS = [(800, 600), (1366, 768), (1920, 1080)]


@pytest.fixture(params=SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def on_screen(request, monkeypatch, tmp_path):
    screen = request.param
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [screen])
    app = App(clock=FakeClock(), seed=3)  # no desktop size given: the app asks pygame for it
    pygame.event.clear()
    app.step()
    yield screen, Driver(app, tmp_path / "shots")
    app.store.close()
    pygame.quit()


def on_the_screen(screen):
    """The window's rectangle on the screen, and the part of the screen it must keep within."""
    x, y = pygame.display.get_window_position()
    w, h = pygame.display.get_window_size()
    usable = pygame.Rect(0, config.TITLE_BAR_ROOM, screen[0], screen[1] - config.SCREEN_RESERVE[1])
    return pygame.Rect(x, y, w, h), usable


SCREENS = {
    "custom": screens.Custom(),
    "code": screens.CodeEntry(),
    "records": screens.Records(),
    "settings": screens.Settings(),
    "help": screens.Help(),
}


def assert_whole_and_centred(screen, what):
    window, usable = on_the_screen(screen)
    assert usable.contains(window), f"{what}: {window} runs off {usable}"
    assert abs(window.centerx - usable.centerx) <= 1 and abs(window.centery - usable.centery) <= 1, what


def test_every_scene_fits_the_screen_and_is_centred(on_screen):
    screen, driver = on_screen
    assert driver.app.desktop_size == screen
    assert_whole_and_centred(screen, "menu")
    for name, screen_shown in SCREENS.items():
        driver.app.show(screen_shown)
        driver.frames(2)
        assert_whole_and_centred(screen, name)
    for key in ("beginner", "intermediate", "expert"):
        driver.app.show(screens.Menu())
        driver.frames(2)
        driver.click_button(driver.scene.difficulty_buttons[key])
        assert_whole_and_centred(screen, key)
        playing = driver.scene
        # every cell can be clicked where it shows: nothing of the board is off the window
        window = pygame.Rect((0, 0), playing.window_size)
        assert window.contains(playing.layout.timer) and window.contains(playing.layout.hint_button)
        assert window.contains(playing.geometry.view)


def test_expert_on_a_laptop_shows_its_timer_hint_button_and_every_column(monkeypatch, tmp_path):
    """The bug: on 1366x768 Expert opened at x=463 and ran to x=1459."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    app = App(clock=FakeClock(), seed=3)
    pygame.event.clear()
    app.step()
    driver = Driver(app, tmp_path)
    driver.click_button(app.scene.difficulty_buttons["expert"])
    window, _ = on_the_screen((1366, 768))
    assert window.right <= 1366 and not app.scene.layout.scrolls, "all 30 columns, on the screen"
    app.store.close()
    pygame.quit()


def test_the_menu_screens_fit_a_small_screen_with_their_title_and_back_button(on_screen):
    screen, driver = on_screen
    for name in ("records", "settings", "help"):
        driver.app.show(SCREENS[name])
        driver.frames(2)
        scene = driver.scene
        window = pygame.Rect((0, 0), scene.window_size)
        assert window.h <= screen[1] - config.SCREEN_RESERVE[1]
        assert window.contains(scene.back.rect), f"{name}: its Back button is in the window"


def test_the_size_and_place_the_player_gave_the_window_are_kept(monkeypatch, tmp_path):
    screen = (1920, 1080)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [screen])
    app = App(clock=FakeClock(), seed=3)
    pygame.event.clear()
    app.step()
    driver = Driver(app, tmp_path)
    try:
        driver.click_button(app.scene.difficulty_buttons["beginner"])
        driver.post(pygame.WINDOWSIZECHANGED, x=900, y=700)  # the player makes it larger...
        driver.frames(2)
        pygame.display.set_window_position((40, 60))  # ...and drags it to the top left
        driver.post(pygame.WINDOWMOVED, x=40, y=60)
        driver.frames(2)
        driver.key(pygame.K_n)
        assert pygame.display.get_window_size() == (900, 700), "a new game keeps the size"
        assert pygame.display.get_window_position() == (40, 60), "and the place"
        driver.key(pygame.K_ESCAPE)
        assert isinstance(driver.scene.shown, screens.Menu)
        window, usable = on_the_screen(screen)
        assert window.topleft == (40, 60) and usable.contains(window), "the menu opens where the player put it"
        driver.click_button(driver.scene.difficulty_buttons["expert"])
        window, usable = on_the_screen(screen)
        assert usable.contains(window) and window.size == (900, 700)
    finally:
        app.store.close()
        pygame.quit()


def open_on(monkeypatch, screen, home_app=None):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [screen])
    app = App(clock=FakeClock(), seed=3)
    pygame.event.clear()
    app.step()
    return app, Driver(app)


def drag(driver, path):
    """The player drags the window along `path`: a move event each frame, as a window system sends them."""
    for place in path:
        pygame.display.set_window_position(place)
        driver.post(pygame.WINDOWMOVED, x=place[0], y=place[1])
        driver.frames(1)


def test_a_drag_is_written_once_after_it_ends_never_while_it_goes_on(monkeypatch, private_home):
    app, driver = open_on(monkeypatch, (1920, 1080))
    written = []
    app.settings.listen(lambda key, value: written.append(value) if key == "window" else None)
    try:
        drag(driver, [(100 + 7 * n, 90 + 3 * n) for n in range(30)])  # half a second of dragging
        assert written == [], "nothing written while the window moves"
        driver.frames(round(window.SETTLE_MS / 1000 / config.STEP) + 2)  # the player lets go and waits
        assert written == [{"1920x1080": {"place": (303, 177), "size": None}}], "one write, where it ended"
        driver.frames(60)
        assert len(written) == 1, "and no more while it stands still"
    finally:
        app.store.close()
        pygame.quit()


def test_the_window_opens_next_time_where_the_player_left_it_and_as_large(monkeypatch, private_home):
    screen = (1920, 1080)
    app, driver = open_on(monkeypatch, screen)
    driver.click_button(app.scene.difficulty_buttons["beginner"])
    driver.post(pygame.WINDOWSIZECHANGED, x=900, y=700)
    driver.frames(2)
    drag(driver, [(40, 60)])
    driver.post(pygame.QUIT)  # closed at once: what was waiting to be written is written on the way out
    driver.frames(1)
    app.run(max_frames=app.frames)
    pygame.quit()
    again, driver = open_on(monkeypatch, screen)
    try:
        window_, usable = on_the_screen(screen)
        assert window_.topleft == (40, 60), "the menu opens where the player put the window"
        driver.click_button(again.scene.difficulty_buttons["intermediate"])
        assert pygame.display.get_window_size() == (900, 700), "and a game at the size they gave it"
    finally:
        again.store.close()
        pygame.quit()


def test_a_window_left_off_the_screen_comes_back_and_each_screen_size_has_its_own(monkeypatch, private_home):
    app, driver = open_on(monkeypatch, (1920, 1080))
    app.settings.change("window", {"1920x1080": {"place": (1800, 1000), "size": (5000, 4000)}})
    app.store.close()
    pygame.quit()
    again, driver = open_on(monkeypatch, (1920, 1080))
    try:
        window_, usable = on_the_screen((1920, 1080))
        assert usable.contains(window_), f"{window_} is back on {usable}"
        assert again.player_window == again.max_window, "a size larger than the screen is the screen's"
    finally:
        again.store.close()
        pygame.quit()
    laptop, driver = open_on(monkeypatch, (1366, 768))
    try:
        assert_whole_and_centred((1366, 768), "another screen size: the middle, as before")
        assert laptop.player_window is None
    finally:
        laptop.store.close()
        pygame.quit()


def test_a_damaged_window_setting_is_ignored(monkeypatch, private_home):
    from game.settings import Settings

    for stored in ({"window": {"big": {"place": [1, 2]}}}, {"window": {"800x600": {"place": [1e9, 2]}}}, {"window": 7}):
        assert Settings(stored)["window"] == {}, stored


@pytest.mark.parametrize("place", [(10**9, -(10**9)), (-200_000, 5), (99_999, 99_999)])
def test_a_window_moved_far_off_any_screen_is_noted_and_comes_back(monkeypatch, private_home, place):
    """A window system's move event far off-screen: before, the window's memory raised ValueError writing it."""
    app, driver = open_on(monkeypatch, (1920, 1080))
    drag(driver, [place])
    driver.frames(round(window.SETTLE_MS / 1000 / config.STEP) + 2)  # before: ValueError from the setting
    assert app.settings["window"]["1920x1080"]["place"] is not None, "noted"
    driver.post(pygame.QUIT)
    driver.frames(1)
    app.run(max_frames=app.frames)
    pygame.quit()
    again, driver = open_on(monkeypatch, (1920, 1080))
    try:
        window_, usable = on_the_screen((1920, 1080))
        assert usable.contains(window_), f"{window_} is back on {usable}"
    finally:
        again.store.close()
        pygame.quit()


@pytest.mark.parametrize("place", [(-1500, 200), (300, -900), (-1000, -700)])
def test_a_window_left_on_a_screen_left_of_or_above_the_main_one_opens_there_again(monkeypatch, private_home, place):
    screens_ = [(1920, 1080), (1920, 1080)]
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: screens_)
    app = App(clock=FakeClock(), seed=3)
    pygame.event.clear()
    app.step()
    driver = Driver(app)
    drag(driver, [place])
    driver.post(pygame.QUIT)
    driver.frames(1)
    app.run(max_frames=app.frames)
    pygame.quit()
    again = App(clock=FakeClock(), seed=3)
    pygame.event.clear()
    again.step()
    try:
        assert pygame.display.get_window_position() == place, "before: brought back onto the main screen"
    finally:
        again.store.close()
        pygame.quit()


def test_with_one_screen_a_place_at_negative_coordinates_is_brought_back():
    assert window.WindowPlacement((1920, 1080), chosen=(-1500, -900)).spot((800, 600)) == (0, config.TITLE_BAR_ROOM)


def test_a_window_resized_past_the_screen_is_brought_back_within_it(monkeypatch, private_home):
    """A window system's resize to 7,680 x 4,320 on a 1,366 x 768 screen: before, every frame drew that."""
    app, driver = open_on(monkeypatch, (1366, 768))
    try:
        driver.click_button(app.scene.difficulty_buttons["expert"])
        driver.post(pygame.WINDOWSIZECHANGED, x=7680, y=4320)
        driver.frames(2)
        width, height = app.screen.get_size()
        assert width <= 1366 and height <= 768, f"before: a {width} x {height} window"
    finally:
        app.store.close()
        pygame.quit()
