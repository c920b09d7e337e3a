"""The simplest proof of a cell: the fewest revealed numbers that prove it, each smaller set tried by every way
its mines can lie, put in the words of the rules (deductions.py) when they find it."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .analysis import neighbours
from .deductions import Deduction, combined_reason, deductions

__all__ = ["MOST_NUMBERS", "simplest_proof"]


MOST_NUMBERS = 5  # a proof of more numbers than this is not looked for number by number (the rules' own is given)
RULE_ORDER = ("single", "pair", "combined")  # simplest first


def simplest_proof(
    rows: int,
    cols: int,
    visible: Sequence[int],
    cell: int,
    known_mines: Collection[int] = (),
    prefer: str | None = None,
    most: int = MOST_NUMBERS,
    beyond: bool = True,
) -> Deduction | None:
    """The proof of `cell` (a flat index) with the fewest numbers, put in words: no smaller set of the revealed
    numbers proves it (each set tried by every way its mines can lie). Among proofs of as few numbers, one by
    the rule `prefer` first, then the simplest rule. By the numbers alone: None when no `most` numbers prove it
    (the mine count may). Its `cells` are those it is the simplest proof of; any others its words
    prove (fewer numbers prove them) are among its `named`. Beyond `most` numbers, the proof is one no number can
    be dropped from (not looked for among every set of as many; `beyond` false: None), or None if all the numbers
    linked to it do not prove it.

    A 1-2-1 along a wall: the 2 and the 1 beside it prove the corner a mine; the 1 at the far end is not needed.

    >>> from game.model import Board, visible_of
    >>> board = Board.from_layout(["*.*", "...", "..."])
    >>> _ = board.reveal(2, 1)
    >>> print(board.seen_text())
    ###
    121
    000
    >>> proof = simplest_proof(3, 3, visible_of(board), 0)
    >>> proof.rule, sorted(divmod(i, 3) for i in proof.proof)
    ('pair', [(1, 1), (1, 2)])
    >>> proof.reason
    'The 2 needs 2 more mines but at most 1 can be in cells it shares with the 1, so this cell is a mine'
    """
    nb = neighbours(rows, cols)
    known = frozenset(known_mines)
    cons: dict[int, tuple[frozenset[int], int]] = {}  # a number's cell -> its cells not known, the mines they hold
    for i, v in enumerate(visible):
        if v >= 0:
            cells = frozenset(j for j in nb[i] if visible[j] < 0 and j not in known)
            if cells:
                cons[i] = (cells, v - sum(1 for j in nb[i] if j in known))
    by_cell: dict[int, list[int]] = {}
    for i, (cells, _) in cons.items():
        for j in cells:
            by_cell.setdefault(j, []).append(i)
    # a smallest proof is one group of numbers, each sharing a covered cell with another, one of them touching it
    groups = {frozenset((i,)) for i in by_cell.get(cell, ())}
    for size in range(1, most + 1):
        found = []
        for group in sorted(groups, key=sorted):
            value = _forced([cons[i] for i in sorted(group)], cell)
            if value is not None:
                found.append(_worded(rows, cols, visible, known, group, cell, value))
        if found:
            # the words of a rule may prove other cells too ("these 2 cells are mines"): better a proof that is the
            # simplest for each of them; one that is not names them, but does not claim them
            ranked = []
            for d in found:
                extra = [
                    j
                    for j in d.cells
                    if j != cell and simplest_proof(rows, cols, visible, j, known, most=size - 1, beyond=False)
                ]
                ranked.append(((d.rule != prefer, bool(extra), RULE_ORDER.index(d.rule)), d, extra))
            _, best, extra = min(ranked, key=lambda item: item[0])
            if extra:
                kept = [j for j in best.cells if j not in extra]
                return Deduction(best.rule, best.value, kept, best.proof, best.reason, [*best.named, *extra])
            return best
        groups = {group | {k} for group in groups for i in group for j in cons[i][0] for k in by_cell[j]} - groups
        groups = {group for group in groups if len(group) == size + 1}
        if not groups:
            return None
    return _irreducible(rows, cols, visible, known, cons, by_cell, cell) if beyond else None


def _irreducible(
    rows: int,
    cols: int,
    visible: Sequence[int],
    known: frozenset[int],
    cons: dict[int, tuple[frozenset[int], int]],
    by_cell: dict[int, list[int]],
    cell: int,
) -> Deduction | None:
    """A proof of more numbers than are tried set by set: every number linked to `cell` through covered cells,
    then each dropped that the rest prove it without; None if all of them together do not prove it."""
    group: set[int] = set()
    todo = list(by_cell.get(cell, ()))
    while todo:
        i = todo.pop()
        if i not in group:
            group.add(i)
            todo.extend(k for j in cons[i][0] for k in by_cell[j] if k not in group)
    value = _forced([cons[i] for i in sorted(group)], cell)
    if value is None:
        return None
    for i in sorted(group, key=lambda i: -max(abs(a - b) for a, b in zip(divmod(i, cols), divmod(cell, cols)))):
        rest = group - {i}
        if any(cell in cons[k][0] for k in rest) and _forced([cons[k] for k in sorted(rest)], cell) == value:
            group = rest
    return _worded(rows, cols, visible, known, frozenset(group), cell, value)


def _forced(cons: list[tuple[frozenset[int], int]], cell: int) -> int | None:
    """What `cell` must be (0 safe, 1 a mine) if these numbers' cells hold their mines, or None if it could be
    either."""
    cells = sorted(set().union(*(c for c, _ in cons)))
    where = {j: [k for k, (c, _) in enumerate(cons) if j in c] for j in cells}
    left = [len(c) for c, _ in cons]  # cells not yet given a value, for each number
    need = [n for _, n in cons]  # mines still to place, for each number

    def fits(at: int, fixed: int) -> bool:
        if at == len(cells):
            return True
        j = cells[at]
        for value in (0, 1) if j != cell else (fixed,):
            if all(need[k] - value >= 0 and need[k] - value <= left[k] - 1 for k in where[j]):
                for k in where[j]:
                    need[k] -= value
                    left[k] -= 1
                ok = fits(at + 1, fixed)
                for k in where[j]:
                    need[k] += value
                    left[k] += 1
                if ok:
                    return True
        return False

    possible = [fixed for fixed in (0, 1) if fits(0, fixed)]
    return possible[0] if len(possible) == 1 else None


def _worded(
    rows: int, cols: int, visible: Sequence[int], known: frozenset[int], group: frozenset[int], cell: int, value: int
) -> Deduction:
    """The deduction of `cell` by the numbers of `group` alone, in the rules' words if they find it (a chain of
    single numbers, or a pair), else as several numbers taken together."""
    for deduction in deductions(rows, cols, visible, known_mines=known, numbers=group):
        if cell in deduction.cells and deduction.value == value:
            return deduction
    return Deduction("combined", value, [cell], group, combined_reason(len(group), value))
