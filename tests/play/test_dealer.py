"""The Dealer deals every game in one place: new boards with the player's rules, no-guess boards (made off the
frame, waited on by the scene, laid by the Dealer's answer), the same board again and a board from its code."""

import pytest

from game.model import Move
from game.model.rules.boardcode import BoardCode
from game.model.solver import noguess
from game.play.dealer import Dealer
from game.settings import Settings
from game.store import Store


@pytest.fixture
def store(tmp_path):
    opened = Store.open(home=tmp_path)
    yield opened
    opened.close()


def dealer(store, **settings):
    values = {**store.settings(), **settings}
    return Dealer(store, Settings(values, save=lambda values: None), seed=11)


def test_a_new_game_wants_a_no_guess_board_when_the_player_asked_for_them(store):
    assert dealer(store, no_guess=True).new(9, 9, 10).wants_no_guess
    assert not dealer(store, no_guess=False).new(9, 9, 10).wants_no_guess


def test_a_no_guess_board_is_made_for_the_first_click_and_laid_when_the_session_takes_it(store):
    session = dealer(store, no_guess=True).new(9, 9, 10)
    board = session.board
    assert session.apply(Move("reveal", 4, 4)) == [] and session.dealing is not None, "the click waits for it"
    deal = session.dealing
    assert deal.wait(30) and not board.mines_placed, "nothing is laid until the session takes the deal"
    assert session.dealt(0.0) is deal and session.dealing is None
    assert deal.outcome()[1] is None and board.mines_placed and session.no_guess
    expected = noguess.generate_no_guess(9, 9, 10, (4, 4), seed=board.seed, first_click=board.first_click)
    assert sorted(board.mine_cells()) == sorted(map(tuple, expected))
    session.apply(deal.move)
    assert board.is_revealed(4, 4) and board.state in ("playing", "won")


def test_a_cancelled_deal_leaves_a_normal_board_and_says_so(store, monkeypatch):
    def never(*args, cancel=None, **kwargs):
        cancel.wait(30)
        raise noguess.NoGuessCancelled("cancelled")

    monkeypatch.setattr(noguess, "generate_no_guess", never)
    session = dealer(store, no_guess=True).new(9, 9, 10)
    session.apply(Move("reveal", 4, 4), by_player=True)
    deal = session.dealing
    assert not deal.done
    deal.cancel()
    assert deal.wait(30)
    assert session.dealt(0.0) is deal and deal.outcome()[1] == "A normal board, as asked: it may need a guess"
    assert not session.wants_no_guess and not session.board.mines_placed and not session.no_guess


def test_the_same_board_and_a_code_keep_their_own_mines(store):
    d = dealer(store, no_guess=True)
    session = d.new(9, 9, 10)
    session.apply(Move("reveal", 4, 4))  # the first reveal waits for its no-guess board, then is played
    assert session.dealing.wait(30)
    session.apply(session.dealt(0.0).move)
    again, opening = d.same_board(session)
    assert opening == (4, 4) and not again.wants_no_guess
    plain, _ = d.from_code(BoardCode(9, 9, 10, seed=5, first_cell=(4, 4)))
    assert not plain.wants_no_guess, "a normal code deals a normal board, whatever the setting"
    made, _ = d.from_code(BoardCode(9, 9, 10, seed=5, first_cell=(4, 4), no_guess=True))
    assert made.wants_no_guess == (not made.board.mines_placed)


def test_the_lines_of_a_no_guess_deal_speak_the_player_s_language():
    """#46: the status while a no-guess board is made, and why a normal board came instead, are translated."""
    from game import language
    from game.model import NoGuessCancelled
    from game.play.no_guess_deal import NoGuessDeal

    class Failed:
        done, error, result = True, NoGuessCancelled(), None

    deal = NoGuessDeal.__new__(NoGuessDeal)
    deal.job, deal.waited = Failed(), 0.0
    assert deal.status() == "Making a no-guess board.  (Esc: a normal board)"
    assert deal.outcome() == (None, "A normal board, as asked: it may need a guess")
    try:
        language.use("qps")
        assert deal.status() == language.pseudo("Making a no-guess board{dots}  (Esc: a normal board)").format(dots=".")
        assert deal.outcome()[1] == language.pseudo("A normal board, as asked: it may need a guess")
    finally:
        language.use("en")
