"""The playing scene: the classic top bar (mines left, face, timer) over the board, played with the mouse.

The game itself is a GameSession; this scene routes the player's input to it, shows it, and asks the app for
the overlays around it (the pause, the question before leaving, the game-over panel).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import config
from game.language import N_, _, pgettext
from game.model import Board, Cell, GameState, Move, MoveKind
from game.play import board_ui
from game.play.aftermath import VerdictState
from game.play.board_ui import BoardUI, InputEvent, KeyPress, Scroll, hover_cell
from game.play.click_wait import ClickWait
from game.play.no_guess_deal import NoGuessDeal
from game.play.range_deal import RangeDealing
from game.video.figure_text import nf_mark
from game.view import bv_wait, ghost_view, hint_marks, hud, scale, screens, trial_view, widgets
from game.view.animation import Animations
from game.view.assistant import IDLE_TIP, Assistant, ruling_line
from game.view.board_screen import BoardScreen, Counters
from game.view.board_view import BoardLooks
from game.view.face import FaceButton
from game.view.ghost_view import GhostPainter
from game.view.input import NOT_ON_BOARD, REVEAL_KEYS, ZOOM_KEYS, BoardGeometry, input_event
from game.view.scene import Context, Scene
from game.view.screens import PanelChoice
from game.view.sheet import Face
from game.view.sound import sound_for

BOARD_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.WINDOWLEAVE)
NOT_KEPT = N_("Its flags are not kept (nothing is opened yet).")
# A race is not saved (its ghost would not come back with it): leaving ends it, as a loss, as any game abandoned.
RACE_ENDS = N_("Leaving ends the race: it counts as a loss (a race is not saved).")
OPENED_FOR_YOU = N_(
    "The first click was made for you, as in the game it came from; the clock starts at your next move."
)
HINTED_MINE = N_("The hint proved that cell a mine: Space does not open it. F flags it.")
HINTED_MINE_NF = N_("The hint proved that cell a mine: Space does not open it.")  # NF mode: F flags nothing
RACING = N_("Race the ghost: its clock starts with yours, at your next move. O shows the cells it has opened.")


class PlayingScene(Scene):
    resizable = True

    def __init__(self, context: Context, shown: screens.Playing) -> None:
        """`made_click`: a first click to make for the player (the same board again, a board code), after which
        the clock waits for their move. Whether the mines come from the no-guess generator is the session's
        (the Dealer set it from the settings or the code). `race`: a video raced on this board (game.play.race),
        its ghost drawn over it on the player's clock."""
        super().__init__(context)
        session, made_click, race = shown.session, shown.made_click, shown.race
        self.session = session
        board = session.board
        self.assist = Assistant()
        # the buttons held, the cell under the pointer, the keyboard cursor, and NF mode (the game's)
        self.ui = BoardUI(no_flags=session.no_flags)
        # what hears the input the interpreter reads: the session, whose video keeps it (keys as the interpreter
        # reads them in the UI state before them)
        self.listeners: list[Callable[[InputEvent], None]] = [lambda heard: session.hear(heard, self.ui, self.geometry)]
        self.race = race
        self.trial = shown.trial  # the time trial's run this board is the next of (game.view.trial_view)
        self.trial_view = trial_view.TrialPainter(shown.trial) if shown.trial is not None else None
        least, chosen = config.BOARD_WINDOW_LEAST, context.player_window
        # the size the player gave the board window is kept from game to game
        tile = hud.board_tile(board.rows, board.cols, context.settings["tile"], context.max_window, chosen, least)
        mark = nf_mark() if session.no_flags else ""  # the HUD says the game is played in NF mode
        self.screen = BoardScreen(
            context.atlases,
            board,
            tile,
            context.max_window,
            window=chosen,
            least=self._least,
            button=hint_label(),
            mark=mark,
        )
        self.buttons = widgets.Buttons([])  # Hint, beside the board: a click on it is its alone (see _laid_out)
        self._laid_out()
        self.animations = Animations()
        self._verdict_shown = False
        self._end_drawn = False  # the frame that shows the game's end has been drawn
        self._made_click = made_click
        self._held: list[pygame.event.Event] = []  # input that came while a click waited for its ruling
        self._left = False  # the scene was left (another screen shows)
        self.face_button = FaceButton()
        self.ghost = GhostPainter(race, session.elapsed_ms) if race is not None else None
        if session.waiting and made_click is None:  # a resumed game
            self.assist.message = _("Resumed: the clock starts at your first move.")
        elif shown.said:
            self.assist.message = shown.said  # how the run's board before this one went

    def _least(self, tile: int) -> tuple[int, int]:
        """The smallest board window at this tile size (in a race, with room for the ghost's clock)."""
        # (a trial's split goes where a race's ghost clock does)
        plain = self.race is None and self.trial is None
        return config.BOARD_WINDOW_LEAST if plain else ghost_view.least_window(tile)

    def _laid_out(self) -> None:
        layout = self.screen.layout
        self.window_size = layout.window
        self.hint_button = self.screen.button
        self.buttons.buttons = [self.hint_button]  # laid out again: a click under way on Hint stays its own
        self.screen.keep_in_view(self.ui.cursor)
        self._repoint()

    def _repoint(self) -> None:
        """The board moved under a still pointer (a zoom, a resize, a scroll): the cell under it is another."""
        if self.ui.pointer is not None:  # None: the pointer is off the board or left the window
            pointer = self.geometry.cell_at(pygame.mouse.get_pos())
            if pointer != self.ui.pointer:
                self.ui = self.ui._replace(pointer=pointer)
                self.dirty = True

    @property
    def board(self) -> Board:
        return self.session.board

    @property
    def geometry(self) -> BoardGeometry:
        return self.screen.geometry

    @property
    def layout(self) -> hud.BoardLayout:
        return self.screen.layout

    # --- scene interface ------------------------------------------------------------------------------------

    def on_enter(self) -> None:
        super().on_enter()
        self.screen.invalidate(board_too=True)
        if self._made_click is not None:
            cell, self._made_click = self._made_click, None
            self.assist.message = _(OPENED_FOR_YOU) if self.race is None else _(RACING)
            self.apply(Move(MoveKind.REVEAL, *cell), by_player=False)

    def on_exit(self) -> None:
        self._left = True
        self.session.stop_ruling()  # a click still waiting for its ruling is played as dealt: the video heard it
        now = self.context.now_ms()
        if not self.session.resumable:
            self.session.abandon(now)  # a race left under way (the window closed) ends: a loss, as its question says
        self.session.leave(now)  # the clock ran since the last move: keep that too
        self.assist.cancel()
        if self.session.dealing is not None:
            self.session.dealing.cancel()
        self.session.stop_working()  # a large board's verdict can take seconds: not for a game left behind

    def invalidate(self) -> None:
        super().invalidate()
        self.screen.invalidate()

    def resized(self, size: tuple[int, int]) -> None:
        """The player resized the window: the board takes the largest tile size that fits it (scrolling at
        the smallest), centred in it."""
        b = self.board
        tile = hud.tile_for_window(b.rows, b.cols, size, config.BOARD_WINDOW_LEAST)
        self.screen.lay_out(tile, self.context.max_window, size)
        self._laid_out()
        self.dirty = True

    def zoom(self, direction: int, pointer: tuple[int, int] | None = None) -> None:
        """Ctrl + / Ctrl - / Ctrl 0: the next zoom step up or down (0: the default), remembered. The spot zoomed
        around stays where it was in the view: the wheel's pointer; for the keys, the keyboard cursor when there
        is one, else the pointer when it is over the board, else the view's centre."""
        step = hud.zoomed(self.layout.tile, direction)  # the setting; the cells show it at the interface's scale
        tile = scale.px(step)
        if tile != self.layout.tile:
            self.context.settings.change("tile", step)
            on_board = pygame.mouse.get_pos() if self.ui.pointer is not None else None
            around = pointer if pointer is not None else self.screen.zoom_centre(self.ui.cursor, on_board)
            self.screen.zoom(tile, self.context.max_window, around, then=self._rezoomed)
            self._repoint()  # after the scroll that keeps the spot under a wheel's pointer

    def _rezoomed(self) -> None:
        self._laid_out()
        self.context.fit_window(self)
        self.dirty = True

    @property
    def over(self) -> bool:
        return self.session.state.over

    def handle(self, event: pygame.event.Event) -> None:
        if self.session.ruling_wait is not None:  # a click waits for its ruling: all input waits behind it, in turn
            self._held.append(event)
            return
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.pause()
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEWHEEL and pygame.key.get_mods() & pygame.KMOD_CTRL:
            self.zoom(1 if event.y > 0 else -1, pygame.mouse.get_pos())
        elif event.type in BOARD_EVENTS:
            self._mouse(event)

    def _mouse(self, event: pygame.event.Event) -> None:
        if self.screen.handle_bars(event):
            self.dirty = True
            return
        used, new_game = self.face_button.handle(event, self.layout.face)  # a new game when released over it
        self.dirty |= used
        if new_game:
            self.new_game()
        if used:
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            taken, clicked = self.buttons.handle(event)  # a click on Hint is its alone: the board sees no half of it
            self.dirty = True
            if clicked is not None:
                self.show_hint()
            if taken:
                return
        self._board_input(event)

    def _board_input(self, event: pygame.event.Event) -> None:
        """The one way the player's clicks and keys reach the board: as a plain input event, interpreted
        against the UI state (which the scene keeps), into a move to play or a scroll."""
        stamp = getattr(event, "t_ms", None)  # when it arrived (the app stamps events as they come)
        heard = input_event(event, self.context.now_ms() if stamp is None else stamp)
        if heard is None or board_ui.unheard(self.ui, heard):  # (NF mode: a lone right click is no input at all)
            return
        for listener in self.listeners:
            listener(heard)
        ui, outcome = board_ui.interpret(self.board, self.ui, heard, self.geometry)
        if ui != self.ui:
            self.ui = ui
            self.dirty = True
        if isinstance(heard, KeyPress) and self.screen.keep_in_view(ui.cursor):
            self._repoint()
        if isinstance(outcome, Move):
            self.apply(outcome, t_ms=heard.t_ms)
        elif isinstance(outcome, Scroll) and self.screen.scroll_by(outcome.dx, outcome.dy):
            self.dirty = True
            if not ui.dragging:  # a drag moves the board with the pointer: the same cell stays under it
                self._repoint()

    def update(self, step: float) -> None:
        self.dirty |= self.click_wait is not None  # the status line counts the wait; the spinner turns
        if (ruled := self.session.ruled(step)) is not None:  # the mines moved as the mode says (or stayed)
            self.apply(ruled.move, by_player=ruled.by_player, t_ms=ruled.t_ms)
            self._let_held_through()
        dealt = self.session.dealt(step)
        if dealt is not None:  # the board is made: the click that waited for it is played now
            self.assist.after_next_move(dealt.outcome()[1] if isinstance(dealt, NoGuessDeal) else None)
            self.invalidate()
            self.apply(dealt.move, by_player=dealt.by_player, t_ms=dealt.t_ms)
        elif (failed := self.session.failed_deal) is not None:
            self.session.failed_deal = None
            self.assist.message = bv_wait.tell_no_board(self.context, failed, self.board)
            self.dirty = True
        if self.assist.hint_job is not None:
            self.dirty |= self.assist.thinking  # the status line counts the wait
            if self.assist.poll_hint(step):
                self.session.note_assistance()
                self._show_marked()
                self.invalidate()
        self.dirty |= self.assist.poll_chances(self.board)  # drawn whole, as anything over the board is
        if self._end_drawn:
            self.session.end_shown()
        self._analysed()
        self.animate(step)
        before = int(self.session.elapsed)
        self.session.tick(step)
        if int(self.session.elapsed) != before:
            self.dirty = True
        if self.ghost is not None:
            self.dirty |= self.ghost.update(self.session.elapsed_ms)  # the ghost moves on the player's clock

    def animate(self, step: float) -> None:
        """Run the view's animations on (the flashing mine, a cascade's ripple, the win's flags)."""
        if self.animations:
            self.animations.advance(step)
            self.dirty = True

    def next_wake(self) -> float | None:
        judging = self.session.verdict_state != VerdictState.NOT_ASKED and not self._verdict_shown
        if self.animations or self.assist.working or judging:
            return 0.0
        if self.ghost is not None and self.session.clock_running and not self.ghost.ghost.over:
            return 0.0
        if self.session.clock_running and self.trial_view is not None:
            return 0.1 - (self.session.elapsed % 0.1)  # the split counts tenths
        if self.session.clock_running:
            return 1.0 - (self.session.elapsed % 1.0)
        return None

    # --- drawing ----------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw what changed since the last frame; returns the changed rectangles, or None when it drew
        everything."""
        self._end_drawn = self.over
        whole = self.assist.overlays or self.spinner_shown or self.session.paused
        if whole or self.screen.needs_whole:
            self.draw_all(surface)  # overlays sit on top of cells: redraw them whole when anything changes
            return None
        self.hint_button.enabled = not self.over and self.click_wait is None
        looks = self.looks()
        changed = self.screen.draw(surface, self._counters(), self._status(), looks)
        if self.trial_view is not None:
            changed = self.trial_view.over(surface, self.screen, changed, self.session.elapsed_ms)
        return changed if self.ghost is None else self.ghost.over(surface, self.screen, self.board, changed, looks)

    def draw_all(self, surface: pygame.Surface) -> None:
        """The whole window: frame, counters, face, board, what the hint engine shows, and the status line."""
        self._end_drawn = self.over
        self.hint_button.enabled = not self.over and self.click_wait is None
        looks = self.looks()

        def over_board(surface: pygame.Surface) -> None:
            self.assist.draw(surface, self.geometry, self.board, looks.hover)
            if self.click_wait is not None and self.spinner_shown:
                wait = self.click_wait
                hint_marks.draw_spinner(surface, self.geometry.view.center, wait.waited, wait.label())

        self.screen.draw_all(surface, self._counters(), self._status(), looks, over_board=over_board)
        if self.ghost is not None:
            self.ghost.draw_all(surface, self.screen, self.board)
        if self.trial_view is not None:
            self.trial_view.draw(surface, self.screen, self.session.elapsed_ms)
        if self.session.paused:
            hud.draw_paused(surface, self.geometry.view)

    def looks(self) -> BoardLooks:
        """How the UI state shows on the board: the view compares it with what it last drew."""
        pressed = board_ui.pressed_cells(self.board, self.ui)  # none on a finished board
        return BoardLooks(pressed, hover_cell(self.ui), self.animations.override, self.ui.cursor)

    @property
    def dealing(self) -> NoGuessDeal | RangeDealing | None:
        """The board being made for the first reveal (the session's: a no-guess one, or one in the 3BV range), or
        None."""
        return self.session.dealing

    @property
    def click_wait(self) -> ClickWait[Any] | None:
        """A click waiting for work off the frame: for its board (`dealing`) or for its ruling, or None."""
        return self.session.dealing or self.session.ruling_wait

    @property
    def spinner_shown(self) -> bool:
        return self.click_wait is not None and self.click_wait.spinner_shown

    def _let_held_through(self) -> None:
        """The input held while a click waited for its ruling goes on to the game, in the order it came, until
        another click waits (then the rest waits again) or the game steps aside (a question, the pause, its
        end, another screen): what came after that is dropped, as input on a covered board is."""
        held, self._held = self._held, []
        for event in held:
            if self.session.paused or self.over or self._left:
                return
            self.handle(event)

    def _status(self) -> str:
        if self.dealing is not None:
            return self.dealing.status()
        said = self.assist.status(self.board, hover_cell(self.ui), self.session.no_guess)
        if self.trial_view is not None and said in ("", _(IDLE_TIP)):
            return self.trial_view.status()
        return said

    def _counters(self) -> Counters:
        return Counters(self.board.mines_left, self.session.timer_seconds, self.face())

    def face(self) -> Face:
        return self.face_button.look(self.board.state, board_ui.pressing_board(self.ui) and not self.over)

    # --- moves ------------------------------------------------------------------------------------------------

    def apply(self, move: Move, by_player: bool = True, t_ms: int | None = None) -> list[Cell]:
        """Play one move through the session and show what it changed."""
        board, session = self.board, self.session
        if self.click_wait is not None or self.over:
            return []
        if session.waits_for_a_board(move):
            session.apply(move, by_player=by_player, t_ms=t_ms)  # the board is made first: see update
            self.assist.message = None
            self.dirty = True
            return []
        self.animations.finish()  # a move never waits for an animation
        if self.assist.overlays:
            self.invalidate()
        if by_player:
            self.assist.moved()
        was = board.state
        changed = session.apply(move, by_player=by_player, t_ms=t_ms)
        if session.ruling_wait is not None:  # ruled on off the frame first: see update
            self.dirty = True
            return []
        # a mode of the no-guess family moved the mines (or could not)
        if said := ruling_line(session.ruling, chord=move.kind is MoveKind.CHORD):
            self.assist.message = said
        if self.context.settings["animation"]:
            self.animations.start(board, move, changed, was)
        self.context.sounds.play(sound_for(move.kind, changed, was, board.state))
        if session.state.over:
            self._game_over()
        self.dirty = True
        return changed

    def _game_over(self) -> None:
        self.ui = board_ui.released(self.ui)
        self.assist.message = None
        if self.race is not None:
            self.race.finish(self.session)
        if self.trial is not None:  # the run goes on with its next board (or ends): no panel between its boards
            trial_view.board_over(self.context, self.trial, self.session)
            return
        panel = screens.GameOver(self.session, self._panel_places, self.context.toggle_sound, self.race)
        self.context.push(panel, then=self.follow)

    def _panel_places(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """Where the game-over panel finds the face, the board, the status line and the cells the verdict marks
        on the board (the numbers that prove a cell safe and that cell: what the panel explains)."""
        hint = self.assist.hint
        return self.screen.panel_places([hint.cell, *hint.proof] if hint is not None and self.over else [])

    def follow(self, choice: PanelChoice) -> None:
        """Go where the player chose on the game-over panel (after a race, the same board is the same race)."""
        session, context = self.session, self.context
        if choice is PanelChoice.AGAIN:
            self.new_game()
        elif choice is PanelChoice.SAME_BOARD and self.race is not None:
            context.show(screens.Playing(*context.dealer.race_again(self.race)))
        elif choice is PanelChoice.SAME_BOARD:
            context.show(screens.Playing(*context.dealer.same_board(session)))
        elif choice is PanelChoice.MENU:
            context.show(screens.Menu())
        elif choice is PanelChoice.REPLAY:
            context.show(screens.Replay(session.replay(), video=session.current_video()), remember=True)
        elif choice is PanelChoice.STUDY:  # the position before the losing click (practice: nothing recorded)
            context.show(screens.Puzzle(study=session.replay()), remember=True)

    def _analysed(self) -> None:
        """The game's verdict came in: on a loss, its verdict shows once: the cell the player could have
        clicked instead is marked, and the drill trains what the player missed."""
        if self._verdict_shown or self.session.verdict_state in (VerdictState.NOT_ASKED, VerdictState.RUNNING):
            return
        self._verdict_shown = True
        game_verdict = self.session.verdict
        verdict = game_verdict.loss if game_verdict is not None else None
        if verdict is None:
            return
        if not verdict.forced and verdict.rule:
            self.context.progress.note_mistake(verdict.rule)
        self.assist.show_verdict(verdict)
        self._show_marked()
        self.invalidate()

    def _show_marked(self) -> None:
        """The hint (or the verdict) names a cell and marks it: on a board larger than the window it scrolls into
        view, so what the words speak of is on the screen."""
        if self.assist.hint is not None and self.screen.keep_in_view(self.assist.hint.cell):
            self._repoint()

    def new_game(self) -> None:
        """The face, F2, N or Again: a new board of the same size. A game under way counts as abandoned (in a run,
        as a lost board: the run goes on with the next)."""
        if self.trial is not None:
            if self.session.abandon(self.context.now_ms()):
                trial_view.board_over(self.context, self.trial, self.session)
            return
        self.session.abandon(self.context.now_ms())
        self.context.show(screens.Playing(self.context.dealer.again(self.session)))

    # --- input ------------------------------------------------------------------------------------------------

    def _key(self, event: pygame.event.Event) -> None:
        if self.dealing is not None:
            if event.key == pygame.K_ESCAPE:
                self.dealing.cancel()
            return
        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl and event.key in ZOOM_KEYS:
            self.zoom(ZOOM_KEYS[event.key])
        elif event.key in (pygame.K_p, pygame.K_PAUSE):
            self.pause()
        elif event.key == pygame.K_h:
            self.show_hint()
        elif event.key == pygame.K_g:
            self.go_to_hint()
        elif event.key == pygame.K_c:
            if self.assist.toggle_chances():
                self.session.note_assistance(chances=True)
            self.invalidate()
        elif event.key == pygame.K_m:
            self.notify(self.context.toggle_sound())
        elif event.key == pygame.K_o and self.ghost is not None:
            self.notify(self.ghost.toggle_opened())
            self.invalidate()
        elif event.key in (pygame.K_F2, pygame.K_n):
            self.new_game()
        elif event.key == pygame.K_ESCAPE:
            self.leave()
        elif event.key in REVEAL_KEYS and not event.mod & NOT_ON_BOARD and self.on_hinted_mine():
            # never heard by the board, nor kept in the video: nothing was played
            self.notify(_(HINTED_MINE_NF if self.session.no_flags else HINTED_MINE))
        else:
            self._board_input(event)

    def on_hinted_mine(self) -> bool:
        """The keyboard's cursor is on a cell the hint on show proves a mine (G takes it there): Space, which
        opens, does nothing there, so a hint never walks the player onto a mine."""
        hint, cursor = self.assist.hint, self.ui.cursor
        return hint is not None and hint.is_mine and cursor is not None and cursor in (hint.cell, *hint.also_mines)

    def leave(self) -> None:
        """Esc: back to the menu, asking first when there is something to lose (a flag is a move too); from a run's
        board, back to Trials, the run kept."""
        if self.trial is not None:
            self.leave_run()
            return
        if not self.session.touched or self.over:
            self.context.show(screens.Menu())
            return
        playing = self.session.state == GameState.PLAYING
        kept = _("It stays saved: resume it from the menu.") if playing else _(NOT_KEPT)
        self.pause(cover=False)  # the question is no free time to think: the clock stops and the board hides
        racing = not self.session.resumable

        def answered(leave: bool) -> None:
            if leave and racing:
                self.session.abandon()  # recorded as a loss, as the question says
            self.context.show(screens.Menu()) if leave else self._unpaused(None)

        # TRANSLATORS: the answers to "Leave this game?" / "Leave the race?", two buttons (about 14 characters)
        leave = pgettext("answer", "Leave")
        if racing:
            self.context.ask(_("Leave the race?"), _(RACE_ENDS), yes=leave, no=_("Keep racing"), then=answered)
        else:
            self.context.ask(_("Leave this game?"), kept, yes=leave, no=_("Keep playing"), then=answered)

    def leave_run(self) -> None:
        """Esc on a run's board: the run stays saved (the board too, once touched), after asking."""
        if not self.session.touched or self.over:
            self.context.show(screens.Trials())
            return
        self.pause(cover=False)

        def answered(leave: bool) -> None:
            self.context.show(screens.Trials()) if leave else self._unpaused(None)

        kept = _("The run and this board stay saved: resume them from Trials.")
        leave = pgettext("answer", "Leave")
        self.context.ask(_("Leave the run?"), kept, yes=leave, no=_("Keep playing"), then=answered)

    def pause(self, cover: bool = True) -> None:
        """Stop the clock and hide the board (so a pause is no free time to think); a click or key resumes."""
        if self.session.state != GameState.PLAYING or self.session.paused:
            return
        self.session.pause(self.context.now_ms())
        self.ui = board_ui.released(self.ui)
        self.invalidate()
        if cover:
            self.context.push(screens.Pause(), then=self._unpaused)

    def _unpaused(self, _result: None) -> None:
        self.session.unpause(self.context.now_ms())
        self.invalidate()

    def notify(self, message: str) -> None:
        self.assist.message = message
        self.dirty = True

    def go_to_hint(self) -> None:
        """G: the keyboard cursor onto the hinted cell, so Space opens it when it is safe, or F flags it when it is
        a mine (Space opens nothing there: see on_hinted_mine)."""
        hint = self.assist.hint
        if hint is not None and not self.over:
            self.ui = self.ui._replace(cursor=hint.cell)
            self.screen.keep_in_view(hint.cell)
            self._repoint()
            self.dirty = True

    def show_hint(self) -> None:
        """H or the Hint button: the hint is worked out off the frame loop and shows when it is there."""
        if not self.over and self.dealing is None:
            self.assist.ask_hint(self.board)


def hint_label() -> str:
    # TRANSLATORS: the button at the end of the status line under the board that asks for a hint (about 6
    # characters)
    return pgettext("button", "Hint")
