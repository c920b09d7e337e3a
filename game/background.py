"""Work that must not hold up a frame (making a no-guess board): a daemon thread the scene polls."""

import threading


class BackgroundJob:
    """Runs fn(cancel_event) on a thread. Poll `done`; then read `result` or `error` (the exception)."""

    def __init__(self, fn):
        self.cancelled = threading.Event()
        self.result = None
        self.error = None
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(fn,), daemon=True)
        self._thread.start()

    def _run(self, fn):
        try:
            self.result = fn(self.cancelled)
        except Exception as error:  # handed to the scene, which decides what the player sees
            self.error = error
        finally:
            self._finished.set()

    @property
    def done(self):
        return self._finished.is_set()

    def cancel(self):
        self.cancelled.set()

    def wait(self, timeout=None):
        """Block until finished (tests, and quitting); True when it finished."""
        return self._finished.wait(timeout)
