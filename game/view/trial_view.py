"""A time trial's board in the playing scene: its split against the best run in the top bar (green ahead, red
behind), its line under the board, and what follows a board's end (the next board of the run, or the run's
end), kept in the records as it goes."""

from __future__ import annotations

import pygame

from game.language import N_, _
from game.model import PRESETS, GameState
from game.play.session import GameSession
from game.play.trial import Trial, TrialBoard
from game.store.jobs import new_id
from game.view import screens, text, theme
from game.view.board_screen import BoardScreen
from game.view.formats import format_time
from game.view.ghost_view import clock_box
from game.view.scene import Context
from game.view.typeface import BOLD, SIZES

# The split on the timer's black, as the ghost's clock is: green ahead of the best run, red behind it, pale
# (the run's own time) while there is no best run to be measured against.
BACK = (0, 0, 0)
AHEAD, BEHIND, OWN = (110, 230, 110), (255, 100, 90), (150, 205, 255)
# TRANSLATORS: the rule Trials follows, on the Trials screen and under a run's board
RULE = N_(
    "A run is won when its last board is won. A lost board's time counts and the next board of its level is "
    "dealt: the run's time is every board's time, won or lost (as at the world championships). The championship "
    "set is 15 Beginner, 6 Intermediate and 2 Expert boards."
)


def split_text(ms: int) -> str:
    """A split as speed-runners read one: "+1.23", "-0.40" (seconds, to the hundredth)."""
    sign = "-" if ms < 0 else "+"
    return f"{sign}{abs(ms) // 10 / 100:.2f}"


class TrialPainter:
    """Draws a run's split (or, without a best run, its time) in the top bar, between the face and the timer,
    and says the run's line for the status line. Keeps what it drew last, so a frame sends only a changed box."""

    def __init__(self, trial: Trial) -> None:
        self.trial = trial
        self._shown: tuple[str, tuple[int, int, int]] | None = None

    def state(self, board_ms: int) -> tuple[str, tuple[int, int, int]]:
        """The box's text and colour with `board_ms` on the board under way."""
        split = self.trial.split(board_ms)
        if split is None:
            return f"{(self.trial.elapsed_ms + board_ms) // 100 / 10:.1f}", OWN
        return split_text(split), AHEAD if split < 0 else BEHIND

    def status(self) -> str:
        trial = self.trial
        # TRANSLATORS: under a time trial's board: the set ("10 Beginner"), the board ("4" of "10" to win) and the
        # boards lost so far
        return _("{set}: board {board} of {boards}, {lost} lost. Esc leaves the run (it stays saved).").format(
            set=_(trial.set.name), board=trial.won + 1, boards=trial.set.wins_needed, lost=trial.lost
        )

    def over(
        self, surface: pygame.Surface, screen: BoardScreen, redrawn: list[pygame.Rect] | None, board_ms: int
    ) -> list[pygame.Rect] | None:
        """After the scene drew (`redrawn`: its changed rectangles, None when it drew it all): the box, if it
        changed or was drawn over."""
        if redrawn is None:
            self.draw(surface, screen, board_ms)
            return None
        box = clock_box(screen)
        if self.state(board_ms) != self._shown or any(box.colliderect(rect) for rect in redrawn):
            redrawn.append(self.draw(surface, screen, board_ms))
        return redrawn

    def draw(self, surface: pygame.Surface, screen: BoardScreen, board_ms: int) -> pygame.Rect:
        self._shown = words, colour = self.state(board_ms)
        box = clock_box(screen)
        surface.fill(theme.current().face, box)
        if box.w <= 6:
            return box
        sizes = [s for s in sorted(SIZES, reverse=True) if text.line_height(s, BOLD) <= box.h] or [min(SIZES)]
        shown, size = text.fit(words, box.w - 6, sizes[0], BOLD, sizes[-1])
        back = pygame.Rect(0, 0, min(box.w, text.width(shown, size, BOLD) + 6), box.h)
        back.midright = box.midright
        surface.fill(BACK, back)
        text.draw(surface, shown, back.center, size, colour, "center", BOLD, back)
        return box


def deal(context: Context, trial: Trial, said: str = "") -> None:
    """Show the run's next board (its level's), which belongs to the run."""
    level = trial.level
    if level is None:
        raise ValueError("a finished run deals no board")
    preset = PRESETS[level]
    session = context.dealer.new(preset.rows, preset.cols, preset.mines)
    session.trial = trial.run_id
    context.show(screens.Playing(session, trial=trial, said=said))


def start(context: Context, set_key: str) -> None:
    """A new run of a set, measured against the set's best run as it is now."""
    best = context.store.best_runs().get(set_key)
    trial = Trial(set_key, new_id(), (), best.splits if best is not None else ())
    context.store.save_trial(trial.to_dict())
    deal(context, trial)


def board_over(context: Context, trial: Trial, session: GameSession) -> None:
    """A board of the run ended (won, lost, or given up: a loss): the run goes on with the next board, or ends;
    the records keep it either way (the board itself is recorded as any game is)."""
    won = session.state == GameState.WON
    level = trial.level or ""
    after = trial.after(TrialBoard(level, won, session.elapsed_ms, session.replay_text()))
    if after.finished:
        best_ms = trial.best[-1] if len(trial.best) == trial.set.wins_needed else None
        kept = context.store.finish_trial(after.to_dict(), after.elapsed_ms, after.win_times())
        context.show(screens.TrialEnd(after, best_ms, kept))
        return
    context.store.save_trial(after.to_dict())
    time = format_time(session.elapsed_ms)
    if won:
        split = after.splits()[-1]
        if split is None:
            # TRANSLATORS: under the next board of a time trial: how the board before it went ("4.321 s")
            said = _("Board won in {time}.").format(time=time)
        else:
            # TRANSLATORS: under the next board of a time trial: the board before it, and the split against the best
            # run ("-0.40 s": ahead, "+1.23 s": behind)
            said = _("Board won in {time}, split {split} s.").format(time=time, split=split_text(split))
    else:
        # TRANSLATORS: under the next board of a time trial after a loss ("4.321 s")
        said = _("Board lost after {time}: that time counts, and the clock runs on with this board.").format(time=time)
    deal(context, after, said)
