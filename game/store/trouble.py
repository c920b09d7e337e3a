"""What went wrong with the records file, in words that say what to do about it: another program
holding it, a read-only file, a read-only folder, a folder where the file should be, a full disk."""

from __future__ import annotations

import errno
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

from game.language import N_, _

MAX_PATH = 512  # SQLite's longest file name on Unix (MAX_PATHNAME), terminating zero included
MAX_WORDS = 240  # an error's own text can quote anything; a notice stays a line or two

# SQLite's primary result codes (sqlite3 names them only from Python 3.11; the numbers never change).
ERROR, PERM, BUSY, LOCKED, NOMEM, READONLY, INTERRUPT, IOERR, CORRUPT = 1, 3, 5, 6, 7, 8, 9, 10, 11
FULL, CANTOPEN, PROTOCOL, NOLFS, AUTH, NOTADB = 13, 14, 15, 22, 23, 26
# Before Python 3.11 an error carries only its message: SQLite's own wording for each code.
MESSAGES = {
    "database is locked": BUSY,
    "database table is locked": LOCKED,
    "database or disk is full": FULL,
    "attempt to write a readonly database": READONLY,
    "unable to open database file": CANTOPEN,
    "disk I/O error": IOERR,
    "database disk image is malformed": CORRUPT,
    "file is not a database": NOTADB,
}


def code(error: BaseException) -> int:
    """The primary SQLite result code of an error (0 when it is not SQLite's)."""
    if isinstance(error, UnicodeDecodeError):
        # SQLite's message quoted damaged bytes of the file (a name in its schema), which would not decode
        return CORRUPT
    number = getattr(error, "sqlite_errorcode", None)
    if isinstance(number, int):
        return number & 0xFF
    return next((c for words, c in MESSAGES.items() if str(error).startswith(words)), 0)


# Errors a write may meet that say nothing against the write itself: it is kept and tried again (a damaged
# file too: its writes wait in the journal for the next start, which sets the file aside and makes them).
PASSING = {BUSY, LOCKED, FULL, IOERR, READONLY, CANTOPEN, PROTOCOL, NOMEM, INTERRUPT, PERM, AUTH, CORRUPT, NOTADB}
PASSING.add(NOLFS)


def passing(error: BaseException) -> bool:
    """Whether a write that met `error` should be kept and tried again (else it can never be made: a
    constraint, a value too big, SQL this file does not understand)."""
    return isinstance(error, OSError) or code(error) in PASSING or not isinstance(error, sqlite3.Error)


def waiting_helps(error: BaseException) -> bool:
    """Whether the same open may work later without anyone doing anything: a lock, a full disk."""
    return code(error) in (BUSY, LOCKED, FULL) or (isinstance(error, OSError) and error.errno == errno.ENOSPC)


def words(error: BaseException, path: Path) -> str:
    """One clause for `error` met on the records file at `path`, in the language in effect (a notice's words:
    never a log line's)."""
    met = code(error)
    folder = path.parent
    values: dict[str, object] = {"folder": folder, "path": path, "error": error}
    if met in (BUSY, LOCKED):
        # TRANSLATORS: a clause inside a notice such as "Records busy: {why}."
        said = N_("another program is holding the records file (it is locked)")
    elif met == FULL or (isinstance(error, OSError) and error.errno == errno.ENOSPC):
        said = N_("the disk holding {folder} is full")
    elif path.is_dir():
        said = N_("{path} is a folder, where the records file should be")
    elif met == CANTOPEN and len(os.fsencode(path.absolute())) >= MAX_PATH:
        values |= {"length": len(os.fsencode(path.absolute())), "most": MAX_PATH - 1}
        said = N_(
            "the records folder's path is too long for SQLite ({length} characters with the file's name; it takes "
            "{most} at most): set MINESWEEPER_HOME to a shorter one"
        )
    elif met in (READONLY, CANTOPEN, PERM) or isinstance(error, PermissionError):
        if path.exists() and not os.access(path, os.W_OK):
            said = N_("the records file {path} is read-only")
        elif not os.access(folder, os.W_OK):
            said = N_("cannot write to the folder {folder}")
        else:
            said = N_("cannot write to {path} ({error})")
    elif met == IOERR:
        said = N_("the disk failed while writing {path} ({error})")
    elif met in (CORRUPT, NOTADB):
        said = N_("the records file {path} is damaged")
    else:
        return bounded(f"{error}")  # SQLite's own words
    # The case is chosen now (it looks at the disk); the words are made again in the language of the moment.
    return Told(lambda: bounded(_(said).format(**values)))


class Told(str):
    """Words for the player, made now in the language in effect, that can be made again later (`again`) in the
    language in effect then: a notice the records make as they open, before the player's language is known
    (it is one of the settings they hold), or on the writer's thread. `say` makes the words (it calls `_`)."""

    say: Callable[[], str]

    def __new__(cls, say: Callable[[], str]) -> Told:
        told = super().__new__(cls, say())
        told.say = say
        return told


def again(text: str) -> str:
    """`text` in the language in effect now, when it was Told; else as it is."""
    return text.say() if isinstance(text, Told) else text


def bounded(text: str, most: int = MAX_WORDS) -> str:
    """`text` cut to `most` characters, with an ellipsis when cut."""
    return text if len(text) <= most else text[: most - 1] + "\u2026"
