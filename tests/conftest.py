"""Shared test set-up: headless SDL before pygame is imported, a records folder per test, helpers."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    """Every test gets its own records folder, so no test reads or writes the player's real records."""
    home = tmp_path / "home"
    monkeypatch.setenv("MINESWEEPER_HOME", str(home))
    return home
