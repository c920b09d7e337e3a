"""The rules, move by move, on boards drawn as text ('*' mine, '.' safe)."""

import pytest

from game.model import PRESETS, Board, GameState, Move, validate_size
from tests.boardtext import seen


def board(*rows, **options):
    return Board.from_layout(list(rows), **options)


# --- sizes -------------------------------------------------------------------------------------------


def test_presets_are_the_classic_three():
    assert [(p.name, p.rows, p.cols, p.mines) for p in PRESETS.values()] == [
        ("Beginner", 9, 9, 10),
        ("Intermediate", 16, 16, 40),
        ("Expert", 16, 30, 99),
    ]


@pytest.mark.parametrize(
    "rows,cols,mines,message",
    [
        (9, 9, 81, "A 9x9 board holds at most 80 mines."),
        (9, 9, 0, "A board needs at least 1 mine."),
        (1, 1, 1, "A board needs at least 2 cells."),
        (0, 5, 1, "A board has 1 to 1000 rows, not 0."),
        (5, 1001, 1, "A board has 1 to 1000 columns, not 1001."),
        (16, 30, 480, "A 16x30 board holds at most 479 mines."),
        (1, 2, 2, "A 1x2 board holds at most 1 mine."),
    ],
)
def test_impossible_sizes_are_refused_in_words(rows, cols, mines, message):
    with pytest.raises(ValueError) as error:
        Board(rows, cols, mines)
    assert str(error.value) == message


@pytest.mark.parametrize("args", [(9.0, 9, 10), ("9", 9, 10), (9, 9, True), (9, None, 10)])
def test_sizes_that_are_not_whole_numbers_are_type_errors(args):
    with pytest.raises(TypeError):
        validate_size(*args)


def test_the_extremes_are_allowed():
    Board(1, 2, 1)
    Board(1000, 1000, 999_999)
    with pytest.raises(ValueError):
        Board(9, 9, 10, first_click="corner")


def test_a_new_board_is_ready_and_covered():
    b = Board(9, 9, 10, seed=1)
    assert b.state == "ready" and b.state is GameState.READY
    assert not b.mines_placed and b.mines_left == 10 and b.three_bv is None
    assert seen(b) == ["#########"] * 9


# --- reveal ------------------------------------------------------------------------------------------


def test_a_number_reveals_only_itself():
    b = board("*..", "...", "...")
    assert b.reveal(0, 1) == [(0, 1)]
    assert seen(b) == ["#1#", "###", "###"]
    assert b.state == "playing"


def test_a_zero_opens_its_region_up_to_the_numbered_border():
    b = board("....*", ".....", "**...", ".....")
    changed = b.reveal(0, 0)
    assert seen(b) == ["0001#", "2211#", "#####", "#####"]
    assert sorted(changed) == [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3)]


def test_cascade_fills_the_region_exactly():
    b = board(".....", ".....", "...*.", ".....")
    changed = b.reveal(0, 0)
    # the 1s right and below the mine touch no zero, so the cascade leaves them covered
    assert seen(b) == ["00000", "00111", "001##", "001##"]
    assert len(changed) == len(set(changed)) == 16
    assert b.state == "playing" and b.safe_cells_left == 3


def test_cascade_goes_round_corners_diagonally():
    # two 2x2 blocks of zeros touch only at a corner: 8-connected, they are one opening
    b = board("...*", "....", "....", "*...")
    b.reveal(0, 0)
    assert seen(b) == ["001F", "0011", "1100", "F100"]
    assert b.state == "won" and b.three_bv == 1


def test_a_number_walls_the_cascade_in():
    b = board("..*...", "..*...", "***...", "......")
    b.reveal(0, 5)
    assert seen(b) == ["###200", "###300", "###200", "###100"]


def test_flags_stop_a_cascade_and_are_never_revealed():
    b = board(".....", ".....", ".....", "....*")
    b.toggle_flag(0, 2)
    b.toggle_flag(1, 2)
    b.toggle_flag(2, 2)
    b.toggle_flag(3, 2)
    b.reveal(0, 0)
    assert seen(b) == ["00F##", "00F##", "00F##", "00F##"]


def test_a_question_mark_is_opened_by_a_cascade():
    b = board("....", "....", "...*", question_marks=True)
    b.toggle_flag(0, 3)
    b.toggle_flag(0, 3)
    assert b.is_questioned(0, 3)
    b.reveal(0, 0)
    assert seen(b)[0] == "0000"


def test_a_flagged_cell_cannot_be_revealed():
    b = board("*..", "...")
    b.toggle_flag(0, 0)
    assert b.reveal(0, 0) == []
    assert b.state == "ready" and not b.is_revealed(0, 0)


def test_revealing_a_revealed_cell_changes_nothing():
    b = board("*..", "...")
    b.reveal(0, 1)
    assert b.reveal(0, 1) == []
    assert b.left_clicks == 2 and b.effective_clicks == 1


def test_a_large_empty_board_opens_without_recursion():
    b = Board(1000, 1000, 1, seed=4)
    changed = b.reveal(500, 500)
    assert len(changed) >= 999_996
    assert b.state in ("won", "playing")


# --- losing and winning -------------------------------------------------------------------------------


def test_revealing_a_mine_loses_and_remembers_it():
    b = board("*..", "...", "..*")
    b.reveal(1, 1)
    assert b.reveal(2, 2) == [(2, 2)]
    assert b.state == "lost" and b.exploded == (2, 2)
    assert b.reveal(0, 2) == [] and b.toggle_flag(0, 2) == [] and b.chord(1, 1) == []
    assert not b.is_revealed(0, 2) and not b.is_flagged(0, 2)


def test_revealing_every_safe_cell_wins_and_flags_every_mine():
    b = board("*..", "...", "...")
    b.reveal(2, 2)
    assert b.state == "won" and b.exploded is None
    assert b.is_flagged(0, 0) and b.mines_left == 0 and b.safe_cells_left == 0
    assert (0, 0) in b.last_changed


def test_flags_are_not_needed_to_win():
    b = board("*.", "..", "..", ".*")
    for cell in [(0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0)]:
        b.reveal(*cell)
    assert b.state == "won"


# --- flags -----------------------------------------------------------------------------------------


def test_flag_cycle_without_and_with_question_marks():
    b = board("*..", "...")
    assert b.toggle_flag(0, 0) == [(0, 0)] and b.is_flagged(0, 0) and b.mines_left == 0
    b.toggle_flag(0, 0)
    assert not b.is_flagged(0, 0) and not b.is_questioned(0, 0) and b.mines_left == 1
    q = board("*..", "...", question_marks=True)
    q.toggle_flag(0, 0)
    q.toggle_flag(0, 0)
    assert q.is_questioned(0, 0) and q.mines_left == 1
    q.toggle_flag(0, 0)
    assert seen(q)[0] == "###"


def test_flags_do_nothing_on_revealed_cells_and_the_counter_may_go_negative():
    b = board("*...", "....")
    b.reveal(0, 1)
    assert b.toggle_flag(0, 1) == [] and not b.is_flagged(0, 1)
    for cell in [(0, 0), (0, 2), (0, 3), (1, 0)]:
        b.toggle_flag(*cell)
    assert b.mines_left == -3


def test_flags_before_the_first_click_are_kept():
    b = Board(9, 9, 10, seed=7)
    b.toggle_flag(8, 8)
    assert b.state == "ready"
    b.reveal(0, 0)
    assert b.is_flagged(8, 8) and not b.is_revealed(8, 8)


# --- chord -----------------------------------------------------------------------------------------


def test_chord_with_the_right_flags_opens_the_other_neighbours():
    b = board("*...", "....", "....")
    b.reveal(1, 1)
    b.toggle_flag(0, 0)
    changed = b.chord(1, 1)
    assert seen(b) == ["F100", "1100", "0000"]
    assert (0, 1) in changed and (2, 3) in changed and b.state == "won"


def test_chord_with_too_few_or_too_many_flags_does_nothing():
    b = board("*...", "....", "*...")
    b.reveal(1, 1)
    assert b.chord(1, 1) == []
    b.toggle_flag(0, 0)
    assert b.chord(1, 1) == []  # it shows 2
    b.toggle_flag(2, 0)
    b.toggle_flag(0, 1)
    assert b.chord(1, 1) == []
    assert b.chord_clicks == 3 and b.state == "playing"


def test_chord_with_a_wrong_flag_loses():
    b = board("*..", "...", "...")
    b.reveal(1, 1)
    b.toggle_flag(0, 1)  # wrong: the mine is in the corner
    b.chord(1, 1)
    assert b.state == "lost" and b.exploded == (0, 0)


def test_chord_on_a_covered_cell_does_nothing():
    b = board("*..", "...")
    b.reveal(1, 2)
    assert b.chord(0, 0) == []


# --- counters and 3BV --------------------------------------------------------------------------------


def test_three_bv_counts_openings_and_lonely_numbers():
    b = board(".....", ".....", "...*.", ".....")
    b.reveal(0, 0)
    assert b.three_bv == 4  # one opening, and three 1s beyond its reach
    c = board("*.*", "...", "*.*")
    c.reveal(0, 1)
    assert c.three_bv == 5  # no zeros: every safe cell is a click
    d = board("...*...", "...*...", "...*...")
    d.reveal(0, 0)
    assert d.three_bv == 2  # two openings


def test_clicks_are_counted_and_moves_logged():
    b = board("*...", "....", "....")
    b.reveal(1, 1)
    b.reveal(1, 1)
    b.toggle_flag(0, 0)
    b.chord(1, 1)
    assert (b.left_clicks, b.right_clicks, b.chord_clicks, b.effective_clicks) == (2, 1, 1, 3)
    assert b.moves == [Move("reveal", 1, 1), Move("reveal", 1, 1), Move("flag", 0, 0), Move("chord", 1, 1)]


def test_cells_outside_the_board_are_refused():
    b = Board(9, 9, 10)
    with pytest.raises(IndexError):
        b.reveal(9, 0)
    with pytest.raises(IndexError):
        b.toggle_flag(-1, 0)
    with pytest.raises(TypeError):
        b.reveal(1.5, 0)


def test_layouts_must_be_rectangular_and_use_two_characters():
    with pytest.raises(ValueError):
        Board.from_layout(["*..", ".."])
    with pytest.raises(ValueError):
        Board.from_layout(["*x."])
    with pytest.raises(ValueError):
        Board.from_layout([])
    assert Board.from_layout("*.\n..").mines == 1


def test_same_board_gives_the_same_mines_fresh():
    b = Board(16, 30, 99, seed=12)
    b.reveal(5, 5)
    b.toggle_flag(0, 0)
    again = b.same_board()
    assert again.state == "ready" and again.mines_placed and again.seed == b.seed
    assert again.mine_cells() == b.mine_cells() and again.flags == 0
    unplayed = Board(9, 9, 10, seed=3).same_board()
    assert not unplayed.mines_placed and unplayed.seed == 3


def test_mines_can_be_laid_before_the_first_reveal_only():
    b = Board(3, 3, 2, seed=1)
    b.toggle_flag(2, 2)
    b.lay_mines([(0, 0), (2, 2)])
    assert b.mine_cells() == [(0, 0), (2, 2)] and b.is_flagged(2, 2)
    assert b.reveal(1, 1) == [(1, 1)] and b.adjacent_mines(1, 1) == 2
    with pytest.raises(ValueError):
        b.lay_mines([(0, 0), (2, 2)])
    with pytest.raises(ValueError):
        Board(3, 3, 2).lay_mines([(0, 0)])
    with pytest.raises(ValueError):
        Board(3, 3, 2).lay_mines([(0, 0), (0, 0)])


def test_the_click_that_explodes_is_not_effective():
    """The community's rule: a click is effective when it opens or flags something; the one that explodes is not."""
    b = board("*.*", "...", "...")
    b.reveal(2, 2)
    assert b.effective_clicks == 1 and b.state == "playing"
    b.reveal(0, 0)
    assert b.state == "lost" and (b.left_clicks, b.effective_clicks) == (2, 1)


def test_a_chord_that_explodes_on_a_wrong_flag_is_not_effective():
    b = board("*.*", "...", "...")
    b.reveal(2, 2)  # opens the two lower rows; (1, 0) is a 1 touching (0, 0) and (0, 1)
    b.toggle_flag(0, 1)  # the wrong cell
    assert b.effective_clicks == 2
    b.chord(1, 0)
    assert b.state == "lost" and b.chord_clicks == 1 and b.effective_clicks == 2
