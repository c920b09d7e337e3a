"""A long game through the real app, driven headless by posted events: the mouse moves on and on (two and a half
chunks of motion), the video goes to the records in chunks as it grows, the save made when the player leaves
stays small, Resume brings the whole video back (read off the frame), and the finished game's record keeps it,
which Records reads back whole to play it."""

import pygame
import pytest

from game.scenes.playing import PlayingScene
from game.video.chunks import CHUNK_EVENTS
from game.video.packed import FORMAT_CHUNKED
from game.view.recorded import read_log
from tests.driver import driven


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=1234)


def move_about(driver, count, batch=4_000):
    """`count` mouse motions over the board, posted a batch at a time and handled by the frames (a bounded
    share of them a frame, as a burst from a 1,000 Hz mouse is)."""
    cells = [driver.cell_pos(r, c) for r in range(9) for c in range(9)]
    for first in range(0, count, batch):
        for n in range(first, min(count, first + batch)):
            x, y = cells[n % len(cells)]
            driver.post(pygame.MOUSEMOTION, pos=(x + n % 5, y + n % 3), rel=(0, 0), buttons=(0, 0, 0))
        while pygame.event.peek() or driver.app._backlog:
            driver.frames(1)


def columns(video):
    return [list(column) for column in (video.kinds, video.times, video.xs, video.ys)]


def test_a_long_game_is_saved_small_resumed_whole_and_recorded_with_its_whole_video(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    driver.click_cell(4, 4)
    move_about(driver, 2 * CHUNK_EVENTS + CHUNK_EVENTS // 2)
    video = playing.session.video
    assert len(video) > 2.5 * CHUNK_EVENTS and playing.session.sealed.chunks == 2
    recorded = columns(video)
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.overlay.yes)
    driver.settled()
    saved = driver.app.store.load_resume().extra["video"]
    assert saved["format"] == FORMAT_CHUNKED and saved["chunks"]["events"] == 2 * CHUNK_EVENTS
    assert len(saved["kinds"]) < 4 * CHUNK_EVENTS, "the save carries only what came after the chunks"
    driver.click_button(driver.scene.resume)
    resumed = driver.scene
    assert isinstance(resumed, PlayingScene)
    video = resumed.session.video
    assert columns(video)[0][: len(recorded[0])] == recorded[0] and columns(video)[1][: len(recorded[1])] == recorded[1]
    move_about(driver, CHUNK_EVENTS)
    assert resumed.session.sealed.chunks == 3
    board = resumed.board
    for r, c in [(r, c) for r in range(9) for c in range(9) if (r, c) not in board.mine_cells()]:
        if not board.is_revealed(r, c):
            driver.click_cell(r, c)
    assert board.state == "won"
    driver.settled()
    store = driver.app.store
    log = store.replay(store.recent_games("beginner")[0].game_id)
    assert len(log) < 12 * CHUNK_EVENTS + 10_000, "the record names the chunks: 12 characters an event after them"
    replay, kept, _ = read_log(log, store.chunk_reader())
    assert columns(kept) == columns(resumed.session.video), "Records reads the whole video back"
