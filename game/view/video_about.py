"""What a video says of itself, under the board in Replay: who played it, with which program and version, when,
on which board, and the figures speed-runners judge it by."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.language import _, ngettext
from game.model import category_for, category_label
from game.video.figure_text import nf_mark, rates
from game.view import text, theme
from game.view.formats import date_text, format_time
from game.view.scale import px
from game.view.typeface import BOLD, REGULAR, SMALL, TINY

if TYPE_CHECKING:
    from game.files.reading import Watchable

LINES = 2
PAD = 4


def height() -> int:
    """The strip's height: its lines and a little room above and below."""
    return LINES * text.line_height(SMALL) + 2 * px(PAD)


def lines(watchable: Watchable) -> list[str]:
    """Two lines: who, with what and when; then the board, the result and the figures."""
    video, foreign, f = watchable.video, watchable.foreign, watchable.figures
    if foreign is not None:
        # TRANSLATORS: in a video's line in Videos, for a video that names no player
        player = video.player if video is not None and video.player else _("an unnamed player")
        country = f" ({foreign.country})" if foreign.country else ""
        when = f" · {date_text(foreign.started)}" if foreign.started is not None else ""
        who = f"{player}{country} · {foreign.program or foreign.format}{when} · {foreign.format}"
    else:
        who = watchable.name
    replay = watchable.replay
    board = category_label(category_for(replay.rows, replay.cols, replay.mines))
    if f is None:
        return [who, board]
    time = format_time(f.time_ms)
    # TRANSLATORS: a video's result in Videos' list: "won in 42.312 s"
    if f.won:
        result = _("won in {time}").format(time=time)
    elif f.lost:
        result = _("lost in {time}").format(time=time)
    else:
        result = _("not finished in {time}").format(time=time)
    rate = rates(f)  # as the figures beside the board write them ("-" where one does not apply)
    clicks = ngettext("{count} click", "{count} clicks", f.clicks).format(count=f.clicks)
    figures = (
        f"{board} · {result} · 3BV {f.bbbv_solved}/{f.bbbv} · "
        f"3BV/s {rate['3BV/s']} · ZiNi {f.zini} · IOE {rate['IOE']} · RQP {rate['RQP']} · STNB {rate['STNB']} · "
        f"{clicks} · corr {rate['Correctness']}" + (f" · {nf_mark()}" if f.nf else "")
    )
    return [who, figures]


def draw(surface: pygame.Surface, box: pygame.Rect, shown: list[str]) -> list[tuple[str, pygame.Rect]]:
    """The lines in the strip `box`; returns those cut short, whole, and where they show (for a tip)."""
    look = theme.current()
    surface.fill(look.face, box)
    pad = px(PAD)
    line_h = (box.h - 2 * pad) // LINES
    cut = []
    for n, line in enumerate(shown[:LINES]):
        row = pygame.Rect(box.x + px(12), box.y + pad + n * line_h, box.w - px(24), line_h)
        colour, weight = (look.text, BOLD) if n == 0 else (look.dim_text, REGULAR)
        drawn = text.draw_fitted(surface, line, row, SMALL, colour, "center", weight, TINY)
        if text.fit(line, row.w, SMALL, weight, TINY, row.h)[0] != line:
            cut.append((line, drawn))
    return cut
