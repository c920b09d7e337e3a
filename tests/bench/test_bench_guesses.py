"""bench.guesses tail: the slowest positions are chosen once and kept, so two builds time the same ones."""

import json

import pytest

from bench import guesses

pytestmark = pytest.mark.slow  # the guesses benchmark: plays and times games


def test_the_tail_s_positions_are_written_once_and_timed_again_from_the_file(tmp_path, monkeypatch, capsys):
    path = tmp_path / "slow.json"
    guesses.main(["tail", "--games", "6", "--seed", "5", "--slowest", "3", "--rounds", "2", "--positions", str(path)])
    chosen = json.loads(path.read_text())
    assert len(chosen) == 3
    for p in chosen:  # a position where a guess is due, its certain mines flagged
        assert set(p["flagged"]) < {i for i, v in enumerate(p["vis"]) if v < 0}

    def chosen_again(*_):
        raise AssertionError("the positions come from the file")

    monkeypatch.setattr(guesses, "slowest_positions", chosen_again)
    guesses.main(["tail", "--games", "6", "--seed", "5", "--slowest", "3", "--rounds", "1", "--positions", str(path)])
    assert json.loads(path.read_text()) == chosen
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and all(line.startswith("tail, Expert: the 3 slowest guess positions") for line in out)


def test_depth_counts_the_searches_of_games_played_by_the_search(capsys):
    # the search left the engine shipped (stop 38) and lives in bench: the count reaches it there
    guesses.main(["depth", "--games", "3", "--seed", "11"])
    out = capsys.readouterr().out
    assert out.startswith("depth, Expert, 3 games:") and "(3, 2)" in out


def test_work_counts_the_picks_the_work_limit_stops(capsys, monkeypatch):
    from game.model.solver.hill import HillStrategy

    guesses.main(["work", "--games", "3", "--seed", "3901"])
    out = capsys.readouterr().out
    assert out.startswith("work, Expert, 3 games:") and out.rstrip().endswith("cells still to weigh: 0")
    monkeypatch.setattr(guesses, "SHIPPED", HillStrategy(work=1))  # every pick of two cells or more stops
    guesses.main(["work", "--games", "3", "--seed", "3901"])
    stopped = int(capsys.readouterr().out.rstrip().rsplit(" ", 1)[1])
    assert stopped > 0


def test_deeper_times_the_picks_one_level_down_of_a_game_played_as_shipped(capsys):
    guesses.main(["deeper", "--games", "1", "--seed", "12"])
    out = capsys.readouterr().out
    picks = [line for line in out.splitlines() if line.startswith("  pick:")]
    assert "\ndeeper, Expert, 1 games (seed 12): 4 guesses, 3 picks by the look-ahead\n" in out
    # the game is the engine shipped's: as many picks as `work` counts for it
    guesses.main(["work", "--games", "1", "--seed", "12"])
    assert f"{len(picks)} picks by the look-ahead" in capsys.readouterr().out
    assert picks
    for line in picks:
        weighed = int(line.split(", ")[1].split()[0])
        positions, every_ms = line.split(", ")[2].split(" positions to pick in: ")
        best_ms = line.rsplit("cells' ", 1)[1].split()[0]
        assert weighed > 0 and int(positions) > 0
        # the best five are some of the cells weighed: their picks take no longer than all of them
        assert float(best_ms.replace(",", "")) <= float(every_ms.split()[0].replace(",", ""))
