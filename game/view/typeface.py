"""The game's typeface: Lato (regular, bold, black) from the font-lato package, with pygame's own font as the
fallback when the package is missing. Sizes come from one small type scale, in base pixels that the interface's
factor (scale.py) turns into the pixels drawn; weights are the font's own, never a faux bold.

What Lato lacks is drawn by the next font of a chain that has it (`face_for`): while the game speaks Japanese,
the bundled subset of Noto Sans JP for the kanji (Japan's forms of them: 直, 角, 骨 are drawn otherwise in
China); then the bundled subset of Noto Sans SC (assets/fonts, made by tools/make_assets.py fonts: Chinese,
Japanese kana and kanji, Greek, Cyrillic, Latin Extended), then a font of the system's, looked for on a
thread (fc-list's character sets on Linux, FreeType's glyphs elsewhere) the first time a character none of
ours has shows up; until it is found, or when the system has none, the character is drawn in Lato (as its
box). game/view/text.py cuts a line into runs of one face each."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path
from typing import Any

import pygame

from game import config, language
from game.view import scale

# The type scale: every text in the game is one of these sizes (base pixels: at 100%).
TINY, SMALL, BODY, LARGE, HEADING, TITLE = 12, 14, 16, 20, 28, 40
SIZES = (TINY, SMALL, BODY, LARGE, HEADING, TITLE)

REGULAR, BOLD, BLACK = "regular", "bold", "black"
_FILES = {REGULAR: "Lato-Regular.ttf", BOLD: "Lato-Bold.ttf", BLACK: "Lato-Black.ttf"}

_fonts: dict[tuple[int, str], pygame.font.Font] = {}


def _folder() -> Path | None:
    """Where the Lato files are: the font_lato package's folder, or the one-file build's copy of it."""
    try:
        import font_lato  # the package exposes its folder; importing it reads nothing but a directory listing
    except ImportError:
        return None
    folder = Path(font_lato.font_directory)
    return folder if (folder / _FILES[REGULAR]).is_file() else None


_FOLDER = _folder()


def available() -> bool:
    """True when Lato is there (else pygame's default font stands in)."""
    return _FOLDER is not None


def forget() -> None:
    """Drop cached fonts: they die with pygame.font.quit(), so a new app starts afresh."""
    _fonts.clear()
    _faces.clear()


def font(size: int, weight: str = REGULAR) -> pygame.font.Font:
    """The font at a size of the type scale and a weight, at the interface's factor; each loaded once."""
    pixels = scale.px(size)
    key = (pixels, weight)
    if key not in _fonts:
        if _FOLDER is not None:
            made = pygame.font.Font(_FOLDER / _FILES[weight], pixels)
        else:
            made = pygame.font.Font(None, round(pixels * 1.3))  # pygame's font runs small for its size
            made.bold = weight != REGULAR
        _fonts[key] = made
    return _fonts[key]


# The bundled CJK subset: black uses bold (Noto's black is not bundled).
CJK_FOLDER = config.ASSETS_DIR / "fonts"
_CJK_FILES = {
    REGULAR: "NotoSansSC-Subset-Regular.otf",
    BOLD: "NotoSansSC-Subset-Bold.otf",
    BLACK: "NotoSansSC-Subset-Bold.otf",
}
# The bundled Japanese kanji, the first face of the chain for them while the game speaks Japanese.
_JP_FILES = {
    REGULAR: "NotoSansJP-Subset-Regular.otf",
    BOLD: "NotoSansJP-Subset-Bold.otf",
    BLACK: "NotoSansJP-Subset-Bold.otf",
}
LATO, CJK, JP = "lato", "cjk", "jp"  # the faces of the chain; a system font is named by its file's path

_faces: dict[tuple[str, int, str], pygame.font.Font] = {}
_chosen: dict[str, str] = {}  # character -> LATO, JP or CJK, for the characters one of ours has
_chosen_in: list[int] = [0]  # the language change (game.language.changes) `_chosen` was made in
_system: dict[str, str] = {}  # character -> the system font's file that has it ("": none has it)
_wanted: list[Any] = []  # the queue of characters the thread looks for (made with it: queue is imported then)
_looking: list[threading.Thread] = []
_coverage: dict[str, Any] = {}  # a font file -> its FreeType face, asked which glyphs it has


def cjk_available() -> bool:
    return (CJK_FOLDER / _CJK_FILES[REGULAR]).is_file()


def _own_file(name: str) -> Path:
    if name == LATO:
        return _FOLDER / _FILES[REGULAR] if _FOLDER is not None else Path(pygame.__file__).parent / "freesansbold.ttf"
    return CJK_FOLDER / (_JP_FILES if name == JP else _CJK_FILES)[REGULAR]


def is_ideograph(ch: str) -> bool:
    """A CJK ideograph (hanzi, kanji): what the Japanese face draws otherwise than the Chinese one."""
    code = ord(ch)
    return 0x3400 <= code <= 0x4DBF or 0x4E00 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF


def _has(path: Path | str, ch: str) -> bool:
    """Whether the font file has a glyph for `ch`, as FreeType says (a missing glyph has no metrics)."""
    import pygame.freetype

    face = _coverage.get(str(path))
    try:
        if face is not None:
            return face.get_metrics(ch)[0] is not None
    except pygame.error:  # made before pygame quit (a new app starts it again)
        pass
    pygame.freetype.init()  # (a second init does nothing)
    face = _coverage[str(path)] = pygame.freetype.Font(str(path), 16)
    return face.get_metrics(ch)[0] is not None


def face_for(ch: str) -> str | None:
    """The face of the chain that draws `ch`: LATO, JP, CJK, a system font's path, or None while none is known
    (the caller draws it in Lato: the box). Asks for a system font off the frame when none of ours has it."""
    if _chosen_in[0] != language.changes():  # the kanji go to another face in Japanese
        _chosen.clear()
        _chosen_in[0] = language.changes()
    chosen = _chosen.get(ch)
    if chosen is not None:
        return chosen
    found = _system.get(ch)
    if found is not None:  # none of ours has it: asked of the system already
        return found or None
    if ch < "\x80" or not ch.isprintable() and ch != "\u3000" or _has(_own_file(LATO), ch):
        _chosen[ch] = LATO
        return LATO
    if language.current() == "ja" and is_ideograph(ch) and _has_own(JP, ch):
        _chosen[ch] = JP
        return JP
    if cjk_available() and _has(_own_file(CJK), ch):
        _chosen[ch] = CJK
        return CJK
    _system[ch] = ""  # asked once; the thread writes the answer over it
    look_for_fonts()
    _wanted[0].put(ch)
    return None


def _has_own(name: str, ch: str) -> bool:
    path = _own_file(name)
    return path.is_file() and _has(path, ch)


def face(name: str, size: int, weight: str = REGULAR) -> pygame.font.Font:
    """A face of the chain at a size of the type scale and a weight (a system font has one weight)."""
    if name == LATO:
        return font(size, weight)
    pixels = scale.px(size)
    key = (name, pixels, weight if name in (CJK, JP) else REGULAR)
    made = _faces.get(key)
    if made is None:
        own = {CJK: _CJK_FILES, JP: _JP_FILES}.get(name)
        path = CJK_FOLDER / own[weight] if own is not None else Path(name)
        try:
            made = pygame.font.Font(path, pixels)
        except (OSError, pygame.error):  # a system font pygame cannot draw with (a colour emoji font's bitmaps)
            made = font(size, weight)
        _faces[key] = made
    return made


def look_for_fonts() -> None:
    """Start the thread that finds the system's fonts for characters none of ours has, once."""
    if not _looking:
        import queue  # (not before a character needs it: English never does)

        _wanted.append(queue.SimpleQueue())
        thread = threading.Thread(target=_look, daemon=True, name="system fonts")
        _looking.append(thread)
        thread.start()


def wait_for_fonts(timeout: float = 30.0) -> None:
    """Wait until the characters asked for so far have their answer (for tests and tools, never the frame)."""
    if _looking:
        done = threading.Event()
        _wanted[0].put("")  # a marker: the thread sets `done` when it reaches it
        _markers.append(done)
        done.wait(timeout)


_markers: list[threading.Event] = []

# Fonts likely to have what is wanted, tried first (parts of their file names, lower case): broad sans-serif
# fonts (Latin Extended, Greek, Cyrillic), then CJK ones, then emoji and symbols; any other font after them.
# Among them an upright regular proportional face goes before a mono, serif, bold or slanted one.
PREFERRED = (
    "notosans-",
    "dejavusans.",
    "dejavusans",
    "freesans",
    "liberationsans",
    "arial.",
    "segoeui.",
    "notosanscjk",
    "sourcehansans",
    "droidsansfallback",
    "wqy",
    "msyh",
    "simhei",
    "simsun",
    "msgothic",
    "pingfang",
    "hiragino",
    "arialuni",
    "notocoloremoji",
    "notoemoji",
    "seguiemj",
    "applecoloremoji",
    "symbola",
    "seguisym",
    "unifont",
)
_STYLES = ("mono", "serif", "bold", "italic", "oblique", "condensed", "light", "thin", "black", "math")
_FONT_ENDINGS = (".ttf", ".otf", ".ttc", ".otc")


def _rank(path: str) -> tuple[int, int, str]:
    name = Path(path).name.lower().replace(" ", "")
    styled = sum(style in name for style in _STYLES)
    return styled, next((i for i, part in enumerate(PREFERRED) if part in name), len(PREFERRED)), path


def _fc_charsets() -> list[tuple[str, list[tuple[int, int]]]] | None:
    """Every font file with the ranges of characters it has, as fc-list tells (None: no fc-list here)."""
    if shutil.which("fc-list") is None:
        return None
    import subprocess

    try:
        listing = subprocess.run(
            ["fc-list", "--format", "%{file}\t%{charset}\n"], capture_output=True, text=True, timeout=30
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    fonts: dict[str, list[tuple[int, int]]] = {}
    for line in listing.splitlines():
        path, _tab, charset = line.partition("\t")
        if not path.lower().endswith(_FONT_ENDINGS) or path in fonts:
            continue
        ranges = []
        for part in charset.split():
            first, _dash, last = part.partition("-")
            try:
                ranges.append((int(first, 16), int(last or first, 16)))
            except ValueError:
                continue
        fonts[path] = ranges
    return sorted(fonts.items(), key=lambda item: _rank(item[0]))


def _system_files() -> list[str]:
    """The system's font files as pygame finds them (Windows' registry, macOS' folders), likeliest first."""
    try:
        from pygame import sysfont

        sysfont.initsysfonts()
        paths = {path for styles in sysfont.Sysfonts.values() for path in styles.values()}
    except Exception:  # no font list on this system
        return []
    return sorted((p for p in paths if str(p).lower().endswith(_FONT_ENDINGS)), key=_rank)


def _look() -> None:
    charsets = _fc_charsets()
    files = _system_files() if charsets is None else []
    while True:
        ch = _wanted[0].get()
        if not ch:
            if _markers:
                _markers.pop(0).set()
            continue
        code = ord(ch)
        if charsets is not None:
            candidates = (p for p, ranges in charsets if any(a <= code <= b for a, b in ranges))
        else:
            candidates = (p for p in files if _safe_has(p, ch))
        _system[ch] = next(candidates, "")


def _safe_has(path: str, ch: str) -> bool:
    try:
        return _has(path, ch)
    except Exception:
        return False


def writes(message: str) -> bool:
    """Whether the chain has a glyph for every character of `message` (a character none of its fonts has would
    show as a box). A character only a system font has counts once the thread found that font."""
    return all(face_for(ch) is not None for ch in set(message))
