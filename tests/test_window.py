"""The window on the screen it opens on: every scene's window fits the screen (the desktop size as
pygame.display.get_desktop_sizes reports it, mocked here) with room for a title bar and a task bar, and sits
in the middle of it whenever its size changes."""

import pygame
import pytest

from game import config
from game.app import App
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


def assert_whole_and_centred(screen, what):
    window, usable = on_the_screen(screen)
    assert usable.contains(window), f"{what}: {window} runs off {usable}"
    assert abs(window.centerx - usable.centerx) <= 1 and abs(window.centery - usable.centery) <= 1, what


def test_every_scene_fits_the_screen_and_is_centred(on_screen):
    screen, driver = on_screen
    assert driver.app.desktop_size == screen
    assert_whole_and_centred(screen, "menu")
    for name in ("custom", "code", "records", "settings", "help"):
        driver.app.show(name)
        driver.frames(2)
        assert_whole_and_centred(screen, name)
    for key in ("beginner", "intermediate", "expert"):
        driver.app.show("menu")
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
        driver.app.show(name)
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
        assert driver.scene.name == "menu"
        window, usable = on_the_screen(screen)
        assert window.topleft == (40, 60) and usable.contains(window), "the menu opens where the player put it"
        driver.click_button(driver.scene.difficulty_buttons["expert"])
        window, usable = on_the_screen(screen)
        assert usable.contains(window) and window.size == (900, 700)
    finally:
        app.store.close()
        pygame.quit()
