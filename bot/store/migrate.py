"""Numbered migrations, tracked with PRAGMA user_version."""

from __future__ import annotations

import re
import sqlite3
from importlib import resources

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def migrations() -> list[tuple[int, str, str]]:
    """(number, name, sql) for every migration file, in order, numbered 1..N without gaps."""
    found = []
    for entry in resources.files("bot.store.migrations").iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text("utf-8")))
    found.sort()
    numbers = [n for n, _, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 1..N without gaps, found {numbers}")
    return found


def latest_version() -> int:
    return len(migrations())


def migrate(conn: sqlite3.Connection, target: int | None = None) -> int:
    """Apply every migration above the file's user_version (up to ``target``), each in its own
    transaction together with the version bump, so a crash never leaves half a migration."""
    current = conn.execute("PRAGMA user_version").fetchone()[0]
    for number, name, sql in migrations():
        if number <= current or (target is not None and number > target):
            continue
        try:
            conn.execute("BEGIN IMMEDIATE")
            for statement in _statements(sql):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {number}")
            conn.execute("COMMIT")
        except Exception as exc:
            conn.execute("ROLLBACK")
            raise RuntimeError(f"migration {name} failed: {exc}") from exc
        current = number
    return int(current)


def _statements(sql: str) -> list[str]:
    # executescript would commit on its own; split so the version bump shares the transaction.
    statements, buffer = [], ""
    for line in sql.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip() and not all(
        part.strip().startswith("--") for part in buffer.splitlines() if part.strip()
    ):
        raise RuntimeError(f"incomplete SQL statement at the end: {buffer.strip()[:80]}")
    return statements
