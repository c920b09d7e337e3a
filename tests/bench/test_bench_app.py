"""The app benchmark's start-up figure: in turns with another checkout, and never in the player's records."""

import pytest

from bench import app

pytestmark = pytest.mark.slow  # the app benchmark: real processes, in turns with another checkout


def test_startup_against_another_checkout_prints_both_and_leaves_the_players_records_alone(
    tmp_path, monkeypatch, capsys
):
    players_home = tmp_path / "player"
    players_home.mkdir()
    monkeypatch.setenv("MINESWEEPER_HOME", str(players_home))
    app.startup(1, against=app.ROOT)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("start-up to first frame: game ")
    assert lines[1].startswith("start-up to first frame: this checkout ") and "ratio" in lines[1]
    assert list(players_home.iterdir()) == []
