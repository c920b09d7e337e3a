"""The message catalogs (game/locale/): each committed .mo says what its .po says, every translation keeps its
English's placeholders, and every language has every message translated."""

from __future__ import annotations

import gettext
import re

import pytest

from game.language import DOMAIN, LANGUAGES, LOCALE_FOLDER

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402 (after the skip)

TRANSLATED = [code for code in LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _po(code: str):
    with open(LOCALE_FOLDER / code / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as file:
        return read_po(file)


def _mo(code: str) -> gettext.GNUTranslations:
    with open(LOCALE_FOLDER / code / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as file:
        return gettext.GNUTranslations(file)


def _names(message: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(message))


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_committed_mo_says_what_its_po_says(code):
    """A translator who changed a .po and did not compile it (python tools/catalogs.py compile) fails here."""
    compiled = _mo(code)
    for message in _po(code):
        if not message.id or message.fuzzy or not message.string:
            continue
        if isinstance(message.id, tuple):
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            got = [
                compiled.npgettext(message.context, message.id[0], message.id[1], n)
                if message.context
                else compiled.ngettext(message.id[0], message.id[1], n)
                for n in (1, 2, 5, 21, 0)
            ]
            assert all(g in forms for g in got if forms[0]), (code, message.id, got)
        else:
            got = compiled.pgettext(message.context, message.id) if message.context else compiled.gettext(message.id)
            assert got == message.string, (code, message.id)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_translation_keeps_its_englishs_placeholders(code):
    for message in _po(code):
        if not message.id or not message.string:
            continue
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        translated = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = _names(english[-1])
        for form in translated:
            if form:
                # a language with one form may leave out a singular's count ("one click"): the plural's names rule
                assert set(_names(form)) <= set(wanted) and (len(english) > 1 or _names(form) == wanted), (
                    code,
                    message.id,
                    form,
                )


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_in_every_language(code):
    """A message the code says and a catalog lacks shows in English among the language's words: none may."""
    left = [
        message.id
        for message in _po(code)
        if message.id
        and (message.fuzzy or not message.string or (isinstance(message.string, tuple) and not all(message.string)))
    ]
    assert not left, f"{code}: {len(left)} messages untranslated or fuzzy, such as {left[:5]}"


def test_every_catalog_has_every_message_the_code_says():
    """The catalogs are up to date with the code: `python tools/catalogs.py extract` was run after the last change
    of a message (else a new message would show in English in every language, and this test is what says so)."""
    from tools.catalogs import template as extracted

    template = {message.id for message in extracted() if message.id}
    with open(LOCALE_FOLDER / "messages.pot", "rb") as file:
        kept = {message.id for message in read_po(file) if message.id}
    assert template == kept, ("messages.pot is not the code's", sorted(map(str, template ^ kept))[:5])
    for code in TRANSLATED:
        ids = {message.id for message in _po(code) if message.id}
        assert template <= ids, (code, sorted(map(str, template - ids))[:5])
