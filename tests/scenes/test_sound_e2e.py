"""Sounds in play: each move makes its effect, M mutes and the choice outlives the game."""

import pygame

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
