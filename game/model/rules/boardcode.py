"""Board codes: a short text (MS1-XXXX-XXXX-XXXX) that remakes a board anywhere, checked so typos are caught."""

from __future__ import annotations

from dataclasses import dataclass

from game.language import _, ngettext

from .board import Board
from .category import mines_text, size_text
from .facts import FIRST_CLICK_RULES, MAX_DENSITY, SAFE_AROUND_FIRST_CLICK, validate_first_click, validate_size

__all__ = ["BoardCode", "PREFIX", "decode_board_code", "encode_board_code"]

PREFIX = "MS1-"
SEED_LIMIT = 2**32

# Crockford's base 32: no I, L, O or U, so nothing reads as another character (or a rude word).
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}
_VALUE.update({"O": 0, "I": 1, "L": 1})  # what a player typing from paper is likely to mean
# Players and clipboards put these between groups; none of them is part of a code.
_SEPARATORS = str.maketrans("", "", "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212_ \t\r\n\v\f\u00a0")

# The format, frozen with the "MS1" version (changing any of these needs MS2): the presets by their own
# numbers rather than rules.PRESETS, so retuning a preset cannot change what an old code means.
_PRESETS = {1: (9, 9, 10), 2: (16, 16, 40), 3: (16, 30, 99)}
_KINDS = 4  # 0 custom, 1-3 a preset
_SMALL_SIDE_RADIX = 128  # custom sides 1..128 (all the custom form makes), a character shorter than...
_SIDE_RADIX = 1000  # ...custom sides 1..1000, marked by one more binary digit
_CHECK_BITS = 15  # CRC-15/CAN: every error within 15 bits (any one character) is caught, others 1 in 32768
_CHECK_POLY = 0x4599
_CHECK_CHARS = _CHECK_BITS // 5
_MAX_RAW = 200  # longer input is not a code, and is refused before any work is done on it
_MAX_CHARS = 40  # the longest possible code (1000x1000) has 25 characters after MS1-


@dataclass(frozen=True)
class BoardCode:
    """Everything that makes a board: size, mines, first-click rule, seed and (once played) the first click.

    Mines are laid at the first reveal from the seed, so a board made by `board()` and opened at `first_cell`
    has the same mines as the board the code was taken from. For a no-guess code the playing scene lays the
    mines with generate_no_guess(..., first_cell, seed=seed, first_click=...), as it does for any no-guess
    board, and that too depends only on these fields.
    """

    rows: int
    cols: int
    mines: int
    first_click: str = "opening"
    seed: int = 0
    first_cell: tuple[int, int] | None = None
    no_guess: bool = False

    def __post_init__(self) -> None:
        validate_size(self.rows, self.cols, self.mines)
        if self.rows > _SIDE_RADIX or self.cols > _SIDE_RADIX:
            raise ValueError(f"A board code holds sides up to {_SIDE_RADIX}, not {self.rows}x{self.cols}.")
        validate_first_click(self.first_click)
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed < SEED_LIMIT:
            raise ValueError(f"A board code's seed is a whole number from 0 to 2**32 - 1, not {self.seed!r}.")
        if not isinstance(self.no_guess, bool):
            raise TypeError(f"no_guess is True or False, not {self.no_guess!r}.")
        if self.first_cell is not None:
            cell = tuple(self.first_cell)
            if (
                len(cell) != 2
                or any(isinstance(v, bool) or not isinstance(v, int) for v in cell)
                or not (0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols)
            ):
                raise ValueError(
                    f"The first cell must be a (row, col) on the {self.rows}x{self.cols} board, "
                    f"not {self.first_cell!r}."
                )
            object.__setattr__(self, "first_cell", cell)

    @classmethod
    def from_board(cls, board: Board, no_guess: bool = False) -> BoardCode:
        """The code of a board in play or finished.

        The first cell is the click that laid the mines (found by replaying the moves on a fresh board, so a
        reveal on a flag does not count). Raises ValueError if the mines did not come from the seed and that
        click (a board remade from a mine list, "Same board" opened elsewhere): its code would deal other
        mines. A no-guess board is not re-checked, as remaking it would mean running the generator again.
        """
        first_cell = None
        if board.mines_placed:
            probe = board.same_board(keep_mines=False)
            for move in board.moves:
                probe.apply(move)
                if probe.mines_placed:
                    first_cell = move.cell
                    break
            if first_cell is None or (not no_guess and not probe.has_mines_of(board)):
                raise ValueError("These mines did not come from the board's seed, so no code can remake them.")
        return cls(board.rows, board.cols, board.mines, board.first_click, board.seed, first_cell, bool(no_guess))

    def board(self, question_marks: bool = False) -> Board:
        """A fresh board for this code: mines are laid at the first reveal, as always."""
        return Board(
            self.rows,
            self.cols,
            self.mines,
            seed=self.seed,
            first_click=self.first_click,
            question_marks=question_marks,
        )

    def start_hint(self) -> str | None:
        """How the game starts, in words (counting from 1, top left), or None if the code has no first click."""
        if self.first_cell is None:
            return None
        row, col = self.first_cell
        return _(
            "Its first click, row {row}, column {column} (from the top left), is made for you, so the "
            "board opens as it did; the clock starts at your next click."
        ).format(row=row + 1, column=col + 1)

    def describe(self) -> str:
        """One line for a panel, width first: '30 x 16, 99 mines, opening first click, seed 1234'."""
        opening = self.first_click == "opening"
        if self.no_guess:
            # TRANSLATORS: a board code's board: {size} is "30 x 16", {mines} "99 mines", {seed} a number
            template = (
                _("{size}, {mines}, opening first click, no-guess, seed {seed}")
                if opening
                else _("{size}, {mines}, safe first click, no-guess, seed {seed}")
            )
        else:
            template = (
                _("{size}, {mines}, opening first click, seed {seed}")
                if opening
                else _("{size}, {mines}, safe first click, seed {seed}")
            )
        return template.format(size=size_text(self.rows, self.cols), mines=mines_text(self.mines), seed=self.seed)


# --- the packed number ---------------------------------------------------------------------------------
# A mixed-radix number, lowest digit first: kind (custom or a preset), then for custom boards a large-sides bit, rows,
# cols and mines, then rule, no-guess, first cell (0 none, else 1 + its index) and the seed on top. Each radix is known
# from the digits below it, so the number is as small as the board allows (Expert: 45 bits, 9 characters).


def _side_radix(rows: int, cols: int) -> int:
    return _SMALL_SIDE_RADIX if max(rows, cols) <= _SMALL_SIDE_RADIX else _SIDE_RADIX


def _base(kind: int, rows: int, cols: int) -> int:
    """What the digits above the size are multiplied by."""
    return _KINDS if kind else _KINDS * 2 * _side_radix(rows, cols) ** 2 * (rows * cols - 1)


def _payload_chars(kind: int, rows: int, cols: int) -> int:
    """Every code for a board size has one length (the most its number can need), so a lost or extra
    character shows up as a wrong length whatever the seed."""
    cells = rows * cols
    largest = _base(kind, rows, cols) * 2 * 2 * (cells + 1) * SEED_LIMIT - 1
    return -(-largest.bit_length() // 5)


def _kind_of(code: BoardCode) -> int:
    for kind, size in _PRESETS.items():
        if size == (code.rows, code.cols, code.mines):
            return kind
    return 0


def _check(symbols: list[int]) -> list[int]:
    """CRC-15/CAN over the symbols' bits, fed their count first so that leading zeros count too."""
    crc = (1 << _CHECK_BITS) - 1
    for symbol in (len(symbols) % 32, *symbols):
        for shift in range(4, -1, -1):
            bit = (symbol >> shift) & 1
            top = (crc >> (_CHECK_BITS - 1)) & 1
            crc = (crc << 1) & ((1 << _CHECK_BITS) - 1)
            if top ^ bit:
                crc ^= _CHECK_POLY
    return [(crc >> (5 * i)) & 31 for i in range(_CHECK_CHARS - 1, -1, -1)]


def encode_board_code(code: BoardCode) -> str:
    """The text of a board code: 'MS1-' then groups of four characters, e.g. MS1-1Z3K-9QPD-AW2M."""
    if not isinstance(code, BoardCode):
        raise TypeError(f"encode takes a BoardCode, not {type(code).__name__}.")
    rows, cols, cells = code.rows, code.cols, code.rows * code.cols
    kind = _kind_of(code)
    cell = 0 if code.first_cell is None else 1 + code.first_cell[0] * cols + code.first_cell[1]
    number = ((code.seed * (cells + 1) + cell) * 2 + code.no_guess) * 2 + FIRST_CLICK_RULES.index(code.first_click)
    if kind:
        number = number * _KINDS + kind
    else:
        radix = _side_radix(rows, cols)
        size = (((code.mines - 1) * radix + (cols - 1)) * radix + (rows - 1)) * 2 + (radix == _SIDE_RADIX)
        number = (number * (cells - 1) * radix * radix * 2 + size) * _KINDS
    length = _payload_chars(kind, rows, cols)
    symbols = [(number >> (5 * i)) & 31 for i in range(length - 1, -1, -1)]
    text = "".join(ALPHABET[s] for s in symbols + _check(symbols))
    return PREFIX + "-".join(text[i : i + 4] for i in range(0, len(text), 4))


def decode_board_code(text: str, max_side: int = 100, min_side: int = 5) -> BoardCode:
    """The BoardCode in this text, or ValueError with one line a player can read. Nothing else is raised
    for any string, and no code gives a board with a side outside min_side..max_side or more mines than
    the custom form allows (cells - 9; no-guess codes also keep to the no-guess density)."""
    if not isinstance(text, str):
        raise TypeError(f"A board code is text, not {type(text).__name__}.")
    if len(text) > _MAX_RAW:
        raise ValueError(_("That is too long to be a board code."))
    compact = text.translate(_SEPARATORS).upper()
    if not compact:
        raise ValueError(_("Type or paste a board code: it starts with MS1-."))
    if len(compact) > len(PREFIX) - 1 + _MAX_CHARS:
        raise ValueError(_("That is too long to be a board code."))
    head = "".join(str(_VALUE.get(ch, ch)) if ch in "ILO" else ch for ch in compact[:3])
    if head[:2] == "MS" and len(head) == 3 and head[2] in "23456789":
        raise ValueError(
            _("That code is for another version of the game (MS{version}-); this one reads MS1- codes.").format(
                version=head[2]
            )
        )
    if head != "MS1":
        raise ValueError(_("That is not a board code: it should start with MS1-."))
    body = compact[3:]
    for ch in body:
        if ch not in _VALUE:
            raise ValueError(
                _("That code has a character board codes never use: {character}.").format(character=repr(ch))
            )
    if len(body) <= _CHECK_CHARS + 1:
        raise ValueError(_("That code is too short: part of it is missing."))
    symbols = [_VALUE[ch] for ch in body]
    payload, check = symbols[:-_CHECK_CHARS], symbols[-_CHECK_CHARS:]
    if _check(payload) != check:
        raise ValueError(_("That code has a typo: its check digits don't match."))
    code = _unpack(payload)
    _within_limits(code, max_side, min_side)
    return code


def _unpack(payload: list[int]) -> BoardCode:
    """The fields of a payload whose check digits matched (so a bad value here is a forged code, or a 1 in
    32768 typo): every digit is range-checked before it is used."""
    damaged = _("That code is damaged: it does not describe a board.")
    number = 0
    for symbol in payload:
        number = number * 32 + symbol
    number, kind = divmod(number, _KINDS)
    if kind:
        rows, cols, mines = _PRESETS[kind]
    else:
        number, large = divmod(number, 2)
        radix = _SIDE_RADIX if large else _SMALL_SIDE_RADIX
        number, rows = divmod(number, radix)
        number, cols = divmod(number, radix)
        rows, cols = rows + 1, cols + 1
        if rows * cols < 2 or large != (_side_radix(rows, cols) == _SIDE_RADIX):
            raise ValueError(damaged)
        number, mines = divmod(number, rows * cols - 1)
        mines += 1
    cells = rows * cols
    if len(payload) != _payload_chars(kind, rows, cols):
        raise ValueError(_("That code has a typo: a character is missing or extra."))
    number, rule = divmod(number, 2)
    number, no_guess = divmod(number, 2)
    seed, cell = divmod(number, cells + 1)
    if seed >= SEED_LIMIT:
        raise ValueError(damaged)
    first_cell = None if cell == 0 else divmod(cell - 1, cols)
    return BoardCode(rows, cols, mines, FIRST_CLICK_RULES[rule], seed, first_cell, bool(no_guess))


def _within_limits(code: BoardCode, max_side: int, min_side: int) -> None:
    rows, cols, mines, cells = code.rows, code.cols, code.mines, code.rows * code.cols
    if rows > max_side or cols > max_side:
        raise ValueError(
            _("That code is for a {width}x{height} board; the largest is {most}x{most}.").format(
                width=cols, height=rows, most=max_side
            )
        )
    if rows < min_side or cols < min_side:
        raise ValueError(
            _("That code is for a {width}x{height} board; the smallest is {least}x{least}.").format(
                width=cols, height=rows, least=min_side
            )
        )
    most = cells - SAFE_AROUND_FIRST_CLICK
    if mines > most:
        raise ValueError(
            ngettext(
                "That code has {count} mine; a {width}x{height} board holds at most {most}.",
                "That code has {count} mines; a {width}x{height} board holds at most {most}.",
                mines,
            ).format(count=mines, width=cols, height=rows, most=most)
        )
    if code.no_guess and mines > MAX_DENSITY * cells + 1e-9:
        raise ValueError(
            ngettext(
                "That code has {count} mine; a no-guess {width}x{height} board holds at most {most}.",
                "That code has {count} mines; a no-guess {width}x{height} board holds at most {most}.",
                mines,
            ).format(count=mines, width=cols, height=rows, most=int(MAX_DENSITY * cells + 1e-9))
        )
