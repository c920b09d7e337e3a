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
