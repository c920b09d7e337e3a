"""Each figure reads the same on every screen and in `stats` (game/video/figure_text.py), and a figure that does
not apply reads "-" everywhere alike (None in the figures and in `stats --json`)."""

from game.files.reading import Watchable
from game.model import Replay
from game.video import Mouse, Video, figures_of
from game.video.figure_text import figure_text, rates
from game.video.stats_command import as_text
from game.view import race_figures, video_about
from game.view.formats import video_lines


def video_of(rows):
    video = Video.from_text(rows)
    video.append(Mouse.LEFT_PRESS, 100, 8, 8)
    video.append(Mouse.LEFT_RELEASE, 180, 8, 8)
    return video


def watchable(video, figures):
    replay = Replay(video.rows, video.cols, video.mine_count, 0, "opening", False, None, [], 0)
    return Watchable("a video", replay, video, figures)


class Ghost:  # what race_figures reads of a race
    def __init__(self, figures):
        self.your_figures = self.ghost_figures = figures


def every_place(video, figures):
    """Each figure's text on the game-over panel, Replay's line under the board, a race's columns and `stats`."""
    panel = dict(video_lines(figures))
    line = video_about.lines(watchable(video, figures))[1]
    race = {name: yours for name, yours, *_ in race_figures.lines(Ghost(figures), figures.time_ms)[1:]}
    stats = as_text(
        {"file": "f", "format": "EVF", "program": "", "player": "", "rows": video.rows, "cols": video.cols}
        | {"mines": video.mine_count, "time_s": figures.time_s, "bbbv_solved": figures.bbbv_solved}
        | {"bbbv_s": figures.bbbv_s, "zini": 0, "ios": figures.ios, "rqp": figures.rqp, "stnb": figures.stnb}
        | {"ioe": figures.ioe, "throughput": figures.throughput, "correctness": figures.correctness}
        | {"clicks": 1, "left": 1, "lce": 1, "right": 0, "rce": 0, "double": 0, "dce": 0, "flags": 0, "path": 0}
        | {"nf": True, "won": figures.won, "bbbv": figures.bbbv}
    )
    return panel, line, race, stats


def test_a_custom_board_has_no_stnb_anywhere_and_says_so_alike():
    """Before: Replay's line said "STNB 0.0" where the panel beside it said "-", and `stats` "STNB 0.000"."""
    video = video_of(["*..", "...", "..."])  # a custom board, lost by its first click, at 0 ms
    figures = figures_of(video)
    assert figures.stnb is None and figures.bbbv_s is None and figures.rqp is None and figures.ios is None
    panel, line, race, stats = every_place(video, figures)
    for name in ("STNB", "3BV/s", "RQP", "IOS"):
        assert panel[name] == race.get(name, "-") == "-", name
    assert "STNB -" in line and "RQP -" in line and "3BV/s -" in line and "STNB 0" not in line
    assert "STNB -" in stats and "IOS -" in stats and "RQP -" in stats and "3BV/s -" in stats


def test_a_standard_board_s_figures_read_the_same_everywhere():
    video = Video.from_text(["*.******", "***.....", *["........"] * 6])  # Arbiter's beginner, 8 x 8 with 10
    for at, (x, y) in ((0, (120, 120)), (2500, (24, 8))):  # the opening, then the number among mines
        video.append(Mouse.LEFT_PRESS, at, x, y)
        video.append(Mouse.LEFT_RELEASE, at + 80, x, y)
    figures = figures_of(video)
    assert figures.won and figures.stnb is not None and figures.stnb > 0
    panel, line, race, stats = every_place(video, figures)
    shown = rates(figures)
    for name in ("STNB", "3BV/s", "RQP", "IOE", "Correctness"):
        assert panel[name] == shown[name] == race.get(name, shown[name]), name
    assert f"STNB {shown['STNB']}" in line and f"STNB {shown['STNB']}" in stats
    assert f"RQP {shown['RQP']}" in line and f"RQP {shown['RQP']}" in stats
    assert line.startswith("Beginner 8 x 8 · won"), "Arbiter's beginner is Beginner"


def test_one_format_a_figure():
    assert figure_text("STNB", 45.26) == "45.3" and figure_text("3BV/s", 2.0) == "2.000"
    assert figure_text("Time", 62_050) == "1:02.050" and figure_text("Path", 1234.4) == "1234 px"
    assert figure_text("IOS", None) == figure_text("STNB", None) == "-"
