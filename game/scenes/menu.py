"""The menu: resume the saved game, pick a difficulty, a custom size or a board code, learn, see records, help,
or quit."""

import pygame

from game import config
from game.language import _
from game.model import PRESETS, mines_text, size_text
from game.play.dealer import Resuming
from game.settings import BY_KEY
from game.view import layout, screens, text, theme, widgets
from game.view.focus import FocusRing
from game.view.formats import format_time
from game.view.layout import MARGIN, Row
from game.view.scale import px
from game.view.scene import Context, Scene
from game.view.title import draw_title, title_bottom
from game.view.typeface import BODY, SMALL, TINY

BUTTON_W = 300
# A game button with its size under it; a row of two small ones (both taller in a tall window).
BIG, SMALL_ROW = Row(50, 40, largest=62), Row(38, 30, largest=46)
NOTICE_LINES = 3
NF_KEY = pygame.K_n  # NF mode (no flags) on or off, as the Settings screen's No flags option


class MenuScene(Scene):
    def __init__(self, context: Context, shown: screens.Menu):
        super().__init__(context)
        notice = shown.notice
        self.window_size = layout.menu_window(context.max_window)
        self.notices = [notice] if notice else []
        self.notices += context.take_notices()
        self.saved = context.dealer.keeper.saved
        self._sound_said = ""  # the notice M last gave
        self.resuming: Resuming | None = None  # a resume waiting for the records to grant its claim
        self._lay_out()

    def rescaled(self) -> None:
        """The interface's size or the language changed (the settings read late at start can change it while the
        menu shows): every button made again in it, the focus where it was."""
        ring = self.focus
        focused = self.buttons.index(ring.current) if ring.current in self.buttons else None
        self._lay_out()
        if focused is not None and focused < len(self.buttons):
            self.focus.current, self.focus.shown = self.buttons[focused], ring.shown
        self.invalidate()

    def _lay_out(self) -> None:
        context = self.context
        width, height = self.window_size
        footer = text.line_height(SMALL) * NOTICE_LINES + px(12)
        rows = [BIG._replace(gap=2)] + [BIG] * 4 + [SMALL_ROW._replace(gap=14)] + [SMALL_ROW] * 2
        places = layout.stack(title_bottom(), height - footer, rows, spread=True)
        column = layout.centred(BUTTON_W, 0, 0, width)

        def at(n: int) -> pygame.Rect:
            y, h = places[n]
            return pygame.Rect(column.x, y, column.w, h)

        # The Resume button's place is kept when there is nothing to resume, so the buttons never move.
        self.resume_slot = at(0)
        self.resume = None
        if self.saved is not None:
            self.resume = widgets.Button(self.resume_slot, _("Resume game"), self.saved.describe())
            self.resume.marked = True
        self.difficulty_buttons: dict[str, widgets.Button] = {}
        for n, (key, preset) in enumerate(PRESETS.items(), 1):
            size, mines_said = size_text(preset.rows, preset.cols), mines_text(preset.mines)
            best = context.store.best_times(key, limit=1)
            if best:
                # TRANSLATORS: under a difficulty's button: its size ("9 x 9"), its mines ("10 mines") and the best
                # time ("5.600 s")
                detail = _("{size}, {mines}; best {time}").format(
                    size=size, mines=mines_said, time=format_time(best[0].time_ms)
                )
            else:
                # TRANSLATORS: under a difficulty's button: its size ("9 x 9") and its mines ("10 mines")
                detail = _("{size}, {mines}").format(size=size, mines=mines_said)
            self.difficulty_buttons[key] = widgets.Button(at(n), _(preset.name), detail)
        rows_, cols, mines = context.settings["custom"]
        if context.settings["custom"] != BY_KEY["custom"].default or context.store.custom_categories():
            # TRANSLATORS: under the Custom button: the custom size last played ("30 x 16", "99 mines")
            detail = _("last: {size}, {mines}").format(size=size_text(rows_, cols), mines=mines_text(mines))
        else:  # nothing custom played yet: no "last" to speak of
            low, high = config.CUSTOM_MIN_SIDE, config.CUSTOM_MAX_SIDE
            # TRANSLATORS: under the Custom button before any custom game: the sizes it takes ("5 x 5", "100 x 100")
            detail = _("any size from {smallest} to {largest}").format(
                smallest=size_text(low, low), largest=size_text(high, high)
            )
        self.custom = widgets.Button(at(4), _("Custom"), detail)
        self.learn, self.play_code = _side_by_side(at(5), (_("Learn"), _("Play a code")))
        # TRANSLATORS: the menu's button for time trials (sets of boards to win in turn under one clock)
        self.trials, self.records = _side_by_side(at(6), (_("Trials"), _("Records")))
        self.settings, self.help, self.quit = _side_by_side(at(7), (_("Settings"), _("Help"), _("Quit")))
        self.notice_box = pygame.Rect(px(MARGIN), height - footer + px(4), width - 2 * px(MARGIN), footer - px(10))
        choices = (*self.difficulty_buttons.values(), self.custom, self.learn, self.play_code, self.trials)
        self.buttons = [b for b in (self.resume, *choices, self.records, self.settings, self.help, self.quit) if b]
        if self.resume is None:
            last = context.settings["difficulty"]
            (self.difficulty_buttons.get(last) or self.custom).marked = True
        self.focus = FocusRing(self.buttons, start=next(b for b in self.buttons if b.marked))

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_to_quit()
            return
        if event.type == pygame.KEYDOWN and event.key == NF_KEY:  # NF mode on or off: the next games' rule
            self.context.settings.cycle("no_flags")
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m:
            said = self.context.toggle_sound()
            self.notices = [n for n in self.notices if n is not self._sound_said] + [said]
            self._sound_said = said  # the last word on the sound, replaced by the next (in any language)
            return
        if (button := self.focus.pressed(event, self.buttons)) is not None:
            self.press(button)

    def press(self, button: widgets.Button) -> None:
        if button is self.resume:
            self.resume_game()
        elif button in self.difficulty_buttons.values():
            self.start(next(key for key, b in self.difficulty_buttons.items() if b is button))
        elif button is self.custom:
            self.context.show(screens.Custom())
        elif button is self.play_code:
            self.context.show(screens.CodeEntry())
        elif button is self.learn:
            self.context.show(screens.Learn())
        elif button is self.trials:
            self.context.show(screens.Trials())
        elif button is self.records:
            self.context.show(screens.Records())
        elif button is self.settings:
            self.context.show(screens.Settings())
        elif button is self.help:
            self.context.show(screens.Help())
        elif button is self.quit:
            self.ask_to_quit()

    def ask_to_quit(self) -> None:
        """Quit and Esc ask the same question, the same way (Enter means Stay)."""
        self.context.ask(
            _("Quit Minesweeper?"), _("Your records are kept."), yes=_("Quit"), no=_("Stay"), then=self._quit
        )

    def _quit(self, yes: bool) -> None:
        if yes:
            self.context.quit()

    def notify(self, message: str) -> None:
        self.notices.append(message)
        self.dirty = True

    def start(self, key: str) -> None:
        """A preset game; it replaces the saved game, if any, only after asking."""
        preset = PRESETS[key]

        def start() -> None:
            self.context.settings.change("difficulty", key)
            self.context.show(screens.Playing(session=self.context.dealer.new(preset.rows, preset.cols, preset.mines)))

        self.context.replace_saved_then(start)

    def resume_game(self) -> None:
        """Resume the saved game once it is checked (off the frame: a long game takes a second or more) and the
        records grant the claim on it (a frame or two; when they are busy, once they free up): another copy of
        the game may be playing it. The menu stays up meanwhile and says it is opening the game."""
        if self.resuming is not None:
            return
        self.resuming = self.context.dealer.resume()
        self.dirty = True

    def update(self, step: float) -> None:
        discarded = self.resuming is None and self.context.dealer.keeper.saved is None
        if self.resume is not None and self.resume.enabled and discarded:
            # being recorded as a loss before the chosen game starts: nothing to resume
            self.resume.enabled, self.resume.marked = False, False
            self.resume.sublabel = _("counting it as a loss")
            self.dirty = True
        if self.resuming is not None and self.resuming.done:
            session = self.context.dealer.resumed(self.resuming)
            self.resuming = None
            if session is None:  # another copy has it: the menu says so
                self.context.show(screens.Menu())
            elif session.trial is not None:  # a board of a time trial: it goes on in its run
                self.context.show(screens.Trials(resumed=session))
            else:
                self.context.show(screens.Playing(session=session))

    def next_wake(self) -> float | None:
        return 0.0 if self.resuming is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        no_flags = self.context.settings["no_flags"]
        # TRANSLATORS: the menu's subtitle while NF mode is on (games played with no flags at all)
        subtitle = _("Choose a game: NF mode, no flags") if no_flags else _("Choose a game")
        draw_title(surface, self.context.atlases, _(config.TITLE), subtitle)
        if self.resume is None:
            placeholder = widgets.Button(self.resume_slot, _("Resume game"), _("no game under way"), enabled=False)
            placeholder.draw(surface)
        for button in self.buttons:
            button.draw(surface)
        look = theme.current()
        if self.resuming is not None:
            # TRANSLATORS: under the menu while a saved game opens ({game} describes it: its size, its time)
            message = _("Opening the saved game ({game})...").format(game=self.resuming.saved.describe())
            colour = look.dim_text
        elif self.notices:
            message, colour = " ".join(self.notices[-3:]), look.error_text
        elif no_flags:
            # TRANSLATORS: under the menu while NF mode is on; N is the key that turns it off
            message, colour = _("NF mode: right click and F place no flag. N turns it off."), look.heading
        else:
            # TRANSLATORS: under the menu; N is the key that turns NF mode (no flags) on
            tip = _("Left click opens, right click flags. Arrows and Enter work too. N: no flags (NF).")
            message, colour = tip, look.dim_text
        text.draw_paragraph(surface, message, self.notice_box, SMALL, colour, "center", smallest=TINY, valign="bottom")


def _side_by_side(row: pygame.Rect, labels: tuple[str, ...]) -> tuple[widgets.Button, ...]:
    """Small buttons side by side in a row."""
    return tuple(widgets.Button(rect, label, size=BODY) for rect, label in zip(layout.split(row, len(labels)), labels))
