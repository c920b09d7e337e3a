"""The view's and the shell's words go through the translations (issue 46): in the pseudo-language every line they
make is accented and in brackets, so English left over shows; and the sentences built from counts take the
language's plural forms."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game import language
from game.model import Board, GameState
from game.play.aftermath import VerdictState
from game.play.race import Lead, Reason
from game.play.session import GameSession
from game.shell import launcher
from game.store.games import Beaten
from game.view import (
    assistant,
    bests,
    bv_wait,
    end_figures,
    formats,
    hint_marks,
    hud,
    noguess_wait,
    race_figures,
    records_list,
    scale,
    screens,
    text,
    typeface,
)
from tests.driver import start_app, stop_app
from tests.pseudo import english_left


# What stays as it is in every language: the community's notation, units, key letters.
@pytest.fixture
def pseudo():
    language.use(language.PSEUDO)
    yield
    language.use(language.ENGLISH)


def _race(reason: Reason, lead: Lead, won: bool = True, lost: bool = False, who: str = "") -> SimpleNamespace:
    figures = SimpleNamespace(time_ms=12_345, won=won, lost=lost, bbbv_solved=12, bbbv=30)
    yours = SimpleNamespace(time_ms=11_000, won=True, lost=False, bbbv_solved=14, bbbv=30)
    result = SimpleNamespace(reason=reason, lead=lead, gap_ms=1_200)
    return SimpleNamespace(result=lambda: result, ghost_figures=figures, your_figures=yours, who=who)


def _guessing(exact: bool, opening_moves: int) -> SimpleNamespace:
    verdict = SimpleNamespace(exact=exact, guesses=1, opening_moves=opening_moves, review=None)
    return SimpleNamespace(verdict_state=VerdictState.READY, verdict=verdict)


def _lines_made() -> list[str]:
    """What the view's functions say, each way they can say it."""
    lines = [formats.FIGURES[name] for name in formats.FIGURES]
    lines += [formats.figure_name(name) for name in formats.FIGURE_NAMES]
    lines += [formats.untimed_mark(True, False), formats.untimed_mark(False, True), formats.untimed_rule()]
    lines += [formats.sentence(language._("Paused"))]
    for beaten in ([Beaten("Time", 42_312, 45_000)], [Beaten("Time", 42_312, 45_000), Beaten("IOE", 0.9, 0.8)]):
        lines += [bests.beaten_words(beaten), bests.beaten_words(beaten, short=True)]
    for rows, cols, mines in ((30, 30, 400), (30, 30, 190), (50, 50, 500), (30, 16, 99)):
        lines += [noguess_wait.advice(rows, cols, mines), noguess_wait.advice(rows, cols, mines, short=True)]
    for reason in Reason:
        for lead in Lead:
            for who in ("", "Alice"):
                race = _race(reason, lead, who=who)
                lines += [race_figures.sentence(race), race_figures.bar_words(race)]  # type: ignore[arg-type]
    lines += [race_figures.bar_words(_race(Reason.TIME, Lead.YOU, won=False, lost=True))]  # type: ignore[arg-type]
    lines += [race_figures.bar_words(SimpleNamespace(ghost_figures=None, result=lambda: None))]  # type: ignore[arg-type]
    lines += [
        " ".join((formats.figure_name(line[0]), *line[1:]))
        for line in race_figures.lines(SimpleNamespace(your_figures=None, ghost_figures=None), 0)
    ]  # type: ignore[arg-type]
    for exact in (True, False):
        lines += [end_figures.guesses(_guessing(exact, 5))]  # type: ignore[arg-type]
    for avoidable in (0, 2):
        guessing = _guessing(True, 5)
        guessing.verdict.review = SimpleNamespace(avoidable=avoidable)
        lines += [end_figures.guesses(guessing)]  # type: ignore[arg-type]
    lines += [end_figures.luck_text(luck) for luck in (0.0, 1.2, float("inf"))]
    lines += [scale.label("auto", (1366, 768)), scale.label(400, (1366, 768)), screens.Confirm("?", "", "").no]
    played = SimpleNamespace(won=True, abandoned=False, nf=True, assisted=True, same_board=False, filtered=False)
    lines += [records_list.marks(played), launcher.no_screen_message("offscreen")]  # type: ignore[arg-type]
    chosen = SimpleNamespace(won=False, abandoned=False, nf=False, assisted=False, same_board=False, filtered=True)
    lines += [records_list.marks(chosen), formats.untimed_mark(False, False, True)]  # type: ignore[arg-type]
    for level, low, high in (("expert", 150, None), ("expert", None, 110), ("expert", 260, 300), ("custom", 5, 9)):
        lines += [bv_wait.advice(level, low, high), bv_wait.range_words(low, high)]
        lines += [*bv_wait.cannot_deal(level, 16, 30, 99, low, high, 1234, False)]
    lines += [*bv_wait.cannot_deal("expert", 16, 30, 99, 400, None, 0, True), bv_wait.parse_range("x", "")[0] or ""]
    board = Board(9, 9, 10, seed=1)
    helper = assistant.Assistant()
    lines += [helper.status(board, None)]
    helper.hint_job = SimpleNamespace()  # type: ignore[assignment]
    helper.hint_waited = 10.0
    lines += [helper.status(board, None)]
    return [line for line in lines if line]


def test_the_view_says_nothing_in_english_in_the_pseudo_language(pseudo):
    left = {line: english_left(line) for line in _lines_made()}
    assert not {line: words for line, words in left.items() if words}


def test_what_the_view_draws_is_translated(pseudo):
    from game.play.no_guess_deal import NoGuessDeal
    from game.play.range_deal import RangeDealing
    from game.play.ruling_wait import RulingWait

    pygame.init()
    typeface.forget()  # fonts made before an earlier test quit pygame are gone
    surface = pygame.Surface((600, 400))
    with text.recording() as drawn:
        hud.draw_paused(surface, pygame.Rect(0, 0, 600, 400))
        for wait in (NoGuessDeal, RangeDealing, RulingWait):  # each wait's words over the board
            hint_marks.draw_spinner(surface, (300, 200), 0.5, wait.label(None))
    assert drawn
    assert not [line.text for line in drawn if english_left(line.text)]


def test_the_playing_screen_speaks_the_pseudo_language(tmp_path, monkeypatch):
    """Driven headless in qps: a game's status line, the paused board, the line M says."""
    monkeypatch.setenv(language.ENVIRONMENT, language.PSEUDO)
    driver = start_app(tmp_path)
    try:
        driver.app.show(screens.Playing(GameSession(Board(9, 9, 10, seed=3))))
        driver.frames(2)
        driver.click_cell(4, 4)
        status = driver.scene.layout.message
        with text.recording() as drawn:
            driver.app.invalidate()
            driver.frames(1)
        said = [line.text for line in drawn if status.contains(line.box)]
        assert said and not [line for line in said if english_left(line)]
        driver.scene.pause()
        with text.recording() as drawn:
            driver.app.invalidate()
            driver.frames(1)
        view = driver.scene.geometry.view
        paused = [line.text for line in drawn if view.contains(line.box)]
        assert len(paused) >= 2 and not [line for line in paused if english_left(line)]
        assert not english_left(driver.app.toggle_sound())
    finally:
        stop_app(driver)
        language.use(language.ENGLISH)


def test_the_help_of_the_command_line_is_translated(pseudo, capsys):
    with pytest.raises(SystemExit):
        launcher.parse_args(["--help"])
    out = capsys.readouterr().out
    assert "[" in out and "Classic Minesweeper" not in out


def test_counts_take_the_plural_forms():
    one, two, five = (end_figures.guesses(_guessing(True, n)) for n in (1, 2, 5))  # type: ignore[arg-type]
    assert one == "1 of 1 click"
    assert two == "1 of 2 clicks"
    assert five == "1 of 5 clicks"
    assert end_figures.guesses(_guessing(False, 1)) == "at most 1 of 1 click"  # type: ignore[arg-type]
    one_best = bests.beaten_words([Beaten("IOE", 0.912, 0.85)])
    assert one_best == "Personal best: IOE 0.912 (was 0.850)"
    two_bests = bests.beaten_words([Beaten("Time", 42_312, 45_000), Beaten("IOE", 0.912, 0.85)], short=True)
    assert two_bests == "Personal bests: time, IOE"


def test_a_safe_cell_left_is_one(monkeypatch):
    monkeypatch.setattr("game.config.SAFE_CELLS_SHOWN_BELOW", 100)
    helper = assistant.Assistant()
    for left, said in ((1, "1 safe cell left"), (2, "2 safe cells left"), (5, "5 safe cells left")):
        board = SimpleNamespace(state=GameState.PLAYING, safe_cells_left=left)
        assert helper.status(board, None, no_guess=True) == said  # type: ignore[arg-type]


def test_the_figures_words_follow_a_language_switch():
    english = formats.FIGURES["Seed"]
    language.use(language.PSEUDO)
    try:
        assert formats.FIGURES["Seed"] != english and formats.FIGURES["Seed"].startswith("[")
        assert formats.figure_name("Time").startswith("[") and formats.figure_name("3BV") == "3BV"
    finally:
        language.use(language.ENGLISH)
    assert formats.FIGURES["Seed"] == english
