"""The whole game in every language: the tour of every screen (tests/tour.py) in the pseudo-language finds no
English left, and in each language no text leaves its box or overlaps another (the layout test's check)."""

from __future__ import annotations

import pygame
import pytest

from game import language
from game.shell.app import App
from game.view import screens, text, theme
from tests.driver import Driver, FakeClock
from tests.pseudo import english_left
from tests.tour import seed_records, tour
from tests.view.test_layout import drawn_texts, problems

pytestmark = pytest.mark.slow  # the whole tour per case: 5 to 8 s


def outside_words() -> set[str]:
    """Words of names made outside the game that the tour shows: the sample videos' file names and players."""
    from pathlib import Path

    words: set[str] = set()
    for sample in (Path(__file__).parent.parent / "fixtures" / "videos").iterdir():
        words.add(sample.name)
    words |= {"Wang Jianing", "Zhang Shen Jia(China)", "Pu Tian Yi(Hu Bei)", "Thomas Kolar", "Minesweeper"}
    words |= set(language.LANGUAGES.values())  # each named in itself: "System (English)"
    words |= {"Arbiter", "Viennasweeper", "Metasweeper", "CN"}  # the programs that made them, a country's code
    words |= {"Language"}  # Settings' row says its name in English too, after the language's own word, on purpose
    words |= {"Grzegorz Brzęczyszczykiewicz-Ørsted"}  # the tour's long player name
    return words


def walk(private_home, tmp_path, screen, look, code):
    """The tour in a language: each stop's name with the lines drawn there, and the layout problems found."""
    seed_records(private_home)
    app = App(clock=FakeClock(), seed=7, desktop_size=screen)
    pygame.event.clear()
    app.settings.change("theme", look)
    if code == language.PSEUDO:
        language.use(code)  # the pseudo-language is no setting: the environment asks for it
    else:
        app.settings.change("language", code)
    app.show(screens.Menu())
    app.step()
    app.step()
    driver = Driver(app, tmp_path / "shots")
    stops: list[tuple[str, list[str]]] = []
    found: list[str] = []
    try:
        for stop in tour(driver):
            window = pygame.Rect((0, 0), app.screen.get_size())
            log = drawn_texts(app)
            stops.append((stop, [item.text for item in log]))
            found += [f"{stop}: {problem}" for problem in problems(log, window)]
    finally:
        app.store.close()
        theme.use("classic")
        language.use("en")
    assert len(stops) > 30, "the tour went everywhere"
    return stops, found


@pytest.mark.parametrize("look", ["classic", "dark"])
def test_the_pseudo_language_finds_no_english_left_on_any_screen(private_home, tmp_path, monkeypatch, look):
    monkeypatch.setenv(language.ENVIRONMENT, language.PSEUDO)
    stops, found = walk(private_home, tmp_path, (1920, 1080), look, language.PSEUDO)
    outside = outside_words()
    left = [
        f"{stop}: {line!r} {words}" for stop, lines in stops for line in lines if (words := english_left(line, outside))
    ]
    assert not left, f"{len(left)} lines with English left:\n" + "\n".join(left[:60])
    assert not found, "\n".join(found[:40])


@pytest.mark.parametrize("code", [c for c in language.LANGUAGES if c != "en"])
@pytest.mark.parametrize(
    "screen", [(800, 600), (1366, 768), (1920, 1080), (3840, 2160)], ids=lambda s: f"{s[0]}x{s[1]}"
)
def test_every_language_keeps_every_text_in_its_box(private_home, tmp_path, monkeypatch, screen, code):
    monkeypatch.delenv(language.ENVIRONMENT)
    _stops, found = walk(private_home, tmp_path, screen, "classic", code)
    assert not found, "\n".join(found[:40])


def test_english_left_sees_what_no_catalog_message_made():
    outside = {"Wang"}
    assert english_left("[Ñéŵ ĝåɱé~~]", outside) == []
    assert english_left("[Ŵöñ {x}~] in 5.600 s", outside) == ["in"]
    assert english_left("[Þļåýéŕ: [x~] Wang~]", outside) == []
    assert english_left("New game", outside) == ["New", "game"]
    assert english_left("3BV/s 2.57 · Esc F2", outside) == []


@pytest.mark.parametrize("code", list(language.LANGUAGES))
def test_the_hint_buttons_word_shows_whole_in_every_language(private_home, tmp_path, monkeypatch, code):
    """The button under an Expert board on the smallest screen was 50 px whatever its word: ヒント showed as "ヒン…".
    It is now as wide as its word needs."""
    monkeypatch.delenv(language.ENVIRONMENT)
    app = App(clock=FakeClock(), seed=7, desktop_size=(800, 600))
    driver = Driver(app, tmp_path / "shots")
    try:
        app.settings.change("language", code)
        app.show(screens.Menu())
        driver.frames(2)
        driver.click_button(driver.scene.difficulty_buttons["expert"])
        button = driver.scene.hint_button
        with text.recording() as log:
            app.scene.draw_all(app.screen)
        drawn = [item.text for item in log if button.rect.contains(item.rect)]
        assert drawn == [button.label], f"{code}: the button reads {drawn}, its word is {button.label!r}"
    finally:
        app.store.close()
        language.use("en")
