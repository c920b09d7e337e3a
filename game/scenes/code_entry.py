"""Play a code: type or paste a board code (checked as you type) and play the board it remakes."""

import pygame

from game import config
from game.language import N_, _
from game.model import BoardCode, decode_board_code
from game.view import clipboard, layout, screens, text, theme, widgets
from game.view.focus import ENTER_KEYS, FocusRing
from game.view.layout import MARGIN, Row
from game.view.scale import px
from game.view.scene import Context, FormScene
from game.view.title import draw_title, title_bottom
from game.view.typeface import BODY, BOLD, LARGE, TINY
from game.work.background import BackgroundJob

MAX_CODE_CHARS = 40  # room for any code with its dashes, and a few stray spaces
WHERE_CODES_ARE = N_("Every game over shows its board's code: Copy code there, paste it here.")  # `_` where shown


def check_code(text: str) -> tuple[BoardCode | None, str | None]:
    """The BoardCode in the text, or the line that tells the player what is wrong: (code, message)."""
    try:
        return decode_board_code(text, max_side=config.CUSTOM_MAX_SIDE, min_side=config.CUSTOM_MIN_SIDE), None
    except ValueError as error:
        return None, str(error)


# The label and Paste, the field, what the code is (or what is wrong with it, and where codes come from), Start
# and Back: in a tall window each grows a little and the rest spaces them out.
ROWS = [Row(36, 30, 12, 40), Row(46, 40, 6, 56), Row(150, 110, 10, 170), Row(46, 38, 10, 52)]
PASTE_W = 100
WINDOW = (440, 460)  # shorter than the other menu screens: a field and a few lines under it need no more


class CodeEntryScene(FormScene):
    def __init__(self, context: Context, shown: screens.CodeEntry):
        super().__init__(context)
        self.window_size = layout.menu_window(context.max_window, WINDOW)
        width, height = self.window_size
        (top_y, top_h), (field_y, field_h), (message_y, message_h), (buttons_y, buttons_h) = layout.stack(
            title_bottom(-10), height - px(MARGIN) // 2, ROWS, spread=True
        )
        margin = px(MARGIN)
        inner = width - 2 * margin
        paste_w = px(PASTE_W)
        self.paste_button = widgets.Button((width - margin - paste_w, top_y, paste_w, top_h), _("Paste"), size=BODY)
        self.label = pygame.Rect(margin, top_y, inner - paste_w - px(10), top_h)
        self.field = widgets.TextField((margin, field_y, inner, field_h), max_chars=MAX_CODE_CHARS)
        self.field.focused = self.field.enabled = True
        self.message_box = pygame.Rect(margin, message_y, inner, message_h)
        row = layout.centred(300, buttons_y, buttons_h, width)
        self.start, self.back = (
            widgets.Button(r, label) for r, label in zip(layout.split(row, 2, 20), (_("Start"), _("Back")))
        )
        ring: list[widgets.TextField | widgets.Button] = [self.field, self.paste_button, self.start, self.back]
        self.focus: FocusRing[widgets.TextField | widgets.Button] = FocusRing(ring, self.field, press_keys=ENTER_KEYS)
        self.focus.focus(self.field)  # shown from the start: the typing goes where the ring is
        self.note: str | None = None  # a word about the last paste, until the text changes
        self.pasting: BackgroundJob[str] | None = None  # the clipboard being read (off the frame)
        self.check()

    def check(self) -> None:
        self.code, self.error = check_code(self.field.value)
        self.start.enabled = self.code is not None

    def handle_form(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_v
            and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_GUI)
        ):  # GUI: Cmd on a Mac
            self.paste()
            return
        pressed = self.focus.handle(event)
        if event.type == pygame.KEYDOWN:  # the typing goes where the ring is
            self.field.focused = self.focus.current is self.field
        if self.field.handle(event):
            self.note = None
            self.check()
        if pressed is self.paste_button or self.paste_button.handle(event):
            self.paste()
        elif pressed is self.back or self.back.handle(event):
            self.context.show(screens.Menu())
        elif pressed in (self.field, self.start) or self.start.handle(event):
            self.try_start()

    def paste(self) -> None:
        """Ask for the clipboard's text, off the frame (its owner may keep it waiting): `update` puts it in."""
        self.field.focused = True
        if self.pasting is None:
            self.pasting = clipboard.paste_later()

    def update(self, step: float) -> None:
        super().update(step)
        job = self.pasting
        if job is None or not job.done:
            return
        self.pasting = None
        self.dirty = True
        pasted = " ".join((job.result or "").split())  # a copied line brings its line break
        if not pasted:
            self.note = _("The clipboard has no text to paste.")
            return
        self.field.value, self.note = pasted[:MAX_CODE_CHARS], None  # the field holds one code: a paste replaces it
        self.check()

    def next_wake(self) -> float | None:
        return 0.0 if self.pasting is not None else super().next_wake()

    def try_start(self) -> None:
        """Play the board of the code: its first click is made for the player, so the board opens as it did
        (a code's board may have been seen before, so like "Same board" it never counts for best times)."""
        self.check()
        if self.code is None:
            return
        code = self.code

        def start() -> None:
            session, made_click = self.context.dealer.from_code(code)
            self.context.show(screens.Playing(session=session, made_click=made_click))

        self.context.replace_saved_then(start)

    def message(self) -> list[tuple[str | None, tuple[int, ...]]]:
        """What is under the field: (paragraph, colour) pairs."""
        look = theme.current()
        if self.note:
            return [(self.note, look.error_text)]
        if self.code is not None:
            first = self.code.start_hint() or _("It has not been played yet: any first click is safe.")
            return [(self.code.describe(), look.text), (first, look.dim_text)]
        if self.field.value.strip():
            return [(self.error, look.error_text), (_(WHERE_CODES_ARE), look.dim_text)]
        return [(self.error, look.text), (_(WHERE_CODES_ARE), look.dim_text)]  # nothing typed yet is no mistake

    def draw(self, surface: pygame.Surface) -> None:
        draw_title(surface, self.context.atlases, _("Play a code"), _("The same board, from its code"))
        text.draw_fitted(surface, _("Board code"), self.label, LARGE, weight=BOLD)
        self.paste_button.draw(surface)
        self.field.draw(surface, invalid=self.code is None and bool(self.field.value.strip()))
        box, parts = self.message_box, self.message()
        y = box.y
        for n, (paragraph, colour) in enumerate(parts):  # the first gets at most half the room, the last the rest
            room = box.bottom - y if n == len(parts) - 1 else box.h // len(parts)
            part = pygame.Rect(box.x, y, box.w, room)
            y = text.draw_paragraph(surface, paragraph or "", part, LARGE, colour, smallest=TINY) + px(8)
        self.start.draw(surface)
        self.back.draw(surface)
