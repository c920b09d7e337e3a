"""`minesweeper review`: a line per video, one JSON object each with --json (every opening click with its time,
cell, chance and kind; the guesses, the avoidable ones, the luck), a file that cannot be read gets its line
with the error and the others go on; and main.py dispatches it."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.video import encode_evf, review_command
from tests.video.games import thinking_video

pytest.importorskip("ms_toollib")

ROOT = Path(__file__).resolve().parent.parent.parent
SAMPLE = ROOT / "tests" / "fixtures" / "videos" / "test_rmv2_24px.rmv"


def review(capsys, *args):
    status = review_command.main([*map(str, args)])
    return status, capsys.readouterr().out.splitlines()


def test_every_file_gets_its_object_and_a_damaged_one_its_error(tmp_path, capsys):
    (tmp_path / "a.rmv").write_bytes(SAMPLE.read_bytes())
    (tmp_path / "b.avf").write_bytes(b"not a video")
    (tmp_path / "c.evf").write_bytes(encode_evf(thinking_video(3)))
    status, lines = review(capsys, "--json", tmp_path)
    assert status == review_command.UNREADABLE
    a, b, c = map(json.loads, lines)
    assert Path(b["file"]).name == "b.avf" and b["error"] and set(b) == {"file", "error"}
    for line in (a, c):
        assert isinstance(line["won"], bool)
        assert isinstance(line["guesses"], int) and isinstance(line["avoidable"], int)
        # the luck is a float, or null when a click opened a certain mine (infinite: not a number JSON has)
        certain_mine = any(click["p_safe"] == 0 for click in line["clicks"] if click["kind"] != "first")
        assert isinstance(line["luck"], float) or (line["luck"] is None and certain_mine)
        kinds = [click["kind"] for click in line["clicks"]]
        assert kinds[0] == "first" and set(kinds) <= {"first", "certain", "forced", "avoidable"}
        for click in line["clicks"]:
            assert isinstance(click["t_ms"], int) and len(click["cell"]) == 2
            assert 0 <= click["p_safe"] <= 1 and isinstance(click["certain"], bool)
            assert isinstance(click["safe_existed"], bool)
        assert line["guesses"] == sum(kind in ("forced", "avoidable") for kind in kinds)
    # the sample: an avoidable 50% guess, the rest certain, as ms-toollib's pluck says (log10 2)
    assert a["won"] and a["avoidable"] == 1 and a["guesses"] == 1 and abs(a["luck"] - 0.30103) < 1e-5


def test_a_sentence_per_file_for_people(tmp_path, capsys):
    status, lines = review(capsys, SAMPLE, tmp_path / "missing.avf")
    assert status == review_command.UNREADABLE
    assert lines[0].startswith(str(SAMPLE)) and "1 avoidable guess" in lines[0] and "luck 0.30" in lines[0]
    assert "missing.avf" in lines[1] and "cannot be reviewed" in lines[1]


def test_main_dispatches_review(tmp_path):
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "review", "--json", str(SAMPLE)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["avoidable"] == 1
