"""Every screen the app can show and every overlay it can put over one, each a typed value holding what it is
shown with. A scene asks `context.show(screens.Menu(notice="..."))`, never a name and loose arguments, so the
type checker holds every switch to what the screen takes; the app makes the scene from the value."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeAlias, TypeVar

if TYPE_CHECKING:
    import pygame

    from game.files.reading import Watchable
    from game.files.shelf import Shelf
    from game.model import Replay as GameReplay
    from game.play.race import Race
    from game.play.session import GameSession
    from game.video.events import Video

Cell = tuple[int, int]
Rect: TypeAlias = "pygame.Rect | tuple[int, int, int, int]"
R = TypeVar("R")

# --- scenes: each fills the window ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Menu:
    """The menu; `notice`: a line to show on it (a dropped file that would not open, a save refused)."""

    notice: str = ""


@dataclass(frozen=True)
class Playing:
    """A game. `made_click`: a first click to make for the player (the same board again, a board code, a
    video's board), after which the clock waits for their move. `race`: a video raced on this board."""

    session: GameSession
    made_click: Cell | None = None
    race: Race | None = None


@dataclass(frozen=True)
class Custom:
    """The custom board form."""


@dataclass(frozen=True)
class CodeEntry:
    """Play a code."""


@dataclass(frozen=True)
class Records:
    """Records, on `category` (None: the one last played)."""

    category: str | None = None


@dataclass(frozen=True)
class Videos:
    """The videos in the records folder, to watch. `shelf`: the list, when a test brings its own."""

    shelf: Shelf | None = None


@dataclass(frozen=True)
class Settings:
    """Settings."""


@dataclass(frozen=True)
class Help:
    """Help, on its `page`."""

    page: int = 0


@dataclass(frozen=True)
class Replay:
    """A finished game played back. `video`: its mouse, when it was recorded; `about`: the file it was read
    from (a video's player, program, date and figures, shown under the board)."""

    replay: GameReplay
    title: str = ""
    video: Video | None = None
    about: Watchable | None = None


@dataclass(frozen=True)
class Learn:
    """Learn: the lessons and the drill."""


@dataclass(frozen=True)
class Puzzle:
    """A position to solve: lesson number `lesson`, the pattern `drill`, or a lost game to `study`."""

    lesson: int | None = None
    drill: bool = False
    study: GameReplay | None = None


Screen = Menu | Playing | Custom | CodeEntry | Records | Videos | Settings | Help | Replay | Learn | Puzzle

# --- overlays: each sits over a scene and hands back a result of its own type ---------------------------------


class PanelChoice(enum.Enum):
    """What the player chose on the game-over panel, handed back to the playing scene."""

    AGAIN = "again"
    SAME_BOARD = "same board"
    MENU = "menu"
    REPLAY = "replay"  # watch the game (the panel stays, for when the player comes back)
    STUDY = "study"  # the position before the losing click, as a puzzle (likewise)


class Shown(Generic[R]):
    """An overlay to put on top, whose result is an R."""


@dataclass(frozen=True)
class Confirm(Shown[bool]):
    """A yes/no question; True only when the player chose `yes`."""

    question: str
    detail: str
    yes: str
    no: str = "Cancel"


@dataclass(frozen=True)
class Pause(Shown[None]):
    """The pause cover; it finishes at the click or key that ends the pause."""


@dataclass(frozen=True)
class GameOver(Shown[PanelChoice]):
    """The game-over panel of `session`. `places()`: where the scene beneath has, now, (face, board, status);
    `toggle_sound`: what M does; `race`: the race this game was."""

    session: GameSession
    places: Callable[[], tuple[Rect, Rect, Rect]] | None = None
    toggle_sound: Callable[[], str] | None = None
    race: Race | None = None
