"""Boards by 3BV through the real app, headless: the range set in Settings' form and in the Custom form, an Expert
game dealt within it and played through, recorded apart ("filtered": never a best time) and exported as an EVF
that ms-toollib reads as not fair; a range no board can meet is said plainly, and no board is dealt."""

import dataclasses
import json
import subprocess
import sys
import tempfile

import pygame
import pytest

from game.scenes.bv_ranges import BvRangesScene
from game.scenes.custom import CustomScene
from game.scenes.playing import PlayingScene
from game.scenes.settings import SettingsScene
from game.video import encode_evf
from game.view import screens, text
from game.view.records_list import marks
from tests.driver import driven

# What the file says of fairness, as ms-toollib reads it once parsed: its analyse() then sets is_fair again by a rule
# of its own (1.5.20 says True for an assisted game too), so the file's own bit is read before it.
READ_FAIR = """
import json, sys, ms_toollib
out = []
for raw in json.load(sys.stdin):
    video = ms_toollib.EvfVideo(raw_data=raw)
    video.parse()
    out.append([video.is_fair, video.bbbv, video.is_completed])
print(json.dumps(out))
"""


def fair_in(files):
    """[is_fair, 3BV, completed] of each EVF, as ms-toollib parses it, in a child (a native parser's crash stays
    there)."""
    with tempfile.TemporaryDirectory() as here:
        done = subprocess.run(
            [sys.executable, "-c", READ_FAIR],
            input=json.dumps([list(data) for data in files]),
            capture_output=True,
            text=True,
            cwd=here,
            timeout=120,
        )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def drawn_lines(driver):
    """Every line the scene draws in a whole frame."""
    driver.scene.invalidate()
    with text.recording() as drawn:
        driver.frames(1)
    return [line.text for line in drawn]


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=4321)


def start_expert(driver):
    driver.click_button(driver.scene.difficulty_buttons["expert"])
    assert isinstance(driver.scene, PlayingScene)
    return driver.scene


def win(driver, playing):
    board = playing.board
    mines = set(board.mine_cells())
    for r in range(board.rows):
        for c in range(board.cols):
            if (r, c) not in mines and not board.is_revealed(r, c):
                driver.click_cell(r, c, frames=1)
    assert board.state == "won"


@pytest.mark.slow
def test_a_filtered_expert_game_is_dealt_in_range_recorded_apart_and_not_fair_in_its_evf(driver):
    pytest.importorskip("ms_toollib")
    driver.app.settings.change("bbbv_range", {"expert": (190, None)})  # one board in six (bench.bbbv)
    playing = start_expert(driver)
    driver.click_cell(8, 15)
    assert playing.dealing is not None, "the first click waits for its board"
    driver.until_board_made()
    session = playing.session
    assert session.filtered and playing.board.three_bv >= 190 and playing.board.is_revealed(8, 15)
    win(driver, playing)
    driver.settled()
    [game] = driver.app.store.recent_games("expert")
    assert game.won and game.filtered and game.three_bv == playing.board.three_bv
    assert driver.app.store.bests("expert", "Time") == [], "its time never counts as the level's record"
    assert "chosen by 3BV" in marks(game), "its row says why it is apart"
    stats = driver.app.store.statistics("expert")
    assert stats.best_time_ms is None and stats.best_3bv_per_s is None and (stats.played, stats.won) == (1, 1)
    driver.click_button(driver.panel_button("replay"))
    driver.key(pygame.K_e)
    evf = driver.scene.exported.with_suffix(".evf")
    driver.app.show(screens.Records("expert"))
    driver.frames(2)
    driver.click_button(driver.scene.recent_tab)
    driver.screenshot("records-filtered")
    fair = encode_evf(dataclasses.replace(session.current_video(), filtered=False))
    got, unfiltered = fair_in([evf.read_bytes(), fair])
    assert got == [False, playing.board.three_bv, True], "not fair: the board was chosen by its 3BV"
    assert unfiltered[0] is True, "the same game on a board not chosen is fair"


def test_a_range_no_board_can_meet_is_said_and_no_board_is_dealt(driver):
    driver.app.settings.change("bbbv_range", {"expert": (400, None)})  # Expert has 381 safe cells
    playing = start_expert(driver)
    driver.click_cell(8, 15)
    driver.until_board_made()
    overlay = driver.overlay
    said = " ".join(overlay.lines)
    assert overlay.question == "Cannot make such a board" and "381 safe cells" in said and "400 or more" in said
    assert not playing.board.mines_placed and playing.board.state == "ready" and not playing.session.filtered
    driver.click_button(overlay.yes)  # Change the range
    assert isinstance(driver.scene, BvRangesScene)
    driver.settled()
    assert driver.app.store.recent_games("expert") == [], "nothing was played, so nothing is recorded"


def test_the_ranges_are_set_in_settings_form_and_kept(driver):
    driver.click_button(driver.scene.settings)
    settings = driver.scene
    assert isinstance(settings, SettingsScene) and drawn_lines(driver).count("Boards by 3BV") == 1, "the button"
    driver.click_button(settings.ranges_button)
    form = driver.scene
    assert isinstance(form, BvRangesScene)
    low, high = form.boxes["expert"]
    driver.click_button(low)
    driver.type_text("150")
    assert "at once" in form._advice("expert", low.value, high.value)
    driver.click_button(form.boxes["beginner"][1])
    driver.type_text("x")
    assert not form.done.enabled and "beginner" in form.errors
    driver.key(pygame.K_BACKSPACE)
    driver.type_text("1")
    assert "Too far from the usual 3BV" in form._advice("beginner", "", "1")
    driver.click_button(form.done)
    assert isinstance(driver.scene, SettingsScene)
    assert driver.app.settings["bbbv_range"] == {"beginner": (None, 1), "expert": (150, None)}
    driver.frames(2)
    said = " ".join(drawn_lines(driver))
    assert "Boards by 3BV: Beginner: at most 1; Expert: 150 or more." in said, "the ranges in effect, said in Settings"
    driver.app.store.close()
    from game.store import Store

    with Store.open() as store:
        assert store.settings()["bbbv_range"] == {"beginner": [None, 1], "expert": [150, None]}


def test_the_custom_form_keeps_the_custom_boards_range_and_a_standard_sizes_for_its_level(driver):
    driver.click_button(driver.scene.custom)
    form = driver.scene
    assert isinstance(form, CustomScene)
    for field, value in zip(("cols", "rows", "mines"), ("20", "12", "40")):
        form.fields[field].value = value
    driver.click_button(form.range_boxes[1])
    driver.type_text("70")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, PlayingScene)
    assert driver.app.settings["bbbv_range"] == {"custom": (None, 70)}
    assert driver.scene.session.bv_range == (None, 70)


def test_the_spinner_over_a_long_deal_says_it_deals_in_the_range(driver):
    """The bug: the spinner over a deal in the 3BV range said "Making a no-guess board" (the only words it knew)."""
    from game import config
    from game.view import text

    driver.app.settings.change("bbbv_range", {"expert": (None, 95)})  # rarer than one board in 10,000
    playing = start_expert(driver)
    driver.click_cell(8, 15)
    driver.frames(round(config.SPINNER_DELAY / config.STEP) + 2)
    assert playing.dealing is not None and playing.spinner_shown, "the deal is still under way"
    playing.invalidate()
    with text.recording() as drawn:
        driver.frames(1)
    said = [line.text for line in drawn]
    assert "Dealing a board in your 3BV range" in said and "Making a no-guess board" not in said
    driver.key(pygame.K_ESCAPE)
    driver.until_board_made()
