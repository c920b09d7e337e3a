"""The loop itself: fixed 60 Hz updates from whatever frame times come, a stall cut short, drawing only when
something changed, scene switches after the frame and overlays taking input first."""

import pygame
import pytest

from game import config
from game.shell.app import App
from game.view import screens
from game.view.scene import Overlay, Scene
from tests.driver import FakeClock


class UnevenClock(FakeClock):
    """Frames of the given lengths, in turn."""

    def __init__(self, frames):
        super().__init__()
        self.lengths = list(frames)

    def tick(self):
        length = self.lengths.pop(0) if self.lengths else config.STEP
        self.now += length
        return length


class Probe(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.updates, self.draws, self.events = 0, 0, []

    def update(self, step):
        assert step == config.STEP
        self.updates += 1

    def draw(self, surface):
        self.draws += 1

    def handle(self, event):
        self.events.append(event.type)


@pytest.fixture
def app():
    made = App(clock=FakeClock(), desktop_size=(1366, 768))
    made.step()
    pygame.event.clear()  # the window's own events at start
    made.scene = Probe(made)
    yield made
    made.store.close()
    pygame.quit()


def test_uneven_frames_run_one_update_per_step_of_time_they_add_up_to(app):
    lengths = [0.005, 0.030, 0.016, 0.001, 0.050, 0.0131, 0.020]
    app.clock = UnevenClock(lengths)
    for _ in lengths:
        app.step()
    total = sum(lengths)
    assert app.scene.updates == int(total / config.STEP + 1e-9)
    assert app._lag == pytest.approx(total % config.STEP, abs=1e-9), "the rest waits for the next frame"


def test_a_long_stall_counts_as_max_frame_not_a_spiral_of_catch_up(app):
    app.clock = UnevenClock([3.0])  # a dragged window, a slow disk
    app.scene.dirty = True  # busy: no idle sleep this frame
    app.step()
    assert app.scene.updates == round(config.MAX_FRAME / config.STEP)


def test_an_idle_frame_sleeps_and_the_sleep_is_not_a_stall(app):
    app.scene.dirty = False
    app.clock = UnevenClock([0.5])  # the sleep and a little more
    app.step()
    assert app.clock.idles and app.clock.idles[-1] > 0, "nothing to do: it slept"
    assert app.scene.updates <= round((config.MAX_FRAME + app.clock.idles[-1]) / config.STEP)


def test_it_draws_only_when_the_scene_asks(app):
    app.scene.dirty = False
    for _ in range(5):
        app.step()
    assert app.scene.draws == 0
    app.scene.dirty = True
    app.step()
    app.step()
    assert app.scene.draws == 1


class Catcher(Overlay):
    def __init__(self, app):
        super().__init__(app)
        self.seen = []

    def handle(self, event):
        self.seen.append(event.type)
        if event.type == pygame.KEYDOWN:
            self.finish("caught")
        return True


def test_an_overlay_takes_input_first_and_hands_back_its_result(app, monkeypatch):
    results = []
    catcher = Catcher(app)
    catcher.then = results.append
    app.overlays.append(catcher)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b", scancode=0))
    app.step()
    assert catcher.seen == [pygame.MOUSEMOTION, pygame.KEYDOWN] and results == ["caught"]
    assert app.overlays == [] and app.scene.events == [pygame.KEYDOWN], "once it is gone the scene hears"


def test_a_scene_switch_waits_for_the_end_of_the_frame(app):
    probe = app.scene
    app.show(screens.Help())
    assert app.scene is probe
    app.step()
    assert type(app.scene).__name__ == "HelpScene" and isinstance(app.scene.shown, screens.Help)


def test_a_burst_of_resizes_lays_the_window_out_once_for_the_last_size(app, monkeypatch):
    sizes = []
    app.scene.resizable = True
    app.scene.resized = sizes.append
    monkeypatch.setattr(app, "fit_window", lambda scene: None)
    for n in range(3000):
        pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=900 + n % 300, y=600 + n % 120))
    for _ in range(3):
        app.step()
    assert sizes == [(900 + 2999 % 300, 600 + 2999 % 120)]


def test_a_burst_of_events_is_handled_a_bounded_share_a_frame(app):
    for n in range(5 * config.EVENTS_PER_FRAME):
        pygame.event.post(pygame.event.Event(pygame.USEREVENT, n=n))
    handled = []
    for _ in range(6):
        app.step()
        handled.append(len(app.scene.events))
    assert handled == [config.EVENTS_PER_FRAME * (n + 1) for n in range(5)] + [5 * config.EVENTS_PER_FRAME]
