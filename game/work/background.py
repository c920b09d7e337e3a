"""Work that must not hold up a frame (a no-guess board, a hint, a game's analysis): a daemon thread, polled."""

from __future__ import annotations

import gc
import importlib
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class BackgroundJob(Generic[T]):
    """Runs fn(cancel_event) on a thread. Poll `done`; then read `result` (a T: what fn returned) or `error`
    (the exception it raised)."""

    def __init__(self, fn: Callable[[threading.Event], T]) -> None:
        self.cancelled = threading.Event()
        self.result: T | None = None
        self.error: Exception | None = None
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(fn,), daemon=True)
        self._thread.start()

    def _run(self, fn: Callable[[threading.Event], T]) -> None:
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


def warm_up(modules: tuple[str, ...]) -> BackgroundJob[None]:
    """Import these modules on a thread (the first game, its end and a replay would otherwise each load theirs
    on a frame), then freeze what the process holds so far: the garbage collector never walks the objects of
    start-up again (a full collection would otherwise go over all of them, on whichever frame set it off)."""

    def work(cancel: threading.Event) -> None:
        for name in modules:
            importlib.import_module(name)
        gc.freeze()

    return BackgroundJob(work)


def uncollected(fn: Callable[[], T]) -> T:
    """fn() with the cycle collector paused: for a job that builds a large structure without cycles (a replay
    file of 100,000 moves). Otherwise every few hundred objects it makes set off a collection, each holding the
    interpreter, and the full ones walk all it has made so far again (1.2 s of collections for the largest
    replay file, in passes of up to a few hundred milliseconds that the frames waited out)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return fn()
    finally:
        if collecting:
            gc.enable()
