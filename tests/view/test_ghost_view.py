"""The ghost drawn over the board by dirty rectangles: where it was is put back exactly as the board (and the
tint of the cells it opened, once each) when it moves on, and a frame sends the screen only small rectangles."""

import pygame
import pytest

from game.app import App
from game.race import Race
from game.view.ghost import OPENED_TINT
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
    app.show("playing", session=session, first_reveal=first, race=race)
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
