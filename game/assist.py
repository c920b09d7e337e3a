"""The hint engine's part in a game on screen: the hint on show, the mine-chance overlay, and a no-guess board
being made off the frame loop.

Owned by the playing scene, which asks it what to draw and what the status line says, and tells it when a
move was made (every move makes a hint and the chances stale). Whether help was used is the session's to
record: the scene tells it.
"""

import pygame

from game import config
from game.background import BackgroundJob
from game.model import GameState
from game.model.solver.analysis import InconsistentPosition, analyse
from game.model.solver.chance import chance_text
from game.model.solver.hints import Hint, HintRule, hint_for
from game.model.solver.noguess import NoGuessCancelled, NoGuessTimeout, generate_no_guess
from game.view import assist as assist_view
from game.view import theme

IDLE_TIP = "H: hint, C: mine chances, P: pause"


class PendingMove:
    """A first click waiting for its no-guess board, and whether the player made it (or it is made for them)."""

    def __init__(self, move, by_player):
        self.move, self.by_player = move, by_player
        self.cell = move.cell


class Assistant:
    def __init__(self, no_guess=False):
        self.no_guess = no_guess  # this board's mines are to come from the no-guess generator
        self.hint = None
        self.show_chances = False
        self.message = None  # a one-off line for the status bar
        self._next_message = None  # the line to show once the waiting click is played
        self.hint_job = None  # a hint being worked out (a guess may think up to config.HINT_BUDGET_MS)
        self.hint_waited = 0.0
        self.job = None  # a no-guess board being made
        self.pending = None  # the first click that waits for it (a Move)
        self.waited = 0.0
        self._analysis = None
        self._tints = None

    # --- hints and chances --------------------------------------------------------------------------------

    @property
    def overlays(self):
        return self.hint is not None or self.show_chances

    def ask_hint(self, board):
        """Start working out the hint for the position on the board, off the frame loop: a certain one comes
        at once, a guess may think up to config.HINT_BUDGET_MS while the board stays in play."""
        if self.busy or self.hint_job is not None or board.state not in (GameState.READY, GameState.PLAYING):
            return False
        position = board.copy(with_moves=False)  # the thread reads its own copy while the player plays on
        budget = config.HINT_BUDGET_MS
        self.hint_job = BackgroundJob(lambda cancel: hint_for(position, budget_ms=budget, cancelled=cancel))
        self.hint_waited = 0.0
        return True

    @property
    def thinking(self):
        """A hint is taking long enough to say so."""
        return self.hint_job is not None and self.hint_waited >= config.SPINNER_DELAY

    def poll_hint(self, step):
        """While a hint is worked out: True once it is there to show (the scene redraws and counts the help)."""
        job = self.hint_job
        if job is None:
            return False
        self.hint_waited += step
        if not job.done:
            return False
        self.hint_job = None
        hint = job.result if job.error is None else None
        if job.error is not None and not isinstance(job.error, InconsistentPosition):
            raise job.error
        if hint is None:
            return False
        self.hint = hint
        self.message = hint.reason
        if not hint.certain and hint.rule != "first":
            self.message += f" (a {chance_text(hint.probability)} chance of a mine)"
        return True

    def show_verdict(self, verdict):
        """After a loss: the analysis's word on the last click, and the cell it marks (a safe one missed, or
        the safest guess)."""
        if verdict.alternative is not None:
            self.hint = Hint(
                verdict.alternative,
                safe=not verdict.forced,
                is_mine=False,
                probability=verdict.alternative_probability or 0.0,
                reason=verdict.reason,
                rule=HintRule.GUESS if verdict.forced else HintRule.COMBINED,
                proof=list(verdict.proof),
            )
        self.message = verdict.summary

    def toggle_chances(self):
        """Show or hide the mine chances; True when they are now shown (which counts as help)."""
        self.show_chances = not self.show_chances
        return self.show_chances

    def analysis(self, board):
        if self._analysis is None:
            try:
                self._analysis = analyse(board)
            except InconsistentPosition:
                return None
        return self._analysis

    def moved(self):
        """A move was made: what was shown, or is being worked out, is about an older position."""
        if self.hint_job is not None:
            self.hint_job.cancel()
            self.hint_job = None
        self.hint = None
        self.message, self._next_message = self._next_message, None
        self._analysis = None

    def status(self, board, hover):
        """The status line's text."""
        if self.busy:
            dots = "." * (1 + int(self.waited * 3) % 3)
            return f"Making a no-guess board{dots}  (Esc: a normal board)"
        if self.thinking:
            dots = "." * (1 + int(self.hint_waited * 3) % 3)
            return f"Thinking about the best guess{dots}"
        if self.message:
            return self.message
        if self.show_chances and board.state in (GameState.READY, GameState.PLAYING):
            analysis = self.analysis(board) if board.state == GameState.PLAYING else None
            if hover is not None and analysis is not None and not board.is_revealed(*hover):
                return f"Mine chance here: {chance_text(analysis.probability(*hover))}"
            ends = "blue safe, orange a mine" if theme.colour_blind() else "green safe, red a mine"
            return f"Mine chances shown: {ends} (C hides them)"
        left = board.safe_cells_left
        if self.no_guess and board.state == GameState.PLAYING and left <= config.SAFE_CELLS_SHOWN_BELOW:
            return f"Safe cells left: {left}"
        return IDLE_TIP if board.state in (GameState.READY, GameState.PLAYING) else ""  # no tip once it is over

    def draw(self, surface, geometry, board, hover=None):
        """What the hint engine shows over the board (the caller clips to the board's view): the chances, the
        hovered cell's beside the pointer, the hint, and the wait for a no-guess board."""
        if self.show_chances and board.state == GameState.PLAYING:
            analysis = self.analysis(board)
            if analysis is not None:
                colour_blind = theme.colour_blind()
                if self._tints is None or (self._tints.tile, self._tints.colour_blind) != (geometry.tile, colour_blind):
                    self._tints = assist_view.ChanceTints(geometry.tile, colour_blind)
                self._tints.draw(surface, geometry, board, analysis)
                if hover is not None and not board.is_revealed(*hover):
                    pointer = pygame.mouse.get_pos()
                    if geometry.view.collidepoint(pointer):
                        words = chance_text(analysis.probability(*hover))
                        assist_view.draw_pointer_label(surface, pointer, words, geometry.view)
        if self.hint is not None:
            assist_view.draw_hint(surface, geometry, self.hint)
        if self.spinner_shown:
            assist_view.draw_spinner(surface, geometry.view.center, self.waited)

    # --- no-guess boards ---------------------------------------------------------------------------------

    @property
    def busy(self):
        return self.job is not None

    def wants_board(self, board):
        return self.no_guess and not board.mines_placed and not self.busy

    def start_board(self, board, first_move):
        """Make a no-guess board for this first click (a Move), off the frame loop."""
        rows, cols, mines, seed, rule = board.rows, board.cols, board.mines, board.seed, board.first_click
        first_cell = first_move.cell
        self.pending, self.waited, self.message = first_move, 0.0, None
        self.job = BackgroundJob(
            lambda cancel: generate_no_guess(
                rows,
                cols,
                mines,
                first_cell,
                seed=seed,
                first_click=rule,
                timeout=config.NO_GUESS_TIMEOUT,
                cancel=cancel,
            )
        )

    def cancel(self):
        for job in (self.job, self.hint_job):
            if job is not None:
                job.cancel()

    def poll(self, step):
        """While a board is being made: (its mines or None for a normal board, the first click that waited)
        once the job is done, else None."""
        if self.job is None:
            return None
        self.waited += step
        if not self.job.done:
            return None
        job, move, self.job, self.pending = self.job, self.pending, None, None
        if job.error is None and job.result is not None:
            return job.result, move
        self.no_guess = False  # this game goes on with a normal board, laid by the first click
        if isinstance(job.error, NoGuessTimeout):
            self._next_message = (
                f"No no-guess board turned up in {config.NO_GUESS_TIMEOUT:g} s, so this is a "
                "normal one: it may need a guess"
            )
        elif isinstance(job.error, NoGuessCancelled):
            self._next_message = "A normal board, as asked: it may need a guess"
        else:
            self._next_message = f"No no-guess board for this size ({job.error}); this is a normal one"
        return None, move

    @property
    def spinner_shown(self):
        return self.busy and self.waited >= config.SPINNER_DELAY
