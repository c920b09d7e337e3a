"""Benchmark pools start cleanly from a process with other threads (a test run, after the app's tests)."""

import threading

from bench.runs import ResultsFile, play_all
from tests.bench import runs_lock


def test_a_pool_started_while_another_thread_holds_a_lock_does_not_inherit_it(tmp_path):
    # Forking copies every lock as it is at that moment: a worker forked while another thread held one waits
    # for it forever (the scene tests leave dozens of threads behind). The workers must start fresh.
    held, done = threading.Event(), threading.Event()

    def hold():
        with runs_lock.LOCK:
            held.set()
            done.wait(30)

    holder = threading.Thread(target=hold, daemon=True)
    holder.start()
    held.wait(5)
    try:
        results = ResultsFile(tmp_path / "run.jsonl", {"config": "lock"})
        records = list(play_all(results, [11, 12], runs_lock.took_the_lock, jobs=2))
    finally:
        done.set()
        holder.join(5)
    assert sorted((r["i"], r["took"]) for r in records) == [(0, True), (1, True)]


def test_a_run_records_its_commit_with_a_plus_when_game_or_bench_has_changes(tmp_path):
    # bench/runs.py asked git from inside bench/, where "game" named bench/game: a changed game/ went unnoticed
    import importlib.util
    import shutil
    import subprocess

    from bench import runs

    (tmp_path / "bench").mkdir()
    (tmp_path / "game").mkdir()
    shutil.copy(runs.__file__, tmp_path / "bench" / "runs.py")
    (tmp_path / "game" / "rules.py").write_text("MINES = 99\n")

    def git(*args):
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)

    git("init", "-q")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "start")
    spec = importlib.util.spec_from_file_location("copied_runs", tmp_path / "bench" / "runs.py")
    copied = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(copied)
    clean = copied.commit()
    assert clean and not clean.endswith("+")
    (tmp_path / "game" / "rules.py").write_text("MINES = 98\n")
    assert copied.commit() == clean + "+"
