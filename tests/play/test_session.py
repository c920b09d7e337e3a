"""A game session: its lifecycle (every way into and out of each state, and what is kept), its clock, and
the checks a save must pass. No pygame: a keeper that writes down what it is given stands in for the records."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.model import Board, GameState, Move
from game.play.session import GameSession
from game.store.kept import Origin, SavedGame

LAYOUT = ["*....", ".....", ".....", ".*...", "....."]  # 2 mines; (4, 4) opens most of it, (3, 0) is a 1


class Keeper:
    """Writes down what a session keeps: saves, and records (each of which also drops the save)."""

    def __init__(self):
        self.saves, self.records = [], []

    def save(self, saved):
        self.saves.append(saved)

    def finish(self, record):
        self.records.append(record)
        self.saves.append(None)  # the save goes in the same transaction
        return f"recorded {len(self.records)}"

    @property
    def saved(self):
        return self.saves[-1] if self.saves else None


def session(layout=LAYOUT, **kw):
    keeper = Keeper()
    return GameSession(Board.from_layout(layout, seed=7), keeper=keeper, **kw), keeper


def reveal(s, row, col):
    return played(s, Move("reveal", row, col))


def played(s, move):
    """A move played through the session; under a mode that moves the mines, once it is ruled on (off the frame:
    the session hands the click back once its ruling has come)."""
    changed = s.apply(move)
    wait = s.ruling_wait
    if wait is not None:
        assert not changed and wait.wait(10)
        ruled = s.ruled(0.0)
        assert ruled is wait and s.ruling_wait is None
        changed = s.apply(ruled.move, by_player=ruled.by_player, t_ms=ruled.t_ms)
    return changed


def flag(s, row, col):
    return s.apply(Move("flag", row, col))


def win(s):
    for r, line in enumerate(LAYOUT):
        for c, ch in enumerate(line):
            if ch == "." and not s.board.is_revealed(r, c):
                reveal(s, r, c)
    assert s.state == GameState.WON


# --- the lifecycle, edge by edge ------------------------------------------------------------------------------


def test_not_started_a_flag_is_kept_in_memory_only_and_leaving_records_nothing():
    s, keeper = session()
    flag(s, 0, 0)
    assert s.state == GameState.READY and s.to_save() is None
    s.suspend()
    assert not s.abandon(), "a game not started is not abandoned"
    assert keeper.saves == [] and keeper.records == []


def test_the_first_reveal_starts_the_game_and_every_move_is_saved():
    s, keeper = session()
    reveal(s, 4, 4)
    assert s.state == GameState.PLAYING and keeper.saved is not None
    flag(s, 0, 0)
    assert len(keeper.saves) == 2 and keeper.saved.board["cells"][0][0] == "F"
    assert keeper.records == []


def test_a_win_is_recorded_once_and_the_save_dropped_with_it():
    s, keeper = session()
    win(s)
    [record] = keeper.records
    assert record.won and not record.abandoned and keeper.saved is None
    assert s.recorded and s.result == "recorded 1"
    assert not s.abandon() and s.to_save() is None
    s.suspend()
    reveal(s, 0, 0)
    assert len(keeper.records) == 1 and keeper.saved is None, "over is over: nothing more is kept"


def test_a_loss_is_recorded_once():
    s, keeper = session()
    reveal(s, 4, 4)
    reveal(s, 0, 0)
    assert s.state == GameState.LOST
    [record] = keeper.records
    assert not record.won and not record.abandoned and keeper.saved is None
    assert s.apply(Move("reveal", 1, 1)) == [] and len(keeper.records) == 1


def test_abandoning_a_game_under_way_records_an_abandoned_loss_once():
    s, keeper = session()
    reveal(s, 4, 4)
    assert s.abandon()
    assert s.state == GameState.ABANDONED and s.state.over
    [record] = keeper.records
    assert record.abandoned and not record.won and keeper.saved is None
    assert not s.abandon() and len(keeper.records) == 1
    s.suspend()
    assert keeper.saved is None, "an abandoned game never comes back"


def test_stepping_away_keeps_the_game_resumable_and_records_nothing():
    s, keeper = session()
    reveal(s, 4, 4)
    s.tick(2.0)
    s.suspend()
    assert keeper.records == [] and keeper.saved.elapsed_ms == 2000


def test_the_clock_runs_only_under_way_and_not_paused():
    s, _ = session()
    s.tick(5)
    assert s.elapsed == 0, "no clock before the first reveal"
    reveal(s, 4, 4)
    s.tick(1.5)
    s.pause()
    s.tick(10)
    assert s.elapsed == 1.5 and s.paused
    assert s.apply(Move("reveal", 0, 1)) == [], "a paused game takes no moves"
    s.unpause()
    s.tick(0.5)
    assert s.elapsed == 2.0
    reveal(s, 3, 0)
    assert s.board.moves[-1].t_ms == 2000, "each move carries the clock's time"
    win(s)
    s.tick(10)
    assert s.elapsed == 2.0


# --- resuming -------------------------------------------------------------------------------------------------


def saved_after(moves, elapsed_ms=3000, **extra):
    s, keeper = session()
    for move in moves:
        s.apply(move)
        s.tick(elapsed_ms / 1000 / len(moves))
    s.suspend()
    saved = keeper.saved
    return SavedGame(saved.board, saved.elapsed_ms, saved.category, {**saved.extra, **extra})


def test_a_resumed_game_is_the_same_game_and_its_clock_waits_for_the_first_move():
    saved = saved_after([Move("reveal", 4, 4), Move("flag", 0, 0)])
    s = GameSession.from_save(saved)
    assert s.board.to_dict() == saved.board and s.state == GameState.PLAYING
    assert s.waiting and not s.clock_running
    s.tick(60)
    assert s.elapsed == 3.0, "the clock waits for the player"
    flag(s, 0, 0)
    s.tick(1)
    assert s.elapsed == 4.0, "any move starts it"


@pytest.mark.parametrize(
    "change, reason",
    [
        (lambda saved: saved._replace(category="expert"), "category"),
        (lambda saved: saved._replace(elapsed_ms=0), "clock is behind"),
        (lambda saved: saved._replace(extra={"hinted": "yes"}), "hinted mark"),
        (lambda saved: saved._replace(extra={"origin": "stolen"}), "where its board came from"),
        (lambda saved: saved._replace(board={**saved.board, "rows": 1000}), "size"),
        (lambda saved: saved._replace(board={**saved.board, "rows": 4, "cells": saved.board["cells"][:4]}), "size"),
        (lambda saved: saved._replace(board={**saved.board, "moves": saved.board["moves"][:1]}), "click counts"),
        (
            lambda saved: saved._replace(
                board={**saved.board, "moves": [saved.board["moves"][0], ["flag", 0, 1, 1500]]}
            ),
            "moves do not lead",
        ),
        (lambda saved: saved._replace(board={**saved.board, "state": "won"}), "valid game"),
    ],
)
def test_a_save_that_is_not_this_game_is_refused_with_a_reason(change, reason):
    saved = saved_after([Move("reveal", 4, 4), Move("flag", 0, 0)], elapsed_ms=3000)
    saved = saved._replace(extra=saved.extra)
    with pytest.raises(ValueError, match=reason):
        GameSession.from_save(change(saved))


def test_a_save_whose_log_was_edited_to_another_board_is_refused():
    saved = saved_after([Move("reveal", 4, 4)])
    cells = list(saved.board["cells"])
    cells[0] = "O" + cells[0][1:]  # a mine shown open on a board still under way
    with pytest.raises(ValueError):
        GameSession.from_save(saved._replace(board={**saved.board, "cells": cells}))


def test_an_older_save_with_times_beside_the_board_resumes_with_them():
    saved = saved_after([Move("reveal", 4, 4), Move("flag", 0, 0)])
    board = {**saved.board, "moves": [m[:3] for m in saved.board["moves"]]}
    s = GameSession.from_save(SavedGame(board, 3000, saved.category, {"same_board": True, "times": [0, 1500]}))
    assert [m.t_ms for m in s.board.moves] == [0, 1500] and s.origin == Origin.SAME_BOARD


# --- the same board again -------------------------------------------------------------------------------------


def test_the_same_board_opens_as_it_did_and_waits_for_the_player():
    s, _ = session()
    reveal(s, 4, 4)
    reveal(s, 0, 0)
    again, opening = s.same_board()
    assert opening == (4, 4) and again.origin == Origin.SAME_BOARD
    again.apply(Move("reveal", *opening), by_player=False)
    assert again.board.mine_cells() == s.board.mine_cells() and again.state == GameState.PLAYING
    again.tick(5)
    assert again.elapsed == 0, "the clock starts at the player's next click"
    reveal(again, 3, 0)
    again.tick(1)
    assert again.elapsed == 1


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    first=st.tuples(st.integers(0, 8), st.integers(0, 8)),
    rule=st.sampled_from(["opening", "safe"]),
)
def test_the_first_click_of_the_same_board_is_never_a_mine(seed, first, rule):
    s = GameSession(Board(9, 9, 10, seed=seed, first_click=rule))
    s.apply(Move("reveal", *first))
    s.abandon() or s.state.over or s.apply(Move("reveal", *next(iter(s.board.mine_cells()))))
    again, opening = s.same_board()
    changed = again.apply(Move("reveal", *opening), by_player=False)
    assert opening == first and changed and again.state != GameState.LOST
    assert again.board.mine_cells() == s.board.mine_cells()


# --- the analysis of a finished game --------------------------------------------------------------------------


def test_the_session_judges_its_game_once_its_end_is_shown():
    from game.play.aftermath import VerdictState

    s, _ = session()
    reveal(s, 4, 4)
    s.end_shown()
    assert s.verdict_state == VerdictState.NOT_ASKED and s.verdict is None, "a game under way is not judged"
    reveal(s, 0, 0)  # the mine
    s.end_shown()
    job = s.verdict_job
    s.end_shown()
    assert s.verdict_job is job, "asked twice, made once"
    assert job.wait(30) and s.verdict_state == VerdictState.READY
    assert s.verdict.loss is not None


def test_a_failed_verdict_says_so_and_a_left_game_stops_its_own(monkeypatch):
    from game.model.replay import verdict as verdict_module
    from game.play.aftermath import VerdictState

    def broken(replay, budget=0, cancelled=None):
        raise RuntimeError("no")

    monkeypatch.setattr(verdict_module, "judge_game", broken)
    s, _ = session()
    reveal(s, 4, 4)
    reveal(s, 0, 0)
    s.end_shown()
    assert s.verdict_job.wait(30) and s.verdict_state == VerdictState.FAILED and s.verdict is None
    s.stop_working()  # a finished job: nothing to stop, nothing raised


# --- the no-guess family ---------------------------------------------------------------------------------------


def test_a_game_under_a_rule_that_moves_mines_keeps_it_through_a_save_a_record_and_the_same_board():
    from game.model import GuessRule

    s, keeper = session(rule=GuessRule.STRICT)
    reveal(s, 4, 4)
    assert s.category == "custom:5x5x2@strict" and s.guess_rule is GuessRule.STRICT
    s.suspend()
    assert keeper.saved.extra["rule"] == "strict" and keeper.saved.category == "custom:5x5x2@strict"
    resumed = GameSession.from_save(keeper.saved, keeper=keeper)
    assert resumed.rule is GuessRule.STRICT
    again, _first = resumed.same_board()
    assert again.rule is GuessRule.STRICT
    win(resumed)
    record = keeper.records[-1]
    assert record.guess_rule == "strict" and record.category == "custom:5x5x2@strict" and not record.no_guess
    assert resumed.current_video().mode == 7


def test_a_needless_guess_in_the_strict_rule_loses_and_the_video_ends_with_the_mine_under_it():
    from game.model import GuessRule

    s = GameSession(Board.from_layout(["...*.", "..*.*", ".....", ".....", "....."], seed=7), rule=GuessRule.STRICT)
    reveal(s, 4, 4)  # (1, 3) is certainly safe now; (0, 4) is safe as dealt, but nothing proves it
    assert not s.board.is_mine(0, 4)
    reveal(s, 0, 4)
    assert s.state == GameState.LOST and s.board.exploded == (0, 4) and s.ruling == "punished"
    assert (0, 4) in s.current_video().mines and len(s.current_video().mines) == 3


def test_an_older_settings_file_keeps_its_no_guess_boards():
    from game.settings import Settings

    assert Settings({"no_guess": True})["no_guess"] == "no_guess"
    assert Settings({"no_guess": False})["no_guess"] == "off"
    assert Settings({"no_guess": "strict"})["no_guess"] == "strict"
    assert Settings({"no_guess": "nonsense"})["no_guess"] == "off"


# --- a board in the player's 3BV range -------------------------------------------------------------------------


def dealt_now(s):
    assert s.dealing is not None and s.dealing.wait(60)
    return s.dealt(0.1)


def test_a_board_in_the_3bv_range_waits_for_its_deal_and_its_game_is_kept_as_filtered():
    from game.model import ThreeBvRange

    keeper = Keeper()
    s = GameSession(Board(9, 9, 10, seed=3), keeper=keeper, bv_range=ThreeBvRange(None, 8))  # one board in twenty
    assert reveal(s, 4, 4) == [] and s.dealing is not None, "the first click waits for its board"
    deal = dealt_now(s)
    assert deal is not None and s.filtered and s.board.mines_placed and s.board.three_bv <= 8
    s.apply(deal.move)
    assert s.board.is_revealed(4, 4) and s.state == GameState.PLAYING
    saved = keeper.saved
    assert saved.extra["filtered"] is True
    assert GameSession.from_save(saved).filtered, "a resumed game is still one on a chosen board"
    mines = set(s.board.mine_cells())
    for r in range(9):
        for c in range(9):
            if (r, c) not in mines and not s.board.is_revealed(r, c):
                reveal(s, r, c)
    assert s.state == GameState.WON and keeper.records[-1].filtered
    assert s.current_video().filtered and s.same_board()[0].filtered


def test_a_range_no_board_meets_leaves_the_board_unlaid_and_the_next_click_tries_again():
    from game.model import ThreeBvRange

    s = GameSession(Board(9, 9, 10, seed=3), bv_range=ThreeBvRange(75, None))
    reveal(s, 4, 4)
    assert dealt_now(s) is None and s.failed_deal is not None and s.failed_deal.failure().impossible
    assert not s.board.mines_placed and not s.filtered and s.state == GameState.READY and s.to_save() is None
    reveal(s, 4, 4)
    assert s.dealing is not None and s.failed_deal is None, "another click, another deal"
    s.dealing.cancel()
    assert dealt_now(s) is None and s.failed_deal is None, "stopped (Esc): nothing to tell"


def test_a_click_under_a_mode_that_moves_the_mines_plays_nothing_until_it_is_ruled_on():
    from game.model import GuessRule

    s = GameSession(Board.from_layout(["...*.", "..*.*", ".....", ".....", "....."], seed=7), rule=GuessRule.STRICT)
    reveal(s, 4, 4)
    moves = len(s.board.moves)
    assert s.apply(Move("reveal", 0, 4)) == [] and s.ruling_wait is not None  # ruled on off the frame
    assert s.apply(Move("reveal", 1, 3)) == []  # nothing else plays meanwhile (the scene holds the input)
    assert len(s.board.moves) == moves and not s.board.is_revealed(0, 4)
    assert s.ruling_wait.wait(10)
    wait = s.ruled(0.0)
    assert wait is not None and wait.move == Move("reveal", 0, 4) and s.board.is_mine(0, 4)  # the mine moved there
    s.apply(wait.move)
    assert s.state == GameState.LOST and s.ruling == "punished"


def test_a_game_left_while_a_click_waits_plays_it_as_dealt():
    from game.model import GuessRule

    s = GameSession(Board.from_layout(["...*.", "..*.*", ".....", ".....", "....."], seed=7), rule=GuessRule.STRICT)
    reveal(s, 4, 4)
    s.apply(Move("reveal", 0, 4))
    s.stop_ruling()
    assert s.ruling_wait is None and s.ruling == "undecided"
    assert s.board.is_revealed(0, 4) and s.state == GameState.PLAYING
