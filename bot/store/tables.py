"""Whole tables, read and written in either dialect: what `python -m bot store copy` moves
between SQLite and PostgreSQL, and what tests compare. Run by a Store backend like queries.py."""

from __future__ import annotations

from typing import Any

Rows = dict[str, list[tuple[Any, ...]]]

# Parents before children (foreign keys); tables a later migration adds follow, by name.
ORDER = (
    "games",
    "seats",
    "actions",
    "rolls",
    "snapshots",
    "deadlines",
    "outbox",
    "notices",
    "user_locales",
)
NOT_COPIED = {"bench_rows", "schema_migrations"}


def _pg(c: Any) -> bool:
    return getattr(c, "dialect", "sqlite") == "postgres"


def tables(c: Any) -> list[str]:
    if _pg(c):
        names = [
            r[0]
            for r in c.execute(
                "SELECT table_name FROM information_schema.tables"
                " WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
            ).fetchall()
        ]
    else:
        names = [
            r[0]
            for r in c.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            ).fetchall()
        ]
    found = [n for n in names if n not in NOT_COPIED]
    return [t for t in ORDER if t in found] + sorted(t for t in found if t not in ORDER)


def columns(c: Any, table: str) -> list[str]:
    if _pg(c):
        rows = c.execute(
            "SELECT column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
            (table,),
        ).fetchall()
        return [r[0] for r in rows]
    return [r[1] for r in c.execute(f"PRAGMA table_info({table})").fetchall()]


def all_rows(c: Any) -> Rows:
    """Every row of every table, columns by name (sorted), rows sorted: comparable across
    dialects (the same migrations give the same columns in either)."""
    out: Rows = {}
    for table in tables(c):
        cols = sorted(columns(c, table))
        rows = c.execute(f"SELECT {', '.join(cols)} FROM {table}").fetchall()
        out[table] = sorted((tuple(_plain(v) for v in r) for r in rows), key=repr)
    return out


def insert_rows(c: Any, rows: Rows) -> None:
    """Write ``all_rows`` of another database into this one, which must have no games yet."""
    present = tables(c)
    if c.execute("SELECT COUNT(*) FROM games").fetchone()[0]:
        raise RuntimeError("the destination already holds games")
    missing = [t for t in rows if t not in present]
    if missing:
        raise RuntimeError(f"the destination has no table {missing} (is it migrated?)")
    for table in [t for t in present if t in rows]:
        cols = sorted(columns(c, table))
        if not rows[table]:
            continue
        marks = ", ".join("?" * len(cols))
        c.executemany(f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({marks})", rows[table])
    if _pg(c):
        # Ids copied as they were: move each identity past the highest, as SQLite does itself.
        for table, column in c.execute(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND is_identity = 'YES'"
        ).fetchall():
            if rows.get(table):
                c.execute(
                    f"SELECT setval(pg_get_serial_sequence(?, ?), (SELECT MAX({column})"
                    f" FROM {table}))",
                    (table, column),
                ).fetchall()


def _plain(value: Any) -> Any:
    return bytes(value) if isinstance(value, memoryview) else value


def size_bytes(c: Any) -> int:
    """The database's size on disk (PostgreSQL: this schema's tables with indexes and TOAST)."""
    if _pg(c):
        row = c.execute(
            "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) FROM pg_class c"
            " JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE n.nspname = current_schema() AND c.relkind = 'r'"
        ).fetchone()
        return int(row[0])
    pages = c.execute("PRAGMA page_count").fetchone()[0]
    return int(pages) * int(c.execute("PRAGMA page_size").fetchone()[0])
