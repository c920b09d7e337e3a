"""No tofu: every string of every catalog and the names players have (Chinese, Japanese, Czech, Polish,
Vietnamese, Greek, emoji) go through the one text path, and each of their characters lands in a font of the
chain that has its glyph (Lato, the bundled CJK subset, a system font), never in the box. A character no font
of this machine has is skipped, and named."""

import functools
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po

from game.view import text, typeface
from game.view.typeface import BLACK, BODY, BOLD, HEADING, REGULAR, SMALL

pytestmark = pytest.mark.skipif(
    not (typeface.available() and typeface.cjk_available()),
    reason="the game's typeface (font-lato) or its CJK subset (assets/fonts) is not there",
)

LOCALE = Path(__file__).resolve().parents[2] / "game" / "locale"
NAMES = (
    "王嘉宁",
    "山田太郎",
    "かな カナ",
    "Dvořák Ďurčo ȑ",
    "Łódź Żółć",
    "Nguyễn Thị Hương",
    "Ψ Ω",
    "🙂 🚩 💣",
    "王嘉宁 (CN) · Minesweeper Arbiter 0.52.3 · 2025-02-01",
)
NOT_A_CHARACTER = "\ue000"  # in Unicode's private area: no font of the chain has it, every one draws its box


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    typeface.forget()  # fonts an earlier test made die with its pygame.quit()
    yield
    typeface.forget()


def catalog_strings() -> list[str]:
    """Every message of the template (English) and every translation (msgstr, each plural form) there is."""
    found = []
    for catalog in [LOCALE / "messages.pot", *sorted(LOCALE.glob("*/LC_MESSAGES/messages.po"))]:
        with catalog.open("rb") as stream:
            for message in read_po(stream):
                for strings in (message.id, message.string):
                    found += [s for s in (strings if isinstance(strings, (list, tuple)) else [strings]) if s]
    return found


def _file(name: str) -> Path | str:
    return typeface._own_file(name) if name in (typeface.LATO, typeface.CJK, typeface.JP) else name


def boxes(message: str, size: int = BODY, weight: str = REGULAR) -> list[str]:
    """The characters of `message` the text path would draw as a box: their face has no glyph for them (as
    FreeType says), or draws them as it draws a character no font has (as pixels say)."""
    found = []
    for part, name in text._runs(text._shown(message)):
        made = typeface.face(name, size, weight)
        box = pygame.image.tobytes(made.render(NOT_A_CHARACTER, True, (255, 255, 255)), "RGBA")
        for ch in part:
            if ch.isspace():
                continue
            drawn = pygame.image.tobytes(made.render(ch, True, (255, 255, 255)), "RGBA")
            if not typeface._has(_file(name), ch) or drawn == box:
                found.append(ch)
    return found


@functools.cache
def _charsets():
    return typeface._fc_charsets()


def nobody_has(ch: str) -> bool:
    """No font on this machine has `ch` (fc-list's view; without fc-list, what the chain found)."""
    charsets = _charsets()
    if charsets is None:
        return typeface.face_for(ch) is None
    return not any(a <= ord(ch) <= b for _path, ranges in charsets for a, b in ranges)


def drawn_through_the_path(messages) -> None:
    surface = pygame.Surface((400, 60), pygame.SRCALPHA)
    with text.recording() as drawn:
        for message in messages:
            text.draw(surface, message, (0, 0))
    assert [line.text for line in drawn] == [text._shown(m) for m in messages]


def test_every_catalog_string_is_drawn_in_a_font_that_has_each_character():
    strings = catalog_strings()
    assert strings, "the catalogs hold messages"
    characters = {ch for s in strings for ch in text._shown(s) if not ch.isspace()}
    for ch in characters:
        typeface.face_for(ch)  # asks for a system font, on its thread, for what the bundle lacks
    typeface.wait_for_fonts()
    drawn_through_the_path(strings)
    missing = {ch for s in strings for ch in boxes(s)}
    # Every translation's characters must be in the bundle or the system's fonts: rerun
    # `python tools/make_assets.py fonts` after the translations change.
    assert not missing, f"drawn as a box: {''.join(sorted(missing))!r}"
    elsewhere = {ch for ch in characters if typeface.face_for(ch) not in (typeface.LATO, typeface.CJK)}
    assert not elsewhere, f"not in the game's own fonts (a system may lack them): {''.join(sorted(elsewhere))!r}"


@pytest.mark.parametrize("weight", [REGULAR, BOLD, BLACK])
def test_names_in_every_script_are_drawn_in_a_font_that_has_each_character(weight):
    for name in NAMES:
        for ch in name:
            typeface.face_for(ch)
    typeface.wait_for_fonts()
    drawn_through_the_path(NAMES)
    unwritable = {ch for name in NAMES for ch in name if not ch.isspace() and nobody_has(ch)}
    missing = {ch for name in NAMES for ch in boxes(name, SMALL, weight)} - unwritable
    assert not missing, f"drawn as a box though a font here has it: {''.join(sorted(missing))!r}"
    assert not {ch for name in NAMES[:3] for ch in name} & unwritable, "the bundle draws Chinese and Japanese"
    if unwritable:
        print(f"no font on this machine has {' '.join(sorted(unwritable))} (skipped)")


def test_chinese_and_japanese_come_from_the_bundle_and_latin_from_lato():
    runs = text._runs("王嘉宁 Wang かな")
    assert runs == [("王嘉宁", typeface.CJK), (" Wang ", typeface.LATO), ("かな", typeface.CJK)]
    assert text._runs("Łódź Żółć Émile") == [("Łódź Żółć Émile", typeface.LATO)]
    assert text.width("王嘉宁", BODY) > 0 and text.width("王嘉宁", BODY, BOLD) >= text.width("王嘉宁", BODY)


def test_a_mixed_line_stays_in_its_box_on_latos_line():
    surface = pygame.Surface((300, 40), pygame.SRCALPHA)
    box = pygame.Rect(10, 5, 280, 30)
    with text.recording() as drawn:
        rect = text.draw_fitted(surface, "王嘉宁 (CN) · 山田太郎 · Arbiter", box, HEADING, (255, 255, 255), weight=BOLD)
    assert [line.text for line in drawn] == ["王嘉宁 (CN) · 山田太郎 · Arbiter"] and drawn[0].rect == rect
    assert box.contains(rect), (rect, box)
    inked = surface.get_bounding_rect()
    assert rect.contains(inked) and inked.w > rect.w // 2, (inked, rect)


def test_an_ascii_line_is_one_image_of_lato(monkeypatch):
    """The fast path: a line all in ASCII never asks which face has its characters."""
    asked: list[str] = []
    monkeypatch.setattr(text, "face_for", lambda ch: asked.append(ch) or typeface.face_for(ch))
    text.draw(pygame.Surface((200, 30)), "Wang Jianing 3BV/s 2.579", (0, 0))
    assert text.width("Expert 30 x 16", BODY) == typeface.font(BODY).size("Expert 30 x 16")[0]
    assert asked == []
    text.width("王", BODY)
    assert set(asked) == {"王"}


@pytest.mark.parametrize("look", ["classic", "dark"])
def test_a_chinese_name_typed_in_settings_draws_no_box(tmp_path, look):
    """Before: 王嘉宁 typed in Settings' name field drew as three boxes at 1920 x 1080, in both themes (the
    Videos list drew it, through a path of its own)."""
    from game.scenes.settings import SettingsScene
    from tests.driver import start_app, stop_app

    driver = start_app(tmp_path, desktop=(1920, 1080))
    try:
        driver.app.settings.change("theme", look)
        driver.click_button(driver.scene.settings)
        scene = driver.scene
        assert isinstance(scene, SettingsScene)
        driver.click_button(scene.name_field)
        driver.type_text("王嘉宁")
        assert scene.name_field.value == "王嘉宁"
        with text.recording() as drawn:
            scene.dirty = True
            driver.frames(2)
            scene.draw(driver.app.screen)
        names = [line for line in drawn if "王嘉宁" in line.text]
        assert names, [line.text for line in drawn]
        for line in names:
            assert text._runs(line.text) == [(line.text, typeface.CJK)]
            for size in (BODY, HEADING):
                assert boxes(line.text, size) == []
        driver.screenshot(f"settings-name-{look}")
    finally:
        stop_app(driver)


def test_japanese_draws_its_kanji_in_japans_forms():
    """While the game speaks Japanese its kanji come from the Japanese face (直 and 角 are drawn otherwise in
    China), its kana from the bundle as before; in Chinese the same characters come from the Chinese face. Every
    kanji of the Japanese catalog is in the Japanese subset."""
    from game import language

    try:
        language.use("ja")
        assert text._runs("直角 かな") == [("直角", typeface.JP), (" ", typeface.LATO), ("かな", typeface.CJK)]
        with (LOCALE / "ja" / "LC_MESSAGES" / "messages.po").open("rb") as stream:
            kanji = {
                ch
                for m in read_po(stream)
                for s in (m.string if isinstance(m.string, tuple) else [m.string])
                for ch in s or ""
                if typeface.is_ideograph(ch)
            }
        assert len(kanji) > 300 and all(typeface.face_for(ch) == typeface.JP for ch in kanji)
        japanese = pygame.image.tobytes(typeface.face(typeface.JP, HEADING).render("直", True, (255, 255, 255)), "RGBA")
        language.use("zh_CN")
        assert text._runs("直角 かな") == [("直角", typeface.CJK), (" ", typeface.LATO), ("かな", typeface.CJK)]
        chinese = pygame.image.tobytes(typeface.face(typeface.CJK, HEADING).render("直", True, (255, 255, 255)), "RGBA")
        assert japanese != chinese, "the two forms differ"
    finally:
        language.use("en")
