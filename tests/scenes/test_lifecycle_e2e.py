"""A game's life in the real app: every way out of a game under way, what is recorded and what is offered
again, the first click on every path, the clock of a resumed game, and the safe answer in dialogs.

Each test here was a bug a player could hit; they drive the app only through events and read only what the
player sees (the menu, the board) and the records file."""

import sqlite3
import threading

import pygame
import pytest

from game.model.rules.boardcode import BoardCode, encode_board_code
from game.play import resumed as resumed_module
from game.play import session as session_module
from game.scenes.code_entry import CodeEntryScene
from game.scenes.custom import CustomScene
from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.scenes.records import RecordsScene
from game.store import Store
from game.view import text
from tests.driver import driven, start_app

SEED = 42  # the boards these tests were written for


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=SEED)


def top(driver):
    """What takes the player's input: a dialog or panel on top, else the scene."""
    overlays = getattr(driver.app, "overlays", None)
    return overlays[-1] if overlays else driver.app.scene


def elapsed(playing):
    return playing.session.elapsed if hasattr(playing, "session") else playing.elapsed


def cells(board):
    return [(r, c) for r in range(board.rows) for c in range(board.cols)]


def beginner_under_way(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    playing = driver.scene
    assert isinstance(playing, PlayingScene)
    driver.click_cell(4, 4)
    mine = next(cell for cell in cells(playing.board) if playing.board.is_mine(*cell))
    driver.click_cell(*mine, button=3)
    assert playing.board.state == "playing"
    return playing


def to_menu_keeping_the_game(driver):
    driver.key(pygame.K_ESCAPE)
    driver.click_button(top(driver).yes)
    assert isinstance(driver.scene, MenuScene) and driver.scene.resume is not None


def fill_custom_form(driver, rows, cols, mines):
    form = driver.scene
    assert isinstance(form, CustomScene)
    for field, value in zip(("rows", "cols", "mines"), (rows, cols, mines)):
        driver.click_button(form.fields[field])
        for _ in range(len(form.fields[field].value)):
            driver.key(pygame.K_BACKSPACE, frames=0)
        driver.type_text(str(value))
    return form


def leave_by_the_face(driver):
    face = driver.scene.layout.face.center
    driver.click(face)


def leave_by_f2(driver):
    driver.key(pygame.K_F2)


def leave_by_n(driver):
    driver.key(pygame.K_n)


def leave_for_a_preset_from_the_menu(driver):
    to_menu_keeping_the_game(driver)
    driver.click_button(driver.scene.difficulty_buttons["expert"])
    driver.click_button(top(driver).yes)  # Discard


def leave_for_custom_from_the_menu(driver):
    to_menu_keeping_the_game(driver)
    driver.click_button(driver.scene.custom)
    fill_custom_form(driver, 10, 12, 15)
    driver.key(pygame.K_RETURN)
    driver.click_button(top(driver).yes)  # Discard


@pytest.mark.parametrize(
    "leave",
    [leave_by_the_face, leave_by_f2, leave_by_n, leave_for_a_preset_from_the_menu, leave_for_custom_from_the_menu],
)
def test_a_game_left_under_way_for_another_counts_as_abandoned_and_never_comes_back(driver, leave):
    beginner_under_way(driver)
    leave(driver)
    assert isinstance(driver.scene, PlayingScene) and driver.scene.board.state == "ready", "a new game"
    driver.key(pygame.K_ESCAPE)
    menu = driver.scene
    assert isinstance(menu, MenuScene) and menu.resume is None, "the abandoned game is not offered again"
    stats = driver.app.store.statistics("beginner")
    assert (stats.played, stats.won) == (1, 0), "it counts as a loss"
    [game] = driver.app.store.recent_games("beginner")
    assert game.outcome == "abandoned"


def test_esc_or_closing_the_window_keeps_the_game_and_records_nothing(tmp_path, driver):
    beginner_under_way(driver)
    to_menu_keeping_the_game(driver)
    driver.click_button(driver.scene.resume)
    driver.post(pygame.QUIT)
    driver.frames(1)
    driver.app.run(max_frames=driver.app.frames)
    again = start_app(tmp_path, SEED)
    assert again.scene.resume is not None
    assert again.app.store.statistics("beginner").played == 0
    again.app.store.close()


def quit_app(driver):
    driver.post(pygame.QUIT)
    driver.frames(1)
    driver.app.run(max_frames=driver.app.frames)


@pytest.mark.parametrize("answer", ["discard", "keep"])
def test_starting_from_the_command_line_with_a_game_saved_asks_as_the_menu_does(tmp_path, driver, answer):
    """main.py --difficulty expert with a game saved: the question the menu asks, not the saved game replaced at
    the first click with no record."""
    from game.overlays.confirm import ConfirmOverlay
    from game.shell.app import App
    from tests.driver import Driver, FakeClock

    beginner_under_way(driver)
    to_menu_keeping_the_game(driver)
    quit_app(driver)
    app = App(clock=FakeClock(), seed=5, desktop_size=(1366, 768), difficulty="expert")
    pygame.event.clear()
    again = Driver(app)
    again.frames(2)
    try:
        question = top(again)
        assert isinstance(question, ConfirmOverlay), f"before: {type(question).__name__}, no question"
        assert "Discard the saved game?" in question.question
        if answer == "keep":
            again.click_button(question.no)
            assert isinstance(again.scene, MenuScene) and again.scene.resume is not None
            assert again.app.store.statistics("beginner").played == 0
            return
        again.click_button(question.yes)
        again.frames(2)
        playing = again.scene
        assert isinstance(playing, PlayingScene) and (playing.board.rows, playing.board.cols) == (16, 30)
        [game] = again.app.store.recent_games("beginner")
        assert game.outcome == "abandoned", "the saved game counts as abandoned, as from the menu"
    finally:
        again.app.store.close()


def test_the_custom_size_is_kept_after_a_restart(tmp_path, driver):
    driver.click_button(driver.scene.custom)
    fill_custom_form(driver, 12, 20, 30)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, PlayingScene)
    driver.key(pygame.K_ESCAPE)
    driver.post(pygame.QUIT)
    driver.frames(1)
    driver.app.run(max_frames=driver.app.frames)
    again = start_app(tmp_path, SEED)
    menu = again.scene
    assert menu.custom.sublabel == "last: 20 x 12, 30 mines"
    assert menu.custom.marked, "Custom was the last game"
    again.click_button(menu.custom)
    assert [again.scene.fields[f].value for f in ("rows", "cols", "mines")] == ["12", "20", "30"]
    again.app.store.close()


def test_same_board_opens_as_it_did_and_its_first_click_is_never_a_mine(driver):
    playing = beginner_under_way(driver)
    board = playing.board
    mine = next(cell for cell in cells(board) if board.is_mine(*cell) and not board.is_flagged(*cell))
    driver.click_cell(*mine)
    assert board.state == "lost"
    panel = top(driver)
    if hasattr(driver, "panel_button"):
        driver.click_button(driver.panel_button("same board"))
    else:  # the game before the session rebuild, for the record of what failed then
        driver.click_button(panel.same_board)
    again = driver.scene
    assert again.board.state == "playing", "the first click was made for the player"
    assert again.board.is_revealed(4, 4) and again.board.mine_cells() == board.mine_cells()
    driver.frames(60)
    assert elapsed(again) == 0, "the clock starts at the player's next click"
    for cell in cells(board):  # every safe cell, clicked in turn: no first click ever loses
        if not board.is_mine(*cell) and again.board.state == "playing":
            driver.click_cell(*cell)
    assert again.board.state == "won"


def test_a_code_opens_as_its_board_did_and_never_loses_on_its_first_click(driver):
    code = BoardCode(9, 9, 10, seed=42, first_cell=(4, 4))
    driver.click_button(driver.scene.play_code)
    driver.type_text(encode_board_code(code))
    driver.key(pygame.K_RETURN)
    playing = driver.scene
    assert isinstance(playing, PlayingScene)
    assert playing.board.state == "playing" and playing.board.is_revealed(4, 4)
    reference = code.board()
    reference.reveal(4, 4)
    assert playing.board.mine_cells() == reference.mine_cells()


def test_enter_and_esc_keep_the_saved_game_in_the_discard_question(driver):
    beginner_under_way(driver)
    to_menu_keeping_the_game(driver)
    for key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
        driver.click_button(driver.scene.difficulty_buttons["expert"])
        assert not isinstance(top(driver), MenuScene), "asked"
        driver.key(key)
        assert isinstance(driver.scene, MenuScene) and top(driver) is driver.scene
        assert driver.app.store.load_resume() is not None, "kept"
    assert driver.app.store.statistics("beginner").played == 0


def test_enter_keeps_the_statistics_in_the_reset_question(driver):
    playing = beginner_under_way(driver)
    driver.click_cell(
        *next(c for c in cells(playing.board) if playing.board.is_mine(*c) and not playing.board.is_flagged(*c))
    )
    driver.past_grace()
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.scene.records)
    records = driver.scene
    assert isinstance(records, RecordsScene)
    driver.click_button(records.reset)
    driver.key(pygame.K_RETURN)
    assert driver.app.store.statistics("beginner").played == 1, "Enter means Keep them"
    driver.click_button(records.reset)
    driver.key(pygame.K_r)
    assert driver.app.store.statistics("beginner").played == 0, "its own key resets"


def test_a_resumed_games_clock_waits_for_the_first_move(driver):
    beginner_under_way(driver)
    driver.frames(90)
    to_menu_keeping_the_game(driver)
    driver.click_button(driver.scene.resume)
    playing = driver.scene
    clock = elapsed(playing)
    driver.frames(180)
    assert elapsed(playing) == clock, "nothing touched yet: the clock waits"
    driver.click_cell(0, 8, button=3)
    driver.frames(60)
    assert elapsed(playing) == pytest.approx(clock + 1, abs=0.05)


def test_a_saved_game_is_checked_off_the_frame_while_the_menu_says_so(driver, monkeypatch):
    """Checking a save replays its whole move log: a second and more for a long game on a big board. It runs on
    a thread of its own; the menu keeps drawing frames and says what it is doing until the game is ready."""
    beginner_under_way(driver)
    to_menu_keeping_the_game(driver)
    real = resumed_module.checked_save
    threads, release = [], threading.Event()

    def checked_save(saved):
        threads.append(threading.current_thread())
        if threading.current_thread() is not threading.main_thread():  # never block the frame, even before
            assert release.wait(30)
        return real(saved)

    monkeypatch.setattr(resumed_module, "checked_save", checked_save)
    driver.patient = False  # this test watches the frames go on while the check waits
    driver.click_button(driver.scene.resume, frames=5)
    assert threads and threading.main_thread() not in threads, "before: checked on the frame"
    menu = driver.scene
    assert isinstance(menu, MenuScene) and menu.resuming is not None, "the menu stays up while it is checked"
    drawn = []
    monkeypatch.setattr(text, "draw_paragraph", lambda surface, message, *rest, **kw: drawn.append(message))
    menu.draw(driver.app.screen)
    assert any("Opening the saved game" in line for line in drawn)
    monkeypatch.undo()
    release.set()
    menu.resuming.wait(30)
    driver.patient = True
    driver.frames(2)
    assert isinstance(driver.scene, PlayingScene) and driver.scene.board.state == "playing"


@pytest.mark.parametrize("button", ["custom", "play_code"])
def test_the_forms_open_before_any_question_about_the_saved_game(driver, button):
    beginner_under_way(driver)
    to_menu_keeping_the_game(driver)
    driver.click_button(getattr(driver.scene, button))
    assert isinstance(driver.scene, (CustomScene, CodeEntryScene)) and top(driver) is driver.scene, "no question yet"
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene) and driver.app.store.load_resume() is not None


def test_a_save_is_read_at_start_without_parsing_its_board_and_one_damaged_inside_is_dropped_on_resume(
    tmp_path, private_home
):
    # A long 100x100 game's board took 120 ms to parse, on the frame thread at start (and when the records open
    # late); the menu needs only the save's description, and the resume's check, off the frame, reads the board.
    with Store.open() as store:
        store.save_resume({"rows": 9}, 3000, "beginner")
    with sqlite3.connect(private_home / "minesweeper.db") as db:
        db.execute("""UPDATE resume SET board = '{"rows": 9, damaged}'""")
    db.close()
    with Store.open() as store:
        assert isinstance(store.load_resume().board, str), "the board stays text until the save is checked"
    d = start_app(tmp_path, SEED)
    menu = d.scene
    assert menu.resume is not None and "Beginner, 3 s" in menu.resume.sublabel
    d.click_button(menu.resume)
    for _ in range(600):
        if not isinstance(d.scene, MenuScene) or d.scene.resuming is None:
            break
        d.frames(1)
    assert isinstance(d.scene, MenuScene) and d.scene.resume is None, "the menu offers nothing to resume now"
    assert any("saved game was discarded" in notice and "could not be read" in notice for notice in d.scene.notices)
    assert d.app.store.flush(30), "the discard written (the writer thread takes it after the notice)"
    assert d.app.store.load_resume() is None and d.app.store.statistics("beginner").played == 0
    d.app.store.close()


def test_a_discarded_save_that_cannot_be_read_is_dropped_not_recorded(tmp_path, private_home):
    with Store.open() as store:
        store.save_resume({"rows": 9}, 100, "beginner")
    d = start_app(tmp_path, SEED)
    d.click_button(d.scene.difficulty_buttons["expert"])
    d.click_button(top(d).yes)
    assert isinstance(d.scene, PlayingScene) and d.app.store.statistics("beginner").played == 0
    d.app.store.close()


def test_discard_checks_the_saved_game_off_the_frame_and_the_new_game_waits_for_its_record(driver, monkeypatch):
    # Discarding replays the saved game's moves to record it (a second or more for a long game): on a thread,
    # while the frames go on and the menu says what is happening; the new game starts only once the old one is
    # posted to the records, whose writer must see it before the new game's first save.
    beginner_under_way(driver)
    to_menu_keeping_the_game(driver)
    asked, gate, real = [], threading.Event(), session_module.GameSession.from_save.__func__

    def from_save(cls, saved, keeper=None):
        asked.append(threading.current_thread())
        if threading.current_thread() is not threading.main_thread():
            assert gate.wait(30)
        return real(cls, saved, keeper)

    monkeypatch.setattr(session_module.GameSession, "from_save", classmethod(from_save))
    menu = driver.scene
    driver.patient = False  # the frames must go on while the saved game is checked
    driver.click_button(menu.difficulty_buttons["expert"])
    driver.click_button(top(driver).yes)  # Discard
    driver.frames(5)
    assert driver.scene is menu, "the menu stays, playable, until the old game is recorded"
    assert any("loss" in notice for notice in menu.notices), "and says what it is doing"
    assert not menu.resume.enabled, "the game being discarded cannot be resumed meanwhile"
    driver.click_button(menu.resume)
    assert menu.resuming is None and driver.scene is menu
    for _ in range(30_000):  # frames go on until the check's thread has its turn
        if asked:
            break
        driver.frames(1)
    assert asked and threading.main_thread() not in asked, "the saved game is never replayed on the frame"
    gate.set()
    driver.patient = True
    driver.frames(2)
    assert isinstance(driver.scene, PlayingScene) and driver.scene.board.rows == 16, "then the new game starts"
    stats = driver.app.store.statistics("beginner")
    assert (stats.played, stats.won) == (1, 0), "the discarded game counts as a loss"


def close_the_window(driver):
    driver.post(pygame.QUIT)
    driver.frames(1)
    driver.app.run(max_frames=driver.app.frames)
    driver.app.store.close()


def leave_by_esc(driver):
    to_menu_keeping_the_game(driver)


@pytest.mark.parametrize("step_away", [close_the_window, leave_by_esc])
def test_a_resumed_games_time_is_one_on_the_clock_the_panel_the_record_and_the_video(tmp_path, driver, step_away):
    """Issue 43: a game left 13 s after its click and lost on resume read 19.5 s on the status line and 0.000 s
    on the panel, in Replay's side panel and in its EVF: closing the window saved the clock, not the video's."""
    from game.video.figures import figures_of

    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    driver.click_cell(4, 4)
    driver.frames(13 * 60)
    step_away(driver)
    again = driver if step_away is leave_by_esc else start_app(tmp_path, SEED)
    try:
        again.click_button(again.scene.resume, frames=5)
        playing = again.scene
        again.frames(3 * 60)  # the clock waits for the player's move
        board = playing.board
        mine = next(cell for cell in cells(board) if board.is_mine(*cell))
        again.click_cell(*mine)
        session = playing.session
        assert session.state == "lost"
        assert 13_000 <= session.elapsed_ms <= 13_200
        video = figures_of(session.current_video())
        [record] = again.app.store.recent_games("beginner")
        assert video.time_ms == session.elapsed_ms == record.time_ms, "one time, wherever it shows"
        assert session.timer_seconds == session.elapsed_ms // 1000 + 1
    finally:
        if again is not driver:
            again.app.store.close()


def test_a_save_whose_video_stopped_before_its_clock_resumes_with_the_video_caught_up():
    """A save left by a kill (or by an older version) after the clock ran on past the video's last event: the
    resumed video pauses where the clock stopped, so both say the same time."""
    from game.model import Board, Move
    from game.play.session import GameSession
    from game.video.events import Mouse
    from game.video.figures import time_ms_of

    session = GameSession(Board(9, 9, 10, seed=SEED))
    video = session.video
    for kind, t in ((Mouse.LEFT_PRESS, 1000), (Mouse.LEFT_RELEASE, 1100)):
        video.append(kind, t, 4 * video.cell_size + 8, 4 * video.cell_size + 8)
    session.apply(Move("reveal", 4, 4), t_ms=1100)
    session.tick(13.0)
    session.leave()  # no time given: as an older version left it
    saved = session.to_save()
    assert time_ms_of(saved_video := GameSession.from_save(saved).current_video()) == saved.elapsed_ms == 13_000
    assert saved_video.kinds[-1] == Mouse.PAUSE
