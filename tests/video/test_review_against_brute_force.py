"""The review's judgement of every opening click (its chance of being safe, certain, whether a safe cell existed)
equals an independent brute force on every position small enough to enumerate, and ms-toollib's mine chances
(cal_probability_onboard, a chord's cells chained as ms-toollib's own pluck chains them) within 1e-6 on the rest;
and the luck of a won game is ms-toollib's pluck. Over the sample videos and random games of ours (a player who
thinks, mostly: `thinking_video`); the CI run takes a sample, the slow run MINESWEEPER_REVIEW_GAMES of them
(200 unless told; MINESWEEPER_REVIEW_GAMES=1000 for the whole run).

The brute force shares nothing with the solver: it tries every way the mines can lie on the cells next to a
number, one cell at a time, and counts the ways to fill the other covered cells with the rest of the mines."""

import json
import math
import os
import subprocess
import sys
import tempfile
from collections import Counter
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from game.model import review_game
from game.video import encode_evf
from game.video.foreign import UnreadableVideo, read_foreign
from game.video.moves import replay_of
from tests.video.games import thinking_video

ms_toollib = pytest.importorskip("ms_toollib")

ROOT = Path(__file__).resolve().parent.parent.parent
# The speed-runners' videos beside the checkout when they are there, else the copies among the fixtures.
SHARED = ROOT.parent / "shared" / "replays"
FOLDER = SHARED if SHARED.is_dir() else ROOT / "tests" / "fixtures" / "videos"
SAMPLES = sorted(path for path in FOLDER.iterdir() if path.suffix.lower() in (".avf", ".rmv", ".mvf", ".evf"))
LARGE = 16 * 30  # a sample of more cells than Expert is judged in the slow run (minutes: ms-toollib, cell by cell)
GAMES = int(os.environ.get("MINESWEEPER_REVIEW_GAMES", "200"))  # the whole run: 1,000 (see the note)
CI_GAMES = 15
MOST_FRONTIER = 36  # cells next to a number: beyond, the position goes to ms-toollib without trying
MOST_NODES = 40_000
# Where ms-toollib and the review disagree, the brute force settles it with this much room.
SETTLE_FRONTIER, SETTLE_NODES = (
    200,
    20_000_000,
)  # a position whose enumeration takes more goes to ms-toollib (Expert ones do)
TOLERANCE = 1e-6


def around(rows, cols, i):
    r, c = divmod(i, cols)
    return [
        rr * cols + cc
        for rr in range(max(0, r - 1), min(rows, r + 2))
        for cc in range(max(0, c - 1), min(cols, c + 2))
        if (rr, cc) != (r, c)
    ]


def brute_force(  # noqa: C901 - one plain search, read at once against the solver
    rows, cols, mines, view, targets, most_frontier=MOST_FRONTIER, most_nodes=MOST_NODES
):
    """(chance that every target is safe, some covered cell certainly safe), exact, counted over every layout
    that fits the numbers and the mine count; None when there are too many to try."""
    covered = [i for i, v in enumerate(view) if v < 0]
    numbers = [i for i, v in enumerate(view) if v >= 0]
    rules = [([j for j in around(rows, cols, i) if view[j] < 0], view[i]) for i in numbers]
    frontier = []
    for cells, _ in rules:
        frontier.extend(j for j in cells if j not in frontier)
    if len(frontier) > most_frontier:
        return None
    place = {j: k for k, j in enumerate(frontier)}
    inside = [i for i in covered if i not in place]
    inner_targets = sum(1 for t in targets if t not in place)
    rules_of = {j: [] for j in frontier}
    for k, (cells, _) in enumerate(rules):
        for j in cells:
            rules_of[j].append(k)
    need = [n for _, n in rules]
    open_ = [len(cells) for cells, _ in rules]
    value = [0] * len(frontier)
    total = 0
    target_safe = 0
    mine_weight = [0] * len(frontier)
    inside_mine = 0
    nodes = 0

    def visit(at, placed):
        nonlocal total, target_safe, inside_mine, nodes
        nodes += 1
        if nodes > most_nodes:
            raise OverflowError
        if at == len(frontier):
            rest = mines - placed
            if not 0 <= rest <= len(inside):
                return
            ways = comb(len(inside), rest)
            total += ways
            for k in range(len(frontier)):
                if value[k]:
                    mine_weight[k] += ways
            if inside and rest:
                inside_mine += comb(len(inside) - 1, rest - 1)
            if all(not value[place[t]] for t in targets if t in place):
                target_safe += comb(len(inside) - inner_targets, rest)
            return
        j = frontier[at]
        for v in (0, 1):
            if all(0 <= need[k] - v <= open_[k] - 1 for k in rules_of[j]):
                for k in rules_of[j]:
                    need[k] -= v
                    open_[k] -= 1
                value[at] = v
                visit(at + 1, placed + v)
                for k in rules_of[j]:
                    need[k] += v
                    open_[k] += 1
        value[at] = 0

    try:
        visit(0, 0)
    except OverflowError:
        return None
    assert total, "no layout fits a position of a real game"
    safe_existed = any(w == 0 for w in mine_weight) or (bool(inside) and inside_mine == 0)
    return Fraction(target_safe, total), safe_existed


def toollib_board(rows, cols, view):
    """The position in ms-toollib's encoding: a number as itself, a covered cell (flagged or not) 10."""
    return [[view[r * cols + c] if view[r * cols + c] >= 0 else 10 for c in range(cols)] for r in range(rows)]


def toollib_judgement(rows, cols, mines, view, targets):
    """(chance that every target is safe, some covered cell certainly safe) by ms-toollib: a chord's cells
    chained as its pluck chains them (each cell's chance with the ones before it marked safe, 12)."""
    board = toollib_board(rows, cols, view)
    chances, _ = ms_toollib.cal_probability_onboard(board, mines)
    safe_existed = any(chances[r][c] < 1e-12 for r in range(rows) for c in range(cols) if board[r][c] == 10)
    p_safe, step = 1.0, chances
    for t in targets:
        r, c = divmod(t, cols)
        p_safe *= 1 - step[r][c]
        board[r][c] = 12
        if p_safe <= 0:
            break
        step, _ = ms_toollib.cal_probability_onboard(board, mines)
    return p_safe, safe_existed


def positions(replay, review):
    """(the position before each judged click as a flat view, the click) in order."""
    by_index = {click.index: click for click in review.clicks}
    board = replay.fresh_board()
    for index, move in enumerate(replay.moves):
        click = by_index.get(index)
        if click is not None and click.kind != "first":
            view = [code if code <= 8 else -1 for code in board.seen_codes()]
            yield view, click
        board.apply(move, made=index < replay.made)


def check_game(replay, tally):
    """Every judged click of one game against the brute force, or ms-toollib where that cannot enumerate."""
    review = review_game(replay)
    rows, cols, mines = replay.rows, replay.cols, replay.mines
    for view, click in positions(replay, review):
        targets = [r * cols + c for r, c in click.opens]
        exact = brute_force(rows, cols, mines, view, targets)
        if exact is not None:
            p_safe, safe_existed = exact
            assert (click.chance, click.safe_existed) == (p_safe, safe_existed), (click, p_safe, safe_existed)
            assert click.certain == (p_safe == 1)
            tally["brute force"] += 1
        else:
            p_safe, safe_existed = toollib_judgement(rows, cols, mines, view, targets)
            assert click.safe_existed == safe_existed, (click, safe_existed)
            if abs(click.p_safe - p_safe) <= TOLERANCE:
                assert click.certain == (p_safe > 1 - 1e-12)
                tally["ms-toollib"] += 1
            else:
                # Only a chord of several uncertain cells: ms-toollib chains them by marking those before safe (12),
                # and its chances do not move for the mark (1.5.20), so its chance is their product. The brute
                # force, given room, says which is right.
                settled = brute_force(rows, cols, mines, view, targets, SETTLE_FRONTIER, SETTLE_NODES)
                assert settled is not None, ("too large to settle", click, p_safe)
                assert click.chance == settled[0] and click.safe_existed == settled[1], (click, p_safe, settled)
                tally["ms-toollib's chord chance wrong, the brute force's the review's"] += 1
        tally["chords of several cells"] += click.chord and len(click.opens) > 1
        tally[click.kind] += 1
    return review


PLUCK = """
import json, sys, ms_toollib
out = []
for raw in json.load(sys.stdin):
    video = ms_toollib.EvfVideo(raw_data=raw)
    video.parse()
    video.analyse()
    video.analyse_for_features(["pluck"])
    video.current_time = 1e9
    out.append([video.is_completed, video.pluck])
print(json.dumps(out))
"""


def plucks(videos):
    """ms-toollib's (won, pluck) of each video, from our EVF of it, read in a child (it may abort a process)."""
    with tempfile.TemporaryDirectory() as here:
        done = subprocess.run(
            [sys.executable, "-c", PLUCK],
            input=json.dumps([list(encode_evf(video)) for video in videos]),
            capture_output=True,
            text=True,
            cwd=here,
        )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def their_luck(review, replay):
    """The luck of a game summed from ms-toollib's chance of each guess (a chord's chained as its pluck chains it)."""
    guesses = {click.index: click for click in review.clicks if click.guess}
    luck = 0.0
    for view, click in positions(replay, review):
        if click.index in guesses:
            p_safe, _ = toollib_judgement(
                replay.rows, replay.cols, replay.mines, view, [r * replay.cols + c for r, c in click.opens]
            )
            luck -= math.log10(p_safe)
    return luck


def check_games(count):
    tally = Counter()
    videos, reviews = [], []
    for seed in range(count):
        video = thinking_video(seed)
        videos.append(video)
        reviews.append(check_game(replay_of(video), tally))
    for start in range(0, count, 100):
        batch = zip(videos[start : start + 100], reviews[start : start + 100], plucks(videos[start : start + 100]))
        for video, review, (won, pluck) in batch:
            assert review.won == won
            if won and math.isclose(review.luck, pluck, rel_tol=1e-9, abs_tol=1e-9):
                tally["won, luck = pluck"] += 1
            elif won:  # the difference is ms-toollib's chance of a chord, as above: its own clicks add up to pluck
                assert math.isclose(their_luck(review, replay_of(video)), pluck, rel_tol=1e-9, abs_tol=1e-9)
                tally["won, luck = pluck but for ms-toollib's chord chances"] += 1
    return tally


def test_every_click_of_random_games_as_the_brute_force_and_ms_toollib_judge_it():
    tally = check_games(CI_GAMES)
    assert tally["brute force"] and tally["forced"] and tally["avoidable"] and tally["chords of several cells"]


@pytest.mark.slow
def test_every_click_of_many_random_games_as_the_brute_force_and_ms_toollib_judge_it():
    tally = check_games(GAMES)
    print(f"\n{GAMES} games: {dict(tally)}")


def read_sample(path):
    try:
        return read_foreign(path).video
    except UnreadableVideo as error:  # the damaged samples: nothing to judge
        pytest.skip(str(error))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda path: path.name)
def test_every_click_of_the_sample_videos(path):
    video = read_sample(path)
    if video.rows * video.cols > LARGE:
        pytest.skip("a large board: judged in the slow run")
    tally = Counter()
    check_game(replay_of(video), tally)
    print(f"\n{path.name}: {dict(tally)}")


@pytest.mark.slow
@pytest.mark.parametrize("path", SAMPLES, ids=lambda path: path.name)
def test_every_click_of_the_large_sample_videos(path):
    video = read_sample(path)
    if video.rows * video.cols <= LARGE:
        pytest.skip("judged in the everyday run")
    tally = Counter()
    check_game(replay_of(video), tally)
    print(f"\n{path.name}: {dict(tally)}")
