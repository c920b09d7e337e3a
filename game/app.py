"""The window, the fixed-timestep loop and scene switching."""

import contextlib
import os
import random
import time

import pygame

from game import config
from game.sound import Sounds
from game.store import Store
from game.view import theme, widgets
from game.view.atlas import AtlasCache


class SystemClock:
    """Real time: caps the frame rate while busy and sleeps in the event queue while idle."""

    def __init__(self):
        self._clock = pygame.time.Clock()
        self._started = False

    def tick(self):
        """Seconds since the previous tick (waiting, if needed, to stay under the frame cap)."""
        if not self._started:  # the first frame goes straight to the screen
            self._started = True
            return self._clock.tick() / 1000
        return self._clock.tick(config.FPS_CAP) / 1000

    def idle(self, timeout):
        """Sleep a little while nothing happens; returns no events (the next frame collects them).

        pygame.event.wait() polls the queue about a thousand times a second inside SDL (2.4% of a core
        under X11 here), so an idle frame sleeps instead; the app chooses how long.
        """
        time.sleep(max(0.0, timeout))
        return []


class App:
    """Owns the window and the current scene; runs frames.

    Each frame: gather events (sleeping first when the scene is idle), hand them to the scene, run fixed
    60 Hz updates from an accumulator whose input is clamped, draw once if anything changed, then apply a
    scene switch that was asked for during the frame. `step()` runs one frame, so tests drive exact frames
    with a fake clock.
    """

    def __init__(self, clock=None, seed=None, difficulty=None, desktop_size=None, store=None, sounds=None, replay=None):
        # The window's pixels go straight to the window system. SDL would otherwise push every update through
        # an OpenGL texture, which on a machine without a GPU driver (a VM, Xvfb) is software OpenGL: 7 ms of
        # CPU for each update, against 0.1 ms this way. The player's environment can still override it.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.init()
        pygame.font.init()
        widgets.forget_fonts()
        pygame.display.set_caption(config.TITLE)
        with contextlib.suppress(pygame.error, FileNotFoundError):  # a missing icon is no reason not to start
            pygame.display.set_icon(pygame.image.load(str(config.ICON)))
        self.desktop_size = desktop_size or pygame.display.get_desktop_sizes()[0]
        self.screen = pygame.display.set_mode(config.MENU_SIZE)
        self._flags = 0
        self.clock = clock or SystemClock()
        self.store = store or Store.open()
        self.notices = self.store.take_notices()
        self.seeds = _SeedSource(seed)
        self.settings = sanitized(self.store.settings())
        theme.use_settings(self.settings)
        self.atlases = AtlasCache()
        self._sounds = sounds  # opened after the first frame: the audio device can take a while
        self.running = True
        self.frames = 0
        self._lag = 0.0
        self._quiet = 0.0  # seconds since the last event
        self._next_scene = None
        self.scene = self._first_scene(difficulty)
        self._enter(self.scene)
        if replay is not None:  # a replay file to watch first (main.py --replay), as if dropped on the window
            from game.scenes.replay import open_dropped_file

            open_dropped_file(self, replay)

    def _first_scene(self, difficulty):
        # scenes import lazily: the menu's first frame should not wait for the board's modules
        if difficulty:
            from game.scenes.playing import PlayingScene

            return PlayingScene.for_difficulty(self, difficulty)
        from game.scenes.menu import MenuScene

        return MenuScene(self)

    @property
    def max_window(self):
        reserve_w, reserve_h = config.SCREEN_RESERVE
        return self.desktop_size[0] - reserve_w, self.desktop_size[1] - reserve_h

    def remember(self, **settings):
        """Change settings now and keep them for the next start."""
        self.settings.update(settings)
        self.store.set_settings({key: list(v) if isinstance(v, tuple) else v for key, v in settings.items()})

    def apply_setting(self, key, value):
        """A setting changed by the player: kept for the next start, and in effect from now on."""
        self.remember(**{key: value})
        if key == "sound":
            self.sounds.muted = not value
        elif key in ("theme", "palette"):
            theme.use_settings(self.settings)
        self.scene.invalidate()

    def toggle_sound(self):
        """M, in the scenes with nothing to type: sound on or off, kept. Returns a line saying which."""
        self.apply_setting("sound", self.sounds.muted)
        return "Sound off (M turns it on)" if self.sounds.muted else "Sound on"

    def take_notices(self):
        """Messages for the player to see once (records set aside, no records folder...)."""
        notices = self.notices + self.store.take_notices()
        self.notices = []
        return notices

    @property
    def sounds(self):
        """The sound effects; without an audio device they play nothing (Help says why: sounds.notice)."""
        if self._sounds is None:
            self._open_sounds()
        return self._sounds

    def _open_sounds(self):
        self._sounds = Sounds.load(config.ASSETS_DIR / "sounds", muted=not self.settings["sound"])

    def switch(self, scene):
        """Ask for another scene; it takes over after the current frame."""
        self._next_scene = scene

    def quit(self):
        self.running = False

    def fit_window(self, scene):
        """Make the window the size (and resizability) the scene asks for."""
        flags = pygame.RESIZABLE if scene.resizable else 0
        if tuple(self.screen.get_size()) != tuple(scene.window_size) or self._flags != flags:
            self.screen = pygame.display.set_mode(scene.window_size, flags)
            self._flags = flags

    def _window_resized(self, size):
        if size == tuple(self.screen.get_size()) == tuple(self.scene.window_size):
            return  # our own set_mode, reported back
        self.screen = pygame.display.get_surface()
        if self.scene.resizable:
            self.scene.resized(size)
        self.fit_window(self.scene)  # a window smaller than the scene can be goes back to its smallest
        self.scene.invalidate()

    def _enter(self, scene):
        self.fit_window(scene)
        scene.on_enter()
        scene.dirty = True

    def step(self):
        """Run one frame."""
        events, idled = [], 0.0
        if not self.scene.dirty and not pygame.event.peek():
            # While the player is active, look for input every frame; after a quiet spell, less often.
            poll = config.STEP if self._quiet < config.ACTIVE_SECONDS else config.IDLE_POLL
            timeout = self.scene.next_wake()
            idled = poll if timeout is None else max(0.0, min(timeout, poll))
            events = self.clock.idle(idled)
        events += pygame.event.get()
        # A stall longer than MAX_FRAME is cut short; time we chose to sleep is not a stall.
        elapsed = min(self.clock.tick(), config.MAX_FRAME + idled)
        self._quiet = 0.0 if events else self._quiet + elapsed
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
            elif event.type == pygame.WINDOWSIZECHANGED:
                self._window_resized((event.x, event.y))
            elif event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
                self.scene.invalidate()
            elif event.type == pygame.DROPFILE:
                from game.scenes.replay import open_dropped_file

                open_dropped_file(self, event.file)
            else:
                self.scene.handle(event)
        self._lag += elapsed
        while self._lag >= config.STEP:
            self.scene.update(config.STEP)
            self._lag -= config.STEP
        if self.scene.dirty:
            changed = self.scene.draw(self.screen)
            if changed is None:
                pygame.display.flip()
            elif changed:
                pygame.display.update(changed)  # a ticking timer sends 1% of the window, not all of it
            self.scene.dirty = False
        self.frames += 1
        if self._sounds is None:
            self._open_sounds()
        if self._next_scene is not None:
            self.scene.on_exit()
            self.scene, self._next_scene = self._next_scene, None
            self._enter(self.scene)

    def run(self, max_frames=None):
        while self.running and (max_frames is None or self.frames < max_frames):
            self.step()
        self.scene.on_exit()
        self.store.close()
        return 0


def sanitized(settings):
    """Settings as stored, with any value the game cannot use (a hand-edited file) put back to default."""
    settings = dict(settings)
    custom = settings.get("custom")
    if not (isinstance(custom, (list, tuple)) and len(custom) == 3 and all(type(v) is int for v in custom)):
        custom = (20, 20, 60)
    settings["custom"] = tuple(custom)
    if settings.get("first_click") not in ("opening", "safe"):
        settings["first_click"] = "opening"
    if settings.get("tile") not in config.TILE_SIZES:
        settings["tile"] = config.DEFAULT_TILE
    settings["question_marks"] = bool(settings.get("question_marks"))
    settings["no_guess"] = bool(settings.get("no_guess"))
    settings["sound"] = settings.get("sound") is not False
    settings["animation"] = settings.get("animation") is not False
    if settings.get("theme") not in theme.THEMES:
        settings["theme"] = theme.DEFAULT
    if settings.get("palette") not in theme.PALETTES:
        settings["palette"] = theme.PALETTES[0]
    return settings


class _SeedSource:
    """Seeds for new boards: the first is exactly --seed when given, the rest follow from it."""

    def __init__(self, seed):
        self._first = seed
        self._random = random.Random(seed) if seed is not None else random.SystemRandom()

    def next(self):
        if self._first is not None:
            seed, self._first = self._first, None
            return seed
        return self._random.randrange(2**32)
