"""The records file held by another program (a real process, tests/locker.py), met by the real app: no frame
waits for it, the game says "records busy", what the game asked is written when it lets go, a start while it
is held opens the records when they free up, and a loss made meanwhile is never taken back (issue 16: #5, #9,
#12)."""

import re
import sqlite3
import threading

import pygame
import pytest

from game.overlays.gameover import GameOverPanel
from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.store import DB_NAME, Store
from game.store import store as store_module
from tests import driver as driving
from tests.locker import held
from tests.store.waited import writer_failed

WRITE = re.compile(r"\s*(INSERT|UPDATE|DELETE|REPLACE|BEGIN|CREATE|ALTER|DROP|PRAGMA\s+\w+\s*=)", re.IGNORECASE)


def start_app(tmp_path, patient=False):
    """Not patient unless told: these tests watch the frames go on while the records' writer waits."""
    return driving.start_app(tmp_path, seed=3, patient=patient, frames=2)


def writes_on_the_frame_thread(monkeypatch):
    """Every SQL statement that writes, run on the frame's (main) thread by a connection made from now on."""
    seen, real, frame = [], sqlite3.connect, threading.main_thread()

    def connect(*args, **kwargs):
        db = real(*args, **kwargs)
        db.set_trace_callback(lambda sql: seen.append(sql) if threading.current_thread() is frame else None)
        return db

    monkeypatch.setattr(sqlite3, "connect", connect)
    return lambda: [sql for sql in seen if WRITE.match(sql)]


def lose_a_beginner_game(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    assert isinstance(playing, PlayingScene)
    board = playing.board
    driver.click_cell(4, 4)
    mines = [(r, c) for r in range(9) for c in range(9) if board.is_mine(r, c)]
    driver.click_cell(*mines[0], button=3)
    driver.click_cell(*mines[1])
    assert board.state == "lost" and isinstance(driver.app.overlays[-1], GameOverPanel)
    return playing


def in_the_file(home):
    """(games recorded, saved games) as the file holds them now (reads go on while the lock is held)."""
    db = sqlite3.connect(home / DB_NAME)
    try:
        return tuple(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] for table in ("games", "resume"))
    finally:
        db.close()


def test_no_frame_waits_for_a_lock_and_the_game_is_written_when_it_clears(tmp_path, private_home, monkeypatch):
    Store.open().close()
    frame_writes = writes_on_the_frame_thread(monkeypatch)
    driver = start_app(tmp_path)
    with held(private_home / DB_NAME):
        before = len(frame_writes())
        lose_a_beginner_game(driver)
        driver.frames(30)
        assert frame_writes()[before:] == [], "before: each save waited 5 s for the lock, on the frame"
        assert in_the_file(private_home) == (0, 0), "held: nothing written yet"
    assert driver.app.store.flush(30)
    assert in_the_file(private_home) == (1, 0), "before: the loss was lost, and its save kept"
    driver.app.store.close()


def test_the_game_says_records_busy_while_it_lasts_and_when_it_is_over(tmp_path, private_home, monkeypatch):
    monkeypatch.setattr(store_module, "BUSY_AFTER", 0.0)  # "if it lasts": from the first failed try, here
    Store.open().close()
    driver = start_app(tmp_path)
    with held(private_home / DB_NAME):
        driver.click_button(driver.scene.difficulty_buttons["beginner"])
        playing = driver.scene
        driver.click_cell(4, 4)
        assert writer_failed(driver.app.store)
        driver.frames(1)
        assert playing.assist.message.startswith(
            "Records busy: another program is holding the records file (it is locked)"
        ), "#12: it says which"
    assert driver.app.store.flush(30)
    driver.frames(1)
    assert playing.assist.message.startswith("Records written")
    driver.app.store.close()


def test_a_start_while_the_records_are_held_opens_them_and_writes_when_they_free_up(tmp_path, private_home):
    with Store.open() as store:
        store.set_settings({"theme": "dark"})
    with held(private_home / DB_NAME):
        driver = start_app(tmp_path)  # before: a 5 s wait, then no records all session
        assert driver.app.store.available and driver.app.settings["theme"] == "dark"
        lose_a_beginner_game(driver)
    assert driver.app.store.flush(30)
    assert in_the_file(private_home) == (1, 0)
    driver.app.store.close()


def test_a_start_while_even_reading_is_locked_opens_the_records_when_they_free_up(tmp_path, private_home):
    with Store.open() as store:
        store.set_settings({"theme": "dark"})
        board = {"rows": 9}  # a save is offered by the menu whatever it holds (Resume checks it)
        store.save_resume(board, 1000, "beginner")
    with held(private_home / DB_NAME, how="all"):
        driver = start_app(tmp_path)
        assert driver.app.settings["theme"] == "classic" and driver.scene.resume is None, "nothing could be read"
        driver.click_button(driver.scene.difficulty_buttons["beginner"])
        driver.click_cell(4, 4)  # played meanwhile: kept, and written once the file opens
        driver.key(pygame.K_ESCAPE)
        driver.click_button(driver.app.overlays[-1].yes)
        assert isinstance(driver.scene, MenuScene)
    assert driver.app.store.flush(30), "opened, and every write made"
    driver.frames(2)
    assert driver.app.settings["theme"] == "dark", "the records' settings, now they could be read"
    assert in_the_file(private_home) == (0, 1)
    driver.app.store.close()


def test_a_loss_while_the_records_are_held_is_never_taken_back(tmp_path, private_home):
    Store.open().close()
    driver = start_app(tmp_path)
    with held(private_home / DB_NAME):
        lose_a_beginner_game(driver)
        driver.post(pygame.QUIT)
        driver.frames(1)
        driver.app.run(max_frames=driver.app.frames)  # quits while the file is still held
    again = start_app(tmp_path, patient=True)
    menu = again.scene
    assert isinstance(menu, MenuScene) and menu.resume is None, "before: the game from before the loss was offered"
    stats = again.app.store.statistics("beginner")
    assert (stats.played, stats.won) == (1, 0), "the loss was kept, and written at the next start"
    again.app.store.close()


@pytest.fixture(autouse=True)
def no_window_left():
    yield
    pygame.quit()
