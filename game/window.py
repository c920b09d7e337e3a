"""Where the window goes on the screen: in the middle, clear of a title bar above and a task bar below, until the
player drags it elsewhere; then where they put it, pulled back only as far as needed to stay whole on the
screen. Either way a window that changes size never runs off the screen."""

from __future__ import annotations

import contextlib

import pygame

from game import config

WM_FRAME_SLACK = 48  # pixels a window manager may shift a window we placed (its title bar and borders)


class WindowPlacement:
    def __init__(self, desktop_size: tuple[int, int]):
        self.desktop_size = desktop_size
        self.placed: tuple[int, int] | None = None  # where the window was last put
        self.moved_by_player = False

    def place(self, size: tuple[int, int]) -> None:
        """Put a window of this size where it belongs."""
        width, height = size
        desktop_w, desktop_h = self.desktop_size
        top, bottom = config.TITLE_BAR_ROOM, config.SCREEN_RESERVE[1] - config.TITLE_BAR_ROOM
        x = max(0, (desktop_w - width) // 2)
        y = max(top, top + (desktop_h - top - bottom - height) // 2)
        with contextlib.suppress(pygame.error):  # a window system without positions (Wayland) places it itself
            if self.moved_by_player:
                px, py = pygame.display.get_window_position()
                x = max(0, min(px, desktop_w - width))
                y = max(top, min(py, desktop_h - bottom - height))
            pygame.display.set_window_position((x, y))
            self.placed = (x, y)

    def moved(self, place: tuple[int, int]) -> None:
        """The window moved: our own placing comes back as it was, or shifted by the window manager's frame;
        anything else is the player's move."""
        placed = self.placed
        if placed is None or max(abs(place[0] - placed[0]), abs(place[1] - placed[1])) > WM_FRAME_SLACK:
            self.moved_by_player = True
