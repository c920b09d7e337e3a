"""After the game: which clicks were guesses, and whether the click that lost was forced or a mistake.

Reads only what the player could see at each moment: the solver never peeks at the hidden mines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.language import _, ngettext

from ..rules.facts import GameState
from ..rules.grid import SEEN_FLAG, Cell, around
from ..rules.move import Move, MoveKind
from ..solver.analysis import DEFAULT_BUDGET, Analysis, InconsistentPosition, analyse_visible
from ..solver.chance import chance_text
from ..solver.deductions import deductions
from ..solver.guess import choose_guess
from ..solver.hints import TIE, hint_for_visible
from .replay import Replay

if TYPE_CHECKING:
    from ..rules.board import Board

OpenOf = dict[Cell, tuple[frozenset[Cell], int]]  # a number -> its covered cells not known mines, mines they hide

# Solver work per position when counting guesses. A capped analysis proves fewer cells safe (never a wrong
# one), so a rare crowded position may count a certain click as a guess; the fatal click gets the full budget.
GUESS_BUDGET = 5_000
# Whole-board analyses one game may ask for while counting guesses, so the count stays fast at game over
# (an Expert analysis takes a few ms, one that must estimate ~50 ms: it costs ESTIMATE_COST). Past the
# allowance, a click the rules around it cannot prove safe counts as a guess, and the count is not exact.
SOLVER_ALLOWANCE = 40
ESTIMATE_COST = 10


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
    verdict on the click that lost it."""

    guesses: int  # opening moves whose cells were not all certainly safe at that moment
    opening_moves: int  # reveals and chords that opened covered cells, the first click not counted
    loss: LossVerdict | None  # None unless the game was lost
    exact: bool = True  # False: the solver allowance ran out, and `guesses` may count a few too many


def judge_game(replay: Replay, budget: int = GUESS_BUDGET, cancelled: Any = None) -> GameVerdict | None:
    """Play the replay through, asking the solver at each opening move what the player could have known.

    `cancelled`: anything with is_set() (a threading.Event), looked at before each move; once set, judging
    stops and returns None (a large board's analysis can take seconds, and the player may have moved on)."""
    board = replay.fresh_board()
    known = Knowledge(board.rows, board.cols, board.mines, budget)
    guesses = opening_moves = 0
    verdict = None
    for move in replay.moves:
        if cancelled is not None and cancelled.is_set():
            return None
        targets = cells_opened_by(board, move) if board.state in (GameState.READY, GameState.PLAYING) else []
        if targets and board.state == GameState.PLAYING:  # the rules make the first click safe: never a guess
            opening_moves += 1
            guesses += not known.all_safe(board, targets)
        if any(board.is_mine(*cell) for cell in targets):
            before, flagged = visible(board), flagged_indices(board)
            board.apply(move)
            verdict = judge_loss(board, move, before, flagged)
        else:
            board.apply(move)
    return GameVerdict(guesses, opening_moves, verdict, not known.skipped)


def judge_json(replay_json: str) -> GameVerdict | None:
    """`judge_game` of a replay given as its JSON (how a worker process is handed a large game)."""
    return judge_game(Replay.from_json(replay_json))


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


class Knowledge:
    """The cells proved safe or mined so far. A proof stays true as the game goes on, since more numbers
    only rule out layouts, so most clicks are settled here, or by the simple rules around the clicked cell,
    without asking the solver about the whole board again."""

    def __init__(self, rows: int, cols: int, mines: int, budget: int) -> None:
        self.rows, self.cols, self.mines_total, self.budget = rows, cols, mines, budget
        self.safe: set[Cell] = set()
        self.mines: set[Cell] = set()
        self.allowance, self.skipped = SOLVER_ALLOWANCE, False

    def all_safe(self, board: Board, cells: Sequence[Cell]) -> bool:
        """Whether every one of `cells` is certainly safe on the board as the player sees it."""
        if all(cell in self.safe for cell in cells):
            return True
        view = visible(board)
        open_of: OpenOf = {}
        if all(cell in self.safe or self.proved_nearby(view, cell, open_of) for cell in cells):
            return True
        touched = self.touched(view)
        group: set[Cell] | None = None
        # the numbers' covered cells hold at most this many mines: each such mine adds 1 to some number
        most_near_numbers = min(touched, sum(v for v in view if v > 0))
        if most_near_numbers < self.mines_total:
            if any(not self.numbers_near(view, cell, 1) for cell in cells):
                # so every layout puts a mine among the cells no number touches, and these are all alike:
                # each of them may hold it
                return False
            if self.mines_total <= view.count(-1) - touched:
                # the mine count cannot tie one group of numbers to another: the clicked cells' group alone
                # decides them, and the solver need not weigh the rest of the board
                view, group = self.group_view(view, cells)
        if self.allowance <= 0:
            self.skipped = True
            return False
        try:
            analysis = analyse_visible(self.rows, self.cols, self.mines_total, view, self.budget)
        except InconsistentPosition:  # only a hand-made board gets here: then nothing is proved
            return False
        self.allowance -= 1 if analysis.exact else ESTIMATE_COST
        safe, mines = analysis.safe, analysis.mines
        if group is not None:
            safe, mines = safe & group, mines & group
        self.safe |= safe
        self.mines |= mines
        return all(cell in safe for cell in cells)

    def touched(self, view: list[int]) -> int:
        """How many covered cells are next to a revealed cell."""
        rows, cols = self.rows, self.cols
        return sum(
            1
            for i, v in enumerate(view)
            if v < 0 and any(view[r * cols + c] >= 0 for r, c in around(rows, cols, i // cols, i % cols))
        )

    def group_view(self, view: list[int], cells: Sequence[Cell]) -> tuple[list[int], set[Cell]]:
        """The position cut down to the numbers linked to `cells` through shared covered cells, and those
        covered cells. Other revealed cells next to the group become 0s: they stay open but constrain nothing
        of the group (the cells they then clear are outside the group, so only its own results are kept)."""
        rows, cols = self.rows, self.cols
        numbers: set[Cell] = set()
        group, todo = set(cells), list(cells)
        while todo:
            for number in self.numbers_near(view, todo.pop(), 1):
                if number not in numbers:
                    numbers.add(number)
                    for cell in around(rows, cols, *number):
                        if view[cell[0] * cols + cell[1]] < 0 and cell not in group:
                            group.add(cell)
                            todo.append(cell)
        cut = [-1] * len(view)
        for number in numbers:
            for r, c in around(rows, cols, *number):
                if view[r * cols + c] >= 0:
                    cut[r * cols + c] = 0
        for r, c in numbers:
            cut[r * cols + c] = view[r * cols + c]
        return cut, group

    def proved_nearby(self, view: list[int], cell: Cell, open_of: OpenOf) -> bool:
        """The player's two everyday rules, from the numbers next to `cell`: a number whose known mines are all
        there clears the rest; a number needing as many mines as a neighbouring number whose covered cells
        are all its own clears its others."""
        if cell in self.mines:
            return False
        for number in self.numbers_near(view, cell, 1):
            unknown, need = self.still_open(view, number, open_of)
            if need == 0:
                self.safe.update(unknown)
                return True
            if need == len(unknown):  # every covered cell around it, `cell` among them, is a mine
                self.mines.update(unknown)
                return False
            for other in self.numbers_near(view, number, 2):
                inner, inner_need = self.still_open(view, other, open_of)
                if inner and cell not in inner and inner_need == need and inner <= unknown:
                    self.safe.update(unknown - inner)
                    return True
        return False

    def still_open(self, view: list[int], number: Cell, open_of: OpenOf) -> tuple[frozenset[Cell], int]:
        """A number's covered neighbours not known to be mines, and how many mines they still hide."""
        if number not in open_of:
            covered = [c for c in around(self.rows, self.cols, *number) if view[c[0] * self.cols + c[1]] < 0]
            unknown = frozenset(c for c in covered if c not in self.mines)
            open_of[number] = unknown, view[number[0] * self.cols + number[1]] - (len(covered) - len(unknown))
        return open_of[number]

    def numbers_near(self, view: list[int], cell: Cell, reach: int) -> list[Cell]:
        row, col = cell
        return [c for c in around(self.rows, self.cols, row, col, reach) if view[c[0] * self.cols + c[1]] >= 0]


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
