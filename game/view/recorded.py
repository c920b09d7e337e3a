"""A recorded game opened to watch: its move log read back as a replay and its video (Records and Progress, off
the frame)."""

from __future__ import annotations

from game import config
from game.model import Replay
from game.video import Video
from game.video.packed import ChunkReader, split_log, video_of
from game.video.playback import Playback


def read_log(
    log: str, read_chunks: ChunkReader | None = None, with_playback: bool = False
) -> tuple[Replay, Video | None, Playback | None]:
    """A game's move log read: its replay, the video beside its moves (None without one; a long one's chunks
    through `read_chunks`) and, when asked, that video on a clock (for a race). The video is split off first,
    as the replay's bound is on its moves. ValueError when the log is damaged."""
    moves, kept = split_log(log)
    replay = Replay.from_json(moves, config.CUSTOM_MAX_SIDE)
    video = video_of(replay, kept, read_chunks)
    return replay, video, Playback(video) if with_playback and video is not None and len(video) else None
