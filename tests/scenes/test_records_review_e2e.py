"""Records that know luck, in the real app: a board's clean wins in its statistics (explained on hover), the tab
of its fastest clean wins, and a hovered game's review under the list."""

from datetime import datetime, timedelta, timezone

import pygame
import pytest

from game.view import screens, text
from game.view.formats import FIGURES
from tests.driver import start_app, stop_app
from tests.played import played, record_of
from tests.reviewed_games import played_clean, record_of_board

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=timezone.utc)
INTERMEDIATE = (16, 16, 40)


def records_with_clean_wins(tmp_path, desktop):
    """The app on a desktop showing Intermediate's records: two fast wins with avoidable guesses, three slower
    clean ones; every game reviewed."""
    driver = start_app(tmp_path, desktop=desktop)
    store = driver.app.store
    for n, seed in enumerate((1, 2)):
        board, video, elapsed = played(*INTERMEDIATE, seed, pace_ms=150)
        store.record_game(record_of(board, video, elapsed, played_at=T0 + timedelta(minutes=n)))
    clean = []
    for n, seed in enumerate((3, 4, 5)):
        board, elapsed = played_clean(*INTERMEDIATE, seed, pace_ms=700 + 100 * n)
        clean.append(store.record_game(record_of_board(board, elapsed, played_at=T0 + timedelta(hours=1, minutes=n))))
    assert store.flush(60)
    driver.app.show(screens.Records(category="intermediate"))
    driver.frames(2)
    return driver, driver.scene, [made.result().game_id for made in clean]


def drawn_texts(driver):
    with text.recording() as log:
        driver.app.scene.draw_all(driver.app.screen)
    return [item.text for item in log]


def hover(driver, pos):
    driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(1)


@pytest.mark.slow
@pytest.mark.parametrize("desktop", [(800, 600), (1920, 1080)])
def test_records_show_clean_wins_and_the_fastest_of_them(tmp_path, private_home, desktop):
    driver, records, clean_ids = records_with_clean_wins(tmp_path, desktop)
    try:
        shown = drawn_texts(driver)
        assert "Clean wins" in shown and "3 (60%)" in shown, shown
        assert "Average luck" in shown
        assert not any(line.endswith(text.ELLIPSIS) for line in shown), "nothing is cut short"
        stats_label = next(
            rect for name, rect in records.figure_names if name == "Clean" and rect.y < records.tabs["Time"].rect.y
        )
        hover(driver, stats_label.center)
        assert any(line in FIGURES["Clean"] for line in drawn_texts(driver) if len(line) > 20), "explained on hover"
        driver.screenshot(f"records-clean-wins-{desktop[0]}")

        driver.click_button(records.tabs["Clean"])
        assert records.showing == "Clean"
        assert [records.game_of[row].game_id for row in records.rows] == clean_ids, "fastest first: as played"
        hover(driver, records.rows[0].rect.center)
        shown = drawn_texts(driver)
        assert any("all forced (clean)" in line or "No guess" in line for line in shown), shown
        driver.screenshot(f"records-clean-times-{desktop[0]}")

        driver.click_button(records.tabs["Time"])
        fastest = records.game_of[records.rows[0]]
        assert fastest.game_id not in clean_ids and fastest.review.avoidable > 0
        hover(driver, records.rows[0].rect.center)
        assert any(" avoidable, luck " in line for line in drawn_texts(driver))
        driver.screenshot(f"records-best-review-{desktop[0]}")
    finally:
        stop_app(driver)


@pytest.mark.slow
def test_records_show_clean_wins_as_older_games_are_reviewed(tmp_path, private_home):
    import sqlite3

    from game.store import jobs

    driver, records, clean_ids = records_with_clean_wins(tmp_path, (800, 600))
    try:
        sqlite3.connect(driver.app.store.path, isolation_level=None).execute("DELETE FROM reviews")
        records._load()
        driver.frames(1)
        assert records.stats.clean_wins == 0 and "Clean wins" in drawn_texts(driver)
        driver.click_button(records.tabs["Clean"])
        assert records.rows == [] and any("among the games reviewed" in line for line in drawn_texts(driver))
        driver.app.store.work_out_figures(jobs.JobKind.REVIEWS)  # as at the next start
        driver.frames(2)  # the writer's work waited for, then a frame that reads what came of it
        assert records.stats.clean_wins == 3 and "3 (60%)" in drawn_texts(driver)
        assert [records.game_of[row].game_id for row in records.rows] == clean_ids
    finally:
        stop_app(driver)
