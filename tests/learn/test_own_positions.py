"""Drill positions from the player's own games: each avoidable guess as the board was just before it, played as
a puzzle asking for one certainly safe cell; games with nothing to drill, or damaged, named as cleared; and which
were answered right kept in the learning progress."""

from datetime import datetime, timezone

from game.learn.drill import game_key
from game.learn.own import positions_of_game, positions_of_logs
from game.learn.progress import MOST_OWN, Progress
from game.model import Move, Replay, analyse
from tests.owngames import avoidable_game, clean_game

WHEN = datetime(2026, 11, 29, 14, 0, tzinfo=timezone.utc)


def log_of(game_id, board, elapsed):
    return game_id, WHEN, Replay.from_game(board, elapsed).to_json()


def test_an_avoidable_guess_is_a_position_from_just_before_it():
    board, elapsed, guess, move = avoidable_game()
    [position] = positions_of_game(7, WHEN, Replay.from_game(board, elapsed).to_json())
    assert position.game.key == f"7/{round(WHEN.timestamp() * 1000)}:{move}"
    assert position.game.guessed == guess and position.game.played_at == WHEN
    shown = position.board
    assert shown.moves == board.moves[:move] and not shown.is_revealed(*guess)
    analysis = analyse(shown)
    assert position.safe == analysis.safe - _revealed(shown) and guess not in position.safe
    assert position.mines == analysis.mines - _revealed(shown)
    [safe_cell] = position.cells
    assert safe_cell in position.safe and position.reason and position.proof
    assert all(shown.is_revealed(*cell) for cell in position.proof), "the proof is numbers on the board"
    focus = position.focus()
    for row, col in (guess, safe_cell, *position.proof):
        assert focus.top <= row < focus.top + focus.rows and focus.left <= col < focus.left + focus.cols


def test_the_puzzle_asks_for_one_safe_cell_and_catches_the_guess_again():
    board, elapsed, guess, move = avoidable_game()
    [position] = positions_of_game(7, WHEN, Replay.from_game(board, elapsed).to_json())
    puzzle = position.puzzle()
    assert not puzzle.check(Move("reveal", *guess)).ok, "nothing proved the guessed cell safe"
    assert puzzle.why().cells and set(puzzle.why().cells) <= position.safe
    safe = min(position.safe)
    assert puzzle.check(Move("reveal", *safe)).ok
    puzzle.play(Move("reveal", *safe))
    assert puzzle.done
    assert not position.board.is_revealed(*safe), "the position itself is left as it was"


def test_games_with_nothing_left_to_drill_are_cleared():
    board, elapsed, guess, move = avoidable_game()
    logs = [
        log_of(1, *clean_game()),
        log_of(2, board, elapsed),
        (3, WHEN, "{not a replay"),
        (4, None, None),
        (5, WHEN, Replay.from_game(board, elapsed).to_json().replace('"rows":9', '"rows":900')),
    ]
    found = positions_of_logs(logs, [], 100)
    assert [p.game.game_id for p in found.positions] == [2]
    assert found.cleared == [game_key(1, WHEN), game_key(3, WHEN), "4/-", game_key(5, WHEN)]
    answered = positions_of_logs(logs, [found.positions[0].game.key], 100)
    assert answered.positions == [] and len(answered.cleared) == 5


def test_a_game_is_known_by_its_id_and_when_it_was_played():
    """The records give a new game the id of one forgotten (a reset): that one is another game."""
    assert game_key(3, WHEN) != game_key(3, WHEN.replace(minute=1))
    assert game_key(3, WHEN) == game_key(3, WHEN.astimezone())


class Kept:
    def __init__(self, values=None):
        self.values = dict(values or {})

    def learnt(self):
        return dict(self.values)

    def set_learnt(self, key, value):
        self.values[key] = value


def test_the_own_positions_answered_and_games_cleared_are_kept_and_cleaned():
    store = Kept({"own": ["3/1:1", 4, "x" * 99], "own_cleared": ["5/1", 6, "x" * 99, None]})
    progress = Progress(store)
    assert progress.own_done == ["3/1:1"] and progress.own_cleared == ["5/1"]
    progress.note_own_done("9/1:2")
    progress.note_own_done("9/1:2")
    progress.note_cleared(["8/1", "7/1", "8/1", "5/1"])
    again = Progress(store)
    assert again.own_done == ["3/1:1", "9/1:2"] and again.own_cleared == ["5/1", "8/1", "7/1"]
    for n in range(MOST_OWN + 5):
        again.note_own_done(f"{n}/1:1")
    again.note_cleared([f"{n}/1" for n in range(10, MOST_OWN + 20)])
    assert len(Progress(store).own_done) == MOST_OWN and "0/1:1" not in Progress(store).own_done
    assert len(Progress(store).own_cleared) == MOST_OWN and "5/1" not in Progress(store).own_cleared


def test_damaged_progress_values_start_again():
    progress = Progress(Kept({"own": {"a": 1}, "own_cleared": "all"}))
    assert progress.own_done == [] and progress.own_cleared == []


def _revealed(board):
    return {(r, c) for r in range(board.rows) for c in range(board.cols) if board.is_revealed(r, c)}
