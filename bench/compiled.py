"""An optional compiled core for long benchmark runs: the solver's hot modules compiled with mypyc (it comes with
mypy, a test-only dependency), in a clone of this checkout made for the run, so the checkout itself and the game
stay pure Python. The compiled modules must play the same moves as the pure ones; `check` shows they do.

python -m bench.compiled build DIR
    clone this checkout's HEAD into DIR and compile MODULES there (about a minute; needs a C compiler and the
    Python headers); then run benchmarks from DIR (`cd DIR && python -m bench.solver ...`), as a run is played
    from its own clone anyway. Results files record HEAD's commit, as from a pure clone.
python -m bench.compiled check DIR --games 100 --seed 3801
    run the solver's tests in DIR (compiled), then play Expert games with the engine shipped in DIR and here
    (pure), each in a child process, and compare every move; prints the moves compared and each side's time
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

# The modules a guess spends its time in (the positions the look-ahead analyses), compiled; the strategies stay
# interpreted, so bench's own strategies can subclass theirs.
MODULES = [
    "game/model/solver/enumeration.py",
    "game/model/solver/frontier.py",
    "game/model/solver/analysis.py",
    "game/model/solver/living.py",
    "game/model/solver/fifty.py",
    "game/model/solver/endgame.py",
]
ROOT = Path(__file__).resolve().parent.parent
# The solver's tests run against the compiled modules too: mypyc checks types at run time where Python does not
# (a name holding an int, then a bool in the same function stopped a compiled run at stop 39), so a test that
# fails there shows such a place before a long run meets it.
TESTS = ["tests/model"]
# It collects doctests from the sources, which compiled modules no longer are.
NOT_COMPILED = (
    "tests/model/test_api.py::test_the_test_command_runs_the_model_doctests_and_collects_nothing_else_outside_tests"
)


def build(target: Path) -> None:
    if target.exists():
        raise SystemExit(f"{target} exists; choose a new directory")
    subprocess.run(["git", "clone", "-q", str(ROOT), str(target)], check=True)
    # the compiled files are not part of the run's commit: git status stays clean, so results record HEAD
    with (target / ".git" / "info" / "exclude").open("a") as f:
        f.write("*.so\n*.c\n*.h\nbuild/\n")
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "mypyc", *MODULES], cwd=target, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"mypyc failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=target, capture_output=True, text=True)
    took = time.perf_counter() - started
    print(f"compiled {len(MODULES)} modules of {head.stdout.strip()} in {target} ({took:.0f} s)")


def compiled_modules() -> list[str]:
    """Which of MODULES this interpreter imports compiled (an extension module, not the source)."""
    out = []
    for path in MODULES:
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        if not str(module.__file__).endswith(".py"):
            out.append(path)
    return out


def play(games: int, seed: int) -> None:
    """Print which modules are compiled, then every move of `games` Expert games, one game a line."""
    from bench.autoplay import Game
    from bench.runs import board_seeds
    from game.model.solver.guess import SHIPPED

    print(json.dumps(compiled_modules()), flush=True)
    for board_seed in board_seeds(seed, games):
        game = Game(16, 30, 99, "safe", board_seed)
        game.finish(SHIPPED)
        print(json.dumps([list(move) for move in game.moves]), flush=True)


def moves_in(tree: Path, games: int, seed: int) -> tuple[list[str], list[str], float]:
    """(the modules compiled there, each game's moves, the seconds taken) of `play` run in a checkout."""
    started = time.perf_counter()
    command = [sys.executable, "-m", "bench.compiled", "play", "--games", str(games), "--seed", str(seed)]
    done = subprocess.run(command, cwd=tree, capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    return json.loads(lines[0]), lines[1:], time.perf_counter() - started


def tests_pass(target: Path, tests: list[str]) -> bool:
    """Whether the given tests pass in the compiled clone (pytest's last line printed)."""
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--deselect", NOT_COMPILED, *tests]
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"}  # the caller's coverage is not the clone's
    done = subprocess.run(command, cwd=target, capture_output=True, text=True, env=env)
    last = (done.stdout.strip().splitlines() or ["no output"])[-1]
    print(f"the solver's tests ({' '.join(tests)}), compiled in {target}: {last}")
    return done.returncode == 0


def check(target: Path, games: int, seed: int, tests: list[str] = TESTS) -> bool:
    """The solver's tests pass compiled, and the compiled clone plays the pure checkout's moves."""
    if not tests_pass(target, tests):
        return False
    fast, compiled_moves, fast_s = moves_in(target, games, seed)
    slow, pure_moves, pure_s = moves_in(ROOT, games, seed)
    if fast != MODULES or slow:
        print(f"not a compiled build against a pure one: compiled in {target}: {fast}; here: {slow}")
        return False
    same = sum(a == b for a, b in zip(compiled_moves, pure_moves))
    count = sum(len(json.loads(line)) for line in pure_moves)
    print(
        f"check, Expert, {games} games of seed {seed}: {same} of {len(pure_moves)} games make the same moves "
        f"({count} moves played pure); compiled {fast_s:.1f} s, pure {pure_s:.1f} s ({pure_s / fast_s:.2f}x)"
    )
    return same == len(pure_moves) == len(compiled_moves) == games


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=["build", "check", "play"])
    parser.add_argument("dir", nargs="?", type=Path, help="the compiled clone (build, check)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=3801)
    args = parser.parse_args(argv)
    if args.kind == "play":
        play(args.games, args.seed)
        return
    if args.dir is None:
        parser.error(f"{args.kind} needs the directory of the compiled clone")
    if args.kind == "build":
        build(args.dir.resolve())
    elif not check(args.dir.resolve(), args.games, args.seed):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
