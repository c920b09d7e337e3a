"""`minesweeper stats` over what a disk can hold: every entry gets a line (pipes, devices, links that lead
nowhere or round, folders that cannot be read, names that are not UTF-8), a reader that goes away ends it
quietly, and a damaged video leaves nothing behind in the working folder."""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from game.video.foreign import UnreadableVideo, read_foreign

pytest.importorskip("ms_toollib")

ROOT = Path(__file__).resolve().parent.parent.parent
SAMPLES = ROOT / "tests" / "fixtures" / "videos"
GOOD = SAMPLES / "beg_chinese_name.avf"
BAD = "\udcff"  # the byte 0xff, as Python hands over a name that is not UTF-8


def run_stats(*args, cwd, **env):
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "stats", *map(str, args)],
        capture_output=True,
        cwd=cwd,
        env=dict(os.environ, **env),
        timeout=120,
    )


def test_a_damaged_video_leaves_nothing_in_the_working_folder(tmp_path, monkeypatch):
    work, temp = tmp_path / "work", tmp_path / "temp"
    work.mkdir()
    temp.mkdir()
    (work / "damaged.avf").write_bytes(b"")  # ms-toollib panics on it, and writes crash.log where it runs
    monkeypatch.chdir(work)
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    with pytest.raises(UnreadableVideo, match="the parser aborted"):
        read_foreign(work / "damaged.avf")
    assert sorted(os.listdir(work)) == ["damaged.avf"] and os.listdir(temp) == [], "no crash.log, no folder left"
    done = run_stats(work / "damaged.avf", cwd=work, TMPDIR=str(temp))
    assert done.returncode == 1 and b"aborted" in done.stdout
    assert sorted(os.listdir(work)) == ["damaged.avf"] and os.listdir(temp) == []
