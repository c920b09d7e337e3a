"""Help: the rules and the controls, on one page."""

import pygame

from game.scene import Scene
from game.view import widgets
from game.view.title import draw_title

RULES = [
    "Open every safe cell without opening a mine.",
    "A number tells how many of the 8 cells around it hide mines.",
    "A cell with no mines around opens its whole area at once.",
    "Your first click is never a mine: it opens an area.",
    "Flag the cells you know are mines: a flagged cell cannot be opened by mistake.",
    "A game over shows its board's code (MS1-...): Play a code in the menu deals that board again, anywhere.",
]

MOUSE = [
    ("Left click", "open a cell"),
    ("Right click", "flag it, again to unflag (a ? mark between, if question marks are on)"),
    (
        "Chord",
        "both buttons, the middle button, or a left click on a number with all its flags placed: "
        "opens the rest of its neighbours",
    ),
    ("Face", "new game of the same size"),
    ("Hint", "the button under the board: a safe cell and why (the game then counts as assisted)"),
    ("Wheel", "scrolls a board larger than the window (Shift: sideways); a middle-button drag too"),
    ("Ctrl+wheel", "zoom in and out"),
]

KEYS = [
    ("Arrows, WASD", "move the cursor"),
    ("Space, Enter", "open the cell (on a number: chord)"),
    ("F", "flag or unflag the cell"),
    ("N or F2", "new game of the same size"),
    ("P", "pause: the board hides and the clock stops"),
    ("H", "hint: a safe cell and the numbers that prove it"),
    ("C", "mine chances on every covered cell; hover one for its %"),
    ("M", "sound on or off"),
    ("Ctrl + - 0", "zoom in, out, back to normal"),
    ("Esc", "back to the menu (the game stays saved)"),
]

AFTER = [
    (
        "Game over",
        "your figures and guesses; after a loss, whether the last click was a forced guess or "
        "avoidable (the safe cell is marked)",
    ),
    ("R", "replay the game"),
    ("Space", "replay: play or pause"),
    ("Left, Right", "replay: a move back or on (Home, End: start, end)"),
    ("- +", "replay: slower, faster (0.5x to 4x); the seek bar goes anywhere"),
    ("E", "replay: save it as a file in the records folder's replays/"),
    ("Drop a file", "drop a replay file on the window to watch it"),
    ("Records", "click a game listed there to watch it"),
]

PAGES = (("Rules", None), ("Mouse", MOUSE), ("Keys", KEYS), ("Replays", AFTER))


class HelpScene(Scene):
    def __init__(self, app, page=0):
        super().__init__(app)
        self.page = page
        width = self.window_size[0]
        tab_w, gap = 96, 6
        left = (width - len(PAGES) * tab_w - (len(PAGES) - 1) * gap) // 2
        size = widgets.fitting_size([name for name, _ in PAGES], tab_w - 10, (22, 20, 18))
        self.tabs = [
            widgets.Button((left + n * (tab_w + gap), 92, tab_w, 36), name, size=size)
            for n, (name, _) in enumerate(PAGES)
        ]
        self.back = widgets.Button((width // 2 - 70, self.window_size[1] - 62, 140, 44), "Back")

    def handle(self, event):
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            self.page = (self.page + (-1 if event.key == pygame.K_LEFT else 1)) % len(PAGES)
            return
        for n, tab in enumerate(self.tabs):
            if tab.handle(event):
                self.page = n
                return
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN)) or self.back.handle(
            event
        ):
            self.app.show("menu")

    @property
    def atlas(self):
        return self.app.atlases.at(2)  # the current theme's, which the player may switch

    def draw(self, surface):
        draw_title(surface, self.atlas, "How to play")
        for n, tab in enumerate(self.tabs):
            tab.marked = n == self.page
            tab.draw(surface)
        width, y = self.window_size[0], 146
        name, rows = PAGES[self.page]
        if rows is None:
            for rule in RULES:
                for i, line in enumerate(widgets.wrap(rule, 22, width - 60)):
                    widgets.text(surface, ("- " if i == 0 else "  ") + line, (28, y), 22)
                    y += 21
                y += 6
        else:
            key_w = max(widgets.font(19).size(key)[0] for key, _ in rows) + 14
            for key, action in rows:
                widgets.text(surface, key, (20, y), 19)
                for line in widgets.wrap(action, 19, width - 40 - key_w):
                    widgets.text(surface, line, (20 + key_w, y), 19)
                    y += 18
                y += 5
        self.back.draw(surface)
