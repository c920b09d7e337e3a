"""The Learn benchmark runs and prints its figures (a smoke run: the figures themselves are not asserted)."""

import pytest

from bench import learn

pytestmark = pytest.mark.slow  # the learn benchmark, run whole


def test_the_learn_benchmark_prints_every_section(capsys):
    learn.main(["--positions", "20", "--per-rule", "1"])
    out = capsys.readouterr().out
    assert "positions from" in out and "by rule:" in out
    assert all(f"next position ({rule})" in out for rule in ("single", "pair", "combined", "count"))
    assert "check a click on a lesson board" in out
