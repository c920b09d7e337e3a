"""A long game's video in the records: written in chunks as it is played, each once; the save names them and
stays small; a resume reads them back whole (off the frame, after its claim); the record keeps them; they go
with a discarded save or forgotten games, and a start sweeps those nothing keeps; a chunk damaged or larger
than any the game writes is refused, and the game resumes without its video rather than not at all."""

import shutil
import sqlite3
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.model import Move
from game.play.board_ui import BoardUI, Motion, Press, Release
from game.play.dealer import Dealer
from game.scenes.records import read_log
from game.settings import Settings
from game.store import DB_NAME, Store, speed
from game.store.schema import SCHEMA_VERSION
from game.video import figures_of
from game.video.chunks import CHUNK_EVENTS, MAX_CHUNK_BYTES
from game.video.events import VideoError
from game.video.packed import FORMAT_CHUNKED, split_log, unpack
from tests.locker import held


class Rect(SimpleNamespace):
    def collidepoint(self, pos):
        return self.x <= pos[0] < self.x + self.w and self.y <= pos[1] < self.y + self.h


GEOMETRY = SimpleNamespace(
    view=Rect(x=0, y=0, w=144, h=144), scroll_x=0, scroll_y=0, tile=16, max_scroll=(0, 0), cell_at=lambda p: None
)


class Heard:
    """The session hearing input as the playing scene hands it over: with the UI state and the geometry."""

    def __init__(self, session):
        self.session = session

    def hear(self, event):
        self.session.hear(event, BoardUI(), GEOMETRY)


@pytest.fixture
def store(tmp_path):
    opened = Store.open(home=tmp_path)
    yield opened
    opened.close()


def dealer_of(store):
    return Dealer(store, Settings(store.settings(), save=lambda values: None), seed=5)


def long_game(dealer, events=2 * CHUNK_EVENTS + 1000):
    """A beginner game opened, then the mouse moved `events` times at 1,000 Hz, heard as the scene hears it."""
    session = dealer.new(9, 9, 10)
    recorder = Heard(session)
    recorder.hear(Press(0, (72, 72), 1))
    recorder.hear(Release(1, (72, 72), 1))
    session.apply(Move("reveal", 4, 4), t_ms=1)
    for t in range(2, events + 2):
        recorder.hear(Motion(t, (t % 144, (t * 7) % 144)))
    return session, recorder


def columns(video):
    return [list(column) for column in (video.kinds, video.times, video.xs, video.ys)]


def chunk_rows(store):
    db = sqlite3.connect(store.path)
    try:
        return db.execute("SELECT video, part, events FROM video_chunks ORDER BY video, part").fetchall()
    finally:
        db.close()


def test_a_long_game_is_saved_in_chunks_and_resumes_whole(store):
    dealer = dealer_of(store)
    session, _ = long_game(dealer)
    session.suspend()
    store.flush()
    video_id = session.sealed.video_id
    assert chunk_rows(store) == [(video_id, 0, CHUNK_EVENTS), (video_id, 1, CHUNK_EVENTS)]
    saved = store.load_resume()
    data = saved.extra["video"]
    assert data["format"] == FORMAT_CHUNKED and data["chunks"]["chunks"] == 2
    assert len(data["kinds"]) < 4 * CHUNK_EVENTS, "the save carries the events after the chunks, not the video"
    resuming = dealer.resume()
    assert resuming.wait(30) and resuming.claim.wait(30)
    resumed = dealer.resumed(resuming)
    assert columns(resumed.video) == columns(session.video), "every event came back, in order"
    assert resumed.sealed.chunks == 2 and resumed.sealed.held


def test_a_resumed_long_game_records_on_in_its_chunks_and_its_record_keeps_them(store):
    dealer = dealer_of(store)
    session, _ = long_game(dealer)
    session.suspend()
    store.flush()
    resuming = dealer.resume()
    assert resuming.wait(30)
    resumed = dealer.resumed(resuming)
    recorder = Heard(resumed)
    for t in range(10**6, 10**6 + CHUNK_EVENTS):
        recorder.hear(Motion(t, (t % 144, 3)))
    assert resumed.sealed.chunks == 3, "the next chunk, numbered on from the save's"
    assert resumed.abandon()
    store.flush()
    game = store.recent_games("beginner")[0]
    log = store.replay(game.game_id)
    assert len(log) < 4 * 2 * CHUNK_EVENTS, "the record's log names the chunks"
    _, data = split_log(log)
    video = unpack(data, 9, 9, frozenset(resumed.board.mine_cells()), store.chunk_reader())
    assert columns(video) == columns(resumed.video)
    assert {row[1] for row in chunk_rows(store)} == {0, 1, 2}


def test_a_discarded_long_game_keeps_its_video_in_its_record(store):
    dealer = dealer_of(store)
    session, _ = long_game(dealer)
    session.suspend()
    store.flush()
    assert dealer.abandon_saved().wait(30)  # Discard: recorded as abandoned, its chunks not read, only named
    store.flush()
    log = store.replay(store.recent_games("beginner")[0].game_id)
    video = unpack(split_log(log)[1], 9, 9, frozenset(session.board.mine_cells()), store.chunk_reader())
    assert columns(video) == columns(session.video)


def test_chunks_go_with_the_save_or_the_games_that_keep_them(store):
    dealer = dealer_of(store)
    session, _ = long_game(dealer)
    session.suspend()
    store.flush()
    store.discard_resume("a test")
    store.flush()
    assert chunk_rows(store) == [], "a save dropped unplayed takes its chunks"
    finished, _ = long_game(dealer)
    assert finished.abandon()
    store.flush()
    assert len(chunk_rows(store)) == 2, "a record keeps its chunks"
    store.reset_statistics("expert")
    store.flush()
    assert len(chunk_rows(store)) == 2, "another category's reset keeps them"
    store.reset_statistics("beginner")
    store.flush()
    assert chunk_rows(store) == []


def test_a_start_sweeps_the_chunks_nothing_keeps_of_copies_that_ended(tmp_path):
    with Store.open(home=tmp_path) as first:
        lost, _ = long_game(dealer_of(first))  # chunks written, then its save replaced: nothing names them
        kept, _ = long_game(dealer_of(first))
        kept.suspend()
        first.flush()
        with Store.open(home=tmp_path) as running:  # another copy starting while this one plays: they stay
            assert {row[0] for row in chunk_rows(running)} == {kept.sealed.video_id, lost.sealed.video_id}
    with Store.open(home=tmp_path) as later:
        assert {row[0] for row in chunk_rows(later)} == {kept.sealed.video_id}


def test_a_damaged_or_oversized_chunk_is_refused_and_the_game_resumes_without_its_video(store):
    dealer = dealer_of(store)
    session, _ = long_game(dealer)
    session.suspend()
    store.flush()
    video_id = session.sealed.video_id
    db = sqlite3.connect(store.path, isolation_level=None)
    db.execute("UPDATE video_chunks SET data = zeroblob(?) WHERE part = 1", (MAX_CHUNK_BYTES + 1,))
    db.close()
    with pytest.raises(VideoError, match="larger than any"):
        store.chunk_reader()(video_id, 2)
    resuming = dealer.resume()
    assert resuming.wait(30)
    resumed = dealer.resumed(resuming)
    assert resumed is not None and resumed.board.to_dict() == session.board.to_dict(), "the game resumes"
    assert len(resumed.video) == 0, "with a new video: the old one could not be read"
    db = sqlite3.connect(store.path, isolation_level=None)
    blob = db.execute("SELECT data FROM video_chunks WHERE part = 0").fetchone()[0]
    db.execute("UPDATE video_chunks SET data = ? WHERE part = 1", (blob[:-9] + bytes(9),))
    db.close()
    with pytest.raises(VideoError, match="damaged|cut short"):  # fetched, then refused as it is unpacked
        unpack(store.load_resume().extra["video"], 9, 9, frozenset(), store.chunk_reader())


def test_chunks_waiting_while_another_program_holds_the_records_are_kept_with_the_record(tmp_path):
    with Store.open(home=tmp_path) as store:
        dealer = dealer_of(store)
        with held(store.path):
            session, _ = long_game(dealer)
            assert session.abandon()  # the chunks and the record wait for the file, kept in the journal
            store._writer.wait(lambda writer: writer.trouble is not None)
        store.flush()
        log = store.replay(store.recent_games("beginner")[0].game_id)
        video = unpack(split_log(log)[1], 9, 9, frozenset(session.board.mine_cells()), store.chunk_reader())
        assert columns(video) == columns(session.video)


# --- records made before chunks (migration 8) -------------------------------------------------------------------

V7_FILE = Path(__file__).parent.parent / "fixtures" / "records" / "v7.db"  # made by the game before migration 8


def test_records_made_by_version_7_migrate_to_8_keeping_games_figures_and_save(tmp_path):
    """The records the game left at version 7 (its own file, tests/fixtures/records/make_v7.py): migration 8 at
    the start; its games keep their rows, figures and videos, its save resumes with its video, and a long game
    then goes to the new table in chunks."""
    home = tmp_path / "home"
    home.mkdir()
    path = Path(shutil.copy(V7_FILE, home / DB_NAME))
    before = sqlite3.connect(path)
    assert before.execute("PRAGMA user_version").fetchone()[0] == 7
    rows = before.execute("SELECT * FROM games ORDER BY id").fetchall()
    figures = before.execute("SELECT * FROM figures ORDER BY game_id").fetchall()
    before.close()
    with Store.open(home=home) as store:
        assert store.flush(30)
        lost, won = store.recent_games("beginner")
        assert (won.won, lost.won) == (True, False) and won.kept.source == speed.FROM_VIDEO
        for game in (won, lost):
            replay, video, _ = read_log(store.replay(game.game_id), store.chunk_reader())
            assert video is not None and figures_of(video).won == game.won
        dealer = dealer_of(store)
        resuming = dealer.resume()
        assert resuming.wait(30) and resuming.claim.wait(30)
        resumed = dealer.resumed(resuming)
        assert resumed.board.rows == 16 and resumed.video is not None and len(resumed.video) > 0
        assert resumed.abandon()
        session, _ = long_game(dealer)
        session.suspend()
        assert store.flush(30)
        assert len(chunk_rows(store)) == 2 and store.load_resume().extra["video"]["format"] == FORMAT_CHUNKED
    after = sqlite3.connect(path)
    assert after.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    kept = after.execute("SELECT * FROM games WHERE id <= 2 ORDER BY id").fetchall()
    assert [row[:-1] for row in kept] == rows and {row[-1] for row in kept} == {None}, "the new column: no chunks"
    # and migration 9: Beginner's figures worked out again, with the STNB version 7 did not give it
    stnb = 6  # figures' column
    again = after.execute("SELECT * FROM figures WHERE game_id <= 2 ORDER BY game_id").fetchall()
    assert [row[:stnb] + row[stnb + 1 :] for row in again] == [row[:stnb] + row[stnb + 1 :] for row in figures]
    assert all(row[1] == "beginner" and row[stnb] is None for row in figures)
    assert all(row[stnb] is not None and row[stnb] > 0 for row in again)


def test_a_large_boards_figures_are_worked_out_in_a_worker_with_its_chunks_read_ahead(store, monkeypatch):
    """The records' writer worked out a large board's figures on its thread, a tenth of a second and more of
    Python that the frames (the game's end among them) waited out; a worker has no connection to the records,
    so the chunks the log names go with it."""
    from game.store import video_chunks as videos
    from game.work import worker

    asked = []
    real_run = worker.run

    def run(target, *args, **kwargs):
        asked.append((target, args))
        return real_run(target, *args, **kwargs)

    monkeypatch.setattr(worker, "run", run)
    session = dealer_of(store).new(50, 50, 300)
    recorder = Heard(session)
    recorder.hear(Press(0, (72, 72), 1))
    recorder.hear(Release(1, (72, 72), 1))
    session.apply(Move("reveal", 4, 4), t_ms=1)
    for t in range(2, 2 * CHUNK_EVENTS + 1002):
        recorder.hear(Motion(t, (t % 144, (t * 7) % 144)))
    assert session.sealed.chunks == 2
    assert session.abandon()
    assert store.flush(120)
    ((target, (facts, log_text, reader)),) = [(t, a) for t, a in asked if t == "game.store.speed:work_out"]
    assert isinstance(reader, videos.ReadAhead) and len(reader.chunks) == 2, "the log's chunks went with it"
    (category,) = store.custom_categories()
    (game,) = store.recent_games(category)
    assert game.kept.source == speed.FROM_VIDEO, "the whole video, chunks and all, gave the figures"
    expected = figures_of(session.video)
    assert game.kept.ioe == pytest.approx(expected.ioe) and game.kept.nf == expected.nf
    assert videos.read_ahead(log_text, None) is None and videos.read_ahead("{}", store.chunk_reader()) is None
