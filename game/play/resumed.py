"""A saved game read back: checked, its mines as laid, its video brought level with its clock, and what the game
kept of itself (where its board came from, its rules, the help used, its time trial). No pygame here."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from game.language import _
from game.model import GuessRule
from game.store.kept import Origin, SavedGame, checked_save
from game.video import Mouse, packed
from game.video.packed import saved_video

if TYPE_CHECKING:
    from game.model import Board, Cell
    from game.video import Video
    from game.video.chunks import Sealed


class ReadBack(NamedTuple):
    """A saved game, read back and checked: what its session is made from."""

    board: Board
    elapsed_ms: int
    video: Video | None
    sealed: Sealed | None
    trial: str | None
    origin: Origin
    no_guess: bool
    rule: GuessRule
    assisted: bool
    filtered: bool
    no_flags: bool


def read_back(saved: SavedGame, read_chunks: packed.ChunkReader | None = None) -> ReadBack:
    """`saved`, checked (ValueError with a reason, for the notice, when it is not a game this version wrote: see
    kept.checked_save). A long video's chunks come through `read_chunks` (it blocks: this runs off the frame);
    without it, only a record of the game can be made (Discard), which names them."""
    board, extra = checked_save(saved)
    video, sealed = saved_video(board.rows, board.cols, laid_mines(board), extra.get("video"), read_chunks)
    elapsed_ms = paused_at_the_clock(video, sealed, saved.elapsed_ms) if board.first_reveal else saved.elapsed_ms
    if "origin" in extra:
        origin = Origin(extra["origin"])
    else:  # (older saves said only whether it was the same board)
        origin = Origin.SAME_BOARD if extra.get("same_board") else Origin.NEW
    trial = extra.get("trial")
    if not (trial is None or (isinstance(trial, str) and 0 < len(trial) <= 64)):
        raise ValueError(_("it names no time trial this game keeps"))
    rule = GuessRule.of(extra.get("rule"))
    flags = [bool(extra.get(key, False)) for key in ("no_guess", "hinted", "filtered", "no_flags")]
    no_guess, assisted, filtered, no_flags = flags
    return ReadBack(board, elapsed_ms, video, sealed, trial, origin, no_guess, rule, assisted, filtered, no_flags)


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
