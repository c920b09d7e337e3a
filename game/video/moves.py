"""A video's clicks as the model's moves: the mouse game (`mouse.Game`) plays the events as speed-runners'
programs read them, and each click it counts becomes a `Move` on the replay's clock, so a video from any
program plays in Replay on the model's board, beside its real cursor path."""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.language import _
from game.model import GameState, Move, MoveKind, Replay

from .events import Mouse, Video, VideoError, game_stamps
from .mouse import Counts, Game, Outcome

BUTTONS = re.compile(b"[" + bytes(range(Mouse.LEFT_PRESS, Mouse.PREFLAG + 1)) + b"]")


@dataclass(frozen=True)
class Played:
    """What the video's clicks did: the moves, the game's time (from the opening click to the one that
    ended it, or to the last event) and how it ended."""

    moves: list[Move]
    elapsed_ms: int
    outcome: Outcome
    made: int = 0  # 1 when the first move was made for the player (Video.made_click)
    events: tuple[int, ...] = ()  # the event that made each move (its index in the video)


def moves_of(video: Video) -> Played:
    """Every click the mouse game counts, as the move it is on the model's board, timed on the replay's
    clock (0 at the click that opened the first cell, paused spans left out; clicks before it at 0).

    >>> from game.video import Mouse
    >>> video = Video.from_text(["*..", "...", "..."])
    >>> for kind, t in ((Mouse.RIGHT_PRESS, 0), (Mouse.RIGHT_RELEASE, 50)):
    ...     video.append(kind, t, 8, 8)
    >>> for kind, t in ((Mouse.LEFT_PRESS, 400), (Mouse.LEFT_RELEASE, 480)):
    ...     video.append(kind, t, 40, 40)
    >>> played = moves_of(video)
    >>> [(move.kind.value, move.cell, move.t_ms) for move in played.moves], played.outcome.name
    ([('flag', (0, 0), 0), ('reveal', (2, 2), 0)], 'WON')
    """
    game = Game(video.rows, video.cols, video.mines, made=video.made_click)
    kinds, times, xs, ys = video.kinds, video.times, video.xs, video.ys
    stamps = game_stamps(video) if Mouse.PAUSE in kinds else times
    found: list[tuple[MoveKind, tuple[int, int], int]] = []  # (kind, cell, event index)
    right_on_open: int | None = None  # the move of a right press on an open cell, taken back if it chords
    start = end = None
    made = 0
    # Only buttons play: the moves (most of a video's events) and pauses are skipped at C speed.
    for match in BUTTONS.finditer(kinds.tobytes()):
        index = match.start()
        kind = kinds[index]
        if game.over:
            break
        cell = video.cell_of(xs[index], ys[index])
        before: Counts = game.counts
        left, right, double = before.left, before.right, before.double
        opened = cell is not None and game.opened[cell[0]][cell[1]]
        right_click = MoveKind.UNFLAG if cell in game.flagged else MoveKind.FLAG  # logged as what it did
        making = game.made
        game.hear(kind, cell)
        counts, move = game.counts, None
        if making and not game.made and game.outcome != Outcome.READY and not found:
            move, made = MoveKind.REVEAL, 1  # the click made for the player: it opened the board, counts as none
        elif counts is not before:  # the last flag taken off before the start: the counts began again
            move = right_click
        elif counts.double > double:
            if counts.right < right and right_on_open is not None:
                found.pop(right_on_open)  # a right press that became a chord was never a right click
            move, right_on_open = MoveKind.CHORD, None
        elif counts.left > left:
            move = MoveKind.REVEAL
        elif counts.right > right:
            move, right_on_open = right_click, (len(found) if opened else None)
        if move is not None and cell is not None:
            found.append((move, cell, index))
        if start is None and game.outcome != Outcome.READY:
            start = stamps[index]
        if game.over:
            end = stamps[index]
    zero = start if start is not None else 0
    if end is None:
        end = stamps[-1] if len(stamps) and start is not None else zero
    moves = [Move(kind, row, col, max(0, stamps[index] - zero)) for kind, (row, col), index in found]
    events = tuple(index for _cell, _kind, index in found)
    return Played(moves, max(end - zero, moves[-1].t_ms if moves else 0), game.outcome, made, events)


def replay_of(video: Video) -> Replay:
    """The video's game as a Replay on its board (its mines as the video has them), to play in the Replay
    scene beside the video. VideoError if the model's board ends otherwise than the mouse game did (it
    never should: the two agree on every rule the formats have)."""
    played = moves_of(video)
    mines = sorted(video.mines)
    replay = Replay(
        video.rows, video.cols, len(mines), 0, "opening", False, mines, played.moves, played.elapsed_ms, played.made
    )
    final = replay.final_board()
    wanted = {Outcome.WON: GameState.WON, Outcome.LOST: GameState.LOST}.get(played.outcome)
    if (wanted or GameState.PLAYING) != final.state and not (wanted is None and final.state == GameState.READY):
        if final.state == GameState.WON:
            raise VideoError(_("its clicks end the game won here, not as they did where it was played"))
        if final.state == GameState.LOST:
            raise VideoError(_("its clicks end the game lost here, not as they did where it was played"))
        raise VideoError(_("its clicks end the game unfinished here, not as they did where it was played"))
    return replay
