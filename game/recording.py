"""The recorder: it hears the board's input (the stream game.board_ui interprets) and keeps it in the game's
video: the mouse in board points at the video's cell size, so zoom, scroll and window size do not matter, and
the keys that play on the board at their cell. It records from the first press on the board to the event that
ends the game; pauses and resumes are events of their own. No pygame here: the geometry is anything with
`view`, `scroll_x`, `scroll_y`, `tile` and `cell_at` (the view's BoardGeometry).

A game's video starts empty (`new_video`), with the first click a same board or a board code makes for the
player (`first_click`), or goes on from the one its save carries (`saved_video`). As it grows, the recorder
writes it to the records in chunks (through the session's keeper), so that a save carries only the rest.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.board_ui import BoardUI, InputEvent, KeyPress, Motion, Press, Release, interpret
from game.model import Board, Move, MoveKind
from game.video.chunks import CHUNK_EVENTS, Sealed, chunk_bytes
from game.video.events import MAX_SIDE_CELLS, Mouse, Video, VideoError, cell_centre
from game.video.packed import ChunkReader, read, room_for

if TYPE_CHECKING:
    from game.session import GameSession

log = logging.getLogger(__name__)

PRESSES = {1: Mouse.LEFT_PRESS, 2: Mouse.MIDDLE_PRESS, 3: Mouse.RIGHT_PRESS}
RELEASES = {1: Mouse.LEFT_RELEASE, 2: Mouse.MIDDLE_RELEASE, 3: Mouse.RIGHT_RELEASE}
KEY_MOVES = {MoveKind.REVEAL: Mouse.KEY_OPEN, MoveKind.CHORD: Mouse.KEY_CHORD, MoveKind.FLAG: Mouse.KEY_FLAG}
# What may begin a video: a press on the board, by the mouse or a key.
STARTS = frozenset(
    {Mouse.LEFT_PRESS, Mouse.RIGHT_PRESS, Mouse.MIDDLE_PRESS, Mouse.KEY_OPEN, Mouse.KEY_CHORD, Mouse.KEY_FLAG}
)


class Recorder:
    """Keeps `video` (the session's) going from input events stamped in the app's milliseconds.

    A video's times start at 0 at its first press. A video carried over from a save, or a same board's after
    the click made for the player, ends paused: while the session's clock waits for the player's move, what
    the mouse does is recorded inside the pause, and the event that makes that move resumes it, so the video's
    clock and the game's agree. `ui()` is the scene's board UI state before the event heard (a key means what
    the interpreter makes of it there: where the cursor goes, what it opens).
    """

    def __init__(self, session: GameSession, geometry: Callable[[], Any], ui: Callable[[], BoardUI] = BoardUI):
        """Records into `session.video` (None: a board too large for a video; nothing is kept)."""
        self.session = session
        self.video = video = session.video
        self._geometry = geometry
        self._ui = ui
        self._offset: int | None = None  # app ms of the video's 0
        self.paused = False
        sealed = session.sealed
        self._seal_at = (sealed.events if sealed is not None else 0) + CHUNK_EVENTS
        if video is not None and len(video):
            last = video.kinds[-1]
            if last != Mouse.PAUSE:
                self._append(Mouse.PAUSE, video.times[-1])
            self.paused = True

    def hear(self, event: InputEvent) -> None:
        """One input event, as the scene hands it to the interpreter."""
        video = self.video
        if video is None or self.session.recorded:  # recorded: the game is over
            return
        moves = False  # whether the interpreter makes a move of it (only asked while the clock waits)
        if isinstance(event, KeyPress):
            heard = self._key(event)
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
            x, y = self.board_point(event.pos)
            if self.paused and self.session.waiting:
                moves = isinstance(self._interpreted(event)[1], Move)
        if not len(video):
            if kind not in STARTS or video.cell_of(x, y) is None:
                return  # a video starts at the first press on the board
            self._offset = event.t_ms
        elif self._offset is None:  # carried over: it goes on where it stopped
            self._offset = event.t_ms - video.times[-1]
        if self.paused and (moves or not self.session.waiting):
            self._resume(event.t_ms)
        self._append(kind, event.t_ms - self._offset, x, y)

    def _interpreted(self, event: InputEvent) -> tuple[BoardUI, Any]:
        return interpret(self.session.board, self._ui(), event, self._geometry())

    def _key(self, event: KeyPress) -> tuple[Mouse, tuple[int, int]] | None:
        """What a key does on the board, at its cell: a move there, or the cursor going there (None: nothing)."""
        assert self.video is not None
        ui, outcome = self._interpreted(event)
        if isinstance(outcome, Move) and outcome.kind in KEY_MOVES:
            return KEY_MOVES[outcome.kind], cell_centre(self.video, outcome.cell)
        if ui.cursor is not None:
            return Mouse.KEY_CURSOR, cell_centre(self.video, ui.cursor)
        return None

    def pause(self, t_ms: int) -> None:
        """Pause the game at `t_ms` (its clock stops, it is saved): in the video, an event of its own."""
        if self.video is not None and not self.paused and self._offset is not None and not self.session.state.over:
            self._append(Mouse.PAUSE, t_ms - self._offset)
            self.paused = True
        self.session.pause(t_ms)

    def resume(self, t_ms: int) -> None:
        """The game goes on at `t_ms`."""
        self.session.unpause(t_ms)
        if not self.session.waiting:
            self._resume(t_ms)

    def _resume(self, t_ms: int) -> None:
        if self.paused and self._offset is not None:
            self.paused = False
            self._append(Mouse.RESUME, t_ms - self._offset)

    def board_point(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A screen point as a point on the board at the video's cell size; off the view, off the board."""
        geometry = self._geometry()
        view = geometry.view
        if not view.collidepoint(pos):
            return -1, -1
        scale = (self.video.cell_size if self.video is not None else 16) / geometry.tile
        return (
            int((pos[0] - view.x + geometry.scroll_x) * scale // 1),
            int((pos[1] - view.y + geometry.scroll_y) * scale // 1),
        )

    def _append(self, kind: Mouse, t_ms: int, x: int | None = None, y: int | None = None) -> None:
        video = self.video
        if video is None or not room_for(video, kind):
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
        video, sealed = self.video, self.session.sealed
        if video is None or sealed is None or not sealed.held:
            return
        while len(video) - sealed.events >= CHUNK_EVENTS:
            raw = chunk_bytes(video, sealed.events, CHUNK_EVENTS)
            self.session.keeper.keep_chunk(sealed.video_id, sealed.chunks, CHUNK_EVENTS, raw)
            sealed.chunks += 1
            sealed.events += CHUNK_EVENTS
        self._seal_at = sealed.events + CHUNK_EVENTS


def new_video(board: Board) -> Video | None:
    """An empty video of the board (its mines come with the first reveal), or None past a video's size."""
    if max(board.rows, board.cols) > MAX_SIDE_CELLS:
        return None
    return Video(board.rows, board.cols, frozenset(board.mine_cells()) if board.mines_placed else frozenset())


def first_click(video: Video | None, cell: tuple[int, int] | None) -> None:
    """The click a same board or a board code makes for the player, so that the board opens as it did: a left
    click at the cell's centre, at the video's start, then a pause (the clock waits for the player's move), so
    that the video alone replays the game and its time is the game's."""
    if video is None or cell is None or len(video):
        return
    x, y = cell_centre(video, cell)
    for kind in (Mouse.LEFT_PRESS, Mouse.LEFT_RELEASE, Mouse.PAUSE):
        video.append(kind, 0, x, y)


def saved_video(
    board: Board, extra: dict[str, Any], read_chunks: ChunkReader | None = None
) -> tuple[Video | None, Sealed | None]:
    """The video a save carries, to record on, and its chunks in the records (see `packed.read`); a fresh one
    when it carries none, or one that cannot be read (the game matters more than its video: it resumes either
    way). A long video comes whole when `read_chunks` reads its chunks."""
    data = extra.get("video")
    if data is None or max(board.rows, board.cols) > MAX_SIDE_CELLS:
        return new_video(board), None
    try:
        return read(data, board.rows, board.cols, frozenset(board.mine_cells()), read_chunks)
    except VideoError as error:
        log.warning("the saved game's video is not kept: %s", error)
        return new_video(board), None
