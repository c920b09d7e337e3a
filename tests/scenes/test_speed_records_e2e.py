"""The records speed-runners keep, met by a player in the real app (headless, posted events): a new best 3BV/s
announced on the game-over panel and listed in Records, assisted wins never a best and marked, NF wins marked,
every record opening its video, Replay's live figures ending on the panel's, each figure explained on hover,
and the player's name set in Settings and found in an exported EVF by ms-toollib."""

import pygame
import pytest

from game.overlays.gameover import GameOverPanel
from game.scenes.records import RecordsScene
from game.scenes.replay import ReplayScene
from game.scenes.settings import SettingsScene
from game.settings import MAX_PLAYER_CHARS
from game.store import speed
from game.view import records_list, text
from game.view.formats import FIGURES, video_lines
from tests.driver import driven, start_app

SEED = 99  # the boards these tests were written for


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=SEED)


def win(driver, pause_frames=0, flag=False, hint=False):
    """Win the board on show, clicking every safe cell (`pause_frames` after the first click: a slow game;
    `flag`: one mine flagged first; `hint`: a hint asked, so the game is assisted)."""
    board = driver.scene.board
    driver.click_cell(board.rows // 2, board.cols // 2)
    driver.frames(pause_frames)
    if hint:
        driver.key(pygame.K_h)
        driver.until_hint()
    if flag:
        mine = next((r, c) for r in range(board.rows) for c in range(board.cols) if board.is_mine(r, c))
        driver.click_cell(*mine, button=3)
    for r in range(board.rows):
        for c in range(board.cols):
            if not board.is_mine(r, c) and not board.is_revealed(r, c):
                driver.click_cell(r, c)
    assert board.state == "won"
    panel = driver.overlay
    assert isinstance(panel, GameOverPanel)
    driver.frames(2)  # the records' answer (the writer is waited for each frame)
    return panel


def play_again(driver):
    driver.click_button(driver.panel_button("again"))


def open_records(driver, tab):
    driver.click_button(driver.panel_button("menu"))
    driver.click_button(driver.scene.records)
    records = driver.scene
    assert isinstance(records, RecordsScene)
    driver.click_button(records.tabs[tab])
    return records


def drawn(driver):
    """Every text the window shows now."""
    with text.recording() as log:
        driver.app.scene.draw_all(driver.app.screen)
        for overlay in driver.app.overlays:
            overlay.draw(driver.app.screen)
    return [item.text for item in log]


def hover(driver, pos):
    driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(1)


def explained(shown, figure):
    """Whether the figure's explanation is among the texts shown (wrapped into lines)."""
    words = FIGURES[figure]
    return sum(len(line) for line in shown if len(line) > 8 and line.rstrip(".") in words) > len(words) // 2


def test_a_new_best_3bv_s_is_announced_on_the_panel_and_listed_first_in_records(driver):
    driver.click_button(driver.scene.difficulty_buttons["expert"])
    first = win(driver, pause_frames=3000)  # a slow game: fifty seconds
    first_id = first.session.result.value.game_id
    assert first.beaten == "", "the board's first game beats no best: it sets them"
    play_again(driver)
    panel = win(driver)
    result = panel.session.result.value
    beaten = {b.figure: b for b in result.beaten}
    assert "3BV/s" in beaten and beaten["3BV/s"].value > beaten["3BV/s"].was
    job = panel.session.figures_job
    assert job.wait(30)
    driver.frames(2)
    assert beaten["3BV/s"].value == pytest.approx(panel.session.figures.bbbv_s), "the panel's own 3BV/s"
    assert panel.beaten.startswith("Personal best") and "3BV/s" in panel.beaten and "(was " in panel.beaten
    assert any("Personal best" in line for line in drawn(driver)), "shown on the panel"
    driver.screenshot("panel-personal-best")
    records = open_records(driver, "3BV/s")
    assert [records.game_of[row].game_id for row in records.rows] == [result.game_id, first_id]
    best = records.game_of[records.rows[0]]
    assert best.three_bv_per_s == pytest.approx(panel.session.figures.bbbv_s) and best.kept.source == speed.FROM_VIDEO
    driver.screenshot("records-3bv-s")


def test_an_assisted_win_is_recorded_marked_and_never_a_best(driver):
    driver.click_button(driver.scene.difficulty_buttons["intermediate"])
    timed_id = win(driver, pause_frames=3000).session.result.value.game_id
    play_again(driver)
    panel = win(driver, hint=True)  # much faster, but assisted
    assert panel.beaten == "" and panel.record_message == ""
    assert any("assisted" in line for line in drawn(driver)), "the panel says so"
    records = open_records(driver, "3BV/s")
    for tab in ("Time", "3BV/s", "IOE", "STNB"):
        driver.click_button(records.tabs[tab])
        assert [records.game_of[row].game_id for row in records.rows] == [timed_id], f"{tab}: the assisted is no best"
    driver.click_button(records.recent_tab)
    assisted, timed = (records.game_of[row] for row in records.rows)
    assert "assisted" in records_list.marks(assisted) and "assisted" not in records_list.marks(timed)
    assert any(line.endswith("assisted") for line in drawn(driver))
    driver.screenshot("records-recent-assisted")


def test_an_nf_win_is_marked_and_a_flagged_one_is_not(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    win(driver)
    play_again(driver)
    win(driver, flag=True)
    records = open_records(driver, "Time")
    driver.click_button(records.recent_tab)
    flagged, nf = (records.game_of[row] for row in records.rows)
    assert nf.nf is True and flagged.nf is False
    shown = drawn(driver)
    shown.remove(records.nf_toggle.label)  # the NF toggle beside the tabs: the one mark left is the game's
    assert sum("NF" in line.split(", ") for line in shown) == 1


def test_clicking_a_record_opens_its_video_in_replay(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    panel = win(driver)
    video = panel.session.current_video()
    for tab in ("Time", "3BV/s", "IOE", "Recent"):
        records = open_records(driver, tab) if not isinstance(driver.scene, RecordsScene) else driver.scene
        driver.click_button(records.tabs[tab])
        driver.click_button(records.rows[0], frames=3)
        replay = driver.scene
        assert isinstance(replay, ReplayScene), tab
        assert replay.video is not None and replay.playback is not None
        assert list(replay.video.kinds) == list(video.kinds) and list(replay.video.times) == list(video.times)
        driver.key(pygame.K_ESCAPE)
        assert driver.scene is records


def test_replays_live_figures_at_the_end_equal_the_panels(driver):
    driver.click_button(driver.scene.difficulty_buttons["intermediate"])
    panel = win(driver, flag=True)
    assert panel.session.figures_job.wait(30)
    driver.frames(2)
    panel_lines = dict(panel.lines())
    driver.click_button(driver.panel_button("replay"))
    replay = driver.scene
    assert isinstance(replay, ReplayScene) and replay.live is not None
    assert replay.live.job.wait(30)
    driver.key(pygame.K_SPACE)  # pause
    driver.key(pygame.K_HOME)
    start = replay.live_lines()
    assert start["Time"] == "0.000 s" and start["Clicks"].startswith("L 0 (0)"), (
        "Home is before the first move: on the board, the status line and the figures alike"
    )
    assert replay.done == 0 and " 0 clicks" in replay._status()
    driver.key(pygame.K_SPACE)  # play
    driver.frames(120)
    middle = replay.live_lines()
    assert middle["3BV"] != panel_lines["3BV"] and middle["Time"] != panel_lines["Time"], "under way"
    driver.screenshot("replay-live-figures")
    driver.key(pygame.K_END)
    driver.frames(2)
    end = replay.live_lines()
    assert set(end) == {name for name, _ in video_lines(panel.session.figures)} | {"Time"}
    for name, value in end.items():
        assert value == panel_lines[name], name
    assert any(panel_lines["Clicks"] == line for line in drawn(driver)), "on the screen, as on the panel"


def test_each_figure_is_explained_on_hover_in_records_and_replay(driver):
    driver.click_button(driver.scene.difficulty_buttons["expert"])
    win(driver)
    records = open_records(driver, "STNB")
    for figure, rect in records_list.heading_names(records.names_line).items():
        hover(driver, rect.center)
        assert explained(drawn(driver), figure), figure
    hover(driver, records.tabs["IOE"].rect.center)
    assert explained(drawn(driver), "IOE")
    driver.screenshot("records-tip")
    driver.click_button(records.rows[0], frames=3)
    replay = driver.scene
    assert replay.live.job.wait(30)
    driver.frames(2)
    for figure in ("3BV/s", "RQP", "Path"):
        hover(driver, replay.live.names[figure].center)
        assert explained(drawn(driver), figure), figure
    driver.screenshot("replay-tip")


def test_the_player_name_typed_in_settings_is_kept_and_written_into_an_exported_evf(driver, tmp_path):
    pytest.importorskip("ms_toollib")
    from tests.video.test_figures_against_ms_toollib import read_one

    driver.click_button(driver.scene.settings)
    settings = driver.scene
    assert isinstance(settings, SettingsScene)
    driver.click(settings.name_field.rect.center)
    driver.type_text("Zoë Ångström")
    assert driver.app.settings["player"] == "Zoë Ångström"
    driver.key(pygame.K_a, mod=pygame.KMOD_CTRL)  # select all: typing replaces it
    driver.type_text("x" * (MAX_PLAYER_CHARS + 10))
    assert driver.app.settings["player"] == "x" * MAX_PLAYER_CHARS, "bounded"
    driver.key(pygame.K_HOME)
    for _ in range(MAX_PLAYER_CHARS):
        driver.key(pygame.K_DELETE, frames=0)
    driver.type_text("Zoë\t Ångström\x00 ")  # a tab and a NUL are not a name's: EVF ends its strings at a NUL
    assert settings.name_field.value == "Zoë Ångström " and driver.app.settings["player"] == "Zoë Ångström"
    driver.key(pygame.K_BACKSPACE)
    driver.type_text(" (Åsa)")
    driver.screenshot("settings-name")
    driver.key(pygame.K_ESCAPE)
    name = "Zoë Ångström (Åsa)"
    assert driver.app.settings["player"] == name
    driver.app.store.close()
    again = start_app(tmp_path, seed=5)  # kept for the next start
    assert again.app.settings["player"] == name
    again.click_button(again.scene.settings)
    assert again.scene.name_field.value == name
    again.key(pygame.K_ESCAPE)
    again.click_button(again.scene.difficulty_buttons["beginner"])
    win(again)
    again.click_button(again.panel_button("replay"))
    again.key(pygame.K_e)
    evf = again.scene.exported.with_suffix(".evf")
    assert evf.exists()
    assert read_one(evf.read_bytes())["player"] == name
    again.app.store.close()


def test_games_recorded_before_show_their_figures_once_worked_out_in_the_background(tmp_path, private_home):
    from tests.populated import version_6_records

    version_6_records(private_home)  # two Expert wins: one with its video, one kept without its moves
    driver = start_app(tmp_path, SEED)  # the figures are worked out by the writer, which each frame waits for here
    driver.click_button(driver.scene.records)
    records = driver.scene
    while records.category != "expert":
        driver.click_button(records.next)
    driver.click_button(records.tabs["3BV/s"])
    sources = [records.game_of[row].kept.source for row in records.rows]
    assert sorted(sources) == sorted([speed.FROM_VIDEO, speed.FROM_ROW]), "one from its video, one from its row"
    driver.click_button(records.rows[sources.index(speed.FROM_VIDEO)], frames=3)
    assert isinstance(driver.scene, ReplayScene) and driver.scene.video is not None, "its video plays"
    driver.app.store.close()


PERSIAN = "مهر\u200cناز"  # Mehrnaz: its zero-width non-joiner keeps the ه from joining the ن
FAMILY = "👨\u200d👩\u200d👧\u200d👦"  # one emoji: four people and the three joiners that make them a family


def test_a_name_typed_as_one_input_is_kept_as_typed_joiners_and_all(driver):
    driver.click_button(driver.scene.settings)
    settings = driver.scene
    driver.click(settings.name_field.rect.center)
    for typed in (PERSIAN, " ", FAMILY):  # an input method sends a word, an emoji picker the whole emoji, at once
        driver.post(pygame.TEXTINPUT, text=typed)
    driver.frames(2)
    assert settings.name_field.value == f"{PERSIAN} {FAMILY}"
    assert driver.app.settings["player"] == f"{PERSIAN} {FAMILY}"
    driver.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.post(pygame.TEXTINPUT, text="Zo\u202eë\x1b[2J")  # a bidi override and a terminal's escape: only they go
    driver.frames(2)
    assert driver.app.settings["player"] == "Zoë[2J"
