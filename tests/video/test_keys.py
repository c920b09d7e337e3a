"""Keys in a video: counted and written as the mouse events that do the same on their cell, and played back as
the keyboard cursor, apart from the mouse pointer."""

from game.video import Mouse, Video, figures_of
from game.video.keys import as_mouse
from game.video.playback import Playback


def keyed():
    """Open the middle by the mouse, then the keyboard: the cursor to (0, 2), open it, flag (2, 0)."""
    video = Video.from_text(["...*", "....", "*..."])
    video.append(Mouse.LEFT_PRESS, 0, 24, 24)
    video.append(Mouse.LEFT_RELEASE, 90, 24, 24)
    video.append(Mouse.KEY_CURSOR, 300, 40, 24)  # the cursor appears at (1, 2)
    video.append(Mouse.KEY_CURSOR, 400, 40, 8)  # up, to (0, 2)
    video.append(Mouse.KEY_OPEN, 500, 40, 8)
    video.append(Mouse.MOVE, 600, 70, 70)  # the mouse moves off the board: the cursor stays
    video.append(Mouse.KEY_FLAG, 700, 8, 40)
    video.append(Mouse.MOVE, 800, 10, 10)  # over a cell: the cursor goes, as the game's interpreter hides it
    return video


def test_a_key_is_the_mouse_events_that_do_the_same_at_its_cell_and_a_cursor_move_is_nothing():
    mouse = as_mouse(keyed())
    assert [(e.kind, e.time_ms, e.x, e.y) for e in mouse][2:] == [
        (Mouse.LEFT_PRESS, 500, 40, 8),
        (Mouse.LEFT_RELEASE, 500, 40, 8),
        (Mouse.MOVE, 600, 64, 48),  # (off the board: its corner)
        (Mouse.RIGHT_PRESS, 700, 8, 40),
        (Mouse.RIGHT_RELEASE, 700, 8, 40),
        (Mouse.MOVE, 800, 10, 10),
    ]
    chord = Video.from_text(["*.", ".."])
    chord.append(Mouse.KEY_CHORD, 0, 8, 24)
    assert [e.kind for e in as_mouse(chord)] == [
        Mouse.LEFT_PRESS,
        Mouse.RIGHT_PRESS,
        Mouse.LEFT_RELEASE,
        Mouse.RIGHT_RELEASE,
    ]
    video = Video.from_text(["*."])
    assert as_mouse(video) is video, "a video without keys is itself"


def test_the_figures_count_a_key_as_its_mouse_events():
    figures = figures_of(keyed())
    assert figures == figures_of(as_mouse(keyed()))
    assert (figures.left, figures.lce, figures.right, figures.rce, figures.flags) == (2, 2, 1, 1, 1)


def test_replay_shows_the_keyboard_cursor_apart_from_the_pointer():
    playback = Playback(keyed())
    cursor = [playback.key_cursor_at(t - 90) for t in (200, 300, 450, 500, 650, 700, 800)]
    assert cursor == [None, (1, 2), (0, 2), (0, 2), (0, 2), (2, 0), None]
    assert playback.cursor_at(450 - 90) == (24.0, 24.0), "keys do not move the mouse pointer"
    assert playback.cursor_at(650 - 90) is None, "the pointer off the board"
    assert playback.next_time(0, clicks_only=True) == 500 - 90, "a key that opens is a click to step to"
