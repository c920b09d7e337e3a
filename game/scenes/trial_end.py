"""A time trial's end: the run's time against the best run, and every board of it with its time, the run's time
then and its split."""

from __future__ import annotations

import pygame

from game.language import _, ngettext
from game.model import PRESETS
from game.view import layout, screens, text, theme, trial_view, widgets
from game.view.focus import FocusRing
from game.view.formats import format_time
from game.view.layout import MARGIN, Row
from game.view.scale import px
from game.view.scene import Context, Scene
from game.view.title import draw_title, title_bottom
from game.view.typeface import BODY, LARGE, SMALL, TINY

TIME_ROW, VERDICT_ROW, TABLE_ROW, BUTTON_ROW = (
    Row(40, 30, 0, 48),
    Row(24, 18, 2, 28),
    Row(300, 80, 8, 2000),  # the table takes what room there is
    Row(40, 32, 8, 46),
)
BUTTON_W = 320
COLUMNS = (0.0, 0.08, 0.34, 0.52, 0.76)  # where each column starts, as a share of the table's width


class TrialEndScene(Scene):
    def __init__(self, context: Context, shown: screens.TrialEnd) -> None:
        super().__init__(context)
        self.window_size = layout.menu_window(context.max_window)
        # the run, the best one before it, and the records' answer on keeping it (what this screen says of the run
        # follows from the best before it: it never waits for that answer)
        self.trial, self.best_ms, self.kept = shown.trial, shown.best_ms, shown.kept
        self._lay_out()

    def rescaled(self) -> None:
        self._lay_out()
        self.invalidate()

    def _lay_out(self) -> None:
        width, height = self.window_size
        rows = [TIME_ROW, VERDICT_ROW, TABLE_ROW, BUTTON_ROW]
        places = layout.stack(title_bottom(-4), height - px(MARGIN) // 2, rows)
        inner = width - 2 * px(MARGIN)
        self.time_box, self.verdict_box, self.table_box = (pygame.Rect(px(MARGIN), y, inner, h) for y, h in places[:3])
        y, h = places[3]
        again, back = layout.split(layout.centred(BUTTON_W, y, h, width), 2)
        self.again = widgets.Button(again, _("Run again"), size=BODY)
        self.back = widgets.Button(back, _("Trials"), size=BODY)
        self.buttons = [self.again, self.back]
        self.focus = FocusRing(self.buttons, start=self.again)

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.context.show(screens.Trials())
            return
        button = self.focus.pressed(event, self.buttons)
        if button is self.again:
            context, key = self.context, self.trial.set_key
            context.replace_saved_then(lambda: trial_view.start(context, key))
        elif button is self.back:
            self.context.show(screens.Trials())

    def verdict(self) -> tuple[str, tuple[int, int, int]]:
        """What the run was against the best one, and its colour."""
        look, total = theme.current(), self.trial.elapsed_ms
        if self.best_ms is None:
            return _("Your first finished run of this set: the run to beat."), look.success_text
        if total < self.best_ms:
            # TRANSLATORS: a time trial's end: by how much the run beat the best one ("-1.23")
            said = _("New best run, {split} s against the best before it ({time}).")
            return said.format(split=trial_view.split_text(total - self.best_ms), time=format_time(self.best_ms)), (
                look.success_text
            )
        # TRANSLATORS: a time trial's end: how far behind the best run it was ("+1.23") and the best run's time
        said = _("{split} s behind the best run ({time}).")
        return said.format(
            split=trial_view.split_text(total - self.best_ms), time=format_time(self.best_ms)
        ), look.dim_text

    def draw(self, surface: pygame.Surface) -> None:
        trial, look = self.trial, theme.current()
        # TRANSLATORS: a time trial's end, under its title: the set ("10 Beginner") and the boards lost on the way
        subtitle = ngettext(
            "{set}, {lost} board lost on the way", "{set}, {lost} boards lost on the way", trial.lost
        ).format(set=_(trial.set.name), lost=trial.lost)
        draw_title(surface, self.context.atlases, _("Run finished"), subtitle)
        # TRANSLATORS: a time trial's end: the run's time ("45.678 s")
        said = _("Run time {time}").format(time=format_time(trial.elapsed_ms))
        text.draw_fitted(surface, said, self.time_box, LARGE, look.heading, "center", smallest=BODY)
        verdict, colour = self.verdict()
        text.draw_fitted(surface, verdict, self.verdict_box, SMALL, colour, "center", smallest=TINY)
        self._draw_table(surface)
        for button in self.buttons:
            button.draw(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        """Every board: its number, level, outcome and time, the run's time then, and the split at each win."""
        box, look = self.table_box, theme.current()
        size = SMALL if text.line_height(SMALL) * (len(self.trial.boards) + 1) <= box.h else TINY
        line = text.line_height(size)
        fits = max(1, box.h // line - 1)
        # TRANSLATORS: the headings of a finished time trial's table of boards (each a few characters)
        heads = (_("#"), _("Board"), _("Time"), _("Run"), _("Split"))
        self._draw_row(surface, heads, box.y, size, look.heading)
        splits = iter(self.trial.splits())
        boards, total = list(enumerate(self.trial.boards, 1)), 0
        shown = boards if len(boards) <= fits else boards[: fits - 1]
        for n, board in boards:
            total += board.time_ms
            split = next(splits) if board.won else None
            if (n, board) not in shown:
                continue
            level = _(PRESETS[board.level].name)
            # TRANSLATORS: a board of a time trial that was lost ({level}: "Beginner")
            what = level if board.won else _("{level}, lost").format(level=level)
            split_said = trial_view.split_text(split) if split is not None else ""
            row = (str(n), what, format_time(board.time_ms), format_time(total), split_said)
            colour = look.text if board.won else look.error_text
            # the split in good news' colour when ahead of the best run, in the error's when behind
            ahead = split is not None and split < 0
            split_colour = look.success_text if ahead else look.error_text if split is not None else colour
            y = box.y + line * shown.index((n, board)) + line
            self._draw_row(surface, row, y, size, colour, split_colour)
        if len(shown) < len(boards):
            left = len(boards) - len(shown)
            more = ngettext("and {count} more board", "and {count} more boards", left).format(count=left)
            self._draw_row(surface, ("", more, "", "", ""), box.y + line * fits, size, look.dim_text)

    def _draw_row(
        self,
        surface: pygame.Surface,
        cells: tuple[str, ...],
        y: int,
        size: int,
        colour: tuple[int, int, int],
        last_colour: tuple[int, int, int] | None = None,
    ) -> None:
        """One row of the table; `last_colour`: its last cell's (the split's), when not the row's."""
        box = self.table_box
        edges = [box.x + round(share * box.w) for share in COLUMNS] + [box.right]
        colours = [colour] * (len(cells) - 1) + [last_colour or colour]
        for words, left, right, shade in zip(cells, edges, edges[1:], colours):
            cell = pygame.Rect(left, y, right - left - px(4), text.line_height(size))
            text.draw_fitted(surface, words, cell, size, shade, "left", smallest=TINY)
