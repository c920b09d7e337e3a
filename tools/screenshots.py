"""Remake the README's pictures in docs/ by playing the real app headless: menu, custom form, play, game over,
replay, records, help, learn.

Run: python tools/screenshots.py [--out FOLDER]   (default: docs/)
     python tools/screenshots.py --tour --screen 800x600 --theme dark --language zh_CN --out FOLDER
        every screen and dialog with long values (tests/tour.py), as the layout test sees them, in a language
        (a code of game.language.LANGUAGES, or qps for the pseudo-language; default English)
"""

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The games played for the pictures must not land in the player's records.
os.environ["MINESWEEPER_HOME"] = tempfile.mkdtemp(prefix="minesweeper-shots-")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.shell.app import App  # noqa: E402
from tests.driver import Driver, FakeClock  # noqa: E402

DOCS = ROOT / "docs"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=DOCS, help="where the pictures go (default: docs/)")
    parser.add_argument("--tour", action="store_true", help="every screen and dialog (tests/tour.py)")
    parser.add_argument("--screen", default="1366x768", help="the screen's size, WIDTHxHEIGHT")
    parser.add_argument("--theme", default="classic", help="classic or dark")
    parser.add_argument("--language", default="en", help="a language's code (zh_CN, de, ...), or qps")
    args = parser.parse_args()
    out = args.out
    os.environ["MINESWEEPER_LANGUAGE"] = args.language
    if args.tour:
        return take_tour(out, tuple(int(v) for v in args.screen.split("x")), args.theme)
    app = App(clock=FakeClock(), seed=2024, desktop_size=(1366, 768))
    driver = Driver(app, out)
    driver.frames(1)
    driver.screenshot("menu")
    driver.click_button(app.scene.custom)
    driver.screenshot("custom")
    driver.key(pygame.K_ESCAPE)
    driver.click_button(app.scene.difficulty_buttons["expert"])
    board = app.scene.board
    driver.click_cell(8, 15)
    # Flag a few mines next to the opening, as a player would, and leave the pointer on the board.
    flagged = 0
    for r in range(board.rows):
        for c in range(board.cols):
            near_open = any(
                board.is_revealed(rr, cc)
                for rr in range(max(0, r - 1), min(board.rows, r + 2))
                for cc in range(max(0, c - 1), min(board.cols, c + 2))
            )
            if board.is_mine(r, c) and near_open and flagged < 6:
                driver.click_cell(r, c, button=3)
                flagged += 1
    driver.frames(125)
    driver.screenshot("playing")
    driver.key(pygame.K_h)
    driver.screenshot("hint")
    driver.key(pygame.K_c)
    driver.key(pygame.K_h)
    driver.screenshot("chances")
    driver.key(pygame.K_c)
    mine = next(
        (r, c)
        for r in range(board.rows)
        for c in range(board.cols)
        if board.is_mine(r, c) and not board.is_flagged(r, c)
    )
    driver.click_cell(*mine)
    if app.scene.analysis is not None:
        app.scene.analysis.wait(30)  # the verdict on the last click
    driver.frames(60)  # let the mine's flash end
    driver.screenshot("game-over")
    replay = driver.panel_button("replay")  # opens the whole panel
    driver.screenshot("game-over-panel")
    driver.click_button(replay)
    driver.frames(150)
    driver.screenshot("replay")
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)
    driver.click_button(app.scene.records)
    driver.click_button(app.scene.recent_tab)
    driver.screenshot("records")
    driver.key(pygame.K_ESCAPE)
    driver.click_button(app.scene.help)
    driver.screenshot("help")
    driver.key(pygame.K_ESCAPE)
    driver.click_button(app.scene.learn)
    driver.screenshot("learn")
    driver.click_button(app.scene.lesson_buttons[5])  # the 1-2: a wrong click on its mine, caught
    lesson = app.scene
    driver.click(lesson.geometry.cell_rect(*min(lesson.puzzle.mines)).center)
    driver.screenshot("lesson")
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)
    driver.click_button(app.scene.play_code)
    driver.type_text("MS1-0000-0J6P-K7SN")
    driver.screenshot("play-code")
    driver.key(pygame.K_ESCAPE)
    driver.click_button(app.scene.settings)
    app.settings.change("theme", "dark")
    driver.frames(2)
    driver.screenshot("settings-dark")
    driver.key(pygame.K_ESCAPE)
    driver.click_button(app.scene.difficulty_buttons["intermediate"])
    driver.click_cell(8, 8)
    driver.frames(30)
    driver.screenshot("playing-dark")
    app.settings.change("theme", "classic")
    names = ", ".join(sorted(path.name for path in out.glob("*.png")))
    print(f"wrote {names} in {out}/")


def take_tour(out, screen, look):
    from tests.tour import seed_records, tour

    seed_records(os.environ["MINESWEEPER_HOME"])
    app = App(clock=FakeClock(), seed=7, desktop_size=screen)
    app.settings.change("theme", look)
    app.step()
    driver = Driver(app, out)
    for n, stop in enumerate(tour(driver), 1):
        app.invalidate()
        app._draw()
        driver.screenshot(f"{n:02d}-{stop}")
    app.store.close()
    print(f"wrote {n} pictures in {out}/")


if __name__ == "__main__":
    main()
