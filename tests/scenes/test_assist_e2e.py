"""Hints, mine chances and no-guess boards, played through the real app with real events."""

import threading

import pygame
import pytest

from game import config
from game.model.solver import noguess
from game.model.solver.hints import Hint, HintRule
from game.model.solver.noguess import NoGuessTimeout, solves_without_guessing
from game.overlays.gameover import GameOverPanel
from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.view import assistant as assist
from game.view import hint_marks, screens
from tests.driver import driven, turn_on_no_guess

DESKTOP = (1366, 768)


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=77, desktop=DESKTOP)


def start(driver, key="beginner"):
    assert isinstance(driver.scene, MenuScene)
    driver.click_button(driver.scene.difficulty_buttons[key])
    assert isinstance(driver.scene, PlayingScene)
    return driver.scene


def test_the_hint_key_shows_a_safe_cell_with_its_reason_and_marks_the_game(driver):
    playing = start(driver)
    driver.key(pygame.K_h)
    driver.until_hint()
    first = playing.assist.hint
    assert first is not None and first.rule == "first", "before the first click the hint says where to start"
    assert not playing.session.assisted, "a first-click tip is not help with the board"
    driver.click_cell(4, 4)
    board = playing.board
    assert playing.assist.hint is None, "a move clears the hint"
    driver.key(pygame.K_h)
    driver.until_hint()
    hint = playing.assist.hint
    assert hint is not None and playing.session.assisted
    if hint.safe:
        assert not board.is_mine(*hint.cell) and not board.is_revealed(*hint.cell)
        assert all(board.is_revealed(*cell) for cell in hint.proof)
    elif hint.is_mine:
        assert board.is_mine(*hint.cell)
    assert playing._status() == playing.assist.message and hint.reason in playing.assist.message
    driver.screenshot("hint")
    # win it with hints alone: the win is recorded, but is not a best time
    for _ in range(200):
        if board.state != "playing":
            break
        hint = playing.assist.hint
        if hint is None:
            driver.key(pygame.K_h)
            driver.until_hint()
            continue
        if hint.is_mine:
            driver.click_cell(*hint.cell, button=3)
        else:
            driver.click_cell(*hint.cell)
    driver.frames(2)
    if board.state == "won":
        assert driver.app.store.statistics("beginner").won == 1
        assert driver.app.store.best_times("beginner") == [], "an assisted win is never a best time"
    else:
        assert board.state == "lost"  # a forced guess can lose; the game still counts as played
    assert isinstance(driver.overlay, GameOverPanel)


def test_the_hint_button_gives_the_same_hint(driver):
    playing = start(driver)
    driver.click_cell(4, 4)
    driver.click_button(playing.hint_button)
    driver.until_hint()  # worked out on a thread: a loaded machine takes more than two frames
    assert playing.assist.hint is not None
    assert not playing.board.is_revealed(*playing.assist.hint.cell)


def test_mine_chances_are_worked_out_off_the_frame_and_a_move_meanwhile_makes_them_stale(driver, monkeypatch):
    # Every analysis is held until the test lets it go, and says which thread asked for it: the frames must go
    # on (the board playable) meanwhile, and the frame thread must never run one (on a large board it takes
    # seconds). One run on the frame thread is let through at once, so the old code fails here, not hangs.
    asked, gate, real = [], threading.Event(), assist.analyse

    def analyse(board, *args, **kwargs):
        asked.append(threading.current_thread())
        if threading.current_thread() is not threading.main_thread():
            assert gate.wait(30)
        return real(board, *args, **kwargs)

    monkeypatch.setattr(assist, "analyse", analyse)
    playing = start(driver, "expert")
    driver.click_cell(8, 15)
    board = playing.board
    driver.key(pygame.K_c)
    driver.frames(5)
    assert asked and threading.main_thread() not in asked, "the frame thread never works out chances"
    assert playing.assist.show_chances and not playing.assist.chances_ready(board)
    assert playing._status().startswith("Mine chances shown"), "the line says nothing it does not know yet"
    safe = next(
        (r, c)
        for r in range(board.rows)
        for c in range(board.cols)
        if not board.is_revealed(r, c)
        and not board.is_mine(r, c)
        and playing.geometry.view.collidepoint(driver.cell_pos(r, c))
    )
    driver.click_cell(*safe)
    assert board.is_revealed(*safe), "the board stays in play while the chances are worked out"
    gate.set()
    driver.until_chances()
    assert len(asked) == 2, "the chances of the position before the move were set aside, and the new one's made"
    assert threading.main_thread() not in asked
    covered = next((r, c) for r in range(board.rows) for c in range(board.cols) if not board.is_revealed(r, c))
    assert 0.0 <= playing.assist.current_chances(board).probability(*covered) <= 1.0

    # the clock and the pointer redraw the window, tints and all: the cells to tint are worked out once
    shaded = []
    monkeypatch.setattr(hint_marks, "chance_shade", lambda p: shaded.append(p) or p)
    for _ in range(3):
        playing.invalidate()
        driver.frames(1)
    assert shaded == []


def test_mine_chances_tint_the_board_and_name_the_hovered_cell(driver):
    playing = start(driver, "expert")
    driver.click_cell(8, 15)
    driver.key(pygame.K_c)
    assert playing.assist.show_chances
    driver.until_chances()
    board = playing.board
    covered = next(
        (r, c)
        for r in range(board.rows)
        for c in range(board.cols)
        if not board.is_revealed(r, c)
        and any(
            board.is_revealed(rr, cc)
            for rr in range(r - 1, r + 2)
            for cc in range(c - 1, c + 2)
            if 0 <= rr < board.rows and 0 <= cc < board.cols
        )
    )
    driver.post(pygame.MOUSEMOTION, pos=driver.cell_pos(*covered), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(2)
    status = playing._status()
    assert status.startswith("Mine chance here: ") and status.endswith("%")
    # the tint really is on screen: the covered cell's centre is no longer the plain grey of a covered tile
    colour = pygame.display.get_surface().get_at(driver.cell_pos(*covered))[:3]
    assert colour != (192, 192, 192)
    driver.screenshot("chances")
    driver.key(pygame.K_c)
    assert not playing.assist.show_chances
    assert (
        pygame.display.get_surface().get_at(driver.cell_pos(*covered))[:3] == (192, 192, 192)
        or playing.screen.looks.hover == covered
    )


def test_no_guess_boards_are_remembered_and_clear_without_a_guess(driver, tmp_path):
    turn_on_no_guess(driver)
    assert driver.app.settings["no_guess"] == driver.app.store.settings()["no_guess"] == "no_guess"
    playing = start(driver, "expert")
    driver.click_cell(8, 15)
    driver.until_board_made()
    board = playing.board
    assert board.state == "playing" and board.is_revealed(8, 15) and playing.session.no_guess
    assert solves_without_guessing(board.rows, board.cols, board.mine_cells(), (8, 15))
    assert driver.app.store.load_resume().extra["no_guess"] is True


def slow_generator(release):
    def generate(rows, cols, mines, first_cell, seed=None, first_click="opening", timeout=5.0, cancel=None):
        while not cancel.is_set() and not release.wait(0.002):
            pass
        if cancel.is_set():
            raise noguess.NoGuessCancelled("cancelled")
        raise NoGuessTimeout("too slow")

    return generate


def test_a_slow_no_guess_board_shows_a_spinner_and_esc_plays_a_normal_board(driver, monkeypatch):
    release = threading.Event()
    monkeypatch.setattr(noguess, "generate_no_guess", slow_generator(release))  # the Dealer's
    driver.app.settings.change("no_guess", "no_guess")
    playing = start(driver, "intermediate")
    driver.click_cell(8, 8)
    frames = int(config.SPINNER_DELAY / config.STEP) + 3
    driver.frames(frames)
    assert playing.spinner_shown and playing.board.state == "ready"
    assert playing._status().startswith("Making a no-guess board")
    driver.screenshot("making-board")
    driver.click_cell(0, 0)  # clicks wait while the board is made
    assert not playing.board.mines_placed
    driver.key(pygame.K_ESCAPE)
    driver.until_board_made()
    assert isinstance(driver.scene, PlayingScene), "Esc here cancels the wait, not the game"
    assert playing.board.state == "playing" and playing.board.is_revealed(8, 8)
    assert not playing.session.no_guess and "normal" in playing.assist.message


def test_a_timed_out_no_guess_board_says_so_and_falls_back(driver, monkeypatch):
    release = threading.Event()
    release.set()
    monkeypatch.setattr(noguess, "generate_no_guess", slow_generator(release))  # the Dealer's
    driver.app.settings.change("no_guess", "no_guess")
    playing = start(driver, "beginner")
    driver.click_cell(4, 4)
    driver.until_board_made()
    assert playing.board.state in ("playing", "won") and playing.board.is_revealed(4, 4)
    assert "No no-guess board turned up" in playing.assist.message


def test_a_slow_guess_hint_thinks_off_the_frame_loop_and_the_board_plays_on(driver, monkeypatch):
    """A guess may think a while (at most config.HINT_GUARD_MS): the frames go on meanwhile, the status line says it is
    thinking, and a move meanwhile drops the hint that was about the older position."""
    release = threading.Event()

    def slow_hint(board, budget_ms=None, cancelled=None, **kw):
        assert budget_ms == config.HINT_GUARD_MS
        while not release.wait(0.002) and not cancelled.is_set():
            pass
        guess = Hint((0, 0), safe=False, is_mine=False, probability=0.3, reason="a guess", rule=HintRule.GUESS)
        return None if cancelled.is_set() else guess

    monkeypatch.setattr(assist, "hint_for", slow_hint)
    playing = start(driver)
    driver.click_cell(4, 4)
    driver.key(pygame.K_h)
    driver.frames(int(config.SPINNER_DELAY / config.STEP) + 2)
    assert playing.assist.thinking and playing._status().startswith("Thinking")
    driver.screenshot("thinking")
    job = playing.assist.hint_job
    covered = next((r, c) for r in range(9) for c in range(9) if not playing.board.is_revealed(r, c))
    driver.click_cell(*covered, button=3)
    assert playing.board.is_flagged(*covered), "the board plays on while the hint thinks"
    assert job.cancelled.is_set() and playing.assist.hint_job is None, "a move drops it"
    driver.key(pygame.K_h)
    release.set()
    driver.until_hint()
    assert playing.assist.hint.cell == (0, 0) and playing.session.assisted


@pytest.mark.parametrize("how", ["zoom out", "zoom in", "wheel"])
def test_what_is_said_of_the_cell_under_the_pointer_follows_the_board_moving_under_it(driver, how):
    """A zoom from the keyboard or a scroll moves the board under a pointer that stays still: the
    mine-chance tooltip names the cell under it now, never the one that was there."""
    driver.click_button(driver.scene.custom)
    driver.app.show(screens.Playing(session=driver.app.dealer.new(100, 100, 800)))
    driver.frames(2)
    playing = driver.scene
    driver.click_cell(3, 3)
    driver.key(pygame.K_c)
    driver.until_chances()
    board = playing.board
    assert board.state == "playing"
    if how == "zoom out":  # from a step above the smallest
        driver.key(pygame.K_EQUALS, mod=pygame.KMOD_CTRL)
    view = playing.geometry.view
    covered = next(
        (r, c)
        for r in range(board.rows)
        for c in range(board.cols)
        if not board.is_revealed(r, c)
        and view.contains(playing.geometry.cell_rect(r, c))
        and playing.geometry.cell_rect(r, c).x > view.x + view.w // 3
        and playing.geometry.cell_rect(r, c).y > view.y + view.h // 3
    )
    pos = driver.cell_pos(*covered)
    pygame.mouse.set_pos(pos)  # the pointer rests there, as a real one does
    driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(2)
    assert playing.ui.pointer == covered and "Mine chance here" in playing._status()
    if how != "wheel":  # the keys zoom around the keyboard cursor (around the pointer, they leave its cell under it)
        driver.key(pygame.K_RIGHT)
        assert playing.ui.cursor is not None
        driver.until_chances()
        covered = playing.geometry.cell_at(pos)
        assert playing.ui.pointer == covered
    if how == "zoom out":
        driver.key(pygame.K_MINUS, mod=pygame.KMOD_CTRL)
    elif how == "zoom in":
        driver.key(pygame.K_EQUALS, mod=pygame.KMOD_CTRL)
    else:
        driver.post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0)
        driver.frames(2)
    driver.until_chances()
    under = playing.geometry.cell_at(pos)
    assert under != covered, "the board moved under the pointer"
    assert playing.ui.pointer == under, f"the pointer is on {under}, not on {covered} any more"
    said = playing._status()
    if under is None or board.is_revealed(*under):
        assert "Mine chance here" not in said, f"no chance said for an opened cell or none: {said!r}"


def test_g_moves_the_keyboard_cursor_to_the_hinted_cell_and_space_opens_it(driver):
    playing = start(driver)
    driver.click_cell(4, 4)
    driver.key(pygame.K_h)
    driver.until_hint()
    hint = playing.assist.hint
    assert hint is not None and hint.safe
    driver.key(pygame.K_g)
    assert playing.ui.cursor == hint.cell
    driver.key(pygame.K_SPACE)
    assert playing.board.is_revealed(*hint.cell)
