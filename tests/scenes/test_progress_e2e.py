"""Progress in the real app: opened from Records, a point hovered reads its game, a click plays its video, Export
writes every game as a CSV file that reads back as the records, and no records show friendly empty charts."""

import csv
from datetime import timedelta

import pygame
import pytest

from game.scenes.progress import ProgressScene
from game.scenes.records import RecordsScene
from game.scenes.replay import ReplayScene
from game.view import screens, text
from tests.driver import driven, start_app, stop_app
from tests.populated import played as play_one
from tests.populated import populate, progress_records, record_of


@pytest.fixture
def many(private_home):
    progress_records(private_home, 300)
    return private_home


def to_progress(driver, category="expert"):
    driver.app.show(screens.Records(category=category))
    driver.frames(2)
    records = driver.scene
    assert isinstance(records, RecordsScene)
    driver.click_button(records.progress)
    scene = driver.scene
    assert isinstance(scene, ProgressScene) and scene.category == category
    driver.frames(2)
    return scene


def hover(driver, pos):
    driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(1)


def test_records_opens_progress_and_a_hovered_point_reads_its_game(tmp_path, many):
    driver = start_app(tmp_path)
    try:
        scene = to_progress(driver)
        progress = scene.progress
        wins = progress.wins
        assert progress.played == 300 and wins and len(scene.points) == len(wins)
        assert all(game.timed for game in wins)
        times = [game.time_ms / 1000 for game in wins]
        assert progress.series["Time"].bests[-1] == min(times)
        assert sum(week.played for week in progress.weeks) == sum(progress.days.values()) <= 300
        driver.screenshot("progress")
        n = len(wins) // 2
        hover(driver, scene.points[n])
        assert scene.pointed() == n
        said = scene.about(n)
        assert said.startswith(f"Win {n + 1}: ") and "3BV/s" in said
        shot = driver.screenshot("progress-hover")
        assert shot is None or shot.exists()
        # away from every point: no tip, the line says what to do
        hover(driver, (2, 2))
        assert scene.pointed() is None
    finally:
        stop_app(driver)


def test_clicking_a_point_plays_that_game(tmp_path, many):
    driver = start_app(tmp_path)
    try:
        scene = to_progress(driver)
        n = next(i for i, game in enumerate(scene.progress.wins) if game.has_replay)
        game = scene.progress.wins[n]
        driver.click(scene.points[n], frames=3)
        replay = driver.scene
        assert isinstance(replay, ReplayScene)
        log = driver.app.store.replay(game.game_id)
        assert replay.replay.to_json() in log  # the very game's moves
        driver.key(pygame.K_ESCAPE)
        assert driver.scene is scene  # back where the player was
    finally:
        stop_app(driver)


def test_the_arrows_pick_a_game_and_enter_plays_it(tmp_path, many):
    driver = start_app(tmp_path)
    try:
        scene = to_progress(driver)
        driver.key(pygame.K_HOME)
        assert scene.chosen == 0
        driver.key(pygame.K_RIGHT)
        assert scene.chosen == 1
        driver.key(pygame.K_RETURN, frames=3)
        assert isinstance(driver.scene, ReplayScene)
    finally:
        stop_app(driver)


def test_export_writes_every_game_as_csv_that_reads_back_as_the_records(tmp_path, private_home):
    populate(private_home, games=9)
    driver = start_app(tmp_path)
    try:
        scene = to_progress(driver, "beginner")
        driver.click_button(scene.export_button, frames=3)
        path = scene.exported
        assert path is not None and path.parent == private_home / "exports" and path.suffix == ".csv"
        assert str(path) in scene.notice
        data = path.read_bytes()
        assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with its mark, for Excel
        with path.open(encoding="utf-8-sig", newline="") as file:
            rows = list(csv.DictReader(file))
        store = driver.app.store
        assert len(rows) == 9
        for category in ("beginner", "intermediate", "custom:10x12x15"):
            recent = {game.game_id: game for game in store.recent_games(category, 100)}
            mine = [row for row in rows if row["level"] == category]
            assert len(mine) == len(recent)
            for row in mine:
                game = recent[int(row["game"])]
                assert row["won"] == str(int(game.won))
                assert float(row["time (s)"]) == game.time_ms / 1000
                assert int(row["3BV"]) == game.three_bv
                assert int(row["clicks"]) == game.clicks
                assert int(row["useful clicks"]) == game.effective_clicks
                local = game.played_at.astimezone()
                assert row["date"] == local.strftime("%Y-%m-%d") and row["time of day"] == local.strftime("%H:%M:%S")
                if game.three_bv_per_s is not None:
                    assert float(row["3BV/s"]) == pytest.approx(game.three_bv_per_s, abs=0.0005)
                assert "," not in row["3BV/s"]  # dot decimals
    finally:
        stop_app(driver)


@pytest.fixture
def driver(tmp_path):
    yield from driven(tmp_path)


def test_no_records_show_friendly_empty_charts(driver):
    scene = to_progress(driver, "intermediate")
    progress = scene.progress
    assert progress is not None and progress.empty and not scene.points
    with text.recording() as drawn:
        scene.canvas = None
        scene.draw(driver.app.screen)
    words = " ".join(d.text for d in drawn)
    assert "No timed wins on this board yet" in words and "No games yet." in words
    driver.screenshot("progress-empty")
    driver.click_button(scene.back)
    assert isinstance(driver.scene, RecordsScene) and driver.scene.category == "intermediate"


def test_a_game_recorded_meanwhile_shows(tmp_path, private_home):
    progress_records(private_home, 40)
    driver = start_app(tmp_path)
    try:
        scene = to_progress(driver)
        played = scene.progress.played
        driver.app.store.record_game(record_of(*play_one(16, 30, 99, seed=500, win=True)))
        driver.frames(3)
        assert scene.progress.played == played + 1
        first = scene.progress.first_day
        assert scene.progress.today - first == timedelta(weeks=25, days=scene.progress.today.weekday())
    finally:
        stop_app(driver)


def test_wins_a_millisecond_apart_and_games_long_ago_read_plainly_at_800_by_600(tmp_path, private_home):
    """The bugs (the tour's 100x100 board: six two-hour wins a few ms apart, played long ago): the time axis read
    "720…" five times (its values cut to the room kept for short times), the 3BV/s histogram's ends both read
    0.60, and the weekly bars said only "most: 0" under nothing for twelve games."""
    from datetime import datetime, timezone

    from game.store import Store
    from game.store.kept import GameRecord

    long_ago = datetime(2024, 3, 1, 12, tzinfo=timezone.utc)
    with Store.open(home=private_home) as store:
        for n in range(12):
            store.record_game(
                GameRecord(
                    rows=100,
                    cols=100,
                    mines=1500,
                    won=n % 2 == 0,
                    time_ms=2 * 3_600_000 + n,
                    three_bv=4_321,
                    played_at=long_ago,
                )
            )
    driver = start_app(tmp_path, desktop=(800, 600))
    try:
        scene = to_progress(driver, "custom:100x100x1500")
        assert len(scene.points) == 6
        scene.invalidate()
        with text.recording() as drawn:
            driver.frames(1)
        lines = [line.text for line in drawn]
        axis = [line for line in lines if line.endswith(" s") and line.startswith("7")]
        assert len(set(axis)) == 5 and not [line for line in lines if line.endswith(text.ELLIPSIS)], lines
        assert scene.progress.histogram.counts == [6], "speeds a ten-thousandth apart are one bar"
        assert [line for line in lines if line.startswith("0.")] == ["0.60"], "under it, the speed they share"
        assert "No games in the last 26 weeks." in lines
        from game.view.charts import month_name

        months = [line for line in lines if line in {month_name(m) for m in range(1, 13)}]
        assert len(months) >= 5 and month_name(scene.progress.today.month) in months, "the calendar's months"
    finally:
        stop_app(driver)


def test_progress_opened_on_a_no_guess_modes_board_shows_that_board(tmp_path, private_home):
    """The bug: Records pages through each mode of the no-guess family's boards ("expert@strict"), Progress did
    not know them, and opened on Beginner from there. Both read one list of boards now."""
    from game.store import Store
    from game.store.kept import GameRecord

    with Store.open(home=private_home) as store:
        store.record_game(
            GameRecord(rows=16, cols=30, mines=99, won=True, time_ms=80_000, three_bv=150, guess_rule="strict")
        )
        assert store.flush(10) and "expert@strict" in store.categories()
    driver = start_app(tmp_path)
    try:
        scene = to_progress(driver, "expert@strict")
        assert scene.progress.played == 1 and len(scene.points) == 1
    finally:
        stop_app(driver)
