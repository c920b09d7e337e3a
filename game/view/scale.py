"""The interface's size: one factor that every size of the interface goes through (text, margins, buttons,
panels, the title's mine, the board's preferred cells), from the screen's size or the player's choice.

Sizes in the code are written as the interface looks at 100% on a 1366 x 768 laptop ("base pixels"); `px` turns
one into window pixels at the factor in use. Sprites are never smoothed to a fractional factor: they are drawn
at a whole multiple of their size (`sprite_scale`), pixel for pixel, as the top bar's digits already are.
"""

from __future__ import annotations

import math

from game import config
from game.language import _

AUTO = "auto"  # the "interface" setting (game/settings.py): Auto, or a percent the player chose
BASE_SCREEN = (1366, 768)  # the screen the interface is made for at 100%
STEP = 0.25  # Auto goes up in quarters
# The least room a menu screen needs at 100% (its rows at their smallest): a factor whose menu would not fit
# the screen is lowered to one that does, whatever was chosen.
MENU_LEAST = (440, 520)

_factor = 1.0


def _quarters_down(value: float) -> float:
    return max(1.0, math.floor(value / STEP + 1e-9) * STEP)


def largest(desktop: tuple[int, int]) -> float:
    """The largest factor at which a menu screen still fits the screen (never under 1)."""
    room_w, room_h = desktop[0] - config.SCREEN_RESERVE[0], desktop[1] - config.SCREEN_RESERVE[1]
    return _quarters_down(min(room_w / MENU_LEAST[0], room_h / MENU_LEAST[1]))


def auto(desktop: tuple[int, int]) -> float:
    """The factor for a screen: 1 up to a 1366 x 768 laptop's (800 x 600 included), then in quarters with the
    screen (1.25 at 1920 x 1080, 1.75 at 2560 x 1440, 2.75 at 3840 x 2160)."""
    ratio = min(desktop[0] / BASE_SCREEN[0], desktop[1] / BASE_SCREEN[1])
    return min(_quarters_down(ratio), largest(desktop))


def chosen(setting: object, desktop: tuple[int, int]) -> float:
    """The factor a setting gives on a screen: Auto's, or the percent asked for, lowered to what fits."""
    if isinstance(setting, int) and not isinstance(setting, bool) and setting >= 100:
        return min(setting / 100, largest(desktop))
    return auto(desktop)


def use(setting: object, desktop: tuple[int, int]) -> float:
    """Make the factor of `setting` (the "interface" setting) on this screen the one in use; returns it."""
    global _factor
    _factor = chosen(setting, desktop)
    return _factor


def set_factor(value: float) -> None:
    """Use this factor (tests, tools)."""
    global _factor
    _factor = value


def factor() -> float:
    return _factor


def px(base: float) -> int:
    """Base pixels in window pixels, rounded (halves up, so 2 px at 125% is 3, never 2 one place and 3 another)."""
    return int(base * _factor + 0.5)


def sprite_scale(base: int = 1) -> int:
    """The whole multiple a sprite drawn `base` times its size is shown at: nearest-neighbour, never smoothed."""
    return max(1, int(base * _factor + 0.5))


def percent(value: float | None = None) -> str:
    """A factor as the Settings screen says it: "125%"."""
    return f"{round(100 * (_factor if value is None else value))}%"


def label(setting: object, desktop: tuple[int, int]) -> str:
    """The "interface" setting as the Settings screen shows it: what Auto comes to on this screen, and what a
    choice too large for the screen is lowered to."""
    given = chosen(setting, desktop)
    if not isinstance(setting, int) or isinstance(setting, bool):
        # TRANSLATORS: the interface size in Settings when the game picks it: "Auto (125%)"
        return _("Auto ({percent})").format(percent=percent(given))
    if given == setting / 100:
        return f"{setting}%"
    # TRANSLATORS: an interface size too large for the screen, and the size it is lowered to: "200% (150% fits)"
    return _("{chosen} ({percent} fits)").format(chosen=f"{setting}%", percent=percent(given))
