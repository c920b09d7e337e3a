"""Play a code, in the real app: type or paste a board code, get its board; bad codes are refused, nothing crashes."""

import pygame
import pytest

from game.model.rules.boardcode import BoardCode, decode_board_code, encode_board_code
from game.model.solver.noguess import generate_no_guess
from game.overlays.confirm import ConfirmOverlay
from game.scenes.code_entry import CodeEntryScene
from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.shell.app import App
from game.store.kept import Origin
from game.view import clipboard
from tests.driver import Driver, FakeClock, turn_on_no_guess


@pytest.fixture
def driver(tmp_path):
    app = App(clock=FakeClock(), seed=4321, desktop_size=(1366, 768))
    pygame.event.clear()
    app.step()
    yield Driver(app, tmp_path / "shots")
    app.store.close()
    pygame.quit()


def open_code_scene(driver):
    assert isinstance(driver.scene, MenuScene)
    driver.click_button(driver.scene.play_code)
    scene = driver.scene
    assert isinstance(scene, CodeEntryScene) and scene.field.focused
    return scene


def clear_field(driver):
    for _ in range(len(driver.scene.field.value)):
        driver.key(pygame.K_BACKSPACE, frames=0)
    driver.frames(1)
    assert driver.scene.field.value == ""


def status(playing):
    return playing._status()


def test_a_typed_code_deals_its_board_opened_as_it_was_and_the_clock_waits(driver):
    driver.app.settings.change("question_marks", True)
    driver.app.settings.change("first_click", "opening")
    code = BoardCode(12, 20, 30, first_click="safe", seed=987654, first_cell=(3, 17))
    text = encode_board_code(code)
    scene = open_code_scene(driver)
    assert not scene.start.enabled
    driver.screenshot("code-empty")
    driver.type_text(text.lower())  # a code read aloud or typed from paper may be in any case
    assert scene.field.value == text.lower() and scene.start.enabled and scene.error is None
    assert scene.code == code
    driver.screenshot("code-valid")

    driver.click_button(scene.start)
    playing = driver.scene
    assert isinstance(playing, PlayingScene) and playing.session.category == "custom:12x20x30"
    board = playing.board
    assert (board.rows, board.cols, board.mines, board.seed) == (12, 20, 30, 987654)
    assert board.first_click == "safe" and board.question_marks, "the code's rule, the player's question marks"
    assert playing.session.origin == Origin.CODE, "a code's board may have been seen before: never a best time"
    reference = code.board()
    reference.reveal(*code.first_cell)
    assert board.mine_cells() == reference.mine_cells() and board.is_revealed(*code.first_cell), "opened as it was"
    assert "made for you" in status(playing) and not playing.session.assisted
    driver.frames(120)
    assert playing.session.elapsed == 0, "the clock waits for the player's next click"
    driver.screenshot("code-playing")
    safe = next((r, c) for r in range(12) for c in range(20) if not board.is_revealed(r, c) and not board.is_mine(r, c))
    driver.click_cell(*safe)
    driver.frames(60)
    assert 0.9 < playing.session.elapsed < 1.2
    assert "made for you" not in status(playing), "the word goes with the first move"


def test_a_preset_code_plays_under_its_preset_and_enter_starts_it(driver):
    code = BoardCode(16, 16, 40, seed=5, first_cell=(8, 8))
    open_code_scene(driver)
    driver.type_text(encode_board_code(code))
    driver.key(pygame.K_RETURN)
    playing = driver.scene
    assert isinstance(playing, PlayingScene) and playing.session.category == "intermediate"
    assert not playing.session.wants_no_guess


@pytest.mark.parametrize(
    "name, text",
    [
        ("typo", "typo"),
        ("garbage", "hello, world!"),
        ("huge", encode_board_code(BoardCode(1000, 1000, 2000, seed=7, first_cell=(999, 999)))),
        ("tiny", encode_board_code(BoardCode(3, 3, 1, seed=7))),
        ("short", "MS1-12"),
        ("endless", "W" * 60),
    ],
)
def test_a_bad_code_says_why_and_cannot_start(driver, name, text):
    if text == "typo":
        good = encode_board_code(BoardCode(16, 30, 99, seed=31337, first_cell=(0, 0)))
        text = good[:-1] + ("X" if good[-1] != "X" else "Y")
    scene = open_code_scene(driver)
    driver.type_text(text)
    kept = text[: scene.field.max_chars]
    assert scene.field.value == kept
    with pytest.raises(ValueError) as error:
        decode_board_code(kept)
    assert scene.code is None and scene.error == str(error.value) and not scene.start.enabled
    driver.screenshot(f"code-bad-{name}")
    driver.key(pygame.K_RETURN)
    driver.click_button(scene.start)
    assert driver.scene is scene and not scene.start.enabled


def test_a_huge_board_is_refused_with_the_largest_size(driver):
    scene = open_code_scene(driver)
    driver.type_text(encode_board_code(BoardCode(1000, 1000, 2000, seed=7, first_cell=(999, 999))))
    assert scene.error == "That code is for a 1000x1000 board; the largest is 100x100."


def test_fixing_a_typo_with_backspace_enables_start(driver):
    text = encode_board_code(BoardCode(9, 9, 10, seed=2024, first_cell=(4, 4)))
    scene = open_code_scene(driver)
    driver.type_text(text[:-1] + ("0" if text[-1] != "0" else "1"))
    assert not scene.start.enabled
    driver.key(pygame.K_BACKSPACE)
    driver.type_text(text[-1])
    assert scene.start.enabled and scene.code.seed == 2024


def test_paste_puts_the_clipboard_in_the_field(driver):
    text = encode_board_code(BoardCode(9, 9, 10, seed=11, first_cell=(0, 8)))
    pygame.scrap.put_text(text)
    scene = open_code_scene(driver)
    driver.type_text("junk")
    driver.click_button(scene.paste_button)
    assert scene.field.value == text and scene.field.focused and scene.start.enabled


def test_ctrl_v_pastes_a_copied_line_without_its_spaces(driver, monkeypatch):
    text = encode_board_code(BoardCode(16, 30, 99, seed=12, first_cell=(15, 29)))
    monkeypatch.setattr(clipboard, "paste", lambda: f"  {text}\r\n")
    scene = open_code_scene(driver)
    driver.click((5, 5))  # away from the field: it loses the focus, Ctrl+V still lands in it
    assert not scene.field.focused
    driver.key(pygame.K_v, mod=pygame.KMOD_LCTRL)
    assert scene.field.value == text and scene.field.focused and scene.start.enabled
    driver.screenshot("code-pasted-expert")


def test_an_empty_clipboard_keeps_what_was_typed_and_says_so(driver, monkeypatch):
    monkeypatch.setattr(clipboard, "paste", lambda: " \n")
    scene = open_code_scene(driver)
    driver.type_text("MS1-")
    driver.key(pygame.K_v, mod=pygame.KMOD_CTRL)
    assert scene.field.value == "MS1-" and not scene.start.enabled
    assert scene.note == "The clipboard has no text to paste."
    driver.screenshot("code-empty-clipboard")
    driver.type_text("1")
    assert scene.note is None, "the note goes once the player types"


def test_a_no_guess_code_makes_its_no_guess_board_whatever_the_setting(driver):
    assert driver.app.settings["no_guess"] == "off"
    code = BoardCode(9, 9, 10, seed=4242, first_cell=(2, 6), no_guess=True)
    open_code_scene(driver)
    driver.type_text(encode_board_code(code))
    driver.key(pygame.K_RETURN)
    playing = driver.scene
    assert isinstance(playing, PlayingScene) and playing.session.wants_no_guess
    assert driver.app.settings["no_guess"] == "off", "the player's setting is left alone"
    driver.until_board_made()  # its first click is made for the player, on the board made for it
    assert playing.session.no_guess and playing.board.is_revealed(*code.first_cell)
    expected = generate_no_guess(9, 9, 10, code.first_cell, seed=code.seed, first_click=code.first_click)
    assert sorted(playing.board.mine_cells()) == sorted(map(tuple, expected))


def test_a_normal_code_deals_a_normal_board_with_no_guess_on(driver):
    turn_on_no_guess(driver)
    assert driver.app.settings["no_guess"] == "no_guess"
    code = BoardCode(9, 9, 10, seed=99, first_cell=(4, 4))
    open_code_scene(driver)
    driver.type_text(encode_board_code(code))
    driver.key(pygame.K_RETURN)
    playing = driver.scene
    assert not playing.session.wants_no_guess
    reference = code.board()
    reference.reveal(4, 4)
    assert playing.board.mine_cells() == reference.mine_cells()


def test_esc_and_back_return_to_the_menu(driver):
    open_code_scene(driver)
    driver.type_text("MS1-")
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene)
    scene = open_code_scene(driver)
    assert scene.field.value == ""
    driver.click_button(scene.back)
    assert isinstance(driver.scene, MenuScene)


def test_a_saved_game_is_only_discarded_when_the_player_agrees(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    driver.click_cell(4, 4)
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.overlay.yes)  # leave: the game stays saved
    menu = driver.scene
    assert isinstance(menu, MenuScene) and menu.saved is not None
    driver.click_button(menu.play_code)
    form = driver.scene
    assert isinstance(form, CodeEntryScene) and driver.overlay is None, "the form opens first, no question yet"
    driver.type_text(encode_board_code(BoardCode(9, 9, 10, seed=99, first_cell=(4, 4))))
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.overlay, ConfirmOverlay), "asked once a new game would replace the saved one"
    driver.click_button(driver.overlay.no)
    assert driver.scene is form and driver.app.store.load_resume().category == "beginner"
    driver.key(pygame.K_RETURN)
    driver.click_button(driver.overlay.yes)
    assert isinstance(driver.scene, PlayingScene) and driver.scene.session.origin == Origin.CODE
    driver.app.store.flush()  # the discard is written on the writer's thread, a moment later
    assert [g.outcome for g in driver.app.store.recent_games("beginner")] == ["abandoned"]


def test_the_menu_buttons_fit_the_window_without_overlapping(driver):
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    driver.click_cell(4, 4)
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.overlay.yes)  # a saved game adds the Resume button: the tallest menu
    menu = driver.scene
    window = pygame.Rect((0, 0), menu.window_size)
    rects = [button.rect for button in menu.buttons]
    assert menu.play_code in menu.buttons
    assert all(window.contains(rect) for rect in rects)
    assert not any(a.colliderect(b) for n, a in enumerate(rects) for b in rects[n + 1 :])
    driver.screenshot("menu-with-resume")


def test_the_code_scene_in_the_dark_theme(driver):
    driver.app.settings.change("theme", "dark")
    scene = open_code_scene(driver)
    driver.type_text(encode_board_code(BoardCode(30, 40, 200, seed=1, first_cell=(29, 39), no_guess=True)))
    assert scene.start.enabled
    driver.screenshot("code-valid-dark")
    driver.type_text("Q")
    assert not scene.start.enabled
    driver.screenshot("code-bad-dark")


def test_ctrl_v_never_holds_the_frame_while_the_clipboard_keeps_it_waiting(driver, monkeypatch):
    """SDL waits up to a second inside its clipboard read for the program holding the clipboard (a stopped one
    never answers): the read goes off the frame, and the text comes in when it is there."""
    import threading

    text = encode_board_code(BoardCode(9, 9, 10, seed=45, first_cell=(4, 4)))
    answered = threading.Event()

    def waiting():
        assert answered.wait(30)
        return text

    monkeypatch.setattr(pygame.scrap, "get_text", waiting)
    scene = open_code_scene(driver)
    driver.patient = False
    runner = threading.Thread(target=lambda: driver.key(pygame.K_v, mod=pygame.KMOD_CTRL, frames=5), daemon=True)
    runner.start()
    runner.join(10)
    frames_went_on = not runner.is_alive()
    answered.set()
    runner.join(30)
    assert frames_went_on, "before: the frame waited inside the clipboard read"
    driver.patient = True
    driver.frames(2)
    assert scene.field.value == text and scene.start.enabled


def test_a_clipboard_holding_a_book_is_cut_to_what_a_paste_takes(driver, monkeypatch):
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: "MS1-" + "x" * 5_000_000)
    scene = open_code_scene(driver)
    assert len(clipboard.paste()) == clipboard.MOST_CHARS
    driver.key(pygame.K_v, mod=pygame.KMOD_CTRL)
    assert scene.field.value.startswith("MS1-") and not scene.start.enabled
