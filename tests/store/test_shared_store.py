"""The store shared by several processes: migrations in both dialects and run once under a lock,
the game's writer lock held in the database, outbox leases, and two referees (two processes'
worth of connections and caches) on one PostgreSQL database.

Tests taking ``database`` run on both backends; the others need PostgreSQL (tests/pg.py)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

import psycopg
import pytest

import bot.store.migrate as migrate_module
import tests.vaults
from bot.referee import Referee
from bot.rules.core import RuleViolation
from bot.store import OutboxMessage, Store
from bot.store.migrate import latest_version, migrations
from tests.referee.conftest import started_game

REPO = Path(__file__).resolve().parents[2]
VAULTS = tests.vaults.RULESET


def test_every_migration_exists_in_both_dialects() -> None:
    sqlite = [name for _, name, _ in migrations("sqlite")]
    postgres = [name for _, name, _ in migrations("postgres")]
    assert sqlite == postgres, "write the PostgreSQL dialect of each numbered migration"


async def test_an_empty_postgres_database_reaches_the_latest_version(pg_url: str) -> None:
    store = await Store.open(pg_url)
    try:
        assert store.dialect == "postgres"
        assert await store.user_version() == latest_version()
    finally:
        await store.close()
    again = await Store.open(pg_url)  # opening again is a no-op
    await again.close()
    with psycopg.connect(pg_url) as conn:
        rows = conn.execute("SELECT version FROM schema_migrations ORDER BY version").fetchall()
    assert [v for (v,) in rows] == list(range(1, latest_version() + 1))


def test_processes_starting_together_migrate_once(pg_url: str) -> None:
    """Four processes open one empty database at the same moment: all start, the schema is
    migrated once (a second run of a CREATE TABLE would fail its process)."""
    code = (
        "import asyncio, sys\n"
        "from bot.store import Store\n"
        "async def main():\n"
        "    store = await Store.open(sys.argv[1])\n"
        "    print(await store.user_version())\n"
        "    await store.close()\n"
        "asyncio.run(main())\n"
    )
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", code, pg_url],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    results = [w.communicate(timeout=60) for w in workers]
    assert [w.returncode for w in workers] == [0] * 4, [err for _, err in results]
    assert [out.strip() for out, _ in results] == [str(latest_version())] * 4
    with psycopg.connect(pg_url) as conn:
        count = conn.execute("SELECT COUNT(*) FROM schema_migrations").fetchone()[0]
    assert count == latest_version()


async def test_a_failing_postgres_migration_rolls_back(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = migrations("postgres")
    bad = "CREATE TABLE doomed (x INTEGER);\nINSERT INTO no_such_table (x) VALUES (1);\n"
    monkeypatch.setattr(
        migrate_module,
        "migrations",
        lambda dialect="sqlite": [*real, (len(real) + 1, "9999_doomed.sql", bad)],
    )
    with pytest.raises(RuntimeError, match="doomed"):
        await Store.open(pg_url)
    with psycopg.connect(pg_url) as conn:
        doomed = conn.execute("SELECT to_regclass('doomed')").fetchone()[0]
        version = conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone()[0]
    assert (doomed, version) == (None, len(real))


# --- the writer lock ------------------------------------------------------------------------
async def test_the_game_lock_keeps_a_second_process_out(pg_url: str) -> None:
    first, second = await Store.open(pg_url), await Store.open(pg_url)
    try:
        order: list[str] = []
        held = asyncio.Event()

        async def holder() -> None:
            async with first.game_lock("g1"):
                order.append("first in")
                held.set()
                await asyncio.sleep(0.3)
                order.append("first out")

        async def waiter() -> None:
            await held.wait()
            async with second.game_lock("g1"):
                order.append("second in")
            async with second.game_lock("other"):  # another game is not held up
                order.append("other")

        await asyncio.gather(holder(), waiter())
        assert order == ["first in", "first out", "second in", "other"]
    finally:
        await first.close()
        await second.close()


async def test_two_referees_on_one_database_apply_every_order_once(pg_url: str) -> None:
    """Two processes' referees (own connections, own caches) race on the same games: no order
    is lost, none doubled, none applied on a state the other had moved past."""
    stores = [await Store.open(pg_url), await Store.open(pg_url)]
    referees = [Referee(s) for s in stores]
    try:
        games = [await started_game(referees[0]) for _ in range(2)]
        users = {"north": "alice", "south": "bob"}
        accepted: list[tuple[str, str]] = []

        async def play(referee: Referee, game: str, tag: str) -> None:
            for step in range(40):
                _, state = await referee.state(game)
                if state.result is not None:
                    return
                prompt = VAULTS.prompts(state)[step % len(VAULTS.prompts(state))]
                key = f"{tag}:{step}"
                try:
                    done = await referee.submit(game, users[prompt.seat], prompt.default, key)
                except RuleViolation as refused:
                    # The other process answered first: refused by the rules, never as stale.
                    assert refused.code != "core.version.stale", refused
                    continue
                accepted.append((game, key))
                assert not done.duplicate

        await asyncio.gather(
            *(play(referees[i % 2], g, f"{g}:{i}") for g in games for i in range(4))
        )
        for game in games:
            log = await stores[1].log(game)
            keys = [e.key for e in log if e.seat is not None]
            assert sorted(keys) == sorted(k for g, k in accepted if g == game)
            assert [e.n for e in log] == list(range(len(log)))
            # Both caches agree with a cold replay of the log.
            cold = Referee(stores[1])
            _, expected = await cold.state(game)
            for referee in referees:
                assert (await referee.state(game))[1] == expected
    finally:
        for store in stores:
            await store.close()


# --- outbox leases (both backends) -------------------------------------------------------------
def _message(game: str, audience: str, n: int) -> OutboxMessage:
    return OutboxMessage(
        game_id=game,
        audience=audience,
        kind="step",
        payload={"n": n},
        dedupe=f"{game}:{audience}:{n}",
    )


async def _outbox_store(database: str) -> tuple[Store, Referee, str]:
    store = await Store.open(database)
    referee = Referee(store)
    record = await referee.create("vaults", guild_id="1", created_by="u")
    await store.enqueue(
        [_message(record.id, "public", n) for n in range(3)]
        + [_message(record.id, "north", n) for n in range(2)]
    )
    return store, referee, record.id


def _ids(messages: list[OutboxMessage]) -> list[tuple[str, Any]]:
    return [(m.audience, m.payload["n"]) for m in messages]


async def test_a_claim_leases_each_message_to_one_owner_in_order(database: str) -> None:
    store, _, _ = await _outbox_store(database)
    try:
        a = await store.claim("a", 2, 30, now=100)
        b = await store.claim("b", 10, 30, now=100)
        # "a" took the first two public messages: "b" may not take the third (order within
        # the lane) but takes the private lane, whose first message nobody holds.
        assert _ids(a) == [("public", 0), ("public", 1)]
        assert _ids(b) == [("north", 0), ("north", 1)]
        await store.delivered(a[0].id)
        await store.delivered(a[1].id)
        assert _ids(await store.claim("b", 10, 30, now=101)) == [
            ("public", 2),
            ("north", 0),
            ("north", 1),
        ]
        assert await store.claim("a", 10, 30, now=101) == []
    finally:
        await store.close()


async def test_a_dead_owners_lease_lapses_and_another_takes_over(database: str) -> None:
    store, _, _ = await _outbox_store(database)
    try:
        assert len(await store.claim("dead", 10, 30, now=100)) == 5
        assert await store.claim("alive", 10, 30, now=129) == []
        taken = await store.claim("alive", 10, 30, now=131)
        assert _ids(taken) == [
            ("public", 0),
            ("public", 1),
            ("public", 2),
            ("north", 0),
            ("north", 1),
        ]
        # A clean shutdown hands its leases over at once.
        await store.release("alive")
        assert len(await store.claim("next", 10, 30, now=132)) == 5
    finally:
        await store.close()


async def test_concurrent_claims_never_share_a_message(pg_url: str) -> None:
    stores = [await Store.open(pg_url) for _ in range(3)]
    try:
        referee = Referee(stores[0])
        messages = []
        for _ in range(6):
            record = await referee.create("vaults", guild_id="1", created_by="u")
            messages += [_message(record.id, "public", n) for n in range(10)]
        await stores[0].enqueue(messages)
        owners: dict[int, str] = {}

        async def worker(store: Store, name: str) -> None:
            while True:
                batch = await store.claim(name, 3, 30)
                if not batch:
                    return
                for message in batch:
                    assert owners.setdefault(message.id, name) == name, "claimed twice"
                    await store.delivered(message.id)

        await asyncio.gather(*(worker(s, f"p{i}") for i, s in enumerate(stores)))
        assert len(owners) == len(messages)
        assert await stores[0].pending() == []
    finally:
        for store in stores:
            await store.close()
