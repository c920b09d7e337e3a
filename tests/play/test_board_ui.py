"""The board's input interpreter (game.play.board_ui): what presses, releases, drags, the wheel and keys mean, for the
mouse and the keyboard alike, on text boards, with no pygame and no window."""

import subprocess
import sys

from game import config
from game.model import Board, Move, MoveKind
from game.play.board_ui import (
    BoardKey,
    BoardUI,
    KeyPress,
    Leave,
    Motion,
    MouseButton,
    Press,
    Release,
    Scroll,
    Wheel,
    hover_cell,
    interpret,
    pressed_cells,
    pressing_board,
    released,
    unheard,
)

# 2 mines; (4, 4) opens the right of it, leaving column 0 and (3, 1), (4, 1) covered; (4, 2) is a 1
LAYOUT = ["*....", ".....", ".....", ".*...", "....."]
TILE = 10
LEFT, MIDDLE, RIGHT = MouseButton.LEFT, MouseButton.MIDDLE, MouseButton.RIGHT


class Grid:
    """Cells TILE pixels square from the window's corner: what the view's BoardGeometry answers."""

    tile = TILE

    def __init__(self, rows=5, cols=5, max_scroll=(0, 0)):
        self.rows, self.cols = rows, cols
        self.max_scroll = max_scroll

    def cell_at(self, pos):
        row, col = pos[1] // TILE, pos[0] // TILE
        return (row, col) if 0 <= row < self.rows and 0 <= col < self.cols and min(pos) >= 0 else None


def at(row, col):
    return col * TILE + 5, row * TILE + 5


OFF_BOARD = (200, 200)


def feed(board, events, ui=None, max_scroll=(0, 0)):
    """Interpret the events in turn; returns the last UI state and every outcome that was not None."""
    ui, outcomes = ui or BoardUI(), []
    for event in events:
        ui, outcome = interpret(board, ui, event, Grid(board.rows, board.cols, max_scroll))
        if outcome is not None:
            outcomes.append(outcome)
    return ui, outcomes


def board():
    return Board.from_layout(LAYOUT, seed=7)


def opened():
    b = board()
    b.reveal(4, 4)
    return b


def click(pos, button=LEFT, t_ms=0):
    return [Motion(t_ms, pos), Press(t_ms, pos, button), Release(t_ms + 80, pos, button)]


# --- the left button --------------------------------------------------------------------------------------


def test_a_press_only_shows_the_pressed_look_and_the_release_reveals():
    b = board()
    ui, outcomes = feed(b, [Motion(0, at(2, 2)), Press(10, at(2, 2), LEFT)])
    assert outcomes == [] and pressed_cells(b, ui) == {(2, 2)} and pressing_board(ui)
    assert hover_cell(ui) is None, "no hover while a button is held"
    ui, outcomes = feed(b, [Release(90, at(2, 2), LEFT)], ui)
    assert outcomes == [Move("reveal", 2, 2)] and pressed_cells(b, ui) == set()
    assert not b.moves, "the interpreter decides the move; it never plays it"


def test_the_press_follows_the_pointer_and_the_release_commits_where_it_ends():
    b = board()
    ui, _ = feed(b, [Press(0, at(2, 2), LEFT), Motion(5, at(2, 3))])
    assert pressed_cells(b, ui) == {(2, 3)}
    assert feed(b, [Release(9, at(2, 3), LEFT)], ui)[1] == [Move("reveal", 2, 3)]


def test_a_release_dragged_off_the_board_cancels():
    b = board()
    ui, outcomes = feed(b, [Press(0, at(2, 2), LEFT), Motion(5, OFF_BOARD), Release(9, OFF_BOARD, LEFT)])
    assert outcomes == [] and ui == BoardUI() and pressed_cells(b, ui) == set()


def test_a_left_click_on_a_revealed_number_chords_it():
    b = opened()
    b.toggle_flag(3, 1)
    _, outcomes = feed(b, click(at(4, 2)))
    assert outcomes == [Move("chord", 4, 2)]
    ui, _ = feed(b, [Press(0, at(4, 2), LEFT)])
    assert pressed_cells(b, ui) == {(4, 1)}, "a held left button on a number shows its covered neighbours pressed"


def test_a_left_click_on_a_number_chords_through_the_session():
    """Moved from the session's tests: the session once turned a reveal of a number into a chord itself."""
    from game.play.session import GameSession

    s = GameSession(board())
    s.apply(Move("reveal", 4, 4))
    s.apply(Move("flag", 3, 1))
    before = s.board.chord_clicks
    _, (move,) = feed(s.board, click(at(4, 2)))  # a revealed 1 whose mine is flagged
    s.apply(move)
    assert s.board.chord_clicks == before + 1 and s.board.moves[-1].kind == "chord"


# --- the right button, and both -----------------------------------------------------------------------------


def test_a_right_press_flags_at_once_and_its_release_does_nothing():
    b = board()
    ui, outcomes = feed(b, [Motion(0, at(1, 1)), Press(3, at(1, 1), RIGHT)])
    assert outcomes == [Move(MoveKind.TOGGLE_FLAG, 1, 1)]
    assert feed(b, [Release(50, at(1, 1), RIGHT)], ui)[1] == []
    assert feed(b, [Press(0, OFF_BOARD, RIGHT)])[1] == [], "off the board a right press flags nothing"


def test_left_and_right_together_chord_once_and_the_second_release_is_swallowed():
    b = opened()
    pos = at(4, 2)
    ui, outcomes = feed(b, [Press(0, pos, LEFT), Press(5, pos, RIGHT)])
    assert outcomes == [], "the right press of a chord does not flag"
    assert ui.chording and pressed_cells(b, ui) == {(3, 1), (4, 1)}, "its covered neighbours show pressed"
    ui, outcomes = feed(b, [Release(40, pos, RIGHT)], ui)
    assert outcomes == [Move("chord", 4, 2)]
    ui, outcomes = feed(b, [Release(60, pos, LEFT)], ui)
    assert outcomes == [], "the left release after a chord reveals nothing"
    assert not ui.swallow_release and not ui.left


def test_right_then_left_chords_too():
    b = opened()
    pos = at(4, 2)
    ui, outcomes = feed(b, [Press(0, pos, RIGHT), Press(5, pos, LEFT), Release(40, pos, LEFT), Release(50, pos, RIGHT)])
    flag, chord = Move(MoveKind.TOGGLE_FLAG, 4, 2), Move("chord", 4, 2)
    assert outcomes == [flag, chord], "the right press alone flags (nothing, on a number)"


def test_the_middle_button_chords_and_a_middle_drag_scrolls_instead():
    b = opened()
    assert feed(b, click(at(4, 2), MIDDLE))[1] == [Move("chord", 4, 2)]
    start = at(1, 1)
    far = (start[0] + config.DRAG_THRESHOLD + 3, start[1])
    ui, outcomes = feed(b, [Press(0, start, MIDDLE), Motion(5, far), Release(9, far, MIDDLE)])
    assert outcomes == [Scroll(start[0] - far[0], 0)], "the board follows the pointer; no chord"
    assert ui == BoardUI(pointer=Grid().cell_at(far))


def test_a_small_wobble_of_the_middle_button_is_still_a_chord():
    b = opened()
    start = at(4, 2)
    ui, outcomes = feed(b, [Press(0, start, MIDDLE), Motion(5, (start[0] + 1, start[1])), Release(9, start, MIDDLE)])
    assert outcomes == [Move("chord", 4, 2)]


# --- the wheel, leaving, dropping a press -------------------------------------------------------------------


def test_the_wheel_scrolls_by_whole_tiles_and_sideways_with_shift():
    step = TILE * config.WHEEL_SCROLL_TILES
    assert feed(board(), [Wheel(0, 0, -1)])[1] == [Scroll(0, step)]
    assert feed(board(), [Wheel(0, 0, -1, sideways=True)])[1] == [Scroll(step, 0)]


def test_the_plain_wheel_scrolls_a_board_that_overflows_only_sideways():
    step = TILE * config.WHEEL_SCROLL_TILES
    assert feed(board(), [Wheel(0, 0, -1)], max_scroll=(500, 0))[1] == [Scroll(step, 0)]
    assert feed(board(), [Wheel(0, 0, -1)], max_scroll=(500, 300))[1] == [Scroll(0, step)], "both ways: down"


def test_leaving_the_window_drops_the_hover():
    ui, _ = feed(board(), [Motion(0, at(1, 1))])
    assert hover_cell(ui) == (1, 1)
    ui, _ = feed(board(), [Leave(5)], ui)
    assert hover_cell(ui) is None


def test_released_drops_a_press_without_playing_it():
    b = board()
    ui, _ = feed(b, [Press(0, at(2, 2), LEFT), Press(1, at(2, 2), RIGHT)])
    ui = released(ui)
    assert not pressing_board(ui) and pressed_cells(b, ui) == set() and ui.pointer == (2, 2)
    assert feed(b, [Release(9, at(2, 2), LEFT)], ui)[1] == [], "the dropped press's release plays nothing"
    assert feed(b, click(at(2, 2)), ui)[1] == [Move("reveal", 2, 2)], "a fresh click plays again"


def test_a_release_whose_press_the_board_never_had_plays_nothing():
    """A press taken by a button beside the board (Hint, Why?), then released over a cell: half a click."""
    b = opened()
    for button in (LEFT, RIGHT, MIDDLE):
        ui, outcomes = feed(b, [Motion(0, at(4, 2)), Release(9, at(4, 2), button)])
        assert outcomes == [] and ui == BoardUI(pointer=(4, 2)), button
    ui, outcomes = feed(b, [Press(0, at(2, 2), RIGHT), Release(5, at(2, 2), LEFT), Release(9, at(2, 2), RIGHT)])
    assert outcomes == [Move(MoveKind.TOGGLE_FLAG, 2, 2)] and ui == BoardUI(pointer=(2, 2))


def test_nothing_is_pressed_on_a_finished_board():
    b = board()
    b.reveal(0, 0)  # the mine
    ui, _ = feed(b, [Press(0, at(2, 2), LEFT)])
    assert pressed_cells(b, ui) == set()


# --- the keyboard -------------------------------------------------------------------------------------------


def test_the_first_key_shows_the_cursor_in_the_middle_and_plays_nothing():
    ui, outcomes = feed(board(), [KeyPress(0, BoardKey.REVEAL)])
    assert ui.cursor == (2, 2) and outcomes == []


def test_the_cursor_moves_stays_on_the_board_and_plays_the_cell_under_it():
    b = opened()
    keys = [KeyPress(0, BoardKey.DOWN), *[KeyPress(t, BoardKey.LEFT) for t in range(1, 6)], KeyPress(9, BoardKey.DOWN)]
    ui, outcomes = feed(b, keys)
    assert ui.cursor == (3, 0) and outcomes == []
    ui, outcomes = feed(b, [KeyPress(10, BoardKey.FLAG), KeyPress(11, BoardKey.UP)], ui)
    assert outcomes == [Move(MoveKind.TOGGLE_FLAG, 3, 0)] and ui.cursor == (2, 0)
    b.toggle_flag(3, 1)
    ui = BoardUI(cursor=(4, 2))
    assert feed(b, [KeyPress(12, BoardKey.REVEAL)], ui)[1] == [Move("chord", 4, 2)], "Space on a number chords"
    assert feed(b, [KeyPress(12, BoardKey.REVEAL)], BoardUI(cursor=(2, 0)))[1] == [Move("reveal", 2, 0)]


def test_the_mouse_moving_over_the_board_hides_the_cursor():
    ui = BoardUI(cursor=(1, 1))
    assert feed(board(), [Motion(0, OFF_BOARD)], ui)[0].cursor == (1, 1), "off the board it stays"
    assert feed(board(), [Motion(0, at(3, 3))], ui)[0].cursor is None


# --- the events themselves ----------------------------------------------------------------------------------


def test_events_are_plain_values_that_carry_their_arrival_time():
    events = [Motion(12, (1, 2)), Press(15, (1, 2), 1), Release(90, (1, 2), 1), KeyPress(95, BoardKey.FLAG)]
    assert [e.t_ms for e in events] == [12, 15, 90, 95]
    assert eval(repr(events[1]), {"Press": Press}) == events[1], "a recorder can write them down and read them back"


def test_the_interpreter_needs_no_pygame():
    code = "import sys, game.play.board_ui; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


# --- NF mode: nothing places a flag ---------------------------------------------------------------------------

NF = BoardUI(no_flags=True)


def test_in_nf_mode_a_right_click_and_the_flag_key_are_no_input_at_all():
    b = opened()
    for events in (
        [Press(0, at(2, 0), RIGHT), Release(5, at(2, 0), RIGHT)],
        [Motion(0, at(0, 1)), Press(1, at(0, 1), RIGHT), Motion(2, at(3, 0)), Release(5, at(3, 0), RIGHT)],
        [KeyPress(0, BoardKey.DOWN), KeyPress(1, BoardKey.FLAG)],
    ):
        ui, outcomes = feed(b, events, NF)
        assert outcomes == [] and not ui.right and ui.no_flags, events
        assert all(unheard(NF, e) for e in events if isinstance(e, (Press, Release)))
    assert unheard(NF._replace(cursor=(2, 0)), KeyPress(0, BoardKey.FLAG))
    assert not unheard(BoardUI(), Press(0, at(2, 0), RIGHT)), "out of NF mode a right press flags"
    assert feed(b, [Press(0, at(2, 0), RIGHT)])[1] == [Move(MoveKind.TOGGLE_FLAG, 2, 0)]


def test_in_nf_mode_both_buttons_and_the_middle_one_still_chord_and_a_left_click_still_opens():
    b = opened()
    left_then_right = [Press(0, at(4, 2), LEFT), Press(1, at(4, 2), RIGHT), Release(5, at(4, 2), LEFT)]
    ui, outcomes = feed(b, [*left_then_right, Release(6, at(4, 2), RIGHT)], NF)
    assert outcomes == [Move(MoveKind.CHORD, 4, 2)] and ui == NF._replace(pointer=(4, 2))
    assert not unheard(NF._replace(left=True), Press(1, at(4, 2), RIGHT)), "the chord's right press is heard"
    assert not unheard(NF._replace(right=True), Release(6, at(4, 2), RIGHT)), "and its release"
    ui, outcomes = feed(b, [Press(0, at(4, 2), MIDDLE), Release(5, at(4, 2), MIDDLE)], NF)
    assert outcomes == [Move(MoveKind.CHORD, 4, 2)]
    # right first: passed over, so the left press that follows is a left click (it never flags)
    ui, outcomes = feed(b, [Press(0, at(2, 0), RIGHT), Press(1, at(2, 0), LEFT), Release(5, at(2, 0), LEFT)], NF)
    assert outcomes == [Move(MoveKind.REVEAL, 2, 0)]
    assert feed(b, [Release(6, at(2, 0), RIGHT)], ui)[1] == []
    assert feed(b, click(at(3, 0)), NF)[1] == [Move(MoveKind.REVEAL, 3, 0)]


def test_nf_mode_outlives_a_dropped_press():
    ui, _ = feed(board(), [Press(0, at(2, 2), LEFT)], NF)
    assert released(ui).no_flags
