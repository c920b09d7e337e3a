"""The Minesweeper board: mines, cell states and the moves a player makes (reveal, flag, chord)."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from . import board_text
from . import grid as g
from .facts import GameState, validate_first_click, validate_size
from .grid import Cell
from .mines import draw_mines
from .move import Move, MoveKind

if TYPE_CHECKING:
    from .snapshot import Snapshot


_FINISHED = (GameState.WON, GameState.LOST)
# How a save writes each cell's state, and back: see snapshot.py.
CELL_CHARS = {g.COVERED: ".", g.FLAGGED: "F", g.QUESTIONED: "?", g.REVEALED: "O"}
CELL_STATES = {char: state for state, char in CELL_CHARS.items()}
# each cell state's character as a byte, for bytes.translate (a save is made after every move: a large board's
# rows are turned into text at C speed); any other byte becomes NUL, which no row may hold
_CHAR_OF_STATE = bytes(ord(CELL_CHARS[state]) if state in CELL_CHARS else 0 for state in range(256))


class Board:
    """One game of Minesweeper, from the first click to the end.

    Mines are placed at the first reveal, from `seed`: the same seed and the same first click always give the
    same board. Every move returns the cells it revealed (and `last_changed` lists every cell whose look it
    changed), so a view can redraw just those. No clock lives here: the playing scene times the game.
    Cells are `(row, col)` from the top left.

    >>> board = Board.from_layout('''
    ...     *....
    ...     .....
    ...     ...*.
    ... ''')
    >>> board.reveal(0, 4)
    [(0, 1), (0, 2), (0, 3), (0, 4), (1, 1), (1, 2), (1, 3), (1, 4)]
    >>> print(board.seen_text())
    #1000
    #1111
    #####
    >>> board.toggle_flag(2, 3)
    [(2, 3)]
    >>> board.chord(1, 3)  # its one mine is flagged, so its other covered neighbours open
    [(2, 2), (2, 4)]
    >>> board.state, board.mines_left
    (<GameState.PLAYING: 'playing'>, 1)
    """

    def __init__(
        self,
        rows: int,
        cols: int,
        mines: int,
        seed: int | None = None,
        first_click: str = "opening",
        question_marks: bool = False,
    ):
        validate_size(rows, cols, mines)
        validate_first_click(first_click)
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"A seed is a whole number, not {seed!r}.")
        self.rows, self.cols, self.mines = rows, cols, mines
        self.seed = seed
        self.first_click = first_click
        self.question_marks = bool(question_marks)
        self._grid = g.Grid(rows, cols)
        self._states = self._grid.new_states()
        self._mine: bytes | None = None  # 1 where a mine lies; None until the first reveal
        self._counts: bytearray | None = None  # neighbour mine counts, with the mines
        self._passable: bytearray | None = None  # covered, unflagged zeros: where a cascade may spread
        self._three_bv: int | None = None
        self._mine_cells: tuple[Cell, ...] | None = None  # mine_cells, found once: a game's end asks for it often
        self.state = GameState.READY
        self.exploded: Cell | None = None
        self.flags = 0
        self.revealed_count = 0  # revealed cells, the exploded mine included
        self._safe_revealed = 0
        self.left_clicks = self.right_clicks = self.chord_clicks = self.effective_clicks = 0
        # the first reveal made for the player (a same board, a code, a race open the board as it did): it is in
        # the move log, and in no click count (1 when made, else 0)
        self.made_moves = 0
        self._moves: list[Move] = []  # every click, in order, as it turned out (see apply)
        self.first_reveal: Cell | None = None  # the reveal that started the game (and laid the mines)
        self.last_changed: list[Cell] = []

    # --- making boards -----------------------------------------------------------------------------

    @classmethod
    def from_mines(
        cls,
        rows: int,
        cols: int,
        mine_cells: Iterable[Sequence[int]],
        seed: int | None = None,
        first_click: str = "opening",
        question_marks: bool = False,
    ) -> Board:
        """A board whose mines are already laid (a replay, "same board again", a test)."""
        mine_cells = [tuple(cell) for cell in mine_cells]
        board = cls(rows, cols, len(mine_cells), seed=seed, first_click=first_click, question_marks=question_marks)
        board._lay_mines(board._indices(mine_cells, "mine"))
        return board

    @classmethod
    def from_layout(cls, layout: str | Iterable[str], seed: int | None = None, question_marks: bool = False) -> Board:
        """A board drawn as text: '*' is a mine, '.' a safe cell; one string per row or lines in one string."""
        rows, cols, mine_cells = board_text.parse_layout(layout)
        return cls.from_mines(rows, cols, mine_cells, seed=seed, question_marks=question_marks)

    def same_board(self, keep_mines: bool = True) -> Board:
        """A fresh game on this board: the same mines once laid (unless `keep_mines` is false), else the same
        seed and rules, which lay the same mines for the same first click."""
        if self._mine is None or not keep_mines:
            return Board(self.rows, self.cols, self.mines, self.seed, self.first_click, self.question_marks)
        return Board.from_mines(
            self.rows, self.cols, self.mine_cells(), self.seed, self.first_click, self.question_marks
        )

    def lay_mines(self, mine_cells: Iterable[Sequence[int]]) -> None:
        """Lay these mines now, before the first reveal (a no-guess generator chose them)."""
        if self._mine is not None or self.state != GameState.READY:
            raise ValueError("The mines are already laid on this board.")
        mine_cells = [tuple(cell) for cell in mine_cells]
        if len(mine_cells) != self.mines:
            raise ValueError(f"This board needs {self.mines} mines, not {len(mine_cells)}.")
        self._lay_mines(self._indices(mine_cells, "mine"))

    def move_mines(self, mine_cells: Iterable[Sequence[int]]) -> None:
        """Lay the mines elsewhere in a game under way (a mode of the no-guess family moved them under a guess):
        ValueError, and the board as it was, unless as many mines as before lie under covered cells only and
        every revealed number stays what it shows.

        >>> board = Board.from_layout(["*..", "...", "..*"])
        >>> _ = board.reveal(0, 2)
        >>> board.move_mines([(1, 0), (2, 2)])
        >>> board.is_mine(0, 0), board.is_mine(1, 0)
        (False, True)
        """
        if self.state != GameState.PLAYING:
            raise ValueError("Mines move only in a game under way.")
        mine_cells = [tuple(cell) for cell in mine_cells]
        if len(mine_cells) != self.mines:
            raise ValueError(f"This board needs {self.mines} mines, not {len(mine_cells)}.")
        indices = self._indices(mine_cells, "mine")
        was = self._mine, self._counts, self._passable, self._mine_cells
        old_counts = self._laid()[1]
        self._lay_mines(indices)
        mine, counts, passable = self._laid()
        states = self._states
        for i, state in enumerate(states):
            if state == g.REVEALED:
                if mine[i] or counts[i] != old_counts[i]:
                    self._mine, self._counts, self._passable, self._mine_cells = was
                    raise ValueError("Moved mines must leave every revealed cell as it shows.")
                passable[i] = 0
        self._three_bv = None

    def _indices(self, cells: Sequence[Sequence[int]], what: str) -> set[int]:
        indices = set()
        for cell in cells:
            if len(cell) != 2:
                raise ValueError(f"A {what} cell is a (row, col) pair, not {cell!r}.")
            indices.add(self._index(*cell))
        if len(indices) != len(cells):
            raise ValueError(f"The same {what} cell is listed twice.")
        return indices

    def _lay_mines(self, indices: Iterable[int]) -> None:
        mine = bytearray(self._grid.size)
        for i in indices:
            mine[i] = 1
        self._mine = bytes(mine)
        self._mine_cells = None
        self._counts = self._grid.neighbour_counts(self._mine)
        self._passable = self._grid.zero_cells(self._mine, self._counts)
        flagged = self._states.find(g.FLAGGED)
        while flagged != -1:  # flags set before the first click already guard their cells
            self._passable[flagged] = 0
            flagged = self._states.find(g.FLAGGED, flagged + 1)

    # --- what the player sees ------------------------------------------------------------------------

    def _index(self, row: int, col: int) -> int:
        if isinstance(row, bool) or isinstance(col, bool) or not (isinstance(row, int) and isinstance(col, int)):
            raise TypeError(f"A cell is a pair of whole numbers, not ({row!r}, {col!r}).")
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise IndexError(f"({row}, {col}) is outside this {self.rows}x{self.cols} board.")
        return self._grid.index(row, col)

    @property
    def mines_placed(self) -> bool:
        return self._mine is not None

    def is_revealed(self, row: int, col: int) -> bool:
        return self._states[self._index(row, col)] == g.REVEALED

    def is_flagged(self, row: int, col: int) -> bool:
        return self._states[self._index(row, col)] == g.FLAGGED

    def is_questioned(self, row: int, col: int) -> bool:
        return self._states[self._index(row, col)] == g.QUESTIONED

    def is_mine(self, row: int, col: int) -> bool:
        index = self._index(row, col)
        return self._mine is not None and self._mine[index] == 1

    def adjacent_mines(self, row: int, col: int) -> int:
        index = self._index(row, col)
        return 0 if self._counts is None else self._counts[index]

    def seen_codes(self) -> bytes:
        """The whole board as the player sees it, one byte per cell in reading order (fast, for a full
        repaint): 0-8 a revealed number, SEEN_COVERED, SEEN_FLAG, SEEN_QUESTION or SEEN_MINE (revealed)."""
        return self._grid.seen_codes(self._states, self._mine, self._counts)

    def mine_cells(self) -> list[Cell]:
        """Every mine's (row, col), in reading order; [] before they are laid."""
        if self._mine is None:
            return []
        if self._mine_cells is None:
            grid, found, index = self._grid, [], self._mine.find(1)
            while index != -1:
                found.append(grid.cell(index))
                index = self._mine.find(1, index + 1)
            self._mine_cells = tuple(found)
        return list(self._mine_cells)

    def has_mines_of(self, other: Board) -> bool:
        """Whether the other board's mines lie where this one's do (both laid, or neither)."""
        return (self.rows, self.cols, self._mine) == (other.rows, other.cols, other._mine)

    def seen_text(self) -> str:
        """The board as the player sees it, one line per row: '#' covered, 'F' flag, '?' question mark,
        '0'-'8' a revealed number, '*' a revealed mine.

        >>> board = Board.from_layout(["*..", "..."])
        >>> _ = board.reveal(1, 2)
        >>> print(board.seen_text())
        #10
        #10
        """
        return board_text.seen_text(self.seen_codes(), self.cols)

    @property
    def moves(self) -> Sequence[Move]:
        """Every click, in order, as it turned out (see `apply`); only moves and `stamp_times` add to it."""
        return self._moves

    def stamp_times(self, times: Sequence[int]) -> None:
        """Give the logged clicks these times (ms; a save from an older version kept them beside the board)."""
        if len(times) != len(self._moves):
            raise ValueError(f"{len(times)} times for {len(self._moves)} moves.")
        if any(isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in times) or any(
            a > b for a, b in zip(times, times[1:])
        ):
            raise ValueError("Move times are whole milliseconds from 0 that never go back.")
        self._moves = [move.at(t) for move, t in zip(self._moves, times)]

    @property
    def mines_left(self) -> int:
        """The counter the player sees: mines minus flags (negative when over-flagged)."""
        return self.mines - self.flags

    @property
    def safe_cells_left(self) -> int:
        return self.rows * self.cols - self.mines - self._safe_revealed

    @property
    def three_bv(self) -> int | None:
        """The board's 3BV; None until the mines are laid."""
        if self._three_bv is None and self._mine is not None:
            mine, counts, _ = self._laid()
            self._three_bv = self._grid.three_bv(mine, counts)
        return self._three_bv

    # --- moves -------------------------------------------------------------------------------------

    def apply(self, move: Move, made: bool = False) -> list[Cell]:
        """Make one click; returns the cells it revealed ([] if it revealed none). The click is logged in
        `moves` as it turned out: a right click that took a mark away is logged as "unflag". `made`: the first
        reveal, made for the player (so that a board seen before opens as it did): logged, counted in no
        click count (`made_moves`).

        >>> board = Board.from_layout(["*..", "...", "..."])
        >>> _ = board.apply(Move(MoveKind.REVEAL, 2, 2), made=True)
        >>> board.state, board.left_clicks, board.effective_clicks, board.made_moves, len(board.moves)
        (<GameState.WON: 'won'>, 0, 0, 1, 1)
        """
        if made:
            if self._moves or move.kind is not MoveKind.REVEAL:
                raise ValueError("Only the first click, a reveal, is made for the player.")
            counts = self.left_clicks, self.effective_clicks
            opened = self._reveal(move)
            self.left_clicks, self.effective_clicks = counts
            self.made_moves = len(self._moves)
            return opened
        if move.kind is MoveKind.REVEAL:
            return self._reveal(move)
        if move.kind.right_click:
            return self._toggle_flag(move)
        if move.kind is MoveKind.CHORD:
            return self._chord(move)
        raise ValueError(f"A move is one of {', '.join(kind.value for kind in MoveKind)}, not {move.kind!r}.")

    def reveal(self, row: int, col: int) -> list[Cell]:
        """Left click on a covered cell: returns the cells newly revealed ([] if nothing changed)."""
        return self._reveal(Move(MoveKind.REVEAL, row, col))

    def toggle_flag(self, row: int, col: int) -> list[Cell]:
        """Right click: covered -> flag -> (question mark, when on) -> covered; nothing on revealed cells."""
        return self._toggle_flag(Move(MoveKind.TOGGLE_FLAG, row, col))

    def chord(self, row: int, col: int) -> list[Cell]:
        """Click on a revealed number with as many flags around it: reveal its other covered neighbours."""
        return self._chord(Move(MoveKind.CHORD, row, col))

    def _reveal(self, move: Move) -> list[Cell]:
        index = self._index(move.row, move.col)
        self.last_changed = []
        if self.state in _FINISHED:
            return []
        self.left_clicks += 1
        self._moves.append(move._replace(kind=MoveKind.REVEAL))
        if self._states[index] in (g.REVEALED, g.FLAGGED):
            return []
        if self._mine is None:
            self._lay_mines(draw_mines(self._grid, self.mines, self.seed, index, self.first_click))
        if self.state == GameState.READY:
            self.first_reveal = move.cell
        self.state = GameState.PLAYING
        opened = self._open(index)
        self._end_if_decided()
        if self.exploded is None:  # effective: it opened something; the click that explodes is not
            self.effective_clicks += 1
        return opened

    def _toggle_flag(self, move: Move) -> list[Cell]:
        index = self._index(move.row, move.col)
        self.last_changed = []
        if self.state in _FINISHED:
            return []
        self.right_clicks += 1
        state = self._states[index]
        unflag = state in (g.FLAGGED, g.QUESTIONED)
        self._moves.append(move._replace(kind=MoveKind.UNFLAG if unflag else MoveKind.FLAG))
        if state == g.REVEALED:
            return []
        if state == g.COVERED:
            self._set_mark(index, g.FLAGGED)
        elif state == g.FLAGGED:
            self._set_mark(index, g.QUESTIONED if self.question_marks else g.COVERED)
        else:
            self._set_mark(index, g.COVERED)
        self.effective_clicks += 1
        self.last_changed = [move.cell]
        return [move.cell]

    def _chord(self, move: Move) -> list[Cell]:
        index = self._index(move.row, move.col)
        self.last_changed = []
        if self.state in _FINISHED:
            return []
        self.chord_clicks += 1
        self._moves.append(move._replace(kind=MoveKind.CHORD))
        opened: list[Cell] = []
        for n in self._chorded(index):
            if self._states[n] in (g.COVERED, g.QUESTIONED):  # (not opened meanwhile by a neighbour's opening)
                opened.extend(self._open(n))
        self._end_if_decided()
        if opened and self.exploded is None:  # a chord that set off a mine (a wrong flag) is not effective
            self.effective_clicks += 1
        return opened

    def chord_opens(self, row: int, col: int) -> bool:
        """Whether a chord on (row, col) would open a cell: a revealed number with as many flags around it, and
        a covered cell around it."""
        return self.state not in _FINISHED and bool(self._chorded(self._index(row, col)))

    def chord_cells(self, row: int, col: int) -> list[Cell]:
        """The cells a chord on (row, col) would open, in reading order (none when it opens nothing)."""
        if self.state in _FINISHED:
            return []
        return [self._grid.cell(i) for i in sorted(self._chorded(self._index(row, col)))]

    def _chorded(self, index: int) -> list[int]:
        """The cells a chord on `index` opens: its covered neighbours, when it is a revealed number with as many
        flags around it; none otherwise."""
        if self._states[index] != g.REVEALED:
            return []
        around = [n for n in self._grid.neighbours(index) if self._states[n] != g.PADDING]
        flags = sum(1 for n in around if self._states[n] == g.FLAGGED)
        if flags != self._laid()[1][index]:
            return []
        return [n for n in around if self._states[n] in (g.COVERED, g.QUESTIONED)]

    def _laid(self) -> tuple[bytes, bytearray, bytearray]:
        """The mines, their counts and the passable zeros: there once the first reveal laid the mines."""
        assert self._mine is not None and self._counts is not None and self._passable is not None
        return self._mine, self._counts, self._passable

    def _set_mark(self, index: int, state: int) -> None:
        was = self._states[index]
        self._states[index] = state
        self.flags += (state == g.FLAGGED) - (was == g.FLAGGED)
        if self._mine is not None:
            mine, counts, passable = self._laid()
            zero = not mine[index] and counts[index] == 0
            passable[index] = 1 if zero and state != g.FLAGGED else 0

    def _open(self, index: int) -> list[Cell]:
        """Reveal one covered cell (and its region, if a zero); returns the newly revealed cells."""
        if self._states[index] not in (g.COVERED, g.QUESTIONED):
            return []
        mine, _, passable = self._laid()
        if mine[index]:
            self._states[index] = g.REVEALED
            self.revealed_count += 1
            opened = [self._grid.cell(index)]
            if self.exploded is None:
                self.exploded = opened[0]
        elif passable[index]:
            spans = g.flood_open(self._grid, self._states, passable, index)
            opened = self._grid.cells_of(spans)
            self.revealed_count += len(opened)
            self._safe_revealed += len(opened)
        else:
            self._states[index] = g.REVEALED
            self.revealed_count += 1
            self._safe_revealed += 1
            opened = [self._grid.cell(index)]
        self.last_changed.extend(opened)
        return opened

    def _end_if_decided(self) -> None:
        if self.exploded is not None:
            self.state = GameState.LOST
        elif self._safe_revealed == self.rows * self.cols - self.mines:
            self.state = GameState.WON
            # a win flags every mine, as in the classic, so the counter reads 0
            for row, col in self.mine_cells():
                index = self._grid.index(row, col)
                if self._states[index] != g.FLAGGED:
                    self._set_mark(index, g.FLAGGED)
                    self.last_changed.append((row, col))

    def copy(self, with_moves: bool = True) -> Board:
        """An independent board in the same position; without its move log if `with_moves` is false (a
        replay's keyframes keep many positions of one game, and the log is the part that grows)."""
        twin = copy.copy(self)
        twin._states = bytearray(self._states)
        if self._mine is not None:
            _, counts, passable = self._laid()
            twin._counts, twin._passable = bytearray(counts), bytearray(passable)
        twin._moves = list(self._moves) if with_moves else []
        twin.last_changed = list(self.last_changed)
        return twin

    # --- saving --------------------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        """The whole game as plain values (what a save keeps: see snapshot.py)."""
        from .snapshot import Clicks, Snapshot  # a save's format loads with the first save, not at start-up

        grid, states = self._grid, self._states
        cells = []
        for row in range(self.rows):
            start = grid.index(row, 0)
            line = states[start : start + self.cols].translate(_CHAR_OF_STATE)
            if 0 in line:
                raise KeyError(f"a cell of row {row} is in no state a save knows")
            cells.append(line.decode("ascii"))
        clicks = Clicks(self.left_clicks, self.right_clicks, self.chord_clicks, self.effective_clicks)
        mine_cells = self.mine_cells() if self.mines_placed else None
        return Snapshot(
            self.rows,
            self.cols,
            self.mines,
            self.seed,
            self.first_click,
            self.question_marks,
            self.state,
            mine_cells,
            cells,
            self.exploded,
            clicks,
            list(self._moves),
            self.made_moves,
        )

    @classmethod
    def restore(cls, snapshot: Snapshot) -> Board:
        """The board a snapshot holds, checked: its cells against its mines, its progress against its state
        (ValueError saying what does not fit). The one way a board is rebuilt from what was saved."""
        s = snapshot
        board = cls(s.rows, s.cols, s.mines, seed=s.seed, first_click=s.first_click, question_marks=s.question_marks)
        try:
            if s.mine_cells is not None:
                board._lay_mines(board._indices(s.mine_cells, "mine"))
            board._restore_cells(s.cells)
            board._check_progress(s.state, s.exploded)
        except IndexError as error:  # a cell outside the board is bad data here, not a programming error
            raise ValueError(str(error)) from None
        board.state = s.state
        board.left_clicks, board.right_clicks, board.chord_clicks, board.effective_clicks = s.clicks
        board._moves = list(s.moves)
        board.made_moves = s.made
        board.first_reveal = next(
            (m.cell for m in s.moves if m.kind is MoveKind.REVEAL and board.is_revealed(*m.cell)), None
        )
        return board

    def _restore_cells(self, cells: Sequence[str]) -> None:
        grid, states = self._grid, self._states
        for row, line in enumerate(cells):
            start = grid.index(row, 0)
            states[start : start + self.cols] = bytes(CELL_STATES[ch] for ch in line)
        self.flags = sum(line.count("F") for line in cells)
        self.revealed_count = sum(line.count("O") for line in cells)
        if self._mine is not None:
            mine, _, passable = self._laid()
            revealed_mines = sum(1 for i, state in enumerate(states) if state == g.REVEALED and mine[i])
            self._safe_revealed = self.revealed_count - revealed_mines
            for i, state in enumerate(states):
                if state in (g.REVEALED, g.FLAGGED):
                    passable[i] = 0

    def _check_progress(self, state: GameState, exploded: Cell | None) -> None:
        revealed_mines = self.revealed_count - self._safe_revealed
        all_safe_open = self.safe_cells_left == 0
        if exploded is not None:
            row, col = exploded
            if state != GameState.LOST or not (self.is_mine(row, col) and self.is_revealed(row, col)):
                raise ValueError("The exploded cell must be a revealed mine of a lost game.")
            self.exploded = (row, col)
        if state == GameState.LOST:
            if exploded is None:
                raise ValueError("A lost game must say which mine exploded.")
        elif revealed_mines:
            raise ValueError(f"A mine is revealed in a game that was not lost ({state}).")
        if state == GameState.READY and self.revealed_count:
            raise ValueError("A game that has not started has no revealed cells.")
        if state == GameState.PLAYING and (not self.revealed_count or all_safe_open):
            raise ValueError("A game under way has some cells revealed and some safe cells still covered.")
        if state == GameState.WON and (not all_safe_open or self.flags != self.mines):
            raise ValueError("A won game has every safe cell revealed and every mine flagged.")

    def to_dict(self) -> dict[str, Any]:
        """The game as a save writes it (JSON-safe)."""
        from .snapshot import snapshot_to_dict

        return snapshot_to_dict(self.snapshot())

    @classmethod
    def from_dict(cls, data: Any) -> Board:
        """A save read back and checked (TypeError or ValueError saying what is wrong): see `restore`."""
        from .snapshot import snapshot_from_dict

        return cls.restore(snapshot_from_dict(data))

    def __repr__(self) -> str:
        return f"Board({self.rows}x{self.cols}, {self.mines} mines, seed={self.seed}, {self.state})"
