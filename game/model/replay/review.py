"""A game reviewed click by click: each opening click's exact chance of being safe, as the player could know it
from the numbers on the board and the mine count just before it, whether it was certain, a forced guess or an
avoidable one; the clicks that did nothing and the flags that were wrong; and the luck the game took.

Reads only what the player could see at each click: the mines are looked at only to say which flags were wrong
and which click lost. The solver's analysis is kept from click to click (`Analysis.after` redoes only the groups
of numbers a click changed), so a whole game costs little more than its last position.

A chord's chance is that of all the covered cells it opens being safe together, counted exactly over the layouts
(not the product of their single chances, which would treat neighbours as independent).

    >>> from game.model import Board, Move, MoveKind, Replay, review_game
    >>> board = Board.from_layout(["*...", "....", "...*"])
    >>> _ = board.apply(Move(MoveKind.REVEAL, 0, 3, t_ms=0))
    >>> print(board.seen_text())
    #100
    #111
    ####
    >>> _ = board.apply(Move(MoveKind.REVEAL, 1, 0, t_ms=400))  # a 50% guess: (2, 0) to (2, 2) were certainly safe
    >>> _ = board.apply(Move(MoveKind.REVEAL, 2, 0, t_ms=900))  # certainly safe
    >>> review = review_game(Replay.from_game(board))
    >>> [(c.kind, c.p_safe) for c in review.clicks]
    [('first', 1.0), ('avoidable', 0.5), ('certain', 1.0)]
    >>> review.clicks[1].safe_cell, review.guesses, review.avoidable, round(review.luck, 3), review.won
    ((2, 0), 1, 1, 0.301, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..rules.facts import GameState
from ..rules.grid import SEEN_FLAG, Cell, around
from ..rules.move import Move, MoveKind
from ..solver.analysis import Analysis, InconsistentPosition, analyse_visible
from ..solver.deductions import deductions
from ..solver.hints import hint_for_visible
from .replay import Replay

if TYPE_CHECKING:
    from ..rules.board import Board

__all__ = [
    "REVIEW_BUDGET",
    "ClickReview",
    "GameReview",
    "MarkReview",
    "cells_opened_by",
    "review_game",
    "review_json",
]

# Search nodes one group of numbers may take before its chances are estimated (then `exact` is false). Far above
# what a game asks: the largest groups of real Expert games take a few thousand.
REVIEW_BUDGET = 2_000_000
# An avoidable guess names a safe cell the rules prove from the numbers this many cells around it, near the guess
NEARBY = 3

FIRST, CERTAIN, FORCED, AVOIDABLE = "first", "certain", "forced", "avoidable"


@dataclass(frozen=True)
class ClickReview:
    """One opening click (a reveal, or a chord that opens cells) judged from the position just before it."""

    index: int  # the move's index in the replay
    t_ms: int  # the game's time of the click (the replay's clock)
    cell: Cell  # the cell clicked (a chord's number)
    chord: bool
    opens: tuple[Cell, ...]  # the covered cells it opened directly (a cascade spread from them)
    kind: str  # "first" (the rules make it safe), "certain", "forced" or "avoidable"
    chance: Fraction  # the chance that every cell in `opens` was safe
    safe_existed: bool  # some covered cell was certainly safe just before it
    safest: Fraction  # the best chance of a single covered cell (1 when one was certainly safe)
    lost: bool = False  # it opened a mine
    exact: bool = True  # False: a group of numbers was too large to count, and the chances were estimated
    # avoidable: a certainly safe cell, and why, as a hint says it (the numbers it speaks of, its rule)
    safe_cell: Cell | None = None
    reason: str = ""
    proof: tuple[Cell, ...] = ()
    rule: str = ""

    @property
    def p_safe(self) -> float:
        return float(self.chance)

    @property
    def certain(self) -> bool:
        return self.chance == 1

    @property
    def guess(self) -> bool:
        return self.kind in (FORCED, AVOIDABLE)

    @property
    def among_safest(self) -> bool:
        """A guess as safe as the safest covered cell (for a chord: its cells together as safe as that cell)."""
        return self.chance >= self.safest

    @property
    def luck(self) -> float:
        """-log10 of the chance taken: 0 for a certain click, infinite for a certain mine."""
        if not self.guess:
            return 0.0
        return math.inf if self.chance == 0 else -math.log10(self.chance)

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "t_ms": self.t_ms,
            "cell": list(self.cell),
            "chord": self.chord,
            "opens": [list(cell) for cell in self.opens],
            "kind": self.kind,
            "p_safe": self.p_safe,
            "certain": self.certain,
            "safe_existed": self.safe_existed,
            "safest": float(self.safest),
            "among_safest": self.among_safest,
            "lost": self.lost,
            "exact": self.exact,
        }
        if self.safe_cell is not None:
            data["safe_cell"] = list(self.safe_cell)
            data["reason"] = self.reason
            data["proof"] = [list(cell) for cell in self.proof]
            data["rule"] = self.rule
        return data


@dataclass(frozen=True)
class MarkReview:
    """A click that did nothing, or a flag put where there was no mine."""

    index: int
    t_ms: int
    cell: Cell
    move: str  # the move's kind, as the replay logs it ("reveal", "chord", "flag", "unflag")

    def as_dict(self) -> dict[str, Any]:
        return {"t_ms": self.t_ms, "cell": list(self.cell), "move": self.move}


@dataclass(frozen=True)
class GameReview:
    """A finished (or stopped) game reviewed: every opening click judged, in order, and what it adds up to."""

    won: bool
    lost: bool
    clicks: tuple[ClickReview, ...]
    wasted: tuple[MarkReview, ...] = ()  # clicks that changed nothing on the board
    wrong_flags: tuple[MarkReview, ...] = ()  # flags put on a cell without a mine
    moves: int = 0  # every move of the replay (the made click too)
    exact: bool = field(default=True)

    @property
    def guesses(self) -> int:
        return sum(1 for click in self.clicks if click.guess)

    @property
    def avoidable(self) -> int:
        return sum(1 for click in self.clicks if click.kind == AVOIDABLE)

    @property
    def forced(self) -> int:
        return sum(1 for click in self.clicks if click.kind == FORCED)

    @property
    def forced_not_safest(self) -> int:
        """Forced guesses where a single other cell was safer."""
        return sum(1 for click in self.clicks if click.kind == FORCED and not click.among_safest)

    @property
    def luck(self) -> float:
        """The sum over guesses of -log10 of the chance taken: 0 for a game of certain clicks. On a won game it
        is ms-toollib's pluck; on a loss the click that lost counts with the chance it had (ms-toollib's pluck
        is infinite there), so only a click on a certain mine makes it infinite."""
        return math.fsum(click.luck for click in self.clicks)

    @property
    def clean(self) -> bool:
        """Every guess forced and among the safest."""
        return all(click.kind != AVOIDABLE and (not click.guess or click.among_safest) for click in self.clicks)

    @property
    def verdict(self) -> str:
        """The one-line verdict as a word (the screens and the `review` command put it in the player's language):
        "certain" (every click was), "clean" (every guess forced and among the safest), "not safest" (every guess
        forced, some not among the safest) or "avoidable" (some guess was: a safe cell was certain then)."""
        if not self.guesses:
            return "certain"
        if self.avoidable:
            return "avoidable"
        return "not safest" if self.forced_not_safest else "clean"

    def as_dict(self) -> dict[str, Any]:
        """Plain values, JSON's keys in English; an infinite luck (a certain mine clicked) is None."""
        luck = self.luck
        return {
            "won": self.won,
            "lost": self.lost,
            "clicks": [click.as_dict() for click in self.clicks],
            "guesses": self.guesses,
            "forced": self.forced,
            "avoidable": self.avoidable,
            "forced_not_safest": self.forced_not_safest,
            "luck": None if math.isinf(luck) else luck,
            "clean": self.clean,
            "wasted": [mark.as_dict() for mark in self.wasted],
            "wrong_flags": [mark.as_dict() for mark in self.wrong_flags],
            "exact": self.exact,
            "verdict": self.verdict,
        }


def review_game(
    replay: Replay, budget: int = REVIEW_BUDGET, explain: bool = True, cancelled: Any = None
) -> GameReview | None:
    """Play the replay through and judge each opening click from the position the player saw before it.

    `explain`: name a certainly safe cell and its proof for each avoidable guess (a hint's work: a little more).
    `cancelled`: anything with is_set(), looked at before each move; once set, None."""
    board = replay.fresh_board()
    rows, cols = board.rows, board.cols
    judge = _Judge(rows, cols, board.mines, budget, explain)
    clicks: list[ClickReview] = []
    wasted: list[MarkReview] = []
    flags: list[MarkReview] = []
    for index, move in enumerate(replay.moves):
        if cancelled is not None and cancelled.is_set():
            return None
        if board.state not in (GameState.READY, GameState.PLAYING):
            break
        kind = move.kind
        if kind in (MoveKind.REVEAL, MoveKind.CHORD):
            targets = cells_opened_by(board, move)
            if not targets:
                wasted.append(MarkReview(index, move.t_ms, move.cell, kind.value))
            elif board.state == GameState.READY:
                clicks.append(
                    ClickReview(
                        index, move.t_ms, move.cell, False, tuple(targets), FIRST, Fraction(1), True, Fraction(1)
                    )
                )
            else:
                clicks.append(judge.click(board, index, move, targets))
        elif kind.right_click and board.is_revealed(*move.cell):
            wasted.append(MarkReview(index, move.t_ms, move.cell, kind.value))
        revealed = board.apply(move, made=index < replay.made)
        if kind is MoveKind.FLAG and board.is_flagged(*move.cell):
            flags.append(MarkReview(index, move.t_ms, move.cell, kind.value))
        if revealed and board.state == GameState.PLAYING and not kind.right_click:  # a flag's cell is reported too
            judge.revealed(board, revealed)
    # judged at the end: a flag put before the first reveal is judged once the mines are laid
    laid = board.state != GameState.READY
    wrong_flags = tuple(mark for mark in flags if laid and not board.is_mine(*mark.cell))
    return GameReview(
        board.state == GameState.WON,
        board.state == GameState.LOST,
        tuple(clicks),
        tuple(wasted),
        wrong_flags,
        len(replay.moves),
        all(click.exact for click in clicks),
    )


def cells_opened_by(board: Board, move: Move) -> list[Cell]:
    """The covered cells a move would open directly (a cascade spreads from them), before it is made."""
    kind, row, col = move.kind, move.row, move.col
    if kind is MoveKind.REVEAL:
        return [] if board.is_revealed(row, col) or board.is_flagged(row, col) else [(row, col)]
    if kind is not MoveKind.CHORD or not board.is_revealed(row, col):
        return []
    cells = around(board.rows, board.cols, row, col)
    if sum(board.is_flagged(*cell) for cell in cells) != board.adjacent_mines(row, col):
        return []
    return [cell for cell in cells if not board.is_revealed(*cell) and not board.is_flagged(*cell)]


def review_json(replay_json: str) -> dict[str, Any] | None:
    """`review_game` of a replay given as its JSON, as plain values (how a worker process is handed a game)."""
    review = review_game(Replay.from_json(replay_json))
    return None if review is None else review.as_dict()


class _Judge:
    """The analysis of the position the player sees, brought up to date when a click needs it. A cell once proved
    safe stays so as the game goes on (more numbers only rule layouts out), so a click on such cells is certain
    without asking again: most of a game's clicks are, and the reveals since the last analysis are handed to
    `Analysis.after` together when a click does need one."""

    def __init__(self, rows: int, cols: int, mines: int, budget: int, explain: bool) -> None:
        self.rows, self.cols, self.mines, self.budget, self.explain = rows, cols, mines, budget, explain
        self.analysis: Analysis | None = None
        self.view: list[int] = []
        self.pending: dict[int, int] = {}  # cells revealed since the analysis: flat index -> number shown
        self.proved: set[int] = set()  # covered cells proved safe by an analysis so far

    def revealed(self, board: Any, cells: Sequence[Cell]) -> None:
        """Cells a move opened (the first time, the whole position is read)."""
        cols = self.cols
        if not self.view:
            self.view = [code if code <= 8 else -1 for code in board.seen_codes()]
            return
        for r, c in cells:
            i = r * cols + c
            self.view[i] = self.pending[i] = board.adjacent_mines(r, c)
            self.proved.discard(i)

    def current(self) -> Analysis:
        """The analysis of the position now."""
        if self.analysis is None:
            self.analysis = analyse_visible(self.rows, self.cols, self.mines, self.view, self.budget)
        elif self.pending:
            try:
                self.analysis = self.analysis.after(self.pending)
            except InconsistentPosition:  # never from a real game; a fresh look says what can be said
                self.analysis = analyse_visible(self.rows, self.cols, self.mines, self.view, self.budget)
        else:
            return self.analysis
        self.pending = {}
        self.proved |= self.analysis.safe_cells
        return self.analysis

    def click(self, board: Any, index: int, move: Move, targets: Sequence[Cell]) -> ClickReview:
        cols = self.cols
        cells = [r * cols + c for r, c in targets]
        chord = move.kind is MoveKind.CHORD
        if self.analysis is not None and all(i in self.proved for i in cells):
            one = Fraction(1)
            return ClickReview(index, move.t_ms, move.cell, chord, tuple(targets), CERTAIN, one, True, one)
        analysis = self.current()
        chance, exact = chance_all_safe(analysis, cells)
        safe = analysis.safe_cells
        safest = Fraction(1) if safe else best_single(analysis)
        kind = CERTAIN if chance == 1 else AVOIDABLE if safe else FORCED
        lost = any(board.is_mine(*cell) for cell in targets)
        click = ClickReview(
            index, move.t_ms, move.cell, chord, tuple(targets), kind, chance, bool(safe), safest, lost, exact
        )
        if kind == AVOIDABLE:
            return self.explained(board, click)
        return click

    def explained(self, board: Any, click: ClickReview) -> ClickReview:
        """An avoidable guess with a certainly safe cell named, and its proof as a hint gives it: the one nearest
        the guess that the rules prove from the numbers around it, as the player would have looked there; else
        the hint for the whole board."""
        analysis = self.analysis
        assert analysis is not None
        safe = analysis.safe
        proof: tuple[Cell, ...] = ()
        cell, reason, rule = min(safe), "The numbers around it prove it", "combined"
        if self.explain:
            for reach in (NEARBY, 3 * NEARBY):
                near = self.nearby(board, click.cell, safe, reach)
                if near is not None:
                    return replace(click, safe_cell=near[0], reason=near[1], proof=near[2], rule=near[3])
            flagged = frozenset(i for i, code in enumerate(board.seen_codes()) if code == SEEN_FLAG)
            hint = hint_for_visible(
                self.rows,
                self.cols,
                self.mines,
                self.view,
                lookahead=False,
                budget=self.budget,
                analysis=analysis,
                flagged=flagged,
            )
            if hint is not None and hint.safe and hint.cell in safe:
                cell, reason, proof, rule = hint.cell, hint.reason, tuple(hint.proof), hint.rule.value
        return replace(click, safe_cell=cell, reason=reason, proof=proof, rule=rule)

    def nearby(
        self, board: Any, guess: Cell, safe: set[Cell], reach: int
    ) -> tuple[Cell, str, tuple[Cell, ...], str] | None:
        """(cell, reason, proof, rule) of a certainly safe cell near `guess` that the single-number or the pair
        rule proves from the numbers within `reach` cells of the safe cell nearest it; None when they prove none
        there. (The rules over the whole board cost a large board a tenth of a second a guess.)"""
        rows, cols, view = self.rows, self.cols, self.view
        row, col = guess
        r0, c0 = min(safe, key=lambda c: (max(abs(c[0] - row), abs(c[1] - col)), c))
        numbers = [
            r * cols + c
            for r in range(max(0, r0 - reach), min(rows, r0 + reach + 1))
            for c in range(max(0, c0 - reach), min(cols, c0 + reach + 1))
            if view[r * cols + c] >= 0
        ]
        events = deductions(rows, cols, view, stop_at_safe=True, numbers=numbers)
        for rule in ("single", "pair"):
            found = [
                e for e in events if e.rule == rule and e.value == 0 and any(divmod(j, cols) in safe for j in e.cells)
            ]
            if found:
                best = min(found, key=lambda e: len(e.proof))
                shown = [j for j in best.cells if divmod(j, cols) in safe]
                i = min(
                    shown,
                    key=lambda j: (
                        board.is_flagged(*divmod(j, cols)),
                        max(abs(j // cols - row), abs(j % cols - col)),
                        j,
                    ),
                )
                return divmod(i, cols), best.reason, tuple(sorted(divmod(j, cols) for j in best.proof)), rule
        return None


def chance_all_safe(analysis: Analysis, cells: Sequence[int]) -> tuple[Fraction, bool]:
    """The chance that all these covered cells (flat indices) are safe together, and whether it is exact: the
    layouts with them all safe over all layouts. Estimated (chained: each cell's chance given the ones before it
    safe) when a group of numbers is too large to count."""
    if len(cells) == 1:
        num, den = analysis.chance_of(cells[0])
        return 1 - Fraction(num) / Fraction(den), analysis.exact
    if any(i in analysis.mine_cells for i in cells):
        return Fraction(0), analysis.exact
    open_cells = [i for i in cells if i not in analysis.safe_cells]
    if not open_cells:
        return Fraction(1), analysis.exact
    if len(open_cells) == 1:
        return chance_all_safe(analysis, open_cells)
    try:
        given = analysis.given(dict.fromkeys(open_cells, 0))
    except InconsistentPosition:  # no layout has them all safe
        return Fraction(0), analysis.exact
    if analysis.layouts is not None and given.layouts is not None:
        return Fraction(given.layouts, analysis.layouts), True
    chance = Fraction(1)  # estimated: a chain of single chances, each given the cells before it safe
    step, assumed = analysis, {}
    for i in open_cells:
        num, den = step.chance_of(i)
        chance *= 1 - Fraction(num) / Fraction(den)
        assumed[i] = 0
        try:
            step = analysis.given(assumed)
        except InconsistentPosition:
            return Fraction(0), False
    return chance, False


def best_single(analysis: Analysis) -> Fraction:
    """The best chance of a single covered cell not certainly a mine being safe."""
    lowest = min((Fraction(num) / Fraction(d) for num, d, _ in analysis.chances()), default=Fraction(1))
    return 1 - lowest
