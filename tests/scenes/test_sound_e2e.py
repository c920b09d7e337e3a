"""Sounds in play: each move makes its effect, M mutes and the choice outlives the game."""

import pygame
import pytest

from game.overlays.gameover import GameOverPanel
from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.shell.app import App
from game.store import Store
from tests.driver import Driver, FakeClock


class Recorder:
    """Stands in for Sounds: remembers what was played."""

    def __init__(self):
        self.played, self.muted = [], False

    def play(self, name):
        if name is not None and not self.muted:
            self.played.append(name)


def test_moves_make_their_sounds_and_m_mutes_for_good(tmp_path):
    recorder = Recorder()
    app = App(clock=FakeClock(), seed=5, desktop_size=(1366, 768), sounds=recorder)
    driver = Driver(app)
    pygame.event.clear()
    app.step()
    driver.click_button(app.scene.difficulty_buttons["beginner"])
    playing = app.scene
    assert isinstance(playing, PlayingScene)
    driver.click_cell(4, 4)
    assert recorder.played == ["cascade"]
    covered = next((r, c) for r in range(9) for c in range(9) if not playing.board.is_revealed(r, c))
    driver.click_cell(*covered, button=3)
    assert recorder.played[-1] == "flag"
    driver.key(pygame.K_m)
    assert recorder.muted and app.settings["sound"] is False
    mine = next(
        (r, c) for r in range(9) for c in range(9) if playing.board.is_mine(r, c) and not playing.board.is_flagged(r, c)
    )
    driver.click_cell(*mine)
    assert recorder.played == ["cascade", "flag"], "muted: the explosion is silent"
    assert isinstance(driver.overlay, GameOverPanel)
    driver.past_grace()
    driver.key(pygame.K_m)
    assert not recorder.muted and app.settings["sound"] is True, "M works on the game-over panel too"
    driver.key(pygame.K_n)
    assert isinstance(app.scene, PlayingScene) and app.scene is not playing, "N: a new game, as in play"
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    driver.key(pygame.K_m)
    assert recorder.muted and app.scene.notices[-1].startswith("Sound off"), "and in the menu, saying so"
    app.store.close()
    pygame.quit()
    store = Store.open()
    assert store.settings()["sound"] is False, "the choice is kept for the next start"
    store.close()


def test_without_an_audio_device_the_game_plays_silently(monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    app = App(clock=FakeClock(), seed=5, desktop_size=(1366, 768))
    driver = Driver(app)
    pygame.event.clear()
    app.step()
    assert app.sounds.notice and "sound" in app.sounds.notice.lower()
    driver.click_button(app.scene.difficulty_buttons["beginner"])
    driver.click_cell(4, 4)
    assert app.scene.board.state == "playing"
    pygame.quit()


def assets_with(tmp_path, name, make):
    """A copy of the game's assets whose sound `name` is what `make(path)` puts there."""
    import shutil

    from game import config

    assets = tmp_path / "assets"
    shutil.copytree(config.ASSETS_DIR, assets)
    path = assets / "sounds" / f"{name}.wav"
    path.unlink()
    make(path)
    return assets, path


PIPED = """
import sys
sys.path.insert(0, {root!r})
import pygame
from game import config
from pathlib import Path
config.ASSETS_DIR = Path({assets!r})
from game.shell.app import App
from tests.driver import FakeClock
app = App(clock=FakeClock(), seed=5, desktop_size=(1366, 768))
for _ in range(3):
    app.step()
print("frames went on", flush=True)
assert app.sounds_loading is None or app.sounds_loading.wait(20)
app.step()
print(app.sounds.notice, not app.sounds.silent, flush=True)
app.store.close()
"""


def test_a_pipe_named_like_a_sound_never_holds_the_start(tmp_path):
    """In a child: the frame that opened the pipe held the interpreter's lock, so nothing in the process ran."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    assets, _ = assets_with(tmp_path, "reveal", os.mkfifo)
    env = dict(os.environ, MINESWEEPER_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    script = PIPED.format(root=str(root), assets=str(assets))
    proc = subprocess.Popen([sys.executable, "-c", script], env=env, stdout=subprocess.PIPE, text=True)
    try:
        out, _ = proc.communicate(timeout=60)  # a bound on a hang, not a measure: the start takes a second
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        pytest.fail("before: the start waited on the pipe forever")
    assert "frames went on" in out and "reveal" in out and out.rstrip().endswith("True"), out


def test_a_sound_file_larger_than_any_effect_is_refused_and_read_off_the_frame(tmp_path, monkeypatch):
    import threading
    import wave

    from game import config
    from game.view import sound

    def huge(path):
        with wave.open(str(path), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(22050)
            w.writeframes(bytes(3 * 2**20))  # past any effect: ours are a few KB

    assets, _ = assets_with(tmp_path, "win", huge)
    monkeypatch.setattr(config, "ASSETS_DIR", assets)
    readers = []
    real = sound._read_bounded if hasattr(sound, "_read_bounded") else None

    def reading(path):
        readers.append(threading.current_thread())
        return real(path)

    if real is not None:
        monkeypatch.setattr(sound, "_read_bounded", reading)
    app = App(clock=FakeClock(), seed=5, desktop_size=(1366, 768))
    driver = Driver(app)
    pygame.event.clear()
    driver.frames(3)
    assert "win" in (app.sounds.notice or ""), "before: 150 MB of sound read and decoded on the first frame"
    assert readers and all(thread is not threading.main_thread() for thread in readers), "read off the frame"
    app.store.close()
    pygame.quit()


def test_a_pipe_named_like_the_icon_never_holds_the_start(tmp_path):
    """The same for the window's icon, read at start on the frame (another instance of item 8's pipe)."""
    import os
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    from game import config

    root = Path(__file__).resolve().parents[2]
    assets = tmp_path / "assets"
    shutil.copytree(config.ASSETS_DIR, assets)
    (assets / "icon.png").unlink()
    os.mkfifo(assets / "icon.png")
    env = dict(os.environ, MINESWEEPER_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    script = PIPED.format(root=str(root), assets=str(assets)).replace("config.ASSETS_DIR = Path", "config.ICON = Path")
    script = script.replace(f"Path({str(assets)!r})", f"Path({str(assets / 'icon.png')!r})")
    proc = subprocess.Popen([sys.executable, "-c", script], env=env, stdout=subprocess.PIPE, text=True)
    try:
        out, _ = proc.communicate(timeout=60)  # a bound on a hang, not a measure
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        pytest.fail("before: the start waited on the pipe forever")
    assert "frames went on" in out, out
