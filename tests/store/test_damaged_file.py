"""A damaged records file, whatever its damage and whatever error it makes, is set aside with a notice and a
new one started with what could still be read from it: never the records turned off at every start.

SQLite reports a damaged file in more ways than its "malformed" and "not a database" errors: a damaged name in
the schema made Python's sqlite3 raise UnicodeDecodeError from `PRAGMA journal_mode`, which no `except
sqlite3.DatabaseError` sees."""

import random
import sqlite3

import pytest

from game.store import DB_NAME, Store
from tests.populated import populate

GAMES = 12  # populate()'s


@pytest.fixture(scope="module")
def healthy(tmp_path_factory):
    return populate(tmp_path_factory.mktemp("healthy"), games=GAMES).read_bytes()


def damaged_home(tmp_path, data):
    home = tmp_path / "home"
    home.mkdir(parents=True, exist_ok=True)
    (home / DB_NAME).write_bytes(data)
    return home


def started(home):
    """(whether the store has a file, its notices, games it holds, whether a game is saved, its theme)."""
    with Store.open(home=home) as store:
        assert store.flush(30)
        played = sum(store.statistics(c).played for c in ("beginner", "intermediate", "custom:10x12x15"))
        return store.available, store.notices, played, store.load_resume() is not None, store.settings().get("theme")


def test_a_damaged_byte_in_an_index_name_sets_the_file_aside_and_keeps_the_history(tmp_path, healthy):
    data = bytearray(healthy)
    at = data.index(b"games_best", 100)  # the index's name, in the schema (its first page, or the pages under it)
    data[at + 3] = 0xC3  # half a UTF-8 character
    home = damaged_home(tmp_path, bytes(data))
    available, notices, played, saved, theme = started(home)
    assert available, f"before: {notices}"
    assert any("was damaged" in notice and "kept as" in notice for notice in notices), notices
    assert (played, saved, theme) == (GAMES, True, "dark"), "everything read back from the file set aside"
    assert len(list(home.glob(f"{DB_NAME}.corrupt-*"))) == 1
    assert started(home)[:2] == (True, []), "the next start finds a healthy file, and says nothing"


@pytest.mark.slow
@pytest.mark.parametrize("run", range(8))
def test_random_damage_in_the_schema_never_turns_the_records_off(tmp_path, healthy, run):
    """Bytes set at random in the first page (the schema), any error they make."""
    rng = random.Random(run)
    page_size = int.from_bytes(healthy[16:18], "big")
    failures = []
    for n in range(25):
        data = bytearray(healthy)
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(100, page_size)] = rng.choice([0xC3, 0xFF, 0x00, rng.randrange(256)])
        available, notices, *_ = started(damaged_home(tmp_path / str(n), bytes(data)))
        if not available or any("Could not read the records" in notice for notice in notices):
            failures.append(notices)  # records off, or a file kept whose every read fails
    assert not failures, f"{len(failures)} of 25 files: {failures[:2]}"


@pytest.mark.slow
@pytest.mark.parametrize("run", range(6))
def test_random_damage_anywhere_never_turns_the_records_off(tmp_path, healthy, run):
    """Bytes flipped or overwritten anywhere past the header; the records stay on, and a file set aside keeps
    what can be read."""
    rng = random.Random(100 + run)
    failures = []
    for n in range(25):
        data = bytearray(healthy)
        for _ in range(rng.randint(1, 8)):
            at = rng.randrange(100, len(data))
            data[at] = data[at] ^ rng.randrange(1, 256) if rng.random() < 0.5 else rng.randrange(256)
        available, notices, *_ = started(damaged_home(tmp_path / str(n), bytes(data)))
        if not available or any("Could not read the records" in notice for notice in notices):
            failures.append(notices)  # records off, or a file kept whose every read fails
    assert not failures, f"{len(failures)} of 25 files: {failures[:2]}"


def test_a_file_set_aside_for_damage_in_one_table_keeps_the_others(tmp_path, healthy):
    """Damage the games table's pages only: the settings and the saved game are kept whole, and the games
    that can be read."""
    path = tmp_path / "probe.db"
    path.write_bytes(healthy)
    db = sqlite3.connect(path)
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()[0]
    page_size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    data = bytearray(healthy)
    start = (root - 1) * page_size
    data[start : start + 8] = b"\x0d\x00\x00\x00\xff\xff\xff\xff"  # the root page's header, nonsense
    available, notices, played, saved, theme = started(damaged_home(tmp_path, bytes(data)))
    assert available and any("was damaged" in n for n in notices), notices
    assert saved and theme == "dark", "what lives outside the damaged table is kept"


def test_damage_met_after_the_start_is_a_notice_and_a_kept_write_never_an_exception(tmp_path):
    """The schema damaged by another program while the game runs (its cookie moved, so every connection reads
    it again): reads answer neutrally with a notice, and a write waits, kept, for the next start (which sets
    the file aside and makes it)."""
    home = tmp_path / "home"
    path = populate(home, games=GAMES)
    store = Store.open(home=home)
    assert store.statistics("beginner").played > 0
    assert store.flush(30)  # the writer's work at the start first (older games' figures): the log is then free
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    data = bytearray(path.read_bytes())
    at = data.index(b"games_best", 100)
    data[at + 3] = 0xC3
    for field in (24, 40):  # the change counter and the schema cookie
        data[field : field + 4] = (int.from_bytes(data[field : field + 4], "big") + 1).to_bytes(4, "big")
    with open(path, "r+b") as file:
        file.write(data)
    assert store.statistics("beginner").played == 0, "before: UnicodeDecodeError out of the store"
    assert any("damaged" in notice for notice in store.notices), store.notices
    written = store.set_settings({"theme": "classic"})
    assert waited_for_trouble(store), "kept and tried again, not given up"
    assert not written.done
    store.close()
    available, notices, played, saved, theme = started(home)
    assert available and theme == "classic", "made at the next start, into the new file"
    assert played == GAMES


def waited_for_trouble(store):
    return store._writer.wait(lambda writer: writer.trouble is not None, 30)


def test_damage_inside_an_index_that_passes_the_quick_check_sets_the_file_aside(tmp_path, healthy):
    """A byte changed inside an index's entry (a game's category, as its index keeps it) leaves the file's
    structure whole, so the quick check passes it, and every read through that index is wrong or fails: a
    small file is checked fully at the start, its indexes against its tables, and set aside and made again
    from its rows."""
    path = tmp_path / "probe.db"
    path.write_bytes(healthy)
    db = sqlite3.connect(path)
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games_by_category'").fetchone()[0]
    page_size = db.execute("PRAGMA page_size").fetchone()[0]
    expected = db.execute("SELECT COUNT(*) FROM games WHERE category = 'beginner'").fetchone()[0]
    db.close()
    data = bytearray(healthy)
    page = data[(root - 1) * page_size : root * page_size]
    at = (root - 1) * page_size + page.index(b"beginner")
    data[at] = ord("c")  # "ceginner": that game is no beginner game as far as the index says
    damaged = tmp_path / "check.db"
    damaged.write_bytes(bytes(data))
    check = sqlite3.connect(damaged)
    assert check.execute("PRAGMA quick_check").fetchone() == ("ok",), "the quick check does not see it"
    check.close()
    available, notices, *_ = started(damaged_home(tmp_path, bytes(data)))
    assert available and any("was damaged" in n for n in notices), notices
    with Store.open(home=tmp_path / "home") as store:
        assert store.statistics("beginner").played == expected, "before: one game short, read through the index"
