"""The ghost drawn over the board by dirty rectangles: where it was is put back exactly as the board (and the
tint of the cells it opened, once each) when it moves on, and a frame sends the screen only small rectangles."""

import math

import pygame
import pytest

from game.model import Move, MoveKind
from game.play.race import Race
from game.shell.app import App
from game.video.events import Mouse, Video
from game.view import screens
from game.view.ghost_view import OPENED_TINT
from tests.driver import Driver, FakeClock
from tests.video.games import won_video


@pytest.fixture
def racing(tmp_path):
    app = App(clock=FakeClock(), seed=2, desktop_size=(1366, 768))
    pygame.event.clear()
    app.step()
    video = won_video(16, 30, 99, seed=4, gap_ms=600)
    race = Race(video)
    session, first = app.dealer.from_video(video, race.first_cell)
    app.show(screens.Playing(session=session, made_click=first, race=race))
    driver = Driver(app, tmp_path / "shots")
    driver.frames(2)
    board = driver.scene.board
    safe = next((r, c) for r in range(16) for c in range(30) if not board.is_mine(r, c) and not board.is_revealed(r, c))
    driver.click_cell(*safe, frames=1)
    driver.post(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))  # the player's pointer off the board
    driver.frames(1)
    yield driver
    app.store.close()
    pygame.quit()


def moved_away(driver, frames=600):
    """Run frames until the ghost is drawn clear of where it is now; returns where it was."""
    painter = driver.scene.ghost
    before = painter._drawn.copy()
    for _ in range(frames):
        driver.frames(1)
        if painter._drawn is not None and not painter._drawn.colliderect(before):
            return before
    raise AssertionError("the ghost never moved away")


def board_under(scene, rect, tinted=()):
    """What the board surface holds under a screen rectangle, with the tint on the given cells."""
    g = scene.geometry
    expected = scene.screen.renderer.surface.subsurface(rect.move(g.scroll_x - g.view.x, g.scroll_y - g.view.y)).copy()
    tint = pygame.Surface((g.tile, g.tile), pygame.SRCALPHA)
    tint.fill(OPENED_TINT)
    for cell in tinted:
        expected.blit(tint, g.cell_rect(*cell).move(-rect.x, -rect.y))
    return pygame.image.tobytes(expected, "RGB")


def on_screen(driver, rect):
    return pygame.image.tobytes(driver.app.screen.subsurface(rect).copy(), "RGB")


def test_where_the_ghost_was_is_the_board_again_once_it_moves_on(racing):
    scene = racing.scene
    for _ in range(4):
        assert scene.ghost._drawn is not None
        was = moved_away(racing)
        assert on_screen(racing, was) == board_under(scene, was), "put back as the board"
        now = scene.ghost._drawn
        assert on_screen(racing, now) != board_under(scene, now), "the ghost drawn where it is"


def test_the_cells_the_ghost_opened_are_tinted_once_and_stay_so_under_its_path(racing):
    scene = racing.scene
    racing.key(pygame.K_o)
    assert scene.ghost.show_opened
    board, ghost = scene.board, scene.race.ghost
    opened_at_start, checked = len(ghost.opened_cells), 0
    while len(ghost.opened_cells) < opened_at_start + 8:
        was = moved_away(racing)
        cells = scene.ghost._visible(scene.geometry, was)
        tinted = [c for c in cells if c in ghost.opened_cells and not board.is_revealed(*c)]
        assert on_screen(racing, was) == board_under(scene, was, tinted), "the board, each tint once"
        checked += len(tinted)
    assert checked, "the ghost passed over cells it had opened"


def test_a_racing_frame_sends_the_screen_only_small_rectangles(racing, monkeypatch):
    sent = []
    monkeypatch.setattr(pygame.display, "update", lambda rects=None: sent.append(rects))
    monkeypatch.setattr(pygame.display, "flip", lambda: sent.append(None))
    racing.frames(120)
    assert sent and None not in sent, "never the whole window"
    window = racing.app.screen.get_width() * racing.app.screen.get_height()
    for rects in sent:
        assert sum(pygame.Rect(r).w * pygame.Rect(r).h for r in rects) < window / 10


def tip_on_screen(scene):
    """Where the video's pointer is on screen at the race's time, in the board window's geometry now."""
    ghost, g = scene.race.ghost, scene.geometry
    point = scene.race.playback.cursor_at(min(scene.session.elapsed_ms, ghost.finish_ms or 10**9))
    scale = g.tile / scene.race.video.cell_size
    return round(g.view.x - g.scroll_x + point[0] * scale), round(g.view.y - g.scroll_y + point[1] * scale)


def circling_video():
    """A 100 x 100 board's video: the opening click in the middle, then the pointer circling it for 20 s."""
    board = won_video(100, 100, 1500, seed=8)
    video = Video(100, 100, board.mines)
    middle = (50 * 16 + 8, 50 * 16 + 8)
    video.append(Mouse.LEFT_PRESS, 0, *middle)
    video.append(Mouse.LEFT_RELEASE, 60, *middle)
    for t in range(100, 20_000, 8):
        angle = t / 500
        video.append(Mouse.MOVE, t, round(middle[0] + 48 * math.cos(angle)), round(middle[1] + 48 * math.sin(angle)))
    return video


def test_the_ghost_follows_the_boards_zoom_scroll_and_window_size(tmp_path):
    app = App(clock=FakeClock(), seed=2, desktop_size=(1366, 768))
    pygame.event.clear()
    app.step()
    try:
        video = circling_video()
        race = Race(video)
        assert race.first_cell == (50, 50)
        session, first = app.dealer.from_video(video, race.first_cell)
        app.show(screens.Playing(session=session, made_click=first, race=race))
        driver = Driver(app, tmp_path / "shots")
        driver.frames(2)
        scene = driver.scene
        assert scene.layout.scrolls, "a board larger than the window"
        scene.screen.keep_in_view(first)
        driver.click_cell(*first, frames=1)  # a click on an open cell: the player's first move, the clocks start
        tile = scene.layout.tile
        for step in ("as it is", "scrolled", "zoomed in", "resized"):
            if step == "zoomed in":
                driver.key(pygame.K_EQUALS, mod=pygame.KMOD_CTRL, frames=1)
                assert scene.layout.tile > tile
            elif step == "resized":
                driver.post(pygame.WINDOWSIZECHANGED, x=900, y=650)
                driver.frames(1)
            g = scene.geometry  # the middle of the board in the middle of the view (and off it a little)
            off = 37 if step == "scrolled" else 0
            middle = 50 * g.tile + g.tile // 2
            scene.screen.scroll_by(middle - g.view.w // 2 - g.scroll_x + off, middle - g.view.h // 2 - g.scroll_y - off)
            assert g.scroll_x and g.scroll_y, step
            seen = 0
            for _ in range(60):
                driver.frames(1)
                drawn, tip = scene.ghost._drawn, tip_on_screen(scene)
                if scene.geometry.view.collidepoint(tip):
                    assert drawn is not None and drawn.collidepoint(tip), step
                    seen += 1
                else:
                    assert drawn is None or not drawn.collidepoint(tip), step
            assert seen, step
        assert app.screen.get_size() == (900, 650)
    finally:
        app.store.close()
        pygame.quit()


def test_a_tinted_cell_under_the_keyboard_cursor_keeps_one_tint_while_other_cells_change(racing):
    scene = racing.scene
    racing.key(pygame.K_o)
    ghost, board = scene.race.ghost, scene.board
    while not [c for c in ghost.opened_cells if not board.is_revealed(*c)]:
        racing.frames(5)
    cell = next(c for c in sorted(ghost.opened_cells) if not board.is_revealed(*c))
    scene.ui = scene.ui._replace(cursor=cell)  # the keyboard's cursor rests on a cell the ghost opened
    scene.screen.keep_in_view(cell)
    racing.frames(2)
    inside = scene.geometry.cell_rect(*cell).inflate(-20, -20)  # within the cursor's frame
    first = on_screen(racing, inside)
    others = [c for c in cells_of(board) if c != cell and not board.is_mine(*c) and not board.is_revealed(*c)]
    for n, other in enumerate(others[:30]):  # other cells change (flags, each a frame): the cursor is drawn again
        scene.apply(Move(MoveKind.FLAG, *other))
        racing.frames(1)
        if not scene.ghost._drawn or not scene.ghost._drawn.colliderect(inside):
            assert on_screen(racing, inside) == first, n


def cells_of(board):
    return [(r, c) for r in range(board.rows) for c in range(board.cols)]
