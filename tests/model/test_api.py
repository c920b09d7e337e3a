"""The model's public face: what `game.model` exports, typed moves, a move log only moves write, hints built by
keyword, and one way to write a mine chance."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.model import Board, GameState, Hint, Move, MoveKind, Replay, analyse, hint_for
from game.model.replay.verdict import percent
from game.model.solver.hints import HintRule, hint_for_visible

ROOT = Path(__file__).resolve().parents[2]


def test_the_public_api_has_the_board_the_move_its_kind_the_state_the_replay_the_analysis_and_the_hint():
    import game.model

    for name in ("Board", "Move", "MoveKind", "GameState", "Replay", "analyse", "hint_for", "Hint", "Analysis"):
        assert name in game.model.__all__ and hasattr(game.model, name)


def test_analyse_and_hint_for_take_a_board_and_speak_row_and_col():
    board = Board.from_layout(["....", "....", "*..*"])
    board.apply(Move(MoveKind.REVEAL, 0, 0))
    assert analyse(board).safe == {(2, 1), (2, 2)}
    assert analyse(board).probability(2, 3) == 1.0
    hint = hint_for(board)
    assert hint is not None and hint.cell in {(2, 1), (2, 2)} and hint.safe


def test_the_move_log_holds_move_kinds_that_still_read_and_write_as_plain_strings():
    board = Board.from_layout(["*..", "..."])
    board.apply(Move("reveal", 1, 2))  # a plain string still makes a move
    board.toggle_flag(0, 0)
    board.toggle_flag(0, 0)
    assert [move.kind for move in board.moves] == [MoveKind.REVEAL, MoveKind.FLAG, MoveKind.UNFLAG]
    assert all(type(move.kind) is MoveKind for move in board.moves)
    assert board.moves[0].kind == "reveal" and {"unflag": 1}[board.moves[2].kind] == 1
    saved = json.loads(json.dumps(board.to_dict()))
    assert [move[0] for move in saved["moves"]] == ["reveal", "flag", "unflag"]
    back = Board.from_dict(saved)
    assert list(back.moves) == list(board.moves) and all(type(move.kind) is MoveKind for move in back.moves)
    replay = Replay.from_json(Replay.from_game(board).to_json())
    assert all(type(move.kind) is MoveKind for move in replay.moves)


def test_only_moves_write_the_move_log():
    board = Board.from_layout(["*..", "..."])
    board.reveal(1, 2)
    with pytest.raises(AttributeError):
        board.moves = []  # type: ignore[misc]
    assert len(board.moves) == 1


def test_stamp_times_gives_the_logged_clicks_their_times_and_refuses_times_that_do_not_fit():
    board = Board.from_layout(["*..", "..."])
    board.reveal(1, 2)
    board.toggle_flag(0, 0)
    for wrong in ([0], [0, 1, 2], [500, 100], [-1, 5], [0, True], [0, 1.5]):
        with pytest.raises(ValueError):
            board.stamp_times(wrong)
    assert [move.t_ms for move in board.moves] == [0, 0]
    board.stamp_times([0, 850])
    assert [(move.kind, move.t_ms) for move in board.moves] == [("reveal", 0), ("flag", 850)]


def test_a_hint_is_built_by_keyword_not_by_a_row_of_booleans():
    with pytest.raises(TypeError):
        Hint((0, 0), True, False, 0.0, [], "why", rule=HintRule.FIRST)  # type: ignore[misc]
    hint = Hint((0, 0), safe=True, is_mine=False, probability=0.0, reason="why", rule=HintRule.FIRST)
    assert hint.certain and hint.proof == [] and hint.rule == "first"


def test_one_chance_is_written_one_way_in_a_hint_and_in_the_verdict_on_a_loss():
    # one 1 in the middle of a 15x15 board with 2 mines: every cell away from it has a 1 in 216 chance
    visible = [-1] * 225
    visible[7 * 15 + 7] = 1
    hint = hint_for_visible(15, 15, 2, visible)
    assert hint is not None and hint.rule == "guess" and 0 < hint.probability < 0.01
    assert "(under 1%)" in hint.reason
    assert percent(hint.probability) == "under 1%"
    assert percent(0.0) == "0%" and percent(0.996) == "over 99%" and percent(None) == "?"


def test_seen_text_draws_the_board_as_the_player_sees_it():
    board = Board.from_layout(["*...", "....", "...*"], question_marks=True)
    board.reveal(0, 3)
    board.toggle_flag(2, 3)
    board.toggle_flag(0, 0)
    board.toggle_flag(0, 0)
    assert board.seen_text().splitlines() == ["?100", "#111", "###F"]
    board.reveal(0, 0)
    assert board.state == GameState.LOST and board.seen_text().splitlines()[0] == "*100"


@pytest.mark.slow
def test_the_test_command_runs_the_model_doctests_and_collects_nothing_else_outside_tests():
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    files = {line.split("::")[0] for line in result.stdout.splitlines() if "::" in line}
    model = {name for name in files if name.startswith("game/model/")}
    assert "game/model/__init__.py" in model and "game/model/rules/board.py" in model
    assert files - model == {name for name in files if name.startswith("tests/")}


def test_the_model_subpackages_depend_one_way_rules_then_solver_then_replay():
    import ast

    order = ["rules", "solver", "replay"]
    wrong = []
    for path in (ROOT / "game" / "model").rglob("*.py"):
        parts = path.relative_to(ROOT / "game" / "model").parts
        if len(parts) < 2:
            continue
        level = order.index(parts[0])
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 2 and node.module:
                target = node.module.split(".")[0]
                if order.index(target) > level:
                    wrong.append(f"{'/'.join(parts)} imports {target}")
    assert not wrong, wrong
