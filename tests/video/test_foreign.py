"""Other programs' videos through the real child process: the samples give ms-toollib's figures (and the
Arbiter samples' names carry Arbiter's own time and 3BV), damaged copies never take the test process down."""

import base64
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.video import decode_evf, encode_evf, figures_of
from game.video.figures import CUSTOM
from game.video.foreign import ForeignVideo, UnreadableVideo, read_foreign, read_many

pytest.importorskip("ms_toollib")

ROOT = Path(__file__).resolve().parent.parent.parent
SAMPLES = ROOT / "tests" / "fixtures" / "videos"
GOOD = sorted(p for p in SAMPLES.iterdir() if p.suffix in (".avf", ".rmv", ".mvf", ".evf") and "invalid" not in p.name)
FIGURES = {
    "rtime_ms": "time_ms",
    "bbbv": "bbbv",
    "left": "left",
    "right": "right",
    "double": "double",
    "lce": "lce",
    "rce": "rce",
    "dce": "dce",
    "flag": "flags",
    "bbbv_solved": "bbbv_solved",
    "is_completed": "won",
}
READ = """
import json, sys, ms_toollib
kinds = {"avf": ms_toollib.AvfVideo, "rmv": ms_toollib.RmvVideo, "mvf": ms_toollib.MvfVideo, "evf": ms_toollib.EvfVideo}
video = kinds[sys.argv[1][-3:]](sys.argv[1]); video.parse(); video.analyse(); video.current_time = 1e9
mouse = [e.event.unwrap_mouse() for e in video.events if e.event.is_mouse()]
print(json.dumps({name: getattr(video, name) for name in sys.argv[2:]} | {
    "path": video.path, "stnb": video.stnb, "zini": video.zini, "board": video.board, "player": video.player_identifier,
    "clicks": [(m.mouse, m.x, m.y) for m in mouse if m.mouse != "mv"]}))
"""


def ms_toollib_figures(path, *more):
    done = subprocess.run([sys.executable, "-c", READ, str(path), *FIGURES, *more], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_each_sample_gives_ms_toollibs_figures(path):
    foreign = read_foreign(path)
    figures = figures_of(foreign.video)
    theirs = ms_toollib_figures(path)
    for their_name, ours in FIGURES.items():
        assert getattr(figures, ours) == theirs[their_name], their_name
    assert figures.path == pytest.approx(theirs["path"])
    if figures.level == CUSTOM:  # STNB does not apply: ms-toollib writes 0 for it
        assert figures.stnb is None and theirs["stnb"] == 0.0
    else:
        assert figures.stnb == pytest.approx(theirs["stnb"])
    assert figures.zini == theirs["zini"]


@pytest.mark.parametrize("path", [p for p in GOOD if "3BV=" in p.name], ids=lambda p: p.name)
def test_arbiters_own_time_and_3bv_in_the_name(path):
    time_s, bbbv, bbbv_s = re.search(r"_([\d.]+)_3BV=(\d+)_3BVs=([\d.]+)_", path.name).groups()
    figures = figures_of(read_foreign(path).video)
    assert figures.time_ms == round(float(time_s) * 1000) and figures.bbbv == int(bbbv)
    assert int(figures.bbbv_s * 100) / 100 == float(bbbv_s)  # Arbiter shows 3BV/s cut to two places


@pytest.mark.slow
@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_round_trip_through_our_evf(path, tmp_path):
    """A foreign video, written by our encoder, read again by ms-toollib (and by us): the same board, the same
    clicks, every figure."""
    foreign = read_foreign(path)
    video = foreign.video
    ours = tmp_path / (path.stem + ".evf")
    ours.write_bytes(encode_evf(video, transcoder="Minesweeper"))
    original, again = ms_toollib_figures(path), ms_toollib_figures(ours)
    for name in (*FIGURES, "zini", "board", "player"):
        assert again[name] == original[name], name
    assert again["path"] == pytest.approx(original["path"])
    assert again["stnb"] == pytest.approx(original["stnb"])
    # Every press and release comes back where it was; a press the file left to guess ("cc", the second
    # button of a chord) comes back as the button it was.
    assert again["clicks"] == resolved(original["clicks"])
    mine, _ = decode_evf(ours.read_bytes())
    assert mine.board_rows() == video.board_rows()
    assert figures_of(mine) == figures_of(video)


def resolved(clicks):
    left_down = False
    out = []
    for name, x, y in clicks:
        if name == "cc":
            name = "rc" if left_down else "lc"
        left_down = {"lc": True, "lr": False}.get(name, left_down)
        out.append([name, x, y])
    return out


def test_a_file_that_aborts_the_parser_gets_a_sentence():
    with pytest.raises(UnreadableVideo, match="test_rmv1_utf8_invalid.rmv: damaged"):
        read_foreign(SAMPLES / "test_rmv1_utf8_invalid.rmv")


def test_a_huge_file_is_refused_before_parsing(tmp_path):
    big = tmp_path / "big.avf"
    with open(big, "wb") as out:
        out.truncate(64 * 1024 * 1024)
    with pytest.raises(UnreadableVideo, match="big.avf: .* bytes"):
        read_foreign(big)


def test_a_batch_with_a_crashing_file_blames_only_that_file():
    paths = [GOOD[0], SAMPLES / "test_rmv1_utf8_invalid.rmv", GOOD[1]]
    first, bad, last = read_many(paths, batch=3)
    assert isinstance(first, ForeignVideo) and isinstance(last, ForeignVideo)
    assert isinstance(bad, UnreadableVideo) and str(bad).startswith("test_rmv1_utf8_invalid.rmv: ")


def test_the_stats_command_prints_each_file_and_fails_on_the_unreadable(tmp_path):
    for name in ("test_rmv2_24px.rmv", "test_rmv1_utf8_invalid.rmv", "beg_chinese_name.avf"):
        (tmp_path / name).write_bytes((SAMPLES / name).read_bytes())
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "stats", "--json", str(tmp_path)], capture_output=True, text=True
    )
    assert done.returncode == 1
    lines = {Path(line["file"]).name: line for line in map(json.loads, done.stdout.splitlines())}
    assert set(lines) == {"test_rmv2_24px.rmv", "test_rmv1_utf8_invalid.rmv", "beg_chinese_name.avf"}
    assert "aborted" in lines["test_rmv1_utf8_invalid.rmv"]["error"]
    beginner = lines["beg_chinese_name.avf"]
    wanted = {"format", "rows", "cols", "mines", "won", "time_s", "bbbv", "bbbv_s", "zini", "ioe", "clicks"}
    assert wanted <= set(beginner)
    assert (beginner["format"], beginner["rows"], beginner["cols"], beginner["mines"]) == ("AVF", 8, 8, 10)
    assert beginner["won"] and beginner["time_s"] == 9.2 and beginner["player"] == "王嘉宁"


def test_a_reader_that_hangs_is_stopped_and_named(monkeypatch):
    import game.video.foreign as foreign

    hang = [sys.executable, "-c", "import sys, time; sys.stdin.buffer.read(); time.sleep(60)"]
    monkeypatch.setattr(foreign, "child_command", lambda: hang)
    with pytest.raises(UnreadableVideo, match=r"test_rmv2_24px.rmv: the reader took more than 1 s and was stopped"):
        read_foreign(SAMPLES / "test_rmv2_24px.rmv", timeout=1)


def packed(kinds, times, xs, ys):
    from array import array

    columns = [array("B", kinds), array("i", times), array("i", xs), array("i", ys)]
    return {name: base64.b64encode(column.tobytes()).decode() for name, column in zip("ktxy", columns)}


HONEST = {
    "rows": 2,
    "cols": 2,
    "mines": 1,
    "cell_size": 16,
    "board": "*...",
    "player": "",
    "country": "",
    "software": "",
    "program": "",
    "started_us": 0,
    "columns": packed([2, 3], [100, 500], [20, 20], [1, 1]),
    "claimed": {"time_ms": 0, "bbbv": 3},
}
LIES = [
    ({"columns": packed([2, 3], [500, 100], [1, 1], [1, 1])}, "event times go back"),
    ({"columns": packed([2, 9], [100, 500], [1, 1], [1, 1])}, "a mouse event of kind 9"),
    ({"columns": packed([2, 3], [100, 500], [1, 40], [1, 1])}, "a cursor far off the board"),
    ({"columns": packed([2, 3], [100, 500], [1, -1], [1, 1])}, "a cursor far off the board"),
    ({"columns": {**packed([2, 3], [100, 500], [1, 1], [1, 1]), "x": "AAAA"}}, "columns differ in length"),
    ({"columns": {**packed([2], [1], [1], [1]), "t": "not base64!"}}, "events are not readable"),
    ({"board": "*.."}, "the board's shape does not match its size"),
    ({"board": "*.x."}, "the board's shape does not match its size"),
    ({"mines": 2}, "the header says 2 mines, the board holds 1"),
    ({"rows": 300}, "a board of 300x2 cells"),
    ({"cell_size": 1}, "a cell of 1 pixel"),
    ({"player": ["a"]}, "a name that is not text"),
    ({"claimed": {}}, "'time_ms'"),
]


@pytest.mark.parametrize("lie, said", LIES, ids=[said for _, said in LIES])
def test_a_reader_that_lies_is_refused(monkeypatch, lie, said):
    import game.video.foreign as foreign

    answer = HONEST | lie
    liar = [sys.executable, "-c", f"import sys, json; sys.stdin.buffer.read(); print(json.dumps({answer!r}))"]
    monkeypatch.setattr(foreign, "child_command", lambda: liar)
    with pytest.raises(UnreadableVideo, match=r"^test_rmv2_24px\.rmv: .*" + re.escape(said)):
        read_foreign(SAMPLES / "test_rmv2_24px.rmv")


def test_an_honest_answer_is_taken(monkeypatch):
    import game.video.foreign as foreign

    honest = [sys.executable, "-c", f"import sys, json; sys.stdin.buffer.read(); print(json.dumps({HONEST!r}))"]
    monkeypatch.setattr(foreign, "child_command", lambda: honest)
    video = read_foreign(SAMPLES / "test_rmv2_24px.rmv").video
    assert video.board_rows() == ["*.", ".."]
    assert [(e.time_ms, e.x, e.y) for e in video] == [(100, 20, 1), (500, 20, 1)]


def test_a_crash_in_a_batch_blames_the_file_in_flight_and_a_new_child_reads_the_rest(monkeypatch):
    import game.video.foreign as foreign

    started = []
    real = foreign.subprocess.Popen

    def counted(*args, **kwargs):
        started.append(args[0][-1])  # how many files the child was given
        return real(*args, **kwargs)

    monkeypatch.setattr(foreign.subprocess, "Popen", counted)
    smalls = [p for p in GOOD if p.stat().st_size < 10_000][:4]
    paths = [*smalls[:3], SAMPLES / "test_rmv1_utf8_invalid.rmv", *smalls, smalls[0]]
    results = read_many(paths, batch=len(paths))
    assert [type(r).__name__ for r in results] == ["ForeignVideo"] * 3 + ["UnreadableVideo"] + ["ForeignVideo"] * 5
    assert "(the parser aborted)" in str(results[3])
    assert started == [str(len(paths)), str(len(paths) - 4)], "one child to the crash, one for the rest"


def test_an_answer_that_is_not_json_or_too_long_is_that_files_alone(monkeypatch):
    import game.video.foreign as foreign

    lines = ["not json", json.dumps(HONEST), "x" * 5000, json.dumps(HONEST)]
    script = f"import sys; sys.stdin.buffer.read(); print({chr(10).join(lines)!r})"
    monkeypatch.setattr(foreign, "child_command", lambda: [sys.executable, "-c", script])
    monkeypatch.setattr(foreign, "MAX_REPLY_BYTES", 4096)
    first, second, third, fourth = read_many([SAMPLES / "test_rmv2_24px.rmv"] * 4, batch=4)
    assert str(first) == "test_rmv2_24px.rmv: the reader's answer is not JSON"
    assert isinstance(second, ForeignVideo)
    assert str(third) == "test_rmv2_24px.rmv: the reader's answer is too large"
    assert str(fourth) == str(first), "asked of a new child (which answers as the first did)"
