"""The recorder: it hears the board's input (the stream game.play.board_ui interprets) and keeps it in the game's
video: the mouse in board points at the video's cell size, so zoom, scroll and window size do not matter, and
the keys that play on the board at their cell. It records from the first press on the board to the event that
ends the game; pauses and resumes are events of their own. No pygame here: the geometry is anything with
`view`, `scroll_x`, `scroll_y`, `tile` and `cell_at` (the view's BoardGeometry).

The session owns it (a game's video is the session's, and so is the one object that writes it): the session
hands it each input event with what it needs to know of the game, and tells it of pauses. As the video grows,
the recorder hands it to the records in chunks (through `keep_chunk`), so that a save carries only the rest.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

from game.model import Board, Move, MoveKind
from game.play.board_ui import BoardUI, InputEvent, KeyPress, Motion, Outcome, Press, Release, Where, interpret
from game.video.chunks import CHUNK_EVENTS, Sealed, chunk_bytes
from game.video.events import Mouse, Video, cell_centre
from game.video.packed import room_for

log = logging.getLogger(__name__)

PRESSES = {1: Mouse.LEFT_PRESS, 2: Mouse.MIDDLE_PRESS, 3: Mouse.RIGHT_PRESS}
RELEASES = {1: Mouse.LEFT_RELEASE, 2: Mouse.MIDDLE_RELEASE, 3: Mouse.RIGHT_RELEASE}
KEY_MOVES = {MoveKind.REVEAL: Mouse.KEY_OPEN, MoveKind.CHORD: Mouse.KEY_CHORD, MoveKind.TOGGLE_FLAG: Mouse.KEY_FLAG}
# What may begin a video: a press on the board, by the mouse or a key.
STARTS = frozenset(
    {Mouse.LEFT_PRESS, Mouse.RIGHT_PRESS, Mouse.MIDDLE_PRESS, Mouse.KEY_OPEN, Mouse.KEY_CHORD, Mouse.KEY_FLAG}
)
# Keeps a run of a long video's events (video id, chunk number, events in it, their bytes) before any save or
# record that names it: the session's keeper.
KeepChunk = Callable[[str, int, int, bytes], Any]


class View(Protocol):
    """The board's view on the screen (a pygame.Rect, where there is one)."""

    x: int
    y: int

    def collidepoint(self, point: tuple[int, int], /) -> bool: ...


class Placed(Where, Protocol):
    """Where the board is on the screen, scroll and all (the view's BoardGeometry)."""

    scroll_x: int
    scroll_y: int

    @property
    def view(self) -> View: ...  # read only: a pygame.Rect is a View, and a settable member would want one exactly


class Recorder:
    """Keeps `video` going from input events stamped in the app's milliseconds.

    A video's times start at 0 at its first press. A video carried over from a save, or a same board's after
    the click made for the player, ends paused: while the session's clock waits for the player's move, what
    the mouse does is recorded inside the pause, and the event that makes that move resumes it, so the video's
    clock and the game's agree.
    """

    def __init__(self, video: Video, sealed: Sealed | None, keep_chunk: KeepChunk):
        """Records into `video`; `sealed`: how much of it is in the records in chunks (None: it is not kept in
        chunks); `keep_chunk`: where each new chunk goes."""
        self.video = video
        self._sealed = sealed
        self._keep_chunk = keep_chunk
        self._offset: int | None = None  # app ms of the video's 0
        self.paused = False
        self._seal_at = (sealed.events if sealed is not None else 0) + CHUNK_EVENTS
        if len(video):
            last = video.kinds[-1]
            if last != Mouse.PAUSE:
                self._append(Mouse.PAUSE, video.times[-1])
            self.paused = True

    def hear(self, event: InputEvent, board: Board, ui: BoardUI, where: Placed, waiting: bool) -> None:
        """One input event, as the scene hands it to the interpreter: `ui` is the board UI state before it (a key
        means what the interpreter makes of it there: where the cursor goes, what it opens); `waiting`: the
        game's clock waits for the player's move."""
        if isinstance(event, Motion) and event.trail:  # the moves merged into this one, each kept in its place
            for t_ms, pos in event.trail:
                self.hear(Motion(t_ms, pos), board, ui, where, waiting)
            event = Motion(event.t_ms, event.pos)
        video = self.video
        moves = False  # whether the interpreter makes a move of it (only asked while the clock waits)
        chords = False  # a left release that chords (a left click on a number): see below
        if isinstance(event, KeyPress):
            heard = self._key(interpret(board, ui, event, where))
            if heard is None:
                return
            kind, (x, y) = heard
            moves = kind != Mouse.KEY_CURSOR
        else:
            if isinstance(event, Motion):
                kind = Mouse.MOVE
            elif isinstance(event, Press) and event.button in PRESSES:
                kind = PRESSES[event.button]
            elif isinstance(event, Release) and event.button in RELEASES:
                kind = RELEASES[event.button]
            else:
                return
            x, y = self.board_point(event.pos, where)
            if kind == Mouse.LEFT_RELEASE or (self.paused and waiting):
                outcome = interpret(board, ui, event, where)[1]
                moves = isinstance(outcome, Move)
                # A left click on a number chords here, as it does in most clones; in the video, and so to every
                # program that replays it (ms-toollib, Arbiter's rules), only both buttons chord: the release is
                # kept as the chord it was, the right button pressed and released around it at that moment.
                # A left click on a number that opens nothing stays the left click it was, as ms-toollib counts it.
                chords = (
                    kind == Mouse.LEFT_RELEASE
                    and isinstance(outcome, Move)
                    and outcome.kind is MoveKind.CHORD
                    and not ui.chording
                    and board.chord_opens(*outcome.cell)
                )
        if not len(video):
            if kind not in STARTS or video.cell_of(x, y) is None:
                return  # a video starts at the first press on the board
            self._offset = event.t_ms
        elif self._offset is None:  # carried over: it goes on where it stopped
            self._offset = event.t_ms - video.times[-1]
        if self.paused and (moves or not waiting):
            self.resume(event.t_ms)
        t_ms = event.t_ms - self._offset
        if chords:
            self._append(Mouse.RIGHT_PRESS, t_ms, x, y)
            self._append(Mouse.LEFT_RELEASE, t_ms, x, y)
            self._append(Mouse.RIGHT_RELEASE, t_ms, x, y)
        else:
            self._append(kind, t_ms, x, y)

    def _key(self, interpreted: tuple[BoardUI, Outcome]) -> tuple[Mouse, tuple[int, int]] | None:
        """What a key does on the board, at its cell: a move there, or the cursor going there (None: nothing)."""
        ui, outcome = interpreted
        if isinstance(outcome, Move) and outcome.kind in KEY_MOVES:
            return KEY_MOVES[outcome.kind], cell_centre(self.video, outcome.cell)
        if ui.cursor is not None:
            return Mouse.KEY_CURSOR, cell_centre(self.video, ui.cursor)
        return None

    def pause(self, t_ms: int) -> None:
        """The game pauses at `t_ms` (its clock stops): in the video, an event of its own."""
        if not self.paused and self._offset is not None:
            self._append(Mouse.PAUSE, t_ms - self._offset)
            self.paused = True

    def resume(self, t_ms: int) -> None:
        """The game goes on at `t_ms`."""
        if self.paused and self._offset is not None:
            self.paused = False
            self._append(Mouse.RESUME, t_ms - self._offset)

    def board_point(self, pos: tuple[int, int], where: Placed) -> tuple[int, int]:
        """A screen point as a point on the board at the video's cell size; off the view, off the board."""
        view = where.view
        if not view.collidepoint(pos):
            return -1, -1
        scale = self.video.cell_size / where.tile
        return (
            int((pos[0] - view.x + where.scroll_x) * scale // 1),
            int((pos[1] - view.y + where.scroll_y) * scale // 1),
        )

    def _append(self, kind: Mouse, t_ms: int, x: int | None = None, y: int | None = None) -> None:
        video = self.video
        if not room_for(video, kind):
            return
        if x is None or y is None:  # pauses carry the last position
            x, y = (video.xs[-1], video.ys[-1]) if len(video) else (-1, -1)
        if len(video) and t_ms < video.times[-1]:
            t_ms = video.times[-1]  # the app's clock never goes back, but a resumed video's offset may round
        video.append(kind, t_ms, x, y)
        if len(video) >= self._seal_at:
            self._seal()

    def _seal(self) -> None:
        """The video has grown a chunk's worth (or more) past its chunks: each whole chunk goes to the keeper,
        which writes it to the records off the frame (only the copy of its events is made here: microseconds),
        and the saves after it carry only the rest."""
        video, sealed = self.video, self._sealed
        if sealed is None or not sealed.held:
            return
        while len(video) - sealed.events >= CHUNK_EVENTS:
            raw = chunk_bytes(video, sealed.events, CHUNK_EVENTS)
            self._keep_chunk(sealed.video_id, sealed.chunks, CHUNK_EVENTS, raw)
            sealed.chunks += 1
            sealed.events += CHUNK_EVENTS
        self._seal_at = sealed.events + CHUNK_EVENTS
