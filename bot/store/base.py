"""The store's one interface, whichever database runs under it.

Every public method is one transaction, run as a single synchronous function on a worker thread
that owns a database connection (``_run``): one thread hop per operation, and no other
coroutine can interleave statements into it. The SQL itself is ``queries.py``, shared by both
backends; a backend supplies the connection, the transaction and the migrations.
"""

from __future__ import annotations

import contextlib
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, TypeVar

from bot.store import queries as q
from bot.store import tables
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


def is_postgres(target: str | Path) -> bool:
    """A ``postgresql://`` (or ``postgres://``) URL; a plain path or ``sqlite:///`` is SQLite."""
    return str(target).startswith(("postgresql://", "postgres://"))


def sqlite_path(target: str | Path) -> str:
    text = str(target)
    return text[len("sqlite:///") :] if text.startswith("sqlite:///") else text


class Store(ABC):
    """Open with ``await Store.open(target)``: the backend follows from the target."""

    dialect: str = ""
    target: str = ""

    @classmethod
    async def open(cls, target: str | Path, **options: Any) -> Store:
        if cls is Store:
            if is_postgres(target):
                from bot.store.postgres import PostgresStore

                return await PostgresStore.open(target, **options)
            from bot.store.sqlite import SqliteStore

            return await SqliteStore.open(target, **options)
        raise NotImplementedError(f"{cls.__name__} must implement open")

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def _run(self, fn: Callable[[Any], T]) -> T:
        """Run ``fn(connection)`` on the connection's worker thread."""

    @abstractmethod
    def _tx(self, conn: Any, body: Callable[[], T]) -> T:
        """Run ``body`` in a write transaction on ``conn`` (called on the worker thread)."""

    def _read_tx(self, conn: Any, body: Callable[[], T]) -> T:
        """Run ``body`` as one consistent read (a backend may take a snapshot)."""
        return body()

    async def _write(self, fn: Callable[[Any], T]) -> T:
        return await self._run(lambda c: self._tx(c, lambda: fn(c)))

    async def _read(self, fn: Callable[[Any], T]) -> T:
        return await self._run(lambda c: self._read_tx(c, lambda: fn(c)))

    @abstractmethod
    async def user_version(self) -> int:
        """The number of the newest migration applied."""

    @contextlib.asynccontextmanager
    async def game_lock(self, game_id: str) -> AsyncIterator[None]:
        """Held by the one writer of a game; a backend shared by several processes makes it a
        database lock (the referee adds an in-process lock in front of it)."""
        yield

    async def checkpoint(self) -> None:  # noqa: B027 - a hook most backends need not fill
        """Housekeeping outside any submission (SQLite folds its WAL)."""

    # --- games and seats ----------------------------------------------------------------
    async def create_game(self, record: GameRecord) -> None:
        await self._write(lambda c: q.insert_game(c, record))

    async def game(self, game_id: str) -> GameRecord | None:
        return await self._read(lambda c: q.select_game(c, game_id))

    async def games(
        self,
        guild_id: str | None = None,
        statuses: tuple[GameStatus, ...] | None = None,
        *,
        newest: int | None = None,
    ) -> list[GameRecord]:
        """Oldest first; ``newest`` keeps only that many of the newest."""
        return await self._read(lambda c: q.select_games(c, guild_id, statuses, newest))

    async def game_by_thread(self, thread_id: str) -> GameRecord | None:
        """The game whose thread this is (indexed: flat with the number of games)."""
        return await self._read(lambda c: q.select_game_by_thread(c, thread_id))

    async def game_context(
        self, game_id: str
    ) -> tuple[GameRecord | None, dict[str, str], list[Deadline]]:
        """A game, its seats and its deadlines in one trip (what every click needs first)."""

        def read(c: Any) -> tuple[GameRecord | None, dict[str, str], list[Deadline]]:
            record = q.select_game(c, game_id)
            if record is None:
                return None, {}, []
            return record, q.select_seats(c, game_id), q.select_deadlines(c, game_id)

        return await self._read(read)

    async def user_contexts(
        self, user_id: str, statuses: tuple[GameStatus, ...]
    ) -> list[tuple[GameRecord, dict[str, str], list[Deadline]]]:
        """``game_context`` of every game of these statuses where the user holds a seat, oldest
        first, in one trip."""

        def read(c: Any) -> list[tuple[GameRecord, dict[str, str], list[Deadline]]]:
            records = {r.id: r for r, _ in q.select_games_of_user(c, user_id, statuses)}
            seats = q.select_seats_of(c, list(records))
            return [(r, seats[r.id], q.select_deadlines(c, r.id)) for r in records.values()]

        return await self._read(read)

    async def seats(self, game_id: str) -> dict[str, str]:
        return await self._read(lambda c: q.select_seats(c, game_id))

    async def seats_of(self, game_ids: list[str]) -> dict[str, dict[str, str]]:
        """The seats of several games in one trip."""
        return await self._read(lambda c: q.select_seats_of(c, list(game_ids)))

    async def games_of_user(
        self, user_id: str, statuses: tuple[GameStatus, ...] | None = None
    ) -> list[tuple[GameRecord, str]]:
        """(game, seat) for every seat the user holds, in games of these statuses."""
        return await self._read(lambda c: q.select_games_of_user(c, user_id, statuses))

    async def set_seat(self, game_id: str, seat: str, user_id: str | None) -> None:
        await self._write(lambda c: q.upsert_seat(c, game_id, seat, user_id))

    async def update_game(self, game_id: str, **fields: Any) -> None:
        await self._write(lambda c: q.update_game(c, game_id, fields))

    async def submit_context(
        self, game_id: str, key: str
    ) -> tuple[GameRecord | None, LogEntry | None, dict[str, str]]:
        """What a submission needs first, in one trip: the game, a previous entry with the same
        key (a retried interaction), and the seats."""

        def read(c: Any) -> tuple[GameRecord | None, LogEntry | None, dict[str, str]]:
            record = q.select_game(c, game_id)
            if record is None:
                return None, None, {}
            return record, q.select_entry_by_key(c, game_id, key), q.select_seats(c, game_id)

        return await self._read(read)

    # --- the log --------------------------------------------------------------------------
    async def commit(self, commit: Commit) -> int:
        """Append an action with its rolls, snapshot, deadlines and outbox in one transaction.
        Returns the entry's n; the same key again returns the first n and writes nothing."""

        def work(c: Any) -> int:
            earlier = _write_commit(c, commit)
            return commit.entry.n if earlier is None else earlier

        return await self._write(work)

    async def commit_read(self, commit: Commit) -> tuple[int, GameRecord | None]:
        """``commit``, and the game as it is after it, read in the same transaction (the
        referee judges the game's next order on it without reading the game first: one store
        trip an order, issue 9). With ``commit.judged``, the game and its seats must be exactly
        as the order was judged on (StaleVersion otherwise, and nothing is written). The same
        key again returns the first n and None, writing nothing."""

        def work(c: Any) -> tuple[int, GameRecord | None]:
            earlier = _write_commit(c, commit)
            if earlier is not None:
                return earlier, None
            return commit.entry.n, q.select_game(c, commit.game_id)

        return await self._write(work)

    async def undo(
        self,
        game_id: str,
        n: int,
        expected_version: int,
        deadlines: list[Deadline],
        outbox: list[OutboxMessage],
    ) -> None:
        def work(c: Any) -> None:
            if q.lock_game_version(c, game_id) != expected_version:
                raise StaleVersion("the game moved on")
            q.mark_undone(c, game_id, n, expected_version + 1)
            q.replace_deadlines(c, game_id, deadlines)
            q.insert_outbox(c, outbox)

        await self._write(work)

    async def load(self, game_id: str) -> LoadedGame | None:
        return await self._read(lambda c: q.load_game(c, game_id))

    async def load_at(self, game_id: str, version: int) -> LoadedGame | None:
        """The newest snapshot before ``version`` and the entries that replay it to there."""
        return await self._read(lambda c: q.load_game_at(c, game_id, version))

    async def log(self, game_id: str) -> list[LogEntry]:
        return await self._read(lambda c: q.select_log(c, game_id, after=-1))

    async def action_for_key(self, game_id: str, key: str) -> LogEntry | None:
        return await self._read(lambda c: q.select_entry_by_key(c, game_id, key))

    # --- deadlines ------------------------------------------------------------------------
    async def deadlines(self, game_id: str) -> list[Deadline]:
        return await self._read(lambda c: q.select_deadlines(c, game_id))

    async def due_deadlines(self, now: float) -> list[Deadline]:
        return await self._read(lambda c: q.select_due_deadlines(c, now))

    async def mark_reminded(self, deadline: Deadline, outbox: list[OutboxMessage]) -> bool:
        """True if this call did it (a reminder is enqueued once even when two ticks race)."""

        def work(c: Any) -> bool:
            if not q.flag_deadline(c, deadline, "reminded"):
                return False
            q.insert_outbox(c, outbox)
            return True

        return await self._write(work)

    async def fire_deadline(
        self, deadline: Deadline, status: GameStatus | None, outbox: list[OutboxMessage]
    ) -> bool:
        def work(c: Any) -> bool:
            if not q.flag_deadline(c, deadline, "fired"):
                return False
            if status is not None:
                q.update_game(c, deadline.game_id, {"status": status})
            q.insert_outbox(c, outbox)
            return True

        return await self._write(work)

    async def replace_deadlines(self, game_id: str, deadlines: list[Deadline]) -> None:
        await self._write(lambda c: q.replace_deadlines(c, game_id, deadlines))

    # --- the outbox -----------------------------------------------------------------------
    async def enqueue(self, messages: list[OutboxMessage]) -> None:
        await self._write(lambda c: q.insert_outbox(c, messages))

    async def pending(self, limit: int = 100) -> list[OutboxMessage]:
        return await self._read(lambda c: q.select_pending(c, limit))

    async def claim(
        self, owner: str, limit: int, lease_seconds: float, now: float | None = None
    ) -> list[OutboxMessage]:
        """Lease pending messages to ``owner`` (this process) for ``lease_seconds``, oldest first,
        never a message of a (game, audience) whose earlier message another live owner holds;
        its own leases are renewed. A dead owner's leases lapse and are taken over."""
        at = time.time() if now is None else now
        return await self._write(lambda c: q.claim_outbox(c, owner, limit, at, at + lease_seconds))

    async def release(self, owner: str) -> None:
        """Give up this owner's leases (a clean shutdown), so another process takes over now."""
        await self._write(lambda c: q.release_outbox(c, owner))

    async def plan_run(self, message_ids: list[int]) -> None:
        """Record that these messages are about to be sent as one (see OutboxMessage.run_end)."""
        await self._write(lambda c: q.plan_run(c, message_ids))

    async def delivered(
        self, *message_ids: int, lane: tuple[str, str, str, str] | None = None
    ) -> None:
        """Mark these sent (dropping their bodies) and, with ``lane`` (game id, audience,
        waiting seats, map digest), remember what that thread or DM was last shown, in the same
        transaction."""
        now = time.time()

        def work(c: Any) -> None:
            q.mark_delivered(c, list(message_ids), now)
            if lane is not None:
                q.upsert_lane(c, *lane, now)

        await self._write(work)

    async def lane(self, game_id: str, audience: str) -> tuple[str, str] | None:
        """(waiting seats, map digest) last posted to this thread or DM (issue 12)."""
        return await self._read(lambda c: q.select_lane(c, game_id, audience))

    async def failed(self, message_id: int, error: str, *, give_up: bool = False) -> None:
        now = time.time() if give_up else None
        await self._write(lambda c: q.mark_failed(c, message_id, error, now))

    async def add_notice(self, user_id: str, outbox_id: int) -> None:
        now = time.time()
        await self._write(lambda c: q.insert_notice(c, user_id, outbox_id, now))

    async def take_notices(self, user_id: str) -> list[OutboxMessage]:
        now = time.time()
        return await self._write(lambda c: q.take_notices(c, user_id, now))

    # --- user locales ---------------------------------------------------------------------
    async def set_user_locale(self, user_id: str, locale: str) -> None:
        now = time.time()
        await self._write(lambda c: q.upsert_user_locale(c, user_id, locale, now))

    async def user_locale(self, user_id: str) -> str | None:
        return await self._read(lambda c: q.select_user_locale(c, user_id))

    # --- whole tables (store copy, tests) and benchmarks ------------------------------------
    async def table_rows(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of every table of the schema, in a stable order."""
        return await self._read(tables.all_rows)

    async def load_rows(self, rows: dict[str, list[tuple[Any, ...]]]) -> None:
        """Write ``table_rows()`` of another store into this empty one, in one transaction."""
        await self._write(lambda c: tables.insert_rows(c, rows))

    async def size_bytes(self) -> int:
        return await self._read(tables.size_bytes)

    async def bare_insert(self, payload: str) -> None:
        """A bare INSERT+COMMIT of one row, the yardstick `bench core` compares submit with."""
        await self._write(lambda c: q.bare_insert(c, payload))

    async def copy_games(
        self, copies: list[tuple[str, str, dict[str, Any], dict[str, str]]]
    ) -> None:
        """(source id, new id, record fields to change, seats) each: copies of stored games
        with their logs and latest snapshots, in one transaction (benches fill databases
        with realistic games this way)."""

        def work(c: Any) -> None:
            for source, new_id, overrides, seats in copies:
                q.copy_game(c, source, new_id, overrides, seats)

        await self._write(work)


def _write_commit(c: Any, commit: Commit) -> int | None:
    """Write ``commit`` (in the caller's transaction); the n of an earlier entry with the same
    key instead, writing nothing."""
    version = q.lock_game_version(c, commit.game_id)  # row-locked on PostgreSQL
    existing = q.action_n_for_key(c, commit.game_id, commit.entry.key)
    if existing is not None:
        return existing
    if version != commit.expected_version:
        raise StaleVersion(f"expected version {commit.expected_version}, at {version}")
    if commit.judged is not None and (
        q.select_game(c, commit.game_id) != commit.judged
        or q.select_seats(c, commit.game_id) != commit.seats
    ):
        raise StaleVersion("the game or its seats changed since the order was judged")
    q.write_commit(c, commit)
    return None
