"""A video's events packed for a save or a record's move log: read back exactly, refused when damaged, bounded."""

import base64
from array import array

import pytest

from game.video.events import Mouse, Video, VideoError
from game.video.packed import MAX_EVENTS, MAX_EVENTS_WITH_BUTTONS, pack, room_for, split_log, unpack, with_video


def sample():
    video = Video.from_text(["*..", "...", "..*"])
    video.append(Mouse.LEFT_PRESS, 0, 24, 24)
    video.append(Mouse.MOVE, 5, 30, 20)
    video.append(Mouse.LEFT_RELEASE, 93, 30, 20)
    video.append(Mouse.PAUSE, 93, 30, 20)
    video.append(Mouse.RESUME, 90_000, 30, 20)
    video.append(Mouse.MOVE, 90_001, -5, 3)  # off the board: its corner
    return video


def test_a_packed_video_reads_back_the_same():
    video = sample()
    again = unpack(pack(video), 3, 3, video.mines)
    assert list(again) == list(video)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(kinds="not base64!"),
        lambda d: d.update(times=base64.b64encode(b"\0\0\0").decode()),
        lambda d: d.update(kinds=base64.b64encode(bytes([1, 2, 3, 99, 100, 101])).decode()),
        lambda d: d.update(xs=base64.b64encode(b"\0\0" * 5).decode()),
        lambda d: d.update(format=2),
        lambda d: d.update(cell_size="16"),
        lambda d: d.update(times=base64.b64encode((5).to_bytes(4, "little") * 5 + (1).to_bytes(4, "little")).decode()),
        lambda d: d.update(xs=base64.b64encode((999).to_bytes(2, "little") * 6).decode()),
        lambda d: d.update(kinds="A" * (5 * MAX_EVENTS_WITH_BUTTONS)),
    ],
)
def test_a_damaged_video_is_refused_with_a_reason(damage):
    data = pack(sample())
    damage(data)
    with pytest.raises(VideoError):
        unpack(data, 3, 3, frozenset())


def test_the_move_log_carries_the_video_as_its_last_key():
    video = sample()
    text, data = split_log(with_video('{"format":"x","moves":[]}', video))
    assert text == '{"format":"x","moves":[]}' and list(unpack(data, 3, 3, video.mines)) == list(video)
    assert split_log('{"moves":[]}') == ('{"moves":[]}', None), "an old log has no video"
    assert split_log('{"moves":[],"video":{bad}') == ('{"moves":[],"video":{bad}', None)


def test_past_its_bound_a_video_keeps_only_the_buttons():
    video = Video.from_text(["*..", "...", "..*"])
    assert room_for(video, Mouse.MOVE)
    video.kinds.extend(array("B", [Mouse.MOVE]) * MAX_EVENTS)
    assert not room_for(video, Mouse.MOVE) and room_for(video, Mouse.LEFT_PRESS) and room_for(video, Mouse.PAUSE)
    video.kinds.extend(array("B", [Mouse.LEFT_PRESS]) * (MAX_EVENTS_WITH_BUTTONS - MAX_EVENTS))
    assert not room_for(video, Mouse.LEFT_PRESS)
