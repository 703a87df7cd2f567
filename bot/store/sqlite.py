"""The SQLite store. Each public method is one transaction, run as a single function on
aiosqlite's worker thread: one thread hop per operation, and no other coroutine can ever
interleave statements into it."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.store import queries as q
from bot.store.migrate import migrate
from bot.store.records import (
    Commit,
    Deadline,
    GameRecord,
    GameStatus,
    LoadedGame,
    LogEntry,
    OutboxMessage,
)

T = TypeVar("T")


class StaleVersion(Exception):
    """The game moved on since the caller loaded it."""


class Store:
    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self.path = path

    @classmethod
    async def open(cls, path: str | Path, *, busy_timeout_ms: int = 5000) -> Store:
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        store = cls(conn, str(path))
        try:
            await store._run(lambda c: _configure(c, busy_timeout_ms))
            await store._run(migrate)
        except BaseException:
            await conn.close()  # its worker thread is not a daemon: left open, the process hangs
            raise
        return store

    async def close(self) -> None:
        await self._conn.close()

    async def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        # aiosqlite runs callables on its connection thread in order; its public API offers no
        # way to run several statements as one call, so we use the same internal it uses.
        return await self._conn._execute(fn, self._conn._conn)  # type: ignore[no-any-return]

    # --- games and seats ----------------------------------------------------------------
    async def create_game(self, record: GameRecord) -> None:
        await self._run(lambda c: _tx(c, lambda: q.insert_game(c, record)))

    async def game(self, game_id: str) -> GameRecord | None:
        return await self._run(lambda c: q.select_game(c, game_id))

    async def games(
        self,
        guild_id: str | None = None,
        statuses: tuple[GameStatus, ...] | None = None,
        *,
        newest: int | None = None,
    ) -> list[GameRecord]:
        """Oldest first; ``newest`` keeps only that many of the newest."""
        return await self._run(lambda c: q.select_games(c, guild_id, statuses, newest))

    async def game_by_thread(self, thread_id: str) -> GameRecord | None:
        """The game whose thread this is (indexed: flat with the number of games)."""
        return await self._run(lambda c: q.select_game_by_thread(c, thread_id))

    async def game_context(
        self, game_id: str
    ) -> tuple[GameRecord | None, dict[str, str], list[Deadline]]:
        """A game, its seats and its deadlines in one trip (what every click needs first)."""

        def read(c: sqlite3.Connection) -> tuple[GameRecord | None, dict[str, str], list[Deadline]]:
            record = q.select_game(c, game_id)
            if record is None:
                return None, {}, []
            return record, q.select_seats(c, game_id), q.select_deadlines(c, game_id)

        return await self._run(read)

    async def user_contexts(
        self, user_id: str, statuses: tuple[GameStatus, ...]
    ) -> list[tuple[GameRecord, dict[str, str], list[Deadline]]]:
        """``game_context`` of every game of these statuses where the user holds a seat, oldest
        first, in one trip."""

        def read(c: sqlite3.Connection) -> list[tuple[GameRecord, dict[str, str], list[Deadline]]]:
            records = {r.id: r for r, _ in q.select_games_of_user(c, user_id, statuses)}
            seats = q.select_seats_of(c, list(records))
            return [(r, seats[r.id], q.select_deadlines(c, r.id)) for r in records.values()]

        return await self._run(read)

    async def seats(self, game_id: str) -> dict[str, str]:
        return await self._run(lambda c: q.select_seats(c, game_id))

    async def seats_of(self, game_ids: list[str]) -> dict[str, dict[str, str]]:
        """The seats of several games in one trip."""
        return await self._run(lambda c: q.select_seats_of(c, list(game_ids)))

    async def games_of_user(
        self, user_id: str, statuses: tuple[GameStatus, ...] | None = None
    ) -> list[tuple[GameRecord, str]]:
        """(game, seat) for every seat the user holds, in games of these statuses."""
        return await self._run(lambda c: q.select_games_of_user(c, user_id, statuses))

    async def set_seat(self, game_id: str, seat: str, user_id: str | None) -> None:
        await self._run(lambda c: _tx(c, lambda: q.upsert_seat(c, game_id, seat, user_id)))

    async def update_game(self, game_id: str, **fields: Any) -> None:
        await self._run(lambda c: _tx(c, lambda: q.update_game(c, game_id, fields)))

    async def submit_context(
        self, game_id: str, key: str
    ) -> tuple[GameRecord | None, LogEntry | None, dict[str, str]]:
        """What a submission needs first, in one trip: the game, a previous entry with the same
        key (a retried interaction), and the seats."""

        def read(
            c: sqlite3.Connection,
        ) -> tuple[GameRecord | None, LogEntry | None, dict[str, str]]:
            record = q.select_game(c, game_id)
            if record is None:
                return None, None, {}
            return record, q.select_entry_by_key(c, game_id, key), q.select_seats(c, game_id)

        return await self._run(read)

    async def checkpoint(self) -> None:
        """Fold the WAL into the database outside any submission (automatic checkpoints would
        otherwise run inside whichever commit crosses the threshold)."""
        await self._run(lambda c: c.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall())

    # --- the log --------------------------------------------------------------------------
    async def commit(self, commit: Commit) -> int:
        """Append an action with its rolls, snapshot, deadlines and outbox in one transaction.
        Returns the entry's n; the same key again returns the first n and writes nothing."""

        def work(c: sqlite3.Connection) -> int:
            existing = q.action_n_for_key(c, commit.game_id, commit.entry.key)
            if existing is not None:
                return existing
            version = q.game_version(c, commit.game_id)
            if version != commit.expected_version:
                raise StaleVersion(f"expected version {commit.expected_version}, at {version}")
            q.write_commit(c, commit)
            return commit.entry.n

        return await self._run(lambda c: _tx(c, lambda: work(c)))

    async def undo(
        self,
        game_id: str,
        n: int,
        expected_version: int,
        deadlines: list[Deadline],
        outbox: list[OutboxMessage],
    ) -> None:
        def work(c: sqlite3.Connection) -> None:
            if q.game_version(c, game_id) != expected_version:
                raise StaleVersion("the game moved on")
            q.mark_undone(c, game_id, n, expected_version + 1)
            q.replace_deadlines(c, game_id, deadlines)
            q.insert_outbox(c, outbox)

        await self._run(lambda c: _tx(c, lambda: work(c)))

    async def load(self, game_id: str) -> LoadedGame | None:
        return await self._run(lambda c: q.load_game(c, game_id))

    async def log(self, game_id: str) -> list[LogEntry]:
        return await self._run(lambda c: q.select_log(c, game_id, after=-1))

    async def action_for_key(self, game_id: str, key: str) -> LogEntry | None:
        return await self._run(lambda c: q.select_entry_by_key(c, game_id, key))

    # --- deadlines ------------------------------------------------------------------------
    async def deadlines(self, game_id: str) -> list[Deadline]:
        return await self._run(lambda c: q.select_deadlines(c, game_id))

    async def due_deadlines(self, now: float) -> list[Deadline]:
        return await self._run(lambda c: q.select_due_deadlines(c, now))

    async def mark_reminded(self, deadline: Deadline, outbox: list[OutboxMessage]) -> bool:
        """True if this call did it (a reminder is enqueued once even when two ticks race)."""

        def work(c: sqlite3.Connection) -> bool:
            if not q.flag_deadline(c, deadline, "reminded"):
                return False
            q.insert_outbox(c, outbox)
            return True

        return await self._run(lambda c: _tx(c, lambda: work(c)))

    async def fire_deadline(
        self, deadline: Deadline, status: GameStatus | None, outbox: list[OutboxMessage]
    ) -> bool:
        def work(c: sqlite3.Connection) -> bool:
            if not q.flag_deadline(c, deadline, "fired"):
                return False
            if status is not None:
                q.update_game(c, deadline.game_id, {"status": status})
            q.insert_outbox(c, outbox)
            return True

        return await self._run(lambda c: _tx(c, lambda: work(c)))

    async def replace_deadlines(self, game_id: str, deadlines: list[Deadline]) -> None:
        await self._run(lambda c: _tx(c, lambda: q.replace_deadlines(c, game_id, deadlines)))

    # --- the outbox -----------------------------------------------------------------------
    async def enqueue(self, messages: list[OutboxMessage]) -> None:
        await self._run(lambda c: _tx(c, lambda: q.insert_outbox(c, messages)))

    async def pending(self, limit: int = 100) -> list[OutboxMessage]:
        return await self._run(lambda c: q.select_pending(c, limit))

    async def delivered(self, message_id: int) -> None:
        now = time.time()
        await self._run(lambda c: _tx(c, lambda: q.mark_delivered(c, message_id, now)))

    async def failed(self, message_id: int, error: str, *, give_up: bool = False) -> None:
        now = time.time() if give_up else None
        await self._run(lambda c: _tx(c, lambda: q.mark_failed(c, message_id, error, now)))

    async def add_notice(self, user_id: str, outbox_id: int) -> None:
        now = time.time()
        await self._run(lambda c: _tx(c, lambda: q.insert_notice(c, user_id, outbox_id, now)))

    async def take_notices(self, user_id: str) -> list[OutboxMessage]:
        now = time.time()
        return await self._run(lambda c: _tx(c, lambda: q.take_notices(c, user_id, now)))

    # --- user locales ---------------------------------------------------------------------
    async def set_user_locale(self, user_id: str, locale: str) -> None:
        now = time.time()
        await self._run(lambda c: _tx(c, lambda: q.upsert_user_locale(c, user_id, locale, now)))

    async def user_locale(self, user_id: str) -> str | None:
        return await self._run(lambda c: q.select_user_locale(c, user_id))

    # --- raw (benchmarks and tests) -------------------------------------------------------
    async def bare_insert(self, payload: str) -> None:
        """A bare INSERT+COMMIT of one row, the yardstick `bench core` compares submit with."""
        await self._run(lambda c: _tx(c, lambda: q.bare_insert(c, payload)))

    async def copy_games(
        self, copies: list[tuple[str, str, dict[str, Any], dict[str, str]]]
    ) -> None:
        """(source id, new id, record fields to change, seats) each: copies of stored games
        with their logs and latest snapshots, in one transaction (benches fill databases
        with realistic games this way)."""

        def work(c: sqlite3.Connection) -> None:
            for source, new_id, overrides, seats in copies:
                q.copy_game(c, source, new_id, overrides, seats)

        await self._run(lambda c: _tx(c, lambda: work(c)))

    async def user_version(self) -> int:
        return await self._run(lambda c: int(c.execute("PRAGMA user_version").fetchone()[0]))


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


def _tx(conn: sqlite3.Connection, body: Callable[[], T]) -> T:
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = body()
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return result


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
