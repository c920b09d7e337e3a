"""Mine layouts drawn at random from those consistent with a position, each as likely as it is given what is seen.

A paired comparison learns little from one board once the two strategies part ways: from there each game is
mostly a coin toss. Playing both strategies from that position on several layouts the position allows (the real
one and others drawn here) measures the same difference with much less noise per board: every layout consistent
with what is visible is as likely as the real one to be the board (the mines were laid uniformly), so the mean over
them is an unbiased estimate of each strategy's chance to win from there.
"""

from __future__ import annotations

import random

from game.model.solver.analysis import Analysis


def sample_layout(a: Analysis, rng: random.Random) -> set[int]:
    """One layout (its mine cells, flat indices) drawn uniformly from those consistent with analysis a (exact)."""
    cols = a.cols
    mines = {r * cols + c for r, c in a.mines}
    frontier = sorted({j for comp in a.frontier.comps for j in comp.cells})
    cur = a
    fixed: dict[int, int] = {}
    for j in frontier:
        if divmod(j, cols) in cur.mines:
            fixed[j] = 1
        elif divmod(j, cols) in cur.safe:
            fixed[j] = 0
        else:
            fixed[j] = int(rng.random() * cur.den[j] < cur.nums[j])
            cur = cur.given({j: fixed[j]})
    mines.update(j for j, v in fixed.items() if v)
    known = a.frontier.known
    interior = [
        j for j, v in enumerate(a.frontier.visible) if v < 0 and j not in known and j not in fixed and j not in mines
    ]
    mines.update(rng.sample(interior, a.mine_count - len(mines)))
    return mines
