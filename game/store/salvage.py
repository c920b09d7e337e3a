"""What can still be read from a damaged records file, copied into the new one that replaces it.

Like SQLite's own recovery, but with Python's sqlite3 alone: each table of the schema is read in rowid order,
row by row; where a read fails (a damaged page, a value that will not decode), reading starts again past it,
and what cannot be read is skipped. The damaged schema itself is read with `writable_schema`, under which
SQLite does not refuse a file whose schema it cannot parse. The file set aside is read from a copy, so that it
stays as it was found, for a person to look at.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from game.language import ngettext

log = logging.getLogger(__name__)

MAX_SKIPS = 48  # jumps past unreadable rows per table: past any rowid a file of ours holds (2**47)
READ = (sqlite3.Error, ValueError, OverflowError, MemoryError, RecursionError)  # a damaged file may raise any


class Salvaged(NamedTuple):
    games: int = 0
    others: int = 0  # settings, what was learnt, the saved game
    skipped: int = 0  # places where reading failed and started again past them

    def words(self) -> str:
        kept = f"{self.games} game{'s' if self.games != 1 else ''}"
        return f"{kept} and {self.others} other entr{'ies' if self.others != 1 else 'y'} were kept"

    def told(self) -> tuple[str, str]:
        """What was kept as a player reads it, in the language in effect: "12 games", "3 other entries"."""
        games = ngettext("{count} game", "{count} games", self.games).format(count=self.games)
        others = ngettext("{count} other entry", "{count} other entries", self.others).format(count=self.others)
        return games, others


def salvage(damaged: Path, into: sqlite3.Connection) -> Salvaged:
    """Copy what can be read from the file at `damaged` (and its log) into `into`, an open, new, empty records
    file, in one transaction. Never raises for the damaged file's sake."""
    with tempfile.TemporaryDirectory(prefix="salvage-", dir=damaged.parent) as folder:
        copy = Path(folder) / "damaged.db"
        try:
            shutil.copyfile(damaged, copy)
            log_file = damaged.with_name(damaged.name + "-wal")
            if log_file.is_file():
                shutil.copyfile(log_file, copy.with_name(copy.name + "-wal"))
        except OSError as error:
            log.warning("cannot copy %s to read what is left in it: %s", damaged.name, error)
            return Salvaged()
        try:
            _mend_schema(copy, into)
            old = sqlite3.connect(copy, isolation_level=None)
        except READ as error:
            log.warning("cannot open %s to read what is left in it: %s", damaged.name, error)
            return Salvaged()
        try:
            return _copy_tables(old, into)
        finally:
            old.close()


def _mend_schema(copy: Path, into: sqlite3.Connection) -> None:
    """Where a table's entry in the damaged schema cannot be read (its name or its statement damaged), write
    ours over it in the copy, so its rows can be: a table's statement only says how to read its pages, which
    stay where the entry says (its root page). An entry whose root page is damaged is beyond this."""
    ours = dict(into.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'").fetchall())
    old = sqlite3.connect(copy, isolation_level=None)
    try:
        old.text_factory = lambda raw: raw.decode("utf-8", "replace")
        old.execute("PRAGMA writable_schema = ON")
        entries = old.execute("SELECT rowid, type, name, tbl_name, rootpage, sql FROM sqlite_master").fetchall()
        for table, statement in ours.items():
            try:
                old.execute(f"SELECT 1 FROM {table} LIMIT 0")
                continue
            except READ:
                pass
            for rowid, _, name, tbl_name, rootpage, sql in entries:
                named = table in (name, tbl_name) or f"TABLE {table} " in str(sql) or f"TABLE {table}(" in str(sql)
                if named and type(rootpage) is int and rootpage > 1:
                    old.execute(
                        "UPDATE sqlite_master SET type = 'table', name = ?, tbl_name = ?, sql = ? WHERE rowid = ?",
                        (table, table, statement, rowid),
                    )
                    log.warning("the damaged schema's entry for %s was mended to read its rows", table)
                    break
    except READ as error:
        log.warning("the damaged schema could not be mended: %s", error)
    finally:
        old.close()


def _copy_tables(old: sqlite3.Connection, into: sqlite3.Connection) -> Salvaged:
    old.text_factory = lambda raw: raw.decode("utf-8", "replace")
    try:
        old.execute("PRAGMA writable_schema = ON")  # read past a schema SQLite cannot parse
        old.execute("PRAGMA query_only = ON")
    except READ as error:
        log.warning("the damaged file will not be read: %s", error)
        return Salvaged()
    tables = [name for (name,) in into.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    games = others = skipped = 0
    into.execute("BEGIN IMMEDIATE")
    try:
        for table in tables:
            columns = [row[1] for row in into.execute(f"PRAGMA table_info({table})")]
            skips: list[int] = []
            for names, row in _rows(old, table, skips):
                values = {name: value for name, value in zip(names, row) if name in columns}
                if table == "resume":
                    values["claimed_by"] = None  # whoever played it is gone: the file was set aside
                if not values:
                    continue
                try:
                    into.execute(
                        f"INSERT OR IGNORE INTO {table} ({', '.join(values)}) VALUES ({', '.join('?' * len(values))})",
                        list(values.values()),
                    )
                except (sqlite3.Error, ValueError, OverflowError):
                    skipped += 1
                    continue
                if table == "games":
                    games += 1
                elif table != "made":
                    others += 1
            skipped += len(skips)
        into.execute("COMMIT")
    except BaseException:
        into.execute("ROLLBACK")
        raise
    return Salvaged(games, others, skipped)


def _rows(old: sqlite3.Connection, table: str, skips: list[int]) -> Iterator[tuple[list[str], tuple[Any, ...]]]:
    """(column names, the row) for each row of `table` that can be read, in rowid order; each rowid where
    reading failed and started again further on is added to `skips`."""
    after = -(2**63)
    step = 1
    for _ in range(MAX_SKIPS):
        try:
            cursor = old.execute(f"SELECT rowid, * FROM {table} WHERE rowid > ? ORDER BY rowid", (after,))
            names = [column[0] for column in cursor.description][1:]
            while True:
                row = cursor.fetchone()
                if row is None:
                    return
                after, step = row[0], 1
                yield names, row[1:]
        except READ as error:
            if isinstance(error, sqlite3.Error) and "no such table" in str(error):
                return
            skips.append(after)
            if after == -(2**63):
                after = 0
            after, step = after + step, step * 2
