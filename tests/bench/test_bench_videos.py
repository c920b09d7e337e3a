"""bench.videos runs the stats command on a folder it makes and prints its figures."""

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ms_toollib")
pytestmark = pytest.mark.slow  # the videos benchmark, in a process
ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_videos_bench_prints_files_a_second():
    done = subprocess.run(
        [sys.executable, "-m", "bench.videos", "--files", "12", "--repeats", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "stats --json on 12 small videos" in done.stdout and "files/s" in done.stdout
