"""The small interfaces every screen has: a Scene fills the window, an Overlay sits on top of one.

The app calls `on_enter`, then `handle` / `update` / `draw` each frame, then `on_exit`. A scene never makes
another scene: it asks the app for one (`context.show(screens.Menu())`), and the app switches after the frame. An
overlay (a question, the pause cover, the game-over panel) gets input before the scene beneath it and hands
the app results for whoever pushed it (`finish(result)` closes it, `hand_back(result)` leaves it open); it never
writes into the scene beneath, nor into the app.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

import pygame

from game import config
from game.view import screens

if TYPE_CHECKING:
    from game.learn.progress import Progress
    from game.play.dealer import Dealer
    from game.settings import Settings
    from game.store import Store
    from game.view.atlas import AtlasCache
    from game.view.sound import Sounds


R = TypeVar("R")


class Context(Protocol):
    """All a scene or an overlay may ask of the app: the services it reads, and the ways to go elsewhere. The
    app is one; a scene holds it as this, so the type checker keeps scenes to it."""

    settings: Settings
    dealer: Dealer
    store: Store
    atlases: AtlasCache
    screen: pygame.Surface
    frames: int
    player_window: tuple[int, int] | None  # the board window's size as the player last set it, if they did
    desktop_size: tuple[int, int]  # the screen the window opened on

    @property
    def progress(self) -> Progress: ...
    @property
    def sounds(self) -> Sounds: ...
    @property
    def max_window(self) -> tuple[int, int]: ...

    def show(self, screen: screens.Screen, *, remember: bool = False, replace: bool = False) -> None: ...
    def back(self) -> None: ...
    def push(self, shown: screens.Shown[R], then: Callable[[R], None] | None = None) -> Overlay[R]: ...
    def ask(self, question: str, detail: str, yes: str, no: str, then: Callable[[bool], None]) -> None: ...
    def replace_saved_then(self, start: Callable[[], None]) -> None: ...
    def quit(self) -> None: ...
    def now_ms(self) -> int: ...
    def toggle_sound(self) -> str: ...
    def take_notices(self) -> list[str]: ...
    def fit_window(self, scene: Scene) -> None: ...
    def open_file(self, path: str) -> None: ...


class Scene:
    """A screen of the game.

    `dirty` asks the app to draw this frame; `next_wake()` tells how long the scene can sleep when idle
    (None: until the next event), so an idle game does not burn the CPU. `draw` returns None when it drew
    the whole window, or the list of rectangles it changed, so the app sends only those to the screen.
    """

    #: the window size this scene wants; the app resizes the window when it switches scenes
    window_size: tuple[int, int] = config.MENU_SIZE
    #: whether the player may resize the window (the scene then gets resized(size))
    resizable = False
    #: the screen it was made to show (set by the app when it makes it)
    shown: screens.Screen | None = None

    def __init__(self, context: Context):
        self.context = context
        self.dirty = True

    def on_enter(self) -> None:
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, step: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        return None

    def draw_all(self, surface: pygame.Surface) -> None:
        """Draw the whole window whatever changed (the app calls this when an overlay sits on top)."""
        self.draw(surface)

    def resized(self, size: tuple[int, int]) -> None:
        """The player resized the window (only for resizable scenes)."""
        self.invalidate()

    def rescaled(self) -> None:
        """The interface's size changed (game/view/scale.py): a scene that can lays itself out again at once;
        the others are laid out at the new size when next made."""
        self.invalidate()

    def invalidate(self) -> None:
        """The window lost its contents (exposed, resized, a theme change): draw everything next frame."""
        self.dirty = True

    def on_exit(self) -> None:
        pass

    def notify(self, message: str) -> None:
        """Tell the player something that happened outside this scene (a dropped file that would not open):
        scenes without a place for it hand it to the menu."""
        self.context.show(screens.Menu(notice=message))

    def next_wake(self) -> float | None:
        return None


class Overlay(Generic[R]):
    """Something drawn over the scene beneath it that takes input first: `handle` returns True when it used
    the event. `finish(result)` closes it; the app then calls the `then` it was pushed with. `hand_back(result)`
    does the same and leaves it open (the game-over panel's Replay: the panel is there when the player is back).
    Its results are Rs (screens.Shown[R] says which)."""

    modal = True  # a modal overlay takes every event; others pass on what they do not use
    # time stands still beneath it (a question: no video plays on, no ghost runs, while the player reads it)
    stops_time = False

    def __init__(self, context: Context):
        self.context = context
        self.dirty = True
        self.done = False
        self.result: R | None = None  # set by finish()
        self.then: Callable[[R], None] | None = None
        self.handed: list[R] = []  # results handed back while it stays open, for the app to deliver

    def hand_back(self, result: R) -> None:
        self.handed.append(result)

    @property
    def window_size(self) -> tuple[int, int]:
        return self.context.screen.get_size()

    def finish(self, result: R) -> None:
        self.done, self.result = True, result

    def handle(self, event: pygame.event.Event) -> bool:
        return self.modal

    def update(self, step: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def invalidate(self) -> None:
        self.dirty = True

    def on_exit(self) -> None:
        pass

    def next_wake(self) -> float | None:
        return None


class FormScene(Scene):
    """A menu form (Custom, Play a code): typing goes to its fields while it shows, Esc goes back to the
    menu; the form handles the rest (Enter starts the game, or presses the button the focus ring is on)."""

    def on_enter(self) -> None:
        super().on_enter()
        pygame.key.start_text_input()

    def on_exit(self) -> None:
        pygame.key.stop_text_input()

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.context.show(screens.Menu())
        else:
            self.handle_form(event)

    def handle_form(self, event: pygame.event.Event) -> None:
        """Every other event: the fields and buttons of the form."""

    def try_start(self) -> None:
        """Start the game when the form is valid."""
