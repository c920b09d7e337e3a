"""`python main.py stats --json` on a folder mixing good videos, damaged ones and files that are no videos at all:
every good one with ms-toollib's figures, every bad one with its reason, the exit status 1; the files not named
as videos passed over unless asked (--all) or named; the exit statuses as --help tells them."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.video.test_foreign import GOOD, ROOT, SAMPLES, ms_toollib_figures

pytest.importorskip("ms_toollib")


def test_a_mixed_folder_prints_every_good_file_right_and_every_bad_one_with_its_reason(tmp_path):
    folder = tmp_path / "mixed"
    (folder / "deeper").mkdir(parents=True)
    good = {}
    for n, path in enumerate(GOOD):
        where = folder / ("deeper" if n % 3 == 0 else "") / path.name
        shutil.copyfile(path, where)
        good[where] = path
    beginner = (SAMPLES / "beg_chinese_name.avf").read_bytes()
    bad = {
        "cut_short.avf": (beginner[:1500], "the parser aborted"),
        "zeros.rmv": (b"\0" * 4000, "the parser aborted"),
        "huge.evf": (b"\0" * (5 * 1024 * 1024), "more than a video of one game holds"),
        "empty.mvf": (b"", "the parser aborted"),
    }
    not_named = {"photo.png": b"\x89PNG\r\n\x1a\n" + b"\0" * 100, "notes.txt": b"a note", "README.md": b"# Videos"}
    for name, data in not_named.items():
        (folder / name).write_bytes(data)
    for name, (data, _) in bad.items():
        (folder / name).write_bytes(data)
    (folder / ".hidden.avf").write_bytes(b"left out")
    shutil.copyfile(SAMPLES / "test_rmv1_utf8_invalid.rmv", folder / "deeper" / "invalid_name.rmv")
    bad["invalid_name.rmv"] = (None, "the parser aborted")
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "stats", "--json", str(folder)], capture_output=True, text=True
    )
    assert done.returncode == 1, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    by_file = {Path(line["file"]): line for line in lines}
    assert len(lines) == len(by_file) == len(good) + len(bad), "one line a video, the hidden one left out"
    assert "3 files not named as videos passed over" in done.stderr
    for where, sample in good.items():
        line, theirs = by_file[where], ms_toollib_figures(sample, "row", "column", "mine_num")
        assert "error" not in line, line
        assert (line["rows"], line["cols"], line["mines"]) == (theirs["row"], theirs["column"], theirs["mine_num"])
        assert round(line["time_s"] * 1000) == theirs["rtime_ms"] and line["bbbv"] == theirs["bbbv"]
        assert line["won"] == theirs["is_completed"] and line["zini"] == theirs["zini"]
        assert line["clicks"] == theirs["left"] + theirs["right"] + theirs["double"]
        assert line["player"] == theirs["player"]
    for name, (_, reason) in bad.items():
        line = next(line for file, line in by_file.items() if file.name == name)
        assert set(line) == {"file", "error"} and line["error"].startswith(f"{name}: ") and reason in line["error"]


def stats(*args):
    command = [sys.executable, str(ROOT / "main.py"), "stats", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True)


def test_a_folder_of_videos_with_a_readme_and_a_licence_beside_them_reads_without_failing(tmp_path):
    """Before: README.md and LICENSE each counted as a video that could not be read, and the exit status was 1."""
    for path in GOOD[:3]:
        shutil.copyfile(path, tmp_path / path.name)
    (tmp_path / "README.md").write_text("# Some videos")
    (tmp_path / "LICENSE").write_text("CC0")
    (tmp_path / "LOUD.AVF").write_bytes((SAMPLES / "beg_chinese_name.avf").read_bytes())  # a name's case aside
    done = stats("--json", tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert sorted(Path(line["file"]).name for line in lines) == sorted([p.name for p in GOOD[:3]] + ["LOUD.AVF"])
    assert all("error" not in line for line in lines)
    everything = stats("--json", "--all", tmp_path)  # asked to try every file: the two are no videos
    tried = [json.loads(line) for line in everything.stdout.splitlines()]
    assert everything.returncode == 1 and len(tried) == 6
    assert {Path(line["file"]).name for line in tried if "error" in line} == {"README.md", "LICENSE"}
    named = stats(tmp_path / "README.md")  # a file named is always tried
    assert named.returncode == 1 and "README.md: not a video this program reads" in named.stdout
    (tmp_path / "empty").mkdir()
    assert stats(tmp_path / "empty").returncode == 3, "no video found"
    assert stats("--bogus", tmp_path).returncode == 2
    helped = stats("--help")
    assert helped.returncode == 0 and "--all" in helped.stdout and "exit status" in helped.stdout


def test_figures_that_do_not_apply_are_null_in_json_and_a_dash_in_text(tmp_path):
    """Before: a custom board's STNB was 0.0 in --json and "STNB 0.000" in the text, where the game shows "-";
    Arbiter's 8 x 8 beginner read as a custom board."""
    custom = next(p for p in GOOD if p.name.startswith("Cus_8x11"))
    beginner = SAMPLES / "beg_chinese_name.avf"
    done = stats("--json", custom, beginner)
    assert done.returncode == 0, done.stderr
    mine, arbiters = (json.loads(line) for line in done.stdout.splitlines())
    assert mine["stnb"] is None and mine["level"] is None
    assert arbiters["level"] == "beginner" and arbiters["stnb"] > 0
    text = stats(custom, beginner).stdout
    assert "STNB -" in text and "STNB 0.0" not in text and "Custom 8 x 11, 7 mines, won" in text
    assert "Beginner 8 x 8, won" in text and f"STNB {arbiters['stnb']:.1f}" in text
