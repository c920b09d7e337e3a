"""A saved game read back: its mines as laid, and its video brought level with its clock. No pygame here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.video import Mouse

if TYPE_CHECKING:
    from game.model import Board, Cell
    from game.video import Video
    from game.video.chunks import Sealed


def laid_mines(board: Board) -> frozenset[Cell]:
    """The board's mines, once laid (they are laid by the first reveal)."""
    return frozenset(board.mine_cells()) if board.mines_placed else frozenset()


def paused_at_the_clock(video: Video | None, sealed: Sealed | None, elapsed_ms: int) -> int:
    """A saved game's video ends paused where its clock stopped: a game saved after a move and left later (by
    a kill, or by a version that did not pause its video then) kept its clock running after the video's last
    event. Returns the game's time, which is the video's (the later of the two, should the video be ahead).
    A video held only in part (its chunks not read) is left as it is."""
    from game.video.figures import time_ms_of  # (not needed at start-up)

    if video is None or not len(video) or (sealed is not None and not sealed.held):
        return elapsed_ms
    behind = elapsed_ms - time_ms_of(video)
    if behind <= 0:
        return elapsed_ms - behind
    last, x, y = video.times[-1], video.xs[-1], video.ys[-1]
    if video.kinds[-1] == Mouse.PAUSE:  # stopped too early: it goes on as long as the clock did
        video.append(Mouse.RESUME, last, x, y)
    video.append(Mouse.PAUSE, last + behind, x, y)
    return elapsed_ms
