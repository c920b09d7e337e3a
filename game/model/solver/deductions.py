"""The single-number rule and the pair rule, applied in the order a player would, each deduction put in words:
the reasons hints give."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .analysis import neighbours

__all__ = ["Deduction", "cells_phrase", "deductions"]


def cells_phrase(n: int, what: str) -> str:
    return f"this cell is {what}" if n == 1 else f"these {n} cells are {what}"


def _mines_word(n: int) -> str:
    return "its mine" if n == 1 else f"its {n} mines"


class Deduction:
    """Cells proved safe (value 0) or mines (value 1) by one rule, the numbers that prove it and why, in words."""

    __slots__ = ("rule", "value", "cells", "proof", "reason")

    def __init__(self, rule: str, value: int, cells: list[int], proof: frozenset[int], reason: str) -> None:
        self.rule, self.value, self.cells, self.proof, self.reason = rule, value, cells, proof, reason


def deductions(rows: int, cols: int, visible: Sequence[int], stop_at_safe: bool = False) -> list[Deduction]:
    """Deductions by the single-number rule and then the pair (subset/overlap) rule, in the order found."""
    nb = neighbours(rows, cols)
    cons: list[tuple[int, tuple[int, ...], int]] = []  # (number's cell, its covered cells, the number)
    for i, v in enumerate(visible):
        if v >= 0:
            cells = tuple(j for j in nb[i] if visible[j] < 0)
            if cells:
                cons.append((i, cells, v))
    known: dict[int, tuple[int, frozenset[int], int]] = {}  # cell -> (0 safe / 1 mine, proof, level)
    events: list[Deduction] = []
    levels = {"single": 1, "pair": 2}

    def mark(rule: str, value: int, cells: Iterable[int], proof: set[int], reason: str, used: list[int]) -> None:
        proved_by = frozenset(proof)
        # a deduction is as hard as the hardest step it leans on
        level = max([levels[rule]] + [known[j][2] for j in used])
        rule = "single" if level == 1 else "pair"
        for j in cells:
            known[j] = (value, proved_by, level)
        events.append(Deduction(rule, value, sorted(cells), proved_by, reason))

    def residual(cells: Iterable[int]) -> tuple[list[int], list[int]]:
        unknown = [j for j in cells if j not in known]
        kmines = [j for j in cells if j in known and known[j][0] == 1]
        return unknown, kmines

    def deps(cells: Iterable[int]) -> set[int]:
        out: set[int] = set()
        for j in cells:
            if j in known:
                out |= known[j][1]
        return out

    def single_pass() -> bool:
        found = False
        for src, cells, v in cons:
            unknown, kmines = residual(cells)
            if not unknown:
                continue
            need = v - len(kmines)
            if need == 0:
                reason = (
                    f"This {v} already touches {_mines_word(v)}, so {cells_phrase(len(unknown), 'safe')}"
                    if v
                    else f"This 0 has no mines around it, so {cells_phrase(len(unknown), 'safe')}"
                )
                mark("single", 0, unknown, {src} | deps(cells), reason, [j for j in cells if j in known])
                found = True
            elif need == len(unknown):
                if kmines:
                    reason = (
                        f"This {v} already touches {len(kmines)} of its mines and has only {need} covered "
                        f"cell{'s' if need > 1 else ''} left, "
                        f"so {cells_phrase(need, 'mines' if need > 1 else 'a mine')}"
                    )
                else:
                    reason = (
                        f"This {v} has exactly {v} covered cell{'s' if v > 1 else ''} around it, "
                        f"so {cells_phrase(need, 'mines' if need > 1 else 'a mine')}"
                    )
                mark("single", 1, unknown, {src} | deps(cells), reason, [j for j in cells if j in known])
                found = True
        return found

    def pair_pass() -> bool:
        res: list[tuple[int, set[int], int, int, list[int]]] = []
        for src, cells, v in cons:
            unknown, kmines = residual(cells)
            if unknown:
                res.append((src, set(unknown), v - len(kmines), v, [j for j in cells if j in known]))
        by_cell: dict[int, list[int]] = {}
        for k, item in enumerate(res):
            for j in item[1]:
                by_cell.setdefault(j, []).append(k)
        for kb, (sb, B, b, vb, mb) in enumerate(res):
            partners: set[int] = set()
            for j in B:
                partners.update(by_cell[j])
            for ka in sorted(partners):
                if ka == kb:
                    continue
                sa, A, a, va, ma = res[ka]
                only_b = B - A
                only_a = A - B
                if not only_b:
                    continue
                proof = {sa, sb} | deps(ma) | deps(mb)
                if not only_a and b == a:
                    reason = (
                        f"All the mines this {va} still needs are also next to the {vb} beside it, "
                        f"so the {vb}'s other cells are safe"
                        if len(only_b) > 1
                        else f"All the mines this {va} still needs are also next to the {vb} beside it, "
                        f"so the {vb}'s other cell is safe"
                    )
                    mark("pair", 0, only_b, proof, reason, ma + mb)
                    return True
                if b - a == len(only_b):
                    if only_a:
                        reason = (
                            f"The {vb} needs {b} more mine{'s' if b > 1 else ''} but at most {a} can be in "
                            f"cells it shares with the {va}, so its other {cells_phrase(len(only_b), 'mines')[5:]}"
                            f" and the {va}'s other cells are safe"
                        )
                        mark("pair", 0, only_a, proof, reason, ma + mb)
                    else:
                        reason = (
                            f"The {vb} needs {b} more mine{'s' if b > 1 else ''} but at most {a} can be in "
                            f"cells it shares with the {va}, "
                            f"so {cells_phrase(len(only_b), 'mines' if len(only_b) > 1 else 'a mine')}"
                        )
                    mark("pair", 1, only_b, proof, reason, ma + mb)
                    return True
        return False

    def has_safe() -> bool:
        return stop_at_safe and any(e.value == 0 for e in events)

    # stop as soon as the simplest level yields a safe cell: the hint needs nothing more
    while single_pass() and not has_safe():
        pass
    while not has_safe() and pair_pass():
        while single_pass() and not has_safe():
            pass
    return events
