"""The path of lessons, read from lessons.json: each teaches one deduction in a sentence, then asks for it on
a few small hand-made boards (see puzzle.py for how a board is written). No pygame here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

from game.language import _
from game.learn.puzzle import LEVELS, Puzzle, needed_level
from game.model import Board, analyse

LESSONS_FILE = Path(__file__).resolve().parent / "lessons.json"


class Lesson(NamedTuple):
    """A lesson as lessons.json writes it: its title and teaching line stay English here (tools/catalogs.py
    extracts them for the catalog); `shown_title` and `shown_teach` give them in the language in effect, for
    the screen to call each time it shows them."""

    key: str
    title: str
    rule: str  # the engine's rule it teaches: one of LEVELS
    teach: str  # one sentence
    boards: list[list[str]]
    chances: bool = False  # show the mine chances (the lesson on guessing)

    def shown_title(self) -> str:
        """The title in the player's language."""
        return _(self.title)

    def shown_teach(self) -> str:
        """The teaching line in the player's language."""
        return _(self.teach)

    def puzzle(self, n: int) -> Puzzle:
        return Puzzle.from_text(self.boards[n], self.rule)


def load(path: Path = LESSONS_FILE) -> list[Lesson]:
    """The lessons in order. ValueError if the file is not what this module writes (a test checks it is)."""
    lessons = []
    for item in json.loads(path.read_text(encoding="utf-8")):
        lesson = Lesson(
            item["key"], item["title"], item["rule"], item["teach"], item["boards"], item.get("chances", False)
        )
        if lesson.rule not in LEVELS or not lesson.boards:
            raise ValueError(f"lesson {lesson.key!r}: unknown rule or no boards")
        lessons.append(lesson)
    return lessons


def problems(lesson: Lesson, n: int) -> list[str]:
    """What is wrong with board n of a lesson, in words (nothing: an empty list): it must be a position a game
    can reach whose certain cells are exactly the ones asked for, settled by the rule the lesson teaches."""
    try:
        puzzle = lesson.puzzle(n)
    except ValueError as error:
        return [f"not a board: {error}"]
    b = puzzle.board
    found = []
    analysis = analyse(b)
    certain = analysis.safe | analysis.mines
    cells = [(r, c) for r in range(b.rows) for c in range(b.cols)]
    covered = {cell for cell in cells if not b.is_revealed(*cell) and not b.is_flagged(*cell)}
    asked = puzzle.safe | puzzle.mines
    if any(_zero_beside_covered(b, r, c) for r in range(b.rows) for c in range(b.cols)):
        found.append("an open 0 beside a covered cell: no game shows that")
    if puzzle.guesses:
        if certain:
            found.append(f"a guess lesson with certain cells: {sorted(certain)}")
        best = min(analysis.probabilities.values())
        if any(analysis.probabilities[c] > best + 1e-9 for c in puzzle.guesses):
            found.append("a 'g' cell is not among the safest")
        if any(b.is_mine(*c) for c in puzzle.guesses):
            found.append("a 'g' cell hides a mine")
    else:
        if asked - certain:
            found.append(f"asked for cells nothing proves: {sorted(asked - certain)}")
        if (certain & covered) - asked:
            found.append(f"cells proved but not asked for: {sorted((certain & covered) - asked)}")
        if puzzle.safe - analysis.safe or puzzle.mines - analysis.mines:
            found.append("a cell asked for is the other thing")
        level = needed_level(puzzle)
        if level != lesson.rule:
            found.append(f"needs the {level} rule, not {lesson.rule}")
    return found


def _zero_beside_covered(board: Board, row: int, col: int) -> bool:
    if not board.is_revealed(row, col) or board.adjacent_mines(row, col):
        return False
    rows = range(max(0, row - 1), min(board.rows, row + 2))
    cols = range(max(0, col - 1), min(board.cols, col + 2))
    return any(not board.is_revealed(r, c) for r in rows for c in cols)
