"""Constants shared by the app, the view and the scenes: timing, sizes, colours, paths."""

from pathlib import Path

from game.language import N_

ROOT = Path(__file__).resolve().parent.parent
# In a checkout (and the one-file build) the assets sit beside the game package; an installed package
# (pip, pipx) carries them inside it, as game/assets.
ASSETS_DIR = ROOT / "assets" if (ROOT / "assets").is_dir() else Path(__file__).resolve().parent / "assets"
SPRITE_SHEET = ASSETS_DIR / "sprites.png"
ICON = ASSETS_DIR / "icon.png"

# TRANSLATORS: the game's name: the window's title and the menu's heading (the name the game has in your language)
TITLE = N_("Minesweeper")

# The loop: fixed 60 Hz updates; a frame that took longer than MAX_FRAME (a dragged window, a slow disk)
# counts as MAX_FRAME, so a stall never starts a spiral of catch-up updates.
STEP = 1 / 60
MAX_FRAME = 0.25
FPS_CAP = 60
# With nothing to animate, the loop sleeps between looks for input: every frame while the player is active,
# and after ACTIVE_SECONDS without input only IDLE_POLL apart (30 looks a second cost about half a percent of
# a core; the first click after a pause then waits at most 33 ms to be seen, the next ones a frame).
ACTIVE_SECONDS = 2.0
IDLE_POLL = 1 / 30
# A frame handles at most this many input events; a burst (a flood of clicks, a file manager's pile of drops)
# goes on in the next frames, so the screen keeps moving. Resizes are merged first: only the last one counts.
EVENTS_PER_FRAME = 48
# ...but an event that has waited longer than this is handled in the next frame whatever the share (see
# game/shell/intake.py): a flood of any rate makes frames longer, never a backlog that grows without bound.
MAX_INPUT_LAG = 2 * STEP

# Tiles are drawn at BASE_TILE pixels by tools/make_assets.py and shown at any size from MIN_TILE to MAX_TILE
# (whole multiples are blown up pixel by pixel, others smoothed down from the next multiple). The zoom keys
# and the Settings screen step through TILE_SIZES; a window the player resizes picks any size that fits.
BASE_TILE = 16
MIN_TILE, MAX_TILE = 16, 96
TILE_SIZES = (16, 20, 24, 28, 32, 40, 48, 56, 64)
DEFAULT_TILE = 32
SCROLL_BAR = 16  # the scroll bars beside a board larger than its window: wide enough to hit

# The board window, in base pixels (multiplied by tile // BASE_TILE).
FRAME_MARGIN = 6
HUD_HEIGHT = 33
HUD_GAP = 6
BOARD_BORDER = 3
BEVEL = 2
# The status line under the board (hints, mine chances, safe cells left): at least this many pixels.
STATUS_HEIGHT = 25
STATUS_MIN_PX = 36  # room for a row of buttons: the game-over bar takes the status line's place
# A board window narrower than this has a status line of two rows: at the end, the game-over bar's words get a
# row of their own over its buttons (beside four buttons the longest, a race's, need about 235 px not to wrap
# onto three lines: tests/scenes/test_game_over_e2e.py measures them at each size).
NARROW = 560

# Leave room for a title bar and a task bar when fitting the window to the screen.
SCREEN_RESERVE = (40, 80)
TITLE_BAR_ROOM = 32  # of SCREEN_RESERVE's height, above the window

# Custom board limits in the menu form.
CUSTOM_MIN_SIDE = 5
CUSTOM_MAX_SIDE = 100

# Menu and dialog window size.
MENU_SIZE = (440, 640)

# The game-over panel's width, and the smallest board window: room for the whole panel (its figures, the
# sentence explaining a loss and its buttons) and for the status line's keys at the smallest zoom, whatever
# the board's size.
GAME_OVER_PANEL_W = 300
BOARD_WINDOW_LEAST = (GAME_OVER_PANEL_W + 2 * 8, 440)

# Colours live in game/view/theme.py: each theme has its own.

# No-guess boards: how long the player may wait for one before a normal board is dealt instead.
NO_GUESS_TIMEOUT = 5.0
# Boards by 3BV: how long boards are drawn for one in the player's range before the player is told none came.
BV_RANGE_TIMEOUT = 5.0
# Show the "making a board" spinner, or "thinking" for a hint, only when it takes longer than this (most take
# milliseconds).
SPINNER_DELAY = 0.15
# A guess hint thinks off the frame loop, as long as the engine's work limits let it (the same choice on any
# machine: on this one, 200 ms at the 99th percentile); on a machine far slower, it gives the best guess weighed
# so far once it has thought this long.
HINT_GUARD_MS = 2000
# With no-guess on, the status line counts the safe cells left once this few remain.
SAFE_CELLS_SHOWN_BELOW = 20

# Middle-button presses that move further than this become a drag that scrolls the board.
DRAG_THRESHOLD = 4
WHEEL_SCROLL_TILES = 3
