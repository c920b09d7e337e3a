"""The app's real clock: the frame's pace, the sleep while idle, and the time every input event is stamped with."""

from __future__ import annotations

import time
from typing import Protocol

import pygame

from game import config


class Clock(Protocol):
    """What the app asks of its clock: SystemClock, or a test's or a benchmark's made-up time."""

    def tick(self) -> float: ...
    def now_ms(self) -> int: ...
    def arrived(self) -> list[pygame.event.Event]: ...
    def idle(self, timeout: float) -> list[pygame.event.Event]: ...


class SystemClock:
    """Real time: caps the frame rate while busy and sleeps in the event queue while idle. While it waits for
    the next frame, and while the player is active, it waits in the event queue and stamps each event
    (`t_ms`) as it arrives, so input is timed to the millisecond, not to the frame that handles it."""

    def __init__(self) -> None:
        self._clock = pygame.time.Clock()
        self._started = False
        self._frame_began = 0
        self._arrived: list[pygame.event.Event] = []

    def tick(self) -> float:
        """Seconds since the previous tick (waiting, if needed, to stay under the frame cap)."""
        if self._started:  # the first frame goes straight to the screen
            self._wait_stamping(self._frame_began + 1000 // config.FPS_CAP)
        self._started = True
        self._frame_began = pygame.time.get_ticks()
        return self._clock.tick() / 1000

    def now_ms(self) -> int:
        """Milliseconds on this clock: what input is stamped with."""
        return pygame.time.get_ticks()

    def arrived(self) -> list[pygame.event.Event]:
        """The events that came while the clock waited, stamped, for the next frame."""
        events, self._arrived = self._arrived, []
        return events

    def _wait_stamping(self, due_ms: int) -> None:
        while (left := due_ms - pygame.time.get_ticks()) > 0:
            event = pygame.event.wait(left)
            if event.type == pygame.NOEVENT:
                return
            event.t_ms = pygame.time.get_ticks()
            self._arrived.append(event)

    def idle(self, timeout: float) -> list[pygame.event.Event]:
        """Wait a little while nothing happens; returns the events that came (none after a quiet spell).

        pygame.event.wait() polls the queue about a thousand times a second inside SDL (2.4% of a core
        under X11 here), so after a quiet spell (a poll longer than a step) an idle frame sleeps instead;
        while the player is active it waits in the queue, stamping what comes.
        """
        if timeout <= config.STEP:
            self._wait_stamping(pygame.time.get_ticks() + round(timeout * 1000))
            return self.arrived()
        time.sleep(max(0.0, timeout))
        return []
