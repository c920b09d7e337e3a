"""Records in the real app: games recorded, best times shown, settings kept, the game in progress resumed."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.overlays.confirm import ConfirmOverlay
from game.overlays.gameover import GameOverPanel
from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.scenes.records import RecordsScene
from game.store import Store
from game.view import screens, text
from tests.driver import driven, start_app, stop_app

ROOT = Path(__file__).resolve().parents[2]


SEED = 99  # the boards these tests were written for


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=SEED)


def cells(board):
    return [(r, c) for r in range(board.rows) for c in range(board.cols)]


def win(driver):
    board = driver.scene.board
    driver.click_cell(0, 0)
    driver.frames(90)
    for r, c in cells(board):
        if not board.is_mine(r, c) and not board.is_revealed(r, c):
            driver.click_cell(r, c)
    assert board.state == "won"


def test_a_win_is_recorded_and_announced_as_a_record(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    win(driver)
    over = driver.overlay
    assert isinstance(over, GameOverPanel)
    assert over.record_message == "New record! Best Beginner time"
    driver.screenshot("record")
    stats = driver.app.store.statistics("beginner")
    assert (stats.played, stats.won, stats.current_streak) == (1, 1, 1)
    best = driver.app.store.best_times("beginner")
    assert len(best) == 1 and best[0].time_ms == over.session.elapsed_ms
    # Same board again never counts for best times.
    driver.click_button(driver.panel_button("same board"))
    win(driver)
    assert driver.overlay.record_message == ""
    assert len(driver.app.store.best_times("beginner")) == 1
    assert driver.app.store.statistics("beginner").played == 2


def test_records_scene_shows_statistics_and_resets_after_asking(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    win(driver)
    driver.past_grace()
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.scene.records)
    records = driver.scene
    assert isinstance(records, RecordsScene) and records.category == "beginner"
    assert records.stats.won == 1 and len(records.best) == 1
    driver.screenshot("records")
    driver.click_button(records.reset)
    assert isinstance(driver.overlay, ConfirmOverlay)
    driver.click_button(driver.overlay.no)
    assert driver.scene is records and driver.app.store.statistics("beginner").played == 1
    driver.click_button(records.reset)
    driver.click_button(driver.overlay.yes)
    assert driver.app.store.statistics("beginner").played == 0
    assert isinstance(driver.scene, RecordsScene) and driver.scene.best == []


def test_the_game_in_progress_resumes_after_a_restart(tmp_path, driver):
    driver.click_button(driver.scene.difficulty_buttons["expert"])
    playing = driver.scene
    board = playing.board
    driver.click_cell(8, 15)
    driver.frames(150)  # two and a half seconds
    mine = next(cell for cell in cells(board) if board.is_mine(*cell))
    driver.click_cell(*mine, button=3)
    before = board.to_dict()
    driver.post(pygame.QUIT)
    driver.frames(1)
    driver.app.run(max_frames=driver.app.frames)  # closes the store, as a real quit does

    again = start_app(tmp_path, seed=1)
    menu = again.scene
    assert isinstance(menu, MenuScene) and menu.resume is not None
    assert menu.resume.sublabel == "Expert, 2 s"
    again.screenshot("menu-resume")
    again.click_button(menu.resume)
    resumed = again.scene
    assert isinstance(resumed, PlayingScene)
    assert resumed.board.to_dict() == before and resumed.board.is_flagged(*mine)
    assert 2.5 < resumed.session.elapsed < 2.7
    again.app.store.close()


def test_starting_another_game_asks_before_discarding_the_saved_one(tmp_path, driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    driver.click_cell(4, 4)
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.overlay.yes)  # leave: the game stays saved
    menu = driver.scene
    assert menu.resume is not None
    driver.click_button(menu.difficulty_buttons["expert"])
    assert isinstance(driver.overlay, ConfirmOverlay)
    driver.screenshot("discard-saved")
    driver.click_button(driver.overlay.no)
    assert driver.scene is menu
    driver.click_button(menu.difficulty_buttons["expert"])
    driver.click_button(driver.overlay.yes)
    assert isinstance(driver.scene, PlayingScene) and driver.scene.session.category == "expert"
    driver.app.store.flush()  # the discard is written on the writer's thread, a moment later
    assert driver.app.store.load_resume() is None
    [abandoned] = driver.app.store.recent_games("beginner")
    assert abandoned.outcome == "abandoned", "a game left under way for another counts as a loss"


def test_a_saved_game_that_fails_validation_is_discarded_with_a_notice(tmp_path, private_home):
    with Store.open() as store:
        store.save_resume({"rows": 9, "cols": 9, "mines": 500}, 1000, "beginner")
    d = start_app(tmp_path, SEED)
    menu = d.scene
    d.click_button(menu.resume)
    menu = d.scene
    assert isinstance(menu, MenuScene) and menu.resume is None
    assert any("saved game was discarded" in notice for notice in menu.notices)
    d.screenshot("menu-notice")
    d.app.store.close()


def a_saved_board(finish=None):
    from game.model import Board

    board = Board.from_layout(["*....", ".....", ".....", ".*...", "....."])
    board.reveal(3, 0)
    if finish == "lost":
        board.reveal(0, 0)
    return board.to_dict()


@pytest.mark.parametrize(
    "board,extra,reason",
    [
        (a_saved_board("lost"), {"times": [0, 500]}, "already lost"),
        (a_saved_board(), {"times": 5}, "move times"),
        (a_saved_board(), {"times": ["a"]}, "move times"),
        (a_saved_board(), {"times": [None]}, "move times"),
        (a_saved_board(), {"hinted": "yes"}, "hinted mark"),
    ],
)
def test_a_saved_game_over_or_with_bad_details_is_discarded_not_resumed(tmp_path, private_home, board, extra, reason):
    with Store.open() as store:
        store.save_resume(board, 1000, "custom:5x5x2", extra)
    d = start_app(tmp_path, SEED)
    d.click_button(d.scene.resume)
    menu = d.scene
    assert isinstance(menu, MenuScene) and menu.resume is None, "never a crash, never a dead game resumed"
    assert any("saved game was discarded" in notice and reason in notice for notice in menu.notices)
    d.app.store.close()


def test_a_saved_game_with_its_details_resumes_and_replays(tmp_path, private_home):
    with Store.open() as store:
        store.save_resume(a_saved_board(), 1000, "custom:5x5x2", {"times": [0], "hinted": False})
    d = start_app(tmp_path, SEED)
    d.click_button(d.scene.resume)
    playing = d.scene
    assert isinstance(playing, PlayingScene) and [m.t_ms for m in playing.board.moves] == [0]
    assert playing.session.replay().final_board().to_dict() == playing.board.to_dict()
    d.app.store.close()


def test_a_corrupt_records_file_is_set_aside_and_the_menu_says_so(tmp_path, private_home):
    private_home.mkdir(parents=True)
    (private_home / "minesweeper.db").write_bytes(b"this is not a database" * 100)
    d = start_app(tmp_path, SEED)
    assert any("damaged" in notice for notice in d.scene.notices)
    assert list(private_home.glob("minesweeper.db.corrupt-*"))
    d.click_button(d.scene.difficulty_buttons["beginner"])
    assert isinstance(d.scene, PlayingScene), "the game plays on"
    d.app.store.close()


def test_an_unusable_records_folder_runs_without_records(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("MINESWEEPER_HOME", str(blocker / "records"))
    d = start_app(tmp_path, SEED)
    assert any("without records" in notice for notice in d.scene.notices)
    d.click_button(d.scene.difficulty_buttons["beginner"])
    win(d)
    assert isinstance(d.overlay, GameOverPanel)


def test_settings_are_kept_between_starts(tmp_path, driver):
    driver.click_button(driver.scene.difficulty_buttons["intermediate"])
    driver.key(pygame.K_ESCAPE)
    driver.app.store.close()
    again = start_app(tmp_path, SEED)
    assert again.app.settings["difficulty"] == "intermediate"
    assert again.scene.difficulty_buttons["intermediate"].marked
    again.app.store.close()


KILLED_GAME = """
import sys
sys.path.insert(0, {root!r})
import pygame
from game.shell.app import App
from game.model import Move
from tests.driver import FakeClock
app = App(clock=FakeClock(), seed=5, difficulty="expert")
app.step()
scene = app.scene
scene.apply(Move("reveal", 8, 15))
board = scene.board
moves = 0
for r in range(board.rows):
    for c in range(board.cols):
        if board.state == "playing" and not board.is_revealed(r, c) and not board.is_mine(r, c):
            scene.apply(Move("reveal", r, c))
            for _ in range(6):
                app.step()
            moves += 1
            opened = sum(board.is_revealed(rr, cc) for rr in range(board.rows) for cc in range(board.cols))
            app.store.flush()  # the save is written a moment after the move: a player's pause is longer
            print("MOVE", moves, opened, flush=True)
            if moves == 25:
                import threading
                threading.Event().wait()  # until killed
"""


def test_killed_mid_game_the_next_start_resumes_at_the_last_move(tmp_path, private_home):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", MINESWEEPER_HOME=str(private_home))
    proc = subprocess.Popen(
        [sys.executable, "-c", KILLED_GAME.format(root=str(ROOT))], env=env, stdout=subprocess.PIPE, text=True
    )
    last = None
    for line in proc.stdout:
        last = line.split()
        if last[1] == "25":
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    revealed = int(last[2])
    d = start_app(tmp_path, SEED)
    assert d.scene.resume is not None
    d.click_button(d.scene.resume)
    board = d.scene.board
    assert board.state == "playing"
    assert sum(board.is_revealed(r, c) for r, c in cells(board)) == revealed
    d.app.store.close()


def records_with_marked_games(tmp_path, desktop=(800, 600)):
    """Records on a desktop, recent games shown, of four beginner games: a loss, a win, an assisted win and a
    win on a board seen before (all NF: the longest marks a row has)."""
    from tests.played import played, record_of

    driver = start_app(tmp_path, seed=SEED, desktop=desktop)
    for seed, marks in ((1, {"same_board": True}), (2, {"assisted": True}), (3, {}), (4, None)):
        board, video, ms = played(9, 9, 10, seed, lose=marks is None)
        driver.app.store.record_game(record_of(board, video, ms, **(marks or {})))
    driver.app.show(screens.Records())
    driver.frames(2)
    records = driver.scene
    driver.click_button(records.recent_tab)
    return driver, records


def drawn_texts(driver):
    with text.recording() as log:
        driver.app.scene.draw_all(driver.app.screen)
    return [item.text for item in log]


@pytest.mark.parametrize("desktop", [(800, 600), (1920, 1080)])  # small letters; larger, in taller rows
def test_records_rows_show_their_marks_whole_where_there_is_room(tmp_path, desktop):
    driver, records = records_with_marked_games(tmp_path, desktop)
    try:
        shown = drawn_texts(driver)
        assert "won, NF, board seen before" in shown, f"the room the row has is used: {shown}"
        assert not any(line.endswith(text.ELLIPSIS) for line in shown), "nothing is cut short"
        driver.screenshot("records-marks-whole")
    finally:
        stop_app(driver)


def test_records_marks_cut_short_show_whole_in_a_tip(tmp_path):
    driver, records = records_with_marked_games(tmp_path)
    try:
        records.list_box.w = records.list_box.w * 3 // 5  # a list with less room than its longest marks
        records._load()
        shown = drawn_texts(driver)
        assert any(line.startswith("won") and line.endswith(text.ELLIPSIS) for line in shown), shown
        marks_at = next(rect for words, rect in records.cut if words == "won, NF, board seen before")
        pointer = marks_at.center
        pygame.mouse.set_pos(pointer)
        driver.post(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0), buttons=(0, 0, 0))
        driver.frames(1)
        assert "won, NF, board seen before" in drawn_texts(driver), "the tip says them whole"
        driver.screenshot("records-marks-tip")
    finally:
        stop_app(driver)
