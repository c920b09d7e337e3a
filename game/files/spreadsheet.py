"""The records exported as a CSV file spreadsheets read: every game of every board and its figures, a row each
under a header row, UTF-8 with a byte order mark (so Excel reads it as UTF-8), ISO dates, dot decimals. A new
file each time, in the records folder's exports/, never over another nor through a link."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from game.files.export import _write_new
from game.store.history import SHEET_COLUMNS

EXPORTS_FOLDER = "exports"
DECIMALS = 3  # a time to the millisecond; 3BV/s, IOE and STNB as Records shows them


def cell(value: Any) -> str:
    """A value as the file writes it: nothing for None, a float with a dot and DECIMALS places (never the
    exponent form spreadsheets may misread), anything else as str() says."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.{DECIMALS}f}"
    return str(value)


def csv_text(rows: Sequence[Sequence[Any]]) -> str:
    """The file's text: the header, then each row (SHEET_COLUMNS' values), lines ended as RFC 4180 says."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(SHEET_COLUMNS)
    writer.writerows([cell(value) for value in row] for row in rows)
    return out.getvalue()


def export_csv(rows: Sequence[Sequence[Any]], folder: Path) -> Path:
    """Write the rows as a new CSV file in `folder` (made if needed) and return its path; OSError if it
    cannot be."""
    folder.mkdir(parents=True, exist_ok=True)
    data = csv_text(rows).encode("utf-8-sig")
    return _write_new(folder, f"records_{datetime.now():%Y-%m-%d_%H%M%S}", "csv", data)
