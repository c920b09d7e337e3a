"""Minesweeper solver and hint engine: certain deductions and exact mine probabilities from the visible board."""

from fractions import Fraction
from functools import lru_cache
from math import comb

__all__ = [
    "Analysis",
    "Hint",
    "InconsistentPosition",
    "analyze",
    "analyze_board",
    "choose_guess",
    "first_click_cell",
    "hint_for",
    "hint_for_visible",
    "visible_of",
]

# Search nodes one analysis may spend enumerating frontier solutions before it falls back to the
# approximation (a few milliseconds of pure Python, so a hint never blocks a frame).
DEFAULT_BUDGET = 20_000

COVERED = -1


class InconsistentPosition(ValueError):
    """The visible numbers admit no mine layout (a hand-made position, or the game was already lost)."""


@lru_cache(maxsize=64)
def neighbours(rows, cols):
    """Flat neighbour indices of every cell of a rows x cols board."""
    out = []
    for r in range(rows):
        for c in range(cols):
            out.append(
                tuple(
                    (rr * cols + cc)
                    for rr in range(max(0, r - 1), min(rows, r + 2))
                    for cc in range(max(0, c - 1), min(cols, c + 2))
                    if (rr, cc) != (r, c)
                )
            )
    return tuple(out)


class Analysis:
    """What the visible board proves: certain safe cells, certain mines and every covered cell's mine chance.

    Probabilities are exact fractions (`fraction`) when `exact` is true. When a frontier component has too
    many solutions for the work cap, that component's cells get the approximation documented in
    `_approximate` and `exact` is false; certain cells are then only the ones the numbers prove on their own.
    """

    def __init__(self, rows, cols, mine_count, safe, mines, nums, den, exact, layouts, local):
        self.rows = rows
        self.cols = cols
        self.mine_count = mine_count
        self.safe = safe  # set of (r, c)
        self.mines = mines  # set of (r, c)
        self._nums = nums  # flat index -> numerator (denominator in _den)
        self._den = den  # flat index -> denominator
        self.exact = exact
        self.layouts = layouts  # number of whole-board mine layouts consistent with the view (when exact)
        self._local = local  # flat indices proved by the numbers alone, without the mine count
        self._probabilities = None

    def probability(self, r, c):
        i = r * self.cols + c
        if i not in self._nums:
            raise KeyError((r, c))
        return float(self._nums[i] / self._den[i])

    def fraction(self, r, c):
        i = r * self.cols + c
        return Fraction(self._nums[i], self._den[i])

    @property
    def probabilities(self):
        if self._probabilities is None:
            cols = self.cols
            self._probabilities = {divmod(i, cols): float(n / self._den[i]) for i, n in self._nums.items()}
        return self._probabilities

    def needs_mine_count(self, r, c):
        """True when (r, c) is certain only because of the total mine count."""
        i = r * self.cols + c
        return (self._nums[i] == 0 or self._nums[i] == self._den[i]) and i not in self._local


def _propagate(cons, known):
    """Single-number rule to a fixed point. cons: list of [cells, count]. Mutates known; returns residuals."""
    changed = True
    while changed:
        changed = False
        for cells, count in cons:
            unknown = [j for j in cells if j not in known]
            if not unknown:
                if sum(known[j] for j in cells) != count:
                    raise InconsistentPosition("a number does not match its neighbours")
                continue
            need = count - sum(known[j] for j in cells if j in known)
            if need < 0 or need > len(unknown):
                raise InconsistentPosition("a number does not match its neighbours")
            if need == 0 or need == len(unknown):
                v = 1 if need else 0
                for j in unknown:
                    known[j] = v
                changed = True
    residual = {}
    for cells, count in cons:
        unknown = tuple(sorted(j for j in cells if j not in known))
        if unknown:
            need = count - sum(known[j] for j in cells if j in known)
            # two numbers left with the same cells must need the same mines (a hypothetical number tried by
            # the lookahead may not: that number is impossible)
            if residual.setdefault(unknown, need) != need:
                raise InconsistentPosition("two numbers disagree about the same cells")
    return residual


def _components(residual):
    """Split residual constraints into groups that share no cells."""
    parent = {}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for cells in residual:
        for j in cells:
            parent.setdefault(j, j)
        root = find(cells[0])
        for j in cells[1:]:
            rj = find(j)
            if rj != root:
                parent[rj] = root
    groups = {}
    for cells, count in residual.items():
        groups.setdefault(find(cells[0]), []).append((cells, count))
    return list(groups.values())


class _Capped(Exception):
    pass


def _enumerate(group, budget):
    """Enumerate the solutions of one component.

    Cells with the same constraints form one variable of size s; a variable holding k mines stands for
    C(s, k) layouts. Returns (variables, {mines: weight}, {mines: [weighted mine count per variable]}).
    """
    sig = {}
    for ci, (cells, _) in enumerate(group):
        for j in cells:
            sig.setdefault(j, []).append(ci)
    byvar = {}
    for j, cs in sig.items():
        byvar.setdefault(tuple(cs), []).append(j)
    variables = list(byvar.items())  # [(constraint ids, cells)]
    # Order variables so each one shares constraints with those before it: constraints close early and prune.
    ncons = len(group)
    cons_vars = [[] for _ in range(ncons)]
    for vi, (cs, _) in enumerate(variables):
        for ci in cs:
            cons_vars[ci].append(vi)
    order = []
    seen = set()
    start = max(range(len(variables)), key=lambda v: len(variables[v][0]))
    queue = [start]
    seen.add(start)
    while queue:
        v = queue.pop(0)
        order.append(v)
        for ci in variables[v][0]:
            for w in cons_vars[ci]:
                if w not in seen:
                    seen.add(w)
                    queue.append(w)
    nv = len(order)
    sizes = [len(variables[v][1]) for v in order]
    vcons = [variables[v][0] for v in order]
    need = [count for _, count in group]
    room = [len(cells) for cells, _ in group]
    choose = [[comb(s, k) for k in range(s + 1)] for s in sizes]
    assign = [0] * nv
    weights = {}
    sums = {}
    nodes = [0]

    def rec(i, weight, total):
        nodes[0] += 1
        if nodes[0] > budget:
            raise _Capped
        if i == nv:
            if total in weights:
                weights[total] += weight
                acc = sums[total]
                for t in range(nv):
                    if assign[t]:
                        acc[t] += weight * assign[t]
            else:
                weights[total] = weight
                sums[total] = [weight * a for a in assign]
            return
        s = sizes[i]
        cs = vcons[i]
        lo, hi = 0, s
        for ci in cs:
            n = need[ci]
            if n < hi:
                hi = n
            m = n - (room[ci] - s)
            if m > lo:
                lo = m
        if lo > hi:
            return
        for ci in cs:
            room[ci] -= s
        ch = choose[i]
        for k in range(lo, hi + 1):
            for ci in cs:
                need[ci] -= k
            assign[i] = k
            rec(i + 1, weight * ch[k], total + k)
            for ci in cs:
                need[ci] += k
        assign[i] = 0
        for ci in cs:
            room[ci] += s

    rec(0, 1, 0)
    if not weights:
        raise InconsistentPosition("the numbers admit no mine layout")
    ordered_vars = [variables[v][1] for v in order]
    return ordered_vars, weights, sums


def _approximate(group):
    """Fallback for a component too big to enumerate (the analysis then reports exact = False).

    Each cell gets a local weight: the mean, over the numbers touching it, of (mines that number still needs)
    / (its covered cells). Every total m from the fewest to the most mines the numbers allow counts as one
    solution, with the m mines spread over the cells in proportion to their local weights. Combining with the
    other components and the interior then goes exactly as for enumerated components, so the mine count
    still pulls the totals."""
    acc = {}
    for cells, count in group:
        p = Fraction(count, len(cells))
        for j in cells:
            a = acc.setdefault(j, [0, 0])
            a[0] += p
            a[1] += 1
    variables = [[j] for j in acc]
    local = [acc[j][0] / acc[j][1] for j in acc]
    total = sum(local)
    lo = max(count for _, count in group)
    hi = min(len(acc), sum(count for _, count in group))
    weights = {}
    sums = {}
    for m in range(lo, hi + 1):
        weights[m] = 1
        sums[m] = [min(Fraction(1), m * p / total) for p in local]
    return variables, weights, sums


def _convolve(a, b):
    out = {}
    for ma, wa in a.items():
        for mb, wb in b.items():
            out[ma + mb] = out.get(ma + mb, 0) + wa * wb
    return out


def analyze(rows, cols, mines, visible, budget=DEFAULT_BUDGET):
    """Analyse a visible position. visible: flat sequence, -1 covered (flags count as covered), 0..8 numbers."""
    n = rows * cols
    if len(visible) != n:
        raise ValueError("visible must have rows * cols entries")
    nb = neighbours(rows, cols)
    cons = []
    covered = []
    for i in range(n):
        v = visible[i]
        if v < 0:
            covered.append(i)
        else:
            cells = [j for j in nb[i] if visible[j] < 0]
            if cells:
                cons.append((cells, v))
            elif v:
                raise InconsistentPosition("a number has no covered neighbours")
    known = {}
    residual = _propagate(cons, known)
    groups = _components(residual)
    exact = True
    comps = []  # (variables, weights, sums, is_exact)
    for g in groups:
        try:
            comps.append(_enumerate(g, budget) + (True,))
        except _Capped:
            exact = False
            comps.append(_approximate(g) + (False,))
    frontier = set()
    for g in groups:
        for cells, _ in g:
            frontier.update(cells)
    interior = [i for i in covered if i not in known and i not in frontier]
    nint = len(interior)
    left = mines - sum(known.values())
    if left < 0 or left > nint + len(frontier):
        raise InconsistentPosition("the mine count does not fit the board")

    # Combine: the other components' distribution times the ways to fill the interior, for each component.
    k = len(comps)
    prefix = [{0: 1}]
    for comp in comps:
        prefix.append(_convolve(prefix[-1], comp[1]))
    suffix = [{0: 1}] * (k + 1)
    for t in range(k - 1, -1, -1):
        suffix[t] = _convolve(suffix[t + 1], comps[t][1])
    total_dist = prefix[k]
    layouts = 0
    interior_num = 0
    for m, w in total_dist.items():
        rest = left - m
        if 0 <= rest <= nint:
            layouts += w * comb(nint, rest)
            if rest:
                interior_num += w * comb(nint - 1, rest - 1)
    if layouts == 0:
        raise InconsistentPosition("no layout fits the numbers and the mine count")

    nums = {}
    den = {}
    local = set()
    for i, v in known.items():
        nums[i] = v
        den[i] = 1
        local.add(i)
    for i in interior:
        nums[i] = interior_num
        den[i] = layouts
    for t, (variables, weights, sums, is_exact) in enumerate(comps):
        other = _convolve(prefix[t], suffix[t + 1])
        g = {}
        for mc in weights:
            s = 0
            for mo, w in other.items():
                rest = left - mc - mo
                if 0 <= rest <= nint:
                    s += w * comb(nint, rest)
            g[mc] = s
        for vi, cells in enumerate(variables):
            size = len(cells)
            num = sum(sums[mc][vi] * g[mc] for mc in weights)
            d = size * layouts
            never = is_exact and all(sums[mc][vi] == 0 for mc in weights)
            always = is_exact and all(sums[mc][vi] == weights[mc] * size for mc in weights)
            for j in cells:
                nums[j] = num
                den[j] = d
                if never or always:
                    local.add(j)
                    if not exact:  # the approximation may blur it, but the numbers alone prove it
                        nums[j] = 1 if always else 0
                        den[j] = 1
    safe = set()
    certain_mines = set()
    for i in covered:
        num = nums[i]
        if num == 0 and (exact or i in local):
            safe.add(divmod(i, cols))
        elif num == den[i] and (exact or i in local):
            certain_mines.add(divmod(i, cols))
    return Analysis(rows, cols, mines, safe, certain_mines, nums, den, exact, layouts if exact else None, local)


# ---------------------------------------------------------------------------------------------------------
# Guessing: when nothing is certain, which covered cell to open.

# Cells whose mine chance is within this much of the safest one are weighed by what opening them teaches.
GUESS_WINDOW = 0.04
# 10 instead of 6 scored -0.10 points [-0.26, +0.06] on 5,000 paired Expert boards (seed 1010): 6 stays.
GUESS_CANDIDATES = 6
# Worth of "opening this cell also proves another cell safe", in units of survival chance. 0.25 scored
# +0.40 points [-0.24, +1.04] against 0.1 on 1,500 paired Expert boards and +0.26 [-0.03, +0.55] on 5,000
# more (seed 606) and +0.02 [-0.30, +0.34] on 5,000 more (seed 909); 0.5 scored -0.18 [-0.55, +0.19] on
# 5,000 (seed 707): within noise, so 0.1 stays.
PROGRESS_WEIGHT = 0.1
# "safe": survival chance of this move; "survive2": chance to survive it and the best next move as well.
# On 1,000 paired Expert games survive2 won 40.4% against 39.6%, within noise, so the default stays "safe".
# "secondary": see SECONDARY_RATIO below. Paired against "safe" on Expert it scored +1.20 points
# [+0.37, +2.03] over 4,000 boards (seed 101), then -1.25 [-2.48, -0.02] over 2,000 (seed 202) and -1.50
# [-3.10, +0.10] over 1,000 (seed 505): +0.11 [-0.52, +0.75] over all 7,000, so the default stays "safe".
SCORE = "safe"
# Which cells get the lookahead. "nearest": the GUESS_CANDIDATES safest (at most two of each chance and shape).
# "wide": every frontier cell within GUESS_WINDOW of the safest (the WIDE_MAX safest of them) and the best
# interior cell (fewest covered neighbours: corners, then edges). With a window of 0.08, "wide" scored
# -0.20 points [-0.95, +0.55] against "nearest" on 2,000 paired Expert boards, so "nearest" stays.
GUESS_SET = "nearest"
WIDE_MAX = 12
# A "dead" cell shows the same number in every layout: opening it risks a mine and teaches nothing.
# Off: on 2,000 paired Expert boards it changed one result (-0.05 points [-0.15, +0.05]).
AVOID_DEAD = False


# SCORE "secondary" (after JSMinesweeper's "secondary safety"): every cell whose safety is at least
# SECONDARY_RATIO of the best one (but only the SECONDARY_INTERIOR interior cells with fewest covered
# neighbours, and SECONDARY_NEAR more that touch the frontier) scores its chance to survive this move and the
# best next one (1 when the number it shows proves some cell safe; SECONDARY_BLEND mixes in the second best
# next cell, as JSMinesweeper does with 0.2), plus a tiny progress tie-break. Cells are tried safest first,
# and a cell stops being evaluated as soon as it can no longer beat the best score found (a score never
# exceeds the cell's own safety), so it costs less time than "safe" does. With SECONDARY_BLEND 0.2 and
# SECONDARY_NEAR 2 (nearer JSMinesweeper) it scored -0.36 points [-1.52, +0.80] against "safe" on 5,000
# paired Expert boards (seed 808).
SECONDARY_RATIO = 0.9
SECONDARY_INTERIOR = 2
SECONDARY_NEAR = 0
SECONDARY_PROGRESS = 0.001
SECONDARY_BLEND = 0.0


def _secondary(rows, cols, mines, visible, i, a, budget, floor):
    """(chance to survive opening cell i and the best next move, chance its number proves a safe cell), or
    None when the first can be shown to stay below floor, or the analysis is not exact."""
    total = a.layouts
    left = total - a._nums[i] * total // a._den[i]  # layouts where cell i is safe
    score = 0.0
    progress = 0
    if left / total < floor:
        return None
    for _, b in _numbers_shown(rows, cols, mines, visible, i, budget):
        if b is None:
            return None
        left -= b.layouts
        if b.safe:
            progress += b.layouts
        score += b.layouts / total * _next_safety(b)
        if (score + left / total) < floor:
            return None
    return score, progress / total


def _numbers_shown(rows, cols, mines, visible, i, budget):
    """Each number covered cell i could show, with the analysis of the position it would lead to (None where
    that analysis is not exact); numbers that no layout allows are left out. Lazy: a caller may stop early."""
    nb = neighbours(rows, cols)
    vis = list(visible)
    for v in range(sum(1 for j in nb[i] if visible[j] < 0) + 1):
        vis[i] = v
        try:
            b = analyze(rows, cols, mines, vis, budget)
        except InconsistentPosition:
            continue
        yield v, (b if b.exact else None)


def _next_safety(b):
    """How safe the best next move is after analysis b: 1 with a certain safe cell (or only mines left),
    else the safest cell's chance; with SECONDARY_BLEND, blended with the second safest cell's."""
    if len(b.safe) > 1 or (b.safe and not SECONDARY_BLEND):
        return 1.0
    nums, den = b._nums, b._den
    # cells share few distinct chances: divide each (numerator, denominator) once
    pairs = {(n, den[j]) for j, n in nums.items() if n != den[j]}
    chances = sorted((1 - n / d for n, d in pairs), reverse=True)
    if not chances:
        return 1.0  # only mines left: the game is won
    best = chances[0]
    if not SECONDARY_BLEND:
        return best
    # the second safest cell may share the safest one's chance
    same = sum(1 for j, n in nums.items() if n != den[j] and 1 - n / den[j] == best)
    second = best if same > 1 or len(chances) == 1 else chances[1]
    return (1 - SECONDARY_BLEND) * best + SECONDARY_BLEND * second


def _lookahead(rows, cols, mines, visible, i, layouts, budget):
    """(chance cell i is safe and its number proves some other cell safe, chance it is safe) by trying every
    number it could show; each number's weight is the count of layouts that show it."""
    progress = 0
    safe_total = 0
    survive2 = 0.0
    shown = 0
    for v, a in _numbers_shown(rows, cols, mines, visible, i, budget):
        if a is None:
            return None
        shown += 1
        safe_total += a.layouts
        if v == 0 or a.safe:
            progress += a.layouts
            survive2 += a.layouts
        else:
            # no certain move after this number: the next guess survives at best this often
            nums, den = a._nums, a._den
            best = min((nums[j] / den[j] for j in nums if j != i and nums[j] != den[j]), default=0)
            survive2 += a.layouts * (1 - float(best))
    return Fraction(progress, layouts), Fraction(safe_total, layouts), survive2 / layouts, shown


# Endgame: when few layouts are left, search the rest of the game exactly and open the cell that wins in the
# most layouts. The heuristics above are rules of thumb; near the end, where most games are lost, counting is
# cheap enough to be exact.
# Measured with `python -m bench.solver --candidate` (the same Expert boards played both ways): turning it on
# won +0.80 points [+0.21, +1.39] over 2,000 boards (60 layouts), and 300 layouts instead of 60 a further
# +0.40 [+0.09, +0.71] over 2,000; hint latency did not move (the node cap bounds the search).
# 1,000 layouts instead of 300 changed no result on 1,000 boards (seed 404), so 300 stays. The work cap
# replaced a cap on search nodes: with bitsets and the memo keyed on the layouts left, the search is about
# 3 times faster; on 154 endgames from real Expert games (at most 300 layouts) it picks the same cells as
# the old search, the slowest in 0.13 s where the old one took 0.58 s.
ENDGAME_LAYOUTS = 300  # at most this many whole-board layouts consistent with the view
ENDGAME_WORK = 40_000  # search work (see `_endgame`) before giving up (the heuristic choice then stands)
ENDGAME = True


def _layouts(rows, cols, mines, visible, a, limit):
    """(cells, layouts, masks): every layout of the undecided covered cells consistent with the view, each a
    bitmask over `cells`; masks[k] is the neighbours of cells[k] in `cells` (certain mines add the same to
    its number in every layout, so they tell no layouts apart). None if more than limit layouts (or the
    position has no layout)."""
    nb = neighbours(rows, cols)
    known = {r * cols + c for r, c in a.mines}
    cells = [i for i in range(rows * cols) if visible[i] < 0 and i not in known]
    bit = {i: k for k, i in enumerate(cells)}
    total = mines - len(known)
    m = len(cells)
    cons = []  # [need, cells left to assign] per number
    cell_cons = [[] for _ in range(m)]
    for i, v in enumerate(visible):
        if v < 0:
            continue
        around = [bit[j] for j in nb[i] if j in bit]
        if not around:
            continue
        ci = len(cons)
        cons.append([v - sum(1 for j in nb[i] if j in known), len(around)])
        for k in around:
            cell_cons[k].append(ci)
    out = []

    def rec(k, mask, placed):
        if len(out) > limit:
            return
        if k == m:
            if placed == total:
                out.append(mask)
            return
        if placed > total or total - placed > m - k:
            return
        cs = cell_cons[k]
        for v in (0, 1):
            ok = True
            for ci in cs:
                need, left = cons[ci]
                need -= v
                left -= 1
                if need < 0 or need > left:
                    ok = False
                    break
            if not ok:
                continue
            for ci in cs:
                cons[ci][0] -= v
                cons[ci][1] -= 1
            rec(k + 1, mask | (v << k), placed + v)
            for ci in cs:
                cons[ci][0] += v
                cons[ci][1] += 1

    rec(0, 0, 0)
    if not out or len(out) > limit:
        return None
    masks = [sum(1 << bit[j] for j in nb[i] if j in bit) for i in cells]
    return cells, out, masks


def _endgame(rows, cols, mines, visible, a, order):
    """The covered cell that wins the most layouts with perfect play from here, or None when the position
    is too big. order: candidate flat indices, preferred first (ties go to the earlier one).

    A set of layouts is a bitset over the layout list, and col[k] is the set of layouts with a mine at cell k,
    so "which layouts survive opening k" and "which show the number n there" are a few integer operations
    rather than a loop over the layouts."""
    found = _layouts(rows, cols, mines, visible, a, ENDGAME_LAYOUTS)
    if found is None:
        return None
    cells, lay, masks = found
    m = len(cells)
    # the caller's order decides among equals
    rank = {i: n for n, i in enumerate(order)}
    perm = sorted(range(m), key=lambda k: rank.get(cells[k], len(rank)))
    where = {old: new for new, old in enumerate(perm)}
    col = [0] * m
    for n, L in enumerate(lay):
        while L:
            low = L & -L
            col[where[low.bit_length() - 1]] |= 1 << n
            L ^= low
    around = [[where[j] for j in range(m) if masks[k] >> j & 1] for k in perm]
    memo = {}
    spent = [0]

    def work(units):
        # a deterministic cap on the search: one unit is about one split of a group (some 15 microseconds)
        spent[0] += units
        if spent[0] > ENDGAME_WORK:
            raise _Capped

    def split(group, k):
        # the layouts of the group told apart by the number cell k would show
        work(1)
        parts = [group]
        for j in around[k]:
            c = col[j]
            x = group & c
            if not x or x == group:
                continue  # the same in every layout of the group: tells nothing
            nxt = [0] * (len(parts) + 1)
            for n, g in enumerate(parts):
                if g:
                    nxt[n] |= g & ~c
                    nxt[n + 1] |= g & c
            parts = nxt
        return [g for g in parts if g]

    def wins(group, opened):
        """How many layouts of the group perfect play wins, opened cells being open. Every opened cell is
        safe in all of the group's layouts and shows the same number in all of them, so the result depends
        on the group alone: that is the memo key (other orders of the same moves meet the same entry)."""
        if group & (group - 1) == 0:
            return 1  # one layout left: every cell is known
        if group in memo:
            return memo[group]
        work(1)
        free = [k for k in range(m) if not opened >> k & 1 and not group & col[k]]
        if free:  # safe in every layout left: opening it only teaches
            parts = [group]
            for k in free:
                parts = [p for g in parts for p in split(g, k)]
            now = opened | sum(1 << k for k in free)
            result = sum(wins(g, now) for g in parts) if len(parts) > 1 else best_cell(group, now)[0]
        else:
            result = best_cell(group, opened)[0]
        memo[group] = result
        return result

    def best_cell(group, opened):
        work(m // 16)
        best = (-1, None)
        options = []
        for k in range(m):
            if opened >> k & 1:
                continue
            alive = group & ~col[k]
            if alive:
                options.append((alive.bit_count(), k, alive))
        options.sort(key=lambda o: -o[0])  # stable: keeps the caller's preference among equals
        for safe_count, k, alive in options:
            if safe_count <= best[0]:
                break  # it cannot win more layouts than it survives
            w = 0
            rest = safe_count  # layouts not yet counted: each wins at most once
            for g in split(alive, k):
                rest -= g.bit_count()
                w += wins(g, opened | (1 << k))
                if w + rest <= best[0]:
                    break  # it can no longer beat the best cell
            else:
                if w > best[0]:
                    best = (w, k)
        return best

    try:
        w, k = best_cell((1 << len(lay)) - 1, 0)
    except _Capped:
        return None
    return None if k is None else cells[perm[k]]


def _secondary_candidates(rows, cols, visible, cands, probs):
    """The cells `_pick_secondary` weighs, safest first: nearly as safe as the safest, and only the first
    SECONDARY_INTERIOR interior cells (cands put the fewest covered neighbours first among equals)."""
    nb = neighbours(rows, cols)
    best_safe = 1 - probs[cands[0]]
    picked = []
    interior = near = 0
    for i in cands:
        if 1 - probs[i] < SECONDARY_RATIO * best_safe:
            break
        if all(visible[j] < 0 for j in nb[i]):
            # next to a cell some number touches: its own number may help decide that cell
            if near < SECONDARY_NEAR and any(visible[k] >= 0 for j in nb[i] for k in nb[j]):
                near += 1
            elif interior < SECONDARY_INTERIOR:
                interior += 1
            else:
                continue
        picked.append(i)
    return picked


def _pick_secondary(rows, cols, mines, visible, a, cands, probs, budget):
    """The candidate (flat index) with the best `_secondary` score; cands are sorted safest first."""
    picked = _secondary_candidates(rows, cols, visible, cands, probs)
    if len(picked) == 1:
        return picked[0]
    best, best_score = picked[0], -1.0
    for i in picked:
        res = _secondary(rows, cols, mines, visible, i, a, budget, best_score - SECONDARY_PROGRESS)
        if res is None:
            continue
        score = res[0] + SECONDARY_PROGRESS * res[1]
        if score > best_score:
            best, best_score = i, score
    return best


def choose_guess(rows, cols, mines, visible, analysis=None, lookahead=True, budget=DEFAULT_BUDGET):
    """Pick the covered cell to open when none is certain: with few layouts left, the one that wins the most
    of them with perfect play (`_endgame`); otherwise the safest, then the one most likely to make progress,
    then the one with fewest covered neighbours (corners and edges open zeros more often)."""
    a = analysis or analyze(rows, cols, mines, visible, budget)
    nb = neighbours(rows, cols)
    covered = [i for i in range(rows * cols) if visible[i] < 0]
    if a.safe:
        r, c = min(a.safe)
        return (r, c)
    probs = {i: float(a._nums[i] / a._den[i]) for i in covered}
    cands = [i for i in covered if probs[i] < 1.0]

    def shape(i):
        # fewer covered neighbours: likelier to be a zero; touching the frontier: likelier to inform
        return sum(1 for j in nb[i] if visible[j] < 0)

    cands.sort(key=lambda i: (probs[i], shape(i)))
    best_p = probs[cands[0]]
    if not lookahead or not a.exact:
        return divmod(cands[0], cols)
    if ENDGAME and a.layouts <= ENDGAME_LAYOUTS:
        cell = _endgame(rows, cols, mines, visible, a, cands)
        if cell is not None:
            return divmod(cell, cols)
    if SCORE == "secondary":
        return divmod(_pick_secondary(rows, cols, mines, visible, a, cands, probs, budget), cols)
    window = [i for i in cands if probs[i] <= best_p + GUESS_WINDOW]
    picked = []
    if GUESS_SET == "wide":

        def inside(i):
            return all(visible[j] < 0 for j in nb[i])

        interior = [i for i in window if inside(i)]
        picked = [i for i in window if not inside(i)][:WIDE_MAX]
        if interior:
            picked.append(interior[0])  # window keeps cands' order: the fewest covered neighbours first
    else:
        # many interior cells share one chance: keep only a few of each shape
        seen = {}
        for i in window:
            key = (probs[i], shape(i))
            if seen.get(key, 0) >= 2:
                continue
            seen[key] = seen.get(key, 0) + 1
            picked.append(i)
            if len(picked) >= GUESS_CANDIDATES:
                break
    if len(picked) == 1:
        return divmod(picked[0], cols)
    best = None
    for i in picked:
        res = _lookahead(rows, cols, mines, visible, i, a.layouts, budget)
        if res is None:
            score = (1, 1 - probs[i], 0)
        else:
            prog, safe, survive2, shown = res
            live = 0 if AVOID_DEAD and shown <= 1 else 1
            if SCORE == "survive2":
                score = (live, survive2 + PROGRESS_WEIGHT * float(prog), -shape(i))
            else:
                score = (live, float(safe) + PROGRESS_WEIGHT * float(prog), -shape(i))
        if best is None or score > best[0]:
            best = (score, i)
    return divmod(best[1], cols)


# ---------------------------------------------------------------------------------------------------------
# Hints: the simplest true explanation for the next move.


class Hint:
    """One suggested move. safe: the cell is certainly safe; is_mine: certainly a mine (flag it); neither:
    a guess. proof: revealed numbers that prove it (empty for guesses and mine-count deductions)."""

    __slots__ = ("cell", "safe", "is_mine", "probability", "proof", "reason", "also_safe", "also_mines", "rule")

    def __init__(self, cell, safe, is_mine, probability, proof, reason, also_safe=(), also_mines=(), rule=""):
        self.cell = cell
        self.safe = safe
        self.is_mine = is_mine
        self.probability = probability
        self.proof = list(proof)
        self.reason = reason
        self.also_safe = list(also_safe)
        self.also_mines = list(also_mines)
        self.rule = rule  # "single", "pair", "count", "combined", "guess", "first"

    @property
    def certain(self):
        return self.safe or self.is_mine

    def __repr__(self):
        return f"Hint({self.cell}, {self.rule}, p={self.probability:.3f}: {self.reason})"


def _cells_phrase(n, what):
    return f"this cell is {what}" if n == 1 else f"these {n} cells are {what}"


def _mines_word(n):
    return "its mine" if n == 1 else f"its {n} mines"


class _Event:
    __slots__ = ("rule", "value", "cells", "proof", "reason")

    def __init__(self, rule, value, cells, proof, reason):
        self.rule, self.value, self.cells, self.proof, self.reason = rule, value, cells, proof, reason


def _rule_events(rows, cols, visible, stop_at_safe=False):
    """Deductions by the single-number rule and then the pair (subset/overlap) rule, in the order found."""
    nb = neighbours(rows, cols)
    cons = []
    for i, v in enumerate(visible):
        if v >= 0:
            cells = tuple(j for j in nb[i] if visible[j] < 0)
            if cells:
                cons.append((i, cells, v))
    known = {}  # cell -> (0 safe / 1 mine, proof frozenset, level)
    events = []
    levels = {"single": 1, "pair": 2}

    def mark(rule, value, cells, proof, reason, used):
        proof = frozenset(proof)
        # a deduction is as hard as the hardest step it leans on
        level = max([levels[rule]] + [known[j][2] for j in used])
        rule = "single" if level == 1 else "pair"
        for j in cells:
            known[j] = (value, proof, level)
        events.append(_Event(rule, value, sorted(cells), proof, reason))

    def residual(cells):
        unknown = [j for j in cells if j not in known]
        kmines = [j for j in cells if j in known and known[j][0] == 1]
        return unknown, kmines

    def deps(cells):
        out = set()
        for j in cells:
            if j in known:
                out |= known[j][1]
        return out

    def single_pass():
        found = False
        for src, cells, v in cons:
            unknown, kmines = residual(cells)
            if not unknown:
                continue
            need = v - len(kmines)
            if need == 0:
                reason = (
                    f"This {v} already touches {_mines_word(v)}, so {_cells_phrase(len(unknown), 'safe')}"
                    if v
                    else f"This 0 has no mines around it, so {_cells_phrase(len(unknown), 'safe')}"
                )
                mark("single", 0, unknown, {src} | deps(cells), reason, [j for j in cells if j in known])
                found = True
            elif need == len(unknown):
                if kmines:
                    reason = (
                        f"This {v} already touches {len(kmines)} of its mines and has only {need} covered "
                        f"cell{'s' if need > 1 else ''} left, "
                        f"so {_cells_phrase(need, 'mines' if need > 1 else 'a mine')}"
                    )
                else:
                    reason = (
                        f"This {v} has exactly {v} covered cell{'s' if v > 1 else ''} around it, "
                        f"so {_cells_phrase(need, 'mines' if need > 1 else 'a mine')}"
                    )
                mark("single", 1, unknown, {src} | deps(cells), reason, [j for j in cells if j in known])
                found = True
        return found

    def pair_pass():
        res = []
        for src, cells, v in cons:
            unknown, kmines = residual(cells)
            if unknown:
                res.append((src, set(unknown), v - len(kmines), v, [j for j in cells if j in known]))
        by_cell = {}
        for k, item in enumerate(res):
            for j in item[1]:
                by_cell.setdefault(j, []).append(k)
        for kb, (sb, B, b, vb, mb) in enumerate(res):
            partners = set()
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
                            f"cells it shares with the {va}, so its other {_cells_phrase(len(only_b), 'mines')[5:]}"
                            f" and the {va}'s other cells are safe"
                        )
                        mark("pair", 0, only_a, proof, reason, ma + mb)
                    else:
                        reason = (
                            f"The {vb} needs {b} more mine{'s' if b > 1 else ''} but at most {a} can be in "
                            f"cells it shares with the {va}, "
                            f"so {_cells_phrase(len(only_b), 'mines' if len(only_b) > 1 else 'a mine')}"
                        )
                    mark("pair", 1, only_b, proof, reason, ma + mb)
                    return True
        return False

    def has_safe():
        return stop_at_safe and any(e.value == 0 for e in events)

    # stop as soon as the simplest level yields a safe cell: the hint needs nothing more
    while single_pass() and not has_safe():
        pass
    while not has_safe() and pair_pass():
        while single_pass() and not has_safe():
            pass
    return events, cons


def hint_for_visible(
    rows, cols, mines, visible, lookahead=True, budget=DEFAULT_BUDGET, analysis=None, flagged=frozenset()
):
    """The hint for a visible position (flat list, -1 covered). None when every safe cell is open.

    flagged: flat indices the player has flagged; a mine already flagged is no news, so it is never the hint.
    """
    if not any(v < 0 for v in visible):
        return None
    if all(v < 0 for v in visible):
        return _first_click_hint(rows, cols, mines, None)
    events, _ = _rule_events(rows, cols, visible, stop_at_safe=True)
    a = None

    def rc(i):
        return divmod(i, cols)

    def from_event(e, cell_i=None):
        i = cell_i if cell_i is not None else next((j for j in e.cells if j not in flagged), e.cells[0])
        rest = [rc(j) for j in e.cells if j != i]
        return Hint(
            rc(i),
            e.value == 0,
            e.value == 1,
            float(e.value),
            sorted(rc(j) for j in e.proof),
            e.reason,
            rest if e.value == 0 else (),
            rest if e.value == 1 else (),
            e.rule,
        )

    # Certain safe cells first (something to open), simplest rule first; then certain mines.
    for value in (0, 1):
        for rule in ("single", "pair"):
            found = [
                e
                for e in events
                if e.rule == rule and e.value == value and (value == 0 or any(j not in flagged for j in e.cells))
            ]
            if found:
                return from_event(min(found, key=lambda e: len(e.proof)))
        if a is None:
            # the rules found no safe cell: now the full analysis is worth its cost
            a = analysis or analyze(rows, cols, mines, visible, budget)
            if len(a.mines) == sum(1 for v in visible if v < 0):
                return None
        certain = sorted(
            a.safe if value == 0 else (cell for cell in a.mines if cell[0] * cols + cell[1] not in flagged)
        )
        by_count = [cell for cell in certain if a.needs_mine_count(*cell)]
        left = mines - sum(1 for cell in a.mines if not a.needs_mine_count(*cell))
        if by_count:
            cell = by_count[0]
            if value == 0:
                reason = (
                    f"Only {left} mine{'s are' if left != 1 else ' is'} left and the numbers need "
                    f"{'all of them' if left != 1 else 'it'} elsewhere, so {_cells_phrase(len(by_count), 'safe')}"
                )
            else:
                k = len(by_count)
                reason = f"Only {left} mine{'s are' if left != 1 else ' is'} left and " + (
                    "it must be here"
                    if k == 1 and left == 1
                    else "both must be here"
                    if k == 2 and left == 2
                    else f"{k} of them must be here"
                    if k < left
                    else f"all {k} must be here"
                )
            return Hint(
                cell,
                value == 0,
                value == 1,
                float(value),
                [],
                reason,
                by_count[1:] if value == 0 else (),
                by_count[1:] if value == 1 else (),
                "count",
            )
        if certain:
            cell = certain[0]
            i = cell[0] * cols + cell[1]
            proof = sorted(rc(j) for j in neighbours(rows, cols)[i] if visible[j] >= 0)
            what = "safe" if value == 0 else "a mine"
            reason = f"Taking these {len(proof)} numbers together, every way their mines can lie makes this cell {what}"
            return Hint(
                cell,
                value == 0,
                value == 1,
                float(value),
                proof,
                reason,
                certain[1:] if value == 0 else (),
                certain[1:] if value == 1 else (),
                "combined",
            )
    cell = choose_guess(rows, cols, mines, visible, a, lookahead=lookahead, budget=budget)
    p = a.probability(*cell)
    best = min(a.probabilities.values())
    pct = _percent(p)
    if p <= best + 1e-12:
        reason = f"No cell is certain; this one has the lowest mine chance ({pct})"
    else:
        reason = (
            f"No cell is certain; this one is nearly the safest ({pct}, lowest is {_percent(best)}) "
            f"and the likeliest to open up more"
        )
    return Hint(cell, False, False, p, [], reason, rule="guess")


def _percent(p):
    x = 100 * p
    return f"{x:.0f}%" if x >= 1 or x == 0 else f"{x:.1f}%"


def first_click_cell(rows, cols, first_click="safe"):
    """Where to click first. With a safe first click, a corner: it has the fewest neighbours, so it is the
    likeliest cell to be a zero. When the first click always opens an area, a cell a little in from the
    corner: its opening still leans on the edges, and auto-play wins more often from there than from the
    corner itself (bench/solver.py: Beginner 97.4% from (2, 2) against 96.3% from (0, 0))."""
    if first_click != "opening":
        return (0, 0)
    k = 2 if min(rows, cols) < 12 else 3
    return (min(k, (rows - 1) // 2), min(k, (cols - 1) // 2))


def _first_click_hint(rows, cols, mines, first_click):
    cell = first_click_cell(rows, cols, first_click)
    if first_click == "opening":
        reason = "The first click always opens an area; near a corner, the edges help you read it"
    else:
        reason = "The first click is always safe; a corner is the likeliest cell to open an area"
    return Hint(cell, True, False, 0.0, [], reason, rule="first")


def _state_name(board):
    s = board.state
    return getattr(s, "value", s)


def visible_of(board):
    """The position as the player sees it: -1 covered (flagged or not), else the revealed number."""
    rows, cols = board.rows, board.cols
    return [
        board.adjacent_mines(r, c) if board.is_revealed(r, c) else COVERED for r in range(rows) for c in range(cols)
    ]


def analyze_board(board, budget=DEFAULT_BUDGET):
    return analyze(board.rows, board.cols, _mine_total(board), visible_of(board), budget)


def _mine_total(board):
    m = board.mines
    return m if isinstance(m, int) else len(m)


def hint_for(board, lookahead=True, budget=DEFAULT_BUDGET):
    """The hint for a Board, or None when no game is in progress."""
    state = _state_name(board)
    if state == "ready":
        return _first_click_hint(board.rows, board.cols, _mine_total(board), getattr(board, "first_click", None))
    if state != "playing":
        return None
    flagged = frozenset(
        r * board.cols + c for r in range(board.rows) for c in range(board.cols) if board.is_flagged(r, c)
    )
    return hint_for_visible(
        board.rows, board.cols, _mine_total(board), visible_of(board), lookahead, budget, flagged=flagged
    )
