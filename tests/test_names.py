"""game.names.printable: what is not a character to show is escaped, every character shown as it is."""

import pytest

from game.names import printable


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("plain.avf", "plain.avf"),
        ("bad\udcff.avf", "bad\\xff.avf"),  # a byte that is not UTF-8 shows as that byte
        ("line\nbreak\ttab\x1b[31m", "line\\x0abreak\\x09tab\\x1b[31m"),  # controls (a terminal's escape too)
        ("\x85\x7f", "\\x85\\x7f"),
        ("\ud800", "\\ud800"),
        ("gpj.\u202eexe", "gpj.\\u202eexe"),  # a bidi override would show the name's end reversed
        ("\u2067x\u2069", "\\u2067x\\u2069"),
        ("مهر\u200cناز", "مهر\u200cناز"),  # a Persian name keeps its zero-width non-joiner
        ("👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"),  # a family emoji keeps its joiners
        ("王\u00a0Ω é", "王\u00a0Ω é"),
    ],
)
def test_printable_escapes_only_what_does_not_show(name, shown):
    assert printable(name) == shown
    printable(name).encode("utf-8")  # strict: it can be printed anywhere


def test_printable_takes_a_path(tmp_path):
    assert printable(tmp_path / "bad\udcff") == f"{tmp_path}/bad\\xff"


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("  مهر\u200cناز  ", "مهر\u200cناز"),
        ("👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"),
        (
            "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",
            "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",
        ),
        ("山田\u3000太郎", "山田\u3000太郎"),  # an ideographic space
        ("a\x00b\nc\u2028d\u202ee\u2066f\udcff", "abcdef"),
    ],
)
def test_a_players_name_keeps_its_characters_and_loses_only_what_acts(typed, name):
    from game.settings import clean_player

    assert clean_player(typed) == name


def test_a_name_cut_at_its_most_characters_leaves_no_joiner_dangling():
    from game.names import player_name

    assert player_name("ab👨\u200d👩", 3) == "ab👨"


def test_a_players_name_read_from_a_video_keeps_its_joiners():
    from game.video.foreign import _text

    assert _text("مهر\u200cناز\x00\u202e") == "مهر\u200cناز"
