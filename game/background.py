"""Work that must not hold up a frame (a no-guess board, a hint, a game's analysis): a daemon thread, polled."""

from __future__ import annotations

import _thread
import threading
from collections.abc import Callable
from typing import Any


class BackgroundJob:
    """Runs fn(cancel_event) on a thread. Poll `done`; then read `result` or `error` (the exception)."""

    def __init__(self, fn: Callable[[threading.Event], Any]) -> None:
        self.cancelled = threading.Event()
        self.result: Any = None
        self.error: Exception | None = None
        self._finished = threading.Event()
        # A bare thread (daemon-like: never waited for at exit). threading.Thread.start() waits until the new
        # thread has run, which, while other threads hold the interpreter (a game's analysis), kept the frame
        # that asked waiting for tens of milliseconds.
        _thread.start_new_thread(self._run, (fn,))

    def _run(self, fn: Callable[[threading.Event], Any]) -> None:
        try:
            self.result = fn(self.cancelled)
        except Exception as error:  # handed to the scene, which decides what the player sees
            self.error = error
        finally:
            self._finished.set()

    @property
    def done(self) -> bool:
        return self._finished.is_set()

    def cancel(self) -> None:
        self.cancelled.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until finished (tests, and quitting); True when it finished."""
        return self._finished.wait(timeout)
