"""The videos the game lists (Records, Open video): names at once, details read in the background with the rows
on show first, a thousand files without a frame waiting, a row opened in Replay and back to the list."""

import os
import shutil
import threading
from pathlib import Path

import pygame
import pytest

from game.files import shelf
from game.files.shelf import Entry, Shelf, Summary, listing
from game.shell.app import App
from game.store import data_folder
from game.view import screens
from tests.driver import Driver, FakeClock

SAMPLES = Path(__file__).resolve().parent.parent / "fixtures" / "videos"
SMALL = SAMPLES / "test_rmv2_utf8_basic.rmv"


def touch(path, when, data=b"x"):
    path.write_bytes(data)
    os.utime(path, (when, when))
    return path


def test_the_list_takes_the_formats_the_reader_reads():
    from game.video.foreign import FORMATS

    assert tuple(FORMATS) == shelf.VIDEO_SUFFIXES


def test_the_list_is_the_videos_and_replays_newest_first_an_exported_pair_once(tmp_path):
    videos, replays = tmp_path / "videos", tmp_path / "replays"
    videos.mkdir()
    replays.mkdir()
    touch(videos / "old.avf", 100)
    touch(videos / "new.RMV", 300)
    touch(videos / "notes.txt", 400)
    (videos / "folder.evf").mkdir()
    touch(replays / "2026_game.json", 200)
    touch(replays / "2026_game.evf", 200)
    touch(replays / "lone.json", 250)
    listed = listing([videos, replays, tmp_path / "nowhere"])
    assert [(e.name, e.kind) for e in listed] == [
        ("new.RMV", "RMV"),
        ("lone.json", "replay"),
        ("2026_game.evf", "EVF"),
        ("old.avf", "AVF"),
    ]


def test_the_rows_on_show_are_read_first(tmp_path):
    for n in range(100):
        touch(tmp_path / f"{n:03}.avf", 1000 - n)  # newest first: 000 to 099
    asked, gate, began = [], threading.Event(), threading.Event()

    def read(entries):
        asked.append([entry.name for entry in entries])
        began.set()
        assert gate.wait(30)
        return [Summary(8, 8, 10, 1000, "won", "") for _ in entries]

    books = Shelf([tmp_path], read)
    while not books.poll():
        pass
    assert len(books.entries) == 100 and books.unread == 100
    assert began.wait(30)  # the first batch is being read
    books.want(60)
    gate.set()
    assert books.wait(30)
    books.poll()
    assert asked[0] == [f"{n:03}.avf" for n in range(16)], "the first batch went before the list was scrolled"
    assert asked[1] == [f"{n:03}.avf" for n in range(60, 76)], "then the rows on show"
    assert books.unread == 0 and all(entry.summary for entry in books.entries)


def test_a_reader_that_fails_marks_its_rows_and_the_list_goes_on(tmp_path):
    for n in range(20):
        touch(tmp_path / f"{n:02}.evf", 100 + n)

    def read(entries):
        if any(entry.name == "19.evf" for entry in entries):
            raise RuntimeError("boom")
        return ["no" for _ in entries]

    books = Shelf([tmp_path], read)
    assert books.wait(30)
    books.poll()
    assert [e.error for e in books.entries[:16]] == ["could not be read (RuntimeError)"] * 16
    assert [e.error for e in books.entries[16:]] == ["no"] * 4


def real_summaries():
    entries = [Entry(path, path.suffix[1:].upper(), 0) for path in (SMALL, SAMPLES / "test_rmv1_utf8_invalid.rmv")]
    return shelf.read_summaries(entries)


def test_real_files_give_their_facts_or_why_not():
    pytest.importorskip("ms_toollib")
    good, bad = real_summaries()
    assert good == Summary(8, 8, 10, 670, "won", "Thomas Kolar")
    assert bad == "damaged or not the video its name says (the parser aborted)"


@pytest.fixture
def app():
    app = App(clock=FakeClock(), desktop_size=(1366, 768))
    yield app
    app.store.close()


def to_videos(driver):
    driver.click_button(driver.scene.records)
    driver.click_button(driver.scene.videos)
    assert isinstance(driver.scene.shown, screens.Videos)
    return driver.scene


def test_a_thousand_videos_list_at_once_and_the_frames_go_on_while_they_are_read(app, monkeypatch):
    folder = data_folder() / "videos"
    folder.mkdir(parents=True)
    for n in range(1000):
        shutil.copyfile(SMALL, folder / f"video-{n:04}.rmv")
    gate, reading = threading.Event(), threading.Event()

    def slow(entries):
        reading.set()
        assert gate.wait(60)
        return [Summary(8, 8, 10, 670, "won", "Thomas Kolar") for _ in entries]

    monkeypatch.setattr(shelf, "read_summaries", slow)
    driver = Driver(app, patient=False)
    driver.frames(2)
    scene = to_videos(driver)
    assert reading.wait(30), "the reading began"
    while not scene.shelf.listed:
        driver.frames(1)
    assert len(scene.entries) == 1000 and scene.shelf.unread == 1000
    driver.frames(30)  # the reader has not answered: the frames go on, the names shown
    assert scene.rows[0].enabled and all(entry.summary is None for entry in scene.entries)
    driver.key(pygame.K_PAGEDOWN)
    assert scene.first == 8
    gate.set()
    assert scene.shelf.wait(60)
    driver.frames(2)
    assert scene.shelf.unread == 0 and scene.entries[999].summary is not None
    driver.screenshot("videos-1000")


def test_a_row_clicked_opens_in_replay_and_back_comes_back_to_the_list(app):
    pytest.importorskip("ms_toollib")
    folder = data_folder() / "videos"
    folder.mkdir(parents=True)
    shutil.copyfile(SMALL, folder / SMALL.name)
    shutil.copyfile(SAMPLES / "test_rmv1_utf8_invalid.rmv", folder / "broken.rmv")
    os.utime(folder / "broken.rmv", (1, 1))  # the older: second in the list
    driver = Driver(app)
    driver.frames(2)
    scene = to_videos(driver)
    assert scene.shelf.wait(60)
    driver.frames(2)
    assert [e.name for e in scene.entries] == [SMALL.name, "broken.rmv"]
    driver.click_button(scene.rows[1])
    driver.frames(2)
    assert driver.scene is scene and scene.notice.startswith("Could not open broken.rmv: damaged")
    driver.click_button(scene.rows[0])
    driver.frames(2)
    assert isinstance(driver.scene.shown, screens.Replay)
    assert driver.scene.about[0].startswith("Thomas Kolar · Viennasweeper 5.0.0a2")
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is scene
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene.shown, screens.Records)


def test_long_names_show_whole_where_there_is_room_and_in_a_tip_where_not():
    from game.view import text

    app = App(clock=FakeClock(), desktop_size=(800, 600))
    try:
        folder = data_folder() / "videos"
        folder.mkdir(parents=True)
        name = "HI-SCORE Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf"  # a speed-runner's file, as named
        shutil.copyfile(SMALL, folder / name)
        driver = Driver(app)
        driver.frames(2)
        scene = to_videos(driver)
        while not scene.shelf.listed:
            driver.frames(1)

        def drawn():
            with text.recording() as log:
                scene.draw_all(app.screen)
            return [item.text for item in log]

        assert name in drawn(), "the row has room for the whole name"
        for row in scene.rows:
            row.rect.w //= 2  # a row too narrow for it
        assert any(line.endswith(text.ELLIPSIS) for line in drawn())
        at = dict(scene.cut)[name]
        driver.post(pygame.MOUSEMOTION, pos=at.center, rel=(0, 0), buttons=(0, 0, 0))
        driver.frames(1)
        assert name in " ".join(drawn()), "the tip shows it whole"
    finally:
        app.store.close()
