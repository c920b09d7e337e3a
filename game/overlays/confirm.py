"""A yes/no question over the scene beneath. The safe answer is the default: Enter and Esc mean "no"; the
other answer takes a click on its button, its own key (named under the buttons), or Tab to it and Enter.

The question, its words and its answers come translated from whoever asks; the answer's own key is the first
letter of its word in the player's language, when that letter is one key to press (not in Chinese or Japanese)."""

import unicodedata

import pygame

from game import language
from game.language import _
from game.view import screens, text, theme, widgets
from game.view.focus import FocusRing
from game.view.scale import px
from game.view.scene import Context, Overlay
from game.view.typeface import BODY, SMALL, TINY

WIDTH, PAD, TOP, BUTTON_H, KEYS_H, MOST_LINES = 360, 14, 44, 38, 22, 4  # base pixels (scale.py), and lines


class ConfirmOverlay(Overlay[bool]):
    stops_time = True  # a question is read with the scene beneath it still: no video plays on behind it

    def __init__(self, context: Context, shown: screens.Confirm):
        super().__init__(context)
        question, detail, yes, no = shown.question, shown.detail, shown.yes, shown.no
        self.question = question
        letter = answer_letter(yes)
        self.yes_letter = letter  # typed as the keyboard's layout writes it (a Cyrillic letter, an accented one)
        base = unicodedata.normalize("NFD", letter)[:1]  # and the key of its letter without its accent
        self.yes_key: int | None = getattr(pygame, f"K_{base}", None) if base.isascii() and base else None
        w, h = self.window_size
        pad, button_h, keys_h = px(PAD), px(BUTTON_H), px(KEYS_H)
        width = min(px(WIDTH), w - px(16))
        room = pygame.Rect(0, 0, width - 2 * pad, text.line_height(BODY) * MOST_LINES)
        self.lines, self.size = text.fit_paragraph(detail, room, BODY, smallest=TINY)
        height = px(TOP) + text.line_height(self.size) * len(self.lines) + px(12) + button_h + keys_h + px(6)
        self.rect = pygame.Rect(0, 0, width, min(height, h - px(8)))
        self.rect.center = (w // 2, h // 2)
        half = (width - 2 * pad - px(10)) // 2
        top = self.rect.bottom - keys_h - px(6) - button_h
        self.yes = widgets.Button((self.rect.x + pad, top, half, button_h), yes, size=BODY)
        self.no = widgets.Button((self.rect.right - pad - half, top, half, button_h), no, size=BODY)
        self.no.marked = True  # the default
        self.focus = FocusRing([self.yes, self.no], start=self.no)
        if letter:
            # TRANSLATORS: under a question's two buttons; {key} is the first letter of the "yes" button's word
            self.keys_line = _("Enter or Esc: {no}   {key}: {yes}").format(no=no, key=letter.upper(), yes=yes)
        else:
            self.keys_line = _("Enter or Esc: {no}").format(no=no)

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.finish(False)
        elif event.type == pygame.KEYDOWN and self._yes_key(event):
            self.finish(True)
        elif (pressed := self.focus.handle(event)) is not None:
            self.finish(pressed is self.yes)
        elif self.yes.handle(event):
            self.finish(True)
        elif self.no.handle(event):
            self.finish(False)
        return True

    def _yes_key(self, event: pygame.event.Event) -> bool:
        """Whether a key pressed is the "yes" answer's letter (by its key, or the letter the layout typed)."""
        if not self.yes_letter:
            return False
        typed = getattr(event, "unicode", "") or ""
        return event.key == self.yes_key or (typed != "" and typed.lower() == self.yes_letter)

    def draw(self, surface: pygame.Surface) -> None:
        look = theme.current()
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill(look.overlay)
        surface.blit(shade, (0, 0))
        widgets.panel(surface, self.rect, title=self.question)
        y, step, pad = self.rect.y + px(TOP), text.line_height(self.size), px(PAD)
        box = pygame.Rect(self.rect.x + pad, y, self.rect.w - 2 * pad, step * len(self.lines))
        for line in self.lines:
            text.draw(surface, line, (self.rect.centerx, y), self.size, anchor="midtop", box=box)
            y += step
        self.yes.draw(surface)
        self.no.draw(surface)
        keys = pygame.Rect(self.rect.x + pad, self.rect.bottom - px(KEYS_H) - px(2), self.rect.w - 2 * pad, px(KEYS_H))
        text.draw_fitted(surface, self.keys_line, keys, SMALL, look.dim_text, "center", smallest=TINY)


def answer_letter(answer: str) -> str:
    """The letter that answers a question with `answer` (its word's first letter, lower case), or "" where a
    letter is no one key (Chinese, Japanese)."""
    if language.cjk():
        return ""
    return next((ch.lower() for ch in answer if ch.isalpha()), "")
