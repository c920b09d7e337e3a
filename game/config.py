"""Constants shared by the app, the view and the scenes: timing, sizes, colours, paths."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS_DIR = ROOT / "assets"
SPRITE_SHEET = ASSETS_DIR / "sprites.png"
ICON = ASSETS_DIR / "icon.png"

TITLE = "Minesweeper"

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

# Tiles are drawn at BASE_TILE pixels by tools/make_assets.py and scaled by whole factors only.
BASE_TILE = 16
TILE_SIZES = (16, 32, 48)
DEFAULT_TILE = 32

# The board window, in base pixels (multiplied by tile // BASE_TILE).
FRAME_MARGIN = 6
HUD_HEIGHT = 33
HUD_GAP = 6
BOARD_BORDER = 3
BEVEL = 2
# The status line under the board (hints, mine chances, safe cells left): at least this many pixels.
STATUS_HEIGHT = 25
STATUS_MIN_PX = 24

# Leave room for a title bar and a task bar when fitting the window to the screen.
SCREEN_RESERVE = (40, 80)

# Custom board limits in the menu form.
CUSTOM_MIN_SIDE = 5
CUSTOM_MAX_SIDE = 100

# Menu and dialog window size.
MENU_SIZE = (440, 640)

# The game-over panel's width, and the room a board window keeps for it (so the window never grows or
# shrinks between the game and the panel).
GAME_OVER_PANEL_W = 300
GAME_OVER_ROOM = (GAME_OVER_PANEL_W + 16, 516)

# Colours live in game/view/theme.py: each theme has its own.

# No-guess boards: how long the player may wait for one before a normal board is dealt instead.
NO_GUESS_TIMEOUT = 5.0
# Show the "making a board" spinner only when it takes longer than this (most boards take milliseconds).
SPINNER_DELAY = 0.15
# With no-guess on, the status line counts the safe cells left once this few remain.
SAFE_CELLS_SHOWN_BELOW = 20

# Middle-button presses that move further than this become a drag that scrolls the board.
DRAG_THRESHOLD = 4
WHEEL_SCROLL_TILES = 3
