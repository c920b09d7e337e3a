"""A game's stopwatch: its time, set from input stamps and moved on between them by the frames; the LED's number."""

from __future__ import annotations


class Stopwatch:
    """The time on a game's clock. Whether it runs is its session's to say (game.play.session): the session
    stamps it and ticks it only while it does, and stops it when a running stretch ends."""

    def __init__(self, elapsed_ms: int = 0) -> None:
        self.elapsed = elapsed_ms / 1000  # seconds on the clock
        # The clock from input stamps (ms on the app's clock): the time on it when the running stretch began,
        # and that stamp. Between stamps the fixed update moves it on for the display; every stamp sets it.
        self._base_ms = elapsed_ms
        self._running_since: int | None = None

    @property
    def elapsed_ms(self) -> int:
        return round(self.elapsed * 1000)

    def tick(self, seconds: float) -> None:
        """Time passed (the scene's fixed update): the clock shown between two stamps."""
        self.elapsed += seconds

    def stamp(self, t_ms: int) -> None:
        """An input event arrived at `t_ms`: the clock is set from it (the first stamp of a running stretch
        begins it)."""
        if self._running_since is None:
            self._running_since = t_ms
            self._base_ms = self.elapsed_ms
        self.elapsed = (self._base_ms + max(0, t_ms - self._running_since)) / 1000

    def stop(self) -> None:
        """The running stretch ends: the next stamp begins another from the time on the clock then."""
        self._running_since = None

    def start(self, t_ms: int | None) -> None:
        """The clock starts again from nothing at `t_ms` (None: at the next stamp)."""
        self.elapsed = 0.0
        self._base_ms, self._running_since = 0, t_ms


def led_seconds(elapsed: float, over: bool) -> int:
    """The LED timer's number for a game `elapsed` into its clock (seconds, or ms once `over`), at most 999: the
    second under way while it goes on, the time rounded up to whole seconds once it is over (its Replay too).

    >>> led_seconds(0.0, False), led_seconds(1.8, False), led_seconds(1800, True), led_seconds(0, True)
    (1, 2, 2, 0)
    """
    return min(999, -(-int(elapsed) // 1000) if over else int(elapsed) + 1)
