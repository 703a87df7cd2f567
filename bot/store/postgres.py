"""The PostgreSQL backend, for several bot processes sharing one database.

Driver: psycopg 3, used synchronously on worker threads. Why not an asyncio driver (asyncpg):
the store's SQL is written once, as synchronous functions on a DB-API connection
(``queries.py``) that the SQLite backend already runs on aiosqlite's thread; psycopg's
synchronous connection runs those very functions on PostgreSQL, so no statement exists twice.
Each "lane" is a thread with its own connection; an operation takes a free lane for one
transaction (one thread hop, as on SQLite), so several games' transactions run in parallel.

Across processes: a game has one writer at a time through a session advisory lock held by a
separate lane for the whole read-decide-commit (``game_lock``); commits also lock the game's
row and check its version; the outbox is leased (``claim``); migrations run under a lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from bot.store.base import Store
from bot.store.migrate import migrate_postgres, postgres_version

T = TypeVar("T")
GAME_LOCK_SPACE = 0x52454632  # first half of the advisory key of a game's writer lock ("REF2")


class PgConn:
    """A psycopg connection speaking the store's SQL: ``?`` placeholders, sqlite3-like calls."""

    dialect = "postgres"

    def __init__(self, raw: Any) -> None:
        self.raw = raw
        self._sql: dict[str, str] = {}

    def _translate(self, sql: str) -> str:
        done = self._sql.get(sql)
        if done is None:
            done = self._sql[sql] = sql.replace("%", "%%").replace("?", "%s")
        return done

    def execute(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> Any:
        cur = self.raw.cursor()
        cur.execute(self._translate(sql), tuple(params))
        return cur

    def executemany(self, sql: str, rows: list[tuple[Any, ...]]) -> Any:
        cur = self.raw.cursor()
        if rows:
            cur.executemany(self._translate(sql), rows)
        return cur


class _Lane:
    """One thread and its connection, (re)connected on first use."""

    def __init__(self, dsn: str, name: str) -> None:
        self.dsn = dsn
        self.executor = ThreadPoolExecutor(1, thread_name_prefix=name)
        self.conn: PgConn | None = None

    def call(self, fn: Callable[[PgConn], T]) -> T:
        import psycopg

        if self.conn is None or self.conn.raw.closed or self.conn.raw.broken:
            self.conn = PgConn(psycopg.connect(self.dsn, autocommit=True))
        return fn(self.conn)

    def reset(self) -> None:
        """Close the connection: its session locks are released with it."""
        if self.conn is not None:
            with contextlib.suppress(Exception):
                self.conn.raw.close()
            self.conn = None

    def shutdown(self) -> None:
        self.executor.submit(self.reset).result()
        self.executor.shutdown(wait=True)


class PostgresStore(Store):
    dialect = "postgres"

    def __init__(self, dsn: str, lanes: int, lock_lanes: int) -> None:
        self.target = dsn
        self._closed = False
        self._lanes = [_Lane(dsn, f"pg-{i}") for i in range(lanes)]
        self._free: asyncio.Queue[_Lane] = asyncio.Queue()
        self._lock_lanes = [_Lane(dsn, f"pg-lock-{i}") for i in range(lock_lanes)]
        self._free_locks: asyncio.Queue[_Lane] = asyncio.Queue()
        for lane in self._lanes:
            self._free.put_nowait(lane)
        for lane in self._lock_lanes:
            self._free_locks.put_nowait(lane)

    @classmethod
    async def open(cls, target: str | Path, **options: Any) -> PostgresStore:
        """``lanes``: connections for transactions (default REFEREE_DATABASE_LANES or 4);
        ``lock_lanes`` (default 8): connections holding games' writer locks."""
        lanes, lock_lanes = options.get("lanes"), int(options.get("lock_lanes", 8))
        try:
            import psycopg  # noqa: F401
        except ImportError as exc:  # pragma: no cover - depends on the installation
            raise RuntimeError(
                "a postgresql:// database needs the optional driver: pip install "
                "'wargame-referee[postgres]'"
            ) from exc
        workers = lanes or int(os.environ.get("REFEREE_DATABASE_LANES", "4"))
        store = cls(str(target), max(1, workers), max(1, lock_lanes))
        try:
            await store._run(migrate_postgres)
        except BaseException:
            await store.close()
            raise
        return store

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        loop = asyncio.get_running_loop()
        for lane in [*self._lanes, *self._lock_lanes]:
            await loop.run_in_executor(None, lane.shutdown)

    async def _run(self, fn: Callable[[Any], T]) -> T:
        lane = await self._free.get()
        try:
            # A cancelled caller leaves the call running on the lane's one thread: the next
            # operation queues behind it, never interleaves with it.
            return await asyncio.get_running_loop().run_in_executor(lane.executor, lane.call, fn)
        finally:
            self._free.put_nowait(lane)

    def _tx(self, conn: Any, body: Callable[[], T]) -> T:
        conn.execute("BEGIN")
        try:
            result = body()
        except BaseException:
            _rollback(conn)
            raise
        conn.execute("COMMIT")
        return result

    def _read_tx(self, conn: Any, body: Callable[[], T]) -> T:
        # Several statements (a game, its log, its seats) see one snapshot.
        conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        try:
            result = body()
        except BaseException:
            _rollback(conn)
            raise
        conn.execute("COMMIT")
        return result

    async def user_version(self) -> int:
        return await self._run(postgres_version)

    @contextlib.asynccontextmanager
    async def game_lock(self, game_id: str) -> AsyncIterator[None]:
        """The game's writer lock across processes: a session advisory lock on a lane of its
        own, held from the first read to the commit. A process that dies loses its session,
        and with it the lock."""
        key = game_lock_key(game_id)
        lane = await self._free_locks.get()
        loop = asyncio.get_running_loop()

        def take(c: PgConn) -> None:
            c.execute("SELECT pg_advisory_lock(?, ?)", (GAME_LOCK_SPACE, key)).fetchall()

        def give(c: PgConn) -> None:
            c.execute("SELECT pg_advisory_unlock(?, ?)", (GAME_LOCK_SPACE, key)).fetchall()

        acquiring = loop.run_in_executor(lane.executor, lane.call, take)
        try:
            await asyncio.shield(acquiring)
        except BaseException:
            # Cancelled (or failed) while waiting: once the lock call returns, drop the session
            # (which releases the lock if it was granted), then free the lane.
            loop.run_in_executor(lane.executor, lane.reset).add_done_callback(
                lambda _: self._free_locks.put_nowait(lane)
            )
            raise
        try:
            yield
        finally:
            try:
                await asyncio.shield(loop.run_in_executor(lane.executor, lane.call, give))
            except BaseException:
                loop.run_in_executor(lane.executor, lane.reset)
                raise
            finally:
                self._free_locks.put_nowait(lane)


def game_lock_key(game_id: str) -> int:
    """A stable signed 32-bit key for a game id (the second half of the advisory key)."""
    return int.from_bytes(hashlib.sha256(game_id.encode()).digest()[:4], "big", signed=True)


def _rollback(conn: Any) -> None:
    with contextlib.suppress(Exception):  # a broken connection has nothing to roll back
        conn.execute("ROLLBACK")


def scratch_schema(url: str, name: str) -> str:
    """A new empty schema ``name`` in the database at ``url``, and the URL that uses it (its
    search_path): a database of its own for a benchmark or a test, without CREATE DATABASE."""
    import psycopg

    if not name.replace("_", "").isalnum():
        raise ValueError(f"not a schema name: {name!r}")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{name}"')
    joiner = "&" if "?" in url else "?"
    return f"{url}{joiner}options=-csearch_path%3D{name}"


def drop_schema(url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
