"""What the records say to the player speaks the player's language (#46): each notice a whole sentence with
named placeholders, counts by the language's plural forms, and nothing left in English in the pseudo-language."""

import pytest

from game import language
from game.store import DB_NAME, Store
from game.store.games import RecordResult, ordinal
from game.store.salvage import Salvaged
from game.view import text
from tests.driver import start_app, stop_app
from tests.pseudo import english_left

# Notation a translation keeps (figures' names, units); anything else in plain English letters is a miss.


@pytest.fixture
def in_english_after():
    yield
    language.use("en")  # the language is the process's: the next test on this worker reads English


def test_the_menu_says_the_records_cannot_be_used_in_the_player_s_language(
    tmp_path, private_home, monkeypatch, in_english_after
):
    """In qps, the notice of records that cannot be used (a folder where the file should be: store.py and
    trouble.py's words both) is drawn translated, no English word of it left."""
    (private_home / DB_NAME).mkdir(parents=True)
    monkeypatch.setenv(language.ENVIRONMENT, "qps")
    driver = start_app(tmp_path)
    try:
        with text.recording() as drawn:
            driver.frames(2)
        lines = [line.text for line in drawn]
        ours = [line for line in lines if "Ŕûññîñĝ" in line or "ƒöļđéŕ" in line]
        assert ours, f"the notice is not drawn translated: {lines}"
        path = str(private_home / DB_NAME)
        for line in ours:
            # the path may be broken across two lines: what is left of it on this one is the path's, not English
            left = english_left(line.replace(path, ""))
            assert not [word for word in left if word not in path], line
        said = " ".join(lines)
        assert "Running without records" not in said and "is a folder" not in said, said
    finally:
        stop_app(driver)


def test_damaged_games_are_counted_by_the_plural_forms():
    s = Store.memory()
    try:

        def skipping(count):
            def read(reading, db):
                reading.skipped = count
                return []

            return read

        for count in (1, 2, 5):
            s._games(skipping(count), [])
        assert s.take_notices()[-3:] == [
            "1 damaged game in the records could not be shown.",
            "2 damaged games in the records could not be shown.",
            "5 damaged games in the records could not be shown.",
        ]
    finally:
        s.close()


def test_what_a_damaged_file_kept_is_counted_by_the_plural_forms():
    assert Salvaged(1, 1).told() == ("1 game", "1 other entry")
    assert Salvaged(2, 5).told() == ("2 games", "5 other entries")


def test_a_place_among_the_best_times_is_an_ordinal_of_the_language(in_english_after):
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th",
    ]  # fmt: skip
    language.use("qps")
    assert ordinal(2) == language.pseudo("{n}nd").format(n=2)


def test_a_record_is_said_in_one_sentence_a_rank(in_english_after):
    best = RecordResult("expert", "Expert", 1)
    second = RecordResult("expert", "Expert", 2)
    assert (best.message, best.short_message) == ("New record! Best Expert time", "Best time!")
    assert (second.message, second.short_message) == ("New record! 2nd best Expert time", "2nd best time!")
    custom = RecordResult("custom:10x12:20", "Custom", 3)
    assert custom.message.startswith("New record! 3rd best time for ")
    language.use("qps")
    assert second.message.startswith("[Ñéŵ ŕéçöŕđ! ") and "2" in second.message
    assert not english_left(second.short_message)


def test_games_recorded_without_their_videos_are_counted_by_the_plural_forms():
    from game.store.opener import cut_notice

    assert cut_notice(1).startswith("1 game finished while the disk was full was recorded without its video:")
    for count in (2, 5):
        said = f"{count} games finished while the disk was full were recorded without their videos:"
        assert cut_notice(count).startswith(said)


def test_a_notice_made_before_the_language_is_known_is_said_in_it_when_shown(private_home, in_english_after):
    """The records open before the settings (which name the language) are read: their notices are made again
    when the menu takes them."""
    (private_home / DB_NAME).mkdir(parents=True)
    s = Store.open()
    try:
        assert s.notices[0].startswith("Running without records: ")
        language.use("qps")
        (said,) = s.take_notices()
        assert said.startswith("[Ŕûññîñĝ ŵîţĥöûţ ŕéçöŕđš: [") and "ƒöļđéŕ" in said, said
    finally:
        s.close()
