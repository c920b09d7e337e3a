"""A finished game's speed figures as the records keep them (3BV/s, IOE, STNB and whether no flag was placed),
worked out on the records' writer thread, never the frame's: from the game's video when its move log carries
one (as ms-toollib computes them, as the game-over panel shows them), else from its moves and the numbers its
row keeps (games recorded before the records kept videos).

Every figure here counts the part solved, as the panel does: a loss gets the figures of what it cleared.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from game import config
from game.store.schema import FIGURE_BOUNDS

if TYPE_CHECKING:
    from game.video.packed import ChunkReader

log = logging.getLogger(__name__)

# Where a game's kept figures came from. NULL in the file: not worked out yet (a game recorded before the
# records kept figures, or made again from a journal): the writer works those out in the background.
FROM_VIDEO = "video"  # its video, as ms-toollib computes them
FROM_MOVES = "moves"  # its clicks and the numbers of its row: an older game, recorded without its video
FROM_ROW = "row"  # the numbers of its row alone (no move log kept)
NOTHING = "none"  # nothing could be worked out (a damaged row): shown without figures, never tried again
SOURCES = (FROM_VIDEO, FROM_MOVES, FROM_ROW, NOTHING)


class Kept(NamedTuple):
    """The figures the records keep of one game."""

    source: str  # one of SOURCES
    bbbv_s: float | None = None
    ioe: float | None = None
    stnb: float | None = None  # None off the standard boards (STNB has no constant there)
    nf: bool | None = None  # no flag ever placed; None when it cannot be known (no move log)

    def as_row(self) -> tuple[Any, ...]:
        """The values of the columns figures_from, bbbv_s, ioe, stnb, nf."""
        nf = None if self.nf is None else int(self.nf)
        return self.source, self.bbbv_s, self.ioe, self.stnb, nf


class Facts(NamedTuple):
    """What a game's row says, that its figures are worked out from."""

    rows: int
    cols: int
    mines: int
    won: bool
    time_ms: int
    three_bv: int
    solved_three_bv: int | None
    left_clicks: int
    right_clicks: int
    chord_clicks: int
    effective_clicks: int


def facts_of(record: Mapping[str, Any]) -> Facts:
    """A record's facts (a GameRecord's fields, as a job carries them)."""
    return Facts(*(record.get(name) for name in Facts._fields))  # type: ignore[arg-type]


def work_out(facts: Facts, log_text: str | None, read_chunks: ChunkReader | None = None) -> Kept:
    """The figures of a game from its row's facts and its move log (None: none kept; a long video's chunks
    through `read_chunks`). Never raises: a damaged log or row gives what can still be worked out."""
    try:
        _check(facts)
    except (TypeError, ValueError) as error:
        log.warning("a game's figures cannot be worked out: %s", error)
        return Kept(NOTHING)
    moves = None
    if log_text is not None:
        try:
            kept, moves = _from_log(facts, log_text, read_chunks)
            if kept is not None:
                return kept
        except (ValueError, TypeError, KeyError, IndexError, RecursionError, OverflowError) as error:
            log.info("a game's move log gives no figures (%s): its row does", error)
            moves = None
    return _from_row(facts, moves)


def _check(facts: Facts) -> None:
    counts = [getattr(facts, name) for name in Facts._fields if name not in ("won", "solved_three_bv")]
    if not all(type(value) is int and 0 <= value < 10**10 for value in counts):
        raise ValueError("a count in its row is not a whole number")
    if facts.solved_three_bv is not None and type(facts.solved_three_bv) is not int:
        raise ValueError("its solved 3BV is not a whole number")


def _from_log(facts: Facts, log_text: str, read_chunks: ChunkReader | None = None) -> tuple[Kept | None, Any]:
    """(the figures of the log's video, or None when it has none or it disagrees with the row; the log's
    checked moves, for the figures of the row)."""
    from game.model import check_replay_data, parse_replay_json, replay_text_limits
    from game.video.packed import split_log, video_of

    side = config.CUSTOM_MAX_SIDE
    moves_text, kept_video = split_log(log_text)
    checked = check_replay_data(parse_replay_json(moves_text, *replay_text_limits(side)), side)
    if (checked["rows"], checked["cols"], checked["mines"]) != (facts.rows, facts.cols, facts.mines):
        raise ValueError("its move log is of another board")
    replay = _Board(checked["rows"], checked["cols"], checked["mine_cells"], checked["question_marks"])
    video = video_of(replay, kept_video, read_chunks)
    if video is None:
        return None, checked
    from game.video.timeline import final_figures

    figures = final_figures(video)
    if figures.won != facts.won or figures.bbbv != facts.three_bv:
        # A video that does not tell the game its row tells (a first click made for the player, not in the
        # video; a video cut short at its size limit): the row is believed.
        log.info("a game's video ends otherwise than its record: its figures come from its row")
        return None, checked
    nf = figures.nf
    return Kept(FROM_VIDEO, _bounded("bbbv_s", figures.bbbv_s), _bounded("ioe", figures.ioe), _stnb(figures), nf), None


class _Board(NamedTuple):
    """What video_of needs of a replay: its board."""

    rows: int
    cols: int
    mine_cells: Any
    question_marks: bool


def _from_row(facts: Facts, checked: Any) -> Kept:
    """The figures of the row's numbers (the game's own click counts: an older game kept no video), and
    whether a flag was placed from its moves when they were kept."""
    from game.video.figures import Figures, level_number

    solved = facts.three_bv if facts.won else facts.solved_three_bv
    if solved is None or solved > facts.three_bv:
        return Kept(FROM_ROW if checked is None else FROM_MOVES, nf=_no_flag(checked))
    figures = Figures(
        won=facts.won,
        lost=not facts.won,
        level=level_number(facts.rows, facts.cols, facts.mines),
        time_ms=facts.time_ms,
        bbbv=facts.three_bv,
        bbbv_solved=solved,
        zini=0,
        op=0,
        isl=0,
        left=facts.left_clicks,
        right=facts.right_clicks,
        double=facts.chord_clicks,
        lce=facts.effective_clicks,
        rce=0,
        dce=0,
        flags=0,
        nf=False,
        path=0.0,
    )
    nf = _no_flag(checked) if checked is not None else (True if facts.right_clicks == 0 else None)
    source = FROM_ROW if checked is None else FROM_MOVES
    ioe = _bounded("ioe", figures.ioe)  # None for a row without its clicks: not known
    return Kept(source, _bounded("bbbv_s", figures.bbbv_s), ioe, _stnb(figures), nf)


def _no_flag(checked: Any) -> bool | None:
    """Whether the moves placed no flag ever (a flag move on an open cell places none); None without moves."""
    if checked is None:
        return None
    from game.model import MoveKind, Replay

    replay = Replay(**checked)
    board = replay.fresh_board()
    for move in replay.moves:
        board.apply(move)
        if move.kind == MoveKind.FLAG and board.is_flagged(*move.cell):
            return False
    return True


def _bounded(name: str, value: float | None) -> float | None:
    """A figure as the records keep it: None where it does not apply (STNB off the standard boards, 3BV/s at
    0 ms) or where it is out of bounds (damage, never ranked)."""
    return value if value is not None and 0.0 <= value <= FIGURE_BOUNDS[name] else None


def _stnb(figures: Any) -> float | None:
    return _bounded("stnb", figures.stnb)  # None off the standard boards
