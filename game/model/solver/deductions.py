"""The single-number rule and the pair rule, applied in the order a player would, each deduction put in words:
the reasons hints give.

The words are whole sentences with named placeholders, in the player's language (game.language): a reason is
made when a hint is asked for, in the language in effect then."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from game.language import _, ngettext, pgettext

from .analysis import neighbours

__all__ = ["Deduction", "combined_reason", "deductions", "join_words", "mine_cells", "safe_cells"]


def safe_cells(n: int) -> str:
    """ "this cell is safe", "these 3 cells are safe": the end of a reason."""
    if n == 1:
        # TRANSLATORS: the end of a hint's reason, after "so": the outlined cell is proved safe
        return _("this cell is safe")
    # TRANSLATORS: the end of a hint's reason, after "so": the outlined cells are proved safe
    return ngettext("these {count} cells are safe", "these {count} cells are safe", n).format(count=n)


def mine_cells(n: int) -> str:
    """ "this cell is a mine", "these 2 cells are mines": the end of a reason."""
    if n == 1:
        # TRANSLATORS: the end of a hint's reason, after "so": the outlined cell is proved a mine
        return _("this cell is a mine")
    # TRANSLATORS: the end of a hint's reason, after "so": the outlined cells are proved mines
    return ngettext("these {count} cells are mines", "these {count} cells are mines", n).format(count=n)


def combined_reason(n: int, value: int) -> str:
    """Why several numbers taken together settle a cell (value 0 safe, 1 a mine)."""
    if value == 0:
        return ngettext(
            "Taking these {count} numbers together, every way their mines can lie makes this cell safe",
            "Taking these {count} numbers together, every way their mines can lie makes this cell safe",
            n,
        ).format(count=n)
    return ngettext(
        "Taking these {count} numbers together, every way their mines can lie makes this cell a mine",
        "Taking these {count} numbers together, every way their mines can lie makes this cell a mine",
        n,
    ).format(count=n)


def join_words(words: Sequence[str]) -> str:
    """Words joined as a list is said: "below it", "below it and to its left", "a, b and c"."""
    if len(words) == 1:
        return words[0]
    # TRANSLATORS: between the items of a list but the last two ("a, b and c")
    head = pgettext("list separator", ", ").join(words[:-1])
    # TRANSLATORS: the last two items of a list ("a, b and c"); {items} is the ones before the last
    return _("{items} and {last}").format(items=head, last=words[-1])


# Where one cell lies from another, as a player would say it: the number (by its placement from the cell it
# settles: "the 1 above this cell"), and a cell from a number ("the flag below it"). Keys: (row step, col step).
def _number_at(step: tuple[int, int], number: int) -> str:
    """The number `number` lying `step` from the cell it settles, named from that cell: "The 1 above this cell"."""
    texts = {
        (-1, -1): _("The {number} above-left of this cell"),
        (-1, 0): _("The {number} above this cell"),
        (-1, 1): _("The {number} above-right of this cell"),
        (0, -1): _("The {number} left of this cell"),
        (0, 1): _("The {number} right of this cell"),
        (1, -1): _("The {number} below-left of this cell"),
        (1, 0): _("The {number} below this cell"),
        (1, 1): _("The {number} below-right of this cell"),
    }
    return texts[step].format(number=number)


def _around_it(step: tuple[int, int]) -> str:
    """Where a neighbour lies from a number, said of the number: "below it", "to its left", "above-left of it"."""
    # TRANSLATORS: where a cell lies from a number, after "the flag" or "the cell" ("the flag below it")
    texts = {
        (-1, -1): pgettext("from a number", "above-left of it"),
        (-1, 0): pgettext("from a number", "above it"),
        (-1, 1): pgettext("from a number", "above-right of it"),
        (0, -1): pgettext("from a number", "to its left"),
        (0, 1): pgettext("from a number", "to its right"),
        (1, -1): pgettext("from a number", "below-left of it"),
        (1, 0): pgettext("from a number", "below it"),
        (1, 1): pgettext("from a number", "below-right of it"),
    }
    return texts[step]


def _step(cols: int, frm: int, to: int) -> tuple[int, int]:
    """The step from cell `frm` to its neighbour `to`: (row step, col step)."""
    (r1, c1), (r2, c2) = divmod(frm, cols), divmod(to, cols)
    return (r2 - r1, c2 - c1)


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
                    else _("This 0 has no mines around it, so {conclusion}").format(conclusion=safe_cells(len(unknown)))
                )
                used = [j for j in cells if j in known]
                self._mark("single", 0, unknown, {src} | self._deps(cells), reason, used, kmines)
                found = True
            elif need == len(unknown):
                if kmines:
                    reason = ngettext(
                        "{number} already touches {touched} of its mines ({which}) and just {count} other covered "
                        "cell, so {conclusion}",
                        "{number} already touches {touched} of its mines ({which}) and just {count} other covered "
                        "cells, so {conclusion}",
                        need,
                    ).format(
                        number=self._number(src, v, unknown),
                        touched=len(kmines),
                        which=self._mines_proved(src, kmines),
                        count=need,
                        conclusion=mine_cells(need),
                    )
                else:
                    reason = ngettext(
                        "This {number} has exactly {count} covered cell around it, so {conclusion}",
                        "This {number} has exactly {count} covered cells around it, so {conclusion}",
                        v,
                    ).format(number=v, count=v, conclusion=mine_cells(need))
                used = [j for j in cells if j in known]
                self._mark("single", 1, unknown, {src} | self._deps(cells), reason, used, kmines)
                found = True
        return found

    def _number(self, src: int, v: int, unknown: list[int]) -> str:
        """The number `v` at `src`, named by where it is from the cells it settles: the player sees it outlined
        among others ("The 1 left of this cell", "The 3 beside these 2 cells")."""
        if len(unknown) == 1:
            return _number_at(_step(self.cols, unknown[0], src), v)
        n = len(unknown)
        return ngettext("The {number} beside these {count} cells", "The {number} beside these {count} cells", n).format(
            number=v, count=n
        )

    def _mines_proved(self, src: int, kmines: list[int]) -> str:
        """Which of a number's neighbours are the mines it already touches, and what proves them: a flag the
        player trusts ("the flag below it"), or other numbers, outlined with it ("the cell below-left of it,
        which the other outlined 1 proves")."""
        flagged = sorted(j for j in kmines if j in self.flags)
        proved = sorted(j for j in kmines if j not in self.flags)
        parts = []
        if flagged:
            where = join_words([_around_it(_step(self.cols, src, j)) for j in flagged])
            # TRANSLATORS: {where} says where the flags lie from a number ("below it and to its left")
            flags = ngettext("the flag {where}", "the flags {where}", len(flagged))
            parts.append(flags.format(where=where))
        if proved:
            where = join_words([_around_it(_step(self.cols, src, j)) for j in proved])
            # TRANSLATORS: {where} says where the cells lie from a number ("below it and to its left")
            places = ngettext("the cell {where}", "the cells {where}", len(proved)).format(where=where)
            provers = sorted(self._deps(proved) - {src})
            if len(provers) == 1:
                # TRANSLATORS: {cells} is "the cell below it" or the like; {number} is a number on the board
                places = _("{cells}, which the other outlined {number} proves").format(
                    cells=places, number=self.visible[provers[0]]
                )
            elif provers:
                # TRANSLATORS: {cells} is "the cell below it" or the like
                places = _("{cells}, which the other outlined numbers prove").format(cells=places)
            parts.append(places)
        return join_words(parts)

    def _has_its_mines(self, src: int, v: int, unknown: list[int], kmines: list[int]) -> str:
        """A number whose mines are all found (by other numbers), so its other covered cells are safe."""
        number, which, conclusion = (
            self._number(src, v, unknown),
            self._mines_proved(src, kmines),
            safe_cells(len(unknown)),
        )
        if v == 1:
            return _("{number} already has its mine ({which}), so {conclusion}").format(
                number=number, which=which, conclusion=conclusion
            )
        return ngettext(
            "{number} already has its {count} mines ({which}), so {conclusion}",
            "{number} already has its {count} mines ({which}), so {conclusion}",
            v,
        ).format(number=number, count=v, which=which, conclusion=conclusion)

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
                        _(
                            "All the mines this {first} still needs are also next to the {second} beside it, "
                            "so the {second}'s other cells are safe"
                        )
                        if len(only_b) > 1
                        else _(
                            "All the mines this {first} still needs are also next to the {second} beside it, "
                            "so the {second}'s other cell is safe"
                        )
                    ).format(first=va, second=vb)
                    self._mark("pair", 0, only_b, proof, reason, ma + mb)
                    return True
                if b - a == len(only_b):
                    if only_a:
                        # TRANSLATORS: the end of a hint's reason, after "so": both halves of a pair settled
                        conclusion = _("{mines} and {safe}").format(
                            mines=_its_other_mines(len(only_b)), safe=_others_safe(len(only_a), va)
                        )
                    else:
                        conclusion = mine_cells(len(only_b))
                    reason = ngettext(
                        "The {second} needs {count} more mine but at most {most} can be in cells it shares with the "
                        "{first}, so {conclusion}",
                        "The {second} needs {count} more mines but at most {most} can be in cells it shares with the "
                        "{first}, so {conclusion}",
                        b,
                    ).format(second=vb, count=b, most=a, first=va, conclusion=conclusion)
                    if only_a:
                        self._mark("pair", 0, only_a, proof, reason, ma + mb, sorted(only_b))
                    self._mark("pair", 1, only_b, proof, reason, ma + mb, sorted(only_a))
                    return True
        return False

    def has_safe(self) -> bool:
        return self.stop_at_safe and any(e.value == 0 for e in self.events)


def _its_other_mines(n: int) -> str:
    """ "its other cell is a mine", "its other 2 cells are mines": what the pair rule proves of a number's
    cells outside the other number's."""
    if n == 1:
        return _("its other cell is a mine")
    return ngettext("its other {count} cells are mines", "its other {count} cells are mines", n).format(count=n)


def _others_safe(n: int, number: int) -> str:
    """ "the 1's other cell is safe", "the 1's other 3 cells are safe"."""
    if n == 1:
        return _("the {number}'s other cell is safe").format(number=number)
    return ngettext(
        "the {number}'s other {count} cells are safe", "the {number}'s other {count} cells are safe", n
    ).format(number=number, count=n)
