"""Numbered migrations, in two dialects: ``migrations/NNNN_name.sql`` for SQLite (tracked with
PRAGMA user_version) and ``migrations/postgres/NNNN_name.sql`` for PostgreSQL, the same numbers
and names (tracked in schema_migrations, applied under an advisory lock so that processes
starting together migrate once)."""

from __future__ import annotations

import re
import sqlite3
from importlib import resources
from typing import Any

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
DIALECTS = ("sqlite", "postgres")
MIGRATE_LOCK = 0x52454631  # pg_advisory_lock key of the migrations ("REF1")


def migrations(dialect: str = "sqlite") -> list[tuple[int, str, str]]:
    """(number, name, sql) for every migration file, in order, numbered 1..N without gaps."""
    if dialect not in DIALECTS:
        raise ValueError(f"unknown dialect {dialect!r}")
    folder = resources.files("bot.store.migrations")
    if dialect == "postgres":
        folder = folder.joinpath("postgres")
    found = []
    for entry in folder.iterdir():
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


def migrate_postgres(conn: Any, target: int | None = None) -> int:
    """The same for PostgreSQL on a PgConn (autocommit). A session advisory lock makes processes
    that start together take turns: the first migrates, the others find nothing left to do."""
    conn.execute("SELECT pg_advisory_lock(?)", (MIGRATE_LOCK,)).fetchall()
    try:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY,"
            " name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        current = postgres_version(conn)
        for number, name, sql in migrations("postgres"):
            if number <= current or (target is not None and number > target):
                continue
            try:
                conn.execute("BEGIN")
                for statement in _statements(sql):
                    conn.execute(statement)
                conn.execute(
                    "INSERT INTO schema_migrations (version, name) VALUES (?, ?)", (number, name)
                )
                conn.execute("COMMIT")
            except Exception as exc:
                conn.execute("ROLLBACK")
                raise RuntimeError(f"migration {name} failed: {exc}") from exc
            current = number
        return current
    finally:
        conn.execute("SELECT pg_advisory_unlock(?)", (MIGRATE_LOCK,)).fetchall()


def postgres_version(conn: Any) -> int:
    row = conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()
    return int(row[0])


def _statements(sql: str) -> list[str]:
    # executescript would commit on its own; split so the version bump shares the transaction.
    # The migrations use no dollar quoting, so SQLite's statement splitter suits both dialects.
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
