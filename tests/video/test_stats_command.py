"""`minesweeper stats` over what a disk can hold: every entry gets a line (pipes, devices, links that lead
nowhere or round, folders that cannot be read, names that are not UTF-8), a reader that goes away ends it
quietly, and a damaged video leaves nothing behind in the working folder."""

import errno
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from game.video import stats_command
from game.video.foreign import UnreadableVideo, read_foreign

pytest.importorskip("ms_toollib")

ROOT = Path(__file__).resolve().parent.parent.parent
SAMPLES = ROOT / "tests" / "fixtures" / "videos"
GOOD = SAMPLES / "beg_chinese_name.avf"
BAD = "\udcff"  # the byte 0xff, as Python hands over a name that is not UTF-8


def unreadable(monkeypatch, *paths):
    """These paths cannot be looked into, as for a player without the right to (the tests may run as root,
    whom no mode stops): listing them, or looking at anything in them, is refused."""
    refused = [os.fspath(path) for path in paths]
    for path in paths:
        path.chmod(0)

    def guard(real, listing=False):
        def call(path, *args, **kwargs):
            if isinstance(path, int):  # an open file
                return real(path, *args, **kwargs)
            text = os.fsdecode(path)
            if any(text == p or text.startswith(p + os.sep) for p in refused) and (listing or text not in refused):
                raise PermissionError(errno.EACCES, "Permission denied", text)
            return real(path, *args, **kwargs)

        return call

    monkeypatch.setattr(os, "scandir", guard(os.scandir, listing=True))
    monkeypatch.setattr(os, "stat", guard(os.stat))
    monkeypatch.setattr(os, "lstat", guard(os.lstat))


def stats(capsys, *args):
    status = stats_command.main(["--json", *map(str, args)])
    return status, [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_every_entry_of_a_folder_gets_a_line_and_none_is_opened_that_is_not_a_file(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "videos"
    folder.mkdir()
    (folder / "good.avf").write_bytes(GOOD.read_bytes())
    (folder / "notes.avf").write_bytes(b"not a video")
    os.mkfifo(folder / "pipe.avf")  # opened for reading, it would wait for a writer forever
    (folder / "zero.avf").symlink_to("/dev/zero")  # read, it never ends
    (folder / "loop.avf").symlink_to(folder / "loop.avf")
    (folder / "gone.avf").symlink_to(folder / "nowhere.avf")
    (folder / "elsewhere").symlink_to(tmp_path)
    (folder / "locked").mkdir()
    (folder / "locked" / "hidden.avf").write_bytes(GOOD.read_bytes())
    (folder / "deeper").mkdir()
    (folder / "deeper" / "more.avf").write_bytes(GOOD.read_bytes())
    (folder / ".hidden.avf").write_bytes(b"")
    unreadable(monkeypatch, folder / "locked")
    status, lines = stats(capsys, folder)
    said = {Path(line["file"]).name: line.get("error", "read") for line in lines}
    assert said == {
        "good.avf": "read",
        "notes.avf": said["notes.avf"],
        "pipe.avf": "pipe.avf: a named pipe, not a file",
        "zero.avf": "zero.avf: a device, not a file",
        "loop.avf": "loop.avf: cannot be looked at (Too many levels of symbolic links)",
        "gone.avf": "gone.avf: cannot be looked at (No such file or directory)",
        "elsewhere": "elsewhere: a link to a folder, not followed",
        "locked": "locked: a folder that cannot be read (Permission denied)",
        "more.avf": "read",
    }
    assert said["notes.avf"].startswith("notes.avf: ") and status == 1
    in_order = [Path(line["file"]).relative_to(folder).parts[0] for line in lines]
    assert in_order == sorted(in_order), "in the order of their names, a folder's entries in its place"


def test_a_named_path_that_cannot_be_looked_at_gets_its_line_and_the_others_theirs(tmp_path, monkeypatch, capsys):
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked" / "game.avf").write_bytes(GOOD.read_bytes())
    (tmp_path / "open.avf").write_bytes(GOOD.read_bytes())
    unreadable(monkeypatch, tmp_path / "locked")
    status, lines = stats(capsys, tmp_path / "locked" / "game.avf", tmp_path / "open.avf")
    assert [line.get("error", "read") for line in lines] == [
        "game.avf: cannot be looked at (Permission denied)",
        "read",
    ]
    assert status == 1


def run_stats(*args, cwd, **env):
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "stats", *map(str, args)],
        capture_output=True,
        cwd=cwd,
        env=dict(os.environ, **env),
        timeout=120,
    )


def test_names_that_are_not_utf8_are_printed_escaped_in_a_strict_utf8_stream(tmp_path):
    (tmp_path / f"bad{BAD}.avf").write_bytes(GOOD.read_bytes())
    (tmp_path / f"damaged{BAD}.avf").write_bytes(b"")
    (tmp_path / "z.avf").write_bytes(GOOD.read_bytes())
    for form in ([], ["--json"]):
        done = run_stats(*form, tmp_path, cwd=tmp_path, PYTHONIOENCODING="utf-8:strict", LC_ALL="C.UTF-8")
        out = done.stdout.decode()
        assert done.returncode == 1 and not done.stderr, done.stderr
        assert "bad\\xff.avf" in out.replace("\\\\", "\\") and "damaged\\xff.avf" in out.replace("\\\\", "\\")
        assert "z.avf" in out


def test_a_reader_that_goes_away_ends_it_quietly(tmp_path):
    for n in range(3000):  # more lines than a pipe holds, none needing a reader child
        os.mkfifo(tmp_path / f"pipe{n:04d}.avf")
    command = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "stats", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert command.stdout.readline().startswith(b"cannot be read: pipe0000.avf")
    command.stdout.close()  # as `| head -1` does
    assert command.wait(timeout=60) == 128 + 13
    assert command.stderr.read() == b"", "no traceback"


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
