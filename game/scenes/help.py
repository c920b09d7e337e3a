"""Help: the rules, the controls, replays and what the figures after a game mean, a page each."""

import pygame

from game.view import layout, screens, text, widgets
from game.view.focus import FocusRing
from game.view.formats import FIGURES as FIGURE_WORDS
from game.view.formats import SPEED_RUN_FIGURES
from game.view.layout import MARGIN, Row
from game.view.scale import px
from game.view.scene import Context, Scene
from game.view.title import draw_title, title_bottom
from game.view.typeface import BODY, BOLD, SMALL, TINY

FIRST_CLICK = "first click"  # stands for the sentence that follows the First click setting
FIRST_CLICK_RULES = {
    "opening": "Your first click is never a mine, and never a number: it opens an area.",
    "safe": "Your first click is never a mine (it may be a number; Settings can make it open an area).",
}

RULES = [
    "Open every safe cell without opening a mine.",
    "A number tells how many of the 8 cells around it hide mines.",
    "A cell with no mines around opens its whole area at once.",
    FIRST_CLICK,
    "Same board and Play a code make that first click for you, so the board opens as it did; your clock "
    "starts at your next click.",
    "Leaving a game under way for a new one counts as a loss; Esc or closing the window keeps it.",
    "Your time runs from the click that opens the first cell, to the millisecond; a pause, a question or a saved "
    "game's time away is never counted.",
    "Flag the cells you know are mines: a flagged cell cannot be opened by mistake.",
    "A game over shows its board's code (MS1-...): Play a code in the menu deals that board again, anywhere.",
    "Learn, in the menu: ten short lessons on what the numbers prove, and a drill of positions from real games.",
]

MOUSE = [
    ("Left click", "open a cell"),
    ("Right click", "flag it, again to unflag (a ? mark between, if question marks are on)"),
    (
        "Chord",
        "both buttons, the middle button, or a left click on a number with all its flags placed: "
        "opens the rest of its neighbours",
    ),
    ("Face", "new game of the same size (a game under way counts as lost)"),
    ("Hint", "the button under the board: as H (the game then counts as assisted)"),
    ("Wheel", "scrolls a board larger than the window (Shift: sideways); a middle-button drag too"),
    ("Ctrl+wheel", "zoom in and out"),
]

KEYS = [
    ("Arrows, WASD", "move the cursor"),
    ("Space, Enter", "open the cell (on a number: chord)"),
    ("F", "flag or unflag the cell"),
    ("N or F2", "new game of the same size (a game under way counts as lost)"),
    ("P", "pause: the board hides and the clock stops"),
    ("H", "hint: a safe cell (else a mine, or the best guess) and the numbers that prove it"),
    ("G", "the cursor onto the hinted cell: Space opens it if safe; on a mine Space does nothing, F flags it"),
    ("C", "mine chances on every covered cell; hover one for its %"),
    ("M", "sound on or off"),
    ("Ctrl + - 0", "zoom in, out, back to normal"),
    ("Esc", "back to the menu (the game stays saved; its clock waits for your next move; a race ends)"),
]

AFTER = [
    (
        "Game over",
        "your figures and guesses; after a loss, whether the last click was a forced guess or "
        "avoidable (a safe cell was there, marked, or the cell opened was proved a mine)",
    ),
    ("R", "replay the game"),
    ("S", "after a loss with a safe cell missed: try the position before the losing click again (nothing is recorded)"),
    ("Space", "replay: play or pause"),
    ("Left, Right", "replay: a move back or on (Home, End: start, end)"),
    ("- +", "replay: slower, faster (0.1x to 10x); the seek bar goes anywhere"),
    (", .", "replay of a recorded game: an event of the mouse back or on ([ ]: a click)"),
    ("E", "replay: save it as a file in the records folder's replays/"),
    ("B", "replay of a recorded game: race its ghost on its board (O: the cells the ghost opened)"),
    ("Drop a file", "a replay or a video (AVF, RMV, MVF, EVF) dropped here plays"),
    ("Records", "click a game listed there to watch it; B races it"),
]

# (The board's code is on the Rules page: the Figures page has room for the rest at the size of the others.)
FIGURES = [
    (name, words.rstrip("."))
    for name, words in FIGURE_WORDS.items()
    if name not in SPEED_RUN_FIGURES and name != "Code"
]
SPEED_RUNS = [(name, FIGURE_WORDS[name].rstrip(".")) for name in SPEED_RUN_FIGURES]

PAGES = (
    ("Rules", None),
    ("Mouse", MOUSE),
    ("Keys", KEYS),
    ("Replays", AFTER),
    ("Figures", FIGURES),
    ("Speed", SPEED_RUNS),
)
ROWS = [Row(36, 30, 0), Row(400, 200, 10, 2000), Row(44, 36, 10)]  # the tabs, the page (all the room), Back
BACK_W = 140
WINDOW = (560, 560)  # wider and shorter than the other menu screens: fewer, longer lines to a page
KEY_GAP, ENTRY_GAP = 12, 5


def _entries(page: int, first_click: str = "opening") -> list[tuple[str, str]]:
    """A page as (key, paragraph) pairs: the rules are paragraphs with a bullet for a key, the first click's
    as the settings make it."""
    _, rows = PAGES[page]
    if rows is None:
        return [("-", FIRST_CLICK_RULES.get(first_click, rule) if rule is FIRST_CLICK else rule) for rule in RULES]
    return list(rows)


def _lay_out(
    entries: list[tuple[str, str]], box: pygame.Rect, size: int
) -> tuple[int, list[tuple[str, list[str]]], bool]:
    """The key column's width and the wrapped lines of a page at a size, and whether they fit `box`."""
    key_w = max(text.width(key, size, BOLD) for key, _ in entries) + px(KEY_GAP)
    room = box.w - key_w
    wrapped = [(key, text.wrap(paragraph, size, room)) for key, paragraph in entries]
    step = text.line_height(size)
    height = sum(len(lines) * step + px(ENTRY_GAP) for _, lines in wrapped)
    return key_w, wrapped, height <= box.h


def page_size(box: pygame.Rect, first_click: str = "opening") -> int:
    """The one size every page is set in: the largest at which each of them fits `box` (so turning the page
    never changes the letters)."""
    for size in (BODY, SMALL):
        if all(_lay_out(_entries(page, first_click), box, size)[2] for page in range(len(PAGES))):
            return size
    return TINY


class HelpScene(Scene):
    def __init__(self, context: Context, shown: screens.Help):
        super().__init__(context)
        page = shown.page
        self.window_size = layout.menu_window(context.max_window, WINDOW)
        width, height = self.window_size
        margin = px(MARGIN)
        (tabs_y, tabs_h), (page_y, page_h), (back_y, back_h) = layout.stack(
            title_bottom(-6), height - margin // 2, ROWS
        )
        self.page = page
        tabs = layout.split(pygame.Rect(margin // 2, tabs_y, width - margin, tabs_h), len(PAGES), 4)
        self.tabs = [widgets.Button(rect, name, size=BODY) for rect, (name, _) in zip(tabs, PAGES)]
        self.page_box = pygame.Rect(margin, page_y, width - 2 * margin, page_h)
        self.back = widgets.Button(layout.centred(BACK_W, back_y, back_h, width), "Back")
        self._sizes: dict[str, int] = {}  # the pages' size for each first-click rule (the Rules page names it)
        self.focus = FocusRing([*self.tabs, self.back], start=self.back, arrows=False)

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.page = (self.page + (-1 if event.key == pygame.K_LEFT else 1)) % len(PAGES)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.context.show(screens.Menu())
            return
        pressed = self.focus.handle(event)
        for n, tab in enumerate(self.tabs):
            if tab.handle(event) or pressed is tab:
                self.page = n
                return
        if pressed is self.back or self.back.handle(event):
            self.context.show(screens.Menu())

    def draw(self, surface: pygame.Surface) -> None:
        draw_title(surface, self.context.atlases, "How to play")
        for n, tab in enumerate(self.tabs):
            tab.marked = n == self.page
            tab.draw(surface)
        box, first_click = self.page_box, self.context.settings["first_click"]
        if first_click not in self._sizes:
            self._sizes[first_click] = page_size(box, first_click)
        size = self._sizes[first_click]
        key_w, wrapped, _ = _lay_out(_entries(self.page, first_click), box, size)
        step, y = text.line_height(size), box.y
        for key, lines in wrapped:
            if y + step > box.bottom:
                break  # (only when even the smallest size runs over: never with these pages, a test checks)
            text.draw(surface, key, (box.x, y), size, weight=BOLD, box=box)
            for line in lines:
                if y + step <= box.bottom:
                    text.draw(surface, line, (box.x + key_w, y), size, box=box)
                y += step
            y += px(ENTRY_GAP)
        self.back.draw(surface)
