"""The system font for characters the game's typeface lacks (a player's name in Chinese): which text needs it,
and a line drawn with it beside the game's own letters, inside its box."""

import pygame
import pytest

from game.view import fallback, typeface
from game.view.typeface import BOLD, SMALL

pytestmark = pytest.mark.skipif(not typeface.available(), reason="the game's typeface (font-lato) is not installed")


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    typeface.forget()  # fonts an earlier test made die with its pygame.quit()
    yield
    typeface.forget()


def test_only_what_the_typeface_lacks_needs_the_system_font():
    assert fallback.needed("王嘉宁 (CN)", SMALL)
    assert fallback.needed("Custom 8 x 8 · 王嘉宁", SMALL, BOLD)
    assert not fallback.needed("Wang Jianing G01825 · Minesweeper Arbiter 0.52.3", SMALL)
    assert not fallback.needed("Émile Zoë · 3BV/s 2.579", SMALL)


def test_a_line_with_both_is_drawn_inside_its_box():
    fallback.look_for_it()
    fallback._looking[0].join(30)
    if not fallback._found or fallback._found[0] is None:
        pytest.skip("no system font with these characters here")
    surface = pygame.Surface((200, 30), pygame.SRCALPHA)
    box = pygame.Rect(10, 5, 180, 20)
    drawn = fallback.draw_fitted(
        surface, "王嘉宁 (CN) · Minesweeper Arbiter 0.52.3 · 2025-02-01", box, SMALL, (255, 255, 255), "left", BOLD
    )
    assert box.x <= drawn.x and drawn.right <= box.right and drawn.w > box.w // 2
    inked = surface.get_bounding_rect()
    assert box.x <= inked.x and inked.right <= box.right and inked.w > box.w // 2, (inked, box)
