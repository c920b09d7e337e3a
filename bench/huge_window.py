"""Benchmark the frame that takes a window system's resize far past the screen (issue 45, item 8: 7,680 x 4,320
on a 1,366 x 768 screen), and the same on an 8K screen, where such a window is real. Prints figures.

Run: python -m bench.huge_window [--repeats N]

A real app on a real clock shows an Expert game; each repeat posts the resize, times the frames that take it
(the worst of three: wall time, and the frame thread's own CPU time), then a resize back to 900 x 700. Prints
the medians over the repeats.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from bench.frames import WallClock, frame, post
from game.view import screens

HUGE = (7680, 4320)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9)
    options = parser.parse_args()
    import pygame

    from game.shell.app import App

    os.environ["MINESWEEPER_HOME"] = tempfile.mkdtemp()
    print(f"a resize to {HUGE[0]} x {HUGE[1]}, Expert on show; median of {options.repeats}, the worst frame taking it:")
    for desktop in ((1366, 768), HUGE):
        app = App(clock=WallClock(), seed=3, desktop_size=desktop)
        for _ in range(5):
            app.step()
        app.show(screens.Playing(session=app.dealer.new(16, 30, 99)))
        for _ in range(5):
            frame(app)
        worst = []
        for n in range(options.repeats):
            post(pygame.WINDOWSIZECHANGED, x=HUGE[0] - n % 2, y=HUGE[1])
            worst.append(max((frame(app) for _ in range(3)), key=float))
            size = app.screen.get_size()
            post(pygame.WINDOWSIZECHANGED, x=900, y=700)
            for _ in range(3):
                frame(app)
        wall, cpu = statistics.median(worst), statistics.median(w.cpu for w in worst)
        print(
            f"  on a {desktop[0]} x {desktop[1]} screen: the window becomes {size[0]} x {size[1]}; "
            f"{wall:.1f} ms wall, {cpu:.1f} ms CPU"
        )
        app.store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
