"""One way to write the chance of a mine, wherever the game shows one (the status line, the label beside the
pointer, a guessing hint, a puzzle's words): never 0% or 100% for a cell that is not certain."""

from game.view.formats import format_chance


def test_a_chance_reads_one_way():
    assert [format_chance(p) for p in (0.0, 0.004, 0.01, 0.125, 0.5, 0.99, 0.996, 1.0)] == [
        "0%",
        "under 1%",
        "1%",
        "12%",
        "50%",
        "99%",
        "over 99%",
        "100%",
    ]


def test_a_guessing_hint_never_calls_a_small_chance_zero():
    """A 0.4% guess was announced as "a 0% chance of a mine", which reads as certainly safe."""
    from game.model.solver.hints import Hint, HintRule
    from game.view.assistant import Assistant

    class Done:
        done, error = True, None
        reason = "Nothing is certain; this is the safest cell"
        result = Hint((0, 0), safe=False, is_mine=False, probability=0.004, reason=reason, rule=HintRule.GUESS)

    assist = Assistant()
    assist.hint_job = Done()
    assert assist.poll_hint(0.1)
    assert assist.message.endswith("(under 1% chance of a mine).")


def test_a_guessing_hint_says_its_chance_once_and_ends_with_a_full_stop():
    from game.model.solver.hints import hint_for_visible
    from game.view.assistant import Assistant

    visible = [-1] * 4
    visible[3] = 1  # a 1 in the corner of 2 x 2: three cells at 33%
    hint = hint_for_visible(2, 2, 1, visible)

    class Done:
        done, error, result = True, None, hint

    assist = Assistant()
    assist.hint_job = Done()
    assert assist.poll_hint(0.1)
    assert assist.message.count("33%") == 1 and "one of the safest" in assist.message, assist.message
    assert assist.message.endswith(".")
