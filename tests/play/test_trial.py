"""A time trial's run, without a window: the clock sums every board's time, won or lost; a loss deals the next
board of its level; splits against the best run; a run kept and read back checked."""

import pytest

from game.play.trial import SETS, Trial, TrialBoard


def run_of(key, *boards, best=()):
    trial = Trial(key, "run-1", (), tuple(best))
    for level, won, time_ms in boards:
        trial = trial.after(TrialBoard(level, won, time_ms, "{}"))
    return trial


def test_the_sets_are_the_communitys():
    assert {key: (s.wins_needed, s.boards) for key, s in SETS.items()} == {
        "beginner-10": (10, (("beginner", 10),)),
        "intermediate-5": (5, (("intermediate", 5),)),
        "expert-3": (3, (("expert", 3),)),
        "championship": (23, (("beginner", 15), ("intermediate", 6), ("expert", 2))),
    }


def test_the_clock_sums_every_board_won_or_lost_and_a_loss_deals_the_same_level_again():
    trial = run_of("expert-3", ("expert", True, 60_000), ("expert", False, 12_345), ("expert", True, 55_000))
    assert (trial.won, trial.lost, trial.elapsed_ms) == (2, 1, 127_345)
    assert trial.level == "expert" and not trial.finished
    trial = trial.after(TrialBoard("expert", True, 50_000))
    assert trial.finished and trial.level is None and trial.elapsed_ms == 177_345
    assert trial.win_times() == [60_000, 127_345, 177_345]
    with pytest.raises(ValueError):
        trial.after(TrialBoard("expert", True, 1))


def test_the_championship_deals_its_levels_in_turn_and_a_loss_never_moves_it_on():
    trial = run_of("championship", *[("beginner", True, 2_000)] * 14)
    assert trial.level == "beginner"
    trial = trial.after(TrialBoard("beginner", False, 500))
    assert trial.level == "beginner", "a lost board is dealt again at its level"
    trial = trial.after(TrialBoard("beginner", True, 2_000))
    assert trial.level == "intermediate"
    with pytest.raises(ValueError):
        trial.after(TrialBoard("expert", True, 1))  # not the level dealt now
    for _ in range(6):
        trial = trial.after(TrialBoard("intermediate", True, 10_000))
    assert trial.level == "expert"


def test_splits_against_the_best_run_live_and_at_each_win():
    best = run_of("expert-3", ("expert", True, 60_000), ("expert", True, 60_000), ("expert", True, 60_000))
    trial = Trial("expert-3", "run-2", (), tuple(best.win_times()))
    assert trial.split(0) == -60_000 and trial.split(61_230) == 1_230, "live: the board under way counts"
    trial = trial.after(TrialBoard("expert", False, 5_000))
    assert trial.split(50_000) == -5_000, "the lost board's time is behind you"
    trial = trial.after(TrialBoard("expert", True, 50_000))
    assert trial.splits() == [-5_000]
    assert Trial("expert-3", "run-3").split(10) is None and Trial("expert-3", "run-3").splits() == []


def test_a_finished_run_beats_the_best_only_when_faster():
    trial = run_of("expert-3", *[("expert", True, 50_000)] * 3)
    assert trial.beats(None) and trial.beats(150_001) and not trial.beats(150_000)
    assert not run_of("expert-3", ("expert", True, 1)).beats(None), "an unfinished run beats nothing"


def test_a_run_kept_reads_back_the_same_and_damage_is_refused():
    trial = run_of("beginner-10", ("beginner", True, 3_000), ("beginner", False, 800), best=[2_000, 4_000])
    assert Trial.from_dict(trial.to_dict()) == trial
    for damaged in (
        None,
        {**trial.to_dict(), "set": "beginner-11"},
        {**trial.to_dict(), "best": ["1"]},
        {**trial.to_dict(), "boards": [["beginner", "yes", 3_000, ""]]},
        {**trial.to_dict(), "boards": [["expert", True, 3_000, ""]]},
        {**trial.to_dict(), "boards": [["beginner", True, -1, ""]]},
        {**trial.to_dict(), "id": ""},
    ):
        with pytest.raises(ValueError):
            Trial.from_dict(damaged)
