"""Where the window goes on the screen: in the middle, clear of a title bar above and a task bar below, until the
player drags it elsewhere; then where they put it, pulled back only as far as needed to stay whole on the
screen. Either way a window that changes size never runs off the screen.

Where the player put it and the size they gave the board window are kept across runs, for each screen size
(WindowMemory): written once the window has stood still a moment, never while it is being dragged.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pygame

from game import config
from game.settings import MOST_PIXELS, SCREENS_KEPT, Settings

WM_FRAME_SLACK = 48  # pixels a window manager may shift a window we placed (its title bar and borders)
SETTLE_MS = 600  # the window kept still this long after a move or a resize: then, and only then, it is written

Pair = tuple[int, int]


class WindowPlacement:
    def __init__(self, desktop_size: Pair, chosen: Pair | None = None, others: list[Pair] | None = None):
        """`chosen`: where the player put the window last time on this screen, if they did. `others`: the sizes
        of the other screens (monitors) beside the main one, whose place pygame does not tell."""
        self.desktop_size = desktop_size
        self.placed: Pair | None = None  # where the window was last put
        self.chosen = chosen  # where the player put it (kept on the screen when used)
        self.others = list(others or [])

    def reach(self) -> tuple[int, int, int, int]:
        """The part of the desktop a window may stand in (left, top, right, bottom): the main screen, widened by
        the other screens' sizes on every side, since any of them may lie left of or above the main one (at
        negative coordinates) and pygame does not say where each is."""
        desktop_w, desktop_h = self.desktop_size
        wide, high = sum(w for w, _ in self.others), sum(h for _, h in self.others)
        return -wide, -high, desktop_w + wide, desktop_h + high

    def spot(self, size: Pair) -> Pair:
        """Where a window of this size belongs: the player's place pulled inside the screens, else the middle of
        the main one."""
        width, height = size
        desktop_w, desktop_h = self.desktop_size
        top, bottom = config.TITLE_BAR_ROOM, config.SCREEN_RESERVE[1] - config.TITLE_BAR_ROOM
        if self.chosen is None:
            x = max(0, (desktop_w - width) // 2)
            return x, max(top, top + (desktop_h - top - bottom - height) // 2)
        x, y = self.chosen
        left, high, right, low = self.reach()
        return max(left, min(x, right - width)), max(high + top, min(y, low - bottom - height))

    def place(self, size: Pair) -> None:
        """Put a window of this size where it belongs."""
        with contextlib.suppress(pygame.error):  # a window system without positions (Wayland) places it itself
            x, y = self.spot(size)
            pygame.display.set_window_position((x, y))
            self.placed = (x, y)

    def moved(self, place: Pair) -> bool:
        """The window moved: our own placing comes back as it was, or shifted by the window manager's frame;
        anything else is the player's move. True when it was theirs."""
        placed = self.placed
        if placed is None or max(abs(place[0] - placed[0]), abs(place[1] - placed[1])) > WM_FRAME_SLACK:
            self.chosen = (int(place[0]), int(place[1]))
            return True
        return False


def _held(value: int) -> int:
    """A coordinate as the "window" setting can hold it."""
    return max(-MOST_PIXELS + 1, min(MOST_PIXELS - 1, int(value)))


def screen_key(desktop_size: Pair) -> str:
    return f"{desktop_size[0]}x{desktop_size[1]}"


class WindowMemory:
    """The window as the player left it on this screen (its size: the desktop's), kept in the "window" setting.

    `note` what the player did as it happens (every step of a drag); `settle` once a frame writes it when nothing
    has moved for SETTLE_MS, so a drag is written once, after it ends; `flush` writes what is left at the end."""

    def __init__(self, settings: Settings, desktop_size: Pair, max_window: Pair):
        self.settings, self.key, self.max_window = settings, screen_key(desktop_size), max_window
        self._pending: dict[str, Pair | None] = {}
        self._last_ms: int | None = None

    def _kept(self) -> dict[str, Any]:
        return dict(self.settings["window"].get(self.key) or {})

    @property
    def place(self) -> Pair | None:
        """Where the player put the window on this screen last time (WindowPlacement keeps it on the screen)."""
        place = self._kept().get("place")
        return None if place is None else (place[0], place[1])

    @property
    def size(self) -> Pair | None:
        """The size the player gave the board window on this screen last time, made to fit the screen."""
        size = self._kept().get("size")
        if size is None:
            return None
        return min(size[0], self.max_window[0]), min(size[1], self.max_window[1])

    def note(self, now_ms: int, place: Pair | None = None, size: Pair | None = None) -> None:
        """What the player did; a window system's numbers past any screen (a window dragged far off) are kept as
        the farthest the setting holds, never a reason to refuse the write (WindowPlacement brings it back)."""
        if place is not None:
            self._pending["place"] = (_held(place[0]), _held(place[1]))
        if size is not None:
            self._pending["size"] = (max(1, _held(size[0])), max(1, _held(size[1])))
        self._last_ms = now_ms

    def settle(self, now_ms: int) -> bool:
        """Write what the player did once the window has been still for SETTLE_MS; True when it wrote."""
        if self._last_ms is None or now_ms - self._last_ms < SETTLE_MS:
            return False
        return self.flush()

    def flush(self) -> bool:
        """Write what is waiting, now (the game is closing). True when there was something."""
        if not self._pending:
            return False
        before = self._kept()
        spot = {"place": before.get("place"), "size": before.get("size")}
        unchanged = dict(spot)
        spot.update(self._pending)
        self._pending, self._last_ms = {}, None
        if spot == unchanged:  # nothing new (moved back where it was)
            return False
        windows = {key: value for key, value in self.settings["window"].items() if key != self.key}
        while len(windows) >= SCREENS_KEPT:  # the screen used longest ago goes
            windows.pop(next(iter(windows)))
        windows[self.key] = spot
        self.settings.change("window", windows)
        return True
