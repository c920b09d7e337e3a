"""A position to solve: a lesson's boards, the pattern drill, or a lost game studied. A click is judged before it
is made: a wrong one is caught, its reason shown and the numbers that prove it outlined, and the player tries
again. Nothing here is a game: nothing is recorded but the learning progress."""

from __future__ import annotations

import random
import threading

import pygame

from game import config
from game.language import _, ngettext
from game.learn import lessons as lesson_data
from game.learn.drill import DrillPosition, Focus
from game.learn.puzzle import RULE_NAMES, Explanation, Puzzle
from game.learn.study import study_puzzle
from game.model import Analysis, Cell, Move, Replay, analyse
from game.play.board_ui import BoardUI, Scroll, hover_cell, interpret, pressed_cells
from game.view import cut_view, hint_marks, hud, layout, screens, text, theme, widgets
from game.view.board_view import BoardLooks, BoardRenderer
from game.view.drill_feed import DrillFeed
from game.view.focus import ENTER_KEYS, FocusRing
from game.view.formats import format_chance
from game.view.input import REVEAL_KEYS, BoardGeometry, input_event
from game.view.layout import GAP, MARGIN
from game.view.puzzle_words import drill_solved, from_own_game, lessons_to_do, puzzle_buttons, see_outlined
from game.view.scale import px, sprite_scale
from game.view.scene import Context, Scene
from game.view.sheet import DIGIT_H, DIGIT_W
from game.view.title import draw_title, title_bottom
from game.view.typeface import BODY, SMALL, TINY
from game.work import worker
from game.work.background import BackgroundJob

MAX_TILE, MIN_TILE = 48, 16  # base pixels, as every size here (scale.py)
COMFORTABLE_TILE = 32  # the window is made big enough for this when the screen has room
TEACH_LINES, SAID_LINES = 3, 3
BUTTON_H = 38
DRILL_VIEW = (10, 10)  # the drill's window is made for this part of its board (a position shows the part it needs)


class PuzzleScene(Scene):
    position: DrillPosition  # the drill's position on show (set when it arrives)
    laid_tile: int  # the tile size the window is laid out for
    tile: int  # the board's tile size now (a drill's position shows as large as the room lets it)

    def __init__(self, context: Context, shown: screens.Puzzle) -> None:
        """One of: `lesson`, the lesson's index on the path; `drill`, the pattern drill; `study`, the replay
        of a lost game, to try its last position again."""
        super().__init__(context)
        lesson, drill, study = shown.lesson, shown.drill, shown.study
        self.lessons = lesson_data.load()
        self.lesson_index, self.drilling, self.studying = lesson, drill, study is not None
        self.puzzle: Puzzle | None = None
        self.board_no = 0
        self.said, self.said_kind = "", "teach"  # the words under the board, and whether right or wrong
        # what the words under the board speak of, outlined: the numbers of a proof, the cells it proves (the
        # cell of the last wrong click among them), the other cells it names, and the counter when it counts
        self.proof: tuple[Cell, ...] = ()
        self.marked: tuple[Cell, ...] = ()
        self.named: tuple[Cell, ...] = ()
        self.caught: Cell | None = None
        self.counted = False
        self.hint_job: BackgroundJob | None = None
        self.next_job: BackgroundJob | None = None
        self.analysis: Analysis | None = None  # the mine chances, for the lesson on guessing
        self.first_try, self.seconds = True, 0.0
        self.rng = random.Random()
        if lesson is not None:
            taught = self.lessons[lesson]
            self.title, self.teach = _(taught.title), _(taught.teach)  # lessons.json's words, in the catalog
            largest = (max(len(b) for b in taught.boards), max(len(b[0]) for b in taught.boards))
        elif self.drilling:
            self.title = _("Pattern drill")
            self.teach = _(
                "Each position has one thing the numbers prove: find it. Open the safe cells, flag the mines."
            )
            largest = DRILL_VIEW
            self.feed = DrillFeed(context.progress, context.store.log_reader(), self.rng)
        elif study is not None:
            before = shown.before
            if before is None:
                self.title = _("Study the lost game")
                self.teach = _("The board just before the losing click. A cell was certainly safe: find it.")
            else:
                self.title = _("Study a guess")
                self.teach = _("The board just before a guess. A cell was certainly safe: find it.")
            largest = (study.rows, study.cols)
            at = len(study.moves) - 1 if before is None else before
            self.losing_cell = study.moves[at].cell if 0 <= at < len(study.moves) else (0, 0)
            self.next_job = BackgroundJob(lambda cancel: _studied(study, cancel, before))
        else:
            raise ValueError("a puzzle is a lesson, the drill or a lost game to study")
        self._lay_out(*largest)
        if self.lesson_index is not None:
            self._take(self.lessons[self.lesson_index].puzzle(0))

    # --- where things go ---------------------------------------------------------------------------------

    def _lay_out(self, rows: int, cols: int) -> None:
        """A window for the boards this scene shows (up to `rows` by `cols`), at the largest tile up to MAX_TILE
        that fits them all."""
        most_w, most_h = self.context.max_window
        menu_w, menu_h = px(config.MENU_SIZE[0]), px(config.MENU_SIZE[1])
        margin, gap, button_h, most_tile = px(MARGIN), px(GAP), px(BUTTON_H), px(MAX_TILE)
        # the teaching's lines in the narrowest window this scene makes (a wider one needs no more)
        teach_lines = min(TEACH_LINES, len(text.wrap(self.teach, BODY, menu_w - 2 * margin)))
        teach_h = text.line_height(BODY) * teach_lines
        said_h = text.line_height(SMALL) * SAID_LINES
        # the mines counter over the board, drawn as a game's (its digits and their outline)
        self.digits_scale = k = sprite_scale()
        counter_h = DIGIT_H * k + 2 * k
        around_h = title_bottom() + teach_h + counter_h + said_h + button_h + 5 * gap + margin // 2
        room_w = min(most_w, max(menu_w, cols * most_tile + 2 * margin)) - 2 * margin
        room_h = min(most_h, max(menu_h, around_h + rows * px(COMFORTABLE_TILE))) - around_h
        self.tile = self.laid_tile = max(px(MIN_TILE), min(most_tile, room_w // cols, room_h // rows))
        width = min(most_w, max(menu_w, cols * self.tile + 2 * margin))
        height = min(most_h, max(menu_h, around_h + rows * self.tile))
        self.window_size = (width, height)
        self.teach_box = pygame.Rect(margin, title_bottom(-4), width - 2 * margin, teach_h)
        buttons_y = height - margin // 2 - button_h
        self.said_box = pygame.Rect(margin, buttons_y - gap - said_h, width - 2 * margin, said_h)
        top = self.teach_box.bottom + gap + counter_h + gap
        self.board_area = pygame.Rect(margin, top, width - 2 * margin, self.said_box.y - gap - top)
        self.counter = pygame.Rect(0, 0, 3 * DIGIT_W * k, DIGIT_H * k)
        row = pygame.Rect(margin, buttons_y, width - 2 * margin, button_h)
        self.back, self.why, self.next = (
            widgets.Button(box, label, size=BODY) for box, label in zip(layout.split(row, 3), puzzle_buttons())
        )
        self.next.enabled = False
        self.buttons = [self.back, self.why, self.next]
        self.row = widgets.Buttons(self.buttons)  # a click on them is theirs alone: the board never sees half of it
        self.focus = FocusRing(self.buttons, start=self.why, arrows=False)

    def _take(self, puzzle: Puzzle, focus: Focus | None = None) -> None:
        """Show a new position: all of its board, or the part `focus` says (as large as the window lets it),
        with a strip of the cells beyond each side it cuts, fading, so a cut never looks like the board's edge."""
        self.puzzle = puzzle
        self.first_try, self.seconds = True, 0.0
        self._outline()
        self.next.enabled = False
        b = puzzle.board
        focus = focus or Focus(0, 0, b.rows, b.cols)
        area, tile = self.board_area, self.laid_tile
        if self.drilling:  # the part shown as large as the room lets it
            fade_rows = cut_view.FADE * sum(focus.cut(b.rows, b.cols)[0::2])
            fade_cols = cut_view.FADE * sum(focus.cut(b.rows, b.cols)[1::2])
            fits = min(area.w / (focus.cols + fade_cols), area.h / (focus.rows + fade_rows))
            tile = max(px(MIN_TILE), min(px(MAX_TILE), int(fits)))
        top, left, bottom, right = (round(cut_view.FADE * tile) * cut for cut in focus.cut(b.rows, b.cols))
        view = pygame.Rect(
            0, 0, min(area.w, focus.cols * tile + left + right), min(area.h, focus.rows * tile + top + bottom)
        )
        view.center = area.center
        k = self.digits_scale
        self.counter.bottomleft = (view.left + k, view.top - px(GAP) - k)
        self.tile = tile
        self.geometry = BoardGeometry(view, tile, b.rows, b.cols)
        self.geometry.scroll_by(focus.left * tile - left, focus.top * tile - top)
        self.renderer = BoardRenderer(self.context.atlases.board(tile), b, self.geometry.visible_rows)
        self.ui = BoardUI()
        self.analysis = analyse(b) if puzzle.guesses else None
        self.tints = hint_marks.ChanceTints(self.tile, theme.colour_blind()) if self.analysis else None
        self.said, self.said_kind = self._opening_words(), "teach"
        if self.drilling and self.position.game is not None:  # where the player guessed, outlined
            self._outline(cells=(self.position.game.guessed,))
        if self.studying:  # a large board: start where the player lost
            self._scroll_to(self.losing_cell)
        self.dirty = True

    def _scroll_to(self, cell: Cell) -> None:
        g = self.geometry
        rect = g.cell_rect(*cell)
        g.scroll_by(rect.centerx - g.view.centerx, rect.centery - g.view.centery)

    def _opening_words(self) -> str:
        if self.lesson_index is not None:
            count = len(self.lessons[self.lesson_index].boards)
            return _("Board {number} of {count}.").format(number=self.board_no + 1, count=count)
        if self.drilling and self.position.game is not None:
            return from_own_game(self.position.game.played_at)
        if self.drilling:
            # TRANSLATORS: {rule} is one of the rules' names ("one number on its own", "two numbers together"...)
            return _("This one needs {rule}.").format(rule=_(RULE_NAMES[self.position.rule]))
        return _("Left click opens, right click flags. Nothing here is recorded.")

    # --- the drill's positions and the study's, made off the frame -----------------------------------------

    def update(self, step: float) -> None:
        if self.puzzle is not None and not self.puzzle.done:
            self.seconds += step
        if self.drilling and self.puzzle is None and (position := self.feed.poll()) is not None:
            self.position = position
            self._take(position.puzzle(), position.focus())
        job = self.next_job
        if job is not None and job.done and self.puzzle is None:
            self.next_job = None
            self._arrived(job)
        if self.hint_job is not None and self.hint_job.done:
            self._explain(self.hint_job.result)

    def _arrived(self, job: BackgroundJob) -> None:
        if job.error is not None or job.result is None:
            self.said, self.said_kind = _("Nothing to study: no cell was certainly safe before that click."), "wrong"
            if job.error is not None:
                self.said = _("That position could not be set up.")
            self.dirty = True
            return
        self._take(job.result)

    def next_wake(self) -> float | None:
        if self.next_job is not None or self.hint_job is not None or (self.drilling and self.puzzle is None):
            return 0.05
        return None

    # --- input -------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        taken, clicked = self.row.handle(event)
        if clicked is not None:
            self.press(clicked)
        if taken:
            return
        if self.puzzle is None:
            return
        self._board_input(event)

    def _board_input(self, event: pygame.event.Event) -> None:
        """A click or key on the board, interpreted as in a game (game.play.board_ui), then judged."""
        heard = input_event(event, pygame.time.get_ticks())
        if heard is None or self.puzzle is None:
            return
        self.ui, outcome = interpret(self.puzzle.board, self.ui, heard, self.geometry)
        if isinstance(outcome, Scroll):
            self.geometry.scroll_by(outcome.dx, outcome.dy)
        elif isinstance(outcome, Move):
            self.attempt(outcome)

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.leave()
        elif event.key == pygame.K_n and self.next.enabled:
            self.press(self.next)
        elif event.key == pygame.K_TAB or (self.focus.shown and event.key in ENTER_KEYS):
            if (pressed := self.focus.handle(event)) is not None:
                self.press(pressed)
        elif event.key in REVEAL_KEYS and self.next.enabled:
            self.press(self.next)
        else:
            self._board_input(event)

    def press(self, button: widgets.Button) -> None:
        """`button`: one of the buttons, clicked or pressed from the focus ring."""
        if button is self.back:
            self.leave()
        elif button is self.why:
            self.ask_why()
        elif button is self.next and self.next.enabled:
            self.go_on()

    def leave(self) -> None:
        if self.hint_job is not None:
            self.hint_job.cancel()
        if self.next_job is not None:
            self.next_job.cancel()
        if self.drilling:
            self.feed.cancel()
        if self.studying:
            self.context.back()
        else:
            self.context.show(screens.Learn())

    def attempt(self, move: Move) -> None:
        """A click on the board: checked first, played only when right."""
        puzzle = self.puzzle
        if puzzle is None or puzzle.done:
            return
        checked = puzzle.check(move)
        if not checked.ok:
            self.said, self.said_kind = checked.reason, "wrong"
            self._outline(checked.proof, checked.cells, checked.named, checked.counter)
            self.caught = checked.cell
            if self.drilling and self.first_try:
                self.context.progress.note_mistake(self.position.rule)
            self.first_try = False
            return
        puzzle.play(move)
        # the words stay while the cells they explain are still to play, and their outline with them
        if self.said_kind == "wrong" or not any(self._to_play(cell) for cell in self.marked):
            self._outline()
            self.said, self.said_kind = self._opening_words(), "teach"
        if puzzle.done:
            self.solved()

    def _to_play(self, cell: Cell) -> bool:
        """Whether a cell the puzzle asks for is still to open or flag."""
        puzzle = self.puzzle
        if puzzle is None:
            return False
        board = puzzle.board
        return (cell in puzzle.safe and not board.is_revealed(*cell)) or (
            cell in puzzle.mines and not board.is_flagged(*cell)
        )

    def solved(self) -> None:
        self.next.enabled = True
        self.focus.current = self.next
        self.said_kind = "right"
        if self.lesson_index is not None:
            lesson = self.lessons[self.lesson_index]
            if self.board_no + 1 < len(lesson.boards):
                self.said = _("Right. Next board: N or Enter.")
            else:
                progress = self.context.progress
                progress.finish_lesson(lesson.key)
                if self.lesson_index + 1 < len(self.lessons):
                    self.said = _("Lesson done. Next lesson: N or Enter.")
                elif (to_do := sum(not progress.is_done(other.key) for other in self.lessons)) == 0:
                    self.said = _("Lesson done: every lesson done!")
                else:  # the last on the path, but not the last one to do: Learn marks the others
                    self.said = lessons_to_do(to_do)
        elif self.drilling:
            self.context.progress.note_drill(self.first_try, self.seconds)
            self.feed.answered(self.position, self.first_try)
            self.said = drill_solved(self.first_try, self.seconds, self.position.reason)
            position = self.position
            self._outline(position.proof, position.cells, position.named, position.rule == "count")
        else:
            self.said = _("Right: that cell was certainly safe. Back to the game: Esc.")
            self.next.enabled = False

    def go_on(self) -> None:
        if self.lesson_index is not None:
            lesson = self.lessons[self.lesson_index]
            if self.board_no + 1 < len(lesson.boards):
                self.board_no += 1
                self._take(lesson.puzzle(self.board_no))
            elif self.lesson_index + 1 < len(self.lessons):
                self.context.show(screens.Puzzle(lesson=self.lesson_index + 1))
            else:
                self.context.show(screens.Learn())
        elif self.drilling:
            self.puzzle, self.next.enabled = None, False
            self.said, self.said_kind = _("Finding a position..."), "teach"

    def ask_why(self) -> None:
        """What the numbers prove, and how: the hint engine's reason, its numbers outlined."""
        puzzle = self.puzzle
        if puzzle is None or puzzle.done or self.hint_job is not None:
            return
        self.first_try = self.first_try and not self.drilling
        if self.analysis is not None:  # the lesson on guessing: the chances say it
            best = min(self.analysis.probabilities.values())
            self.said = _("The tinted cells show each one's chance of a mine: the lowest is {chance}.").format(
                chance=format_chance(best)
            )
            self.said_kind = "teach"
            return
        snapshot = puzzle.copy()
        self.hint_job = BackgroundJob(lambda cancel: snapshot.why())

    def _explain(self, told: Explanation | None) -> None:
        """The simplest proof of a cell still to play, its cells and numbers outlined (the words say which)."""
        self.hint_job = None
        if told is None:
            return
        see = see_outlined(len(told.cells), len(told.proof))
        # TRANSLATORS: under a puzzle's board: why a cell is safe or a mine, then what is outlined on the board
        self.said, self.said_kind = _("{reason}. {see}").format(reason=told.reason, see=see), "teach"
        self._outline(told.proof, told.cells, told.named, told.counter)
        self.dirty = True

    def _outline(
        self,
        proof: tuple[Cell, ...] = (),
        cells: tuple[Cell, ...] = (),
        named: tuple[Cell, ...] = (),
        counted: bool = False,
    ) -> None:
        """What the words under the board now speak of, to outline (nothing: no outline)."""
        self.proof, self.marked, self.named, self.counted = proof, cells, named, counted
        self.caught = None

    def outlined(self) -> set[Cell]:
        """Every cell outlined now: the numbers of the proof, the cells it proves and those it names."""
        return set(self.proof) | set(self.marked) | set(self.named)

    # --- drawing -----------------------------------------------------------------------------------------

    def _subtitle(self) -> str:
        if self.lesson_index is not None:
            return _("Lesson {number} of {count}").format(number=self.lesson_index + 1, count=len(self.lessons))
        if self.drilling:
            summary = self.context.progress.drill_summary()
            return summary[:1].upper() + summary[1:]  # (capitalize() would lower the rest: a German noun)
        return _("Practice: nothing is recorded")

    def draw(self, surface: pygame.Surface) -> None:
        look = theme.current()
        draw_title(surface, self.context.atlases, self.title, self._subtitle())
        text.draw_paragraph(surface, self.teach, self.teach_box, BODY, smallest=TINY)
        if self.puzzle is not None:
            self._draw_counter(surface, self.puzzle)
            self._draw_board(surface, self.puzzle)
        else:
            hint_marks.draw_spinner(surface, self.board_area.center, self.context.frames / 60, _("Finding a position"))
        colour = {"wrong": look.error_text, "right": look.success_text}.get(self.said_kind, look.dim_text)
        text.draw_paragraph(surface, self.said, self.said_box, SMALL, colour, "center", smallest=TINY)
        for button in self.buttons:
            button.draw(surface)

    def _draw_board(self, surface: pygame.Surface, puzzle: Puzzle) -> None:
        g, b = self.geometry, puzzle.board
        self.renderer.repaint(BoardLooks(pressed_cells(b, self.ui), hover_cell(self.ui)))
        widgets.bevel(surface, g.view.inflate(px(6), px(6)), raised=False, width=3)
        surface.blit(self.renderer.surface, g.view, area=pygame.Rect(g.scroll_x, g.scroll_y, g.view.w, g.view.h))
        surface.set_clip(g.view)
        cut_view.draw_fades(surface, g)
        if self.tints is not None and self.analysis is not None:  # made together, in _take
            self.tints.draw(surface, g, b, self.analysis)
        colours = hint_marks.colours()
        width = max(2, self.tile // 10)
        for cell in self.proof:
            pygame.draw.rect(surface, colours["proof"], g.cell_rect(*cell), width)
        for cell in self.named:  # the mines a number already touches, or the other cells of a pair
            key = "safe" if cell in puzzle.safe else "mine"
            pygame.draw.rect(surface, colours[key], g.cell_rect(*cell), width)
        for cell in {*self.marked, *([self.caught] if self.caught else [])}:
            # coloured by what the numbers prove it, never by what it hides
            key = "mine" if cell in puzzle.mines else "safe" if cell in puzzle.safe else "guess"
            pygame.draw.rect(surface, colours[key], g.cell_rect(*cell), width + 1)
        if self.ui.cursor is not None:
            hud.draw_cursor(surface, g.cell_rect(*self.ui.cursor), max(1, self.tile // 16))
        surface.set_clip(None)

    def _draw_counter(self, surface: pygame.Surface, puzzle: Puzzle) -> None:
        """The mines left, as a game's counter shows them (mines less flags), over the board's top-left corner,
        named beside; outlined as a proof's numbers are when the words count on it."""
        k, rect = self.digits_scale, self.counter
        look = theme.current()
        pygame.draw.rect(surface, look.shadow, rect.inflate(2 * k, 2 * k), k)
        hud.draw_number(surface, self.context.atlases.at(k), rect, puzzle.board.mines_left)
        if self.counted:
            width = max(2, self.tile // 10)
            pygame.draw.rect(
                surface, hint_marks.colours()["proof"], rect.inflate(2 * k + 2 * width, 2 * k + 2 * width), width
            )
        label = pygame.Rect(rect.right + px(GAP), rect.y, self.board_area.right - rect.right - px(GAP), rect.h)
        left = puzzle.board.mines_left
        # TRANSLATORS: beside the mines counter over a puzzle's board (the counter shows the number)
        words = ngettext("mine left", "mines left", abs(left))
        text.draw_fitted(surface, words, label, SMALL, look.dim_text, "left", smallest=TINY)


def _studied(replay: Replay, cancelled: threading.Event, before: int | None = None) -> Puzzle | None:
    """A game's position before its move `before` (None: its last) to study (game.learn.study), by a worker process
    on a large board; None if cancelled or there is nothing to study."""
    if not worker.large(replay.rows, replay.cols):
        return study_puzzle(replay, before)
    try:
        target = "game.learn.study:study_json"
        result: Puzzle | None = worker.run(target, replay.to_json(), before, cancelled=cancelled)
        return result
    except worker.Cancelled:
        return None
