"""What `stats` and a video that cannot be read say speaks the player's language (#46): whole templates with
the speed-runners' notation kept, counts by the language's plural forms."""

import pytest

from game import language
from game.files.reading import open_to_watch
from game.video import stats_command
from game.video.figure_text import solved_text
from game.video.stats_command import as_text
from tests.pseudo import english_left

LINE = (
    {"file": "f.evf", "format": "EVF", "program": "Metasweeper", "player": "Ann", "rows": 8, "cols": 8, "mines": 10}
    | {"won": False, "time_s": 5.6, "bbbv": 30, "bbbv_solved": 12, "bbbv_s": 2.1, "zini": 20, "ios": None}
    | {"rqp": None, "stnb": None, "ioe": 0.5, "throughput": 0.7, "correctness": 0.9, "clicks": 24, "left": 20}
    | {"lce": 18, "right": 4, "rce": 4, "double": 0, "dce": 0, "flags": 4, "path": 1234.0, "nf": False}
)


@pytest.fixture
def pseudo():
    language.use("qps")
    yield
    language.use("en")


def test_stats_lines_are_whole_templates_in_english():
    assert as_text(LINE).splitlines() == [
        "f.evf",
        "  EVF by Metasweeper, player Ann; Beginner 8 x 8, not won",
        "  time 5.600 s  3BV 12/30  3BV/s 2.100  ZiNi 20  IOS -  RQP -  STNB -",
        "  IOE 0.500  throughput 0.700  correctness 0.900  clicks 24 (left 20/18, right 4/4, double 0/0)  flags 4  "
        "path 1234 px  NF no",
    ]


def test_stats_lines_leave_no_english_in_the_pseudo_language(pseudo):
    lines = as_text(LINE).splitlines()[1:]  # the first is the file's name
    for line in lines:
        # the board's name is the model's (category_label) and the player's and program's names are theirs
        line = line.replace("Beginner", "").replace("Metasweeper", "").replace("Ann", "")
        assert not english_left(line), line
    assert "5.600 s" in lines[1] and "  3BV 12/30  3BV/s 2.100  ZiNi 20  " in lines[1], "the notation is kept"
    assert not english_left(as_text({"file": "f", "error": "x"}).replace(" x", ""))


PASSED_OVER = [(1, "1 file not named as a video passed over (--all reads it too)")]
PASSED_OVER += [(n, f"{n} files not named as videos passed over (--all reads them too)") for n in (2, 5)]


@pytest.mark.parametrize(("count", "said"), PASSED_OVER)
def test_files_passed_over_are_counted_by_the_plural_forms(tmp_path, capsys, count, said):
    for n in range(count):
        (tmp_path / f"notes{n}.txt").write_text("not a video")
    assert stats_command.main([str(tmp_path)]) == stats_command.NONE_FOUND
    assert said in capsys.readouterr().err


def test_stats_help_is_translated(capsys, monkeypatch, pseudo):
    monkeypatch.setenv(language.ENVIRONMENT, "qps")
    with pytest.raises(SystemExit):
        stats_command.main(["--help"])
    out = capsys.readouterr().out
    assert language.pseudo("one JSON object per file per line") in out
    assert language.pseudo("every video was read") in out and "--json" in out, "option names kept"


def test_a_video_that_cannot_be_read_says_why_in_the_player_s_language(tmp_path, pseudo):
    from game.video.foreign import MAX_FILE_BYTES

    with open(tmp_path / "game.avf", "wb") as file:
        file.truncate(MAX_FILE_BYTES + 1)  # sparse: larger than a video of one game, and never read
    with pytest.raises(ValueError) as raised:
        open_to_watch(tmp_path / "game.avf")
    said = language.pseudo("{count} bytes, more than a video of one game holds").format(count=MAX_FILE_BYTES + 1)
    assert str(raised.value) == said, "the reason alone: the app names the file"
    assert not english_left(str(raised.value))


def test_a_lost_game_s_3bv_is_one_template():
    class Lost:
        won, bbbv, bbbv_solved = False, 30, 12

    assert solved_text(Lost()) == "12 of 30"
    language.use("qps")
    try:
        assert solved_text(Lost()) == language.pseudo("{solved} of {bbbv}").format(solved=12, bbbv=30)
    finally:
        language.use("en")
