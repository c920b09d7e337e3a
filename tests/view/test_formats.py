"""One way to write the chance of a mine, wherever the game shows one (the status line, the label beside the
pointer, a guessing hint, a puzzle's words): never 0% or 100% for a cell that is not certain."""

from game.view.formats import format_chance


def test_a_chance_reads_one_way():
    assert [format_chance(p) for p in (0.0, 0.004, 0.01, 0.125, 0.5, 0.99, 0.996, 1.0)] == [
        "0%",
        "under 1%",
        "1%",
        "12%",
        "50%",
        "99%",
        "over 99%",
        "100%",
    ]
