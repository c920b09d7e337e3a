"""Drive the real app by posting real pygame events, one frame at a time, with a fake clock."""

import time
from pathlib import Path

import pygame

from game import config


class FakeClock:
    """Every frame lasts exactly one update step; idling never blocks."""

    def __init__(self, frame=config.STEP):
        self.frame = frame
        self.now = 0.0
        self.idles = []

    def tick(self):
        self.now += self.frame
        return self.frame

    def idle(self, timeout):
        self.idles.append(timeout)
        return []


class Driver:
    """A player at the keyboard and mouse: clicks cells and buttons by posting events, then runs frames."""

    def __init__(self, app, shots_dir=None):
        self.app = app
        self.shots_dir = Path(shots_dir) if shots_dir else None

    @property
    def scene(self):
        return self.app.scene

    @property
    def overlay(self):
        """The overlay on top (a question, the game-over panel), or None."""
        return self.app.overlays[-1] if self.app.overlays else None

    def frames(self, n=1):
        for _ in range(n):
            self.app.step()

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

    def type_text(self, text, frames=2):
        for ch in text:
            self.post(pygame.TEXTINPUT, text=ch)
        self.frames(frames)

    def until_board_made(self, seconds=20):
        """Run frames until the playing scene's no-guess board has been made (it is made on a thread)."""
        deadline = time.monotonic() + seconds
        while self.scene.assist.busy and time.monotonic() < deadline:
            time.sleep(0.005)
            self.frames(1)
        assert not self.scene.assist.busy
        self.frames(1)

    def screenshot(self, name):
        """Save the window as PNG (under the test's folder) and return the path."""
        if self.shots_dir is None:
            return None
        self.shots_dir.mkdir(parents=True, exist_ok=True)
        path = self.shots_dir / f"{name}.png"
        pygame.image.save(pygame.display.get_surface(), str(path))
        return path
