"""The records as a CSV file: what spreadsheets read (a header, UTF-8 with its mark, dot decimals), a new file
each time."""

import csv
import io

from game.files.spreadsheet import cell, csv_text, export_csv
from game.store import Store
from game.store.history import SHEET_COLUMNS, chart_games, sheet_rows
from tests.populated import populate


def test_cells_are_as_spreadsheets_read_them():
    assert cell(None) == "" and cell(3) == "3" and cell(1.5) == "1.500" and cell(1e-7) == "0.000"
    assert cell("a, b") == "a, b"  # the csv module quotes it
    text = csv_text([[1, "x, y", 2.25, None]])
    assert text.splitlines()[0].split(",")[:3] == list(SHEET_COLUMNS[:3])
    assert list(csv.reader(io.StringIO(text)))[1] == ["1", "x, y", "2.250", ""]


def test_an_export_is_a_new_file_each_time(tmp_path):
    first = export_csv([[1, 2]], tmp_path / "exports")
    second = export_csv([[1, 2]], tmp_path / "exports")
    assert first != second and first.read_bytes() == second.read_bytes()
    assert first.read_bytes().startswith(b"\xef\xbb\xbfgame,date,")


def test_the_records_read_off_the_frame_are_every_game(private_home):
    populate(private_home, games=12)
    with Store.open(private_home) as store:
        reads = store.reads()
        rows = reads(sheet_rows)
        assert len(rows) == 12 and all(len(row) == len(SHEET_COLUMNS) for row in rows)
        beginner = reads(lambda db: chart_games(db, "beginner"))
        recent = store.recent_games("beginner", 100)
        assert [g.game_id for g in beginner] == sorted(g.game_id for g in recent)
        assert [g.won for g in beginner] == [g.won for g in reversed(recent)]


def test_records_in_memory_are_read_on_their_own_connection():
    store = Store.memory()
    assert store.reads()(sheet_rows) == []
    store.close()
