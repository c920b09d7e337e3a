"""The words about a 3BV range: the range read from a form, its setting cleaned, and how long a range takes, from
the measured figures (python -m bench.bbbv)."""

import math

import pytest

from game.settings import BY_KEY, clean_bv_ranges
from game.view import bv_wait


def test_a_range_is_read_from_its_two_boxes():
    assert bv_wait.parse_range("150", "") == (None, (150, None))
    assert bv_wait.parse_range(" ", " 110 ") == (None, (None, 110))
    assert bv_wait.parse_range("", "") == (None, (None, None))
    for low, high in (("x", ""), ("0", ""), ("", "10001"), ("1.5", ""), ("²", "")):
        wrong, pair = bv_wait.parse_range(low, high)
        assert pair is None and "whole number" in wrong
    assert bv_wait.parse_range("200", "150") == ("The least 3BV is more than the most.", None)


def test_the_setting_keeps_only_ranges_the_game_can_deal():
    assert clean_bv_ranges({"expert": [150, None], "beginner": [None, None]}) == {"expert": (150, None)}
    for bad in ({"expert": [200, 100]}, {"expert": [0, None]}, {"huge": [1, 2]}, {"expert": [1.5, None]}, []):
        with pytest.raises(ValueError):
            clean_bv_ranges(bad)
    assert BY_KEY["bbbv_range"].cleaned({"expert": ["150", None]}) == {}, "a damaged value: no range"


def test_the_odds_follow_the_measured_shares_and_times():
    """bench.bbbv on this machine: Expert >= 170 is half the boards, >= 190 one in six, <= 110 one in 4,300
    (median 0.64 s, p95 2.6 s of CPU)."""
    assert bv_wait.odds("expert", 170, None).share == pytest.approx(0.5, abs=0.03)
    assert bv_wait.odds("expert", 190, None).share == pytest.approx(0.16, abs=0.03)
    rare = bv_wait.odds("expert", None, 110)
    assert 0.0002 < rare.share < 0.0005 and 0.3 < rare.median_s < 1.3 and 1.5 < rare.p95_s < 5
    assert bv_wait.odds("expert", None, 100).median_s == math.inf, "past one board in 10,000: not measured"
    assert bv_wait.odds("custom", 10, None) is None


def test_the_advice_says_at_once_a_wait_or_too_far():
    assert "Dealt at once" in bv_wait.advice("expert", 150, None)
    assert "Up to 3 s" in bv_wait.advice("expert", None, 110)
    assert "Too far from the usual 3BV (140 to 202" in bv_wait.advice("expert", 260, None)
    assert "not measured" in bv_wait.advice("custom", 10, None)
    assert bv_wait.advice("expert", None, None) == ""


def test_a_deal_that_came_to_nothing_says_why():
    title, detail = bv_wait.cannot_deal("expert", 16, 30, 99, 400, None, 0, impossible=True)
    assert title == "Cannot make such a board" and "381 safe cells" in detail and "400 or more" in detail
    _title, detail = bv_wait.cannot_deal("expert", 16, 30, 99, 260, None, 14_000, impossible=False)
    assert "14000 boards drawn" in detail and "too far from the level's usual 3BV (140 to 202" in detail
