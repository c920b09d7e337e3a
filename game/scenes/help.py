"""Help: the rules, the controls, replays and what the figures after a game mean, a page each."""

import pygame

from game import language
from game.language import N_, _
from game.view import layout, screens, text, widgets
from game.view.focus import FocusRing
from game.view.formats import FIGURES as FIGURE_WORDS
from game.view.formats import SPEED_RUN_FIGURES, figure_name
from game.view.layout import MARGIN, Row
from game.view.scale import px
from game.view.scene import Context, Scene
from game.view.title import draw_title, title_bottom
from game.view.typeface import BODY, BOLD, SMALL, TINY

# Every paragraph is one message (`_` where shown), a whole thought for the translator; key names (Esc, F2, Space,
# Ctrl) stay as they are inside them, as on the keyboard.
FIRST_CLICK = "first click"  # stands for the sentence that follows the First click setting
FIRST_CLICK_RULES = {
    "opening": N_("Your first click is never a mine, and never a number: it opens an area."),
    "safe": N_("Your first click is never a mine (it may be a number; Settings can make it open an area)."),
}

RULES = [
    N_("Open every safe cell without opening a mine."),
    N_("A number tells how many of the 8 cells around it hide mines."),
    N_("A cell with no mines around opens its whole area at once."),
    FIRST_CLICK,
    N_(
        "Same board and Play a code make that first click for you, so the board opens as it did; your clock "
        "starts at your next click."
    ),
    N_("Leaving a game under way for a new one counts as a loss; Esc or closing the window keeps it."),
    N_(
        "Your time runs from the click that opens the first cell, to the millisecond; a pause, a question or a "
        "saved game's time away is never counted."
    ),
    N_("Flag the cells you know are mines: a flagged cell cannot be opened by mistake."),
    N_("A game over shows its board's code (MS1-...): Play a code in the menu deals that board again, anywhere."),
    N_("Learn, in the menu: ten short lessons on what the numbers prove, and a drill of positions from real games."),
]

# (key, what it does): a key that is words is marked with N_ and translated; a key's name (KEY_NAMES) is not.
MOUSE = [
    # TRANSLATORS: Help's Mouse page: the left column names a mouse action (short), the right says what it does
    (N_("Left click"), N_("open a cell")),
    (N_("Right click"), N_("flag it, again to unflag (a ? mark between, if question marks are on)")),
    (
        # TRANSLATORS: Help's Mouse page: a chord opens the cells around a number (a Minesweeper term)
        N_("Chord"),
        N_(
            "both buttons, the middle button, or a left click on a number with all its flags placed: "
            "opens the rest of its neighbours"
        ),
    ),
    # TRANSLATORS: Help's Mouse page: the smiley face button above the board
    (N_("Face"), N_("new game of the same size (a game under way counts as lost)")),
    (N_("Hint"), N_("the button under the board: as H (the game then counts as assisted)")),
    # TRANSLATORS: Help's Mouse page: the mouse wheel
    (N_("Wheel"), N_("scrolls a board larger than the window (Shift: sideways); a middle-button drag too")),
    (N_("Ctrl+wheel"), N_("zoom in and out")),
    # (a file dropped and a game clicked in Records start a replay: here, where the Replays page has no room)
    (N_("Drop a file"), N_("a replay or a video (AVF, RMV, MVF, EVF) dropped here plays")),
    (N_("Records"), N_("click a game listed there to watch it; B races it")),
]

KEYS = [
    # TRANSLATORS: Help's Keys page: the arrow keys, and W A S D
    (N_("Arrows, WASD"), N_("move the cursor")),
    ("Space, Enter", N_("open the cell (on a number: chord)")),
    ("F", N_("flag or unflag the cell")),
    # TRANSLATORS: Help's Keys page: the key N or the key F2
    (N_("N or F2"), N_("new game of the same size (a game under way counts as lost)")),
    ("P", N_("pause: the board hides and the clock stops")),
    ("H", N_("hint: a safe cell (else a mine, or the best guess) and the numbers that prove it")),
    ("G", N_("the cursor onto the hinted cell: Space opens it if safe; on a mine Space does nothing, F flags it")),
    ("C", N_("mine chances on every covered cell; hover one for its %")),
    ("M", N_("sound on or off")),
    ("N", N_("in the menu: NF mode on or off (no flags: right click and F place nothing)")),
    ("Ctrl + - 0", N_("zoom in, out, back to normal")),
    ("Esc", N_("back to the menu (the game stays saved; its clock waits for your next move; a race ends)")),
]

AFTER = [
    (
        N_("Game over"),
        N_(
            "your figures and guesses; after a loss, whether the last click was a forced guess or "
            "avoidable (a safe cell was there, marked, or the cell opened was proved a mine)"
        ),
    ),
    ("R", N_("replay the game")),
    (
        "S",
        N_(
            "after a loss with a safe cell missed: try the position before the losing click again (nothing is recorded)"
        ),
    ),
    ("Space", N_("replay: play or pause")),
    ("Left, Right", N_("replay: a move back or on (Home, End: start, end)")),
    ("- +", N_("replay: slower, faster (0.1x to 10x); the seek bar goes anywhere")),
    (", .", N_("replay of a recorded game: an event of the mouse back or on ([ ]: a click)")),
    ("E", N_("replay: save it as a file in the records folder's replays/")),
    ("B", N_("replay of a recorded game: race its ghost on its board (O: the cells the ghost opened)")),
    ("G, I", N_("replay: the next guess or mistake (Shift+G: back; S studies it); the time between clicks")),
]
# The Guessing setting's choices (their names as on its button), a sentence each.
GUESSING = [
    (N_("left to luck"), N_("random boards: a guess may hit a mine")),
    (N_("no-guess"), N_("boards logic alone clears from the first click; a lucky click may still hit a mine")),
    (
        N_("forced is safe"),
        N_(
            "when no covered cell is certainly safe, the cell you open is made safe: the mines move, always "
            "fitting every number shown (Metasweeper's quasi no-guess)"
        ),
    ),
    (
        N_("strict"),
        N_(
            "forced guesses are made safe, and opening a cell that is not certainly safe while another is always "
            "hits a mine (Metasweeper's weak no-guess)"
        ),
    ),
    (
        N_("Settings"),
        N_("Guessing chooses; each mode's games are kept apart in Records, and its videos say which it was"),
    ),
]
# The keys shown by their names, as on the keyboard (never translated), and the rules' bullet.
KEY_NAMES = frozenset(
    ("-", "Space, Enter", "F", "P", "H", "G", "C", "M", "N", "Ctrl + - 0", "Esc")
    + ("R", "S", "Space", "Left, Right", "- +", ", .", "E", "B", "G, I")
)

# (The board's code is on the Rules page: the Figures page has room for the rest at the size of the others.)
# A figure's name is the community's notation (3BV, ZiNi, ...); its words are game.view.formats's, marked there.
# (Records' own statistics, Clean and Average luck, are explained where they show, on hover)
FIGURES = [name for name in FIGURE_WORDS if name not in (*SPEED_RUN_FIGURES, "Code", "Clean", "Average luck")]
SPEED_RUNS = list(SPEED_RUN_FIGURES)

# A page: its tab, and its entries (None: the rules; a figure by its name alone: its words are formats's)
Page = tuple[str, list[tuple[str, str]] | list[str] | None]
TABS = (
    # TRANSLATORS: a tab of Help, one of seven side by side (about 8 characters)
    N_("Rules"),
    # TRANSLATORS: a tab of Help, one of seven side by side (about 8 characters)
    N_("Mouse"),
    # TRANSLATORS: a tab of Help, one of seven side by side (about 8 characters)
    N_("Keys"),
    # TRANSLATORS: a tab of Help, one of seven side by side (about 8 characters)
    N_("Replays"),
    # TRANSLATORS: a tab of Help, one of seven side by side (about 8 characters)
    N_("Figures"),
    # TRANSLATORS: a tab of Help, one of seven side by side (about 8 characters): the figures speed-runners compare
    N_("Speed"),
    # TRANSLATORS: a tab of Help, one of seven side by side (about 6 characters; two in Chinese and Japanese): the
    # modes of the no-guess family (Guessing, in Settings). Not the figure "Guesses"
    N_("No-guess"),
)
PAGES: tuple[Page, ...] = tuple(zip(TABS, (None, MOUSE, KEYS, AFTER, FIGURES, SPEED_RUNS, GUESSING), strict=True))
ROWS = [Row(36, 30, 0), Row(400, 200, 10, 2000), Row(44, 36, 10)]  # the tabs, the page (all the room), Back
BACK_W = 140
WINDOW = (560, 560)  # wider and shorter than the other menu screens: fewer, longer lines to a page
KEY_GAP, ENTRY_GAP = 12, 5


def _entries(page: int, first_click: str = "opening") -> list[tuple[str, str]]:
    """A page as (key, paragraph) pairs in the language in effect: the rules are paragraphs with a bullet for a
    key, the first click's as the settings make it; a figure's name is as it is, its words translated."""
    rows = PAGES[page][1]
    if rows is None:
        rules = (FIRST_CLICK_RULES.get(first_click, rule) if rule is FIRST_CLICK else rule for rule in RULES)
        return [("-", _(rule)) for rule in rules]
    return [
        (figure_name(row), FIGURE_WORDS[row].rstrip(".。"))
        if isinstance(row, str)
        else (row[0] if row[0] in KEY_NAMES else _(row[0]), _(row[1]))
        for row in rows
    ]


def _lay_out(
    entries: list[tuple[str, str]], box: pygame.Rect, size: int
) -> tuple[int, list[tuple[str, list[str]]], bool]:
    """The key column's width and the wrapped lines of a page at a size, and whether they fit `box`."""
    key_w = max(text.width(key, size, BOLD) for key, _paragraph in entries) + px(KEY_GAP)
    room = box.w - key_w
    wrapped = [(key, text.wrap(paragraph, size, room)) for key, paragraph in entries]
    step = text.line_height(size)
    height = sum(len(lines) * step + px(ENTRY_GAP) for _key, lines in wrapped)
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
        self.tabs = [widgets.Button(rect, _(name), size=BODY) for rect, (name, _rows) in zip(tabs, PAGES)]
        self.page_box = pygame.Rect(margin, page_y, width - 2 * margin, page_h)
        self.back = widgets.Button(layout.centred(BACK_W, back_y, back_h, width), _("Back"))
        # the pages' size for each first-click rule (the Rules page names it) and language
        self._sizes: dict[tuple[str, int], int] = {}
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
        draw_title(surface, self.context.atlases, _("How to play"))
        for n, tab in enumerate(self.tabs):
            tab.marked = n == self.page
            tab.draw(surface)
        box, first_click = self.page_box, self.context.settings["first_click"]
        sized = (first_click, language.changes())
        if sized not in self._sizes:
            self._sizes[sized] = page_size(box, first_click)
        size = self._sizes[sized]
        key_w, wrapped, _fits = _lay_out(_entries(self.page, first_click), box, size)
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
