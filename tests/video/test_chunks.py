"""A long video in chunks: each chunk packs small and reads back exactly, a damaged or oversized one is refused
before it costs anything, and a save's value names its chunks and carries only the events after them."""

import random
import zlib

import pytest

from game.video.chunks import (
    BYTES_PER_EVENT,
    CHUNK_EVENTS,
    MAX_CHUNK_BYTES,
    MAX_CHUNKS,
    Sealed,
    chunk_bytes,
    pack_chunk,
    unpack_chunk,
)
from game.video.events import Mouse, Video, VideoError
from game.video.packed import FORMAT_CHUNKED, pack, read, unpack

ROWS, COLS = 16, 30
WIDTH, HEIGHT = COLS * 16, ROWS * 16


def moving(events, seed=1):
    """A video of a hand moving the mouse about at 1,000 Hz (a smooth, jittery walk), with a click now and
    then and the odd trip off the board."""
    rng = random.Random(seed)
    video = Video(ROWS, COLS, frozenset({(0, 0), (15, 29)}))
    x, y, vx, vy, t = 200.0, 100.0, 0.0, 0.0, 0
    for _ in range(events):
        t += 1 if rng.random() < 0.9 else rng.randint(2, 4)
        vx, vy = 0.95 * vx + rng.gauss(0, 0.6), 0.95 * vy + rng.gauss(0, 0.6)
        x, y = min(max(x + vx, 0), WIDTH + 20), min(max(y + vy, 0), HEIGHT - 1)
        kind = Mouse.MOVE if rng.random() > 0.002 else rng.choice([Mouse.LEFT_PRESS, Mouse.LEFT_RELEASE])
        video.append(kind, t, int(x), int(y))
    return video


def columns(video, first=0, end=None):
    return [list(column[first:end]) for column in (video.kinds, video.times, video.xs, video.ys)]


def test_a_chunk_packs_small_and_reads_back_exactly():
    video = moving(CHUNK_EVENTS)
    raw = chunk_bytes(video, 0, CHUNK_EVENTS)
    assert len(raw) == CHUNK_EVENTS * BYTES_PER_EVENT
    blob = pack_chunk(raw)
    assert len(blob) < 2 * CHUNK_EVENTS, f"{len(blob) / CHUNK_EVENTS:.2f} bytes an event on disk"
    back = unpack_chunk(blob, CHUNK_EVENTS, WIDTH, HEIGHT)
    assert [list(column) for column in back] == columns(video)


def test_a_chunk_is_any_run_of_the_video():
    video = moving(3000)
    back = unpack_chunk(pack_chunk(chunk_bytes(video, 1000, 1500)), 1500, WIDTH, HEIGHT)
    assert [list(column) for column in back] == columns(video, 1000, 2500)


def damaged(blob, how):
    if how == "a flipped byte":
        at = len(blob) // 2
        return blob[:at] + bytes([blob[at] ^ 0x40]) + blob[at + 1 :]
    if how == "cut short":
        return blob[: len(blob) // 2]
    if how == "a byte more":
        return blob + b"\0"
    if how == "not ours":
        return b"\x07" + blob[1:]
    raise AssertionError(how)


@pytest.mark.parametrize("how", ["a flipped byte", "cut short", "a byte more", "not ours"])
def test_a_damaged_chunk_is_refused(how):
    video = moving(2000)
    blob = pack_chunk(chunk_bytes(video, 0, 2000))
    with pytest.raises(VideoError):
        unpack_chunk(damaged(blob, how), 2000, WIDTH, HEIGHT)


def test_a_chunk_that_would_unpack_to_more_than_its_events_is_refused_without_unpacking_it():
    bomb = b"\x01" + zlib.compress(bytes(100 * 1024 * 1024), 9)  # 100 MB of zeros in 100 KB
    assert len(bomb) < MAX_CHUNK_BYTES
    with pytest.raises(VideoError, match="cut short or too long"):
        unpack_chunk(bomb, 10, WIDTH, HEIGHT)
    with pytest.raises(VideoError, match="larger than any"):
        unpack_chunk(bytes(MAX_CHUNK_BYTES + 1), 10, WIDTH, HEIGHT)
    with pytest.raises(VideoError, match="larger than any"):
        unpack_chunk(pack_chunk(chunk_bytes(moving(10), 0, 10)), CHUNK_EVENTS + 1, WIDTH, HEIGHT)


def test_a_chunk_whose_events_break_a_videos_rules_is_refused():
    video = moving(100)
    times_back = moving(100)
    times_back.times[50] = 0
    unknown = moving(100)
    unknown.kinds[10] = 99
    off = moving(100)
    off.xs[20] = WIDTH + 1
    for bad, reason in ((times_back, "go back"), (unknown, "no known kind"), (off, "off the board")):
        with pytest.raises(VideoError, match=reason):
            unpack_chunk(pack_chunk(chunk_bytes(bad, 0, 100)), 100, WIDTH, HEIGHT)
    assert unpack_chunk(pack_chunk(chunk_bytes(video, 0, 100)), 100, WIDTH, HEIGHT)


def sealed_in(video, chunks):
    """What the recorder does as the video grows: its whole chunks packed, kept by (id, part)."""
    sealed = Sealed("a1b2c3d4e5f60718")
    kept = {}
    while len(video) - sealed.events >= CHUNK_EVENTS:
        kept[sealed.chunks] = (CHUNK_EVENTS, pack_chunk(chunk_bytes(video, sealed.events, CHUNK_EVENTS)))
        sealed.chunks += 1
        sealed.events += CHUNK_EVENTS
    chunks.update({(sealed.video_id, part): chunk for part, chunk in kept.items()})
    return sealed


def reader(chunks):
    def read_chunks(video_id, count):
        if any((video_id, part) not in chunks for part in range(count)):
            raise VideoError("some of its chunks are missing")
        return [chunks[(video_id, part)] for part in range(count)]

    return read_chunks


def test_a_saved_long_video_names_its_chunks_and_carries_only_the_events_after_them():
    video = moving(2 * CHUNK_EVENTS + 500)
    chunks = {}
    sealed = sealed_in(video, chunks)
    data = pack(video, sealed=sealed)
    assert data["format"] == FORMAT_CHUNKED
    assert data["chunks"] == {"id": sealed.video_id, "chunks": 2, "events": 2 * CHUNK_EVENTS}
    assert len(data["kinds"]) < 4 * 500, "the save carries the last 500 events, not the video"
    whole = unpack(data, ROWS, COLS, video.mines, reader(chunks))
    assert columns(whole) == columns(video)
    tail, reference = read(data, ROWS, COLS, video.mines)
    assert not reference.held and columns(tail) == columns(video, 2 * CHUNK_EVENTS)
    assert pack(tail, sealed=reference) == data, "a save read without its chunks records the same reference"
    with pytest.raises(VideoError, match="not read"):
        unpack(data, ROWS, COLS, video.mines)


def test_a_long_video_missing_a_chunk_or_lying_about_them_is_refused():
    video = moving(2 * CHUNK_EVENTS + 10)
    chunks = {}
    data = pack(video, sealed=sealed_in(video, chunks))
    del chunks[(data["chunks"]["id"], 1)]
    with pytest.raises(VideoError, match="missing"):
        unpack(data, ROWS, COLS, video.mines, reader(chunks))
    for lie in ({"chunks": MAX_CHUNKS + 1}, {"events": 5}, {"id": ""}, {"id": 7}):
        with pytest.raises(VideoError):
            unpack({**data, "chunks": {**data["chunks"], **lie}}, ROWS, COLS, video.mines, reader(chunks))
