"""The records on a disk that fills up: a real file system of a few megabytes (tmpfs), filled to the last
byte by another file, then freed (issue 16: #9, #12). Mounting needs root: elsewhere these skip."""

import contextlib
import errno
import os
import shutil
import sqlite3
import subprocess
import uuid

import pygame
import pytest

from game.scenes.menu import MenuScene
from game.store import DB_NAME, Store
from game.store import store as store_module
from tests import driver as driving
from tests.store.waited import writer_failed


class Disk:
    """A mounted tmpfs, and a filler file that takes all the room left on it."""

    def __init__(self, mount):
        self.mount = mount
        self.filler = mount / "filler"

    def fill(self):
        fd = os.open(self.filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            for block in (b"\xff" * 65536, b"\xff" * 512, b"\xff"):  # down to the last byte
                with contextlib.suppress(OSError):
                    while True:
                        os.write(fd, block)
        finally:
            os.close(fd)
        with pytest.raises(OSError) as error:
            (self.mount / "probe").write_bytes(b"x" * 4096)
        assert error.value.errno == errno.ENOSPC

    def free(self):
        self.filler.unlink()


@pytest.fixture
def disk(tmp_path):
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a small file system needs root")
    mount = tmp_path / f"disk-{uuid.uuid4().hex[:8]}"
    mount.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)], capture_output=True).returncode:
        pytest.skip("this system will not mount a tmpfs here")
    try:
        yield Disk(mount)
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=True)


def start_app(patient):
    return driving.start_app(seed=3, patient=patient, frames=2)


def test_a_loss_on_a_full_disk_is_kept_and_written_when_there_is_room(disk, monkeypatch):
    monkeypatch.setattr(store_module, "BUSY_AFTER", 0.0)
    monkeypatch.setenv("MINESWEEPER_HOME", str(disk.mount / "records"))
    driver = start_app(patient=True)
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    board = driver.scene.board
    driver.click_cell(4, 4)  # saved: the game from before the losing click
    disk.fill()
    driver.patient = False  # from here the writer cannot keep up, and the frames must not wait for it
    mine = next((r, c) for r in range(9) for c in range(9) if board.is_mine(r, c))
    driver.click_cell(*mine)
    assert board.state == "lost"
    assert writer_failed(driver.app.store)
    driver.frames(60)  # the game-over panel takes keys after a moment
    driver.key(pygame.K_ESCAPE)  # to the menu, which says what keeps the records waiting
    assert isinstance(driver.scene, MenuScene)
    assert any("Records busy: the disk holding" in line and "is full" in line for line in driver.scene.notices)
    driver.post(pygame.QUIT)
    driver.frames(1)
    driver.app.run(max_frames=driver.app.frames)  # quit, the disk still full
    disk.free()
    again = start_app(patient=True)
    menu = again.scene
    assert isinstance(menu, MenuScene) and menu.resume is None, "before: the game from before the loss was offered"
    stats = again.app.store.statistics("beginner")
    assert (stats.played, stats.won) == (1, 0), "kept in the journal through the quit, and written now"
    driving.stop_app(again)


def test_a_full_disk_at_start_is_called_full_and_used_once_freed(disk, monkeypatch):
    monkeypatch.setattr(store_module, "BUSY_AFTER", 0.0)
    home = disk.mount / "records"
    monkeypatch.setenv("MINESWEEPER_HOME", str(home))
    home.mkdir()
    disk.fill()
    s = Store.open()
    assert s.available, "before: running without records until the next start"
    assert writer_failed(s)
    assert s.busy.startswith(f"Records busy: the disk holding {home} is full."), "#12"
    saved = s.save_resume({"cells": "x"}, 1, "expert")
    disk.free()
    assert saved.result() is True, "written as soon as the file lets it"
    s.close()
    db = sqlite3.connect(home / DB_NAME)
    assert db.execute("SELECT elapsed_ms FROM resume").fetchall() == [(1,)]
    db.close()


def test_records_written_on_a_disk_that_fills_wait_and_are_made_when_it_frees(disk, monkeypatch):
    monkeypatch.setenv("MINESWEEPER_HOME", str(disk.mount / "records"))
    s = Store.open()
    assert s.save_resume({"cells": "x"}, 1, "expert").result() is True
    disk.fill()
    big = {"cells": os.urandom(200_000).hex()}
    saved = s.save_resume(big, 2, "expert")
    assert writer_failed(s)
    assert not saved.done and s.load_resume().elapsed_ms == 1
    disk.free()
    assert saved.result() is True and s.load_resume().elapsed_ms == 2
    s.close()
    assert (disk.mount / "records" / DB_NAME).exists()


# --- a long game finished on a disk that filled meanwhile, then quit before there is room (issue 45, #6) -----


def long_game_on(store, before, after, fill):
    """A beginner game whose mouse wanders (as a hand does: each chunk packs to some 25 KB) for `before` events,
    then the disk fills (`fill()`), then `after` more events, then a losing click: the session, finished."""
    import random

    from game.model import Move
    from game.play.board_ui import Motion
    from game.play.dealer import Dealer
    from game.settings import Settings
    from tests.store.test_video_chunks import Heard, Press, Release

    dealer = Dealer(store, Settings(store.settings(), save=lambda values: None), seed=5)
    session = dealer.new(9, 9, 10)
    heard = Heard(session)
    heard.hear(Press(0, (72, 72), 1))
    heard.hear(Release(1, (72, 72), 1))
    session.apply(Move("reveal", 4, 4), t_ms=1)
    rng, x, y, t = random.Random(45), 70, 70, 2
    for count, then in ((before, fill), (after, None)):
        for _ in range(count):
            x, y = max(0, min(143, x + rng.randint(-3, 3))), max(0, min(143, y + rng.randint(-3, 3)))
            heard.hear(Motion(t, (x, y)))
            t += 1
        if then is not None:
            assert store.flush(30)
            then()
    board = session.board
    mine = next((r, c) for r in range(9) for c in range(9) if board.is_mine(r, c) and not board.is_revealed(r, c))
    session.apply(Move("reveal", *mine), t_ms=t)
    assert session.state == "lost"
    return session


def recorded_video(store, session):
    """The game recorded, its move log's moves and its video read back whole (None without one)."""
    from game.video.packed import split_log, unpack

    [game] = store.recent_games("beginner")
    log = store.replay(game.game_id)
    moves, data = split_log(log) if log is not None else (None, None)
    mines = frozenset(session.board.mine_cells())
    return game, moves, data and unpack(data, 9, 9, mines, store.chunk_reader())


@pytest.mark.slow
def test_a_long_game_finished_on_a_full_disk_keeps_its_whole_video_through_a_quit(disk, monkeypatch):
    from game.video.chunks import CHUNK_EVENTS

    home = disk.mount / "records"
    store = Store.open(home=home)
    session = long_game_on(store, 2 * CHUNK_EVENTS + 500, 4 * CHUNK_EVENTS + 2000, disk.fill)  # 102,755 events
    assert writer_failed(store)
    store.close()  # quit, the disk still full
    disk.free()
    again = Store.open(home=home)
    try:
        assert again.flush(30)
        assert not any("without its video" in notice for notice in again.notices), again.notices
        game, moves, video = recorded_video(again, session)
        assert moves is not None, "before: recorded without its moves"
        assert video is not None, "before: its 102,755-event video gone"
        assert [list(c) for c in (video.kinds, video.times, video.xs, video.ys)] == [
            list(c) for c in (session.video.kinds, session.video.times, session.video.xs, session.video.ys)
        ], "every event, in order"
    finally:
        again.close()


@pytest.mark.slow
def test_a_video_too_long_to_keep_on_a_full_disk_is_said_plainly_lost_and_the_game_kept(disk, monkeypatch):
    from game.video.chunks import CHUNK_EVENTS

    monkeypatch.setattr(store_module, "BUSY_AFTER", 0.0)
    home = disk.mount / "records"
    store = Store.open(home=home)
    session = long_game_on(
        store, CHUNK_EVENTS + 100, 40 * CHUNK_EVENTS, disk.fill
    )  # 40 chunks made after the disk filled
    assert writer_failed(store)
    store._writer.wait(lambda writer: getattr(writer, "cut", False), 30)
    assert "video is lost if the game closes" in store.busy, f"before: {store.busy}"
    store.close()
    disk.free()
    again = Store.open(home=home)
    try:
        assert again.flush(30)
        said = [notice for notice in again.notices if "without its video" in notice]
        assert said, f"before: no notice ({again.notices})"
        game, moves, video = recorded_video(again, session)
        assert game.outcome == "lost" and moves is not None and video is None, "the game and its moves are kept"
        db = sqlite3.connect(home / DB_NAME)
        try:
            assert db.execute("SELECT video FROM games").fetchall() == [(None,)], "naming no chunks"
            assert db.execute("SELECT COUNT(*) FROM video_chunks").fetchone() == (0,), "none left that nothing uses"
        finally:
            db.close()
    finally:
        again.close()
