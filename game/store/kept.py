"""What is kept of a game: the record of a finished one, the save of one under way, and the checks a save
must pass before it is played again. No pygame here."""

from __future__ import annotations

from datetime import datetime, timezone
from enum import Enum
from typing import Any, NamedTuple

from game.config import CUSTOM_MAX_SIDE as MAX_SIDE
from game.config import CUSTOM_MIN_SIDE as MIN_SIDE
from game.language import _
from game.model import (
    Board,
    GameState,
    GuessRule,
    category_for,
    category_label,
    read_json,
    replay_text_limits,
    rule_of,
)

# The longest texts a save of this game holds: anything longer read back is damage, refused before it is
# parsed, built or drawn.
MAX_SAVE_CHARS, MAX_SAVE_LISTS = replay_text_limits(MAX_SIDE)
MAX_CATEGORY_CHARS = 64  # "custom:100x100:9991" and room to spare


class Origin(str, Enum):
    """Where a board came from. Boards seen before (the same board again, a code) are recorded but never
    count for best times."""

    NEW = "new"
    SAME_BOARD = "same board"
    CODE = "code"


class _RecordFields(NamedTuple):
    rows: int
    cols: int
    mines: int
    won: bool
    time_ms: int
    three_bv: int
    seed: int | None = None
    first_click: str = "opening"
    no_guess: bool = False
    # how guesses were treated (a GuessRule's value): a game of the no-guess family is kept under its own category
    guess_rule: str = "off"
    filtered: bool = False  # the board was dealt within the player's 3BV range: recorded apart, never timed
    left_clicks: int = 0
    right_clicks: int = 0
    chord_clicks: int = 0
    effective_clicks: int = 0  # clicks that changed the board; wasted = total - effective
    assisted: bool = False
    same_board: bool = False
    abandoned: bool = False  # left under way for another game: a loss
    played_at: datetime | str | None = None  # now, when left out
    solved_three_bv: int | None = None  # the 3BV of what the player opened: all of it on a win
    replay: str | None = None  # the game's move log, as a replay file's JSON
    category: str | None = None  # derived from the size when left out
    video: str | None = None  # the id of its video's chunks in the records (a long video), which the game keeps


class GameRecord(_RecordFields):
    """One finished game, as the records keep it. Made by keyword; the category follows from the size.
    (A NamedTuple rather than a dataclass: start-up imports this, and that is a millisecond cheaper.)"""

    __slots__ = ()

    def __new__(cls, **fields: Any) -> GameRecord:
        fields.setdefault("played_at", None)
        if fields["played_at"] is None:
            fields["played_at"] = datetime.now(timezone.utc)
        rule = fields.get("guess_rule") or ("no_guess" if fields.get("no_guess") else "off")
        fields["guess_rule"] = rule
        derived = category_for(fields["rows"], fields["cols"], fields["mines"], rule)
        category = fields.setdefault("category", derived) or derived
        if category != derived:
            raise ValueError(
                f"category {category!r} does not match a {fields['rows']}x{fields['cols']} board "
                f"with {fields['mines']} mines ({derived!r})"
            )
        if fields["won"] and fields.get("abandoned"):
            raise ValueError("an abandoned game is not won")
        return super().__new__(cls, **{**fields, "category": category})


class SavedGame(NamedTuple):
    """A game under way as the records keep it, to resume after the window closes or the game is killed."""

    # A game's own board, or the JSON text of one read back from the records: that is parsed only when the save
    # is checked, off the frame (a long 100x100 game's took 120 ms, and the menu needs only its description).
    board: dict[str, Any] | str
    elapsed_ms: int
    category: str
    extra: dict[str, Any] | None
    saved_at: datetime | None = None
    save_id: str | None = None  # which save this is: a resume claims it by its id (two copies, one game)

    def describe(self) -> str:
        """For the menu's button: ``"Expert, 42 s"``."""
        # TRANSLATORS: the menu's button for the saved game: its board ("Expert") and its time in seconds ("42 s")
        return _("{board}, {seconds} s").format(board=category_label(self.category), seconds=self.elapsed_ms // 1000)

    def board_data(self) -> dict[str, Any]:
        """The board as a record (parsed from its text if need be); ValueError when it is not one."""
        if isinstance(self.board, dict):
            return self.board
        try:
            data = read_json(self.board)  # on the resume's thread: the frames run meanwhile
        except (ValueError, TypeError, RecursionError):
            raise ValueError(_("its board could not be read")) from None
        if not isinstance(data, dict):
            raise ValueError(_("its board is not a record"))
        return data


# --- checking a save ------------------------------------------------------------------------------------------

# true/false marks beside the board ("same_board": older saves; "filtered", "no_flags": newer ones only)
SAVED_MARKS = ("same_board", "hinted", "no_guess", "filtered", "no_flags")


def checked_save(saved: SavedGame) -> tuple[Board, dict[str, Any]]:
    """The board of a save and the details beside it, or ValueError saying what is wrong. A save is taken
    only if it is what this game writes: a board of a size the game makes, under way, whose move log,
    replayed from its seed (or its mines), gives exactly the cells, clicks and state saved."""
    extra = _checked_extra(saved.extra or {})
    data = saved.board_data()
    sides = (data.get("rows"), data.get("cols"))
    if not all(type(v) is int and MIN_SIDE <= v <= MAX_SIDE for v in sides):
        raise ValueError(
            _("its board is not a size this game makes ({least} to {most} a side)").format(
                least=MIN_SIDE, most=MAX_SIDE
            )
        )
    try:
        board = Board.from_dict(data)
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as error:
        raise ValueError(_("it was not a valid game ({error})").format(error=str(error)[:200])) from None
    if board.state != GameState.PLAYING:
        if board.state == GameState.READY:
            raise ValueError(_("it had not started"))
        if board.state == GameState.WON:
            raise ValueError(_("the game was already won"))
        raise ValueError(_("the game was already lost"))
    # (the board's part: a save made before the no-guess family kept a no-guess game under the board alone)
    if rule_of(saved.category)[0] != category_for(board.rows, board.cols, board.mines):
        raise ValueError(_("its category does not match its board"))
    times = extra.get("times")
    if times is not None:  # older saves keep the move times beside the board
        if not (
            isinstance(times, list)
            and len(times) == len(board.moves)
            and all(type(t) is int and t >= 0 for t in times)
            and all(a <= b for a, b in zip(times, times[1:]))
        ):
            raise ValueError(_("its move times are not whole milliseconds in order"))
        board.stamp_times(times)
    if board.moves and saved.elapsed_ms < board.moves[-1].t_ms:
        raise ValueError(_("its clock is behind its moves"))
    return _replayed(board), extra


def _checked_extra(extra: Any) -> dict[str, Any]:
    """The details beside a saved board, or ValueError saying what is wrong with them."""
    if not isinstance(extra, dict):
        raise ValueError(_("its details are not a record"))
    for key in SAVED_MARKS:
        if not isinstance(extra.get(key, False), bool):
            raise ValueError(_("its {mark} mark is not true or false").format(mark=key.replace("_", " ")))
    if "rule" in extra and GuessRule.of(extra["rule"]).value != extra["rule"]:
        raise ValueError(_("it does not say how guesses were treated"))
    if "origin" in extra and extra["origin"] not in [o.value for o in Origin]:
        raise ValueError(_("it does not say where its board came from"))
    return extra


def _replayed(saved: Board) -> Board:
    """The saved board rebuilt by playing its move log again; ValueError unless that gives the same game."""
    wanted = saved.to_dict()
    for keep_mines in (False, True):  # mines from the seed, else laid beforehand (no-guess, same board)
        board = saved.same_board(keep_mines)
        for n, move in enumerate(saved.moves):
            board.apply(move, made=n < saved.made_moves)  # the click made for the player, as it was made
        if board.to_dict() == wanted:
            return board
    raise ValueError(_("its moves do not lead to its board"))
