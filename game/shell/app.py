"""The window, the fixed-timestep loop, and the scenes and overlays on show."""

from __future__ import annotations

import contextlib
import enum
import functools
import importlib
import io
import os
from collections.abc import Callable
from typing import Any, TypeVar

import pygame

from game import config, language
from game.files.bounded import read_regular
from game.language import _
from game.learn.progress import Progress
from game.model import PRESETS
from game.play.dealer import Dealer
from game.settings import Settings
from game.shell.arrivals import Arrival, Arrivals, News, RecordsOpened, Tell, Watch
from game.shell.clock import Clock, SystemClock
from game.shell.intake import Intake
from game.shell.window import WindowMemory, WindowPlacement
from game.store import Store
from game.view import layout, scale, screens, theme, typeface
from game.view.atlas import AtlasCache
from game.view.scene import Context, Overlay, Scene
from game.view.sound import Sounds, open_mixer
from game.work import background

# The scene or overlay each screen is, imported when first shown: the menu's first frame does not wait for the
# board's modules, and no scene needs to import another to go there.
SCENES: dict[type[screens.Screen], str] = {
    screens.Menu: "game.scenes.menu:MenuScene",
    screens.Playing: "game.scenes.playing:PlayingScene",
    screens.Custom: "game.scenes.custom:CustomScene",
    screens.Trials: "game.scenes.trials:TrialsScene",
    screens.TrialEnd: "game.scenes.trial_end:TrialEndScene",
    screens.CodeEntry: "game.scenes.code_entry:CodeEntryScene",
    screens.Records: "game.scenes.records:RecordsScene",
    screens.Progress: "game.scenes.progress:ProgressScene",
    screens.Videos: "game.scenes.videos:VideosScene",
    screens.Settings: "game.scenes.settings:SettingsScene",
    screens.BvRanges: "game.scenes.bv_ranges:BvRangesScene",
    screens.Help: "game.scenes.help:HelpScene",
    screens.Replay: "game.scenes.replay:ReplayScene",
    screens.Learn: "game.scenes.learn:LearnScene",
    screens.Puzzle: "game.scenes.puzzle:PuzzleScene",
}
OVERLAYS: dict[type[screens.Shown[Any]], str] = {
    screens.Confirm: "game.overlays.confirm:ConfirmOverlay",
    screens.Pause: "game.overlays.pause:PauseOverlay",
    screens.GameOver: "game.overlays.gameover:GameOverPanel",
}
# What the first game, its end and a replay load, imported on a thread once the first frame is on screen.
WARM = (
    "game.scenes.playing",
    "game.overlays.gameover",
    "game.scenes.replay",
    "game.scenes.records",
    "game.video.figures",
    "game.model.replay.verdict",
    "game.model.rules.boardcode",
)
R = TypeVar("R")
MOST_ICON_BYTES = 2**20  # the window's icon is a few KB: more is not ours, and is not read
DISCARD_WAIT = 30.0  # seconds quitting waits for a discarded game to be recorded
NEWS_SHOWN = (screens.Menu, screens.Playing)  # the scenes with a line for the records' news; elsewhere the menu


class Switch(enum.Enum):
    """How the scene asked for takes the place of the one on show (see App.show)."""

    LEAVE = "leave"  # the scene on show, and any it remembered, are left for good
    REMEMBER = "remember"  # the scene on show waits to be come back to
    REPLACE = "replace"  # the new scene takes the place of the one on show, keeping what it remembered
    BACK = "back"  # back to the scene remembered last


def _load(where: str) -> Any:
    module, name = where.split(":")
    return getattr(importlib.import_module(module), name)


class App:
    """Owns the window, the scene on show and the overlays on top of it; runs frames.

    Each frame: gather events (sleeping first when the scene is idle), hand each to the top overlay first,
    run fixed 60 Hz updates from an accumulator whose input is clamped, draw once if anything changed, then
    switch scenes if one was asked for. `step()` runs one frame, so tests drive exact frames with a fake clock.
    """

    def __init__(
        self,
        clock: Clock | None = None,
        seed: int | None = None,
        difficulty: str | None = None,
        desktop_size: tuple[int, int] | None = None,
        store: Store | None = None,
        sounds: Sounds | None = None,
        replay: str | None = None,
    ):
        # The window's pixels go straight to the window system. SDL would otherwise push every update through
        # an OpenGL texture, which on a machine without a GPU driver (a VM, Xvfb) is software OpenGL: 7 ms of
        # CPU for each update, against 0.1 ms this way. The player's environment can still override it.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.init()
        pygame.font.init()
        typeface.forget()
        pygame.display.set_caption(config.TITLE)
        with contextlib.suppress(pygame.error, OSError):  # a missing (or odd) icon is no reason not to start
            icon = read_regular(config.ICON, MOST_ICON_BYTES)  # never a pipe named like it: the start would wait
            pygame.display.set_icon(pygame.image.load(io.BytesIO(icon), str(config.ICON)))
        desktops = [desktop_size] if desktop_size else pygame.display.get_desktop_sizes()
        self.desktop_size = desktops[0]
        scale.use(scale.AUTO, self.desktop_size)  # until the settings are read
        self.screen = pygame.display.set_mode(layout.menu_window(self.max_window))
        self._flags = 0
        self.clock = clock or SystemClock()
        self.store = store or Store.open()
        self.notices: list[str] = []
        self.settings = Settings(self.store.settings(), save=self.store.set_settings)
        self.settings.listen(self._setting_changed)
        language.use(language.chosen(self.settings["language"]))
        self._retitle()
        scale.use(self.settings["interface"], self.desktop_size)
        # the window as the player left it on this screen: the board window's size, and where it was put
        self.window_memory = WindowMemory(self.settings, self.desktop_size, self.max_window)
        self.player_window: tuple[int, int] | None = self.window_memory.size
        self.placement = WindowPlacement(self.desktop_size, self.window_memory.place, others=desktops[1:])
        self._centre()
        self.dealer = Dealer(self.store, self.settings, seed)
        theme.use_settings(self.settings)
        self.atlases = AtlasCache()
        self._sounds = sounds  # opened after the first frame: the audio device can take a while
        self.sounds_loading: background.BackgroundJob[Sounds] | None = None  # the effects being read, off the frame
        self.arrivals = Arrivals(self.store, self.settings, self.dealer)  # a replay file read, the records' news
        self.running = True
        self.frames = 0
        self._lag = 0.0
        self._quiet = 0.0  # seconds since the last event
        self._backlog = Intake()  # events that came and wait for a frame, merged as they come
        self._next: tuple[screens.Screen | None, Switch] | None = None  # the scene to show after this frame
        self._history: list[tuple[Scene, list[Overlay[Any]]]] = []  # scenes to come back to (a replay's Back)
        self.overlays: list[Overlay[Any]] = []
        preset = PRESETS[difficulty] if difficulty else None
        saved = self.dealer.keeper.saved is not None
        if preset is not None and not saved:
            self.scene = self._make(screens.Playing(self.dealer.new(preset.rows, preset.cols, preset.mines)))
        else:
            self.scene = self._make(screens.Menu())
        self._enter(self.scene)
        if preset is not None and saved:
            # The command line's game replaces the saved one as the menu's would: asked first, over the menu, and
            # the saved game then counted as abandoned (never overwritten unrecorded at the first click).
            rows, cols, mines = preset.rows, preset.cols, preset.mines
            self.replace_saved_then(lambda: self.show(screens.Playing(self.dealer.new(rows, cols, mines))))
        if replay is not None:  # a replay file to watch first (main.py --replay), as if dropped on the window
            self.open_file(replay)

    # --- scenes and overlays ---------------------------------------------------------------------------------

    def show(self, screen: screens.Screen, *, remember: bool = False, replace: bool = False) -> None:
        """Show `screen` after this frame.

        `remember`: come back to the scene on show now (with its overlays) when the new one calls back().
        `replace`: the new scene takes the place of the one on show, which was itself remembering another
        (a second replay file dropped on a replay); otherwise the scenes remembered are left for good.
        """
        self._next = (screen, Switch.REMEMBER if remember else Switch.REPLACE if replace else Switch.LEAVE)

    def back(self) -> None:
        """Back to the scene remembered by show(..., remember=True), else the menu."""
        if self._history:
            self._next = (None, Switch.BACK)
        else:
            self.show(screens.Menu())

    def push(self, shown: screens.Shown[R], then: Callable[[R], None] | None = None) -> Overlay[R]:
        """Put the overlay `shown` on top; when it finishes, `then(result)` is called."""
        overlay: Overlay[R] = _load(OVERLAYS[type(shown)])(self, shown)
        overlay.then = then
        self.overlays.append(overlay)
        self.scene.dirty = True
        return overlay

    def ask(self, question: str, detail: str, yes: str, no: str, then: Callable[[bool], None]) -> None:
        """A yes/no question over the scene; `then(True)` only when the player clicks the `yes` button."""
        self.push(screens.Confirm(question, detail, yes, no), then)

    def replace_saved_then(self, start: Callable[[], None]) -> None:
        """Start a game, asking first when it would replace the saved one (which then counts as abandoned: the
        dealer starts the game once the records have the old one)."""
        saved = self.dealer.keeper.saved
        if saved is None or self.dealer.discarding:
            self.dealer.discard_saved_then(start)
            return

        def answered(discard: bool) -> None:
            if discard:
                self.dealer.discard_saved_then(start)
                if self.dealer.discarding:
                    self.scene.notify(_("Counting the saved game as a loss..."))

        self.ask(
            _("Discard the saved game?"),
            # TRANSLATORS: {game} describes the saved game (its board and time)
            _("Your saved game ({game}) will count as a loss.").format(game=saved.describe()),
            # TRANSLATORS: a button: throw the saved game away (about 10 characters)
            yes=_("Discard"),
            # TRANSLATORS: a button: keep the saved game (about 10 characters)
            no=_("Keep it"),
            then=answered,
        )

    def now_ms(self) -> int:
        """The time input is stamped with, in milliseconds on the app's clock (a test's clock is its own)."""
        return int(self.clock.now_ms())

    def quit(self) -> None:
        self.running = False

    def _make(self, screen: screens.Screen) -> Scene:
        context: Context = self  # what scenes get of the app (the type checker holds the app to it)
        scene: Scene = _load(SCENES[type(screen)])(context, screen)
        scene.shown = screen
        return scene

    def _enter(self, scene: Scene) -> None:
        self.fit_window(scene)
        scene.on_enter()
        scene.dirty = True

    def _switch(self) -> None:
        screen, how = self._next or (None, Switch.BACK)
        self._next = None
        leaving = [(self.scene, self.overlays)]
        if screen is None:
            self.scene, self.overlays = self._history.pop()
        else:
            self.scene, self.overlays = self._make(screen), []
        if how is Switch.REMEMBER:
            self._history.append(leaving.pop())
        elif how is Switch.LEAVE and self._history:
            leaving += reversed(self._history)
            self._history = []
        for scene, overlays in leaving:
            _leave(scene, overlays)
        self._enter(self.scene)
        for overlay in self.overlays:
            overlay.invalidate()

    def _pop_finished(self) -> None:
        """Deliver what the overlays handed back, and take away the ones that finished."""
        for overlay in list(self.overlays):
            while overlay.handed and overlay.then is not None:
                overlay.then(overlay.handed.pop(0))
        while self.overlays and any(o.done for o in self.overlays):
            overlay = next(o for o in reversed(self.overlays) if o.done)
            self.overlays.remove(overlay)
            overlay.on_exit()
            self.scene.invalidate()
            if overlay.then is not None:
                overlay.then(overlay.result)

    # --- settings, notices, files ------------------------------------------------------------------------------

    def _setting_changed(self, key: str, value: Any) -> None:
        if key == "sound" and self._sounds is not None:
            self._sounds.muted = not value
        elif key in ("theme", "palette"):
            theme.use_settings(self.settings)
        elif key == "interface":
            scale.use(value, self.desktop_size)
            self.scene.rescaled()
        elif key == "language":
            language.use(language.chosen(value))
            self._retitle()
            self.scene.rescaled()  # every label is measured again in the new words
        self.invalidate()

    def _retitle(self) -> None:
        pygame.display.set_caption(_(config.TITLE))

    def toggle_sound(self) -> str:
        """M, in the scenes with nothing to type: sound on or off, kept. Returns a line saying which."""
        on = not self.settings["sound"]
        self.settings.change("sound", on)
        # TRANSLATORS: the status line after the M key turned the sound on or off
        return _("Sound on") if on else _("Sound off (M turns it on)")

    def take_notices(self) -> list[str]:
        """Messages for the player to see once (records set aside...), and "records busy" while it lasts."""
        notices = [*self.notices, *self.store.take_notices(), *filter(None, [self.store.busy])]
        self.notices = []
        return notices

    def open_file(self, path: str) -> None:
        """A replay file or a video dropped on the window (or given at start, or chosen in Records' videos):
        read off the frame, watched, then back."""
        self.arrivals.read_replay(path)

    def _arrived(self, arrival: Arrival) -> None:
        """What came from off the frame, acted on: a replay watched (a file dropped on a replay takes its place),
        a line told, the records' news on the scenes with a line for it (else kept for the menu), the menu
        shown again with what late records hold."""
        shown = self.scene.shown
        if isinstance(arrival, Watch):
            watchable, on_replay = arrival.watchable, isinstance(shown, screens.Replay)
            watch = screens.Replay(watchable.replay, video=watchable.video, about=watchable)
            self.show(watch, remember=not on_replay, replace=on_replay)
        elif isinstance(arrival, Tell) or (isinstance(arrival, News) and isinstance(shown, NEWS_SHOWN)):
            self.scene.notify(arrival.text)
        elif isinstance(arrival, News):
            self.notices.append(arrival.text)
        elif isinstance(arrival, RecordsOpened) and isinstance(shown, screens.Menu):
            self.show(screens.Menu())

    @property
    def max_window(self) -> tuple[int, int]:
        reserve_w, reserve_h = config.SCREEN_RESERVE
        return self.desktop_size[0] - reserve_w, self.desktop_size[1] - reserve_h

    @property
    def sounds(self) -> Sounds:
        """The sound effects; without an audio device they play nothing (Help says why: sounds.notice). Until
        the files are read (off the frame, after the first frame), silence."""
        job = self.sounds_loading
        if self._sounds is None and job is not None and job.done:
            self.sounds_loading = None
            loaded = job.result
            if loaded is None:  # reading them failed in a way Sounds.read does not foresee: a game without sound
                # TRANSLATORS: {error} is the system's own words for the trouble (often English)
                loaded = Sounds(
                    notice=_("No sound: the sound files could not be read ({error}).").format(error=job.error)
                )
            loaded.muted = not self.settings["sound"]  # as it is now, whatever it was when the reading began
            self._sounds = loaded
        if self._sounds is None:
            return Sounds(muted=not self.settings["sound"])
        return self._sounds

    def _load_sounds(self) -> None:
        """Open the audio device, then read the effects on a thread: a large file, or a pipe named like one,
        never holds a frame (one of 150 MB took the first frame 400 ms; a pipe held the start forever)."""
        notice = open_mixer()
        if notice is not None:
            self._sounds = Sounds(muted=not self.settings["sound"], notice=notice)
            return
        folder, muted = config.ASSETS_DIR / "sounds", not self.settings["sound"]
        self.sounds_loading = background.BackgroundJob(lambda cancel: Sounds.read(folder, muted))

    @functools.cached_property
    def progress(self) -> Progress:
        """What the player has learnt (lessons, mistakes, the drill), read from the records when first wanted."""
        return Progress(self.store)

    # --- the window ------------------------------------------------------------------------------------------

    def fit_window(self, scene: Scene) -> None:
        """Make the window the size (and resizability) the scene asks for, centred on the screen."""
        flags = pygame.RESIZABLE if scene.resizable else 0
        resized = tuple(self.screen.get_size()) != tuple(scene.window_size)
        if resized or self._flags != flags:
            self.screen = pygame.display.set_mode(scene.window_size, flags)
            self._flags = flags
        if resized:
            self._centre()

    def _centre(self) -> None:
        self.placement.place(self.screen.get_size())

    def invalidate(self) -> None:
        self.scene.invalidate()
        for overlay in self.overlays:
            overlay.invalidate()

    def _window_resized(self, size: tuple[int, int]) -> None:
        if size == tuple(self.screen.get_size()) == tuple(self.scene.window_size):
            return  # our own set_mode, reported back
        self.screen = pygame.display.get_surface() or self.screen
        # No window is larger than the screens can show: a window system's size past them (7,680 x 4,320 on a
        # 1,366 x 768 screen) would have every frame draw millions of pixels nobody sees (200 ms a frame).
        left, top, right, bottom = self.placement.reach()
        size = (min(size[0], right - left), min(size[1], bottom - top))
        if self.scene.resizable:
            self.scene.resized(size)
            width, height = self.scene.window_size
            self.player_window = (width, height)  # the next board window keeps it, and the next run
            self.window_memory.note(self.now_ms(), size=self.player_window)
        self.fit_window(self.scene)  # a window smaller than the scene can be goes back to its smallest
        self.invalidate()

    # --- the loop ----------------------------------------------------------------------------------------------

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.WINDOWSIZECHANGED:
            self._window_resized((event.x, event.y))
        elif event.type == pygame.WINDOWMOVED:
            if self.placement.moved((event.x, event.y)):
                self.window_memory.note(self.now_ms(), place=(event.x, event.y))
        elif event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
            self.invalidate()
        elif event.type == pygame.DROPFILE:
            self.open_file(event.file)
        else:
            for overlay in reversed(self.overlays):
                if overlay.handle(event):
                    self._pop_finished()
                    return
            self.scene.handle(event)
            self._pop_finished()

    def _take(self, arrived: list[pygame.event.Event]) -> list[pygame.event.Event]:
        """This frame's events: a burst's leftovers first, a run of motions merged into one, a burst of resizes
        into the last, at most a bounded share of the rest unless they have waited too long (see Intake)."""
        for event in arrived:
            self._backlog.add(event)
        return self._backlog.take(self.now_ms())

    def _idle_for(self) -> float | None:
        wakes = [w for w in (self.scene.next_wake(), *(o.next_wake() for o in self.overlays)) if w is not None]
        return min(wakes) if wakes else None

    @property
    def _dirty(self) -> bool:
        return self.scene.dirty or any(o.dirty for o in self.overlays)

    def step(self) -> None:
        """Run one frame."""
        events: list[pygame.event.Event] = self.clock.arrived()  # came, stamped, while the clock waited
        idled = 0.0
        waiting = self._backlog or self.dealer.discarding
        if not events and not self._dirty and not waiting and not pygame.event.peek():
            # While the player is active, look for input every frame; after a quiet spell, less often.
            poll = config.STEP if self._quiet < config.ACTIVE_SECONDS else config.IDLE_POLL
            timeout = self._idle_for()
            idled = poll if timeout is None else max(0.0, min(timeout, poll))
            events = self.clock.idle(idled)
        now, got = self.clock.now_ms(), pygame.event.get()
        for event in got:
            event.t_ms = now  # (a clock that waits in the queue stamped those that came then: see SystemClock)
        events = self._take(events + got)
        # A stall longer than MAX_FRAME is cut short; time we chose to sleep is not a stall.
        elapsed = min(self.clock.tick(), config.MAX_FRAME + idled)
        self._quiet = 0.0 if events else self._quiet + elapsed
        for event in events:
            self._dispatch(event)
        self._lag += elapsed
        while self._lag >= config.STEP:
            if not any(overlay.stops_time for overlay in self.overlays):  # a question: time stands still beneath
                self.scene.update(config.STEP)
            for overlay in list(self.overlays):
                overlay.update(config.STEP)
            self._pop_finished()
            self._lag -= config.STEP
        for arrival in self.arrivals.update():
            self._arrived(arrival)
        self.window_memory.settle(self.now_ms())  # a move or a resize, written once it is over
        self.dealer.poll()  # a game chosen over a discarded one starts once the records have that one
        self._draw()
        self.frames += 1
        if self._sounds is None and self.sounds_loading is None:
            self._load_sounds()  # now, after the first frame is on screen
        elif self.sounds_loading is not None:
            self.sounds  # noqa: B018 - takes the effects up once they are read
        if self.frames == 1:
            background.warm_up(WARM)
        if self._next is not None:
            self._switch()

    def _draw(self) -> None:
        if not self._dirty:
            return
        if self.overlays:
            self.scene.draw_all(self.screen)  # overlays sit on top: the scene beneath is drawn whole
            for overlay in self.overlays:
                overlay.draw(self.screen)
                overlay.dirty = False
            pygame.display.flip()
        else:
            changed = self.scene.draw(self.screen)
            if changed is None:
                pygame.display.flip()
            elif changed:
                pygame.display.update(changed)  # a ticking timer sends 1% of the window, not all of it
        self.scene.dirty = False

    def run(self, max_frames: int | None = None) -> int:
        while self.running and (max_frames is None or self.frames < max_frames):
            self.step()
        self.dealer.wait_discarded(DISCARD_WAIT)  # the discarded game goes to the records before they close
        _leave(self.scene, self.overlays)
        for scene, overlays in reversed(self._history):  # a game left for a replay is saved too
            _leave(scene, overlays)
        self.window_memory.flush()
        self.store.close()
        return 0


def _leave(scene: Scene, overlays: list[Overlay[Any]]) -> None:
    for overlay in reversed(overlays):
        overlay.on_exit()
    scene.on_exit()
