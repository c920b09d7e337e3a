"""After the game: which clicks were guesses, and whether the click that lost was forced or a mistake.

Reads only what the player could see at each moment: the solver never peeks at the hidden mines.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.language import _, ngettext

from ..rules.grid import SEEN_FLAG, Cell, around
from ..rules.move import Move, MoveKind
from ..solver.analysis import DEFAULT_BUDGET, Analysis, InconsistentPosition, analyse_visible
from ..solver.chance import chance_text
from ..solver.deductions import deductions
from ..solver.guess import choose_guess
from ..solver.hints import TIE, hint_for_visible
from .replay import Replay
from .review import FIRST, REVIEW_BUDGET, GameReview, review_game

if TYPE_CHECKING:
    from ..rules.board import Board


@dataclass(frozen=True)
class LossVerdict:
    """The click that lost. Avoidable when a covered cell was certainly safe, or when the cell clicked was
    certainly a mine (what the numbers, or a hint, proved: nothing made the player open it); forced otherwise."""

    move: Move  # the fatal click: a reveal, or a chord next to a wrong flag
    cell: Cell  # the mine it opened
    forced: bool  # no covered cell was certainly safe just before it, and the cell clicked was not proved a mine
    probability: float | None  # the mine chance at `cell`, as the player could know it
    # a certainly safe cell when there was one; else the safest other covered cell (None: none was safer)
    alternative: Cell | None
    alternative_probability: float | None
    # avoidable: why `alternative` was safe, as the hint says it; or, when none was, why `cell` was a mine
    reason: str
    exact: bool = True  # False when the solver ran out of budget and estimated the chances
    proof: tuple[Cell, ...] = ()  # avoidable: the revealed numbers the reason speaks of, to highlight
    rule: str = ""  # avoidable: the rule of the reason ("single", "pair", "combined", "count")
    tied: bool = False  # forced, and as safe as the safest: other cells had the same chance

    @property
    def certainly_a_mine(self) -> bool:
        """The cell clicked was proved a mine by what the player could see."""
        return self.probability is not None and self.probability >= 1 - TIE

    @property
    def missed_safe(self) -> bool:
        """A covered cell was certainly safe (the `alternative`): the position can be studied for it."""
        return not self.forced and self.alternative is not None and self.alternative_probability == 0.0

    @property
    def kind(self) -> str:
        return "forced" if self.forced else "avoidable"

    @property
    def summary(self) -> str:
        """One line for the game-over panel."""
        if not self.forced and not self.missed_safe:  # no cell was safe, and the one clicked was a mine
            reason = self.reason[:1].lower() + self.reason[1:]
            chance = percent(self.alternative_probability)
            if self.alternative is None:
                # TRANSLATORS: {reason} is why the cell was a mine, as a hint says it; {chance} a chance ("12%")
                template = _(
                    "Avoidable: that cell was certainly a mine ({reason}). No cell was certainly safe: the safest "
                    "had {chance}."
                )
            else:
                # TRANSLATORS: {reason} is why the cell was a mine, as a hint says it; {cell} is "row 3, column 5"
                template = _(
                    "Avoidable: that cell was certainly a mine ({reason}). No cell was certainly safe: the safest, "
                    "{cell}, had {chance}."
                )
            return template.format(reason=reason, cell=cell_name(self.alternative), chance=chance)
        if not self.forced:
            if self.certainly_a_mine:
                # TRANSLATORS: {cell} is "row 3, column 5"; {reason} a hint's reason, a whole sentence
                template = _("Avoidable: That cell was certainly a mine, and {cell} was certainly safe. {reason}.")
                return template.format(cell=cell_name(self.alternative), reason=self.reason)
            # TRANSLATORS: {cell} is "Row 3, column 5"; {reason} a hint's reason, a whole sentence
            template = _("Avoidable: {cell} was certainly safe. {reason}.")
            return template.format(cell=cell_name(self.alternative, capital=True), reason=self.reason)
        chance = percent(self.probability)
        if self.alternative is None or self.alternative_probability is None:
            template = (
                _(
                    "A forced guess: no cell was certainly safe; this one was one of the safest "
                    "(a {chance} chance of a mine). Bad luck."
                )
                if self.tied
                else _(
                    "A forced guess: no cell was certainly safe; this one was the safest "
                    "(a {chance} chance of a mine). Bad luck."
                )
            )
            return template.format(chance=chance)
        return _(
            "A forced guess: no cell was certainly safe, and this one had a {chance} chance of a mine; the safest, "
            "{cell}, had {lowest}."
        ).format(chance=chance, cell=cell_name(self.alternative), lowest=percent(self.alternative_probability))


@dataclass(frozen=True)
class GameVerdict:
    """The judgement of a finished game: how many of its opening clicks were guesses, and, on a loss, the
    verdict on the click that lost it. The counts are the review's (review.py): one judgement of each click,
    wherever a game's guesses are shown."""

    guesses: int  # opening moves whose cells were not all certainly safe at that moment
    opening_moves: int  # reveals and chords that opened covered cells, the first click not counted
    loss: LossVerdict | None  # None unless the game was lost
    exact: bool = True  # False: a group of numbers was too large to count, and some chances were estimated
    review: GameReview | None = None  # every opening click judged, and what they add up to


def judge_game(replay: Replay, budget: int = REVIEW_BUDGET, cancelled: Any = None) -> GameVerdict | None:
    """The game reviewed click by click (`review_game`) and, on a loss, the verdict on the losing click.

    `cancelled`: anything with is_set() (a threading.Event), looked at before each move; once set, judging
    stops and returns None (a large board's analysis can take seconds, and the player may have moved on)."""
    review = review_game(replay, budget, cancelled=cancelled)
    if review is None:
        return None
    verdict = None
    losing = next((click for click in review.clicks if click.lost), None)
    if losing is not None:
        board = replay.board_after(losing.index)
        before, flagged = visible(board), flagged_indices(board)
        move = replay.moves[losing.index]
        board.apply(move)
        verdict = judge_loss(board, move, before, flagged)
    opening = sum(1 for click in review.clicks if click.kind != FIRST)
    return GameVerdict(review.guesses, opening, verdict, review.exact, review)


def judge_json(replay_json: str) -> GameVerdict | None:
    """`judge_game` of a replay given as its JSON (how a worker process is handed a large game)."""
    return judge_game(Replay.from_json(replay_json))


def judge_loss(board: Board, move: Move, before: list[int], flagged: frozenset[int]) -> LossVerdict:
    """The verdict on the click that just lost, from the position the player saw before it."""
    cell = board.exploded
    assert cell is not None, "judged after the click that lost"
    try:
        analysis = analyse_visible(board.rows, board.cols, board.mines, before, DEFAULT_BUDGET)
    except InconsistentPosition:
        return LossVerdict(move, cell, False, None, None, None, _("The numbers on the board did not add up"), False)
    probability = analysis.probability(*cell)
    if analysis.safe:
        hint = hint_for_visible(
            board.rows,
            board.cols,
            board.mines,
            before,
            lookahead=False,
            budget=DEFAULT_BUDGET,
            analysis=analysis,
            flagged=flagged,
        )
        if hint is not None and hint.safe and hint.cell in analysis.safe:
            safe, reason, proof, rule = hint.cell, hint.reason, tuple(hint.proof), hint.rule.value
        else:
            safe, reason, proof, rule = min(analysis.safe), _("The numbers around it prove it"), (), "combined"
        if move.kind is MoveKind.CHORD:
            # TRANSLATORS: {reason} is a hint's reason for a safe cell
            reason = _("{reason}; the chord opened a mine because a flag next to that number was wrong").format(
                reason=reason
            )
        return LossVerdict(move, cell, False, probability, safe, 0.0, reason, analysis.exact, proof, rule)
    chances = analysis.probabilities
    lowest = min(chances.values(), default=1.0)
    if cell in analysis.mines:  # no cell was safe, but this one was proved a mine: opening it was no guess
        left = board.mines - len(flagged)  # the counter, as the player saw it
        reason, proof, rule = why_a_mine(board.rows, board.cols, left, before, analysis, cell)
        guess = choose_guess(board.rows, board.cols, board.mines, before, analysis, lookahead=False)
        chance = chances.get(guess)
        return LossVerdict(move, cell, False, probability, guess, chance, reason, analysis.exact, proof, rule)
    safest: Cell | None = None
    if probability is not None and probability > lowest + TIE and percent(probability) != percent(lowest):
        # a safer cell, named as the hint names it (the safest, the fewest covered neighbours among equals)
        safest = choose_guess(board.rows, board.cols, board.mines, before, analysis, lookahead=False)
    tied = safest is None and sum(1 for p in chances.values() if percent(p) == percent(lowest)) > 1
    return LossVerdict(
        move,
        cell,
        True,
        probability,
        safest,
        None if safest is None else chances.get(safest),
        _("Every covered cell could have held a mine"),
        analysis.exact,
        tied=tied,
    )


def why_a_mine(
    rows: int, cols: int, left: int, before: list[int], analysis: Analysis, cell: Cell
) -> tuple[str, tuple[Cell, ...], str]:
    """Why the position proved `cell` a mine, as a hint says it: (the reason, the numbers it speaks of, its rule),
    by the simplest rule that proves it (`left`: the mines left, as the counter showed them)."""
    index = cell[0] * cols + cell[1]
    found = [d for d in deductions(rows, cols, before) if d.value == 1 and index in d.cells]
    if found:
        best = min(found, key=lambda d: (d.rule != "single", len(d.proof)))
        return best.reason, tuple(sorted(divmod(j, cols) for j in best.proof)), best.rule
    if analysis.needs_mine_count(*cell):
        reason = ngettext(
            "With {count} mine left, it is the only way the numbers fit",
            "With {count} mines left, it is the only way the numbers fit",
            left,
        ).format(count=left)
        return reason, (), "count"
    proof = tuple(c for c in around(rows, cols, *cell) if before[c[0] * cols + c[1]] >= 0)
    return _("The numbers around it prove it"), proof, "combined"


def visible(board: Board) -> list[int]:
    """The position as the solver reads it: -1 covered (flagged or not), else the revealed number."""
    return [code if code <= 8 else -1 for code in board.seen_codes()]


def flagged_indices(board: Board) -> frozenset[int]:
    return frozenset(i for i, code in enumerate(board.seen_codes()) if code == SEEN_FLAG)


def percent(p: float | None) -> str:
    return "?" if p is None else chance_text(p)


def cell_name(cell: Cell | None, capital: bool = False) -> str:
    """A cell as the player finds it: "row 3, column 5" (counted from 1, the top left), or "Row 3, column 5"
    at the start of a sentence."""
    if cell is None:
        return "-"
    row, column = cell[0] + 1, cell[1] + 1
    if capital:
        # TRANSLATORS: a cell's place at the start of a sentence, counted from the top left
        return _("Row {row}, column {column}").format(row=row, column=column)
    # TRANSLATORS: a cell's place within a sentence, counted from the top left
    return _("row {row}, column {column}").format(row=row, column=column)
