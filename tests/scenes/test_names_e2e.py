"""Names that are not UTF-8 (a POSIX disk's bytes, which Python carries as lone surrogates) reach the screen
escaped, never stop a frame: files listed and opened from Records' videos, a replay given at start, a records
folder whose own path holds such bytes."""

import os
import time

import pytest

from game.view import screens, text
from tests.driver import start_app, stop_app

BAD = "\udcff"  # the byte 0xff, as Python hands over a name that is not UTF-8


@pytest.fixture
def bad_home(tmp_path, monkeypatch):
    """A records folder named with a byte that is not UTF-8, holding such a video and such a replay."""
    home = tmp_path / f"h{BAD}me"
    (home / "videos").mkdir(parents=True)
    (home / "replays").mkdir()
    (home / "videos" / f"bad{BAD}.avf").write_bytes(b"not a video")
    (home / "replays" / f"r{BAD}.json").write_bytes(b"{}")
    monkeypatch.setenv("MINESWEEPER_HOME", str(home))
    return home


def drawn(driver, frames=1):
    with text.recording() as log:
        driver.app.invalidate()
        driver.frames(frames)
    return " ".join(line.text for line in log)


def test_records_videos_lists_and_opens_files_whose_names_are_not_utf8(tmp_path, bad_home):
    driver = start_app(tmp_path)
    try:
        driver.app.show(screens.Videos())
        driver.frames(2)
        scene = driver.scene
        deadline = time.monotonic() + 60  # the list is made on a thread: a loaded machine may take a while
        while not (scene.shelf.listed and not scene.shelf.unread) and time.monotonic() < deadline:
            driver.frames(1)
            time.sleep(0.005)
        assert sorted(entry.name for entry in scene.entries) == [f"bad{BAD}.avf", f"r{BAD}.json"]
        shown = drawn(driver)
        assert "bad\\xff.avf" in shown and "r\\xff.json" in shown  # and the folder's path above them, maybe cut
        for row in scene.rows[:2]:
            scene.press(row)
            assert "\\xff" in drawn(driver, 3), "its notice, then why it cannot be opened"
            assert driver.scene is scene
    finally:
        stop_app(driver)


def test_a_replay_given_at_start_whose_name_is_not_utf8_is_said_not_readable(tmp_path):
    from game.shell.app import App
    from tests.driver import Driver, FakeClock

    bad = tmp_path / f"r{BAD}.json"
    bad.write_bytes(b"{")
    app = App(clock=FakeClock(), desktop_size=(1366, 768), replay=str(bad))
    driver = Driver(app)
    try:
        assert "r\\xff.json" in drawn(driver, 3)
    finally:
        stop_app(driver)


def test_the_helpers_name_the_records_folder_escaped(tmp_path, bad_home):
    driver = start_app(tmp_path)
    try:
        for screen in (screens.Help(), screens.Settings(), screens.Records()):
            driver.app.show(screen)
            driver.frames(2)
            drawn(driver, 2)  # whatever names the folder, drawn without a crash
    finally:
        stop_app(driver)
    assert os.path.isdir(bad_home)
