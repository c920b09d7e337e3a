"""The menu screens in the player's language (issue 46): the Language row of Settings switches every word at once,
and in the pseudo-language no English is left on Menu, Settings, Custom, Play a code, Help and Videos."""

import gettext

import pygame
import pytest

from game import language
from game.language import LANGUAGES
from game.scenes import code_entry, custom, menu
from game.scenes.code_entry import CodeEntryScene
from game.scenes.custom import CustomScene, board_line, check_custom
from game.scenes.help import KEY_NAMES, PAGES, HelpScene
from game.scenes.settings import OPTIONS, SettingsScene
from game.scenes.videos import VideosScene, files_line
from game.view import scale, screens, text
from game.view.formats import FIGURES
from tests.driver import start_app, stop_app
from tests.pseudo import english_left as pseudo_english


class German(gettext.NullTranslations):
    """A stand-in for the German catalog (translators write the real one later): every message marked "DE:"."""

    def gettext(self, message):
        return f"DE:{message}"

    def ngettext(self, msgid1, msgid2, n):
        return f"DE:{msgid1 if n == 1 else msgid2}"

    def pgettext(self, context, message):
        return f"DE:{message}"


@pytest.fixture(autouse=True)
def english_after():
    yield
    language.use("en")


@pytest.fixture
def german(monkeypatch):
    """No language forced, the system in a language the game does not speak (English it is), and a German catalog
    that shows it is used."""
    monkeypatch.delenv(language.ENVIRONMENT, raising=False)
    for variable in ("LANGUAGE", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LC_ALL", "sv_SE.UTF-8")
    monkeypatch.setattr(language, "_platform_language", lambda: "")
    monkeypatch.setattr(language, "_loaded", {"de": German()})


def drawn_lines(driver):
    """Every line the scene draws in a whole frame."""
    driver.scene.invalidate()
    with text.recording() as drawn:
        driver.frames(1)
    return [line.text for line in drawn]


def test_the_language_row_speaks_every_language_and_switches_settings_at_once(tmp_path, german):
    driver = start_app(tmp_path, desktop=(800, 600))
    try:
        driver.click_button(driver.scene.settings)
        scene = driver.scene
        assert isinstance(scene, SettingsScene)
        row = [option.key for option in OPTIONS].index("language")
        button = scene.buttons[row]
        assert button.label == "System (English)"  # what following the system comes to, named in itself
        lines = drawn_lines(driver)
        assert "Back" in lines and "Language" in lines and "Settings" in lines  # an empty catalog: English
        seen = []
        while driver.app.settings["language"] != "de":  # a player clicking the row: English, 简体中文, 日本語, Deutsch
            driver.click_button(button)
            seen.append(button.label)
            assert len(seen) < len(LANGUAGES)
        assert seen == ["English", "简体中文", "日本語", "Deutsch"]  # a language's name is never translated
        assert language.current() == "de" and driver.scene is scene  # no restart, the same screen
        lines = drawn_lines(driver)
        assert "DE:Settings" in lines and "DE:Back" in lines and scene.back.label == "DE:Back"
        assert "DE:Language · Language" in lines  # and the English word, for a player lost in a language
        assert f"DE:{OPTIONS[0].label}" in lines and "Deutsch" in lines
        assert not {"Back", "Settings", "Language"} & set(lines)
        driver.screenshot("settings-german")
        driver.click_button(scene.back)
        lines = drawn_lines(driver)
        assert "DE:Quit" in lines and "DE:Settings" in lines  # every screen after it speaks German too
    finally:
        stop_app(driver)


def test_the_menu_speaks_a_language_the_settings_read_late_bring(tmp_path, german):
    """The records (and the settings in them) can open after the first frame: a language among them is put in
    effect then, and the menu on show is made again in it. Before, its buttons kept the words they were made with."""
    driver = start_app(tmp_path, desktop=(800, 600))
    try:
        assert "Quit" in drawn_lines(driver)
        driver.app.settings.reload({"language": "de"})  # what the records opening late do with what they hold
        lines = drawn_lines(driver)
        assert "DE:Quit" in lines and "DE:Beginner" in lines and "Quit" not in lines
    finally:
        stop_app(driver)


# --- the pseudo-language: no English left ------------------------------------------------------------------------

# What stays as it is in any language: key names, the community's notation and the figures' names (their words are
# game.view.formats's), file formats, units, languages named in themselves, the Language row's English word.
KEPT = {*KEY_NAMES, *FIGURES, *LANGUAGES.values(), "Language"}


def english_left(lines):
    """The lines with English words left in them, once what is kept as it is is taken out."""
    return [line for line in lines if pseudo_english(line, KEPT)]


@pytest.fixture
def pseudo(monkeypatch):
    """The pseudo-language, and the words other modules make (a board's size and mines, a code's check, the
    interface's size) as figures only: this test is about these screens' own words."""
    monkeypatch.setenv(language.ENVIRONMENT, language.PSEUDO)
    monkeypatch.setattr(menu, "mines_text", str)
    monkeypatch.setattr(menu, "size_text", lambda rows, cols: f"{cols} x {rows}")
    monkeypatch.setattr(custom, "size_text", lambda rows, cols: f"{cols} x {rows}")
    monkeypatch.setattr(scale, "label", lambda value, desktop: "125%")

    def no_code(text, **sides):
        raise ValueError("...")

    monkeypatch.setattr(code_entry, "decode_board_code", no_code)


def test_no_english_is_left_on_the_menu_screens_in_the_pseudo_language(tmp_path, pseudo):
    driver = start_app(tmp_path, desktop=(1920, 1080))
    try:
        assert language.current() == language.PSEUDO
        shown = {"menu": drawn_lines(driver)}
        for screen, scene_type, name in (
            (screens.Settings(), SettingsScene, "settings"),
            (screens.Custom(), CustomScene, "custom"),
            (screens.CodeEntry(), CodeEntryScene, "code"),
            (screens.Videos(), VideosScene, "videos"),
        ):
            driver.app.show(screen)
            driver.frames(2)
            assert isinstance(driver.scene, scene_type)
            shown[name] = drawn_lines(driver)
        driver.app.show(screens.Custom())
        driver.frames(1)
        driver.click_button(driver.scene.fields["mines"])
        driver.key(pygame.K_BACKSPACE)
        driver.key(pygame.K_BACKSPACE)
        shown["custom, no mines"] = drawn_lines(driver)
        driver.app.show(screens.Help())
        driver.frames(1)
        assert isinstance(driver.scene, HelpScene)
        for page in range(len(PAGES)):
            driver.scene.page = page
            shown[f"help page {page}"] = drawn_lines(driver)
        assert all(shown.values())
        left = {name: english_left(lines) for name, lines in shown.items()}
        assert left == {name: [] for name in shown}
    finally:
        stop_app(driver)


def test_english_left_is_found():
    assert english_left(["[Šéţţîñĝš~~~]", "3BV/s", "Deutsch", "[Ļåñĝûåĝé~~] · Language", "/tmp/a b/videos"]) == []
    assert english_left(["Back", "[Šéţţîñĝš~~~] 3 mines"]) == ["Back", "[Šéţţîñĝš~~~] 3 mines"]


# --- the counts ------------------------------------------------------------------------------------------------


def test_counts_read_in_the_right_form():
    assert [files_line(n, 0) for n in (1, 2, 5)] == [
        "1 file: click it to watch it",
        "2 files: click one to watch it",
        "5 files: click one to watch it",
    ]
    assert files_line(1, 1) == "1 file; reading 1 more" and files_line(5, 2) == "5 files; reading 2 more"
    assert board_line(9, 9, 1).startswith("9 x 9 board, 1 mine (1% density)")
    assert board_line(9, 9, 2) == "9 x 9 board, 2 mines (2% density)"
    assert board_line(10, 10, 5) == "10 x 10 board, 5 mines (5% density)"


def test_the_custom_form_says_each_mistake_in_a_whole_sentence():
    errors, _values = check_custom({"cols": "", "rows": "x", "mines": "3"})
    assert errors == {"cols": "Enter the number of columns.", "rows": "Use digits only: 5 to 100 rows."}
    errors, _values = check_custom({"cols": "200", "rows": "5", "mines": "0"})
    assert errors == {"cols": "Columns must be 5 to 100.", "mines": "At least 1 mine."}
    errors, _values = check_custom({"cols": "5", "rows": "5", "mines": "17"})
    assert errors == {"mines": "At most 16 mines on 5 x 5."}
    errors, _values = check_custom({"cols": "5", "rows": "5", "mines": "a"})
    assert errors == {"mines": "Use digits only: 1 to 16 mines."}


@pytest.mark.parametrize("speaking", ["en", language.PSEUDO])
def test_settings_with_its_language_row_fits_an_800_by_600_screen(tmp_path, monkeypatch, speaking):
    monkeypatch.setenv(language.ENVIRONMENT, speaking)
    driver = start_app(tmp_path, desktop=(800, 600))
    try:
        driver.app.show(screens.Settings())
        driver.frames(2)
        scene = driver.scene
        window = pygame.Rect((0, 0), pygame.display.get_surface().get_size())
        boxes = [*scene.rows, scene.name_row, scene.notice_line, scene.back.rect]
        assert len(scene.rows) == len(OPTIONS) and "language" in [option.key for option in OPTIONS]
        assert all(window.contains(box) for box in boxes), (window, boxes)
        assert all(above.bottom <= below.top for above, below in zip(boxes, boxes[1:]))
        assert all(row.contains(button.rect) for row, button in zip(scene.rows, scene.buttons))
        if speaking == "en":  # every label and note whole (the pseudo-language's are 40% longer: cut, as may be)
            assert not [line for line in drawn_lines(driver) if line.endswith(text.ELLIPSIS)]
    finally:
        stop_app(driver)


@pytest.mark.parametrize("speaking", sorted(LANGUAGES))
def test_the_trials_rule_shows_whole_at_800_by_600(tmp_path, monkeypatch, speaking):
    """The bug: the rule the time trials follow was cut ("...15 Spielfelder…") in German and Russian, and the
    German subtitle too: the rule's row had room for four lines of small letters."""
    monkeypatch.setenv(language.ENVIRONMENT, speaking)
    driver = start_app(tmp_path, desktop=(800, 600))
    try:
        driver.app.show(screens.Trials())
        driver.frames(2)
        assert not [line for line in drawn_lines(driver) if line.endswith(text.ELLIPSIS)]
    finally:
        stop_app(driver)


@pytest.mark.parametrize("speaking", sorted(LANGUAGES))
def test_the_new_words_of_settings_help_and_records_show_whole_at_800_by_600(tmp_path, monkeypatch, speaking):
    """The bug: at 800x600 the Guessing setting's notes were cut in six languages, Help's seventh tab in four,
    and Records' fourth button in Russian (the sweep of every tour stop in each language found them)."""
    monkeypatch.setenv(language.ENVIRONMENT, speaking)
    driver = start_app(tmp_path, desktop=(800, 600))
    try:
        cut: list[str] = []
        driver.app.show(screens.Settings())
        driver.frames(2)
        for choice in ("off", "no_guess", "forced_safe", "strict"):
            driver.app.settings.change("no_guess", choice)
            cut += [line for line in drawn_lines(driver) if line.endswith(text.ELLIPSIS)]
        driver.app.show(screens.Help())
        driver.frames(2)
        cut += [line for line in drawn_lines(driver) if line.endswith(text.ELLIPSIS)]
        driver.app.show(screens.Records())
        driver.frames(2)
        bottom = [button.label for button in driver.scene.bottom]
        cut += [line for line in drawn_lines(driver) if line.endswith(text.ELLIPSIS) and line[:-1] in "".join(bottom)]
        assert not cut, cut
    finally:
        stop_app(driver)


@pytest.mark.parametrize("speaking", sorted(LANGUAGES))
def test_what_a_mode_of_the_no_guess_family_did_shows_whole_under_a_beginner_board(tmp_path, monkeypatch, speaking):
    """The status line under the smallest board window (Beginner, 800x600) says what the mode did to a click, a
    reveal's or a chord's, whole in every language: the line is the only place the player learns the mines moved."""
    from game.view.assistant import ruling_line

    monkeypatch.setenv(language.ENVIRONMENT, speaking)
    driver = start_app(tmp_path, desktop=(800, 600))
    try:
        driver.click_button(driver.scene.difficulty_buttons["beginner"])
        cut: list[str] = []
        for ruling in ("made_safe", "punished", "undecided"):
            for chord in (False, True):
                driver.scene.assist.message = said = ruling_line(ruling, chord)
                lines = drawn_lines(driver)
                assert "".join(said.split()) in "".join("".join(lines).split()), "the line is drawn whole, wrapped"
                cut += [line for line in lines if line.endswith(text.ELLIPSIS)]
        assert not cut, cut
    finally:
        stop_app(driver)


@pytest.mark.parametrize("speaking", sorted(LANGUAGES))
def test_the_spinner_over_a_beginner_board_says_what_it_waits_for_whole(tmp_path, monkeypatch, speaking):
    """The spinner's words over the smallest board window (Beginner, 800x600): each wait's, whole."""
    from game.play.no_guess_deal import NoGuessDeal
    from game.play.range_deal import RangeDealing
    from game.play.ruling_wait import RulingWait
    from game.view import hint_marks

    monkeypatch.setenv(language.ENVIRONMENT, speaking)
    driver = start_app(tmp_path, desktop=(800, 600))
    try:
        driver.click_button(driver.scene.difficulty_buttons["beginner"])
        surface, centre = pygame.display.get_surface(), driver.scene.geometry.view.center
        for wait in (NoGuessDeal, RangeDealing, RulingWait):
            label = wait.label(None)  # (the words do not depend on the wait's job)
            with text.recording() as drawn:
                hint_marks.draw_spinner(surface, centre, 0.5, label)
            assert [line.text for line in drawn] == [label], "drawn whole, on one line"
    finally:
        stop_app(driver)
