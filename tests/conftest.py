"""Shared test set-up: headless SDL before pygame is imported, a records folder per test, helpers."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Tests read English on screen whatever the machine's locale; tests of other languages set their own.
os.environ["MINESWEEPER_LANGUAGE"] = "en"

import pytest
from hypothesis import settings

from tests.real_game import display  # noqa: F401  (an Xvfb server, for the tests of the real window)

# Hypothesis: fresh random examples on a developer's machine ("dev"); in CI ("ci", HYPOTHESIS_PROFILE=ci, set by
# .ci/run) the same examples every run, so a CI failure is repeatable rather than a one-off draw, and no
# example database (a fresh machine has none to learn from). Neither has a deadline: on a busy machine it is a
# timed assertion, and speed is for the benchmarks.
settings.register_profile("dev", deadline=None)
settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True)
def _english_again():
    """A test that switched the language (an app started in another) leaves English for the next test, and one
    that changed the interface's size (an app on a large screen) leaves it at 100%: both are the process's."""
    yield
    from game import language
    from game.view import scale

    language.use("en")
    scale.set_factor(1.0)


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    """Every test gets its own records folder, so no test reads or writes the player's real records."""
    home = tmp_path / "home"
    monkeypatch.setenv("MINESWEEPER_HOME", str(home))
    return home


@pytest.fixture
def longest_json_read(monkeypatch):
    """The most characters the C JSON reader was handed in one call (json.loads, or stepwise's raw_decode)
    while the test ran, in a list of one: a thread in that call holds the interpreter, and the frames wait."""
    import json

    from game.model.replay import stepwise

    longest = [0]
    real_raw_decode, real_loads = stepwise._DECODER.raw_decode, json.loads

    def raw_decode(s, at=0):
        value, end = real_raw_decode(s, at)
        longest[0] = max(longest[0], end - at)
        return value, end

    def loads(s, *args, **kwargs):
        longest[0] = max(longest[0], len(s))
        return real_loads(s, *args, **kwargs)

    monkeypatch.setattr(stepwise._DECODER, "raw_decode", raw_decode)
    monkeypatch.setattr(json, "loads", loads)
    return longest
