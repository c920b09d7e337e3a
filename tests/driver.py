"""Drive the real app by posting real pygame events, one frame at a time, with a fake clock."""

from pathlib import Path

import pygame

from game import config
from game.settings import LISTED
from game.shell.app import App
from game.view import screens


class FakeClock:
    """Every frame lasts exactly one update step; idling never blocks."""

    def __init__(self, frame=config.STEP):
        self.frame = frame
        self.now = 0.0
        self.idles = []

    def tick(self):
        self.now += self.frame
        return self.frame

    def now_ms(self):
        return round(self.now * 1000)

    def arrived(self):
        return []

    def idle(self, timeout):
        self.idles.append(timeout)
        return []


class Driver:
    """A player at the keyboard and mouse: clicks cells and buttons by posting events, then runs frames.

    A player is slower than the work the app does off the frame: before each frame the driver lets the
    records' writer, a replay file being read and a saved game being checked finish (it waits for those
    signals, never for a time), so what a test sees does not depend on thread timing. `patient=False` for
    tests of that work itself (a records file locked by another program), which must see the frames go on
    without it.
    """

    def __init__(self, app, shots_dir=None, patient=True):
        self.app = app
        self.shots_dir = Path(shots_dir) if shots_dir else None
        self.patient = patient

    @property
    def scene(self):
        return self.app.scene

    @property
    def overlay(self):
        """The overlay on top (a question, the game-over panel), or None."""
        return self.app.overlays[-1] if self.app.overlays else None

    def frames(self, n=1):
        for _ in range(n):
            if self.patient:
                self.settled()
            self.app.step()

    def settled(self, seconds=30):
        """Wait until the records' writer has written everything asked and a replay being read is read."""
        assert self.app.store.flush(seconds), "the records were written in time"
        opening = self.app.arrivals.reading
        if opening is not None:
            assert opening[1].wait(seconds), "the file was read in time"
        resuming = getattr(self.app.scene, "resuming", None)  # the saved game being checked
        if resuming is not None:
            assert resuming.wait(seconds), "the saved game was checked in time"
        # a saved game being recorded as a loss (Discard)
        assert self.app.dealer.wait_discarded(seconds), "the discarded game was recorded in time"
        loading = getattr(self.app.scene, "loading", None)  # Progress's games being read
        if loading is not None:
            assert loading.wait(seconds), "the games were read in time"
        watching = getattr(self.app.scene, "opening", None)  # a game's replay asked of Records
        if watching is not None:
            assert watching.wait(seconds), "the replay was read in time"
        sounds = getattr(self.app, "sounds_loading", None)  # the sound effects being read
        if sounds is not None:
            assert sounds.wait(seconds), "the sounds were read in time"
        pasting = getattr(self.app.scene, "pasting", None)  # the clipboard being read
        if pasting is not None:
            assert pasting.wait(seconds), "the clipboard was read in time"
        session = getattr(self.app.scene, "session", None)  # a click waiting for its ruling (forced is safe, strict)
        ruling = getattr(session, "ruling_wait", None)
        if ruling is not None:
            assert ruling.wait(seconds), "the click was ruled on in time"
        exporting = getattr(self.app.scene, "exporting", None)  # Replay's export being written
        if exporting is not None:
            assert exporting.wait(seconds), "the export was written in time"

    def post(self, type_, **attrs):
        pygame.event.post(pygame.event.Event(type_, **attrs))

    def press(self, pos, button=1):
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)

    def release(self, pos, button=1):
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)

    def click(self, pos, button=1, frames=2):
        self.press(pos, button)
        self.release(pos, button)
        self.frames(frames)

    def click_button(self, button, frames=2):
        self.click(button.rect.center, frames=frames)

    def cell_pos(self, row, col):
        return self.scene.geometry.cell_rect(row, col).center

    def click_cell(self, row, col, button=1, frames=2):
        self.click(self.cell_pos(row, col), button, frames)

    def key(self, key, mod=0, frames=2):
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.frames(frames)

    def past_grace(self):
        """Run frames until the game-over panel takes input (it ignores it for a moment after the game)."""
        from game.overlays.gameover import GRACE_SECONDS

        panel = self.overlay
        while panel.age < GRACE_SECONDS:
            self.frames(1)
        return panel

    def panel_button(self, name):
        """The game-over panel's button as the player finds it: "again", "same board", "menu" on the bar or the
        whole panel, whichever shows; "replay" and "copy" on the whole panel (opened with More if need be)."""
        panel = self.past_grace()
        if name in ("replay", "copy") and not panel.expanded:
            self.click_button(panel.more)
        if panel.expanded:
            return {
                "again": panel.play_again,
                "same board": panel.same_board,
                "menu": panel.menu,
                "replay": panel.replay_button,
                "copy": panel.copy,
            }[name]
        if name == "same board" and panel.bar_same is None:
            self.click_button(panel.more)
            return panel.same_board
        return {"again": panel.bar_again, "same board": panel.bar_same, "menu": panel.bar_menu}[name]

    def type_text(self, text, frames=2):
        for ch in text:
            self.post(pygame.TEXTINPUT, text=ch)
        self.frames(frames)

    def until_board_made(self, seconds=20):
        """Run frames until the playing scene's no-guess board has been made (it is made on a thread)."""
        deal = self.scene.dealing
        if deal is not None:
            assert deal.wait(seconds), "the board was made in time"
        self.frames(2)
        assert self.scene.dealing is None

    def until_hint(self, seconds=20):
        """Run frames until the hint asked for has been worked out (it is, on a thread)."""
        job = self.scene.assist.hint_job
        if job is not None:
            assert job.wait(seconds), "the hint was worked out in time"
        self.frames(2)
        assert self.scene.assist.hint_job is None

    def until_chances(self, seconds=60):
        """Run frames until the mine chances of the position on the board are in (they are worked out on a
        thread, one position at a time)."""
        assist = self.scene.assist
        while (job := assist.chances_job) is not None:
            assert job.wait(seconds), "the chances were worked out in time"
            self.frames(1)
        self.frames(1)
        assert assist.chances_ready(self.scene.board)

    def screenshot(self, name):
        """Save the window as PNG (under the test's folder) and return the path."""
        if self.shots_dir is None:
            return None
        self.shots_dir.mkdir(parents=True, exist_ok=True)
        path = self.shots_dir / f"{name}.png"
        pygame.image.save(pygame.display.get_surface(), str(path))
        return path


def turn_on_no_guess(driver, rule="no_guess"):
    """As a player does: Settings, the Guessing option clicked until it reads `rule`, back to the menu."""
    driver.click_button(driver.scene.settings)
    settings = driver.scene
    button = settings.buttons[[option.key for option in LISTED].index("no_guess")]
    for _ in range(4):
        if driver.app.settings["no_guess"] == rule:
            break
        driver.click_button(button)
    assert driver.app.settings["no_guess"] == rule
    driver.click_button(settings.back)
    assert isinstance(driver.scene.shown, screens.Menu)


def start_app(tmp_path=None, seed=42, desktop=(1366, 768), patient=True, frames=1):
    """The real app on a fake clock, run for `frames` frames (its menu shown), and a Driver to play it;
    screenshots go under tmp_path/shots. Call `stop_app` when done."""
    app = App(clock=FakeClock(), seed=seed, desktop_size=desktop)
    pygame.event.clear()
    driver = Driver(app, tmp_path / "shots" if tmp_path is not None else None, patient=patient)
    driver.frames(frames)
    return driver


def stop_app(driver):
    """Close the records' writer of an app from `start_app`, then pygame."""
    driver.app.store.close()
    pygame.quit()


def driven(tmp_path, **start):
    """A pytest fixture's body: the app from `start_app(tmp_path, **start)`, stopped after the test."""
    driver = start_app(tmp_path, **start)
    yield driver
    stop_app(driver)
