"""A position to solve, for a lesson, the pattern drill or a lost game studied: a board part played, the cells the
numbers prove (safe, or mines), and the judging of each click before it is made, so a wrong one is caught and
explained instead of exploding. No pygame here.

A lesson's position is written as text, a row a line:
    o  a safe cell, open          .  a safe cell to open        -  a safe cell nothing proves yet
    F  a mine, flagged            *  a mine to flag             x  a mine nothing proves yet
    g  a safe cell to open as the best guess (a lesson on guessing: no cell is certain)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from game.language import N_, _
from game.model import (
    Analysis,
    Board,
    Cell,
    Move,
    analyse,
    around,
    chance_text,
    combined_reason,
    count_reason,
    deductions,
    simplest_proof,
    visible_of,
)

MINES, OPEN, FLAGGED = "*Fx", "o", "F"
LEVELS = ("single", "pair", "combined", "count", "guess")  # the engine's rules, simplest first
# The rules as the player reads them (English, marked for the catalog: shown as `_(RULE_NAMES[rule])`).
RULE_NAMES = {
    "single": N_("one number on its own"),
    "pair": N_("two numbers together"),
    "combined": N_("several numbers together"),
    "count": N_("the mines left"),
    "guess": N_("the best guess"),
}


def rule_needs(rule: str) -> str:
    """What a drill position needs, a whole sentence in the player's language: "This one needs two numbers
    together."."""
    texts = {
        "single": _("This one needs one number on its own."),
        "pair": _("This one needs two numbers together."),
        "combined": _("This one needs several numbers together."),
        "count": _("This one needs the mines left."),
        "guess": _("This one needs the best guess."),
    }
    return texts[rule]


class Checked(NamedTuple):
    """What a click would do: allowed, or caught with the reason in words, the numbers that prove it and the
    cells it proves (the one clicked among them), and whether it leans on the mines counter."""

    ok: bool
    reason: str = ""
    proof: tuple[Cell, ...] = ()
    cell: Cell | None = None
    cells: tuple[Cell, ...] = ()
    counter: bool = False
    named: tuple[Cell, ...] = ()


class Explanation(NamedTuple):
    """The simplest proof of some cells: the rule it uses (one of LEVELS but "guess"), what they are (0 safe, 1
    mines), the cells it proves, the numbers that prove it (none for the mine count), and why, in words that
    name just those, the mines a number already touches (`named`) and the counter (when `counter`)."""

    rule: str
    value: int
    cells: tuple[Cell, ...]
    proof: tuple[Cell, ...]
    reason: str
    counter: bool = False
    named: tuple[Cell, ...] = ()


def board_from_text(lines: list[str], seed: int = 0) -> Board:
    """The board a position's text describes, its open cells open and its flags placed."""
    rows, cols = len(lines), len(lines[0])
    mines = [(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch in MINES]
    cells = ["".join("O" if ch == OPEN else "F" if ch == FLAGGED else "." for ch in line) for line in lines]
    data = {
        "format": 1,
        "rows": rows,
        "cols": cols,
        "mines": len(mines),
        "seed": seed,
        "first_click": "safe",
        "question_marks": False,
        "state": "playing",
        "mine_cells": [list(m) for m in mines],
        "cells": cells,
        "exploded": None,
        "clicks": {"left": 0, "right": 0, "chord": 0, "effective": 0},
        "moves": [],
    }
    return Board.from_dict(data)


class Puzzle:
    """A position and what the numbers prove in it: `safe` cells to open and `mines` to flag, or (a lesson on
    guessing) `guesses`, the safest cells. Done when every proved cell is played, or with `any_safe`
    (a lost game studied: find a safe click) when one safe cell is opened."""

    def __init__(
        self,
        board: Board,
        safe: Iterable[Cell],
        mines: Iterable[Cell],
        guesses: Iterable[Cell] = (),
        any_safe: bool = False,
        rule: str | None = None,
        known_flags: Iterable[Cell] = (),
    ):
        """rule: the rule it teaches (its explanations speak of that one first). known_flags: flags the player may
        take for mines (a lesson's, or those a proof placed); a flag on a mine the numbers prove counts too."""
        self.board = board
        self.safe, self.mines, self.guesses = set(safe), set(mines), set(guesses)
        self.any_safe = any_safe
        self.rule = rule
        self.known_flags = set(known_flags)
        self.mistakes = 0
        self._analysed: tuple[int, Analysis] | None = None

    @classmethod
    def from_text(cls, lines: list[str], rule: str | None = None) -> Puzzle:
        cells = [(r, c, ch) for r, line in enumerate(lines) for c, ch in enumerate(line)]
        return cls(
            board_from_text(lines),
            {(r, c) for r, c, ch in cells if ch == "."},
            {(r, c) for r, c, ch in cells if ch == "*"},
            {(r, c) for r, c, ch in cells if ch == "g"},
            rule=rule,
            known_flags={(r, c) for r, c, ch in cells if ch == FLAGGED},
        )

    def copy(self) -> Puzzle:
        """The same position, to think about off the frame while the player plays on."""
        return Puzzle(
            self.board.copy(), self.safe, self.mines, self.guesses, self.any_safe, self.rule, self.known_flags
        )

    def known_mines(self) -> set[Cell]:
        """The flags the player may count as mines: given as mines, or on a mine the numbers prove."""
        b = self.board
        flags = {(r, c) for r in range(b.rows) for c in range(b.cols) if b.is_flagged(r, c)}
        return {cell for cell in flags if cell in self.known_flags or cell in self.mines}

    @property
    def done(self) -> bool:
        b = self.board
        if self.guesses:
            return any(b.is_revealed(*cell) for cell in self.guesses)
        if self.any_safe:
            return any(b.is_revealed(*cell) for cell in self.safe)
        return all(b.is_revealed(*cell) for cell in self.safe) and all(b.is_flagged(*cell) for cell in self.mines)

    def check(self, move: Move) -> Checked:
        """Whether the click is right here, before it is made; a wrong one says why (and counts as a mistake)."""
        b, cell = self.board, move.cell
        if move.kind.right_click:
            if b.is_revealed(*cell) or b.is_flagged(*cell) or cell in self.mines:
                return Checked(True)  # taking a flag off is never wrong
            if cell in self.safe or cell in self.guesses:
                return self._caught(cell, _("That cell is safe, not a mine"))
            return self._unknown(cell, 1)
        if b.is_flagged(*cell):
            return Checked(True)  # a flag protects the cell: nothing happens
        if b.is_revealed(*cell):
            return self._judge_chord(move)
        if cell in self.safe or (cell in self.guesses and self._is_best_guess(cell)):
            return Checked(True)
        if cell in self.mines:
            return self._caught(cell, _("That cell is a mine"))
        if self.guesses:
            return self._worse_guess(cell)
        return self._unknown(cell, 0)

    def play(self, move: Move) -> list[Cell]:
        """Make a click that judge allowed."""
        return self.board.apply(move)

    def _judge_chord(self, move: Move) -> Checked:
        """A click on a number opens its other neighbours when its flags match it: right only if all are safe."""
        b = self.board
        around = [
            (r, c)
            for r in range(max(0, move.row - 1), min(b.rows, move.row + 2))
            for c in range(max(0, move.col - 1), min(b.cols, move.col + 2))
        ]
        if sum(b.is_flagged(*cell) for cell in around) != b.adjacent_mines(*move.cell):
            return Checked(True)  # the chord does nothing
        opened = [cell for cell in around if not b.is_revealed(*cell) and not b.is_flagged(*cell)]
        if all(cell in self.safe for cell in opened):
            return Checked(True)
        mined = [cell for cell in opened if b.is_mine(*cell)]
        if mined:
            return self._caught(mined[0], _("A flag next to that number is wrong, so it would open a mine"))
        return self._unknown(next(cell for cell in opened if cell not in self.safe), 0)

    # --- the words -----------------------------------------------------------------------------------------

    def _caught(self, cell: Cell, what: str) -> Checked:
        """A click on a cell the numbers prove the other way: the simplest proof of it, its numbers outlined.
        what: the mistake, a whole sentence in the player's language (without its full stop)."""
        self.mistakes += 1
        told = self.explain(cell)
        if told is None:
            # TRANSLATORS: {what} is the mistake, a sentence ("That cell is a mine")
            reason = _("{what}. Nothing on the board proved it safe: look for a cell the numbers do.").format(what=what)
            return Checked(False, reason, (), cell, (cell,))
        # TRANSLATORS: {what} is the mistake ("That cell is a mine"), {reason} why, as a hint says it
        reason = _("{what}: {reason}.").format(what=what, reason=told.reason[:1].lower() + told.reason[1:])
        return Checked(False, reason, told.proof, cell, told.cells, told.counter, told.named)

    def explain(self, cell: Cell) -> Explanation | None:
        """The simplest proof that `cell` is what it is: the fewest numbers (the puzzle's own rule first among
        as few), else the mine count; None if nothing on the board proves it."""
        b = self.board
        cols = b.cols
        known = {r * cols + c for r, c in self.known_mines()}
        visible = visible_of(b)
        proof = simplest_proof(b.rows, cols, visible, cell[0] * cols + cell[1], known, self.rule)
        if proof is not None:
            return Explanation(
                proof.rule,
                proof.value,
                tuple(sorted(divmod(j, cols) for j in proof.cells)),
                tuple(sorted(divmod(j, cols) for j in proof.proof)),
                proof.reason,
                named=tuple(divmod(j, cols) for j in proof.named),
            )
        analysis = self.analysis()
        if cell not in analysis.safe | analysis.mines:
            return None
        value = int(cell in analysis.mines)
        if analysis.needs_mine_count(*cell):
            alike = analysis.mines if value else analysis.safe
            counted = sorted(
                c for c in alike if analysis.needs_mine_count(*c) and not b.is_revealed(*c) and not b.is_flagged(*c)
            )
            counted = counted if cell in counted else [cell, *counted]
            left = b.mines - sum(1 for c in analysis.mines if not analysis.needs_mine_count(*c))
            reason = count_reason(value, left, len(counted), counter=b.mines_left == left)
            return Explanation("count", value, tuple(counted), (), reason, counter=True)
        # more numbers than a proof is looked for among: the rules' own proof, or every number around it
        for deduction in deductions(b.rows, cols, visible, known_mines=known):
            if cell[0] * cols + cell[1] in deduction.cells:
                cells = tuple(sorted(divmod(j, cols) for j in deduction.cells))
                numbers = tuple(sorted(divmod(j, cols) for j in deduction.proof))
                named = tuple(divmod(j, cols) for j in deduction.named)
                return Explanation(deduction.rule, deduction.value, cells, numbers, deduction.reason, named=named)
        numbers = tuple(sorted(c for c in around(b.rows, b.cols, *cell) if b.is_revealed(*c)))
        return Explanation("combined", value, (cell,), numbers, combined_reason(len(numbers), value))

    def why(self) -> Explanation | None:
        """What to explain when the player asks why: of the cells still to play, one the puzzle's own rule proves
        (it is what it teaches), by the fewest numbers, a safe one before a mine (only a safe one when any safe
        cell solves it: a lost game studied); None when none is left."""
        b = self.board
        todo = sorted({c for c in self.safe if not b.is_revealed(*c)} | {c for c in self.mines if not b.is_flagged(*c)})
        if self.any_safe:
            todo = [cell for cell in todo if cell in self.safe]
        told = [e for e in (self.explain(cell) for cell in todo) if e is not None]
        if not told:
            return None
        return min(
            told,
            key=lambda e: (e.rule != self.rule, len(e.proof), LEVELS.index(e.rule) if e.rule in LEVELS else 9, e.value),
        )

    def _unknown(self, cell: Cell, value: int) -> Checked:
        """A click that the numbers do not settle yet: value 0 opened it (safe), 1 flagged it (a mine)."""
        self.mistakes += 1
        reason = (
            _("Nothing on the board proves that cell a mine yet: look for one the numbers do.")
            if value
            else _("Nothing on the board proves that cell safe yet: look for one the numbers do.")
        )
        return Checked(False, reason, (), cell)

    def analysis(self) -> Analysis:
        """What the position proves, worked out once for each position (a move makes a new one)."""
        if self._analysed is None or self._analysed[0] != len(self.board.moves):
            self._analysed = (len(self.board.moves), analyse(self.board))
        return self._analysed[1]

    def _chances(self) -> dict[Cell, float]:
        return self.analysis().probabilities

    def _is_best_guess(self, cell: Cell) -> bool:
        chances = self._chances()
        return chances.get(cell, 1.0) <= min(chances.values()) + 1e-9

    def _worse_guess(self, cell: Cell) -> Checked:
        self.mistakes += 1
        chances = self._chances()
        best = min(chances.values())
        # TRANSLATORS: {chance} and {lowest} are chances of a mine ("12%")
        reason = _(
            "A {chance} chance of a mine there; the safest cells have {lowest}: the mine chances show them."
        ).format(chance=chance_text(chances.get(cell, 1.0)), lowest=chance_text(best))
        return Checked(False, reason, (), cell)


def needed_level(puzzle: Puzzle) -> str:
    """The simplest of the engine's rules that settles every cell the puzzle asks for: "single" (one number
    on its own), "pair" (two numbers together), "combined" (more numbers together), "count" (the mines
    left), else "guess"."""
    b = puzzle.board
    if puzzle.guesses:
        return "guess"
    asked = {r * b.cols + c for r, c in puzzle.safe | puzzle.mines}
    known = {r * b.cols + c for r, c in puzzle.known_mines()}
    found: dict[str, set[int]] = {"single": set(), "pair": set()}
    for deduction in deductions(b.rows, b.cols, visible_of(b), known_mines=known):
        found[deduction.rule].update(deduction.cells)
    if asked <= found["single"]:
        return "single"
    if asked <= found["single"] | found["pair"]:
        return "pair"
    analysis = analyse(b)
    return "count" if any(analysis.needs_mine_count(*divmod(j, b.cols)) for j in asked) else "combined"
