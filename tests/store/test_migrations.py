"""Migrations: an empty database reaches the latest schema; a database left at EVERY earlier
version, holding rows a real game wrote, reaches the latest schema with those rows intact and
the game still playable; the files are numbered 1..N without gaps; a failing migration rolls
back entirely and leaves the version where it was. On both backends (``database``): a SQLite
file (PRAGMA user_version) and a PostgreSQL database (schema_migrations)."""

from __future__ import annotations

import asyncio
import contextlib
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiosqlite
import pytest

import bot.store.migrate as migrate_module
import tests.vaults  # registers the "vaults" ruleset
from bot.referee import Referee
from bot.rules.core.registry import get as get_ruleset
from bot.store import Store
from bot.store import tables as store_tables
from bot.store.base import is_postgres
from bot.store.migrate import latest_version, migrate, migrate_postgres, migrations

MIGRATIONS_DIR = Path(migrate_module.__file__).resolve().parent / "migrations"
LATEST = latest_version()
VAULTS = tests.vaults.RULESET

# Every table the latest schema must have (extend when a migration adds one).
EXPECTED_TABLES = {
    "games",
    "seats",
    "actions",
    "rolls",
    "snapshots",
    "deadlines",
    "outbox",
    "notices",
    "user_locales",
    "delivery_lanes",
}

Rows = dict[str, list[tuple[Any, ...]]]


def _connect(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(str(path), isolation_level=None)


@contextlib.contextmanager
def _open(db: str) -> Iterator[Any]:
    """A plain connection to either backend, speaking the store's SQL (``?`` placeholders)."""
    if is_postgres(db):
        import psycopg

        from bot.store.postgres import PgConn

        with psycopg.connect(db, autocommit=True) as raw:
            yield PgConn(raw)
        return
    conn = _connect(Path(db))
    try:
        yield conn
    finally:
        conn.close()


def _version(conn: Any) -> int:
    if getattr(conn, "dialect", "sqlite") == "postgres":
        row = conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()
        return int(row[0])
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def _migrate(conn: Any, target: int | None = None) -> int:
    if getattr(conn, "dialect", "sqlite") == "postgres":
        return migrate_postgres(conn, target=target)
    return migrate(conn, target=target)


def _user_version(db: str | Path) -> int:
    with _open(str(db)) as conn:
        return _version(conn)


def _tables(conn: Any) -> set[str]:
    return set(store_tables.tables(conn)) - {"schema_migrations"}


def _columns(conn: Any, table: str) -> list[str]:
    return store_tables.columns(conn, table)


def _intact(conn: Any) -> None:
    """SQLite's own checks of the file; PostgreSQL checks its foreign keys on every write."""
    if getattr(conn, "dialect", "sqlite") != "postgres":
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []


def _rows(conn: Any, columns: dict[str, list[str]]) -> Rows:
    """Every row of these tables, projected on these columns, in a stable order."""
    out: Rows = {}
    for table, cols in columns.items():
        listed = ", ".join(cols)
        rows = conn.execute(f"SELECT {listed} FROM {table}").fetchall()
        out[table] = sorted((tuple(store_tables._plain(v) for v in r) for r in rows), key=repr)
    return out


# --- a reference file written by the real referee ---------------------------------------------
async def _write_reference(path: Path) -> dict[str, str]:
    """Two Vaults games through the real referee: one finished, one mid-game with an undone
    order, deadlines, a delivered and a pending message and a notice; every table gets rows."""
    store = await Store.open(path)
    try:
        clock = iter(float(1_700_000_000 + i) for i in range(10_000))
        referee = Referee(store, clock=lambda: next(clock))
        games: dict[str, str] = {}
        for name, settings in (
            ("over", {"deadline_hours": 0}),
            ("live", {"deadline_hours": 24, "remind_before_hours": 2}),
        ):
            record = await referee.create(
                "vaults",
                guild_id="g1",
                created_by="u1",
                settings=settings,
                game_id=f"mig{name}",
                seed=bytes(range(32)),
            )
            await referee.join(record.id, "u1", "north")
            await referee.join(record.id, "u2", "south")
            await referee.start(record.id, "u1")
            games[name] = record.id
        users = {"north": "u1", "south": "u2"}
        # The finished game: defaults until it ends.
        step = 0
        while True:
            _, state = await referee.state(games["over"])
            if state.result is not None:
                break
            prompt = VAULTS.prompts(state)[0]
            await referee.submit(games["over"], users[prompt.seat], prompt.default, f"o{step}")
            step += 1
        # The live game: north hides, takes it back, hides again; south hides; one raid.
        live = games["live"]
        await referee.submit(live, "u1", {"type": "hide", "vault": 4}, "l1")
        await referee.undo(live, "u1")
        await referee.submit(live, "u1", {"type": "hide", "vault": 5}, "l2")
        await referee.submit(live, "u2", {"type": "hide", "vault": 2}, "l3")
        _, state = await referee.state(live)
        if state.result is None:
            await referee.submit(live, "u1", {"type": "pass"}, "l4")
        pending = await store.pending()
        await store.delivered(pending[0].id, lane=(live, "public", "north", "digest"))
        await store.failed(pending[1].id, "DM closed")
        await store.add_notice("u2", pending[1].id)
        await store.set_user_locale("u2", "zh-CN")
    finally:
        await store.close()
    return games


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, str]]]:
    path = tmp_path_factory.mktemp("reference") / "reference.sqlite3"
    games = asyncio.run(_write_reference(path))
    with _connect(path) as conn:
        assert _tables(conn) >= EXPECTED_TABLES
        for table in EXPECTED_TABLES:
            count = conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
            assert count > 0, f"the reference game wrote no row in {table}"
    yield path, games


def _file_at(db: str, version: int, reference: Path) -> tuple[dict[str, list[str]], Rows]:
    """A database migrated to ``version``, holding the reference rows its schema can hold (the
    columns that exist at that version). Returns those columns and what was inserted."""
    with _connect(reference) as ref:
        reference_rows = _rows(ref, {t: sorted(_columns(ref, t)) for t in _tables(ref)})
        reference_columns = {t: sorted(_columns(ref, t)) for t in _tables(ref)}
    with _open(db) as conn:
        assert _migrate(conn, target=version) == version
        assert _version(conn) == version
        columns = {table: sorted(_columns(conn, table)) for table in sorted(_tables(conn))}
        rows: Rows = {}
        if not columns:
            return columns, {}
        for table, cols in columns.items():
            at = [reference_columns[table].index(c) for c in cols]
            rows[table] = [tuple(r[i] for i in at) for r in reference_rows[table]]
        conn.execute("BEGIN")
        store_tables.insert_rows(conn, rows)  # parents first; PostgreSQL's ids moved past
        conn.execute("COMMIT")
        return columns, _rows(conn, columns)


# --- tests -------------------------------------------------------------------------------------
async def test_empty_database_reaches_the_latest_version(database: str) -> None:
    store = await Store.open(database)
    try:
        assert await store.user_version() == LATEST
    finally:
        await store.close()
    with _open(database) as conn:
        assert _tables(conn) >= EXPECTED_TABLES
        assert _version(conn) == LATEST
        _intact(conn)
    # Opening again is a no-op.
    store = await Store.open(database)
    await store.close()
    assert _user_version(database) == LATEST


def test_every_table_of_the_latest_schema_has_reference_rows(
    reference: tuple[Path, dict[str, str]],
) -> None:
    """A new table must get rows in the reference game, or the upgrade tests below would not
    prove anything about it."""
    with _connect(reference[0]) as conn:
        missing = _tables(conn) - EXPECTED_TABLES
    assert not missing, f"add rows for {sorted(missing)} to _write_reference and EXPECTED_TABLES"


@pytest.mark.parametrize("version", range(LATEST))
async def test_upgrade_from_every_earlier_version_keeps_the_rows(
    version: int, database: str, reference: tuple[Path, dict[str, str]]
) -> None:
    ref_path, games = reference
    columns, before = _file_at(database, version, ref_path)

    store = await Store.open(database)
    try:
        assert await store.user_version() == LATEST
        with _open(database) as conn:
            after = _rows(conn, columns)  # compared on the columns the old version had
            assert _tables(conn) >= EXPECTED_TABLES
            _intact(conn)
        assert after == before

        if "actions" not in before:
            return  # nothing of a game existed at this version
        # The old rows are a working game for the new code: it loads the same log, replays the
        # same state, and the unfinished game takes another order.
        referee = Referee(store)
        reference_store = await Store.open(ref_path)
        try:
            for game_id in games.values():
                assert await store.log(game_id) == await reference_store.log(game_id)
                _, state = await referee.state(game_id)
                _, expected = await Referee(reference_store).state(game_id)
                assert state == expected
        finally:
            await reference_store.close()
        _, state = await referee.state(games["live"])
        prompt = get_ruleset("vaults").prompts(state)[0]
        user = {"north": "u1", "south": "u2"}[prompt.seat]
        done = await referee.submit(games["live"], user, prompt.default, "after-upgrade")
        assert not done.duplicate
        assert (await store.log(games["live"]))[-1].key == "after-upgrade"
    finally:
        await store.close()


def test_migrations_are_numbered_without_gaps() -> None:
    names = sorted(p.name for p in MIGRATIONS_DIR.iterdir() if p.suffix == ".sql")
    pattern = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
    assert names, "no migration files"
    bad = [n for n in names if not pattern.match(n)]
    assert not bad, f"migration files the loader would silently skip: {bad}"
    numbers = [int(n[:4]) for n in names]
    assert numbers == list(range(1, len(names) + 1))
    found = migrations()
    assert [n for n, _, _ in found] == numbers
    assert [name for _, name, _ in found] == names
    assert len(names) == LATEST


def test_the_loader_refuses_a_gap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "0001_first.sql").write_text("CREATE TABLE a (x INTEGER);\n", "utf-8")
    (tmp_path / "0003_third.sql").write_text("CREATE TABLE c (x INTEGER);\n", "utf-8")
    monkeypatch.setattr(migrate_module, "resources", SimpleNamespace(files=lambda _: tmp_path))
    with pytest.raises(RuntimeError, match="without gaps"):
        migrations()


def _failing(after: int, dialect: str = "sqlite") -> list[tuple[int, str, str]]:
    """The real migrations up to ``after``, then one whose third statement fails."""
    real = [m for m in migrations(dialect) if m[0] <= after]
    bad_sql = (
        "CREATE TABLE doomed (x INTEGER);\n"
        "INSERT INTO doomed (x) VALUES (1);\n"
        "INSERT INTO no_such_table (x) VALUES (1);\n"
    )
    return [*real, (after + 1, f"{after + 1:04d}_doomed.sql", bad_sql)]


def _fail_after_latest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        migrate_module, "migrations", lambda dialect="sqlite": _failing(LATEST, dialect)
    )


class _Spy:
    """Records the aiosqlite connections Store.open makes, so a test can close them."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.opened: list[aiosqlite.Connection] = []
        real = aiosqlite.connect

        def connect(*args: Any, **kwargs: Any) -> aiosqlite.Connection:
            conn = real(*args, **kwargs)
            self.opened.append(conn)
            return conn

        monkeypatch.setattr(aiosqlite, "connect", connect)

    async def close_all(self) -> None:
        for conn in self.opened:
            if conn._connection is not None:
                await conn.close()


async def test_a_failing_migration_rolls_back_at_the_latest_version(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await Store.open(database)
    await store.close()
    _fail_after_latest(monkeypatch)
    spy = _Spy(monkeypatch)
    try:
        with pytest.raises(RuntimeError, match="doomed"):
            await Store.open(database)
    finally:
        # Store.open does not close its SQLite connection when a migration fails (see the test
        # below); without this its worker thread would keep the test process alive.
        await spy.close_all()
    assert _user_version(database) == LATEST
    with _open(database) as conn:
        assert "doomed" not in _tables(conn)
        _intact(conn)
    monkeypatch.undo()
    store = await Store.open(database)  # the real migrations still open the database
    try:
        assert await store.user_version() == LATEST
    finally:
        await store.close()


async def test_a_failed_open_leaves_no_connection_running(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fail_after_latest(monkeypatch)
    spy = _Spy(monkeypatch)
    opened: list[Any] = []  # PostgreSQL sessions, held here so no garbage collector closes them
    if is_postgres(database):
        import psycopg

        real = psycopg.connect

        def connect(*args: Any, **kwargs: Any) -> Any:
            opened.append(real(*args, **kwargs))
            return opened[-1]

        monkeypatch.setattr(psycopg, "connect", connect)
    try:
        with pytest.raises(RuntimeError, match="doomed"):
            await Store.open(database)
        assert [conn._connection for conn in spy.opened] == [None] * len(spy.opened)
        assert [conn.closed for conn in opened] == [True] * len(opened)
        assert len(spy.opened) + len(opened) >= 1  # the migration did run on a connection
    finally:
        await spy.close_all()
        for conn in opened:
            conn.close()


@pytest.mark.parametrize("start", range(LATEST))
def test_a_failing_migration_keeps_the_earlier_ones(
    start: int, database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From version ``start``, the good migrations commit one by one; the failing one leaves
    nothing behind and the version at the last good one."""
    with _open(database) as conn:
        _migrate(conn, target=start)
    _fail_after_latest(monkeypatch)
    with _open(database) as conn:
        with pytest.raises(RuntimeError, match="doomed"):
            _migrate(conn)
        assert _version(conn) == LATEST
        assert "doomed" not in _tables(conn)
        if is_postgres(database):
            from psycopg.pq import TransactionStatus

            assert conn.raw.info.transaction_status == TransactionStatus.IDLE
        else:
            assert not conn.in_transaction


def test_migrate_stops_at_the_target(database: str) -> None:
    with _open(database) as conn:
        for version in range(LATEST + 1):
            assert _migrate(conn, target=version) == version
            assert _version(conn) == version
        assert _migrate(conn) == LATEST
