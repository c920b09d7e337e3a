"""The board's UI state and the one interpreter of input on it: what a press, a release, a drag or a key means.

After Tatham's `mines.c`: the board is the model's (`game_state`), what the player is doing with the mouse and
keys is a small value owned by the scene (`BoardUI`, his `game_ui`), and what was last drawn is the view's.
`interpret(board, ui, event, where)` is a pure function from those to a new `BoardUI` and the move to make (or
a scroll, or nothing): nothing else decides what a click means. It imports no pygame; the events it reads are
plain values that carry the time they arrived, so a recorder can listen to the same stream.

The classic rules: pressing only shows the pressed look; releasing on a cell commits there, releasing off the
board cancels, and a release whose press the board never had (a button's, or one dropped) does nothing. A right
press flags at once. Left and right together, or the middle button, chord; a left click (or Space) on a
revealed number chords too (the model ignores a chord whose flags do not match). A middle press that moves is
a drag that scrolls the board instead.

NF mode (no flags, as speed-runners play it) is part of the UI state (`BoardUI.no_flags`, set by the scene from
its game): a right press with the left button up, its release and the flag key are then no input at all
(`unheard`): they place nothing, and the video never hears them. Both buttons still chord, which opens nothing
without flags around, as in the classic.
"""

from __future__ import annotations

import enum
from typing import NamedTuple, Protocol

from game import config
from game.model import Board, Cell, GameState, Move, MoveKind

Pos = tuple[int, int]


class MouseButton(enum.IntEnum):
    """The mouse buttons, numbered as SDL numbers them."""

    LEFT = 1
    MIDDLE = 2
    RIGHT = 3


class BoardKey(enum.Enum):
    """The keys that play on the board (arrows or WASD move the cursor; Space or Enter reveals; F flags)."""

    UP = (-1, 0)
    DOWN = (1, 0)
    LEFT = (0, -1)
    RIGHT = (0, 1)
    REVEAL = "reveal"
    FLAG = "flag"


# --- input events: what arrived, where and when (milliseconds on the app's clock) ----------------------------


class Press(NamedTuple):
    t_ms: int
    pos: Pos
    button: int


class Release(NamedTuple):
    t_ms: int
    pos: Pos
    button: int


class Motion(NamedTuple):
    """The pointer moved to `pos`. `trail`: the moves just before it that came with no other event between,
    merged into this one by the app (a mouse polled at 8 kHz sends more than a frame can take one by one), as
    (t_ms, pos), oldest first: a recorder keeps them all; the interpreter reads only where the pointer is now."""

    t_ms: int
    pos: Pos
    trail: tuple[tuple[int, Pos], ...] = ()


class Wheel(NamedTuple):
    """The wheel turned by (x, y) notches; `sideways`: Shift was held, so the turn scrolls the other way."""

    t_ms: int
    x: int
    y: int
    sideways: bool = False


class Leave(NamedTuple):
    """The pointer left the window."""

    t_ms: int


class KeyPress(NamedTuple):
    t_ms: int
    key: BoardKey


InputEvent = Press | Release | Motion | Wheel | Leave | KeyPress


class Scroll(NamedTuple):
    """Move the board's view by these pixels (a middle drag, the wheel)."""

    dx: int
    dy: int


Outcome = Move | Scroll | None


class Where(Protocol):
    """Where the cells are on the screen (the view's BoardGeometry)."""

    tile: int

    @property
    def max_scroll(self) -> tuple[int, int]: ...

    def cell_at(self, pos: Pos) -> Cell | None: ...


class BoardUI(NamedTuple):
    """What the player is doing with the board right now, which a move never changes: the buttons held, the
    cell under the pointer, a middle drag, the keyboard cursor. Owned by the scene; an immutable value, so
    the scene can tell at once whether an event changed anything (`new != old`)."""

    left: bool = False
    middle: bool = False
    right: bool = False
    chording: bool = False  # left+right or middle: the release chords instead of revealing
    swallow_release: bool = False  # after a chord, the other button's release does nothing
    pointer: Cell | None = None  # the cell under the pointer
    drag_origin: Pos | None = None  # where a middle press started, while it may still become a drag
    dragging: bool = False
    cursor: Cell | None = None  # the keyboard's cell; it appears with the first key, hides when the mouse moves
    no_flags: bool = False  # NF mode: nothing places a flag (see `unheard`); the game's, for its whole life


def unheard(ui: BoardUI, event: InputEvent) -> bool:
    """Whether an event is no input at all: in NF mode, a right press with the left button up (it would flag),
    the release of a right press so passed over, and the flag key. The scene then neither interprets it nor
    lets the video hear it: a video that kept a lone right click would be read by ms-toollib as a flag placed,
    and the game would not be the NF game that was played."""
    if not ui.no_flags:
        return False
    if isinstance(event, Press) and event.button == MouseButton.RIGHT:
        return not ui.left
    if isinstance(event, Release) and event.button == MouseButton.RIGHT:
        return not ui.right
    return isinstance(event, KeyPress) and event.key is BoardKey.FLAG


def interpret(board: Board, ui: BoardUI, event: InputEvent, where: Where) -> tuple[BoardUI, Outcome]:
    """The new UI state, and the move this event makes (or a scroll, or None)."""
    if unheard(ui, event):
        return ui, None
    if isinstance(event, Motion):
        return _motion(ui, event, where)
    if isinstance(event, Press):
        return _press(board, ui._replace(pointer=where.cell_at(event.pos)), event)
    if isinstance(event, Release):
        return _release(board, ui._replace(pointer=where.cell_at(event.pos)), event.button)
    if isinstance(event, Wheel):
        step = where.tile * config.WHEEL_SCROLL_TILES
        dx, dy = -event.x * step, -event.y * step
        across, down = where.max_scroll
        if event.sideways or (across and not down):  # a board that overflows only sideways: the wheel scrolls it
            dx, dy = dx + dy, 0
        return ui, Scroll(dx, dy)
    if isinstance(event, Leave):
        return ui._replace(pointer=None), None
    return _key(board, ui, event.key)


def released(ui: BoardUI) -> BoardUI:
    """No button held any more (the game ended, or paused, under a press): the press is dropped, not played."""
    return BoardUI(pointer=ui.pointer, cursor=ui.cursor, no_flags=ui.no_flags)


def _motion(ui: BoardUI, event: Motion, where: Where) -> tuple[BoardUI, Outcome]:
    cell = where.cell_at(event.pos)
    if cell is not None and ui.cursor is not None:
        ui = ui._replace(cursor=None)  # the mouse took over from the keys
    if ui.drag_origin is not None:
        ox, oy = ui.drag_origin
        x, y = event.pos
        if ui.dragging or abs(x - ox) + abs(y - oy) > config.DRAG_THRESHOLD:
            ui = ui._replace(dragging=True, chording=False, drag_origin=event.pos)
            return ui, Scroll(ox - x, oy - y)
    return (ui if cell == ui.pointer else ui._replace(pointer=cell)), None


def _press(board: Board, ui: BoardUI, event: Press) -> tuple[BoardUI, Outcome]:
    if event.button == MouseButton.LEFT:
        return ui._replace(left=True, chording=ui.right), None
    if event.button == MouseButton.RIGHT:
        if ui.left:
            return ui._replace(right=True, chording=True), None
        flag = Move(MoveKind.TOGGLE_FLAG, *ui.pointer) if ui.pointer is not None and not ui.middle else None
        return ui._replace(right=True), flag
    if event.button == MouseButton.MIDDLE:
        return ui._replace(middle=True, chording=True, drag_origin=event.pos, dragging=False), None
    return ui, None


def _release(board: Board, ui: BoardUI, button: int) -> tuple[BoardUI, Outcome]:
    held: dict[int, bool] = {MouseButton.LEFT: ui.left, MouseButton.MIDDLE: ui.middle, MouseButton.RIGHT: ui.right}
    if not held.get(button, True):  # the end of a press the board never had (a button's, or one dropped): nothing
        return ui, None
    was_chording, cell = ui.chording, ui.pointer
    if button == MouseButton.LEFT:
        ui = ui._replace(left=False)
    elif button == MouseButton.RIGHT:
        ui = ui._replace(right=False)
    elif button == MouseButton.MIDDLE:
        ui = ui._replace(middle=False, drag_origin=None)
        if ui.dragging:
            return ui._replace(dragging=False, chording=False), None
    else:
        return ui, None
    if was_chording:
        ui = ui._replace(chording=False, swallow_release=ui.left or ui.right)
        return ui, Move(MoveKind.CHORD, *cell) if cell is not None else None
    if button == MouseButton.LEFT:
        if ui.swallow_release:
            return ui._replace(swallow_release=False), None
        return ui, _left_click(board, cell) if cell is not None else None
    if button == MouseButton.RIGHT:
        ui = ui._replace(swallow_release=False)
    return ui, None


def _left_click(board: Board, cell: Cell) -> Move:
    """A left click (or Space) reveals a covered cell and chords a revealed number."""
    return Move(MoveKind.CHORD if board.is_revealed(*cell) else MoveKind.REVEAL, *cell)


def _key(board: Board, ui: BoardUI, key: BoardKey) -> tuple[BoardUI, Outcome]:
    if ui.cursor is None:  # the first key only shows the cursor, in the middle of the board
        return ui._replace(cursor=(board.rows // 2, board.cols // 2)), None
    if key is BoardKey.REVEAL:
        return ui, _left_click(board, ui.cursor)
    if key is BoardKey.FLAG:
        return ui, Move(MoveKind.TOGGLE_FLAG, *ui.cursor)
    (dr, dc), (row, col) = key.value, ui.cursor
    cursor = (min(max(row + dr, 0), board.rows - 1), min(max(col + dc, 0), board.cols - 1))
    return ui._replace(cursor=cursor), None


NOTHING_PRESSED: frozenset[Cell] = frozenset()

# --- what the UI state shows --------------------------------------------------------------------------------


def pressed_cells(board: Board, ui: BoardUI) -> frozenset[Cell]:
    """Cells to draw pressed: the one under a held left button, or the covered 3x3 block of a chord (a held
    left button on a number is a chord to come)."""
    if not (ui.left or ui.chording) or ui.pointer is None or ui.dragging:
        return NOTHING_PRESSED  # the pointer moving with no button held: the common case, answered at once
    if board.state in (GameState.WON, GameState.LOST):
        return NOTHING_PRESSED
    row, col = ui.pointer
    if ui.chording or (ui.left and board.is_revealed(row, col)):
        return frozenset(
            (r, c)
            for r in range(max(0, row - 1), min(board.rows, row + 2))
            for c in range(max(0, col - 1), min(board.cols, col + 2))
            if not board.is_revealed(r, c) and not board.is_flagged(r, c)
        )
    if ui.left and not board.is_flagged(row, col):
        return frozenset({(row, col)})
    return NOTHING_PRESSED


def hover_cell(ui: BoardUI) -> Cell | None:
    """The cell to highlight: only while no button is held."""
    if ui.left or ui.middle or ui.right:
        return None
    return ui.pointer


def pressing_board(ui: BoardUI) -> bool:
    """A button is held over the board: the face shows its "o"."""
    return (ui.left or ui.chording) and ui.pointer is not None and not ui.dragging
