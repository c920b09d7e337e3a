"""A paragraph's lines: a board's size ("30 x 16") never broken between two of them."""

import pygame
import pytest

from game.view import text, typeface
from game.view.typeface import BODY

WORDS = "on beginner 9 x 9 or 8 x 8, intermediate 16 x 16, expert (30 x 16). 435 x 3BV / time^1.7"


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    typeface.forget()  # fonts an earlier test made die with its pygame.quit()
    yield
    typeface.forget()


def test_a_board_size_is_one_word_and_a_product_is_not():
    words = text.UNBROKEN.findall(WORDS)
    assert {"9 x 9", "8 x 8,", "16 x 16,", "(30 x 16)."} <= set(words)
    assert words[-5:-2] == ["435", "x", "3BV"], "a product is no board size"


def test_a_board_size_stays_on_one_line():
    """Before: the explanation of STNB broke "30 x 16" after its "x" on the Help page at 800 x 600."""
    for room in range(40, 400, 7):
        lines = text.wrap(WORDS, BODY, room)
        assert " ".join(lines) == WORDS
        for size in ("9 x 9", "8 x 8", "16 x 16", "30 x 16"):
            assert any(size in line for line in lines), (room, lines)
