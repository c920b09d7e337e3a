"""Benchmark the first frames of a game whose sound folder holds a 150 MB WAV named like an effect (issue 45,
item 8): the worst of the first 60 frames, wall time and the frame thread's own CPU time. Prints figures.

Run: python -m bench.big_sound [--repeats N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

MEGABYTES = 150


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    options = parser.parse_args()
    import pygame

    from bench.frames import WallClock, frame
    from game import config

    folder = Path(tempfile.mkdtemp())
    assets = folder / "assets"
    shutil.copytree(config.ASSETS_DIR, assets)
    with wave.open(str(assets / "sounds" / "win.wav"), "wb") as made:
        made.setnchannels(1)
        made.setsampwidth(2)
        made.setframerate(22050)
        made.writeframes(bytes(MEGABYTES * 2**20))
    config.ASSETS_DIR = assets
    from game.shell.app import App

    worst = []
    try:
        for run in range(options.repeats):
            os.environ["MINESWEEPER_HOME"] = str(folder / f"home{run}")
            app = App(clock=WallClock(), seed=3, desktop_size=(1366, 768))
            worst.append(max((frame(app) for _ in range(60)), key=float))
            app.store.close()
            pygame.quit()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    wall, cpu = statistics.median(worst), statistics.median(w.cpu for w in worst)
    print(
        f"a {MEGABYTES} MB win.wav: the worst of the first 60 frames, median of {options.repeats}: "
        f"{wall:.1f} ms wall, {cpu:.1f} ms CPU"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
