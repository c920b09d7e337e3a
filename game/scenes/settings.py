"""Settings: every option in one place, and the player's name (a text field); each change applies at once and is
kept for the next start."""

from typing import Any

import pygame

from game import language
from game.language import LANGUAGES, _, ngettext
from game.model import PRESETS, GuessRule, size_text
from game.settings import BY_KEY, LISTED, MAX_PLAYER_CHARS, BvPair, Setting, clean_player
from game.view import bv_wait, layout, noguess_wait, scale, screens, text, theme, widgets
from game.view.focus import FocusRing
from game.view.layout import MARGIN, Row
from game.view.scale import px
from game.view.scene import Context, Scene
from game.view.title import draw_title, title_bottom
from game.view.typeface import BODY, BOLD, SMALL, TINY

OPTIONS = LISTED
CHOICE_W = 170  # the button showing an option's value
# Eleven options, the name, a notice and Back: at their least (under a title drawn a little higher) they fit the
# 520 pixels an 800 x 600 screen leaves a window. An option with a note under its label gives up less height
# than one without, so that its two lines stay whole when the rows are squeezed.
OPTION_ROW, NOTICE_ROW, BACK_ROW = Row(44, 25, 6, 50), Row(34, 24, 4, 40), Row(44, 34, 10)  # notices: two lines
NOTED_ROW = Row(44, 30, 6, 50)  # an option with a note under its label
NAME_ROW = Row(44, 30, 4, 50)  # the player's name, under the options
TITLE_OFFSET = -18  # the Settings title has no subtitle: the options start just under it
BACK_W = 140
NAME = BY_KEY["player"]  # the setting the text field keeps
NAME_LABEL_W = 150  # the name's label and note, left of its field


def option_label(option: Setting) -> str:
    """An option's label in the language in effect. The Language row's also says "Language" in English after it
    when the game speaks another, so a player lost in a language they cannot read finds the way back."""
    said = _(option.label)
    if option.key == "language" and language.current() != language.ENGLISH and said != option.label:
        return f"{said} · Language"  # the English word stays English: it is the way back
    return said


def language_shown(value: str) -> str:
    """The Language setting's value: a language by its own name (never translated), or System with the language
    it comes to on this computer."""
    if value in LANGUAGES:
        return LANGUAGES[value]
    # TRANSLATORS: the Language setting's "follow the system" choice, with the language that comes to
    # ({language} is that language's own name, e.g. "Deutsch")
    return _("System ({language})").format(language=LANGUAGES[language.system_language()])


def label_and_note(words: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """Where a label and the note under it go in a row's words: the label on top, the note a line high at least
    (a short row on a small screen gives the note what it needs, not the share the label leaves it)."""
    note_h = max(words.h - words.h * 3 // 5 + px(2), text.line_height(TINY))
    label = pygame.Rect(words.x, words.y, words.w, words.h - note_h)  # what the note leaves: the two never meet
    return label, pygame.Rect(words.x, words.bottom - note_h, words.w, note_h)


def ranges_shown(ranges: dict[str, BvPair]) -> str:
    """The 3BV ranges in effect: "off", or each level's ("Expert: 150 or more; Custom: at most 70")."""
    if not ranges:
        return _("off")
    said = []
    for level, (low, high) in ranges.items():
        name = _(PRESETS[level].name) if level in PRESETS else _("Custom")
        # TRANSLATORS: a level and its 3BV range ("Expert: 150 or more"), in a list on Settings
        said.append(_("{level}: {range}").format(level=name, range=bv_wait.range_words(low, high)))
    # TRANSLATORS: what separates the items of a list of 3BV ranges on Settings
    return _("; ").join(said)


class SettingsScene(Scene):
    def __init__(self, context: Context, shown: screens.Settings):
        super().__init__(context)
        self.buttons = [widgets.Button((0, 0, 0, 0), "", size=BODY) for _option in OPTIONS]
        self.back = widgets.Button((0, 0, 0, 0), "")
        self.ranges_button = widgets.Button((0, 0, 0, 0), "", size=BODY)
        self.name_field = widgets.TextField((0, 0, 0, 0), context.settings["player"], max_chars=MAX_PLAYER_CHARS)
        self._lay_out()
        # Up and Down move the ring, Left and Right change the option it is on; on the name, keys type
        ring: list[widgets.Button | widgets.TextField] = [*self.buttons, self.name_field, self.ranges_button, self.back]
        self.focus: FocusRing[widgets.Button | widgets.TextField] = FocusRing(ring, arrows=False)
        self.focus.focus(self.buttons[0])  # the ring shows from the start: the keys edit what it is on
        self.typing = False  # text input is on (the ring is on the name)
        self._label_buttons()

    def _lay_out(self) -> None:
        """Place the rows and buttons in a window the size of a menu screen (at the interface's size now)."""
        self.window_size = layout.menu_window(self.context.max_window)
        width, height = self.window_size
        margin = px(MARGIN)
        rows = [NOTED_ROW if option.note or option.notes else OPTION_ROW for option in OPTIONS] + [
            NAME_ROW,
            NOTICE_ROW,
            BACK_ROW,
        ]
        places = layout.stack(title_bottom(TITLE_OFFSET), height - margin // 2, rows, spread=True)
        choice_w = min(px(CHOICE_W), (width - 2 * margin) // 2)
        self.rows = [pygame.Rect(margin, y, width - 2 * margin, h) for y, h in places[: len(OPTIONS)]]
        for row, button in zip(self.rows, self.buttons):
            button.rect = pygame.Rect(row.right - choice_w, row.y + px(2), choice_w, row.h - px(4))
        name_y, name_h = places[len(OPTIONS)]
        self.name_row = pygame.Rect(margin, name_y, width - 2 * margin, name_h)
        field_w = max(choice_w, self.name_row.w - px(NAME_LABEL_W))
        self.name_field.rect = pygame.Rect(self.name_row.right - field_w, name_y + px(2), field_w, name_h - px(4))
        notice_y, notice_h = places[-2]
        self.notice_line = pygame.Rect(margin, notice_y, width - 2 * margin, notice_h)
        back_y, back_h = places[-1]
        # Boards by 3BV opens a form of its own: beside Back, as the options leave no row for it on a small screen
        self.ranges_button.rect, self.back.rect = layout.split(
            layout.centred(2 * BACK_W + 20, back_y, back_h, width), 2, 20
        )
        # TRANSLATORS: the Settings button that opens the form of each level's 3BV range (about 16 characters)
        self.ranges_button.label = _("Boards by 3BV")
        self.back.label = _("Back")  # here, as every label: a language change lays the screen out again
        self._label_buttons()

    def rescaled(self) -> None:
        """The Interface size or the Language was changed here: this screen takes the new size, and speaks the
        new language, at once."""
        self._lay_out()
        self.context.fit_window(self)
        self.invalidate()

    @property
    def selected(self) -> int | None:
        """The option the keyboard is on (its index), or None on Back."""
        current = self.focus.current
        return next((n for n, button in enumerate(self.buttons) if button is current), None)

    def _label_buttons(self) -> None:
        for option, button in zip(OPTIONS, self.buttons):
            button.label = self._shown(option, self.context.settings[option.key])

    def _shown(self, option: Setting, value: Any) -> str:  # Any: each option's values are its own type
        """An option's value in words; the sizes as they come out on this screen (the zoom's cells are scaled
        with the interface, and Auto is whatever this screen makes it)."""
        if option.key == "interface":
            return scale.label(value, self.context.desktop_size)
        if option.key == "tile":
            return f"{scale.px(value)} px"
        if option.key == "language":
            return language_shown(value)
        return _(option.shown(value))

    def change(self, option: Setting, step: int = 1) -> None:
        """The next (or previous) choice of an option: applied now, kept for the next start."""
        self.context.settings.cycle(option.key, step)
        self._label_buttons()

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if not self._name(event):
            self._option(event)
        on_name = self.focus.current is self.name_field
        self.name_field.focused = on_name  # a click on an option takes the ring, and the typing, away
        self._typing(on_name)

    def _option(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.context.show(screens.Menu())
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.focus.step(1 if event.key == pygame.K_DOWN else -1)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus.current is self.ranges_button:
                self.press(self.ranges_button)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.selected is not None:
                self.focus.focus(self.buttons[self.selected])
                self.change(OPTIONS[self.selected], -1 if event.key == pygame.K_LEFT else 1)
            elif (pressed := self.focus.handle(event)) is not None:
                self.press(pressed)
            return
        for button in (*self.buttons, self.ranges_button, self.back):
            if button.handle(event):
                self.focus.current = button
                self.press(button)
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:  # a right click steps back
            for option, button in zip(OPTIONS, self.buttons):
                if button.rect.collidepoint(event.pos):
                    self.focus.current = button
                    self.change(option, -1)
                    return

    # --- the player's name ------------------------------------------------------------------------------

    PASSED_ON = (pygame.K_ESCAPE, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER)

    def _name(self, event: pygame.event.Event) -> bool:
        """The name's field: a click in it, and, while the ring is on it, typing and its keys (all but those
        that move the ring or leave). True when the event was the field's."""
        field = self.name_field
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and field.rect.collidepoint(event.pos):
            self.focus.focus(field)
            self._typing(True)
            return True
        if self.focus.current is not field:
            return False
        if event.type == pygame.TEXTINPUT or (event.type == pygame.KEYDOWN and event.key not in self.PASSED_ON):
            if field.handle(event):
                self._keep_name()
            return True
        return False

    def _typing(self, typing: bool) -> None:
        """Text input on while the ring is on the name (an input method, an on-screen keyboard), else off."""
        if typing != self.typing:
            self.typing = typing
            (pygame.key.start_text_input if typing else pygame.key.stop_text_input)()

    def _keep_name(self) -> None:
        """The name as typed, cleaned as a video file takes it, applied and kept (each change, like any option)."""
        name = clean_player(self.name_field.value)
        if name != self.context.settings["player"]:
            self.context.settings.change("player", name)

    def on_exit(self) -> None:
        self._typing(False)

    def press(self, button: widgets.Button | widgets.TextField) -> None:
        if button is self.back:
            self.context.show(screens.Menu())
        elif button is self.ranges_button:
            self.context.show(screens.BvRanges())
        elif button is self.name_field:
            self._keep_name()  # Enter on the name: it is kept as it is typed anyway
        elif isinstance(button, widgets.Button):  # an option's (the name is the one field)
            self.change(OPTIONS[self.buttons.index(button)])

    def draw(self, surface: pygame.Surface) -> None:
        look = theme.current()
        self._label_buttons()  # a setting may have changed elsewhere (M mutes in a game)
        draw_title(surface, self.context.atlases, _("Settings"))
        for option, button, row in zip(OPTIONS, self.buttons, self.rows):
            words = pygame.Rect(row.x, row.y, button.rect.x - row.x - px(10), row.h)
            if said := option.note_for(self.context.settings[option.key]):
                label, note = label_and_note(words)
                text.draw_fitted(surface, option_label(option), label, BODY, weight=BOLD, smallest=TINY)
                text.draw_fitted(surface, _(said), note, TINY, look.dim_text, smallest=TINY)
            else:
                text.draw_fitted(surface, option_label(option), words, BODY, weight=BOLD)
            button.draw(surface)  # a language named in itself too: the text path draws every script
        self._draw_name(surface)
        notices = [self._ranges_in_effect(), self._no_guess_wait()]
        sound = getattr(self.context.sounds, "notice", None)
        if sound and not self.context.sounds.muted:
            notices.append(sound)
        if notice := " ".join(filter(None, notices)):
            text.draw_paragraph(surface, notice, self.notice_line, SMALL, look.error_text, smallest=TINY)
        self.ranges_button.draw(surface)
        self.back.draw(surface)

    def _draw_name(self, surface: pygame.Surface) -> None:
        look, row, field = theme.current(), self.name_row, self.name_field
        words = pygame.Rect(row.x, row.y, field.rect.x - row.x - px(10), row.h)
        label, note = label_and_note(words)
        text.draw_fitted(surface, _(NAME.label), label, BODY, weight=BOLD, smallest=TINY)
        text.draw_fitted(surface, _(NAME.note), note, TINY, look.dim_text, smallest=TINY)
        field.draw(surface)

    def _ranges_in_effect(self) -> str:
        """The 3BV ranges in effect (they change which boards are dealt), said under the options; "" without."""
        ranges = self.context.settings["bbbv_range"]
        if not ranges:
            return ""
        said = ranges_shown(ranges)
        if GuessRule.of(self.context.settings["no_guess"]) is GuessRule.NO_GUESS:
            # TRANSLATORS: on Settings: the 3BV ranges in effect, when No-guess boards is on too ({ranges} like
            # "Expert: 150 or more")
            return _("Boards by 3BV: {ranges} (not no-guess).").format(ranges=said)
        # TRANSLATORS: on Settings: the 3BV ranges in effect ({ranges} like "Expert: 150 or more")
        return _("Boards by 3BV: {ranges}.").format(ranges=said)

    def _no_guess_wait(self) -> str:
        """With no-guess on, what waiting for the custom board will be like, when it is worth a word (the
        presets are made at once); said here, before any first click."""
        settings = self.context.settings
        if settings["no_guess"] != GuessRule.NO_GUESS:
            return ""
        rows, cols, mines = settings["custom"]
        words = noguess_wait.advice(rows, cols, mines, short=True)
        if not words:
            return ""
        # TRANSLATORS: on the Settings screen with No-guess boards on: how long making the custom board takes
        # ({size} is like "30 x 16"; {advice} is a sentence of its own, without its full stop)
        said = ngettext(
            "No-guess custom {size}, {count} mine: {advice}.", "No-guess custom {size}, {count} mines: {advice}.", mines
        )
        return said.format(size=size_text(rows, cols), count=mines, advice=words)
