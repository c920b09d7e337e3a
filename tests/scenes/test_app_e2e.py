"""End-to-end: the real app, driven by real pygame events, frame by frame, headless."""

import pygame
import pytest

from game.overlays.confirm import ConfirmOverlay
from game.overlays.gameover import GameOverPanel
from game.scenes.custom import CustomScene
from game.scenes.help import HelpScene
from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.store.kept import Origin
from game.view.board_view import tile_for
from game.view.sheet import Face, Tile
from tests.driver import driven

DESKTOP = (1366, 768)


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path, seed=1234, desktop=DESKTOP)


def neighbours(board, row, col):
    return [
        (r, c)
        for r in range(row - 1, row + 2)
        for c in range(col - 1, col + 2)
        if (r, c) != (row, col) and 0 <= r < board.rows and 0 <= c < board.cols
    ]


def cells(board):
    return [(r, c) for r in range(board.rows) for c in range(board.cols)]


def start_beginner(driver):
    assert isinstance(driver.scene, MenuScene)
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    assert isinstance(driver.scene, PlayingScene)
    return driver.scene


def test_menu_beginner_cascade_flag_chord_lose_and_play_again(driver):
    driver.screenshot("01-menu")
    playing = start_beginner(driver)
    board = playing.board
    assert board.state == "ready" and (board.rows, board.cols, board.mines) == (9, 9, 10)
    driver.screenshot("02-playing-new")

    driver.click_cell(4, 4)
    assert board.state == "playing"
    assert board.is_revealed(4, 4) and board.adjacent_mines(4, 4) == 0, "the first click opens a region"
    opened = sum(board.is_revealed(r, c) for r, c in cells(board))
    assert opened > 1, "a zero cascades"

    # Flag every mine around some revealed number, then chord it: its other neighbours open.
    number = next(
        (r, c)
        for r, c in cells(board)
        if board.is_revealed(r, c)
        and board.adjacent_mines(r, c) > 0
        and any(not board.is_revealed(*n) and not board.is_mine(*n) for n in neighbours(board, r, c))
    )
    for n in neighbours(board, *number):
        if board.is_mine(*n):
            driver.click_cell(*n, button=3)
            assert board.is_flagged(*n)
    assert board.mines_left == board.mines - board.adjacent_mines(*number)
    closed_safe = [n for n in neighbours(board, *number) if not board.is_revealed(*n) and not board.is_mine(*n)]
    driver.click_cell(*number, button=2)  # middle click chords
    assert all(board.is_revealed(*n) for n in closed_safe)
    driver.screenshot("03-playing-midgame")

    mine = next((r, c) for r, c in cells(board) if board.is_mine(r, c) and not board.is_flagged(r, c))
    driver.click_cell(*mine)
    assert board.state == "lost" and board.exploded == mine
    assert isinstance(driver.overlay, GameOverPanel) and not driver.overlay.won
    driver.frames(1)
    assert playing.face() is Face.DEAD
    assert playing.screen.renderer.tile_at(*mine) is Tile.EXPLODED
    driver.screenshot("04-game-over-lost")

    driver.click_button(driver.panel_button("again"))
    assert isinstance(driver.scene, PlayingScene) and driver.scene is not playing
    assert driver.scene.board.state == "ready" and driver.scene.board.seed != board.seed


def test_scripted_win_on_a_seeded_board(driver):
    playing = start_beginner(driver)
    board = playing.board
    driver.click_cell(0, 0)
    for _ in range(3):
        driver.frames(30)  # half a second of play per pass: the timer runs
    for r, c in cells(board):
        if not board.is_mine(r, c) and not board.is_revealed(r, c):
            driver.click_cell(r, c)
    assert board.state == "won"
    assert board.mines_left == 0 and all(board.is_flagged(r, c) for r, c in cells(board) if board.is_mine(r, c))
    panel = driver.overlay
    assert isinstance(panel, GameOverPanel) and panel.won
    assert playing.face() is Face.COOL
    assert 1.4 < playing.session.elapsed < 10, "the timer ran while playing, in fake time"
    frozen = playing.session.elapsed
    driver.frames(120)
    assert playing.session.elapsed == frozen, "the timer stops at the end"
    driver.screenshot("05-game-over-won")

    # The bar leaves the board in view; More opens the whole panel over it, and a click on the board puts
    # it away again.
    driver.past_grace()
    assert not panel.expanded and playing.geometry.view.bottom <= panel.bar.top
    driver.screenshot("06-game-over-bar")
    driver.click_button(panel.more)
    assert panel.expanded
    driver.screenshot("06-game-over-panel")
    driver.click_button(panel.hide)
    assert not panel.expanded

    driver.click_button(driver.panel_button("same board"))
    again = driver.scene
    assert isinstance(again, PlayingScene) and again.session.origin == Origin.SAME_BOARD
    assert [again.board.is_mine(r, c) for r, c in cells(board)] == [board.is_mine(r, c) for r, c in cells(board)]


def test_press_shows_pressed_tile_moves_with_pointer_and_release_outside_cancels(driver):
    playing = start_beginner(driver)
    board = playing.board
    driver.press(driver.cell_pos(2, 2))
    driver.frames(1)
    assert playing.screen.looks.pressed == {(2, 2)} and playing.face() is Face.SURPRISED
    assert playing.screen.renderer.tile_at(2, 2) is Tile.PRESSED
    driver.post(pygame.MOUSEMOTION, pos=driver.cell_pos(2, 3), rel=(0, 0), buttons=(1, 0, 0))
    driver.frames(1)
    assert playing.screen.looks.pressed == {(2, 3)}
    assert playing.screen.renderer.tile_at(2, 2) is Tile.COVERED
    driver.screenshot("07-pressed")
    driver.post(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(1, 0, 0))
    driver.release((2, 2))
    driver.frames(1)
    assert board.state == "ready" and playing.screen.looks.pressed == set(), "releasing off the board cancels"
    assert playing.face() is Face.SMILE


def test_left_and_right_together_chord_and_flags_protect_cells(driver):
    playing = start_beginner(driver)
    board = playing.board
    driver.click_cell(4, 4)
    number = next((r, c) for r, c in cells(board) if board.is_revealed(r, c) and board.adjacent_mines(r, c) == 1)
    mine = next(n for n in neighbours(board, *number) if board.is_mine(*n))
    driver.click_cell(*mine, button=3)
    driver.click_cell(*mine)  # a left click on a flag does nothing
    assert board.state == "playing" and not board.is_revealed(*mine)
    pos = driver.cell_pos(*number)
    driver.press(pos, 1)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)
    driver.frames(1)
    covered = {n for n in neighbours(board, *number) if not board.is_revealed(*n) and not board.is_flagged(*n)}
    assert playing.screen.looks.pressed == covered, "both buttons show the neighbours pressed"
    assert board.is_flagged(*mine), "the right press of a chord does not unflag"
    driver.release(pos, 3)
    driver.release(pos, 1)
    driver.frames(1)
    assert all(board.is_revealed(*n) for n in covered)
    assert board.chord_clicks == 1


def test_custom_form_rejects_bad_values_then_starts(driver):
    driver.click_button(driver.scene.custom)
    form = driver.scene
    assert isinstance(form, CustomScene)
    rows = form.fields["rows"]
    driver.click(rows.rect.center)
    for _ in range(4):
        driver.key(pygame.K_BACKSPACE, frames=0)
    driver.type_text("ab")
    assert "Use digits only" in form.errors["rows"] and not form.start.enabled
    driver.screenshot("08-custom-invalid")
    driver.click_button(form.start)
    assert driver.scene is form, "a disabled Start does nothing"
    driver.click(rows.rect.center)
    driver.key(pygame.K_BACKSPACE, frames=0)
    driver.key(pygame.K_BACKSPACE)
    driver.type_text("4")
    assert form.errors["rows"] == "Rows must be 5 to 100."
    driver.click_button(form.plus["rows"])
    assert rows.value == "5" and "rows" not in form.errors
    cols = form.fields["cols"]
    driver.click(cols.rect.center)
    for _ in range(4):
        driver.key(pygame.K_BACKSPACE, frames=0)
    driver.type_text("5")
    mines = form.fields["mines"]
    driver.click(mines.rect.center)
    for _ in range(4):
        driver.key(pygame.K_BACKSPACE, frames=0)
    driver.type_text("17")
    assert form.errors == {"mines": "At most 16 mines on 5 x 5."} and not form.start.enabled
    driver.click_button(form.minus["mines"])
    assert form.errors == {} and form.start.enabled
    driver.screenshot("09-custom-valid")
    driver.click_button(form.start)
    playing = driver.scene
    assert isinstance(playing, PlayingScene)
    assert (playing.board.rows, playing.board.cols, playing.board.mines) == (5, 5, 16)
    assert driver.app.settings["custom"] == (5, 5, 16)


def test_custom_form_takes_digits_of_other_scripts_as_bad_input_not_a_crash(driver):
    driver.click_button(driver.scene.custom)
    form = driver.scene
    for field, text in (("rows", "2\u00b2"), ("cols", "\u0661\u0662"), ("mines", "\u00b9")):
        box = form.fields[field]
        driver.click(box.rect.center)
        for _ in range(4):
            driver.key(pygame.K_BACKSPACE, frames=0)
        driver.type_text(text)  # superscript two (a key of its own on French keyboards), Arabic-Indic digits
        driver.click_button(form.plus[field])  # +/- on such text starts again from the lowest value
        assert box.value == ("1" if field == "mines" else "5")
        driver.click(box.rect.center)
        driver.type_text(text)
        assert "Use digits only" in form.errors[field] and not form.start.enabled
    assert driver.scene is form


def test_escape_asks_only_once_a_move_was_made_and_f2_starts_afresh(driver):
    playing = start_beginner(driver)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene), "nothing to lose: no question"
    playing = start_beginner(driver)
    driver.click_cell(0, 0, button=3)
    assert playing.board.is_flagged(0, 0) and playing.board.state == "ready"
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.overlay, ConfirmOverlay), "a flag is a move: ask before throwing it away"
    driver.click_button(driver.overlay.no)
    assert driver.scene is playing and playing.board.is_flagged(0, 0)
    driver.click_cell(0, 0, button=3)
    driver.click_cell(4, 4)
    driver.frames(30)
    driver.key(pygame.K_ESCAPE)
    confirm = driver.overlay
    assert isinstance(confirm, ConfirmOverlay)
    clock = playing.session.elapsed
    driver.frames(120)
    assert playing.session.paused and playing.session.elapsed == clock, "the question is no free time to think"
    driver.screenshot("10-confirm-leave")
    driver.click_button(confirm.no)
    assert driver.scene is playing and playing.board.state == "playing" and not playing.session.paused
    driver.frames(60)
    assert playing.session.elapsed > clock
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.overlay.yes)
    menu = driver.scene
    assert isinstance(menu, MenuScene) and menu.resume is not None, "the game left stays resumable"
    driver.click_button(menu.resume)
    playing = driver.scene
    assert isinstance(playing, PlayingScene) and playing.board.state == "playing"
    driver.key(pygame.K_F2)
    assert isinstance(driver.scene, PlayingScene) and driver.scene is not playing
    assert driver.scene.board.state == "ready"


def test_face_click_starts_a_new_game(driver):
    playing = start_beginner(driver)
    driver.click_cell(4, 4)
    driver.press(playing.layout.face.center)
    driver.frames(1)
    assert playing.face() is Face.SMILE_PRESSED
    driver.release(playing.layout.face.center)
    driver.frames(1)
    assert isinstance(driver.scene, PlayingScene) and driver.scene is not playing


def test_help_and_quit_from_the_menu(driver):
    driver.click_button(driver.scene.help)
    assert isinstance(driver.scene, HelpScene)
    driver.screenshot("11-help")
    driver.click_button(driver.scene.back)
    assert isinstance(driver.scene, MenuScene)
    driver.click_button(driver.scene.quit)
    assert driver.app.running and driver.overlay is not None, "Quit asks, as Esc does"
    driver.click_button(driver.overlay.yes)
    assert not driver.app.running


def test_closing_the_window_quits(driver):
    start_beginner(driver)
    driver.click_cell(4, 4)
    driver.post(pygame.QUIT)
    driver.frames(1)
    assert not driver.app.running


def test_menu_remembers_the_last_choice(driver):
    playing = start_beginner(driver)
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.scene.difficulty_buttons["expert"])
    driver.key(pygame.K_ESCAPE)
    menu = driver.scene
    assert menu.difficulty_buttons["expert"].marked and not menu.difficulty_buttons["beginner"].marked
    assert playing is not driver.scene


def test_a_100x100_board_fits_a_1366x768_screen_and_scrolls(driver):
    app = driver.app
    app.settings.change("custom", (100, 100, 1000))
    driver.click_button(driver.scene.custom)
    driver.click_button(driver.scene.start)
    playing = driver.scene
    width, height = playing.window_size
    assert playing.geometry.tile == 16, "shrinks to the smallest legible tile"
    assert width <= DESKTOP[0] and height <= DESKTOP[1] - 40
    assert playing.layout.scrolls
    g = playing.geometry
    driver.click(g.view.center)  # opens an area
    driver.frames(20)
    assert playing.board.state == "playing"
    assert_view_shows_the_board(playing)
    assert playing.screen.renderer._pending, "rows out of view wait until they are scrolled to"
    driver.screenshot("12-large-board")
    bottom_right = (g.view.right - 1, g.view.bottom - 1)
    before = g.cell_at(bottom_right)
    driver.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    driver.frames(1)
    assert g.scroll_y == 48
    assert g.cell_at(bottom_right) == (before[0] + 3, before[1])
    for _ in range(100):
        driver.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    driver.frames(1)
    assert g.cell_at(bottom_right)[0] == 99, "scrolls down to the last row, no further"
    assert_view_shows_the_board(playing)
    # Dragging with the middle button scrolls and does not chord.
    start = g.view.center
    driver.press(start, 2)
    driver.post(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1]), rel=(40, 0), buttons=(0, 1, 0))
    driver.frames(1)
    driver.post(pygame.MOUSEMOTION, pos=(start[0] - 200, start[1]), rel=(-240, 0), buttons=(0, 1, 0))
    driver.release((start[0] - 200, start[1]), 2)
    driver.frames(1)
    assert g.scroll_x > 0 and playing.board.chord_clicks == 0
    assert_view_shows_the_board(playing)
    row, col = g.cell_at(bottom_right)
    driver.click(bottom_right)
    assert playing.board.is_revealed(row, col), "clicks land on the scrolled cell"


def assert_view_shows_the_board(playing):
    """Every cell wholly in view shows, on the screen, the tile the model says it has."""
    screen, g, board = pygame.display.get_surface(), playing.geometry, playing.board
    first, last = g.visible_rows()
    checked = 0
    for r in range(first, min(last, board.rows)):
        for c in range(board.cols):
            rect = g.cell_rect(r, c)
            if g.view.contains(rect):
                image = playing.screen.atlas.tiles[tile_for(board, playing.screen.looks, r, c)]
                assert pygame.image.tobytes(screen.subsurface(rect), "RGB") == pygame.image.tobytes(image, "RGB"), (
                    f"cell {r, c} on screen is not its tile"
                )
                checked += 1
    assert checked > 1000


def test_renderer_draws_what_tile_for_says(driver):
    playing = start_beginner(driver)
    driver.click_cell(4, 4)
    driver.frames(1)
    board = playing.board
    for r, c in cells(board):
        assert playing.screen.renderer.tile_at(r, c) is tile_for(board, playing.screen.looks, r, c)


def test_partial_frames_leave_the_same_picture_as_a_full_redraw(driver):
    """Frames send only what changed to the screen; after many of them the window must still be exactly
    what drawing everything from scratch gives."""
    playing = start_beginner(driver)
    board = playing.board
    moves = [(4, 4, 1), (0, 0, 3), (8, 8, 3), (0, 0, 3)]
    for row, col, button in moves:
        driver.click_cell(row, col, button)
    for row, col in cells(board)[:40]:
        driver.post(pygame.MOUSEMOTION, pos=driver.cell_pos(row, col), rel=(0, 0), buttons=(0, 0, 0))
        driver.frames(1)
    playing.session.tick(3.5)  # the timer moves on by itself
    playing.dirty = True
    driver.frames(1)
    partial = pygame.image.tobytes(pygame.display.get_surface(), "RGB")
    playing.invalidate()
    driver.frames(1)
    assert pygame.image.tobytes(pygame.display.get_surface(), "RGB") == partial
