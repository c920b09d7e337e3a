"""Every setting the player can change, defined once: key, default, allowed values, label and how a stored
value is cleaned when read back. The store keeps them, the Settings screen lists them from here, and every
change goes through `Settings.change`, which also saves it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal, NamedTuple, overload

from game import config
from game.language import LANGUAGES, N_
from game.model import PRESETS, SAFE_AROUND_FIRST_CLICK, GuessRule
from game.names import player_name

Choice = tuple[Any, str]  # a value and how the Settings screen shows it (marked with N_: `_` where shown)


class Setting(NamedTuple):  # a NamedTuple, not a dataclass: start-up imports this, and it is 1 ms cheaper
    key: str
    label: str  # in English, marked with N_: the Settings screen shows it through `_` (so are the choices, the note)
    default: Any
    choices: tuple[Choice, ...] = ()  # the allowed values, in the order a click cycles them
    note: str = ""  # one line under the option on the Settings screen
    clean: Callable[[Any], Any] | None = None  # for values that are not a choice: the value, or ValueError
    listed: bool = True  # shown on the Settings screen
    notes: tuple[Choice, ...] = ()  # a note for each choice, in place of `note` (what the choice does)

    def cleaned(self, value: Any) -> Any:
        """The value if the game can use it, else the default (a hand-edited file, an older version)."""
        if self.choices:
            if self.clean is not None:  # a value an older version kept, made a choice
                value = self.clean(value)
            return next((v for v, _ in self.choices if _same(v, value)), self.default)
        if self.clean is not None:
            try:
                return self.clean(value)
            except (TypeError, ValueError):
                return self.default
        return value

    def note_for(self, value: Any) -> str:
        """The note under the option for a value, in English (as marked with N_): the screen translates it."""
        return next((text for v, text in self.notes if _same(v, value)), self.note)

    def shown(self, value: Any) -> str:
        """The choice's words for a value, in English (as marked with N_): the screen translates them."""
        return next((text for v, text in self.choices if _same(v, value)), str(value))


def _same(a: Any, b: Any) -> bool:
    # True == 1 in Python, but a stored 1 is not the setting True
    return type(a) is type(b) and a == b


def clean_custom(value: Any) -> tuple[int, int, int]:
    """A custom size as the Custom form would accept it: (rows, cols, mines), sides 5 to 100, at least one
    mine and room for the first click's opening."""
    if not (isinstance(value, (list, tuple)) and len(value) == 3 and all(type(v) is int for v in value)):
        raise ValueError(f"not three whole numbers: {value!r}")
    rows, cols, mines = value
    low, high = config.CUSTOM_MIN_SIDE, config.CUSTOM_MAX_SIDE
    if not (low <= rows <= high and low <= cols <= high and 1 <= mines <= rows * cols - SAFE_AROUND_FIRST_CLICK):
        raise ValueError(f"not a board the Custom form makes: {value!r}")
    return rows, cols, mines


LEVELS_WITH_RANGE = ("beginner", "intermediate", "expert", "custom")
MAX_THREE_BV = 10_000  # more than any board of the game can have (100 x 100 has 10,000 cells)
BvPair = tuple[int | None, int | None]  # (at least, at most): None is no bound on that side


def clean_bv_ranges(value: Any) -> dict[str, BvPair]:
    """The 3BV range the player set for each level (game.model's ThreeBvRange): {"expert": (150, None)}, only
    levels with a bound, each bound a whole number from 1 to MAX_THREE_BV, the least not above the most."""
    if not isinstance(value, dict):
        raise ValueError(f"not a range per level: {value!r}")
    kept: dict[str, BvPair] = {}
    for level, pair in value.items():
        if level not in LEVELS_WITH_RANGE or not (isinstance(pair, (list, tuple)) and len(pair) == 2):
            raise ValueError(f"not a level's 3BV range: {level!r}: {pair!r}")
        if not all(v is None or (type(v) is int and 1 <= v <= MAX_THREE_BV) for v in pair):
            raise ValueError(f"not a 3BV range: {pair!r}")
        low, high = pair
        if low is not None and high is not None and low > high:
            raise ValueError(f"an empty 3BV range: {pair!r}")
        if low is not None or high is not None:
            kept[level] = (low, high)
    return kept


MAX_PLAYER_CHARS = 40  # EVF's names are UTF-8 ending in a NUL, of any length: this keeps a name a name


def clean_player(value: Any) -> str:
    """A player's name as it goes into a video file (EVF: UTF-8, ending at a NUL): as typed, less what must never
    be in a name (a NUL, a line break or another control, a bidirectional override: game.names), no spaces
    around it, at most MAX_PLAYER_CHARS. Zero-width joiners and non-joiners stay: they spell Persian names and
    emoji families."""
    if not isinstance(value, str):
        raise ValueError(f"not text: {value!r}")
    return player_name(value, MAX_PLAYER_CHARS)


def guess_rule_name(value: Any) -> str:
    """The Guessing setting's value: older versions kept True (no-guess boards) or False."""
    return GuessRule.of(value).value


ON_OFF = (
    # TRANSLATORS: a setting's value on the Settings screen's button (about 12 characters)
    (False, N_("off")),
    # TRANSLATORS: a setting's value on the Settings screen's button (about 12 characters)
    (True, N_("on")),
)
# The interface's size (game/view/scale.py): Auto follows the screen; a percent is the player's choice.
INTERFACE_SIZES = ((AUTO_SIZE := "auto", N_("Auto")),) + tuple(
    (p, f"{p}%") for p in (100, 125, 150, 175, 200, 250, 300)
)
SCREENS_KEPT = 8  # the window is remembered on this many screen sizes at most (the last ones used)
MOST_PIXELS = 100_000  # no screen has a side this long: anything larger in the stored window is damage


def _pair(value: Any) -> tuple[int, int] | None:
    if value is None:
        return None
    if not (isinstance(value, (list, tuple)) and len(value) == 2 and all(type(v) is int for v in value)):
        raise ValueError(f"not two whole numbers: {value!r}")
    if not all(-MOST_PIXELS < v < MOST_PIXELS for v in value):
        raise ValueError(f"off any screen: {value!r}")
    return value[0], value[1]


def clean_window(value: Any) -> dict[str, dict[str, Any]]:
    """The window as the player left it on each screen size: {"1920x1080": {"place": [x, y] or None, "size":
    [w, h] or None}}, the size the board window was given (None: never resized). Places and sizes are checked
    against the screen when used (game/shell/window.py)."""
    if not isinstance(value, dict) or len(value) > SCREENS_KEPT:
        raise ValueError(f"not a window per screen: {value!r}")
    kept: dict[str, dict[str, Any]] = {}
    for screen, spot in value.items():
        width, _, height = str(screen).partition("x")
        if not (width.isdigit() and height.isdigit() and isinstance(spot, dict) and set(spot) <= {"place", "size"}):
            raise ValueError(f"not a screen's window: {screen!r}: {spot!r}")
        place, size = _pair(spot.get("place")), _pair(spot.get("size"))
        if size is not None and min(size) <= 0:
            raise ValueError(f"not a window's size: {size!r}")
        kept[f"{int(width)}x{int(height)}"] = {"place": place, "size": size}
    return kept


# Labels, choices and notes are marked with N_ (translated where shown); a language's name is never translated.
SETTINGS: tuple[Setting, ...] = (
    Setting(
        "first_click",
        N_("First click"),
        "opening",
        (
            # TRANSLATORS: the First click setting's choice, on a button (about 14 characters)
            ("opening", N_("opens an area")),
            # TRANSLATORS: the First click setting's choice, on a button (about 14 characters)
            ("safe", N_("only safe")),
        ),
    ),
    # TRANSLATORS: the note under the Question marks setting: what a right click cycles through
    Setting("question_marks", N_("Question marks"), False, ON_OFF, N_("right click: flag, ?, covered")),
    Setting(
        "no_guess",  # (the key of the older on/off setting: a stored True is "no_guess", False "off")
        # TRANSLATORS: the setting of how the game treats a guess (no-guess boards, or boards that change)
        N_("Guessing"),
        "off",
        (
            # TRANSLATORS: the Guessing setting's choices, on a button (about 14 characters each)
            ("off", N_("left to luck")),
            ("no_guess", N_("no-guess")),
            ("forced_safe", N_("forced is safe")),
            ("strict", N_("strict")),
        ),
        "",
        clean=guess_rule_name,
        # TRANSLATORS: a sentence under the Guessing setting for each choice: what it does (one short line, about
        # 40 characters; Help's Guessing page says it at length)
        notes=(
            ("off", N_("Random boards: a guess may hit a mine.")),
            ("no_guess", N_("Logic alone clears every board.")),
            ("forced_safe", N_("A forced guess is always made safe.")),
            ("strict", N_("Forced guesses safe, needless ones lose.")),
        ),
    ),
    # NF, as speed-runners play it: right clicks (and F) place nothing, so every game is an NF game; the menu's N too.
    # TRANSLATORS: the setting of playing with no flags at all (NF: the community's mark for it)
    Setting("no_flags", N_("No flags (NF)"), False, ON_OFF, N_("right click and F place nothing")),
    Setting("theme", N_("Theme"), "classic", (("classic", N_("Classic")), ("dark", N_("Dark")))),
    Setting(
        "palette",
        # TRANSLATORS: the setting of the colours the numbers on the board are drawn in
        N_("Numbers"),
        "standard",
        (("standard", N_("classic colours")), ("colour-blind", N_("colour-blind"))),
    ),
    Setting("sound", N_("Sound"), True, ((True, N_("on")), (False, N_("off")))),
    Setting("animation", N_("Animation"), True, ((True, N_("on")), (False, N_("off")))),
    Setting("tile", N_("Zoom"), config.DEFAULT_TILE, tuple((size, f"{size} px") for size in config.TILE_SIZES)),
    Setting("interface", N_("Interface size"), AUTO_SIZE, INTERFACE_SIZES, N_("text, buttons and panels")),
    # "" follows the system's language (game.language.system_language); each language is named in itself (never
    # translated); the Settings screen says System with the language it comes to (game/scenes/settings.py).
    Setting("language", N_("Language"), "", (("", "System"), *LANGUAGES.items())),
    # Kept by the menu and the Custom form rather than the Settings screen (their words are never shown: not marked):
    Setting(
        "difficulty",
        "Last game",
        "beginner",
        tuple((key, preset.name) for key, preset in PRESETS.items()) + (("custom", "Custom"),),
        listed=False,
    ),
    Setting("custom", "Custom size", (20, 20, 60), clean=clean_custom, listed=False),
    # Boards dealt only within a 3BV range, per level: a button beside Settings' Back opens their form (its words
    # are its own, not these); the Custom form keeps the custom board's too.
    Setting("bbbv_range", "Boards by 3BV", {}, clean=clean_bv_ranges, listed=False),
    # The name a video file says played it (EVF's player field): a text field of its own on the Settings screen.
    Setting("player", N_("Player name"), "", note=N_("in exported videos"), clean=clean_player, listed=False),
    # Where the player put the window and the size they gave it, per screen size (game/shell/window.py keeps it).
    Setting("window", "Window", {}, clean=clean_window, listed=False),
)

BY_KEY = {setting.key: setting for setting in SETTINGS}
LISTED = tuple(setting for setting in SETTINGS if setting.listed)


def defaults() -> dict[str, Any]:
    return {setting.key: setting.default for setting in SETTINGS}


def cleaned(stored: Mapping[str, Any]) -> dict[str, Any]:
    """Every setting, from what the store read back: unknown keys dropped, unusable values defaulted."""
    return {setting.key: setting.cleaned(stored.get(setting.key, setting.default)) for setting in SETTINGS}


def to_stored(value: Any) -> Any:
    """The JSON form of a value (JSON has no tuples)."""
    return list(value) if isinstance(value, tuple) else value


class Settings:
    """The settings in effect. Read with ``settings["theme"]``; change with ``settings.change(key, value)``,
    which cleans the value, keeps it (through `save`, the store) and tells the listeners."""

    def __init__(self, stored: Mapping[str, Any], save: Callable[[dict[str, Any]], Any] | None = None):
        self._values = cleaned(stored)
        self._save = save
        self._listeners: list[Callable[[str, Any], None]] = []
        self._changed: set[str] = set()  # changed by the player since start

    def reload(self, stored: Mapping[str, Any]) -> None:
        """Settings read again (the records opened late): each one the player has not changed since start
        takes its stored value; the listeners hear of those that differ. Nothing is saved."""
        for key, value in cleaned(stored).items():
            if key not in self._changed and not _same(value, self._values[key]):
                self._values[key] = value
                for listener in self._listeners:
                    listener(key, value)

    # Each setting's value has its own type: the keys say which, so what is read is typed where it is read.
    @overload
    def __getitem__(
        self, key: Literal["first_click", "theme", "palette", "difficulty", "player", "language", "no_guess"]
    ) -> str: ...
    @overload
    def __getitem__(self, key: Literal["question_marks", "no_flags", "sound", "animation"]) -> bool: ...
    @overload
    def __getitem__(self, key: Literal["tile"]) -> int: ...
    @overload
    def __getitem__(self, key: Literal["interface"]) -> str | int: ...  # "auto", or a percentage
    @overload
    def __getitem__(self, key: Literal["custom"]) -> tuple[int, int, int]: ...
    @overload
    def __getitem__(self, key: Literal["bbbv_range"]) -> dict[str, BvPair]: ...
    @overload
    def __getitem__(self, key: Literal["window"]) -> dict[str, dict[str, tuple[int, int] | None]]: ...
    @overload
    def __getitem__(self, key: str) -> object: ...  # a key known only at run time (the Settings screen's)

    def __getitem__(self, key: str) -> object:
        return self._values[key]

    def get(self, key: str, default: object = None) -> object:
        return self._values.get(key, default)

    def items(self) -> Iterable[tuple[str, object]]:
        return self._values.items()

    def listen(self, listener: Callable[[str, Any], None]) -> None:
        """Call `listener(key, value)` after every change (the app applies sound and theme this way)."""
        self._listeners.append(listener)

    def change(self, key: str, value: object) -> object:
        """Set one setting, keep it for the next start, and return the value in effect (ValueError if the
        game cannot use it: that is a bug in the caller, not the player's doing)."""
        setting = BY_KEY[key]
        kept = setting.cleaned(value)
        if not _same(kept, tuple(value) if isinstance(value, list) else value):
            raise ValueError(f"{value!r} is not a value of the setting {key!r}")
        self._values[key] = kept
        self._changed.add(key)
        if self._save is not None:
            self._save({key: to_stored(kept)})
        for listener in self._listeners:
            listener(key, kept)
        return kept

    def cycle(self, key: str, step: int = 1) -> object:
        """The next (or previous) choice of a setting, changed as `change` does."""
        values = [v for v, _ in BY_KEY[key].choices]
        current = next((i for i, v in enumerate(values) if _same(v, self._values[key])), 0)
        return self.change(key, values[(current + step) % len(values)])
