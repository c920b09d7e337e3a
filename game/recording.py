"""The recorder: it hears the board's input (the stream game.board_ui interprets) and keeps the mouse part of
it in the game's video, in board points at the video's cell size, so zoom, scroll and window size do not
matter. It records from the first press on the board to the event that ends the game; pauses and resumes
are events of their own. No pygame here: the geometry is anything with `view`, `scroll_x`, `scroll_y`, `tile`.
A game's video starts empty (`new_video`) or goes on from the one its save carries (`saved_video`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.board_ui import InputEvent, Motion, Press, Release
from game.model import Board
from game.video.events import MAX_SIDE_CELLS, Mouse, Video, VideoError
from game.video.packed import room_for, unpack

if TYPE_CHECKING:
    from game.session import GameSession

log = logging.getLogger(__name__)

PRESSES = {1: Mouse.LEFT_PRESS, 2: Mouse.MIDDLE_PRESS, 3: Mouse.RIGHT_PRESS}
RELEASES = {1: Mouse.LEFT_RELEASE, 2: Mouse.MIDDLE_RELEASE, 3: Mouse.RIGHT_RELEASE}


class Recorder:
    """Keeps `video` (the session's) going from input events stamped in the app's milliseconds.

    A video's times start at 0 at its first press. A video carried over from a save ends paused: the first
    event heard resumes it where it stopped, so the time away from the game is not in it.
    """

    def __init__(self, session: GameSession, geometry: Callable[[], Any]):
        """Records into `session.video` (None: a board too large for a video; nothing is kept)."""
        self.session = session
        self.video = video = session.video
        self._geometry = geometry
        self._offset: int | None = None  # app ms of the video's 0
        self.paused = False
        if video is not None and len(video):
            last = video.kinds[-1]
            if last != Mouse.PAUSE:
                self._append(Mouse.PAUSE, video.times[-1])
            self.paused = True

    def hear(self, event: InputEvent) -> None:
        """One input event, as the scene hands it to the interpreter."""
        if isinstance(event, Motion):
            kind = Mouse.MOVE
        elif isinstance(event, Press) and event.button in PRESSES:
            kind = PRESSES[event.button]
        elif isinstance(event, Release) and event.button in RELEASES:
            kind = RELEASES[event.button]
        else:
            return
        video = self.video
        if video is None or self.session.recorded:  # recorded: the game is over
            return
        x, y = self.board_point(event.pos)
        if not len(video):
            if kind not in (Mouse.LEFT_PRESS, Mouse.RIGHT_PRESS, Mouse.MIDDLE_PRESS) or video.cell_of(x, y) is None:
                return  # a video starts at the first press on the board
            self._offset = event.t_ms
        elif self._offset is None:  # carried over from a save: it goes on where it stopped
            self._offset = event.t_ms - video.times[-1]
        if self.paused:
            self._resume(event.t_ms)
        self._append(kind, event.t_ms - self._offset, x, y)

    def pause(self, t_ms: int) -> None:
        """Pause the game at `t_ms` (its clock stops, it is saved): in the video, an event of its own."""
        if self.video is not None and not self.paused and self._offset is not None and not self.session.state.over:
            self._append(Mouse.PAUSE, t_ms - self._offset)
            self.paused = True
        self.session.pause(t_ms)

    def resume(self, t_ms: int) -> None:
        """The game goes on at `t_ms`."""
        self.session.unpause(t_ms)
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


def new_video(board: Board) -> Video | None:
    """An empty video of the board (its mines come with the first reveal), or None past a video's size."""
    if max(board.rows, board.cols) > MAX_SIDE_CELLS:
        return None
    return Video(board.rows, board.cols, frozenset(board.mine_cells()) if board.mines_placed else frozenset())


def saved_video(board: Board, extra: dict[str, Any]) -> Video | None:
    """The video a save carries, to record on; a fresh one when it carries none, or one that cannot be read
    (the game matters more than its video: it resumes either way)."""
    data = extra.get("video")
    if data is None or max(board.rows, board.cols) > MAX_SIDE_CELLS:
        return new_video(board)
    try:
        return unpack(data, board.rows, board.cols, frozenset(board.mine_cells()))
    except VideoError as error:
        log.warning("the saved game's video is not kept: %s", error)
        return new_video(board)
