"""Keys in a video: no other program's format has them, so a key is written (EVF) and counted (the figures) as
the mouse events that do the same on its cell: Space or Enter a left click (both buttons on an open number, a
chord), F a right click, and a cursor move nothing at all."""

from __future__ import annotations

from .events import KEY_CLICKS, KEYS, Video
from .lookup import positions


def as_mouse(video: Video) -> Video:
    """The video with each key replaced by the mouse events that do the same at its cell, at its time (a
    cursor move by nothing): what an EVF file holds, and what the figures count. The video itself when it has
    no keys. Its slices between keys are copied whole, so this is quick however long the video."""
    found = positions(video, KEYS)
    if not found:
        return video
    mouse = Video(
        video.rows,
        video.cols,
        video.mines,
        cell_size=video.cell_size,
        player=video.player,
        software=video.software,
        question_marks=video.question_marks,
        no_guess=video.no_guess,
        mode=video.mode,
        assisted=video.assisted,
        filtered=video.filtered,
        made_click=video.made_click,
    )
    columns = (video.kinds, video.times, video.xs, video.ys)
    copies = (mouse.kinds, mouse.times, mouse.xs, mouse.ys)
    done = 0
    for index in [*found, len(video)]:
        for column, copy in zip(columns, copies):
            copy.extend(column[done:index])
        if index < len(video):
            for kind in KEY_CLICKS[video.kinds[index]]:
                for copy, value in zip(copies, (kind, video.times[index], video.xs[index], video.ys[index])):
                    copy.append(value)
        done = index + 1
    return mouse
