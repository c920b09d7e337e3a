"""Benchmark the frames a click under the strict rule waits for its ruling in the real app (headless, its frames
stepped by a fake clock, the ruling on its thread beside them): how many frames pass from the one that hears a
click to the one that plays it. Prints figures.

Run: python -m bench.ruling_frames [--games N]
Each game is Expert under "strict", every click a certainly safe cell (each still asks for a ruling: the rule
must look whether it was a needless guess).
"""

import argparse
import os
import tempfile
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    from game.model import GameState, analyse
    from tests.driver import start_app, stop_app

    waited: Counter[int] = Counter()
    for seed in range(args.games):
        os.environ["MINESWEEPER_HOME"] = tempfile.mkdtemp()  # never the player's records
        driver = start_app(Path(tempfile.mkdtemp()), seed=seed, desktop=(1366, 768))
        driver.app.settings.change("no_guess", "strict")
        driver.click_button(driver.scene.difficulty_buttons["expert"])
        playing = driver.scene
        driver.click_cell(8, 15)
        driver.patient = False  # (a patient driver would wait for each ruling before a frame)
        board = playing.board
        while board.state == GameState.PLAYING and (safe := sorted(analyse(board).safe)):
            moves = len(board.moves)
            driver.click_cell(*safe[0], frames=0)
            frames = 0
            while len(board.moves) == moves and frames < 600:
                driver.frames(1)
                frames += 1
            waited[frames] += 1
        stop_app(driver)
    total = sum(waited.values())
    said = ", ".join(f"{count} in frame {frames}" for frames, count in sorted(waited.items()))
    print(f"{total} clicks under strict in {args.games} Expert games; frame they were played in (1: the one that")
    print(f"heard them): {said}")


if __name__ == "__main__":
    main()
