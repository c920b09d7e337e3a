"""Auto-played games for the solver's benchmarks: one game on a real board, a board played by two strategies in
lockstep until they part, and a game whose guesses count by their exact chances (`--weighted`)."""

from __future__ import annotations

import random

from bench.posterior import sample_layout
from game.model import Board, GameState
from game.model.solver.analysis import COVERED, DEFAULT_BUDGET, analyse_visible
from game.model.solver.endgame import best_move, layouts_of
from game.model.solver.guess import SHIPPED, Spot, choose_guess
from game.model.solver.hints import first_click_cell


class Game:
    """One auto-played game on a real Board (one implementation of the rules): the view the solver reads, the
    moves made, and the analysis, kept up to date from the cells each move opens."""

    def __init__(self, rows, cols, mines, rule, board_seed, moves=None, mine_cells=None, first=None):
        if mine_cells is None:
            self.board = Board(rows, cols, mines, seed=board_seed, first_click=rule)
        else:  # a layout drawn for this position (bench/posterior.py)
            self.board = Board.from_mines(rows, cols, [divmod(j, cols) for j in mine_cells], seed=board_seed)
        self.vis = [COVERED] * (rows * cols)
        self.moves = []
        self._analysis = None
        self._opened = {}
        for cell in moves or [first or first_click_cell(rows, cols, rule)]:
            self.reveal(cell)

    @property
    def playing(self):
        return self.board.state == GameState.PLAYING

    def reveal(self, cell):
        # the board reports what it opened, so the view and the analysis are brought up to date cheaply
        board, cols = self.board, self.board.cols
        self.moves.append(cell)
        for rr, cc in board.reveal(*cell):
            i = rr * cols + cc
            self.vis[i] = self._opened[i] = board.adjacent_mines(rr, cc)

    def analysis(self):
        b = self.board
        if self._analysis is None:
            self._analysis = analyse_visible(b.rows, b.cols, b.mines, self.vis)
        elif self._opened:
            self._analysis = self._analysis.after(self._opened)
        self._opened = {}
        return self._analysis

    def open_safe(self, a):
        for r, c in sorted(a.safe):
            if self.vis[r * self.board.cols + c] == COVERED:  # an earlier cascade may have opened it already
                self.reveal((r, c))

    def guess(self, a, strategy):
        b = self.board
        return choose_guess(b.rows, b.cols, b.mines, self.vis, a, strategy=strategy)

    def relay(self, mine_cells):
        """The same moves played again on another layout that fits the view (they open the same cells)."""
        b = self.board
        moves, analysis, opened = self.moves, self._analysis, self._opened
        self.board = Board.from_mines(b.rows, b.cols, [divmod(j, b.cols) for j in mine_cells], seed=0)
        self.moves, self._opened = [], {}
        for cell in moves:
            self.reveal(cell)
        self._analysis, self._opened = analysis, opened

    def finish_weighted(self, strategy, rng, first=None):
        """Play the game to its end, each guess counted by its exact chance of being safe: the game goes on as if
        it were (when the layout has a mine there, on a layout drawn from those where it is safe), and the result
        is the product of those chances if the game is won, 0 if it is lost (only where a chance is not exact).
        From the first guess the strategy's exact endgame search settles, the game counts for the share of the
        layouts left that perfect play wins (the strategy plays them perfectly from there). Its mean over layouts
        is the chance of winning, as a plain game's is, with much less spread."""
        weight = 1.0
        b = self.board
        cols = b.cols
        while self.playing:
            a = self.analysis()
            if a.safe and first is None:
                self.open_safe(a)
                continue
            if first is None and strategy.endgame and a.exact and a.layouts <= strategy.endgame_layouts:
                found = layouts_of(b.rows, cols, b.mines, self.vis, a, strategy.endgame_layouts)
                spot = Spot(b.rows, cols, b.mines, self.vis, a, DEFAULT_BUDGET)
                best = None if found is None else best_move(*found, spot.ranked, strategy.endgame_work)
                if best is not None:
                    return weight * best[0] / len(found[1])
            cell = first if first is not None else self.guess(a, strategy)
            first = None
            i = cell[0] * cols + cell[1]
            if a.exact and a.nums[i] != a.den[i]:
                weight *= 1 - a.nums[i] / a.den[i]
                if self.board.is_mine(*cell):
                    self.relay(sample_layout(a.given({i: 0}), rng))
            self.reveal(cell)
        return weight if self.board.state == GameState.WON else 0.0

    def guesses(self, strategy=SHIPPED):
        """Play the game to its end with the given guess strategy, yielding (analysis, cell) before each guess is
        opened (certain safe cells are opened between them)."""
        while self.playing:
            a = self.analysis()
            if a.safe:
                self.open_safe(a)
                continue
            cell = self.guess(a, strategy)
            yield a, cell
            self.reveal(cell)

    def finish(self, strategy=SHIPPED, positions=None):
        """Play the game to its end with the given guess strategy; True on a win."""
        while self.playing:
            a = self.analysis()
            if positions is not None:
                positions.append(list(self.vis))
            if a.safe:
                self.open_safe(a)
            else:
                self.reveal(self.guess(a, strategy))
        return self.board.state == GameState.WON


def play(rows, cols, mines, rule, rng, strategy=SHIPPED, positions=None):
    """Auto-play one game; True on a win. positions, when given, collects the visible positions met."""
    return Game(rows, cols, mines, rule, rng.randrange(2**32)).finish(strategy, positions)


def play_paired(rows, cols, mines, rule, board_seed, base, cand, samples=1, first=None, weighted=False):
    """Play one board with the base strategy and the candidate one: (base wins, candidate wins, layouts played).

    Both play in lockstep while they agree (the same moves on the same board give the same game), so only the
    part after their first different guess is played twice. From there, with samples > 1, both also play on
    samples - 1 more layouts drawn from those the position allows (bench/posterior.py), which measures the
    difference between them with less noise; games are rebuilt by replaying the shared moves."""
    game = Game(rows, cols, mines, rule, board_seed, first=first)
    while game.playing:
        a = game.analysis()
        if a.safe:
            game.open_safe(a)
            continue
        g_base = game.guess(a, base)
        g_cand = game.guess(a, cand)
        if g_base == g_cand:
            game.reveal(g_base)
            continue
        shared = list(game.moves)
        layouts = [{r * cols + c for r, c in game.board.mine_cells()}]
        if samples > 1 and a.exact:
            rng = random.Random(board_seed)
            layouts += [sample_layout(a, rng) for _ in range(samples - 1)]
        wins_base = wins_cand = 0
        for k, layout in enumerate(layouts):
            if weighted:
                for strategy, guess, side in ((base, g_base, 0), (cand, g_cand, 1)):
                    play = Game(rows, cols, mines, rule, board_seed, shared, layout)
                    won = play.finish_weighted(strategy, random.Random(f"{board_seed}/{k}/{side}"), guess)
                    if side:
                        wins_cand += won
                    else:
                        wins_base += won
                continue
            wins_base += Game(rows, cols, mines, rule, board_seed, shared + [g_base], layout).finish(base)
            wins_cand += Game(rows, cols, mines, rule, board_seed, shared + [g_cand], layout).finish(cand)
        return wins_base, wins_cand, len(layouts)
    won = int(game.board.state == GameState.WON)
    return won, won, 1
