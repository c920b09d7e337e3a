"""Damage in the records file, met by the real app: a value no version of the game writes, anywhere in the
file, never stops the game. It starts, every Records tab opens, every replay row and Resume can be clicked,
and the player is told what could not be shown (issue 16: #1, #2, #3, #6 and #13)."""

import contextlib
import random
import sqlite3
import tempfile
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.model import Board, Move
from game.scenes.menu import MenuScene
from game.scenes.playing import PlayingScene
from game.scenes.records import RecordsScene
from game.store import Store
from tests import driver as driving
from tests.populated import populate, saved_under_way

NESTED = "[" * 100_000 + "]" * 100_000


def start_app(tmp_path):
    return driving.start_app(tmp_path, seed=7, frames=2)


def visit_everything(driver):
    """What a player can reach from the menu: every Records tab of every category, a click on the first row
    of each list (its replay), and Resume. Returns every line the menu showed on the way."""
    assert isinstance(driver.scene, MenuScene)
    shown = list(driver.scene.notices)
    driver.click_button(driver.scene.records)
    records = driver.scene
    assert isinstance(records, RecordsScene)
    for _ in records.categories:
        for tab in records.tabs.values():  # best times, 3BV/s, IOE, STNB, recent games
            driver.click_button(tab)
            if records.rows and records.rows[0].enabled:
                driver.click_button(records.rows[0])
                if driver.scene is not records:  # a replay: watch it to the end, and come back
                    driver.key(pygame.K_END)
                    driver.key(pygame.K_ESCAPE)
            assert driver.scene is records
        driver.click_button(records.next)
    driver.click_button(records.back)
    menu = driver.scene
    assert isinstance(menu, MenuScene)
    shown += menu.notices
    if menu.resume is not None:
        driver.click_button(menu.resume)
        if isinstance(driver.scene, PlayingScene):
            driver.key(pygame.K_ESCAPE)
            driver.click_button(driver.app.overlays[-1].yes)  # leave it, saved
    assert isinstance(driver.scene, MenuScene)
    shown += driver.scene.notices
    return driver.scene, " ".join(shown)


# --- #1: nesting too deep for the parser ------------------------------------------------------------------


@pytest.mark.parametrize("where", ["resume.board", "settings.value"])
def test_deeply_nested_json_in_the_records_never_stops_the_game(tmp_path, private_home, where):
    path = populate(private_home)
    table, column = where.split(".")
    db = sqlite3.connect(path)
    db.execute(f"UPDATE {table} SET {column} = ?", (NESTED,))
    db.commit()
    db.close()
    driver = start_app(tmp_path)  # before: RecursionError in App.__init__, at every start
    menu, shown = visit_everything(driver)
    if table == "settings":
        assert driver.app.settings["tile"] in (16, 32, 48)
    else:
        assert "saved game was discarded" in shown
    driver.app.store.close()


# --- #2: a damaged value in a games row -------------------------------------------------------------------


@pytest.mark.parametrize(
    "column, value, skipped",
    [
        ("played_at", "yesterday", True),
        ("played_at", 17, True),
        ("seed", "not a number", True),
        ("three_bv", "many", True),
        ("three_bv", 2.5e300, True),
        ("time_ms", b"\x00\x01", True),
        ("time_ms", -5, True),
        ("effective_clicks", "x", True),
        ("left_clicks", "x", False),  # added up in SQL, where text counts as 0: a wrong count, shown
        ("solved_three_bv", "x", False),  # only a loss's: the two wins show, the loss is skipped or shown
        ("category", "custom:abcxdef", False),  # a category no screen lists
        ("moves", b"not zlib", False),  # the row shows; its replay says it is damaged
    ],
)
def test_one_damaged_value_in_a_game_is_skipped_and_counted_never_a_crash(
    tmp_path, private_home, column, value, skipped
):
    path = populate(private_home)
    db = sqlite3.connect(path)
    db.execute(f"UPDATE games SET {column} = ? WHERE id IN (1, 2, 4)", (value,))  # two wins and a loss
    db.commit()
    db.close()
    driver = start_app(tmp_path)  # before: the Records screen crashed on opening
    menu, shown = visit_everything(driver)
    assert ("could not be shown" in shown) == skipped or column == "solved_three_bv", shown
    driver.app.store.close()


# --- a damaged value among a game's speed figures (their own table) --------------------------------------


@pytest.mark.parametrize(
    "column, value",
    [
        ("bbbv_s", "fast"),
        ("bbbv_s", 1e308),
        ("ioe", -3.0),
        ("stnb", b"\x00\xff"),
        ("nf", "yes"),
        ("source", "x" * 100_000),
        ("category", "custom:abcxdef"),
        ("timed", "x"),
        ("game_id", 10**6),  # figures of games that are not there (theirs then have none)
    ],
)
def test_one_damaged_figure_is_never_shown_nor_ranked_and_never_a_crash(tmp_path, private_home, column, value):
    path = populate(private_home)
    db = sqlite3.connect(path)
    change = f"{column} + ?" if column == "game_id" else "?"
    db.execute(f"UPDATE figures SET {column} = {change} WHERE game_id IN (1, 2, 4)", (value,))  # two wins, a loss
    db.commit()
    db.close()
    driver = start_app(tmp_path)
    menu, shown = visit_everything(driver)
    assert "could not be shown" not in shown, "a damaged figure reads as not known: its game still shows"
    driver.app.store.close()


# --- #3: text far longer than anything the game writes ----------------------------------------------------


def saved_game_with(**changes):
    board, elapsed, category = saved_under_way()
    extra = {"origin": "new", "hinted": False, "no_guess": False}
    for key, value in changes.items():
        if key == "category":
            category = value
        elif key in extra:
            extra[key] = value
        else:
            board[key] = value
    return board, elapsed, category, extra


@pytest.mark.parametrize(
    "changes",
    [
        {"category": "x" * 3_000_000},
        {"state": "x" * 2_000_000},
        {"first_click": "x" * 2_000_000},
        {"origin": "x" * 2_000_000},
        {"moves": [["reveal", "x" * 2_000_000, 0, 0]]},
    ],
    ids=["category", "state", "first_click", "origin", "move"],
)
def test_very_long_text_in_a_saved_game_is_never_drawn_or_quoted_whole(tmp_path, private_home, changes):
    with Store.open() as store:
        store.save_resume(*saved_game_with(**changes))
    driver = start_app(tmp_path)  # before: the category crashed pygame at start
    menu, shown = visit_everything(driver)  # before: the notice quoting the bad item crashed pygame
    assert menu.resume is None and "saved game was discarded" in shown and len(shown) < 2000, "bounded, and shown"
    driver.screenshot("long-text-notice")
    driver.app.store.close()


# --- #6 and #13: saves the game never makes ---------------------------------------------------------------


def test_a_saved_board_larger_than_the_game_makes_is_refused_before_it_is_built(tmp_path, private_home, monkeypatch):
    board = Board(16, 16, 40, seed=3)
    board.apply(Move("reveal", 8, 8))
    data = board.to_dict()
    data.update(rows=1000, cols=1000, cells=["." * 1000] * 1000)
    with Store.open() as store:
        store.save_resume(data, 1000, "custom:1000x1000x40")
    built = []
    real = Board.from_dict.__func__

    def from_dict(cls, saved):
        built.append(saved.get("rows"))
        return real(cls, saved)

    monkeypatch.setattr(Board, "from_dict", classmethod(from_dict))
    driver = start_app(tmp_path)
    driver.click_button(driver.scene.resume)
    menu = driver.scene
    assert isinstance(menu, MenuScene) and menu.resume is None
    assert "saved game was discarded" in " ".join(menu.notices)
    assert 1000 not in built, "before: built (8.8 s, 2.2 GB) and then refused"
    driver.app.store.close()


def test_a_save_whose_moves_do_not_lead_to_its_cells_is_refused(tmp_path, private_home):
    board = Board(16, 16, 40, seed=11)
    board.apply(Move("reveal", 8, 8).at(0))
    covered = [(r, c) for r in range(16) for c in range(16) if not board.is_revealed(r, c)]
    safe = next(cell for cell in covered if not board.is_mine(*cell))
    board.apply(Move("reveal", *safe).at(900))
    assert board.state == "playing"
    data = board.to_dict()
    other = next(cell for cell in covered if cell != safe and not board.is_mine(*cell) and not board.is_revealed(*cell))
    data["moves"][-1][1:3] = list(other)  # the log says another cell was opened than the cells show
    with Store.open() as store:
        store.save_resume(data, 1000, "intermediate", {"origin": "new", "hinted": False, "no_guess": False})
    driver = start_app(tmp_path)
    driver.click_button(driver.scene.resume)
    menu = driver.scene
    assert isinstance(menu, MenuScene), "before: resumed, and its replay later showed another board"
    assert "saved game was discarded: its moves do not lead to its board" in " ".join(menu.notices)
    driver.app.store.close()


# --- random damage anywhere in the file (the fuzz test of the "Done when") ---------------------


@pytest.fixture(scope="module")
def healthy(tmp_path_factory):
    """The path of a populated records file (a path, so that a failing example does not print the file)."""
    return populate(tmp_path_factory.mktemp("healthy"))


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(st.tuples(st.integers(0, 2**31), st.integers(1, 255)), min_size=1, max_size=8),
    st.sampled_from(["flip", "overwrite"]),
)
def test_random_damage_never_stops_the_game(tmp_path, healthy, monkeypatch, damage, how):
    """Bytes flipped or overwritten at random in a populated records file; the app starts, every Records tab
    and Resume open, and nothing escapes. Bounded to a few seconds: 25 files a run (hypothesis keeps and
    replays any failing one)."""
    home = Path(tempfile.mkdtemp(dir=tmp_path))
    monkeypatch.setenv("MINESWEEPER_HOME", str(home))
    data = bytearray(healthy.read_bytes())
    for offset, byte in damage:
        at = 100 + offset % (len(data) - 100)  # past the header, which only ever makes the file "not a database"
        data[at] = data[at] ^ byte if how == "flip" else byte
    (home / "minesweeper.db").write_bytes(bytes(data))
    driver = start_app(tmp_path)
    visit_everything(driver)
    driving.stop_app(driver)


def test_random_damage_reaches_the_rows_not_only_the_checks(healthy, tmp_path):
    """The damage above is not all caught by the file's own check: some of it reaches the rows, where a
    screen must skip it (32 of 1,000 random flips did, in the issue's attack)."""
    rng = random.Random(16)
    passed = 0
    for n in range(60):
        data = bytearray(healthy.read_bytes())
        at = 100 + rng.randrange(len(data) - 100)
        data[at] ^= 1 << rng.randrange(8)
        path = tmp_path / f"{n}.db"
        path.write_bytes(bytes(data))
        db = sqlite3.connect(path)
        with contextlib.suppress(sqlite3.DatabaseError):
            passed += db.execute("PRAGMA quick_check").fetchone() == ("ok",)
        db.close()
    assert passed >= 10, passed
