"""The game-over panel, Replay, Records, Learn, the puzzles and the question speak the player's language: in the
pseudo-language every line they draw is bracketed (game.language), but for the community's notation, numbers,
key names and what other modules hand them; and their counts take their plural forms."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pygame
import pytest

from game import language
from game.model import GameState
from game.overlays.confirm import answer_letter
from game.scenes.learn import lesson_label
from game.scenes.records import figures, tab_label
from game.view import replay_status, text
from game.view.end_figures import figure_name
from game.view.puzzle_words import drill_solved, lessons_to_do, see_outlined
from tests.driver import start_app, stop_app
from tests.pseudo import english_left as pseudo_english
from tests.pseudo import still_open


@pytest.fixture
def pseudo(monkeypatch):
    monkeypatch.setenv(language.ENVIRONMENT, language.PSEUDO)
    yield
    language.use(language.ENGLISH)


def english_left(line: str, depth: int = 0) -> bool:
    """Whether a drawn line has English words outside the pseudo-language's brackets (`depth`: the brackets the
    lines before it in the same box left open)."""
    return bool(pseudo_english(line, depth=depth))


def english_on_screen(driver, where: str) -> list[str]:
    """The lines drawn in English on the window as it is now (its scene, then its overlays)."""
    app = driver.app
    with text.recording() as drawn:
        app.scene.draw_all(app.screen)
        for overlay in app.overlays:
            text.next_layer()
            overlay.draw(app.screen)
    found, depth, box = [], 0, None
    for item in drawn:
        depth = depth if item.box == box else 0  # the lines of one paragraph share its box
        if english_left(item.text, depth):
            found.append(f"{where}: {item.text!r}")
        depth, box = still_open(item.text, depth), item.box
    return found


def wait(driver, ready, seconds=30):
    """Run frames until `ready()` (work off the frame: a hint, the drill's position)."""
    deadline = time.monotonic() + seconds
    while not ready():
        assert time.monotonic() < deadline, "in time"
        driver.frames(1)
        time.sleep(0.005)


def test_the_check_finds_english_and_lets_notation_and_brackets_be():
    assert english_left("Boom! 3.000 s")
    assert english_left("[Ñéxţ~] Back")
    assert not english_left("[Ƀööɱ! {time}~~] 3.000 s")
    assert not english_left("3BV 12/25 (1.234/s)")
    assert not english_left("[Ţĥé 2 ñééđš ɱöŕé")  # the first line of a wrapped message
    assert not english_left("mines. [Šéé ţĥé öûţļîñéđ]", depth=1)  # the next, "mines" in another's placeholder
    assert english_left("mines. [Šéé ţĥé öûţļîñéđ]")
    assert not english_left("MS1-064R-VWNC-HGSR")


def test_every_screen_of_this_area_speaks_the_pseudo_language(pseudo, tmp_path):
    driver = start_app(tmp_path, seed=21)
    found: list[str] = []
    try:
        assert language.current() == language.PSEUDO
        driver.click_button(driver.scene.learn)
        found += english_on_screen(driver, "learn")
        driver.click_button(driver.scene.lesson_buttons[0])
        lesson = driver.scene
        found += english_on_screen(driver, "lesson")
        driver.click_button(lesson.why)
        wait(driver, lambda: lesson.hint_job is None)
        found += english_on_screen(driver, "lesson-why")
        driver.key(pygame.K_ESCAPE)
        driver.click_button(driver.scene.drill)
        drill = driver.scene
        wait(driver, lambda: drill.puzzle is not None)
        found += english_on_screen(driver, "drill")
        driver.key(pygame.K_ESCAPE)
        driver.key(pygame.K_ESCAPE)

        driver.click_button(driver.scene.difficulty_buttons["beginner"])
        playing = driver.scene
        board = playing.board
        driver.click_cell(4, 4)
        found += english_on_screen(driver, "playing")
        driver.key(pygame.K_ESCAPE)
        found += english_on_screen(driver, "leave-question")
        driver.key(pygame.K_ESCAPE)  # keep playing
        assert driver.scene is playing and not driver.app.overlays
        for row in range(board.rows):
            for col in range(board.cols):
                if not board.is_mine(row, col) and not board.is_revealed(row, col) and not board.state.over:
                    driver.click_cell(row, col)
        assert board.state == GameState.WON
        driver.frames(30)
        found += english_on_screen(driver, "game-over-bar")
        panel = driver.past_grace()
        if not panel.expanded:
            driver.click_button(panel.more)
        found += english_on_screen(driver, "game-over-panel")
        driver.click_button(driver.panel_button("replay"))
        driver.frames(30)
        found += english_on_screen(driver, "replay")
        driver.key(pygame.K_END)
        found += english_on_screen(driver, "replay-end")
        driver.key(pygame.K_ESCAPE)
        driver.key(pygame.K_ESCAPE)
        driver.key(pygame.K_ESCAPE)

        driver.click_button(driver.scene.records)
        records = driver.scene
        for name, tab in records.tabs.items():
            driver.click_button(tab)
            driver.post(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))  # no figure's tip
            driver.frames(2)
            found += english_on_screen(driver, f"records-{name}")
        driver.click_button(records.recent_tab)
        if records.rows:
            driver.post(pygame.MOUSEMOTION, pos=records.rows[0].rect.center, rel=(0, 0), buttons=(0, 0, 0))
            driver.frames(2)
            found += english_on_screen(driver, "records-hovered")
        driver.click_button(records.reset)
        found += english_on_screen(driver, "reset-question")
    finally:
        stop_app(driver)
    assert not found, "\n".join(found)


def test_counts_take_their_plural_forms():
    assert lessons_to_do(1) == "Lesson done. 1 other lesson is still to do: N or Enter for the list."
    assert lessons_to_do(2) == "Lesson done. 2 other lessons are still to do: N or Enter for the list."
    assert lessons_to_do(5) == "Lesson done. 5 other lessons are still to do: N or Enter for the list."
    game = SimpleNamespace(cleared_three_bv=None, three_bv=20, clicks=1, effective_clicks=1)
    assert figures(game) == "3BV 20, 1 click, 1 useful (100% correct)"
    for clicks in (2, 5):
        game = SimpleNamespace(cleared_three_bv=7, three_bv=20, clicks=clicks, effective_clicks=2)
        assert figures(game) == f"3BV 7 of 20, {clicks} clicks, 2 useful ({200 / clicks:.0f}% correct)"


@pytest.mark.parametrize(
    ("mines", "state", "said"),
    [
        (1, GameState.WON, "Replay of a 9 x 9 game with 1 mine, won at 1.500 s"),
        (2, GameState.LOST, "Replay of a 9 x 9 game with 2 mines, lost at 1.500 s"),
        (5, GameState.PLAYING, "Replay of a 9 x 9 game with 5 mines, unfinished at 1.500 s"),
    ],
)
def test_replay_says_its_game_in_one_sentence(mines, state, said):
    final = SimpleNamespace(state=state)
    replay = SimpleNamespace(rows=9, cols=9, mines=mines, elapsed_ms=1500, final_board=lambda: final)
    assert replay_status.title(replay) == said


def test_whole_sentences_for_each_variant():
    assert see_outlined(1, 1) == "See the outlined cell and the number that proves it."
    assert see_outlined(1, 2) == "See the outlined cell and the numbers that prove it."
    assert see_outlined(3, 1) == "See the outlined cells and the number that proves them."
    assert see_outlined(2, 0) == "See the outlined cells and the counter."
    assert drill_solved(True, 4.25, "One number on its own") == (
        "Right first time, in 4.2 s. One number on its own. Next: N or Enter."
    )
    assert lesson_label(3, "Ones", done=True) == "3. Ones  (done)"
    assert tab_label("Time") == "Best times" and tab_label("IOE") == "IOE"
    assert figure_name("Last click") == "Last click" and figure_name("3BV/s") == "3BV/s"


def test_the_answer_key_is_the_first_letter_of_the_translated_word():
    assert answer_letter("Leave") == "l"
    language.use(language.PSEUDO)
    try:
        assert answer_letter(language._("Leave")) == "ļ"  # after its bracket: still L's key
        language.use("ja")
        assert answer_letter("はい") == ""  # no one key for it: the button and Tab do
    finally:
        language.use(language.ENGLISH)
