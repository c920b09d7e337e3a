"""A tour of every screen and dialog of the game, with long real values: the records of a 100 x 100 custom board,
times over an hour, five-digit counts. The layout test checks every text on each stop; tools/screenshots.py
--tour saves a picture of each.

`tour(driver)` yields a name at each stop, with the screen drawn; the caller looks at it, then lets the tour go
on. The app must have been made with a records folder that `seed_records` filled first.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pygame

from game.learn.drill import game_key
from game.model.rules.boardcode import BoardCode, encode_board_code
from game.model.solver.analysis import analyse
from game.store import Store
from game.store.kept import GameRecord
from game.view import screens
from tests.owngames import avoidable_game
from tests.populated import record_of

HOUR_MS = 3_600_000
HUGE = (100, 100, 1500)  # the largest custom board, with a long name: "Custom 100 x 100, 1,500 mines"


def seed_records(home) -> None:
    """Records that stretch every figure: over an hour of play, 5-digit counts, the largest custom board; and
    the sample videos in videos/."""
    videos = Path(home) / "videos"
    videos.mkdir(parents=True, exist_ok=True)
    for sample in (Path(__file__).parent / "fixtures" / "videos").iterdir():
        if sample.suffix in (".avf", ".rmv", ".mvf", ".evf"):
            shutil.copyfile(sample, videos / sample.name)
            if sample.name.startswith("HI-SCORE"):  # the newest: the first in the list, the one the tour opens
                os.utime(videos / sample.name, (time.time() + 60, time.time() + 60))
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    with Store.open(home) as store:
        for n in range(12):
            store.record_game(
                GameRecord(
                    rows=16,
                    cols=30,
                    mines=99,
                    won=n % 4 != 3,
                    abandoned=n % 4 == 3,
                    time_ms=HOUR_MS + 123_456 * n,
                    three_bv=12_345,
                    left_clicks=45_678,
                    right_clicks=12_345,
                    effective_clicks=50_000,
                    seed=2**31 + n,
                    solved_three_bv=9_999,
                    filtered=n == 1,  # a board chosen by its 3BV: marked in the list of recent games
                    played_at=start + timedelta(minutes=n),
                )
            )
            store.record_game(
                GameRecord(
                    rows=HUGE[0],
                    cols=HUGE[1],
                    mines=HUGE[2],
                    won=n % 2 == 0,
                    time_ms=2 * HOUR_MS + n,
                    three_bv=4_321,
                    played_at=start,
                )
            )
        # an Expert game with a guess a certain cell could have spared: the drill's first position
        board, elapsed, _, _ = avoidable_game(1, (16, 30, 99), certain_first=25)
        store.record_game(record_of(board, elapsed)._replace(played_at=start + timedelta(days=30)))
        path = store.path
    db = sqlite3.connect(path)  # five-digit counts of games played, without recording 12,345 games one by one
    db.execute(
        "INSERT INTO games (played_at, category, rows, cols, mines, first_click, won, time_ms, three_bv) "
        "SELECT played_at, category, rows, cols, mines, first_click, 0, time_ms, three_bv FROM games, "
        "(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1030) SELECT i FROM n) "
        "WHERE category = 'expert'"
    )
    db.commit()
    db.close()


def _menu(driver):
    while driver.app.overlays:
        driver.key(pygame.K_ESCAPE)
    if not isinstance(driver.scene.shown, screens.Menu):
        driver.app.show(screens.Menu())
        driver.frames(2)


def _lose(driver, board):
    mine = next((r, c) for r in range(board.rows) for c in range(board.cols) if board.is_mine(r, c))
    driver.click_cell(*mine)
    analysis = driver.scene.session.verdict_job
    if analysis is not None:
        analysis.wait(30)
    driver.frames(60)


def tour(driver):
    """Every screen and dialog, in turn (see the module's docstring)."""
    app = driver.app
    _menu(driver)
    yield "menu"
    driver.key(pygame.K_DOWN)
    yield "menu-focus"
    driver.key(pygame.K_ESCAPE)
    yield "quit-question"
    driver.key(pygame.K_ESCAPE)

    driver.click_button(driver.scene.custom)
    for field, value in zip(("rows", "cols", "mines"), map(str, HUGE)):
        driver.scene.fields[field].value = value
    driver.key(pygame.K_TAB)
    yield "custom-huge"
    driver.scene.fields["rows"].value, driver.scene.fields["mines"].value = "1", "99999"
    driver.key(pygame.K_TAB)
    yield "custom-errors"
    app.settings.change("no_guess", "no_guess")  # a large dense board with no-guess on: the wait is said before it
    app.settings.change("custom", (HUGE[0], HUGE[1], 2_500))
    for field, value in zip(("rows", "cols", "mines"), (HUGE[0], HUGE[1], 2_500)):
        driver.scene.fields[field].value = str(value)
    driver.key(pygame.K_TAB)
    yield "custom-no-guess-wait"
    driver.scene.range_boxes[0].value = "190"  # a range takes the place of no-guess: the form says so
    driver.key(pygame.K_TAB)
    yield "custom-bv-range"
    _menu(driver)
    driver.click_button(driver.scene.settings)
    yield "settings-no-guess-wait"
    app.settings.change("no_guess", "off")
    _menu(driver)

    driver.click_button(driver.scene.play_code)
    yield "code-empty"
    driver.type_text(encode_board_code(BoardCode(*HUGE, seed=2**32 - 1, first_cell=(99, 99), no_guess=False)))
    yield "code-huge"
    driver.type_text("X")
    yield "code-typo"
    _menu(driver)

    driver.click_button(driver.scene.settings)
    yield "settings"
    for rule in ("forced_safe", "strict"):  # the Guessing setting's longest sentences
        app.settings.change("no_guess", rule)
        yield f"settings-guessing-{rule}"
    app.settings.change("no_guess", "off")
    driver.click(driver.scene.name_field.rect.center)
    driver.type_text("Wojciech Grzegorz Brzęczyszczykiewicz-Ørsted")  # longer than a name may be
    yield "settings-name"
    _menu(driver)
    ranges = {"beginner": (None, 5), "intermediate": (90, None), "expert": (150, 190), "custom": (300, None)}
    app.settings.change("bbbv_range", ranges)
    driver.click_button(driver.scene.settings)
    yield "settings-bv-range"
    driver.click_button(driver.scene.ranges_button)
    yield "bv-ranges"
    driver.scene.boxes["expert"][0].value = "x"
    driver.key(pygame.K_TAB)
    yield "bv-ranges-error"
    app.settings.change("bbbv_range", {"expert": (400, None)})  # no Expert board has 400: the player is told
    _menu(driver)
    driver.click_button(driver.scene.difficulty_buttons["expert"])
    if driver.app.overlays:  # a saved game: keep it out of the way
        driver.click_button(driver.overlay.yes)
    driver.click_cell(8, 15)
    driver.until_board_made()
    yield "bv-cannot-deal"
    app.settings.change("bbbv_range", {})
    _menu(driver)
    driver.click_button(driver.scene.help)
    for page, tab in enumerate(driver.scene.tabs):
        driver.click_button(tab)
        yield f"help-{page + 1}"
    _menu(driver)
    driver.key(pygame.K_n)  # NF mode on: the menu says so, and the games below show its mark
    yield "menu-nf"

    driver.click_button(driver.scene.records)
    records = driver.scene
    while records.category != "expert":
        driver.key(pygame.K_RIGHT)
    yield "records-expert-best"
    for figure in ("Clean", "3BV/s", "STNB"):
        driver.click_button(records.tabs[figure])
        yield f"records-expert-{figure.replace('/', '-').lower()}"
    _hover(driver, records.tabs["IOE"].rect.center)
    yield "records-tip"
    driver.click_button(records.recent_tab)
    yield "records-expert-recent"
    while not records.category.startswith("custom:100x100"):
        driver.key(pygame.K_RIGHT)
    yield "records-custom-huge"
    driver.click_button(records.progress)
    progress = driver.scene
    driver.frames(2)
    yield "progress-custom-huge"
    if progress.points:
        _hover(driver, progress.points[-1])
        yield "progress-tip"
    driver.key(pygame.K_ESCAPE)
    records = driver.scene
    driver.click_button(records.reset)
    yield "reset-question"
    driver.key(pygame.K_ESCAPE)
    driver.click_button(records.videos)  # the sample videos (seed_records put them in videos/), long names and all
    videos = driver.scene
    assert videos.shelf.wait(120)
    driver.frames(2)
    yield "videos"
    driver.click_button(videos.rows[0])
    driver.frames(90)
    yield "replay-video"
    yield from _reviewed(driver)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)
    _menu(driver)

    for key in ("beginner", "expert"):
        driver.click_button(driver.scene.difficulty_buttons[key])
        if driver.app.overlays:  # a saved game: keep it out of the way
            driver.click_button(driver.overlay.yes)
        board = driver.scene.board
        driver.click_cell(board.rows // 2, board.cols // 2)
        driver.frames(30)
        yield f"playing-{key}"
        driver.key(pygame.K_h)
        driver.until_hint()
        yield f"hint-{key}"
        driver.key(pygame.K_p)
        yield f"paused-{key}"
        driver.key(pygame.K_p)
        driver.key(pygame.K_ESCAPE)
        yield f"leave-question-{key}"
        driver.key(pygame.K_ESCAPE)
        driver.scene.session.tick(HOUR_MS / 1000)  # over an hour on the clock
        _lose(driver, board)
        yield f"game-over-bar-{key}"
        driver.past_grace()
        driver.click_button(driver.overlay.more)
        yield f"game-over-panel-{key}"
        driver.click_button(driver.panel_button("replay"))
        driver.frames(90)
        yield f"replay-{key}"
        driver.key(pygame.K_ESCAPE)
        _menu(driver)

    driver.key(pygame.K_n)  # NF mode off again
    yield from _personal_best(driver)
    driver.click_button(driver.scene.records)  # the wins just played placed no flag: Records' NF bests list them
    records = driver.scene
    while records.category != "intermediate":
        driver.key(pygame.K_RIGHT)
    driver.click_button(records.nf_toggle)
    yield "records-nf"
    _menu(driver)

    app.settings.change("custom", HUGE)
    driver.click_button(driver.scene.custom)
    driver.key(pygame.K_RETURN)
    if driver.app.overlays:
        driver.click_button(driver.overlay.yes)
    driver.click_cell(5, 5)
    assert driver.scene.board.state == "playing"
    driver.key(pygame.K_c)
    driver.until_chances()
    yield "playing-huge-chances"
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.overlay.yes)  # "Leave": its key is the first letter of the word, in each language
    yield "menu-with-saved-game"
    driver.click_button(driver.scene.difficulty_buttons["intermediate"])
    yield "discard-question"
    driver.key(pygame.K_ESCAPE)
    _menu(driver)
    yield from _trials(driver)
    yield from _learn(driver)


def _reviewed(driver):
    """Replay's review: paused before the video's first guess or mistake, its position's chances shown, then the
    chart of the time between clicks."""
    review = driver.scene.review
    if review.job is not None:
        review.job.wait(60)
    driver.frames(2)
    driver.key(pygame.K_g)
    while (job := review.chances_job) is not None:
        job.wait(60)
        driver.frames(1)
    driver.frames(1)
    yield "replay-review-mark"
    driver.key(pygame.K_i)
    yield "replay-intervals"
    driver.key(pygame.K_i)


def _hover(driver, pos):
    driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(1)


def _win(driver, pause_frames=0):
    board = driver.scene.board
    driver.click_cell(board.rows // 2, board.cols // 2)
    driver.frames(pause_frames)
    for cell in [(r, c) for r in range(board.rows) for c in range(board.cols)]:
        if not board.is_mine(*cell) and not board.is_revealed(*cell):
            driver.click_cell(*cell)
    driver.frames(2)


def _personal_best(driver):
    """Two Intermediate wins, the second faster: the personal bests it beat on the bar and the panel, then its
    replay played to the end, its live figures with one explained."""
    driver.click_button(driver.scene.difficulty_buttons["intermediate"])
    if driver.app.overlays:  # a saved game: keep it out of the way
        driver.click_button(driver.overlay.yes)
    _win(driver, pause_frames=1200)  # twenty seconds: the next one, quicker, beats its figures
    driver.click_button(driver.panel_button("again"))
    _win(driver)
    for job in (driver.scene.session.figures_job, driver.scene.session.verdict_job):
        if job is not None:  # the figures and the review (the guesses, the luck, the verdict) in
            job.wait(30)
    driver.frames(2)
    yield "game-over-personal-best-bar"
    panel = driver.past_grace()
    if not panel.expanded:
        driver.click_button(panel.more)
    yield "game-over-personal-best-panel"
    driver.click_button(driver.panel_button("replay"))
    replay = driver.scene
    replay.live.job.wait(30)
    driver.frames(40)
    yield "replay-live-figures"
    driver.key(pygame.K_END)
    _hover(driver, replay.live.names["3BV/s"].center)
    yield "replay-live-tip"
    _menu(driver)


def _trials(driver):
    """Trials, with best runs kept (one over an hour long, lost boards and all): the screen, a run's board with its
    split, leaving it, the screen with the run under way, and a long championship run's end."""
    from game.play.trial import Trial, TrialBoard

    def run(key, run_id, boards):
        trial = Trial(key, run_id)
        for level, won, time_ms in boards:
            trial = trial.after(TrialBoard(level, won, time_ms, "{}"))
        return trial

    beginner = run("beginner-10", "tour-1", [("beginner", True, 4_321)] * 10)
    levels = ["beginner"] * 15 + ["intermediate"] * 6 + ["expert"] * 2
    championship = run("championship", "tour-2", [(level, True, 190_000) for level in levels[:-1]])
    championship = championship.after(TrialBoard("expert", False, 99_999, "{}"))
    championship = championship.after(TrialBoard("expert", True, 190_000, "{}"))
    store = driver.app.store
    for kept in (beginner, championship):
        assert store.finish_trial(kept.to_dict(), kept.elapsed_ms, kept.win_times()).result()
    driver.click_button(driver.scene.trials)
    yield "trials"
    driver.click_button(driver.scene.set_buttons["beginner-10"])
    if driver.app.overlays:  # a saved game: keep it out of the way
        driver.click_button(driver.overlay.yes)
    board = driver.scene.board
    driver.click_cell(board.rows // 2, board.cols // 2)
    driver.frames(300)  # five seconds: behind the best run's first board
    yield "trial-board-split"
    driver.key(pygame.K_ESCAPE)
    yield "trial-leave-question"
    driver.click_button(driver.overlay.yes)
    yield "trials-run-under-way"
    driver.click_button(driver.scene.resume)
    driver.frames(4)
    _lose(driver, driver.scene.board)
    yield "trial-board-after-a-loss"
    slow = Trial("championship", "tour-3", (), tuple(championship.win_times()))
    for level, won in (
        [(level, True) for level in levels[:15]] + [("intermediate", False)] + [(level, True) for level in levels[15:]]
    ):
        slow = slow.after(TrialBoard(level, won, 200_000, "{}"))
    driver.app.show(screens.TrialEnd(slow, championship.elapsed_ms))
    driver.frames(2)
    yield "trial-end"
    driver.key(pygame.K_ESCAPE)
    _menu(driver)


def _wait(driver, ready, seconds=30):
    deadline = time.monotonic() + seconds
    while not ready() and time.monotonic() < deadline:
        driver.frames(1)
        time.sleep(0.005)


def _learn(driver):
    """The Learn screens: the path, a lesson with a click caught, its explanation, the lesson on guessing, the
    drill, and a lost game studied."""
    driver.click_button(driver.scene.learn)
    yield "learn"
    driver.click_button(driver.scene.lesson_buttons[7])  # one number inside another: the longest title
    lesson = driver.scene
    puzzle = lesson.puzzle
    mine = min(puzzle.mines)
    driver.click(lesson.geometry.cell_rect(*mine).center)
    yield "lesson-caught"
    driver.click_button(lesson.why)
    _wait(driver, lambda: lesson.hint_job is None)
    yield "lesson-why"
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.scene.lesson_buttons[9])
    yield "lesson-guess"
    driver.key(pygame.K_ESCAPE)
    driver.click_button(driver.scene.drill)
    drill = driver.scene
    _wait(driver, lambda: drill.puzzle is not None)
    yield "drill-own"  # from the player's own game (the tour's games guessed too)
    driver.key(pygame.K_ESCAPE)
    played = [game_key(log.game_id, log.played_at) for log in driver.app.store.log_reader()(None, 300)]
    driver.app.progress.note_cleared(played)  # as if every one of them was answered right
    driver.click_button(driver.scene.drill)
    drill = driver.scene
    _wait(driver, lambda: drill.puzzle is not None)
    yield "drill"  # the solver's
    _menu(driver)
    driver.click_button(driver.scene.difficulty_buttons["beginner"])
    if driver.app.overlays:
        driver.click_button(driver.overlay.yes)
    board = driver.scene.board
    driver.click_cell(4, 4)
    certain = analyse(board)
    mine = next(cell for cell in board.mine_cells() if cell not in certain.mines)
    if certain.safe and board.state == "playing":
        driver.click_cell(*mine)
        driver.scene.session.verdict_job.wait(30)
        driver.past_grace()
        if not driver.overlay.expanded:
            driver.click_button(driver.overlay.more)
        yield "game-over-avoidable"
        if driver.overlay.study is not None:
            driver.click_button(driver.overlay.study)
            study = driver.scene
            _wait(driver, lambda: study.puzzle is not None)
            yield "study"
