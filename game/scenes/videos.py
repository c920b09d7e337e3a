"""Videos: the speed-runners' videos (AVF, RMV, MVF, EVF) in the records folder's videos/, and our own exports,
listed to watch: each row's name and kind at once, its board, time and player as they are read (game.files.shelf).
A click (or Enter) opens it in Replay, read off the frame like a file dropped on the window."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.files.export import REPLAYS_FOLDER
from game.files.shelf import VIDEOS_FOLDER, Entry, Shelf
from game.language import _, ngettext, pgettext
from game.model import category_for, category_label
from game.store import data_folder
from game.view import layout, screens, text, theme, tip, widgets
from game.view.focus import FocusRing
from game.view.formats import format_time
from game.view.layout import MARGIN, Row
from game.view.scale import px
from game.view.scene import Context, Scene
from game.view.title import draw_title, title_bottom
from game.view.typeface import BODY, BOLD, REGULAR, SMALL, TINY

if TYPE_CHECKING:
    from pygame.typing import ColorLike

ROWS_SHOWN = 8
# Where to put videos, the list, a line under it (the hovered row's problem, or progress), the buttons.
# In a tall window the rows grow, then the rest spaces them out (base pixels: layout.stack scales them).
ROWS = [Row(34, 28, 0, 40), Row(44 * ROWS_SHOWN, 36 * ROWS_SHOWN, 6, 52 * ROWS_SHOWN), Row(20, 16, 4, 24)]
ROWS += [Row(44, 36, 8, 48)]
SCROLL_W, KIND_GAP = 10, 12
# A video's line in the list, by its outcome: {board} is its category ("Expert"), {time} like "38.412 s".
OUTCOMES = {
    # TRANSLATORS: a line of the Videos list: a won game's category and time
    "won": lambda: _("{board} · won in {time}"),
    # TRANSLATORS: a line of the Videos list: a lost game's category and time
    "lost": lambda: _("{board} · lost in {time}"),
    # TRANSLATORS: a line of the Videos list: an unfinished game's category and time
    "unfinished": lambda: _("{board} · unfinished in {time}"),
}
VIDEOS_SIZE = (600, 660)  # as wide as Records (less on a small screen): videos' names are long


class VideosScene(Scene):
    def __init__(self, context: Context, shown: screens.Videos):
        super().__init__(context)
        shelf = shown.shelf
        self.window_size = layout.menu_window(context.max_window, VIDEOS_SIZE)
        home = data_folder()
        self.folder = home / VIDEOS_FOLDER
        self.shelf = shelf or Shelf([self.folder, home / REPLAYS_FOLDER])
        width, height = self.window_size
        margin = px(MARGIN)
        inner = pygame.Rect(margin, 0, width - 2 * margin, 0)
        (where_y, where_h), (list_y, list_h), (line_y, line_h), (buttons_y, buttons_h) = layout.stack(
            title_bottom(-8), height - margin // 2, ROWS, spread=True
        )
        self.where = pygame.Rect(inner.x, where_y, inner.w, where_h)
        self.list_box = pygame.Rect(inner.x, list_y, inner.w - px(SCROLL_W + 4), list_h)
        self.bar = pygame.Rect(self.list_box.right + px(4), list_y, px(SCROLL_W), list_h)
        self.row_h = list_h // ROWS_SHOWN
        self.line = pygame.Rect(inner.x, line_y, inner.w, line_h)
        self.back = widgets.Button((inner.x + inner.w // 4, buttons_y, inner.w // 2, buttons_h), _("Back"))
        self.rows = [
            widgets.Button((self.list_box.x, self.list_box.y + n * self.row_h, self.list_box.w, self.row_h), "")
            for n in range(ROWS_SHOWN)
        ]
        self.first = 0  # the entry in the top row
        self.notice = ""
        self.notice_opens = False  # the notice says a video is being opened (not that one would not open)
        self.focus = FocusRing([*self.rows, self.back], start=self.back, arrows=False)
        self.pointer: tuple[int, int] | None = None  # where the mouse is, while it is over the window
        self.cut: list[tuple[str, pygame.Rect]] = []  # the rows' lines shown cut short, whole, and where

    # --- the list ------------------------------------------------------------------------------------------

    @property
    def entries(self) -> list[Entry]:
        return self.shelf.entries

    def entry_of(self, row: widgets.Button) -> Entry | None:
        index = self.first + self.rows.index(row)
        return self.entries[index] if index < len(self.entries) else None

    def scroll(self, by: int) -> None:
        most = max(0, len(self.entries) - ROWS_SHOWN)
        first = max(0, min(most, self.first + by))
        if first != self.first:
            self.first = first
            self.shelf.want(first)
            self.dirty = True

    def update(self, step: float) -> None:
        if self.shelf.poll():
            self.dirty = True
        for row in self.rows:
            entry = self.entry_of(row)
            row.enabled = entry is not None

    def next_wake(self) -> float | None:
        return 0.1 if not self.shelf.listed or self.shelf.unread else None

    def on_exit(self) -> None:
        self.shelf.close()

    # --- input ---------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        self.pointer = widgets.pointer_after(event, self.pointer)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        for button in (*self.rows, self.back):
            if button.handle(event):
                self.press(button)
                return

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.go_back()
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll(ROWS_SHOWN * (1 if key == pygame.K_PAGEDOWN else -1))
        elif key in (pygame.K_HOME, pygame.K_END):
            self.scroll(len(self.entries) * (1 if key == pygame.K_END else -1))
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self._step(1 if key == pygame.K_DOWN else -1)
        elif (pressed := self.focus.handle(event)) is not None:
            self.press(pressed)

    def _step(self, direction: int) -> None:
        """Up and Down move the ring through the rows, scrolling the list at its ends."""
        current = self.focus.current
        if not isinstance(current, widgets.Button) or current not in self.rows:
            self.focus.focus(self.rows[0] if direction > 0 else self.rows[-1])
            return
        at = self.rows.index(current) + direction
        if 0 <= at < ROWS_SHOWN and self.rows[at].enabled:
            self.focus.focus(self.rows[at])
        else:
            self.scroll(direction)

    def press(self, button: widgets.Button) -> None:
        if button is self.back:
            self.go_back()
            return
        entry = self.entry_of(button)
        if entry is not None:
            # TRANSLATORS: under the Videos list while a file opens ({name} is the file's name)
            self.notice, self.notice_opens = _("Opening {name}...").format(name=entry.name), True
            self.context.open_file(str(entry.path))

    def notify(self, message: str) -> None:
        """A video that would not open: said under the list."""
        self.notice, self.notice_opens = message, False
        self.dirty = True

    def go_back(self) -> None:
        self.context.show(screens.Records())

    # --- drawing -------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        look = theme.current()
        draw_title(surface, self.context.atlases, _("Videos"))
        # TRANSLATORS: above the Videos list: AVF, RMV, MVF and EVF are file formats; {folder} is a folder's path
        where = _("AVF, RMV, MVF or EVF files put in {folder}, and your exports").format(folder=self.folder)
        text.draw_paragraph(surface, where, self.where, SMALL, look.dim_text, smallest=TINY)
        self.cut = [] if _whole(where, self.where) else [(where, self.where)]  # a long folder's path, whole
        if not self.shelf.listed:
            text.draw_fitted(surface, _("Looking for videos..."), self.line, SMALL, look.dim_text, "center")
        elif not self.entries:
            box = pygame.Rect(self.list_box.x, self.list_box.y, self.list_box.w, 3 * text.line_height(BODY))
            empty = _("No videos yet: put some in the folder above, or export a game's replay (E in Replay).")
            text.draw_paragraph(surface, empty, box, BODY, look.dim_text, smallest=TINY)
        for row in self.rows:
            entry = self.entry_of(row)
            if entry is not None:
                self._draw_row(surface, row, entry)
        self._draw_bar(surface)
        self._draw_line(surface)
        self.back.draw(surface)
        tip.draw_words(surface, tip.cut_at(self.cut, self.pointer), self.pointer)  # a line cut short, whole

    def _draw_row(self, surface: pygame.Surface, row: widgets.Button, entry: Entry) -> None:
        look, rect = theme.current(), row.rect
        if row.hovered:
            surface.fill(look.hover, rect)
        if row.focused:
            widgets.focus_ring(surface, rect.inflate(-px(4), -px(4)))
        inner = rect.inflate(-px(12), -px(4))
        top = pygame.Rect(inner.x, inner.y, inner.w, inner.h // 2)
        bottom = pygame.Rect(inner.x, top.bottom, inner.w, inner.h - top.h)
        # TRANSLATORS: the kind of a file in the Videos list that is one of the game's own replays (not a video)
        kind = pgettext("a kind of file", "replay") if entry.kind == "replay" else entry.kind  # AVF, RMV...: as is
        kind_w = text.width(kind, SMALL)  # the kind as wide as it is: the name takes the rest
        name_box = pygame.Rect(top.x, top.y, top.w - kind_w - px(KIND_GAP), top.h)
        self._draw_line_of(surface, entry.name, name_box, look.text, BOLD)
        kind_box = pygame.Rect(top.right - kind_w, top.y, kind_w, top.h)
        text.draw_fitted(surface, kind, kind_box, SMALL, look.dim_text, "right", smallest=TINY)
        summary = entry.summary
        if entry.error:
            # TRANSLATORS: a line of the Videos list: why a file cannot be read ({error} says why)
            said, colour = _("cannot be read: {error}").format(error=entry.error), look.error_text
        elif summary is None:
            said, colour = _("reading..."), look.dim_text
        else:
            board = category_label(category_for(summary.rows, summary.cols, summary.mines))
            said = OUTCOMES.get(summary.outcome, OUTCOMES["unfinished"])()
            said = said.format(board=board, time=format_time(summary.time_ms))
            if summary.player:
                said = f"{said} · {summary.player}"  # a list of facts; the player's name as they wrote it
            colour = look.text
        self._draw_line_of(surface, said, bottom, colour, REGULAR)

    def _draw_line_of(
        self, surface: pygame.Surface, said: str, box: pygame.Rect, colour: ColorLike, weight: str
    ) -> None:
        """A row's line, fitted to its box; one cut short is kept whole, for the tip under the pointer."""
        drawn = text.draw_fitted(surface, said, box, SMALL, colour, "left", weight, TINY)
        if text.fit(said, box.w, SMALL, weight, TINY, box.h)[0] != said:
            self.cut.append((said, drawn))

    def _draw_bar(self, surface: pygame.Surface) -> None:
        """Where the rows on show are in the whole list."""
        total = len(self.entries)
        if total <= ROWS_SHOWN:
            return
        look = theme.current()
        pygame.draw.rect(surface, look.face, self.bar)
        widgets.bevel(surface, self.bar, raised=False, width=1)
        h = max(px(12), self.bar.h * ROWS_SHOWN // total)
        y = self.bar.y + (self.bar.h - h) * self.first // max(1, total - ROWS_SHOWN)
        pygame.draw.rect(surface, look.dim_text, (self.bar.x + px(2), y, self.bar.w - px(4), h))

    def _draw_line(self, surface: pygame.Surface) -> None:
        look = theme.current()
        hovered = next((self.entry_of(r) for r in self.rows if r.hovered or r.focused), None)
        if self.notice:
            colour = look.dim_text if self.notice_opens else look.error_text
            text.draw_fitted(surface, self.notice, self.line, SMALL, colour, "center", smallest=TINY)
        elif hovered is not None and hovered.error:
            # TRANSLATORS: under the Videos list: a file's name and why it cannot be read
            said = _("{name}: {error}").format(name=hovered.name, error=hovered.error)
            text.draw_fitted(surface, said, self.line, SMALL, look.error_text, "center")
        elif self.shelf.listed and self.entries:
            unread = self.shelf.unread
            count = len(self.entries)
            said = files_line(count, unread)
            text.draw_fitted(surface, said, self.line, SMALL, look.dim_text, "center", smallest=TINY)


def files_line(count: int, unread: int) -> str:
    """The line under the list: how many files, and how many are still being read."""
    if unread:
        files = ngettext("{count} file", "{count} files", count).format(count=count)
        reading = ngettext("reading {count} more", "reading {count} more", unread).format(count=unread)
        # TRANSLATORS: under the Videos list while files are read: "12 files; reading 3 more"
        return _("{files}; {reading}").format(files=files, reading=reading)
    return ngettext("{count} file: click it to watch it", "{count} files: click one to watch it", count).format(
        count=count
    )


def _whole(words: str, box: pygame.Rect) -> bool:
    """Whether a paragraph shows whole in `box` (as text.draw_paragraph draws it, down to TINY)."""
    lines, _size = text.fit_paragraph(words, box, SMALL, smallest=TINY)
    return " ".join(lines) == " ".join(words.split())
