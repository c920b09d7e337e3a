"""The standard boards in the real app (headless): Beginner 9 x 9 and Arbiter's 8 x 8 alike have STNB, in Records
(its tab), on the game-over panel and in Replay, where the line under the board and the figures beside it say
the same; a custom board's STNB reads "-" in both."""

import pygame
import pytest

from game.overlays.gameover import GameOverPanel
from game.scenes.records import RecordsScene
from game.store import Store
from game.video.figure_text import rates
from game.view import text
from tests.driver import driven
from tests.played import played, record_of
from tests.video.test_foreign import SAMPLES

CUSTOM_VIDEO = SAMPLES / "Cus_8x11_7mines_5.42_3BV=8_3BVs=1.47_Wang Jianing G15208.avf"
ARBITERS_BEGINNER = SAMPLES / "beg_chinese_name.avf"


@pytest.fixture
def driver(tmp_path, private_home):
    store = Store.open(private_home)
    for size in ((9, 9, 10), (8, 8, 10), (9, 9, 11)):
        board, video, elapsed = played(*size, 1, pace_ms=300)
        store.record_game(record_of(board, video, elapsed))
    assert store.flush(30)
    store.close()
    yield from driven(tmp_path, seed=99)


def test_records_keeps_stnb_for_both_beginner_boards_and_names_the_8_by_8_one_beginner(driver):
    """Before: the STNB tab was off for Beginner and on for "Custom 8 x 8, 10 mines"."""
    driver.click_button(driver.scene.records)
    records = driver.scene
    assert isinstance(records, RecordsScene)
    seen = {}
    for _ in records.categories:
        driver.app.store.flush(30)
        driver.frames(2)
        tab = records.tabs["STNB"]
        if tab.enabled:
            driver.click_button(tab)
        seen[records.category] = (tab.enabled, [records.game_of[row].stnb for row in records.rows])
        driver.click_button(records.next)
    assert seen["beginner"][0] and seen["beginner"][1][0] > 0
    assert seen["custom:8x8x10"][0] and seen["custom:8x8x10"][1][0] > 0
    assert seen["custom:9x9x11"] == (False, [None]), "a custom board: no STNB tab, its games none"
    while records.category != "custom:8x8x10":
        driver.click_button(records.next)
    with text.recording() as log:
        records.draw_all(driver.app.screen)
    assert "Beginner 8 x 8" in [item.text for item in log]


@pytest.mark.parametrize("path", [CUSTOM_VIDEO, ARBITERS_BEGINNER], ids=["custom", "arbiters-8x8"])
def test_replays_line_under_the_board_says_the_figures_beside_it(driver, path):
    """Before: the line under a custom board said "STNB 0.0" where the figures beside it said "-", and an
    8 x 8 beginner video was "Custom 8 x 8, 10 mines"."""
    driver.post(pygame.DROPFILE, file=str(path))
    for _ in range(600):
        driver.frames(1)
        if getattr(driver.scene, "about", None):
            break
    replay = driver.scene
    driver.key(pygame.K_END)
    assert replay.live.job.wait(30)
    driver.frames(2)
    beside, line = replay.live_lines(), replay.about[1]
    for name in ("STNB", "RQP", "3BV/s", "IOE"):
        assert f"{name} {beside[name]}" in line, name
    if path == CUSTOM_VIDEO:
        assert beside["STNB"] == "-" and line.startswith("Custom 8 x 11, 7 mines ·")
    else:
        assert beside["STNB"] != "-" and line.startswith("Beginner 8 x 8 ·")


def test_a_beginner_win_shows_its_stnb_as_its_explanation_says(driver):
    """Before: a Beginner win's STNB read "-", while its explanation gave Beginner's constant."""
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    board = driver.scene.board
    driver.click_cell(board.rows // 2, board.cols // 2)
    driver.frames(200)
    for r in range(board.rows):
        for c in range(board.cols):
            if not board.is_mine(r, c) and not board.is_revealed(r, c):
                driver.click_cell(r, c)
    panel = driver.overlay
    assert isinstance(panel, GameOverPanel) and panel.session.figures_job.wait(30)
    driver.frames(2)
    figures = panel.session.figures
    assert figures.stnb is not None and dict(panel.lines())["STNB"] == rates(figures)["STNB"] != "-"
