"""game.language: which language the game speaks, and the pseudo-language that shows what is left in English."""

from __future__ import annotations

import pytest

from game import language
from game.language import _, match, ngettext, pseudo


@pytest.fixture(autouse=True)
def _english_after():
    yield
    language.use("en")


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("zh_CN.UTF-8", "zh_CN"),
        ("zh_TW.UTF-8", "zh_CN"),
        ("zh-Hans-CN", "zh_CN"),
        ("de_AT.UTF-8@euro", "de"),
        ("pt_PT", "pt_BR"),
        ("pt-BR", "pt_BR"),
        ("ja_JP.eucJP", "ja"),
        ("C", ""),
        ("POSIX", ""),
        ("C.UTF-8", ""),
        ("", ""),
        ("sv_SE", ""),
    ],
)
def test_a_locale_name_matches_the_language_the_game_speaks_for_it(name, code):
    assert match(name) == code


def test_the_system_language_is_read_as_gettext_reads_it(monkeypatch):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(language, "_platform_language", lambda: "")
    assert language.system_language() == "en"
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert language.system_language() == "zh_CN"
    monkeypatch.setenv("LC_MESSAGES", "de_DE.UTF-8")
    assert language.system_language() == "de"
    monkeypatch.setenv("LC_ALL", "C")  # the first one set decides, even when it names no language of ours
    assert language.system_language() == "en"
    monkeypatch.setenv("LANGUAGE", "sv:ru")
    assert language.system_language() == "ru"


def test_the_environment_overrides_the_setting_and_the_setting_the_system(monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv(language.ENVIRONMENT, raising=False)
    assert language.chosen("") == "fr"
    assert language.chosen("ja") == "ja"
    monkeypatch.setenv(language.ENVIRONMENT, "qps")
    assert language.chosen("ja") == "qps"


def test_an_unknown_or_missing_language_is_english():
    assert language.use("xx") == "en"
    assert _("New game") == "New game"


def test_the_pseudo_language_marks_every_message_and_keeps_its_placeholders():
    language.use("qps")
    shown = _("{count} mines left")
    assert shown.startswith("[") and shown.endswith("]") and "{count}" in shown
    assert shown.format(count=3).count("3") == 1
    assert len(pseudo("Beginner")) >= len("Beginner") * 1.4
    assert ngettext("{count} click", "{count} clicks", 1).format(count=1) != "1 click"


def test_switching_counts_as_a_change_for_what_caches_text():
    before = language.changes()
    language.use("de")
    language.use("de")
    language.use("en")
    assert language.changes() == before + 2
