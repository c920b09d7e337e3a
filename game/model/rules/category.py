"""Categories: the key a game's records are kept under ("expert", "custom:16x30x99") and how it reads; and the
standard boards, the levels the community ranks (`level_of`)."""

from __future__ import annotations

from game.language import _, ngettext, pgettext

from .facts import PRESETS
from .guessing import GuessRule

CUSTOM_PREFIX = "custom:"
# A game of the no-guess family is kept apart from the board's other games: its category is the board's with
# the rule's name after this mark ("expert@strict"); a game with guesses left to luck has the board's alone.
RULE_MARK = "@"

# The standard boards, (rows, cols, mines), and the level each one is: the one list every place that asks
# "is this board standard, and which level?" reads (STNB, the Records tabs, Replay, `stats`, videos' labels).
STANDARD_BOARDS = {
    (9, 9, 10): "beginner",  # Windows' beginner since XP, and ours
    (8, 8, 10): "beginner",  # Windows' beginner before XP, and Arbiter's
    (16, 16, 40): "intermediate",
    (16, 30, 99): "expert",  # 30 wide, 16 high
}


def level_of(rows: int, cols: int, mines: int) -> str | None:
    """The level of a standard board ("beginner", "intermediate" or "expert", PRESETS' keys), or None for a
    custom board. The standard boards are those the community ranks at each level: Beginner is 9 x 9 with 10
    mines (Windows since XP, our preset) and also 8 x 8 with 10 mines (Windows before XP and Minesweeper
    Arbiter, in which most ranked beginner videos were played: the rankings count both as Beginner),
    Intermediate 16 x 16 with 40 and Expert 30 wide and 16 high with 99. Expert turned on its side (16 wide,
    30 high) is a custom board: the rankings take Expert only as it is laid out on a screen, where the
    mouse travels across, not up and down (ms-toollib calls it custom too). ms-toollib, whose figures ours
    match, calls 9 x 9 custom and gives it no STNB; we follow the community and our own Beginner there.

    >>> level_of(9, 9, 10), level_of(8, 8, 10), level_of(16, 30, 99)
    ('beginner', 'beginner', 'expert')
    >>> level_of(30, 16, 99) is None, level_of(9, 9, 11) is None
    (True, True)
    """
    return STANDARD_BOARDS.get((rows, cols, mines))


def size_text(rows: int, cols: int) -> str:
    """A board size as the player reads it everywhere: width first, as on the menu ("30 x 16"). Notation, the
    same in every language (game.view.text keeps it on one line)."""
    return f"{cols} x {rows}"


def mines_text(mines: int) -> str:
    return ngettext("{count} mine", "{count} mines", mines).format(count=mines)


def standard_boards_text() -> str:
    """The standard boards in words, from STANDARD_BOARDS: "beginner 9 x 9 or 8 x 8, intermediate 16 x 16,
    expert 30 x 16"."""
    sizes: dict[str, list[str]] = {}
    for (rows, cols, _mines), level in STANDARD_BOARDS.items():
        sizes.setdefault(level, []).append(size_text(rows, cols))
    # TRANSLATORS: the levels within a sentence ("STNB is counted on the standard boards only: beginner 9 x 9 ...")
    names = {
        "beginner": pgettext("level, within a sentence", "beginner"),
        "intermediate": pgettext("level, within a sentence", "intermediate"),
        "expert": pgettext("level, within a sentence", "expert"),
    }
    each_level = []
    for level, each in sizes.items():
        # TRANSLATORS: two board sizes of one level ("9 x 9 or 8 x 8")
        shown = each[0] if len(each) == 1 else _("{first} or {second}").format(first=each[0], second=each[1])
        # TRANSLATORS: a level and its board size ("beginner 9 x 9 or 8 x 8")
        each_level.append(_("{level} {sizes}").format(level=names[level], sizes=shown))
    return pgettext("list separator", ", ").join(each_level)


def category_for(rows: int, cols: int, mines: int, rule: str = GuessRule.OFF) -> str:
    """The preset key for the three classic sizes, else ``"custom:RxCxM"`` (an 8 x 8 beginner board is kept
    apart from our 9 x 9 one: their times do not compare; `level_of` says it is a beginner board); with the
    rule's name after RULE_MARK for a game of the no-guess family (`rule`, a GuessRule's value).

    >>> category_for(16, 30, 99), category_for(16, 30, 99, "strict"), category_for(5, 6, 7, "no_guess")
    ('expert', 'expert@strict', 'custom:5x6x7@no_guess')
    """
    board = next(
        (key for key, p in PRESETS.items() if (p.rows, p.cols, p.mines) == (rows, cols, mines)),
        f"{CUSTOM_PREFIX}{rows}x{cols}x{mines}",
    )
    rule = GuessRule.of(rule)
    return board if rule is GuessRule.OFF else f"{board}{RULE_MARK}{rule.value}"


def rule_of(category: str) -> tuple[str, GuessRule]:
    """The board's category and the rule of a category (`category_for` read back).

    >>> rule_of("expert@forced_safe"), rule_of("beginner")
    (('expert', <GuessRule.FORCED_SAFE: 'forced_safe'>), ('beginner', <GuessRule.OFF: 'off'>))
    """
    board, _mark, rule = category.partition(RULE_MARK)
    return board, GuessRule.of(rule)


def parse_custom(category: str) -> tuple[int, int, int] | None:
    """(rows, cols, mines) of a ``"custom:RxCxM"`` key, or None for anything else."""
    if not isinstance(category, str) or not category.startswith(CUSTOM_PREFIX):
        return None
    parts = rule_of(category)[0][len(CUSTOM_PREFIX) :].split("x")
    if len(parts) != 3 or not all(part.isascii() and part.isdigit() and len(part) <= 7 for part in parts):
        return None
    rows, cols, mines = (int(part) for part in parts)
    return rows, cols, mines


def board_of(category: str) -> tuple[int, int, int] | None:
    """(rows, cols, mines) of a category, a preset's or a custom one; None for a key that is neither."""
    preset = PRESETS.get(rule_of(category)[0])
    return (preset.rows, preset.cols, preset.mines) if preset is not None else parse_custom(category)


def category_label(category: str) -> str:
    """What the player reads, in the language in effect: ``"Expert"``, ``"Custom 30 x 16, 99 mines"``; a standard
    board that is not our preset reads as its level and size (``"Beginner 8 x 8"``). Shown, never stored: the
    records keep the category's key."""
    board, rule = rule_of(category)
    label = _board_label(board)
    if rule is GuessRule.OFF:
        return label
    # TRANSLATORS: a board and the no-guess mode its games were played in ("Expert, strict no-guess")
    return _("{board}, {mode}").format(board=label, mode=rule.name_shown)


def _board_label(category: str) -> str:
    if category in PRESETS:
        return _(PRESETS[category].name)
    size = parse_custom(category)
    if size is None:
        return category[:40]  # not one of ours (a damaged row): shown, never trusted, never long
    rows, cols, mines = size
    level = level_of(rows, cols, mines)
    if level is not None:
        # TRANSLATORS: a level and a board size that is not our preset's ("Beginner 8 x 8")
        return _("{level} {size}").format(level=_(PRESETS[level].name), size=size_text(rows, cols))
    # TRANSLATORS: a custom board: {size} is "30 x 16", {mines} is "99 mines"
    return _("Custom {size}, {mines}").format(size=size_text(rows, cols), mines=mines_text(mines))
