"""Copies of a live database with SQLite's online backup API: consistent while the bot runs
(WAL readers and a writer included), without a `sqlite3` shell (the image has none)."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def backup(source: Path, target: Path) -> int:
    """Copy ``source`` into ``target`` (replaced if it exists). Returns the pages copied.
    The source is opened read-only, so a wrong path never creates an empty database."""
    if source.resolve() == target.resolve():
        raise ValueError("the backup would overwrite its own source")
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
    try:
        dest = sqlite3.connect(target)
        try:
            src.backup(dest)
            (pages,) = dest.execute("PRAGMA page_count").fetchone()
            # A plain file to copy back: no -wal beside it.
            dest.execute("PRAGMA journal_mode = DELETE")
        finally:
            dest.close()
    finally:
        src.close()
    return int(pages)
