"""Time trials: the sets of boards to win in turn under one clock, each with its best run, the rule they follow,
and the run under way to resume."""

from __future__ import annotations

import pygame

from game.language import _
from game.play.dealer import Resuming
from game.play.session import GameSession
from game.play.trial import SETS, Trial
from game.store.kept import SavedGame
from game.view import layout, screens, text, theme, trial_view, widgets
from game.view.focus import FocusRing
from game.view.formats import format_time
from game.view.layout import MARGIN, Row
from game.view.scale import px
from game.view.scene import Context, Scene
from game.view.title import draw_title, title_bottom
from game.view.typeface import BODY, SMALL, TINY

BUTTON_W, BACK_W = 320, 140
RULE_ROW, BIG, BACK_ROW = Row(100, 76, 0, 110), Row(50, 40, 8, 62), Row(40, 32, 12, 46)  # the rule: 6 lines in Russian
NOTICE_ROW = Row(20, 16, 4, 24)


class TrialsScene(Scene):
    def __init__(self, context: Context, shown: screens.Trials) -> None:
        super().__init__(context)
        self.window_size = layout.menu_window(context.max_window)
        self.notice = ""
        self.run = self._run_under_way()
        self.best = context.store.best_runs()
        self.resumed: GameSession | None = shown.resumed  # a run's board the menu resumed: played on at once
        self.resuming: Resuming | None = None  # the run's saved board being checked and claimed
        self._lay_out()

    def _run_under_way(self) -> Trial | None:
        kept = self.context.store.trial_under_way()
        if kept is None:
            return None
        try:
            return Trial.from_dict(kept)
        except ValueError as error:
            self.context.store.clear_trial()
            # TRANSLATORS: {why} says what was wrong with the kept run (often in English)
            self.notice = _("The run under way could not be read ({why}); it was forgotten.").format(why=error)
            return None

    def rescaled(self) -> None:
        self._lay_out()
        self.invalidate()

    def _lay_out(self) -> None:
        width, height = self.window_size
        rows = [RULE_ROW, BIG._replace(gap=6)] + [BIG] * len(SETS) + [NOTICE_ROW, BACK_ROW]
        places = layout.stack(title_bottom(-4), height - px(MARGIN) // 2, rows, spread=True)
        column = layout.centred(BUTTON_W, 0, 0, width)

        def at(n: int) -> pygame.Rect:
            y, h = places[n]
            return pygame.Rect(column.x, y, column.w, h)

        y, h = places[0]
        self.rule_box = pygame.Rect(px(MARGIN), y, width - 2 * px(MARGIN), h)
        run = self.run
        if run is not None:
            saved = self._saved_board()
            elapsed = run.elapsed_ms + (saved.elapsed_ms if saved is not None else 0)  # with its board under way
            # TRANSLATORS: under Resume run: the set ("10 Beginner"), the board to play ("4" of "10"), the run's time
            detail = _("{set}: board {board} of {boards}, {time}").format(
                set=_(run.set.name), board=run.won + 1, boards=run.set.wins_needed, time=format_time(elapsed)
            )
            self.resume = widgets.Button(at(1), _("Resume run"), detail)
            self.resume.marked = True
        else:
            self.resume = widgets.Button(at(1), _("Resume run"), _("no run under way"), enabled=False)
        self.set_buttons: dict[str, widgets.Button] = {}
        for n, (key, trial_set) in enumerate(SETS.items(), 2):
            best = self.best.get(key)
            detail = _("best run {time}").format(time=format_time(best.total_ms)) if best else _("no run finished yet")
            self.set_buttons[key] = widgets.Button(at(n), _(trial_set.name), detail)
        y, h = places[-2]
        self.notice_box = pygame.Rect(px(MARGIN), y, width - 2 * px(MARGIN), h)
        y, h = places[-1]
        self.back = widgets.Button(layout.centred(BACK_W, y, h, width), _("Back"), size=BODY)
        self.buttons = [b for b in (self.resume, *self.set_buttons.values(), self.back) if b.enabled]
        start = self.resume if self.resume.enabled else next(iter(self.set_buttons.values()))
        self.focus = FocusRing(self.buttons, start=start)

    # --- input ------------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if self.resuming is not None:
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.context.show(screens.Menu())
            return
        if (button := self.focus.pressed(event, self.buttons)) is not None:
            self.press(button)

    def press(self, button: widgets.Button) -> None:
        if button is self.back:
            self.context.show(screens.Menu())
        elif button is self.resume:
            self.resume_run()
        else:
            self.start(next(key for key, b in self.set_buttons.items() if b is button))

    def start(self, key: str) -> None:
        """A new run of a set; one under way is forgotten after asking (its board under way, if any, counts as
        a lost game, as any saved game replaced)."""
        context = self.context

        def begin() -> None:
            context.replace_saved_then(lambda: trial_view.start(context, key))

        if self.run is None:
            begin()
            return

        def answered(yes: bool) -> None:
            if yes:
                context.store.clear_trial()
                begin()

        # TRANSLATORS: {set} is the run's set ("10 Beginner"), {time} its time so far
        detail = _("The run under way ({set}, {time}) will be forgotten.").format(
            set=_(self.run.set.name), time=format_time(self.run.elapsed_ms)
        )
        context.ask(_("Start a new run?"), detail, yes=_("Start"), no=_("Cancel"), then=answered)

    def resume_run(self) -> None:
        """The run under way goes on: its saved board if it has one (checked and claimed as the menu resumes a
        game), else its next board."""
        run = self.run
        if run is None:
            return
        if self._saved_board() is not None:
            self.resuming = self.context.dealer.resume()
            return
        context = self.context
        context.replace_saved_then(lambda: trial_view.deal(context, run))

    def _saved_board(self) -> SavedGame | None:
        """The saved game when it is a board of the run under way."""
        run, saved = self.run, self.context.dealer.keeper.saved
        if run is None or saved is None or not isinstance(saved.extra, dict):
            return None
        return saved if saved.extra.get("trial") == run.run_id else None

    def update(self, step: float) -> None:
        if self.resumed is not None:
            session, self.resumed = self.resumed, None
            self.go_on(session)
        if self.resuming is not None and self.resuming.done:
            resumed = self.context.dealer.resumed(self.resuming)
            self.resuming = None
            if resumed is None:  # another copy has it, or it could not be read: Trials says so
                self.context.show(screens.Trials())
            else:
                self.go_on(resumed)

    def go_on(self, session: GameSession) -> None:
        """A saved board of a run, resumed: played on in its run, or as a game of its own when its run is gone."""
        if self.run is not None and session.trial == self.run.run_id:
            self.context.show(screens.Playing(session, trial=self.run))
        else:
            session.trial = None
            self.context.show(screens.Playing(session))

    def next_wake(self) -> float | None:
        return 0.0 if self.resuming is not None or self.resumed is not None else None

    def notify(self, message: str) -> None:
        self.notice = message
        self.dirty = True

    # --- drawing ---------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        draw_title(surface, self.context.atlases, _("Time trials"), _("Boards to win in turn, under one clock"))
        look = theme.current()
        text.draw_paragraph(surface, _(trial_view.RULE), self.rule_box, SMALL, look.dim_text, "center", smallest=TINY)
        for button in (self.resume, *self.set_buttons.values(), self.back):
            button.draw(surface)
        if self.resuming is not None:
            message, colour = _("Opening the run's saved board..."), look.dim_text
        else:
            message, colour = self.notice, look.error_text
        if message:
            text.draw_fitted(surface, message, self.notice_box, SMALL, colour, "center", smallest=TINY)
