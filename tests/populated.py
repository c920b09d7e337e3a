"""A records file with something in every table, as a player's is after a while: games won and lost on three
sizes with their move logs (so best times, recent games and replays all show), a game saved under way, and
settings. Made through the store, as the game makes it."""

import shutil
import sqlite3
from pathlib import Path

from game.model import Board, Move
from game.model.replay.replay import Replay
from game.store import DB_NAME, Store, schema
from game.store.kept import GameRecord

SIZES = ((9, 9, 10), (16, 16, 40), (10, 12, 15))  # two presets and a custom size


def played(rows, cols, mines, seed, win):
    """A board played from its centre, one second a click, to a win or (after a few clicks) a loss."""
    board = Board(rows, cols, mines, seed=seed)
    t = 0
    board.apply(Move("reveal", rows // 2, cols // 2).at(t))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    while board.state == "playing":
        t += 1000
        covered = [cell for cell in cells if not board.is_revealed(*cell)]
        safe = [cell for cell in covered if not board.is_mine(*cell)]
        cell = safe[0] if win or len(board.moves) < 4 else next(c for c in covered if board.is_mine(*c))
        board.apply(Move("reveal", *cell).at(t))
    return board, t


def record_of(board, elapsed_ms):
    return GameRecord(
        rows=board.rows,
        cols=board.cols,
        mines=board.mines,
        won=board.state == "won",
        time_ms=elapsed_ms,
        three_bv=board.three_bv,
        seed=board.seed,
        left_clicks=board.left_clicks,
        effective_clicks=board.effective_clicks,
        replay=Replay.from_game(board, elapsed_ms).to_json(),
    )


def saved_under_way(seed=5):
    """(board dict, elapsed ms, category) of an Intermediate game a few clicks in."""
    board = Board(16, 16, 40, seed=seed)
    board.apply(Move("reveal", 8, 8).at(0))
    flag = next(cell for cell in ((r, c) for r in range(16) for c in range(16)) if board.is_mine(*cell))
    board.apply(Move("flag", *flag).at(1500))
    return board.to_dict(), 2000, "intermediate"


def populate(home, games=12):
    """Fill the records in `home`; returns the path of the file."""
    store = Store.open(home=home)
    assert store.available, store.notices
    for n in range(games):
        rows, cols, mines = SIZES[n % len(SIZES)]
        store.record_game(record_of(*played(rows, cols, mines, seed=100 + n, win=n % 3 != 2)))
    board, elapsed, category = saved_under_way()
    store.save_resume(board, elapsed, category, {"origin": "new", "hinted": False, "no_guess": False})
    store.set_settings({"theme": "dark", "tile": 32, "custom": [10, 12, 15], "difficulty": "beginner"})
    path = store.path
    store.close()  # every write made
    return path


def version_6_file(home, records):
    """A records file shaped as the game before migration 7 left it, holding these games (recorded by this
    version, whose games rows are that version's; then the tables, columns and indexes of migrations 7 and 8
    dropped): for many games."""
    home.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(home / DB_NAME, isolation_level=None)
    for step in schema.MIGRATIONS[:6]:
        step(db)
    db.execute("PRAGMA user_version = 6")
    db.close()
    with Store.open(home) as store:  # the migration runs here; then the rows go in as an older game wrote them
        for record in records:
            store.record_game(record)
        assert store.flush(30)
    db = sqlite3.connect(home / DB_NAME, isolation_level=None)
    db.execute("DROP TABLE figures")
    db.execute("DROP INDEX IF EXISTS games_outcomes")  # the newer game's writer made it
    db.execute("DROP TABLE video_chunks")  # and migration 8's
    db.execute("DROP INDEX games_by_video")
    db.execute("ALTER TABLE games DROP COLUMN video")
    db.execute("ALTER TABLE resume DROP COLUMN video")
    db.execute("PRAGMA user_version = 6")
    db.close()


V6_FILE = Path(__file__).parent / "fixtures" / "records" / "v6.db"  # made by the game before migration 7


def version_6_records(home):
    """A copy in `home` of records the game left before it kept speed figures (schema version 6, made by that
    version: tests/fixtures/records): two Expert games (a win with its video and a flag, a win kept without
    its moves and no right click), three Intermediate ones (a loss with its video, a win whose log has its
    moves but no video, an assisted win with its video). Returns the file's path."""
    home.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy(V6_FILE, home / DB_NAME))


def progress_records(home, total=2000, category="expert", days=200, seed=7):
    """Records in `home` of `total` games of one board played over the last `days` days, getting faster (as a
    player's Progress shows them): a few real games with their moves, copied until there are `total`, each copy
    given its own date, time and 3BV/s. Returns the path of the file."""
    import random
    from datetime import datetime, timedelta, timezone

    from game.model import PRESETS

    preset = PRESETS[category]
    rows, cols, mines = preset.rows, preset.cols, preset.mines
    with Store.open(home=home) as store:
        for n in range(12):
            store.record_game(record_of(*played(rows, cols, mines, seed=300 + n, win=n % 4 != 3)))
        assert store.flush(60)
        path = store.path
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    columns = [row[1] for row in db.execute("PRAGMA table_info(games)") if row[1] not in ("id", "uid")]
    listed = ", ".join(columns)
    while (count := db.execute("SELECT COUNT(*) FROM games").fetchone()[0]) < total:
        top = db.execute("SELECT MAX(id) FROM games").fetchone()[0]
        db.execute(
            f"INSERT INTO games (id, {listed}) SELECT id + ?, {listed} FROM games ORDER BY id LIMIT ?",
            (top, min(count, total - count)),
        )
    pick = random.Random(seed)
    now = datetime.now(timezone.utc)
    ids = [row[0] for row in db.execute("SELECT id FROM games ORDER BY id")]
    played_days = sorted(pick.sample(range(days), k=days * 2 // 3), reverse=True)
    changes, figures = [], []
    for n, game_id in enumerate(ids):
        day = played_days[n * len(played_days) // len(ids)]
        when = now - timedelta(days=day, minutes=pick.randrange(600))
        skill = n / len(ids)
        time_ms = int(max(30.0, (160 - 90 * skill) * pick.lognormvariate(0, 0.25)) * 1000)
        won = pick.random() < 0.3 + 0.3 * skill
        changes.append((when.strftime("%Y-%m-%dT%H:%M:%S.%fZ"), time_ms, int(won), game_id))
    db.executemany("UPDATE games SET played_at = ?, time_ms = ?, won = ? WHERE id = ?", changes)
    db.execute("DELETE FROM figures")
    for game_id, bv, time_ms, won in db.execute("SELECT id, three_bv, time_ms, won FROM games"):
        figures.append((game_id, category, won, "row", bv * 1000 / time_ms if won else None, None, None, None))
    db.executemany(
        "INSERT INTO figures (game_id, category, timed, source, bbbv_s, ioe, stnb, nf) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        figures,
    )
    db.execute("COMMIT")
    db.close()
    return path
