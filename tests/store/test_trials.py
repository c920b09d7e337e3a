"""Time trials in the records: the run under way kept and forgotten, a set's best run kept only when beaten,
with every board's move log, and a damaged run read as none."""

import sqlite3

from game.play.trial import Trial, TrialBoard
from tests.store.waited import open_waited


def finished(run_id, times):
    trial = Trial("expert-3", run_id)
    for n, ms in enumerate(times):
        trial = trial.after(TrialBoard("expert", True, ms, f'{{"board": {n}}}'))
    return trial


def finish(store, trial):
    return store.finish_trial(trial.to_dict(), trial.elapsed_ms, trial.win_times()).result()


def test_the_run_under_way_is_kept_and_forgotten(private_home):
    with open_waited() as store:
        assert store.trial_under_way() is None
        trial = Trial("beginner-10", "run-1").after(TrialBoard("beginner", False, 700, "{}"))
        store.save_trial(trial.to_dict()).result()
        assert Trial.from_dict(store.trial_under_way()) == trial
        store.clear_trial().result()
        assert store.trial_under_way() is None


def test_a_sets_best_run_is_kept_only_when_beaten_and_finishing_forgets_the_run_under_way(private_home):
    with open_waited() as store:
        first = finished("a", [50_000, 50_000, 50_000])
        store.save_trial(first.to_dict()).result()
        assert finish(store, first) is True
        assert store.trial_under_way() is None
        assert finish(store, finished("b", [60_000, 50_000, 50_000])) is False, "slower"
        assert finish(store, finished("c", [50_000, 50_000, 50_000])) is False, "a tie keeps the older"
        assert finish(store, finished("d", [40_000, 50_000, 50_000])) is True
        best = store.best_runs()["expert-3"]
        assert (best.total_ms, best.splits) == (140_000, (40_000, 90_000, 140_000))
        kept = Trial.from_dict(store.best_run("expert-3"))
        assert kept.run_id == "d" and [b.replay for b in kept.boards] == [f'{{"board": {n}}}' for n in range(3)]
        assert store.best_run("beginner-10") is None and set(store.best_runs()) == {"expert-3"}


def test_damaged_runs_read_as_none(private_home):
    with open_waited() as store:
        assert finish(store, finished("a", [1, 2, 3])) is True
        store.save_trial(finished("b", [1]).to_dict()).result()
        path = store.path
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("UPDATE trials SET splits = '[1, \"two\"', run = '{'")
    db.execute("UPDATE trial_run SET run = 'not json'")
    db.close()
    with open_waited() as store:
        assert store.best_runs() == {} and store.best_run("expert-3") is None and store.trial_under_way() is None
