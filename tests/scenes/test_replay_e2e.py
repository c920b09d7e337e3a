"""End-to-end: a game's replay from the game-over panel and from Records, the loss verdict, the board code,
export and import of replay files; the real app driven headless by real events."""

import json
import re
import threading

import pygame
import pytest

from game.model.replay.replay import Replay
from game.model.rules.boardcode import decode_board_code
from game.overlays.gameover import GameOverPanel
from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.scenes.records import RecordsScene, figures
from game.scenes.replay import ReplayScene
from game.shell.app import App
from game.store import data_folder
from tests.driver import Driver, FakeClock, driven

DESKTOP = (1366, 768)


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=4321, desktop=DESKTOP)


def cells(board):
    return [(r, c) for r in range(board.rows) for c in range(board.cols)]


def wait_for_analysis(driver, panel, frames=600):
    """The game's analysis, once it is in and a frame has taken it in. (It is in as soon as its worker thread ends,
    between frames; the board marks the verdict's cell in the next frame's update.)"""
    for _ in range(frames):
        if panel.session.verdict is not None:
            driver.frames(1)
            return panel.session.verdict
        panel.session.verdict_job.wait(0.05)
        driver.frames(1)
    raise AssertionError("the analysis never came")


def play_and_lose(driver):
    """Beginner: open the middle, flag one mine, then click a mine, with frames (time) between moves."""
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    board = playing.board
    driver.click_cell(4, 4)
    driver.frames(30)
    mines = [c for c in cells(board) if board.is_mine(*c)]
    driver.click_cell(*mines[0], button=3)
    driver.frames(45)
    driver.click_cell(*mines[1])
    assert board.state == "lost" and isinstance(driver.overlay, GameOverPanel)
    return playing


def test_a_lost_game_shows_its_figures_a_verdict_and_a_replay_that_ends_on_the_same_board(driver):
    playing = play_and_lose(driver)
    over = driver.overlay
    board = playing.board
    # stamped in whole ms of the (fake) clock: 32 and 79 frames of 1/60 s after the first, within a rounding
    times = [m.t_ms for m in playing.board.moves]
    assert times[0] == 0 and abs(times[1] - 32000 / 60) < 1 and abs(times[2] - 79000 / 60) < 1
    was_in = over.verdict is not None  # it may come in at any time: its worker thread ends between two looks
    lines = dict(over.lines())
    is_in = over.verdict is not None
    assert "IOE" in lines and lines["Code"].startswith("MS1-")
    if not is_in:
        assert lines["Guesses"] == "counting...", "while the analysis runs"
    if was_in:
        assert lines["Guesses"] != "counting...", "once it is in"
    analysis = wait_for_analysis(driver, over)
    lines = dict(over.lines())
    assert lines["Last click"] in ("a forced guess", "avoidable")
    assert re.search(r"^1 of 1 click, (1 avoidable|forced)$", lines["Guesses"])
    assert analysis.loss.cell == board.exploded
    assert over._verdict_words().startswith(("A forced guess", "Avoidable"))
    assert over.bar.bottom <= over.window_size[1] and over.bar.top >= 0
    assert playing.assist.hint is not None and playing.assist.hint.cell == analysis.loss.alternative
    driver.frames(2)
    driver.screenshot("lost-panel")

    code = decode_board_code(lines["Code"])
    assert (code.rows, code.cols, code.mines, code.seed) == (9, 9, 10, board.seed)
    again = code.board()
    again.reveal(*code.first_cell)
    assert again.mine_cells() == board.mine_cells()
    driver.click_button(driver.panel_button("copy"))
    assert pygame.scrap.get_text() == lines["Code"] and over.copy.label == "Copied"

    driver.click_button(driver.panel_button("replay"))
    replay_scene = driver.scene
    assert isinstance(replay_scene, ReplayScene) and replay_scene.playing
    driver.frames(20)
    assert replay_scene.done == 1 and replay_scene.board.is_revealed(4, 4)
    driver.screenshot("replay-early")
    driver.frames(120)  # 1x: 2 s in, every move (the last at 1.25 s) has been played
    assert replay_scene.done == 3 and not replay_scene.playing
    assert replay_scene.board.seen_codes() == board.seen_codes() and replay_scene.board.exploded == board.exploded
    assert replay_scene.buttons["play"].label == "Again"
    driver.screenshot("replay-end")

    driver.key(pygame.K_LEFT)
    assert replay_scene.done == 2 and replay_scene.board.state == "playing"
    assert replay_scene.board.is_flagged(*replay_scene.moves[1][1:3])
    driver.key(pygame.K_HOME)
    assert replay_scene.done == 0 and replay_scene.t_ms == 0
    driver.click_button(replay_scene.buttons["speed"])
    driver.click_button(replay_scene.buttons["speed"])
    assert replay_scene.speed == 4.0

    # the seek bar: a click at its middle goes to the middle of the game
    bar = replay_scene.seek_rect
    driver.click((bar.centerx, bar.centery))
    assert abs(replay_scene.t_ms - replay_scene.replay.elapsed_ms / 2) < replay_scene.replay.elapsed_ms * 0.05
    assert replay_scene.done == replay_scene.replay.moves_until(replay_scene.t_ms)

    driver.key(pygame.K_ESCAPE)
    assert driver.scene is playing and driver.overlay is over
    driver.click_button(driver.panel_button("menu"))
    assert isinstance(driver.scene, MenuScene)


def test_the_game_is_recorded_with_its_replay_and_records_opens_it(driver):
    playing = play_and_lose(driver)
    board = playing.board
    store = driver.app.store
    [game] = store.recent_games("beginner")
    assert game.has_replay and not game.won and game.clicks == 3 and game.solved_three_bv is not None
    replay = Replay.from_json(store.replay(game.game_id))
    assert replay.final_board().seen_codes() == board.seen_codes()
    assert [m.t_ms for m in replay.moves] == [m.t_ms for m in board.moves]  # the times as played

    driver.past_grace()
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.scene.records)
    records = driver.scene
    assert isinstance(records, RecordsScene)
    driver.click_button(records.recent_tab)
    [row] = records.rows
    driver.post(pygame.MOUSEMOTION, pos=row.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(2)
    assert row.hovered
    solved = game.solved_three_bv
    # the losing click is not useful: a lost game never reads 100% correct
    assert figures(records.game_of[row]) == f"3BV {solved} of {game.three_bv}, 3 clicks, 2 useful (67% correct)"
    driver.screenshot("records-recent")
    driver.click_button(row)
    replay_scene = driver.scene
    assert isinstance(replay_scene, ReplayScene)
    driver.key(pygame.K_END)
    assert replay_scene.board.seen_codes() == board.seen_codes()
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is records


def test_export_writes_a_replay_file_and_dropping_it_on_the_window_plays_it(driver, private_home):
    play_and_lose(driver)
    driver.click_button(driver.panel_button("replay"))
    driver.key(pygame.K_e)
    path = driver.scene.exported
    assert path.parent == data_folder() / "replays" and path.exists()
    assert "Saved" in driver.scene.message
    data = json.loads(path.read_text())
    assert data["format"] == "minesweeper-replay" and len(data["moves"]) == 3
    for _ in range(3):  # back to the game's whole panel, then its bar, then the menu: one step each
        driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene)

    driver.post(pygame.DROPFILE, file=str(path))
    driver.frames(2)
    assert isinstance(driver.scene, ReplayScene)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene)
    driver.app.store.close()

    # without drag and drop: main.py --replay FILE opens it at start, over the menu
    app = App(clock=FakeClock(), seed=1, desktop_size=(1366, 768), replay=str(path))
    Driver(app).frames(2)  # the file is read off the frame, then shown
    assert isinstance(app.scene, ReplayScene) and len(app.scene.moves) == 3
    app.store.close()


@pytest.mark.parametrize(
    "content, words",
    [
        ("{not json", "not a replay"),
        ('{"format": "minesweeper-replay", "version": 1}', ""),
        ("", ""),
    ],
)
def test_a_bad_replay_file_gets_a_notice_and_nothing_breaks(driver, tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_text(content)
    driver.post(pygame.DROPFILE, file=str(path))
    driver.frames(2)
    menu = driver.scene
    assert isinstance(menu, MenuScene)
    assert menu.notices and menu.notices[-1].startswith("Could not open bad.json")
    driver.screenshot("bad-replay")


def test_a_truncated_or_tampered_file_and_a_missing_one_are_refused(driver, tmp_path):
    good = play_to_text(driver)
    for name, content in [("cut.json", good[: len(good) // 2]), ("moved.json", good.replace('"rows":9', '"rows":900'))]:
        path = tmp_path / name
        path.write_text(content)
        driver.post(pygame.DROPFILE, file=str(path))
        driver.frames(2)
        assert isinstance(driver.scene, MenuScene) and name in driver.scene.notices[-1]
    driver.post(pygame.DROPFILE, file=str(tmp_path / "nowhere.json"))
    driver.frames(2)
    assert "nowhere.json" in driver.scene.notices[-1]


def play_to_text(driver):
    playing = play_and_lose(driver)
    text = playing.session.replay().to_json()
    driver.click_button(driver.panel_button("menu"))
    return text


def test_a_won_game_replays_to_the_won_board(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    board = playing.board
    driver.click_cell(4, 4)
    for cell in cells(board):
        if not board.is_mine(*cell) and not board.is_revealed(*cell):
            driver.frames(3)
            driver.click_cell(*cell)
    assert board.state == "won"
    over = driver.overlay
    analysis = wait_for_analysis(driver, over)
    assert analysis.loss is None and "Last click" not in dict(over.lines())
    driver.click_button(driver.panel_button("replay"))
    driver.key(pygame.K_END)
    assert driver.scene.board.state == "won" and driver.scene.board.seen_codes() == board.seen_codes()


def test_the_verdict_goes_on_during_the_replay_and_stops_when_the_game_is_left(driver, monkeypatch):
    import threading

    from game.model.replay import verdict as verdict_module

    release = threading.Event()
    real = verdict_module.judge_game

    def slow_judge(replay, budget=verdict_module.REVIEW_BUDGET, cancelled=None):
        release.wait(10)
        return real(replay, budget, cancelled=cancelled)

    monkeypatch.setattr(verdict_module, "judge_game", slow_judge)
    playing = play_and_lose(driver)
    over = driver.overlay
    driver.click_button(driver.panel_button("replay"))
    driver.key(pygame.K_ESCAPE)
    assert driver.overlay is over and not playing.session.verdict_job.cancelled.is_set()
    release.set()
    analysis = wait_for_analysis(driver, over)
    assert analysis.loss is not None

    release.clear()
    driver.click_button(driver.panel_button("again"))
    assert driver.scene is not playing
    playing_again = driver.scene
    assert isinstance(playing_again, PlayingScene)
    driver.click_cell(4, 4)
    mine = next(c for c in cells(playing_again.board) if playing_again.board.is_mine(*c))
    driver.click_cell(*mine)
    job = driver.scene.session.verdict_job
    driver.click_button(driver.panel_button("menu"))
    assert job.cancelled.is_set(), "leaving a game over stops its analysis"
    release.set()


def test_the_replay_keys_change_speed_within_its_limits(driver):
    play_and_lose(driver)
    driver.click_button(driver.panel_button("replay"))
    replay_scene = driver.scene
    for key, speed in [
        (pygame.K_MINUS, 0.5),
        (pygame.K_MINUS, 0.25),
        (pygame.K_MINUS, 0.1),
        (pygame.K_MINUS, 0.1),
        (pygame.K_EQUALS, 0.25),
        (pygame.K_PLUS, 0.5),
        (pygame.K_KP_PLUS, 1.0),
        (pygame.K_PLUS, 2.0),
        (pygame.K_PLUS, 4.0),
        (pygame.K_PLUS, 10.0),
        (pygame.K_PLUS, 10.0),
    ]:
        driver.key(key)
        assert replay_scene.speed == speed
    assert replay_scene.buttons["speed"].label == "10x"
    driver.key(pygame.K_SPACE)
    assert not replay_scene.playing
    driver.key(pygame.K_END)
    assert replay_scene.done == len(replay_scene.moves) and replay_scene.buttons["play"].label == "Again"
    driver.key(pygame.K_SPACE)
    assert replay_scene.playing and replay_scene.done <= 1, "Again plays from the start"


def test_export_is_written_off_the_frame_and_said_when_it_is(driver, monkeypatch):
    import game.scenes.replay as replay_module

    play_and_lose(driver)
    driver.click_button(driver.panel_button("replay"))
    replay_scene = driver.scene
    writers, release, real = [], threading.Event(), replay_module.export_replay

    def slow(*args, **kwargs):
        writers.append(threading.current_thread())
        assert release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(replay_module, "export_replay", slow)
    driver.patient = False
    thread = threading.Thread(target=lambda: driver.key(pygame.K_e, frames=5), daemon=True)
    thread.start()
    thread.join(10)
    frames_went_on = not thread.is_alive()
    release.set()
    thread.join(30)
    assert frames_went_on, "before: the export was written on the frame, which waited for the disk"
    assert writers and writers[0] is not threading.main_thread()
    assert replay_scene.exporting is not None and replay_scene.exporting.wait(30)
    driver.patient = True
    driver.frames(2)
    assert "Saved" in replay_scene.message and replay_scene.exported.exists()


def test_export_to_a_folder_that_cannot_be_made_says_so_and_the_replay_goes_on(driver, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the records folder should be")
    monkeypatch.setenv("MINESWEEPER_HOME", str(blocker))
    play_and_lose(driver)
    driver.click_button(driver.panel_button("replay"))
    replay_scene = driver.scene
    driver.click_button(replay_scene.buttons["export"])
    assert replay_scene.message.startswith("Could not save the replay")
    driver.frames(5)
    assert driver.scene is replay_scene


def test_a_replay_watched_from_records_is_read_off_the_frame(driver, monkeypatch):
    play_and_lose(driver)
    driver.past_grace()
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.scene.records)
    records = driver.scene
    driver.click_button(records.recent_tab)
    readers, release, real = [], threading.Event(), Replay.from_json.__func__

    def slow(cls, text, max_side=None):
        readers.append(threading.current_thread())
        if threading.current_thread() is not threading.main_thread():
            assert release.wait(30)
        return real(cls, text, max_side)

    monkeypatch.setattr(Replay, "from_json", classmethod(slow))
    patient, driver.patient = driver.patient, False  # the frames must go on while it is read
    driver.click_button(records.rows[0], frames=5)
    assert readers and threading.main_thread() not in readers, "the replay is played through off the frame"
    assert driver.scene is records
    release.set()
    driver.patient = patient
    driver.frames(2)
    assert isinstance(driver.scene, ReplayScene)


def test_replays_status_line_says_the_time_speed_and_clicks_the_figures_beside_it_say(driver):
    """Issue 43: the status read "4.4 s (3.17/s)" where the figures beside the board read 4.500 s and 3.111: the
    status worked them out from the moves and the seek time, to the tenth; now both read the video's figures."""
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    driver.click_cell(4, 4, frames=37)
    board = playing.board
    for cell in cells(board):
        if board.state == "playing" and not board.is_mine(*cell) and not board.is_revealed(*cell):
            driver.click_cell(*cell, frames=23)
    assert board.state == "won"
    driver.click_button(driver.panel_button("replay"))
    watching = driver.scene
    assert isinstance(watching, ReplayScene)
    for key in (pygame.K_END, pygame.K_HOME, pygame.K_RIGHT, pygame.K_END):
        driver.key(key, frames=3)
        while watching.live_lines() is None:
            driver.frames(1)
        lines, status = watching.live_lines(), watching._status()
        assert status.startswith(lines["Time"] + " · "), (status, lines["Time"])
        clicks = sum(int(n) for n in re.findall(r"[LRD] (\d+)", lines["Clicks"]))
        assert status.endswith(f" · {clicks} click{'s' * (clicks != 1)}"), (status, lines["Clicks"])
        if lines["3BV/s"] != "-":
            assert f"({lines['3BV/s']}/s)" in status, (status, lines["3BV/s"])
