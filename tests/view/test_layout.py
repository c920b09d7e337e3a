"""Every screen and dialog, in both themes, on the smallest screen the game is made for (800 x 600), a laptop's
(1366 x 768), a desktop's (1920 x 1080) and a 4K one (3840 x 2160), at the interface size each gets by itself and
at the sizes a player may choose, with long real values: no text leaves its box or the window, and no two texts
overlap (unless one is drawn over the other, as a dialog over its scene)."""

import pygame
import pytest

from game.shell.app import App
from game.view import screens, text, theme
from tests.driver import Driver, FakeClock
from tests.tour import seed_records, tour

pytestmark = pytest.mark.slow  # every text on every screen at every size: 5 to 8 s a case

SCREENS = [(800, 600), (1366, 768), (1920, 1080)]
LARGE_SCREENS = SCREENS + [(3840, 2160)]
# Interface sizes a player may choose, on the screens where they mean something (a size too large for a screen
# is lowered to what fits: 200% on 800 x 600 is 100%).
CHOSEN = [((800, 600), 200), ((1366, 768), 125), ((1920, 1080), 150), ((1920, 1080), 300)]
CHOSEN += [((3840, 2160), 100), ((3840, 2160), 200), ((3840, 2160), 300)]


def drawn_texts(app):
    """Draw the window as the app does, writing down every text."""
    with text.recording() as log:
        app.scene.draw_all(app.screen)
        for overlay in app.overlays:
            text.next_layer()
            overlay.draw(app.screen)
    return log


def problems(log, window):
    found = []
    for item in log:
        if not item.box.contains(item.rect):
            found.append(f"{item.text!r} at {item.rect} leaves its box {item.box}")
        if not window.contains(item.rect):
            found.append(f"{item.text!r} at {item.rect} leaves the window {window}")
    for n, a in enumerate(log):
        for b in log[n + 1 :]:
            if a.layer == b.layer and a.rect.inflate(-2, -2).colliderect(b.rect.inflate(-2, -2)):
                found.append(f"{a.text!r} at {a.rect} overlaps {b.text!r} at {b.rect}")
    return found


def tour_finds(private_home, tmp_path, screen, look, interface="auto"):
    """Every problem of every stop of the tour, on a screen, in a theme, at an interface size."""
    seed_records(private_home)
    app = App(clock=FakeClock(), seed=7, desktop_size=screen)
    pygame.event.clear()
    app.settings.change("theme", look)
    app.settings.change("interface", interface)  # as on the Settings screen: the menu is made again after it
    app.show(screens.Menu())
    app.step()
    app.step()
    driver = Driver(app, tmp_path / "shots")
    found, stops = [], 0
    try:
        for stop in tour(driver):
            stops += 1
            window = pygame.Rect((0, 0), app.screen.get_size())
            assert window.w <= screen[0] and window.h <= screen[1], f"{stop}: the window is larger than the screen"
            found += [f"{stop}: {problem}" for problem in problems(drawn_texts(app), window)]
    finally:
        app.store.close()
        theme.use("classic")
    assert stops > 30, "the tour went everywhere"
    return found


@pytest.mark.parametrize("look", ["classic", "dark"])
@pytest.mark.parametrize("screen", LARGE_SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_text_leaves_its_box_or_overlaps_another(private_home, tmp_path, screen, look):
    found = tour_finds(private_home, tmp_path, screen, look)
    assert not found, "\n".join(found[:40])


@pytest.mark.parametrize("screen, interface", CHOSEN, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_every_interface_size_keeps_every_text_in_its_box(private_home, tmp_path, screen, interface):
    found = tour_finds(private_home, tmp_path, screen, "classic", interface)
    assert not found, "\n".join(found[:40])


def test_the_check_finds_a_text_out_of_its_box_and_texts_on_top_of_each_other():
    box = pygame.Rect(0, 0, 100, 20)
    log = [
        text.Drawn("inside", pygame.Rect(0, 0, 50, 20), box, 0),
        text.Drawn("too long", pygame.Rect(60, 0, 60, 20), box, 0),
        text.Drawn("on a dialog", pygame.Rect(10, 0, 50, 20), box, 1),
    ]
    found = problems(log, pygame.Rect(0, 0, 110, 100))
    assert any("'too long'" in f and "leaves its box" in f for f in found)
    assert any("'too long'" in f and "leaves the window" in f for f in found)
    assert not any("on a dialog" in f for f in found), "a dialog's text may lie over its scene's"
    assert len([f for f in found if "overlaps" in f]) == 0 or all("'inside'" not in f for f in found)
