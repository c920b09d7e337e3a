"""The events waiting for a frame: merged as they come, so input of any rate is handled within a frame or two.

A mouse polled at 8,000 Hz sends 133 motions a frame; a frame that took them one by one (at most
EVENTS_PER_FRAME of them) fell further behind every frame. What the frames need of a run of motions (no other
event between them, the same buttons held) is only where the pointer is now: where it was on the way matters
to nothing on the screen (hover, the pressed cell and a drag all follow the last position; a drag's scroll is
the sum of the steps, which is the last step from where it began). So a run is merged into its last motion,
which carries the others' stamps and positions as its `trail`; the game's recorder keeps every one of them in
the video in order with its stamp, as a speed-runner's program records the mouse (nothing is lost, nothing
is made up), and the scene handles the run once. A burst of resizes is merged to its last (each lays a large
board out again; only the last size is the window's).

Other events are kept one by one (a click, a key, a dropped file each mean something); a frame takes at most
EVENTS_PER_FRAME of them, so a burst goes on over the next frames and the screen keeps moving, but never one
that has waited longer than config.MAX_INPUT_LAG: past that the frame takes them all, so a flood of any rate
(a macro's keys) makes frames longer, never a backlog that grows without bound.
"""

from __future__ import annotations

from collections import deque

import pygame

from game import config


class Intake:
    """The events that came and are not handled yet, oldest first (a deque: taking from it costs what is
    taken, never what waits)."""

    def __init__(self) -> None:
        self._waiting: deque[pygame.event.Event] = deque()
        self._resize: pygame.event.Event | None = None  # the last resize waiting, merged into by the next

    def __len__(self) -> int:
        return len(self._waiting)

    def __bool__(self) -> bool:
        return bool(self._waiting)

    def oldest_ms(self) -> int | None:
        """The stamp of the oldest event waiting (None: none waits)."""
        return self._waiting[0].t_ms if self._waiting else None

    def add(self, event: pygame.event.Event) -> None:
        """One event that came (stamped with `t_ms`), merged with those waiting where it can be."""
        waiting = self._waiting
        if event.type == pygame.MOUSEMOTION and waiting:
            last = waiting[-1]
            if last.type == pygame.MOUSEMOTION and getattr(last, "buttons", None) == getattr(event, "buttons", None):
                trail = getattr(last, "trail", None) or []
                trail.append((last.t_ms, tuple(last.pos)))
                event.trail = trail
                (x0, y0), (x1, y1) = getattr(last, "rel", (0, 0)), getattr(event, "rel", (0, 0))
                event.rel = (x0 + x1, y0 + y1)
                waiting[-1] = event
                return
        if event.type == pygame.WINDOWSIZECHANGED:
            if self._resize is not None:
                self._resize.merged = True  # a later size came: that one is dropped when its turn comes
            self._resize = event
        waiting.append(event)

    def take(self, now_ms: int) -> list[pygame.event.Event]:
        """This frame's events: at most EVENTS_PER_FRAME, and every one that has waited as long as
        MAX_INPUT_LAG at `now_ms`."""
        waiting = self._waiting
        taken: list[pygame.event.Event] = []
        too_old = now_ms - round(config.MAX_INPUT_LAG * 1000)
        while waiting and (len(taken) < config.EVENTS_PER_FRAME or waiting[0].t_ms <= too_old):
            event = waiting.popleft()
            if event is self._resize:
                self._resize = None
            if not getattr(event, "merged", False):
                taken.append(event)
        return taken
