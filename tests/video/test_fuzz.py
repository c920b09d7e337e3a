"""Damaged copies of the sample videos through the game's own path, a short run for every CI (tools/fuzz_videos.py
runs thousands): opened as a drop is (game.files.reading.open_to_watch), none crashes or hangs, each gets a sentence;
dropped on the app, each comes back as a replay or a line for the player while the frames go on."""

from concurrent.futures import ThreadPoolExecutor

import pygame
import pytest

from game.files import reading as files
from game.shell.app import App
from game.view import screens
from tests.driver import Driver, FakeClock
from tools.fuzz_videos import damaged_copies, sources

pytest.importorskip("ms_toollib")

pytestmark = pytest.mark.slow  # fuzzing: 72 damaged copies of videos, opened and dropped on the app


def written(tmp_path, count, seed):
    paths = []
    for name, data in damaged_copies(count, seed):
        paths.append(tmp_path / name)
        paths[-1].write_bytes(data)
    return paths


def test_damaged_copies_opened_as_a_drop_is_get_a_sentence_each(tmp_path):
    def attempt(path):
        try:
            files.open_to_watch(path)
        except ValueError as error:  # the sentence the app puts after "Could not open NAME: "
            assert str(error) and "\n" not in str(error)
            return "refused"
        return "read"

    with ThreadPoolExecutor(max_workers=2) as pool:
        outcomes = list(pool.map(attempt, written(tmp_path, 60, seed=7)))
    assert len(outcomes) == 60 and "refused" in outcomes


def test_damaged_copies_dropped_on_the_app_each_come_back_and_the_game_goes_on(tmp_path):
    app = App(clock=FakeClock(), desktop_size=(1366, 768))
    try:
        driver = Driver(app)
        came = []
        heard = app._arrived
        app._arrived = lambda arrival: came.append(arrival) or heard(arrival)
        paths = written(tmp_path, 12, seed=11) + [sources()[0]]
        for path in paths:
            driver.post(pygame.DROPFILE, file=str(path))
            driver.frames(3)
        assert len(came) == len(paths)
        for path, arrival in zip(paths, came):
            said = getattr(arrival, "text", "")
            assert type(arrival).__name__ == "Watch" or said.startswith(f"Could not open {path.name}: "), said
        assert isinstance(app.scene.shown, screens.Replay) and app.running
    finally:
        app.store.close()
