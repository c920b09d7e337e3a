"""NF mode (no flags, as speed-runners play it), met by a player in the real app (headless, posted events): turned
on by the menu's N or the Settings screen and kept for the next start; under it a right click, the F key and a
right press before the left place nothing while both buttons still chord; the HUD marks the game; its win is
recorded NF and listed in Records' NF bests (apart from a flagged win), and its exported EVF, read back by
ms-toollib, places no flag and carries the NF bit. A game saved in NF mode comes back in it."""

import pygame
import pytest

from game.model import GameState
from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.scenes.records import RecordsScene
from game.scenes.settings import SettingsScene
from game.settings import LISTED
from game.video import Mouse
from game.video.evf import SUMMARY_NF
from game.view import text
from tests.driver import driven, start_app, stop_app

SEED = 99


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=SEED)


def drawn(driver):
    """Every text the window shows now."""
    with text.recording() as log:
        driver.app.scene.draw_all(driver.app.screen)
        for overlay in driver.app.overlays:
            overlay.draw(driver.app.screen)
    return [item.text for item in log]


def covered_mine(board):
    return next((r, c) for r in range(board.rows) for c in range(board.cols) if board.is_mine(r, c))


def cursor_to(driver, cell):
    """The keyboard's cursor onto a cell, with the arrows (the first key shows it in the middle)."""
    keys = {(-1, 0): pygame.K_UP, (1, 0): pygame.K_DOWN, (0, -1): pygame.K_LEFT, (0, 1): pygame.K_RIGHT}
    if driver.scene.ui.cursor is None:
        driver.key(pygame.K_UP, frames=1)
    while (at := driver.scene.ui.cursor) != cell:
        step = (
            (0, (cell[1] > at[1]) - (cell[1] < at[1]))
            if cell[1] != at[1]
            else ((cell[0] > at[0]) - (cell[0] < at[0]), 0)
        )
        driver.key(keys[step], frames=1)
    driver.frames(1)


def win(driver):
    board = driver.scene.board
    for r in range(board.rows):
        for c in range(board.cols):
            if not board.is_mine(r, c) and not board.is_revealed(r, c):
                driver.click_cell(r, c)
    assert board.state == GameState.WON
    driver.frames(2)
    return driver.overlay


def test_nf_mode_from_the_menu_places_no_flag_marks_the_game_and_its_win_is_an_nf_best(driver):
    pytest.importorskip("ms_toollib")
    from tests.video.test_figures_against_ms_toollib import read_one

    assert not driver.app.settings["no_flags"]
    driver.key(pygame.K_n)
    assert driver.app.settings["no_flags"] is True
    shown = drawn(driver)
    assert any("NF mode" in line for line in shown) and any("N turns it off" in line for line in shown)
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    scene = driver.scene
    assert isinstance(scene, PlayingScene) and scene.session.no_flags and scene.ui.no_flags
    assert scene.screen.mark == "NF"
    board = scene.board
    driver.click_cell(board.rows // 2, board.cols // 2)
    mine = covered_mine(board)
    driver.click_cell(*mine, button=3)
    assert not board.is_flagged(*mine) and board.flags == 0, "a right click places nothing"
    cursor_to(driver, mine)
    driver.key(pygame.K_f)
    assert not board.is_flagged(*mine), "nor does F"
    pos = driver.cell_pos(*mine)
    driver.press(pos, 3)  # right first, then left: the right press is passed over, and no flag comes of it
    driver.post(pygame.MOUSEBUTTONUP, pos=pos, button=3)
    driver.frames(2)
    assert not board.is_flagged(*mine)
    number = next(
        (r, c)
        for r in range(board.rows)
        for c in range(board.cols)
        if board.is_revealed(r, c) and board.adjacent_mines(r, c)
    )
    moves = len(board.moves)
    driver.press(driver.cell_pos(*number), 1)  # both buttons on a number: a chord, which opens nothing unflagged
    driver.post(pygame.MOUSEBUTTONDOWN, pos=driver.cell_pos(*number), button=3)
    driver.release(driver.cell_pos(*number), 1)
    driver.release(driver.cell_pos(*number), 3)
    driver.frames(2)
    assert board.moves[moves:] and all(move.kind == "chord" for move in board.moves[moves:]), "chorded"
    assert board.flags == 0 and board.state == GameState.PLAYING
    driver.screenshot("nf-game")
    assert "NF" in drawn(driver), "the HUD marks the game"
    video = scene.session.current_video()
    lone_right = [n for n, kind in enumerate(video.kinds) if kind == Mouse.RIGHT_PRESS]
    assert len(lone_right) == 1, "the video heard only the chord's right press"
    assert all(kind != Mouse.KEY_FLAG for kind in video.kinds)
    panel = win(driver)
    assert panel.session.result.value.counted
    game_id = panel.session.result.value.game_id
    driver.click_button(driver.panel_button("again"))
    assert driver.scene.session.no_flags, "the next game is NF too"
    driver.key(pygame.K_ESCAPE)

    driver.key(pygame.K_n)  # NF off: a win with a flag is no NF best
    assert driver.app.settings["no_flags"] is False
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    assert not driver.scene.session.no_flags and driver.scene.screen.mark == ""
    board = driver.scene.board
    driver.click_cell(board.rows // 2, board.cols // 2)
    driver.click_cell(*covered_mine(board), button=3)
    assert board.flags == 1
    flagged_id = win(driver).session.result.value.game_id

    driver.click_button(driver.panel_button("menu"))
    driver.click_button(driver.scene.records)
    records = driver.scene
    assert isinstance(records, RecordsScene) and records.category == "beginner"
    assert {records.game_of[row].game_id for row in records.rows} == {game_id, flagged_id}
    driver.click_button(records.nf_toggle)
    assert records.nf_shown and records.nf_toggle.marked
    for tab in ("Time", "3BV/s", "IOE", "STNB"):
        driver.click_button(records.tabs[tab])
        assert [records.game_of[row].game_id for row in records.rows] == [game_id], tab
        assert records.game_of[records.rows[0]].nf is True
    driver.click_button(records.tabs["Time"])
    driver.screenshot("records-nf")
    driver.click_button(records.recent_tab)
    assert not records.nf_toggle.enabled and len(records.rows) == 2, "Recent lists every game"
    driver.click_button(records.tabs["Time"])
    driver.key(pygame.K_n)
    assert not records.nf_shown and len(records.rows) == 2

    nf_row = next(row for row in records.rows if records.game_of[row].game_id == game_id)
    driver.click_button(nf_row, frames=3)
    driver.key(pygame.K_e)
    evf = driver.scene.exported.with_suffix(".evf")
    data = evf.read_bytes()
    assert data[1] & SUMMARY_NF, "the file says NF"
    theirs = read_one(data)
    assert theirs["is_completed"] and theirs["flag"] == 0, "ms-toollib replays it: no flag placed"


def test_nf_mode_is_a_setting_kept_for_the_next_start(driver, tmp_path):
    driver.click_button(driver.scene.settings)
    settings = driver.scene
    assert isinstance(settings, SettingsScene)
    button = settings.buttons[[option.key for option in LISTED].index("no_flags")]
    assert button.label == "off"
    driver.click_button(button)
    assert button.label == "on" and driver.app.settings["no_flags"] is True
    driver.click_button(settings.back)
    assert isinstance(driver.scene, MenuScene)
    driver.app.store.close()
    again = start_app(tmp_path, seed=5)
    try:
        assert again.app.settings["no_flags"] is True
        assert any("NF mode" in line for line in drawn(again))
        again.key(pygame.K_n)
        assert again.app.settings["no_flags"] is False
    finally:
        again.app.store.close()
    third = start_app(tmp_path, seed=5)
    try:
        assert third.app.settings["no_flags"] is False
    finally:
        stop_app(third)


def test_a_game_saved_in_nf_mode_comes_back_in_it(driver):
    driver.key(pygame.K_n)
    driver.click_button(driver.scene.difficulty_buttons["intermediate"])
    board = driver.scene.board
    driver.click_cell(board.rows // 2, board.cols // 2)
    driver.key(pygame.K_ESCAPE)  # asked whether to leave: yes, and the game is saved
    driver.click_button(driver.overlay.yes)
    assert isinstance(driver.scene, MenuScene) and driver.scene.saved is not None
    driver.key(pygame.K_n)  # NF off for the next games: the saved one stays as it was played
    driver.click_button(driver.scene.resume)
    driver.frames(3)
    scene = driver.scene
    assert isinstance(scene, PlayingScene) and scene.session.no_flags and scene.ui.no_flags
    driver.click_cell(*covered_mine(scene.board), button=3)
    assert scene.board.flags == 0
