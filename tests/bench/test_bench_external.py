"""Another program's guess in the engine's place ("external", bench/external.py): what it is asked, what it answers
and what happens when the answer is no move."""

import contextlib
import random
import subprocess
import sys
import textwrap

import pytest

from bench import external
from bench.autoplay import Game
from bench.external import ExternalStrategy, position_line
from bench.strategies import make_strategy
from game.model import GameState
from game.model.solver.analysis import COVERED, analyse_visible
from game.model.solver.guess import SHIPPED, Spot, choose_guess

# A stand-in for another solver: it reads the question (a layout of the right count that leaves the opened cells
# clear, or it stops) and answers the cell its argument names: "last" (the highest covered index), "mine" (a mine
# of the layout), "opened" (an opened cell: not a move) or "junk"; "dead" stops before reading anything.
PROGRAM = textwrap.dedent(
    """
    import sys
    mode = sys.argv[1]
    if mode == "dead":
        sys.exit(3)
    for line in sys.stdin:
        head, mines, opened = line.split("|")
        rows, cols, count = map(int, head.split())
        mines = set(map(int, mines.split()))
        opened = list(map(int, opened.split()))
        assert len(mines) == count and not mines & set(opened)
        covered = [i for i in range(rows * cols) if i not in set(opened)]
        if mode == "junk":
            print("no idea", flush=True)
            continue
        cell = {"last": covered[-1], "mine": min(mines), "opened": opened[0]}[mode]
        print("G", cell // cols, cell % cols, "because", flush=True)
    """
)


@pytest.fixture
def program(tmp_path):
    path = tmp_path / "other_solver.py"
    path.write_text(PROGRAM)
    yield lambda mode: f"{sys.executable} {path} {mode}"
    external._stop_programs()  # as at the end of a run: none is left behind


def position(seed=0):
    """A guess position of a real Expert game where the engine makes its final pick (not its endgame, pockets or
    50/50s): on this board the corner shows a number, so the first guess is made among every covered cell."""
    game = Game(16, 30, 99, "safe", seed)
    a, _ = next(game.guesses(SHIPPED))
    return game, a


def test_the_question_gives_the_view_it_was_asked_about():
    game, a = position()
    spot = Spot(16, 30, 99, game.vis, a, 10**6)
    mines = sorted({r * 30 + c for r in range(16) for c in range(30) if game.board.is_mine(r, c)})
    head, laid, opened = position_line(spot, mines).split("|")
    assert head.split() == ["16", "30", "99"]
    assert list(map(int, laid.split())) == mines
    rebuilt = Game(16, 30, 99, "safe", 0, [divmod(int(i), 30) for i in opened.split()], mines)
    assert rebuilt.vis == game.vis


def test_the_programs_answer_is_played(program):
    game, a = position()
    strategy = ExternalStrategy(command=program("last"))
    last = max(i for i, v in enumerate(game.vis) if v == COVERED)
    before = external.FAILURES["count"]
    assert choose_guess(16, 30, 99, game.vis, a, strategy=strategy) == divmod(last, 30)
    assert external.FAILURES["count"] == before


def test_the_layout_shown_fits_the_view_whatever_it_is(program):
    # the "mine" answer is a mine of the layout the program was shown: a cell the view does not rule out
    game, a = position()
    r, c = choose_guess(16, 30, 99, game.vis, a, strategy=ExternalStrategy(command=program("mine")))
    assert game.vis[r * 30 + c] == COVERED and (r, c) not in a.safe


@pytest.mark.parametrize("mode", ["opened", "junk", "dead"])
def test_an_answer_that_is_no_move_plays_the_engines_pick_and_is_counted(program, mode, capsys):
    game, a = position()
    before = external.FAILURES["count"]
    got = choose_guess(16, 30, 99, game.vis, a, strategy=ExternalStrategy(command=program(mode)))
    assert got == choose_guess(16, 30, 99, game.vis, a)
    assert external.FAILURES["count"] == before + 1
    assert "the engine's own pick is played" in capsys.readouterr().err
    # and again: a program that stopped is started anew, and the run goes on
    assert choose_guess(16, 30, 99, game.vis, a, strategy=ExternalStrategy(command=program(mode))) == got


def test_a_whole_game_plays_and_the_command_may_come_from_the_environment(program, monkeypatch):
    monkeypatch.setenv(external.ENV, program("last"))
    strategy = make_strategy("external")
    game = Game(16, 30, 99, "safe", 11)
    assert game.finish(strategy) in (True, False)
    assert game.board.state in (GameState.WON, GameState.LOST)


def test_without_a_program_it_says_what_it_needs(monkeypatch):
    monkeypatch.delenv(external.ENV, raising=False)
    game, a = position()
    with pytest.raises(SystemExit, match=external.ENV):
        choose_guess(16, 30, 99, game.vis, a, strategy=ExternalStrategy())


def test_the_same_position_is_asked_with_the_same_layout():
    game, a = position()
    spot = Spot(16, 30, 99, game.vis, a, 10**6)
    rng = random.Random(",".join(map(str, spot.visible)))
    first = position_line(spot, sorted(external.sample_layout(a, rng)))
    rng = random.Random(",".join(map(str, spot.visible)))
    assert position_line(spot, sorted(external.sample_layout(a, rng))) == first
    assert analyse_visible(16, 30, 99, game.vis).layouts == a.layouts


def test_a_program_that_stopped_before_the_question_gives_no_answer_not_an_error(program, monkeypatch):
    stopped = subprocess.Popen(
        [sys.executable, "-c", "pass"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    stopped.wait()
    monkeypatch.setattr(external, "_program", lambda command: stopped)
    try:
        assert external._ask("any", "x" * 200_000) == ""  # more than a pipe holds: the write itself breaks
    finally:
        with contextlib.suppress(OSError):
            stopped.stdin.close()
