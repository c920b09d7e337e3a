"""The game started under a Chinese locale, in a real window: it speaks Chinese from its first frame (the window's
title and the menu), with no setting made."""

import os
import shutil
import subprocess

import pygame
import pytest

from game import config
from tests.real_game import RealGame, needs_x, wait_for, window_geometry, xdotool

pytestmark = [
    needs_x,
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("import"), reason="needs ImageMagick's import for the screenshots"),
]

CHINESE = {"LANG": "zh_CN.UTF-8", "LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "MINESWEEPER_LANGUAGE": None}


def menu_pictures(monkeypatch):
    """The menu as drawn headless in this process, in Chinese and in English, on the same screen."""
    from game import language

    monkeypatch.delenv(language.ENVIRONMENT)  # the setting decides here
    from game.shell.app import App
    from tests.driver import FakeClock

    pictures = {}
    for code in ("zh_CN", "en"):
        language.use(code)
        app = App(clock=FakeClock(), desktop_size=(1366, 768))
        try:
            app.settings.change("language", code)
            app.step()
            app.step()
            pictures[code] = app.screen.copy()
        finally:
            app.store.close()
            pygame.quit()
    language.use("en")
    return pictures


def difference(a, b):
    """The share of pixels that differ between two pictures of one size."""
    different = sum(
        1
        for x in range(0, a.get_width(), 2)
        for y in range(0, a.get_height(), 2)
        if a.get_at((x, y)) != b.get_at((x, y))
    )
    return different / ((a.get_width() + 1) // 2 * ((a.get_height() + 1) // 2))


def test_the_game_speaks_chinese_under_a_chinese_locale(display, tmp_path, monkeypatch):
    pictures = menu_pictures(monkeypatch)
    game = RealGame(display, tmp_path / "player", "--seed", "3", environment=CHINESE)
    try:
        window = game.window()
        assert wait_for(lambda: xdotool(display, "getwindowname", window) == "扫雷"), (
            f"the window's title is Chinese: {xdotool(display, 'getwindowname', window)!r}"
        )
        x, y, width, height = wait_for(lambda: window_geometry(display, window))
        assert (width, height) == config.MENU_SIZE
        shot = tmp_path / "menu-zh.png"
        xdotool(display, "mousemove", "0", "0")  # off the window: no button lit by the pointer

        def seen():
            subprocess.run(
                ["import", "-window", "root", str(shot)], env=dict(os.environ, DISPLAY=display), check=True, timeout=20
            )
            menu = pygame.image.load(str(shot)).subsurface((x, y, width, height))
            return difference(menu, pictures["zh_CN"]) < 0.02 and menu

        menu = wait_for(seen, timeout=60, interval=1)
        pygame.image.save(pictures["zh_CN"], str(tmp_path / "menu-zh-headless.png"))
        assert menu, f"the real window shows the Chinese menu (see {tmp_path})"
        assert difference(menu, pictures["en"]) > 0.02, "and not the English one"
    finally:
        printed = game.stop()
    assert game.returncode == 0, printed
