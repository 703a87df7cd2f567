"""Migrations: an empty file reaches the latest schema; a file left at EVERY earlier version,
holding rows a real game wrote, reaches the latest schema with those rows intact and the game
still playable; the files are numbered 1..N without gaps; a failing migration rolls back
entirely and leaves user_version where it was."""

from __future__ import annotations

import asyncio
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
from bot.store.migrate import latest_version, migrate, migrations

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


def _user_version(path: Path) -> int:
    with _connect(path) as conn:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])


def _tables(conn: sqlite3.Connection) -> set[str]:
    rows = conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    )
    return {name for (name,) in rows}


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]


def _rows(conn: sqlite3.Connection, columns: dict[str, list[str]]) -> Rows:
    """Every row of these tables, projected on these columns, in a stable order."""
    out: Rows = {}
    for table, cols in columns.items():
        listed = ", ".join(cols)
        out[table] = sorted(conn.execute(f"SELECT {listed} FROM {table}").fetchall(), key=repr)
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


def _file_at(path: Path, version: int, reference: Path) -> tuple[dict[str, list[str]], Rows]:
    """A file migrated to ``version``, holding the reference rows its schema can hold (the
    columns that exist at that version). Returns those columns and what was inserted."""
    conn = _connect(path)
    try:
        assert migrate(conn, target=version) == version
        assert conn.execute("PRAGMA user_version").fetchone()[0] == version
        conn.execute("ATTACH DATABASE ? AS ref", (str(reference),))
        columns = {table: _columns(conn, table) for table in sorted(_tables(conn))}
        conn.execute("BEGIN")
        for table, cols in columns.items():
            listed = ", ".join(cols)
            conn.execute(f"INSERT INTO main.{table} ({listed}) SELECT {listed} FROM ref.{table}")
        conn.execute("COMMIT")
        conn.execute("DETACH DATABASE ref")
        return columns, _rows(conn, columns)
    finally:
        conn.close()


# --- tests -------------------------------------------------------------------------------------
async def test_empty_file_reaches_the_latest_version(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    store = await Store.open(path)
    try:
        assert await store.user_version() == LATEST
    finally:
        await store.close()
    with _connect(path) as conn:
        assert _tables(conn) >= EXPECTED_TABLES
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    # Opening again is a no-op.
    store = await Store.open(path)
    await store.close()
    assert _user_version(path) == LATEST


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
    version: int, tmp_path: Path, reference: tuple[Path, dict[str, str]]
) -> None:
    ref_path, games = reference
    path = tmp_path / f"v{version}.sqlite3"
    columns, before = _file_at(path, version, ref_path)

    store = await Store.open(path)
    try:
        assert await store.user_version() == LATEST
        with _connect(path) as conn:
            after = _rows(conn, columns)  # compared on the columns the old version had
            assert _tables(conn) >= EXPECTED_TABLES
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
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


def _failing(after: int) -> list[tuple[int, str, str]]:
    """The real migrations up to ``after``, then one whose second statement fails."""
    real = [m for m in migrations() if m[0] <= after]
    bad_sql = (
        "CREATE TABLE doomed (x INTEGER);\n"
        "INSERT INTO doomed (x) VALUES (1);\n"
        "INSERT INTO no_such_table (x) VALUES (1);\n"
    )
    return [*real, (after + 1, f"{after + 1:04d}_doomed.sql", bad_sql)]


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
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "latest.sqlite3"
    store = await Store.open(path)
    await store.close()
    monkeypatch.setattr(migrate_module, "migrations", lambda: _failing(LATEST))
    spy = _Spy(monkeypatch)
    try:
        with pytest.raises(RuntimeError, match="doomed"):
            await Store.open(path)
    finally:
        # Store.open does not close its connection when a migration fails (see the test
        # below); without this its worker thread would keep the test process alive.
        await spy.close_all()
    assert _user_version(path) == LATEST
    with _connect(path) as conn:
        assert "doomed" not in _tables(conn)
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    monkeypatch.undo()
    store = await Store.open(path)  # the real migrations still open the file
    try:
        assert await store.user_version() == LATEST
    finally:
        await store.close()


async def test_a_failed_open_leaves_no_connection_running(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(migrate_module, "migrations", lambda: _failing(LATEST))
    spy = _Spy(monkeypatch)
    try:
        with pytest.raises(RuntimeError, match="doomed"):
            await Store.open(tmp_path / "leak.sqlite3")
        assert [conn._connection for conn in spy.opened] == [None]
    finally:
        await spy.close_all()


@pytest.mark.parametrize("start", range(LATEST))
def test_a_failing_migration_keeps_the_earlier_ones(
    start: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From version ``start``, the good migrations commit one by one; the failing one leaves
    nothing behind and user_version at the last good one."""
    path = tmp_path / f"from{start}.sqlite3"
    with _connect(path) as conn:
        migrate(conn, target=start)
    monkeypatch.setattr(migrate_module, "migrations", lambda: _failing(LATEST))
    conn = _connect(path)
    try:
        with pytest.raises(RuntimeError, match="doomed"):
            migrate(conn)
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST
        assert "doomed" not in _tables(conn)
        assert not conn.in_transaction
    finally:
        conn.close()


def test_migrate_stops_at_the_target(tmp_path: Path) -> None:
    conn = _connect(tmp_path / "steps.sqlite3")
    try:
        for version in range(LATEST + 1):
            assert migrate(conn, target=version) == version
            assert conn.execute("PRAGMA user_version").fetchone()[0] == version
        assert migrate(conn) == LATEST
    finally:
        conn.close()
