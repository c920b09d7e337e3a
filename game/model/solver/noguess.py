"""No-guess board generation: mine layouts the solver can clear from the first click without ever guessing."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..rules.facts import MAX_DENSITY
from .analysis import InconsistentPosition, analyse_visible, neighbours

__all__ = ["NoGuessCancelled", "NoGuessTimeout", "generate_no_guess", "solves_without_guessing"]

# During repair the exact analysis runs only once fewer covered cells than this remain.
FULL_ANALYSIS_BELOW = 40


class NoGuessTimeout(TimeoutError):
    """Generation ran out of time before finding a board that needs no guess."""


class NoGuessCancelled(Exception):
    """Generation was cancelled (the player left the menu, changed the board...)."""


def _cancelled(cancel: Any) -> bool:
    if cancel is None:
        return False
    is_set = getattr(cancel, "is_set", None)
    return bool(is_set()) if is_set is not None else bool(cancel())


class _Play:
    """The solver playing one layout: certain moves only (single-number rule, pair rule, then the exact
    analysis with the mine count). Mines may be moved while it plays (see generate_no_guess)."""

    def __init__(self, rows: int, cols: int, mines: int, is_mine: list[bool], first: int) -> None:
        self.rows, self.cols, self.mines = rows, cols, mines
        self.nb = neighbours(rows, cols)
        self.is_mine = is_mine
        n = rows * cols
        self.counts = [sum(is_mine[j] for j in self.nb[i]) for i in range(n)]
        self.vis = [-1] * n
        self.flag = bytearray(n)  # 1: known mine
        self.left = n - mines  # safe cells still covered
        self.queue: list[int] = []
        self.frontier: set[int] = set()  # revealed numbers with undecided covered neighbours (after single())
        self.reveal(first)

    def reveal(self, i: int) -> None:
        vis, counts, nb, queue = self.vis, self.counts, self.nb, self.queue
        if vis[i] >= 0:
            return
        assert not self.is_mine[i], "the solver opened a mine"
        stack = [i]
        vis[i] = counts[i]
        self.left -= 1
        while stack:
            k = stack.pop()
            queue.append(k)
            for j in nb[k]:
                if vis[j] >= 0:
                    queue.append(j)
            if counts[k] == 0:
                for j in nb[k]:
                    if vis[j] < 0:
                        vis[j] = counts[j]
                        self.left -= 1
                        stack.append(j)

    def mark_mine(self, i: int) -> None:
        self.flag[i] = 1
        for j in self.nb[i]:
            if self.vis[j] >= 0:
                self.queue.append(j)

    def single(self) -> bool:
        """Single-number rule until nothing changes. Returns True if anything was learnt."""
        vis, flag, nb, queue = self.vis, self.flag, self.nb, self.queue
        learnt = False
        while queue:
            i = queue.pop()
            v = vis[i]
            unknown = []
            need = v
            for j in nb[i]:
                if vis[j] < 0:
                    if flag[j]:
                        need -= 1
                    else:
                        unknown.append(j)
            if not unknown:
                self.frontier.discard(i)
                continue
            if need == 0:
                for j in unknown:
                    self.reveal(j)
                learnt = True
                self.frontier.discard(i)
            elif need == len(unknown):
                for j in unknown:
                    self.mark_mine(j)
                learnt = True
                self.frontier.discard(i)
            else:
                self.frontier.add(i)
        return learnt

    def pair(self) -> bool:  # noqa: C901 - the no-guess generator's inner loop
        """One pass of the pair (subset / overlap) rule. Returns True if anything was learnt."""
        vis, flag, nb = self.vis, self.flag, self.nb
        res = {}
        by_cell: dict[int, list[int]] = {}
        for i in self.frontier:
            v = vis[i]
            unknown = []
            need = v
            for j in nb[i]:
                if vis[j] < 0:
                    if flag[j]:
                        need -= 1
                    else:
                        unknown.append(j)
            if unknown:
                res[i] = (frozenset(unknown), need)
                for j in unknown:
                    by_cell.setdefault(j, []).append(i)
        # Every deduction rests on facts that stay true, so all found in one pass are applied together.
        learnt = False
        for ib, (B, b) in res.items():
            partners = set()
            for j in B:
                partners.update(by_cell[j])
            partners.discard(ib)
            for ia in partners:
                A, a = res[ia]
                only_b = B - A
                if not only_b:
                    continue
                if a == b and A <= B:
                    for j in only_b:
                        self.reveal(j)
                    learnt = True
                elif b - a == len(only_b):
                    for j in only_b:
                        if not flag[j]:
                            self.mark_mine(j)
                    for j in A - B:
                        self.reveal(j)
                    learnt = True
        return learnt

    def full(self) -> bool:
        """The exact analysis (with the mine count). Returns True if anything was learnt."""
        try:
            a = analyse_visible(self.rows, self.cols, self.mines, self.vis)
        except InconsistentPosition:
            return False
        cols = self.cols
        learnt = False
        for r, c in a.safe:
            self.reveal(r * cols + c)
            learnt = True
        for r, c in a.mines:
            i = r * cols + c
            if not self.flag[i]:
                self.mark_mine(i)
                learnt = True
        return learnt

    def run(self, full_below: int | None = None) -> bool:
        """Play certain moves until the board is clear (True) or no certain move is left (False).
        full_below: use the exact analysis only once fewer covered cells than this are left (it is the slow
        step, and the mine count it adds matters only near the end); None: always."""
        while self.left:
            if self.single():
                continue
            if self.pair():
                continue
            if (full_below is None or self.left + self.mines < full_below) and self.full():
                continue
            return False
        return True

    def move_mine(self, src: int, dst: int) -> None:
        """Move a mine from covered cell src to covered cell dst, updating the numbers shown."""
        is_mine, counts, vis, nb = self.is_mine, self.counts, self.vis, self.nb
        is_mine[src] = False
        is_mine[dst] = True
        for j in nb[src]:
            counts[j] -= 1
            if vis[j] >= 0:
                vis[j] -= 1
                self.queue.append(j)
        for j in nb[dst]:
            counts[j] += 1
            if vis[j] >= 0:
                vis[j] += 1
                self.queue.append(j)
        # a number that dropped to zero opens its neighbours, as it would in the game
        for j in nb[src]:
            if vis[j] == 0:
                for k in nb[j]:
                    if vis[k] < 0:
                        self.reveal(k)


def solves_without_guessing(
    rows: int, cols: int, mine_cells: Sequence[tuple[int, int]], first_cell: tuple[int, int]
) -> bool:
    """True if the solver clears this layout from first_cell using certain moves only."""
    n = rows * cols
    is_mine = [False] * n
    for r, c in mine_cells:
        is_mine[r * cols + c] = True
    first = first_cell[0] * cols + first_cell[1]
    if is_mine[first]:
        return False
    return _Play(rows, cols, len(mine_cells), is_mine, first).run()


def generate_no_guess(
    rows: int,
    cols: int,
    mines: int,
    first_cell: tuple[int, int] = (0, 0),
    seed: int | None = None,
    first_click: str = "opening",
    timeout: float | None = 5.0,
    cancel: Callable[[], bool] | Any = None,
) -> list[tuple[int, int]]:
    """Mine cells (list of (r, c)) of a board the solver clears from first_cell without guessing.

    Same seed, same board. Method (after Simon Tatham's mines.c): lay mines at random, let the solver play;
    where it gets stuck, move one of the mines it cannot place from the edge of the opened area to a cell
    far from it, and keep playing. When it finishes after such moves, replay the final layout from scratch,
    so the board is only accepted if the solver clears it untouched. cancel (callable or threading.Event) and
    timeout (seconds) are checked between steps: NoGuessCancelled / NoGuessTimeout.
    """
    n = rows * cols
    if not 0 < mines <= MAX_DENSITY * n + 1e-9:
        raise ValueError(f"no-guess boards support 1 to {int(MAX_DENSITY * n)} mines on {rows}x{cols}")
    r0, c0 = first_cell
    if not (0 <= r0 < rows and 0 <= c0 < cols):
        raise ValueError("first_cell is off the board")
    nb = neighbours(rows, cols)
    first = r0 * cols + c0
    keep_clear = {first} | (set(nb[first]) if first_click == "opening" else set())
    if mines > n - len(keep_clear):
        raise ValueError("too many mines for the first click rule")
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout if timeout is not None else None
    pool = [i for i in range(n) if i not in keep_clear]

    def check() -> None:
        if _cancelled(cancel):
            raise NoGuessCancelled("no-guess generation was cancelled")
        if deadline is not None and time.monotonic() > deadline:
            raise NoGuessTimeout(f"no board needing no guess found in {timeout:g} s ({rows}x{cols}, {mines} mines)")

    while True:
        is_mine = [False] * n
        for i in rng.sample(pool, mines):
            is_mine[i] = True
        moves = 0
        total_moves = 0
        play = _Play(rows, cols, mines, is_mine, first)
        while total_moves <= 2 * mines + 20:
            check()
            if play.run(FULL_ANALYSIS_BELOW if moves else None):
                if moves == 0:
                    return [divmod(i, cols) for i in range(n) if is_mine[i]]
                # accept only what the solver clears from scratch
                moves = 0
                play = _Play(rows, cols, mines, is_mine, first)
                continue
            if not _perturb(play, rng, keep_clear):
                break  # nowhere to move a mine: start again from a fresh layout
            moves += 1
            total_moves += 1


def _perturb(play: _Play, rng: random.Random, keep_clear: set[int]) -> bool:
    """Move one undecided mine next to the opened area to a covered cell away from it."""
    vis, flag, nb, is_mine = play.vis, play.flag, play.nb, play.is_mine
    n = len(vis)
    near = bytearray(n)
    for i in range(n):
        if vis[i] >= 0:
            for j in nb[i]:
                near[j] = 1
    edge_mines = [i for i in range(n) if near[i] and vis[i] < 0 and not flag[i] and is_mine[i]]
    if not edge_mines:
        return False
    far = [i for i in range(n) if not near[i] and vis[i] < 0 and not is_mine[i] and i not in keep_clear]
    if not far:
        return False  # moving it within the stuck area would only trade one guess for another
    play.move_mine(rng.choice(edge_mines), rng.choice(far))
    return True
