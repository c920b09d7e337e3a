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


def test_a_burst_of_events_is_handled_a_bounded_share_a_frame_until_it_has_waited_two_frames(app):
    for n in range(5 * config.EVENTS_PER_FRAME):
        pygame.event.post(pygame.event.Event(pygame.USEREVENT, n=n))
    handled = []
    for _ in range(4):
        app.step()
        handled.append(len(app.scene.events))
    share = config.EVENTS_PER_FRAME
    assert handled == [share, 2 * share, 5 * share, 5 * share], "the rest once they have waited 2 frames"


class MouseClock(FakeClock):
    """A mouse polled `rate` times a second: each frame, the motions that came while the clock waited for it,
    each stamped as it came (as SystemClock stamps them)."""

    def __init__(self, rate, points):
        super().__init__()
        self.rate, self.points, self.sent = rate, points, []

    def arrived(self):
        events = []
        for n in range(len(self.sent), int(self.now * self.rate)):
            pos = self.points[n % len(self.points)]
            event = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))
            event.t_ms = n * 1000 // self.rate
            self.sent.append((event.t_ms, pos))
            events.append(event)
        return events


@pytest.mark.parametrize("rate", [1000, 4000, 8000])
def test_motion_at_any_rate_is_handled_within_a_frame_and_nothing_piles_up(app, rate):
    app.clock = MouseClock(rate, [(100 + n % 300, 200 + n % 7) for n in range(1000)])
    handled = []
    app.scene.handle = handled.append
    waited, waiting = [], []
    for _ in range(300):  # 5 s
        first = len(handled)
        app.step()
        stamps = [t for event in handled[first:] for t, _ in [*getattr(event, "trail", ()), (event.t_ms, 0)]]
        waited.append(app.clock.now_ms() - min(stamps, default=app.clock.now_ms()))
        waiting.append(len(app._backlog))
    assert max(waited) <= 2 * 1000 * config.STEP + 1, "every motion is handled by the frame after it came"
    assert max(waiting) == 0, "nothing is left for later frames"
    assert len(handled) <= 300, "a frame's run of motions is handled once"
    kept = [(t, tuple(pos)) for event in handled for t, pos in [*getattr(event, "trail", ()), (event.t_ms, event.pos)]]
    assert kept == app.clock.sent, "every motion is handed on with its stamp, in order"
    assert sum(event.rel[0] for event in handled) == len(app.clock.sent), "the moves add up"


def test_motions_are_not_merged_across_another_event_or_a_change_of_buttons(app):
    handled = []
    app.scene.handle = handled.append

    def motion(x, buttons=(0, 0, 0)):
        return pygame.event.Event(pygame.MOUSEMOTION, pos=(x, 5), rel=(1, 0), buttons=buttons)

    for event in [
        motion(1),
        motion(2),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(2, 5), button=1),
        motion(3, (1, 0, 0)),
        motion(4, (1, 0, 0)),
        motion(5),
    ]:
        pygame.event.post(event)
    app.step()
    assert [(e.type, e.pos[0], len(getattr(e, "trail", ()))) for e in handled] == [
        (pygame.MOUSEMOTION, 2, 1),
        (pygame.MOUSEBUTTONDOWN, 2, 0),
        (pygame.MOUSEMOTION, 4, 1),
        (pygame.MOUSEMOTION, 5, 0),
    ]
