"""Every screen the app can show and every overlay it can put over one, each a typed value holding what it is
shown with. A scene asks `context.show(screens.Menu(notice="..."))`, never a name and loose arguments, so the
type checker holds every switch to what the screen takes; the app makes the scene from the value.

Plain classes whose fields are Final (mypy refuses a write to one), not frozen dataclasses: the app imports
every screen at start-up, and fourteen frozen dataclasses cost 13 ms of a 180 ms start here (each writes and
compiles six methods). Nothing compares screens: the app looks at their type."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Generic, TypeAlias, TypeVar

from game.language import _
from game.model import Cell

if TYPE_CHECKING:
    import pygame

    from game.files.reading import Watchable
    from game.files.shelf import Shelf
    from game.model import Replay as GameReplay
    from game.play.race import Race
    from game.play.session import GameSession
    from game.play.trial import Trial
    from game.store.writer import Pending
    from game.video.events import Video

Rect: TypeAlias = "pygame.Rect | tuple[int, int, int, int]"
R = TypeVar("R")

# --- scenes: each fills the window ----------------------------------------------------------------------------


class Menu:
    """The menu; `notice`: a line to show on it (a dropped file that would not open, a save refused)."""

    def __init__(self, notice: str = "") -> None:
        self.notice: Final = notice


class Playing:
    """A game. `made_click`: a first click to make for the player (the same board again, a board code, a
    video's board), after which the clock waits for their move. `race`: a video raced on this board. `trial`:
    the time trial's run this board is the next of (its session names it), and what was said of the board before
    it."""

    def __init__(
        self,
        session: GameSession,
        made_click: Cell | None = None,
        race: Race | None = None,
        trial: Trial | None = None,
        said: str = "",
    ) -> None:
        self.session: Final = session
        self.made_click: Final = made_click
        self.race: Final = race
        self.trial: Final = trial
        self.said: Final = said


class Custom:
    """The custom board form."""


class Trials:
    """Time trials: the sets, each with its best run, and the run under way. `resumed`: the saved game, checked
    and claimed, that is a board of a run: it goes on as that run's board."""

    def __init__(self, resumed: GameSession | None = None) -> None:
        self.resumed: Final = resumed


class TrialEnd:
    """A run's end: `trial` finished, against the best run before it (`best_ms`, None without one); `kept`: the
    records' answer, True when it is the set's new best."""

    def __init__(self, trial: Trial, best_ms: int | None, kept: Pending[bool] | None = None) -> None:
        self.trial: Final = trial
        self.best_ms: Final = best_ms
        self.kept: Final = kept


class CodeEntry:
    """Play a code."""


class Records:
    """Records, on `category` (None: the one last played)."""

    def __init__(self, category: str | None = None) -> None:
        self.category: Final = category


class Progress:
    """Progress: a board's games drawn as charts, on `category` (None: the one last played)."""

    def __init__(self, category: str | None = None) -> None:
        self.category: Final = category


class Videos:
    """The videos in the records folder, to watch. `shelf`: the list, when a test brings its own."""

    def __init__(self, shelf: Shelf | None = None) -> None:
        self.shelf: Final = shelf


class Settings:
    """Settings."""


class BvRanges:
    """Boards by 3BV: the range of each level (opened from Settings)."""


class Help:
    """Help, on its `page`."""

    def __init__(self, page: int = 0) -> None:
        self.page: Final = page


class Replay:
    """A finished game played back. `video`: its mouse, when it was recorded; `about`: the file it was read
    from (a video's player, program, date and figures, shown under the board)."""

    def __init__(
        self, replay: GameReplay, title: str = "", video: Video | None = None, about: Watchable | None = None
    ) -> None:
        self.replay: Final = replay
        self.title: Final = title
        self.video: Final = video
        self.about: Final = about


class Learn:
    """Learn: the lessons and the drill."""


class Puzzle:
    """A position to solve: lesson number `lesson`, the pattern `drill`, or a game to `study`: the position
    before its move `before` (by default its last, the losing click)."""

    def __init__(
        self,
        lesson: int | None = None,
        drill: bool = False,
        study: GameReplay | None = None,
        before: int | None = None,
    ) -> None:
        self.lesson: Final = lesson
        self.drill: Final = drill
        self.study: Final = study
        self.before: Final = before


Screen = (
    Menu
    | Playing
    | Custom
    | Trials
    | TrialEnd
    | CodeEntry
    | Records
    | Progress
    | Videos
    | Settings
    | BvRanges
    | Help
    | Replay
    | Learn
    | Puzzle
)

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


class Confirm(Shown[bool]):
    """A yes/no question; True only when the player chose `yes`."""

    def __init__(self, question: str, detail: str, yes: str, no: str | None = None) -> None:
        self.question: Final = question
        self.detail: Final = detail
        self.yes: Final = yes
        # TRANSLATORS: a button that answers no to a question (about 10 characters)
        self.no: Final = no if no is not None else _("Cancel")


class Pause(Shown[None]):
    """The pause cover; it finishes at the click or key that ends the pause."""


class GameOver(Shown[PanelChoice]):
    """The game-over panel of `session`. `places()`: where the scene beneath has, now, (face, board, status,
    the cells the verdict marks); `toggle_sound`: what M does; `race`: the race this game was."""

    def __init__(
        self,
        session: GameSession,
        places: Callable[[], tuple[Rect, Rect, Rect, Rect]] | None = None,
        toggle_sound: Callable[[], str] | None = None,
        race: Race | None = None,
    ) -> None:
        self.session: Final = session
        self.places: Final = places
        self.toggle_sound: Final = toggle_sound
        self.race: Final = race
