"""Another program's guess in our engine's place, as a strategy ("external"), to measure another solver on our
boards with our paired, weighted runs (bench/solver.py).

The program is started once in each process that plays (the command in MINESWEEPER_EXTERNAL_SOLVER, or the
strategy's `command`) and is asked one position a line on its standard input:

    ROWS COLS MINES | m1 m2 ... | c1 c2 ...

the mine cells of a layout that fits the position (drawn from those the view allows, so the program sees only
what the player sees) and the cells the player has opened (opened in any order on that layout, they give the
position); a cell is row * COLS + col. It answers one line, "G ROW COL ..." for a guess or "C ROW COL ..." for a
cell it knows is safe (the rest of the line is its own); its standard output carries nothing else (a warning
printed there would be read as the next answer). An answer that names no covered cell is a failure: the
shipped engine's own pick is played instead, `FAILURES` counts it and a line on standard error says so (a run
goes on rather than dying mid-way, and its log shows that it was not all the program's).

Where the program is asked depends on the strategy's switches, as for any GuessStrategy: with the defaults it
replaces the final pick only (our exact endgame, closed pockets and pseudo-50/50s come first); with
`pockets=False fifty_fifty=False dominance=False` everything after our exact endgame is the program's. The
weighted games count the layouts left from our exact endgame's first guess at their perfect-play share, for
either strategy. docs/solver.md tells how David N Hill's Java solver was measured this way.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import random
import shlex
import subprocess
import sys
from dataclasses import dataclass

from bench.posterior import sample_layout
from game.model.solver.hill import HillStrategy
from game.model.solver.strategy import Spot

__all__ = ["ENV", "FAILURES", "ExternalStrategy", "position_line"]

ENV = "MINESWEEPER_EXTERNAL_SOLVER"
FAILURES = {"count": 0}

_programs: dict[tuple[int, str], subprocess.Popen[str]] = {}


def position_line(spot: Spot, mines: list[int]) -> str:
    """The question for one position: the board, a layout that fits it, the cells opened."""
    opened = [i for i, v in enumerate(spot.visible) if v >= 0]
    return f"{spot.rows} {spot.cols} {spot.mines} | {' '.join(map(str, sorted(mines)))} | {' '.join(map(str, opened))}"


def _program(command: str) -> subprocess.Popen[str]:
    key = (os.getpid(), command)  # a worker process starts its own
    program = _programs.get(key)
    if program is None or program.poll() is not None:
        program = subprocess.Popen(
            shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        _programs[key] = program
    return program


@atexit.register
def _stop_programs() -> None:
    for program in _programs.values():
        if program.stdin:
            with contextlib.suppress(OSError):  # a program that stopped leaves a broken pipe
                program.stdin.close()
        try:
            program.wait(timeout=5)
        except subprocess.TimeoutExpired:
            program.kill()
    _programs.clear()


def _ask(command: str, line: str) -> str:
    """The program's answer; empty if it has stopped (it is started again for the next question)."""
    program = _program(command)
    assert program.stdin and program.stdout
    try:
        program.stdin.write(line + "\n")
        program.stdin.flush()
        return program.stdout.readline()
    except OSError:  # it stopped before reading the question: a broken pipe
        return ""


def _answer(reply: str, spot: Spot) -> int | None:
    """The covered cell the reply names, or None."""
    parts = reply.split()
    if len(parts) < 3 or parts[0] not in ("G", "C"):
        return None
    try:
        row, col = int(parts[1]), int(parts[2])
    except ValueError:
        return None
    if not (0 <= row < spot.rows and 0 <= col < spot.cols):
        return None
    i = row * spot.cols + col
    return i if spot.visible[i] < 0 else None


@dataclass(frozen=True)
class ExternalStrategy(HillStrategy):
    """ "external": the program's move where the engine would make its final pick (module docstring).
    command: the program to start; empty means the one in MINESWEEPER_EXTERNAL_SOLVER."""

    command: str = ""

    def pick(self, spot: Spot) -> int:
        command = self.command or os.environ.get(ENV, "")
        if not command:
            raise SystemExit(f"the external strategy needs a program: set {ENV} or command=...")
        # the layout shown depends on the position only, so a run gives the same answers each time
        rng = random.Random(",".join(map(str, spot.visible)))
        reply = _ask(command, position_line(spot, sorted(sample_layout(spot.analysis, rng))))
        cell = _answer(reply, spot)
        if cell is None:
            FAILURES["count"] += 1
            print(f"external: no move in {reply.strip()!r}; the engine's own pick is played", file=sys.stderr)
            return super().pick(spot)
        return cell
