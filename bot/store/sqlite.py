"""The SQLite backend: one file in WAL mode, one aiosqlite connection (its own thread)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.store.base import Store, sqlite_path
from bot.store.migrate import migrate

T = TypeVar("T")


class SqliteStore(Store):
    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self.path = path
        self.target = path

    @classmethod
    async def open(cls, target: str | Path, **options: Any) -> SqliteStore:
        """``busy_timeout_ms`` (default 5000): how long a write waits for another process's."""
        busy_timeout_ms = int(options.get("busy_timeout_ms", 5000))
        path = sqlite_path(target)
        conn = await aiosqlite.connect(path, isolation_level=None)
        store = cls(conn, path)
        try:
            await store._run(lambda c: _configure(c, busy_timeout_ms))
            before = await store.user_version()
            await store._run(migrate)
            if 0 < before < COMPACTED <= await store.user_version():
                # That migration dropped the bodies of delivered messages: give the space back.
                await store._run(_vacuum)
        except BaseException:
            await conn.close()  # its worker thread is not a daemon: left open, the process hangs
            raise
        return store

    async def close(self) -> None:
        await self._conn.close()

    async def _run(self, fn: Callable[[Any], T]) -> T:
        # aiosqlite runs callables on its connection thread in order; its public API offers no
        # way to run several statements as one call, so we use the same internal it uses.
        return await self._conn._execute(fn, self._conn._conn)

    def _tx(self, conn: Any, body: Callable[[], T]) -> T:
        conn.execute("BEGIN IMMEDIATE")
        try:
            result = body()
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        return result

    async def checkpoint(self) -> None:
        """Fold the WAL into the database outside any submission (automatic checkpoints would
        otherwise run inside whichever commit crosses the threshold)."""
        await self._run(lambda c: c.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall())

    async def user_version(self) -> int:
        return await self._run(lambda c: int(c.execute("PRAGMA user_version").fetchone()[0]))


COMPACTED = 5
"""The migration that shrinks what older versions stored (0005_compact_outbox.sql)."""


def _vacuum(conn: sqlite3.Connection) -> None:
    conn.execute("VACUUM")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _configure(conn: sqlite3.Connection, busy_timeout_ms: int) -> None:
    conn.execute("PRAGMA journal_mode = WAL")
    # NORMAL in WAL mode survives a killed process (not a power cut) without an fsync per commit.
    conn.execute("PRAGMA synchronous = NORMAL")
    # The referee's tick checkpoints; this large threshold is only a safety net.
    conn.execute("PRAGMA wal_autocheckpoint = 20000")
    conn.execute("PRAGMA foreign_keys = ON")
    # 32 MB of page cache (the default is 2 MB): the games, seats and lookup indexes of tens of
    # thousands of games stay in memory, so the lookups every interaction makes stay flat.
    conn.execute("PRAGMA cache_size = -32000")
    conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
