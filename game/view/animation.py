"""View-only animation: cells that show up in a ripple, and a flashing cell. Input never waits for them.

The model has already changed; an animation only holds back how some cells look for a moment, through
`BoardLooks.override` (cell -> the tile to show instead), which the renderer honours.
"""

from __future__ import annotations

from collections.abc import Collection, MutableMapping
from math import hypot

from game.model import Board, Cell, GameState, Move
from game.view.sheet import Tile

Override = MutableMapping[Cell, Tile]  # cell -> the tile shown there instead, while an animation runs

RIPPLE_SECONDS = 0.15  # a cascade spreads from the click over this long
FLOURISH_SECONDS = 0.35  # on a win, the flags go up in a wave over this long
FLASH_SECONDS, FLASH_PERIOD = 0.8, 0.1


class Ripple:
    """Cells appear in order of distance from a centre, the farthest after `seconds`."""

    def __init__(self, centre: Cell, cells: Collection[Cell], seconds: float, held_look: Tile = Tile.COVERED) -> None:
        cr, cc = centre
        far = max((hypot(r - cr, c - cc) for r, c in cells), default=0) or 1
        self.due = sorted((hypot(r - cr, c - cc) / far * seconds, (r, c)) for r, c in cells)
        self.shown = 0  # due[:shown] have appeared (an index: a 100x100 cascade is thousands of cells)
        self.held_look = held_look
        self.clock = 0.0

    @property
    def done(self) -> bool:
        return self.shown == len(self.due)

    def hold(self, override: Override) -> None:
        for _, cell in self.due[self.shown :]:
            override[cell] = self.held_look

    def advance(self, step: float, override: Override) -> list[Cell]:
        """Move time on; returns the cells that appear now (their override is lifted)."""
        self.clock += step
        start = self.shown
        while self.shown < len(self.due) and self.due[self.shown][0] <= self.clock:
            self.shown += 1
        shown = [cell for _, cell in self.due[start : self.shown]]
        for cell in shown:
            override.pop(cell, None)
        return shown

    def finish(self, override: Override) -> list[Cell]:
        return self.advance(float("inf"), override)


class Flash:
    """A cell that blinks between its own look and another for a moment (the mine that went off)."""

    def __init__(self, cell: Cell, other_look: Tile) -> None:
        self.cell, self.other_look = cell, other_look
        self.clock = 0.0

    @property
    def done(self) -> bool:
        return self.clock >= FLASH_SECONDS

    def hold(self, override: Override) -> None:
        pass

    def advance(self, step: float, override: Override) -> list[Cell]:
        self.clock += step
        off = not self.done and int(self.clock / FLASH_PERIOD) % 2 == 1
        was = self.cell in override
        if off:
            override[self.cell] = self.other_look
        else:
            override.pop(self.cell, None)
        return [self.cell] if was != off else []

    def finish(self, override: Override) -> list[Cell]:
        override.pop(self.cell, None)
        self.clock = FLASH_SECONDS
        return [self.cell]


class Animations:
    """The animations running on a board, started by the moves that call for them."""

    def __init__(self) -> None:
        # cell -> the Tile an animation shows there instead (the view reads it: BoardLooks)
        self.override: dict[Cell, Tile] = {}
        self.running: list[Flash | Ripple] = []

    def __bool__(self) -> bool:
        return bool(self.running)

    def start(self, board: Board, move: Move, changed: Collection[Cell], was: GameState) -> set[Cell]:
        """The animations a move calls for (a loss flashes, a cascade ripples, a win raises the flags);
        returns the cells whose look changed."""
        new: list[Flash | Ripple] = []
        if board.state == GameState.LOST and was != GameState.LOST and board.exploded is not None:
            new.append(Flash(board.exploded, Tile.MINE))
        if len(changed) > 1:
            new.append(Ripple(move.cell, [c for c in changed if c != move.cell], RIPPLE_SECONDS))
        if board.state == GameState.WON and was != GameState.WON:
            # only the flags the win put up rise: the player's own stay as they were drawn
            raised = [cell for cell in board.last_changed if board.is_mine(*cell)]
            if raised:
                new.append(Ripple(move.cell, raised, FLOURISH_SECONDS))
        cells: set[Cell] = set()
        for anim in new:
            anim.hold(self.override)
            cells.update(anim.advance(0.0, self.override))
        self.running += new
        return cells

    def advance(self, step: float) -> set[Cell]:
        """Run them on; returns the cells whose look changed."""
        cells: set[Cell] = set()
        for anim in self.running:
            cells.update(anim.advance(step, self.override))
        self.running = [a for a in self.running if not a.done]
        return cells

    def finish(self) -> set[Cell]:
        """End them all at once (a new move never waits for the last one's animation)."""
        cells: set[Cell] = set()
        for anim in self.running:
            cells.update(anim.finish(self.override))
        self.running = []
        return cells
