"""The player's language: which one is in effect, and the words of every message in it.

Every string a player reads goes through one of these, called when it is shown (never when a module is
imported: the player can switch language while the game runs, and everything drawn after that speaks it)::

    _("New game")                                      # a message
    ngettext("{count} click", "{count} clicks", n).format(count=n)   # a count: the language's plural forms
    pgettext("flag (verb)", "Flag")                    # the same English word for two meanings
    N_("Beginner")                                     # marked for the catalog where it is defined; `_` where shown

Placeholders are named (``{count}``, ``{name}``): a translation may put them in any order, and a test holds that
each keeps the same names as its English. The catalogs are standard gettext ones (``game/locale/<code>/LC_MESSAGES/
messages.po``), compiled to the ``.mo`` beside each and committed; CONTRIBUTING.md tells a translator how to
update them (tools/catalogs.py, with Babel). English is the source: it has no catalog.

Which language: the setting ``language`` when the player chose one, else the system's (`system_language`), else
English. ``MINESWEEPER_LANGUAGE`` in the environment overrides both: developers and tests use it, and with
``qps`` it turns on the pseudo-language, whose every message is accented, 40% longer and in brackets, so an
English string left on screen or a box too tight for a longer language shows at a glance.

Plain Python (the model's hints and verdicts speak through it too): no pygame, no Babel at run time.
"""

from __future__ import annotations

import gettext
import os
import sys
import threading
from pathlib import Path

#: The languages the game speaks, each named in itself (as the Settings screen lists them), in that order.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "zh_CN": "简体中文",
    "ja": "日本語",
    "de": "Deutsch",
    "pl": "Polski",
    "fr": "Français",
    "es": "Español",
    "ru": "Русский",
    "pt_BR": "Português (Brasil)",
}
ENGLISH = "en"
PSEUDO = "qps"  # the development pseudo-language (see the module's docstring); never listed for players
ENVIRONMENT = "MINESWEEPER_LANGUAGE"

LOCALE_FOLDER = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"

_lock = threading.Lock()  # the store's writer thread and the workers' threads translate too
_loaded: dict[str, gettext.NullTranslations] = {}
_current = ENGLISH
_catalog: gettext.NullTranslations = gettext.NullTranslations()
_changes = 0


def current() -> str:
    """The code of the language in effect ("en", "zh_CN", ... or "qps")."""
    return _current


def changes() -> int:
    """How many times the language has changed since start: what caches drawn text keep beside it."""
    return _changes


def cjk() -> bool:
    """Whether the language in effect is written without spaces between words (lines break between
    characters)."""
    return _current in ("zh_CN", "ja")


def use(code: str) -> str:
    """Put a language in effect: `code` if the game speaks it (or the pseudo-language), else English. Returns
    the code in effect. Catalogs load once (a damaged one counts as missing: English it is)."""
    global _current, _catalog, _changes
    if code not in LANGUAGES and code != PSEUDO:
        code = ENGLISH
    with _lock:
        catalog = _loaded.get(code)
        if catalog is None:
            catalog = _loaded[code] = _load(code)
        if code != _current:
            _changes += 1
        _current, _catalog = code, catalog
    return code


def _load(code: str) -> gettext.NullTranslations:
    if code == PSEUDO:
        return _Pseudo()
    if code == ENGLISH:
        return gettext.NullTranslations()
    try:
        with open(LOCALE_FOLDER / code / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as file:
            return gettext.GNUTranslations(file)
    except (OSError, ValueError, UnicodeDecodeError, IndexError):  # missing or damaged: the game still speaks
        return gettext.NullTranslations()


def chosen(setting: str) -> str:
    """The language to use for the setting's value ("" follows the system), the environment's override first."""
    forced = os.environ.get(ENVIRONMENT, "")
    if forced:
        return match(forced) or (PSEUDO if forced == PSEUDO else ENGLISH)
    return setting if setting in LANGUAGES else system_language()


# --- the messages -------------------------------------------------------------------------------------------------


def _(message: str) -> str:
    """`message` in the language in effect (as it is, where the catalog lacks it)."""
    return _catalog.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for `count`, by the language's plural rules (Polish and Russian have three)."""
    return _catalog.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` where the same English words mean two things: `context` tells the translator which."""
    return _catalog.pgettext(context, message)


def N_(message: str) -> str:
    """`message` unchanged: marks a string defined ahead of time (a table's label) for the catalog; it is
    translated with `_` where it is shown."""
    return message


# --- the system's language ----------------------------------------------------------------------------------------


def match(name: str) -> str:
    """The language the game speaks for a locale's name ("zh_CN.UTF-8", "de-AT", "pt", "zh-Hant-TW"), or "" for
    none. Any Chinese reads Simplified Chinese, any Portuguese the Brazilian: closer than English to its reader."""
    name = name.split(".")[0].split("@")[0].replace("-", "_")
    if not name or name in ("C", "POSIX"):
        return ""
    language = name.split("_")[0].lower()
    if language == "zh":
        return "zh_CN"
    if language == "pt":
        return "pt_BR"
    return language if language in LANGUAGES else ""


def system_language() -> str:
    """The system's language for messages, if the game speaks it, else English: on Linux and macOS the
    environment (LANGUAGE's list, LC_ALL, LC_MESSAGES, LANG, as gettext reads them), on Windows the user's
    interface language, on macOS also the first of the user's preferred languages."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        for name in value.split(":"):
            found = match(name)
            if found:
                return found
        if value and variable != "LANGUAGE":
            break  # the first one set decides, as for gettext (LANGUAGE's list only refines it)
    return match(_platform_language()) or ENGLISH


def _platform_language() -> str:
    """The interface language the platform reports outside the environment ("" if none or unknown)."""
    try:
        if sys.platform == "win32":
            import ctypes
            import locale

            ui = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined,unused-ignore]
            return str(locale.windows_locale.get(ui, ""))
        if sys.platform == "darwin":
            import subprocess

            out = subprocess.run(
                ["defaults", "read", "-g", "AppleLanguages"], capture_output=True, text=True, timeout=2, check=False
            ).stdout
            first = next((line.strip(' \t",()') for line in out.splitlines() if line.strip(' \t",()')), "")
            return first
    except Exception:  # any trouble asking: the environment's answer (or English) stands
        return ""
    return ""


# --- the pseudo-language ------------------------------------------------------------------------------------------

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçđéƒĝĥîĵķļɱñöþǫŕšţûvŵxýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛVŴXÝŽ",
)


def pseudo(message: str) -> str:
    """`message` in the pseudo-language: letters accented, 40% longer, in brackets; placeholders ({name}, {0:.3f})
    and key names in angle brackets kept as they are, so the message still formats."""
    out: list[str] = []
    depth = 0
    for ch in message:
        if ch == "{":
            depth += 1
        if depth:
            out.append(ch)
        else:
            out.append(ch.translate(_ACCENTED))
        if ch == "}" and depth:
            depth -= 1
    if not message:
        return message
    extra = max(1, round(len(message) * 0.4))
    if " " not in message.strip():  # a word: a longer word
        return f"[{''.join(out)}{'~' * extra}]"
    # a sentence: more words (of tildes), where a longer language's sentence would have them, so it still wraps
    padding = " ".join("~" * min(5, extra - at) for at in range(0, extra, 6))
    return f"[{''.join(out)} {padding}]"


class _Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
