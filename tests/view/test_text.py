"""Text fitted to its box: a line too long is cut under an ellipsis at the longest start that fits, in a few
measures however long it is, and a name that is not UTF-8 is measured and drawn escaped."""

import pygame
import pytest

from game.view import text, typeface
from game.view.typeface import BODY, SMALL

pytestmark = pytest.mark.skipif(not typeface.available(), reason="the game's typeface (font-lato) is not installed")


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    typeface.forget()
    yield
    typeface.forget()


def test_a_long_line_is_cut_at_the_longest_start_that_fits_in_a_few_measures(monkeypatch):
    name = "/home/player/videos/" + "very long folder name/" * 200 + "game.avf"  # 4,428 characters
    measures = []
    real = text.width

    def counted(message, size=BODY, weight=typeface.REGULAR):
        measures.append(message)
        return real(message, size, weight)

    monkeypatch.setattr(text, "width", counted)
    cut, size = text.fit(name, 300, BODY, smallest=SMALL)
    assert cut.endswith(text.ELLIPSIS) and real(cut, size) <= 300
    longer = name[: len(cut.removesuffix(text.ELLIPSIS).rstrip()) + 1]
    assert real(longer + text.ELLIPSIS, size) > 300 or longer.endswith(" "), "the longest start that fits"
    assert len(measures) < 30, "halving, not a measure for each character cut"


def test_a_name_that_is_not_utf8_is_measured_and_drawn_escaped():
    surface = pygame.Surface((400, 40))
    assert text.width("bad\udcff.avf") == text.width("bad\\xff.avf")
    with text.recording() as log:
        text.draw_fitted(surface, "bad\udcff.avf", surface.get_rect())
    assert [line.text for line in log] == ["bad\\xff.avf"]
