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


CHINESE = "王嘉宁是一位扫雷玩家，她在比赛中获得了冠军。（第一名）她用 Minesweeper Arbiter 玩「高级」。"
JAPANESE = "山田太郎さんは、上級を３０秒で終わらせました！「すごい」ですね。"


@pytest.mark.skipif(not typeface.cjk_available(), reason="the CJK subset (assets/fonts) is not there")
@pytest.mark.parametrize("paragraph", [CHINESE, JAPANESE])
def test_chinese_and_japanese_break_between_characters_never_before_closing_nor_after_opening(paragraph):
    broke_inside = False
    widest = text.width("Minesweeper", BODY)  # a word with no room for it would get a line of its own
    for room in range(widest, widest * 4, 13):
        lines = text.wrap(paragraph, BODY, room)
        assert "".join(lines).replace(" ", "") == paragraph.replace(" ", "")
        for line in lines:
            assert text.width(line, BODY) <= room, (room, line)
            assert line[0] not in text.NO_LINE_START, (room, lines)
            assert line[-1] not in text.NO_LINE_END, (room, lines)
        for word in ("Minesweeper", "Arbiter"):  # a Latin word among them stays whole
            assert word not in paragraph or any(word in line for line in lines), (room, lines)
        broke_inside |= len(lines) > 1 and not all(line[-1] in "，。、！" for line in lines[:-1])
    assert broke_inside, "a line of Chinese or Japanese breaks between two characters, not at spaces only"


def test_a_word_longer_than_its_room_gets_its_own_line_unless_it_must_be_hyphenated():
    word = "Donaudampfschifffahrtsgesellschaftskapitänsmütze"
    room = text.width(word, BODY) // 3
    assert text.wrap(f"Der {word} ist da", BODY, room) == ["Der", word, "ist da"]
    lines = text.wrap(f"Der {word} ist da", BODY, room, hyphenate=True)
    assert lines[0] == "Der" and lines[-1].endswith("ist da") and len(lines) >= 4
    assert all(text.width(line, BODY) <= room for line in lines), lines
    assert all(line.endswith("-") for line in lines[1:-2])
    assert "".join(line.removesuffix("-") for line in lines[1:-1]) + lines[-1].removesuffix(" ist da") == word


def test_a_paragraph_shrinks_before_it_hyphenates_and_hyphenates_before_it_cuts():
    word = "Minensuchbestenlistenverwaltung"
    box = pygame.Rect(0, 0, text.width(word, BODY) - 2, 200)
    lines, size = text.fit_paragraph(f"Die {word}", box, BODY)
    assert size < BODY and lines == ["Die", word], "it shrinks first"
    narrow = pygame.Rect(0, 0, text.width(word, typeface.TINY) // 2, 200)
    lines, size = text.fit_paragraph(f"Die {word}", narrow, BODY, smallest=typeface.TINY)
    assert size == typeface.TINY and lines[0] == "Die" and lines[1].endswith("-"), lines
    assert "…" not in "".join(lines) and "".join(x.removesuffix("-") for x in lines[1:]) == word
