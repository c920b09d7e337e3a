"""Play a code: type or paste a board code (checked as you type) and play the board it remakes."""

import pygame

from game import clipboard, config
from game.model.boardcode import decode
from game.scene import FormScene
from game.view import theme, widgets
from game.view.title import draw_title

MAX_CODE_CHARS = 40  # room for any code with its dashes, and a few stray spaces
MESSAGE_SIZE = 21
FOOTER = "Every game over shows its board's code: Copy code there, paste it here."


def check_code(text):
    """The BoardCode in the text, or the line that tells the player what is wrong: (code, message)."""
    try:
        return decode(text, max_side=config.CUSTOM_MAX_SIDE, min_side=config.CUSTOM_MIN_SIDE), None
    except ValueError as error:
        return None, str(error)


class CodeEntryScene(FormScene):
    def __init__(self, app):
        super().__init__(app)
        width = self.window_size[0]
        self.field = widgets.TextField((20, 150, width - 40, 46), max_chars=MAX_CODE_CHARS)
        self.field.focused = True
        self.note = None  # a word about the last paste, until the text changes
        self.paste_button = widgets.Button((width - 20 - 100, 106, 100, 36), "Paste", size=22)
        self.start = widgets.Button((70, 430, 140, 46), "Start", size=28)
        self.back = widgets.Button((230, 430, 140, 46), "Back", size=28)
        self.check()

    def check(self):
        self.code, self.error = check_code(self.field.value)
        self.start.enabled = self.code is not None

    def handle_form(self, event):
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_v
            and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_GUI)
        ):  # GUI: Cmd on a Mac
            self.paste()
            return
        if self.field.handle(event):
            self.note = None
            self.check()
        if self.paste_button.handle(event):
            self.paste()
        elif self.start.handle(event):
            self.try_start()
        elif self.back.handle(event):
            self.app.show("menu")

    def paste(self):
        self.field.focused = True
        text = " ".join(clipboard.paste().split())  # a copied line brings its line break
        if not text:
            self.note = "The clipboard has no text to paste."
            return
        self.field.value, self.note = text[:MAX_CODE_CHARS], None  # the field holds one code: a paste replaces it
        self.check()

    def try_start(self):
        """Play the board of the code: its first click is made for the player, so the board opens as it did
        (a code's board may have been seen before, so like "Same board" it never counts for best times)."""
        self.check()
        if self.code is None:
            return
        code = self.code

        def start():
            session, opening = self.app.dealer.from_code(code)
            self.app.show("playing", session=session, opening=opening, no_guess=code.no_guess)

        self.app.replace_saved_then(start)

    @property
    def atlas(self):
        return self.app.atlases.at(2)  # the current theme's, which the player may switch

    def message(self):
        """What is under the field: (paragraph, colour) pairs."""
        look = theme.current()
        if self.note:
            return [(self.note, look.error_text)]
        if self.code is not None:
            return [(self.code.describe(), look.text), (self.code.start_hint(), look.dim_text)]
        if self.field.value.strip():
            return [(self.error, look.error_text)]
        return [(self.error, look.dim_text)]  # nothing typed yet is no mistake

    def draw(self, surface):
        draw_title(surface, self.atlas, "Play a code", "The same board, from its code")
        box = self.field.rect
        widgets.text(surface, "Board code", (box.x, self.paste_button.rect.centery), 24, anchor="midleft", bold=True)
        self.paste_button.draw(surface)
        self.field.draw(surface, invalid=self.code is None and bool(self.field.value.strip()))
        y = box.bottom + 10
        for paragraph, colour in self.message():
            for line in widgets.wrap(paragraph or "", MESSAGE_SIZE, box.w):
                widgets.text(surface, line, (box.x, y), MESSAGE_SIZE, colour)
                y += 22
            y += 8
        self.start.draw(surface)
        self.back.draw(surface)
        lines = widgets.wrap(FOOTER, 20, self.window_size[0] - 40)
        y = self.window_size[1] - 14 - 18 * len(lines)
        for line in lines:
            widgets.text(surface, line, (self.window_size[0] // 2, y), 20, theme.current().dim_text, anchor="midtop")
            y += 18
