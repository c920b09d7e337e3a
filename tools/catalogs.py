"""The message catalogs (game/locale/), kept with Babel: a translator's commands.

    python tools/catalogs.py extract    # game/locale/messages.pot from the code, then every .po updated from it
    python tools/catalogs.py compile    # every .po compiled to the .mo beside it (the game reads the .mo)
    python tools/catalogs.py check      # what a translator has left: untranslated or fuzzy messages per language
    python tools/catalogs.py new CODE   # a catalog for a new language (add it to game.language.LANGUAGES too)

The .mo files are committed, so the README's two commands are all a player needs (no build step, and no Babel at
run time); tests/test_catalogs.py fails when a .mo does not match its .po. Babel is a developer's dependency
(requirements-dev.txt)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
TEMPLATE = LOCALE / "messages.pot"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}


def extract_lessons(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor for lessons.json: each lesson's title and teaching line (the line number is the
    lesson's place in the list, a JSON file keeping no lines of its own)."""
    for number, lesson in enumerate(json.loads(fileobj.read().decode("utf-8")), 1):
        for key in ("title", "teach"):
            if isinstance(lesson.get(key), str):
                yield number, "_", lesson[key], [f"lesson {lesson.get('key', number)}: {key}"]


def _catalogs() -> list[Path]:
    return sorted(LOCALE.glob("*/LC_MESSAGES/messages.po"))


def template() -> Any:
    """The template catalog of every message the code (and the lessons) says, as Babel extracts it."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with open(ROOT / "babel.cfg", encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file)
    catalog = Catalog(project="Minesweeper", msgid_bugs_address="", charset="utf-8")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))  # babel.cfg's lessons extractor is tools.catalogs
    for filename, lineno, message, comments, context in extract_from_dir(
        ROOT, method_map, options_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def extract() -> None:
    from babel.messages.pofile import write_po

    made = template()
    with open(TEMPLATE, "wb") as file:
        write_po(file, made, width=120, omit_header=False, sort_output=False, no_location=False)
    for path in _catalogs():
        _update(path, made)
    print(f"{len(made)} messages in {TEMPLATE.relative_to(ROOT)}")


def _update(path: Path, template: Any) -> None:
    from babel.messages.pofile import read_po, write_po

    with open(path, "rb") as file:
        catalog = read_po(file)
    catalog.update(template, no_fuzzy_matching=False)
    catalog.obsolete.clear()  # messages the code no longer says: kept in git's history, not in the file
    with open(path, "wb") as file:
        write_po(file, catalog, width=120)


def compile_all() -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for path in _catalogs():
        with open(path, "rb") as file:
            catalog = read_po(file)
        with open(path.with_suffix(".mo"), "wb") as file:
            write_mo(file, catalog, use_fuzzy=False)
        print(f"compiled {path.relative_to(ROOT)}")


def check() -> int:
    from babel.messages.pofile import read_po

    left = 0
    for path in _catalogs():
        with open(path, "rb") as file:
            catalog = read_po(file)
        messages = [m for m in catalog if m.id]
        todo = [m for m in messages if not m.string or (isinstance(m.string, tuple) and not all(m.string))]
        fuzzy = [m for m in messages if m.fuzzy]
        left += len(todo) + len(fuzzy)
        print(f"{path.parent.parent.name}: {len(messages)} messages, {len(todo)} untranslated, {len(fuzzy)} fuzzy")
    return 1 if left else 0


def new(code: str) -> None:
    from babel.core import Locale
    from babel.messages.pofile import read_po, write_po

    with open(TEMPLATE, "rb") as file:
        template = read_po(file)
    template.locale = Locale.parse(code)
    path = LOCALE / code / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as file:
        write_po(file, template, width=120)
    print(f"made {path.relative_to(ROOT)}")


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else ""
    if command == "extract":
        extract()
    elif command == "compile":
        compile_all()
    elif command == "check":
        return check()
    elif command == "new" and len(argv) == 3:
        new(argv[2])
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
