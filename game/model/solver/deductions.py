"""The single-number rule and the pair rule, applied in the order a player would, each deduction put in words:
the reasons hints give."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from .analysis import neighbours

__all__ = ["Deduction", "cells_phrase", "deductions"]


def cells_phrase(n: int, what: str) -> str:
    return f"this cell is {what}" if n == 1 else f"these {n} cells are {what}"


def _mines_word(n: int) -> str:
    return "its mine" if n == 1 else f"its {n} mines"


# Where one cell lies from another, as a player would say it ("the 1 above this cell").
_PLACES = {
    (-1, -1): "above-left of",
    (-1, 0): "above",
    (-1, 1): "above-right of",
    (0, -1): "left of",
    (0, 1): "right of",
    (1, -1): "below-left of",
    (1, 0): "below",
    (1, 1): "below-right of",
}


def _place(cols: int, frm: int, to: int) -> str:
    """Where cell `to` lies from its neighbour `frm` ("above", "below-left of")."""
    (r1, c1), (r2, c2) = divmod(frm, cols), divmod(to, cols)
    return _PLACES[(r2 - r1, c2 - c1)]


_AROUND_IT = {
    "above": "above it",
    "below": "below it",
    "left of": "to its left",
    "right of": "to its right",
}


def _around_it(place: str) -> str:
    """Where a neighbour lies from a number, said of the number: "below it", "to its left", "above-left of it"."""
    return _AROUND_IT.get(place, f"{place} it")


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _other_cells(n: int, what: str) -> str:
    """ "cell is a mine", "2 cells are mines", "cell is safe", "3 cells are safe": after "its other"."""
    if n == 1:
        return "cell is a mine" if what == "mines" else f"cell is {what}"
    return f"{n} cells are {what}"


class Deduction:
    """Cells proved safe (value 0) or mines (value 1) by one rule ("single", "pair", or "combined": several numbers
    taken together), the numbers that prove it and why, in words."""

    __slots__ = ("rule", "value", "cells", "proof", "reason", "named")

    def __init__(
        self, rule: str, value: int, cells: list[int], proof: frozenset[int], reason: str, named: Sequence[int] = ()
    ) -> None:
        """named: the other covered cells the words name (the mines a number already touches)."""
        self.rule, self.value, self.cells, self.proof, self.reason = rule, value, cells, proof, reason
        self.named = tuple(sorted(named))


def deductions(
    rows: int,
    cols: int,
    visible: Sequence[int],
    stop_at_safe: bool = False,
    known_mines: Collection[int] = (),
    numbers: Collection[int] | None = None,
) -> list[Deduction]:
    """Deductions by the single-number rule and then the pair (subset/overlap) rule, in the order found.

    known_mines: covered cells (flat indices) known to be mines without a number to prove them: flags the
    player may trust (a lesson's, or flags a proof placed); the words call them flags. numbers: use only these
    revealed numbers (flat indices), as if the others said nothing."""
    found = _Deducer(rows, cols, visible, stop_at_safe, known_mines, numbers)
    # stop as soon as the simplest level yields a safe cell: the hint needs nothing more
    while found.single_pass() and not found.has_safe():
        pass
    while not found.has_safe() and found.pair_pass():
        while found.single_pass() and not found.has_safe():
            pass
    return found.events


_LEVELS = {"single": 1, "pair": 2}


class _Deducer:
    """The deductions of one position so far, and the two passes that add to them."""

    def __init__(
        self,
        rows: int,
        cols: int,
        visible: Sequence[int],
        stop_at_safe: bool,
        known_mines: Collection[int] = (),
        numbers: Collection[int] | None = None,
    ) -> None:
        nb = neighbours(rows, cols)
        self.cols = cols
        self.visible = visible
        # (a number's cell, its covered cells, the number)
        self.cons: list[tuple[int, tuple[int, ...], int]] = []
        for i in sorted(numbers) if numbers is not None else range(len(visible)):
            v = visible[i]
            if v >= 0:
                cells = tuple(j for j in nb[i] if visible[j] < 0)
                if cells:
                    self.cons.append((i, cells, v))
        self.flags = frozenset(known_mines)
        # cell -> (0 safe / 1 mine, proof, level); a flag trusted is a mine no number needs to prove
        self.known: dict[int, tuple[int, frozenset[int], int]] = {j: (1, frozenset(), 1) for j in self.flags}
        self.events: list[Deduction] = []
        self.stop_at_safe = stop_at_safe

    def _mark(
        self,
        rule: str,
        value: int,
        cells: Iterable[int],
        proof: set[int],
        reason: str,
        used: list[int],
        named: Sequence[int] = (),
    ) -> None:
        known = self.known
        proved_by = frozenset(proof)
        # a deduction is as hard as the hardest step it leans on
        level = max([_LEVELS[rule]] + [known[j][2] for j in used])
        rule = "single" if level == 1 else "pair"
        for j in cells:
            known[j] = (value, proved_by, level)
        self.events.append(Deduction(rule, value, sorted(cells), proved_by, reason, named))

    def _residual(self, cells: Iterable[int]) -> tuple[list[int], list[int]]:
        known = self.known
        unknown = [j for j in cells if j not in known]
        kmines = [j for j in cells if j in known and known[j][0] == 1]
        return unknown, kmines

    def _deps(self, cells: Iterable[int]) -> set[int]:
        known = self.known
        out: set[int] = set()
        for j in cells:
            if j in known:
                out |= known[j][1]
        return out

    def single_pass(self) -> bool:
        known = self.known
        found = False
        for src, cells, v in self.cons:
            unknown, kmines = self._residual(cells)
            if not unknown:
                continue
            need = v - len(kmines)
            if need == 0:
                reason = (
                    self._has_its_mines(src, v, unknown, kmines)
                    if v
                    else f"This 0 has no mines around it, so {cells_phrase(len(unknown), 'safe')}"
                )
                used = [j for j in cells if j in known]
                self._mark("single", 0, unknown, {src} | self._deps(cells), reason, used, kmines)
                found = True
            elif need == len(unknown):
                if kmines:
                    reason = (
                        f"{self._number(src, v, unknown)} already touches {len(kmines)} of its mines "
                        f"({self._mines_proved(src, kmines)}) and just {need} other covered "
                        f"cell{'s' if need > 1 else ''}, "
                        f"so {cells_phrase(need, 'mines' if need > 1 else 'a mine')}"
                    )
                else:
                    reason = (
                        f"This {v} has exactly {v} covered cell{'s' if v > 1 else ''} around it, "
                        f"so {cells_phrase(need, 'mines' if need > 1 else 'a mine')}"
                    )
                used = [j for j in cells if j in known]
                self._mark("single", 1, unknown, {src} | self._deps(cells), reason, used, kmines)
                found = True
        return found

    def _number(self, src: int, v: int, unknown: list[int]) -> str:
        """The number `v` at `src`, named by where it is from the cells it settles: the player sees it outlined
        among others ("The 1 left of this cell", "The 3 beside these 2 cells")."""
        if len(unknown) == 1:
            return f"The {v} {_place(self.cols, unknown[0], src)} this cell"
        return f"The {v} beside these {len(unknown)} cells"

    def _mines_proved(self, src: int, kmines: list[int]) -> str:
        """Which of a number's neighbours are the mines it already touches, and what proves them: a flag the
        player trusts ("the flag below it"), or other numbers, outlined with it ("the cell below-left of it,
        which the other outlined 1 proves")."""
        flagged = sorted(j for j in kmines if j in self.flags)
        proved = sorted(j for j in kmines if j not in self.flags)
        parts = []
        if flagged:
            flags = "the flag" if len(flagged) == 1 else "the flags"
            parts.append(f"{flags} {_and([_around_it(_place(self.cols, src, j)) for j in flagged])}")
        if proved:
            cells = "the cell" if len(proved) == 1 else "the cells"
            places = f"{cells} {_and([_around_it(_place(self.cols, src, j)) for j in proved])}"
            provers = sorted(self._deps(proved) - {src})
            if len(provers) == 1:
                places += f", which the other outlined {self.visible[provers[0]]} proves"
            elif provers:
                places += ", which the other outlined numbers prove"
            parts.append(places)
        return " and ".join(parts)

    def _has_its_mines(self, src: int, v: int, unknown: list[int], kmines: list[int]) -> str:
        """A number whose mines are all found (by other numbers), so its other covered cells are safe."""
        return (
            f"{self._number(src, v, unknown)} already has {_mines_word(v)} "
            f"({self._mines_proved(src, kmines)}), so {cells_phrase(len(unknown), 'safe')}"
        )

    def pair_pass(self) -> bool:
        known = self.known
        res: list[tuple[int, set[int], int, int, list[int]]] = []
        for src, cells, v in self.cons:
            unknown, kmines = self._residual(cells)
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
                proof = {sa, sb} | self._deps(ma) | self._deps(mb)
                if not only_a and b == a:
                    reason = (
                        f"All the mines this {va} still needs are also next to the {vb} beside it, "
                        f"so the {vb}'s other cells are safe"
                        if len(only_b) > 1
                        else f"All the mines this {va} still needs are also next to the {vb} beside it, "
                        f"so the {vb}'s other cell is safe"
                    )
                    self._mark("pair", 0, only_b, proof, reason, ma + mb)
                    return True
                if b - a == len(only_b):
                    if only_a:
                        reason = (
                            f"The {vb} needs {b} more mine{'s' if b > 1 else ''} but at most {a} can be in "
                            f"cells it shares with the {va}, so its other {_other_cells(len(only_b), 'mines')}"
                            f" and the {va}'s other {_other_cells(len(only_a), 'safe')}"
                        )
                        self._mark("pair", 0, only_a, proof, reason, ma + mb, sorted(only_b))
                    else:
                        reason = (
                            f"The {vb} needs {b} more mine{'s' if b > 1 else ''} but at most {a} can be in "
                            f"cells it shares with the {va}, "
                            f"so {cells_phrase(len(only_b), 'mines' if len(only_b) > 1 else 'a mine')}"
                        )
                    self._mark("pair", 1, only_b, proof, reason, ma + mb, sorted(only_a))
                    return True
        return False

    def has_safe(self) -> bool:
        return self.stop_at_safe and any(e.value == 0 for e in self.events)
