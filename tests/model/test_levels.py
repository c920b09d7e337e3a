"""The standard boards and their levels: one list (rules/category.py), read by STNB, Records, Replay, `stats`
and the labels of videos."""

from game.model import PRESETS, STANDARD_BOARDS, category_for, category_label, level_of, standard_boards_text


def test_the_community_s_levels():
    assert level_of(9, 9, 10) == level_of(8, 8, 10) == "beginner", "Windows' and Arbiter's beginner alike"
    assert level_of(16, 16, 40) == "intermediate" and level_of(16, 30, 99) == "expert"
    assert level_of(30, 16, 99) is None, "expert on its side is a custom board"
    assert level_of(9, 9, 11) is None and level_of(8, 8, 9) is None
    for key, preset in PRESETS.items():  # each of our presets is a standard board of its own level
        assert level_of(preset.rows, preset.cols, preset.mines) == key


def test_a_standard_board_that_is_not_our_preset_is_labelled_by_its_level():
    """Before: Arbiter's 8 x 8 beginner read "Custom 8 x 8, 10 mines", in Records, Replay and the videos list."""
    assert category_label(category_for(8, 8, 10)) == "Beginner 8 x 8"
    assert category_for(8, 8, 10) == "custom:8x8x10", "kept apart from 9 x 9 in the records: times differ"
    assert category_label(category_for(9, 9, 10)) == "Beginner" and category_label("expert") == "Expert"
    assert category_label(category_for(30, 16, 99)) == "Custom 16 x 30, 99 mines"


def test_the_standard_boards_in_words_come_from_the_list():
    words = standard_boards_text()
    assert words == "beginner 9 x 9 or 8 x 8, intermediate 16 x 16, expert 30 x 16"
    assert len(STANDARD_BOARDS) == 4
