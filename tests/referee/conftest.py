from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

import tests.vaults  # noqa: F401  (registers the test-only ruleset)
from bot.referee import Referee
from bot.store import Store


class Clock:
    """A clock the test moves by hand, so deadlines need no waiting."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    """The store on each backend: every referee test runs on SQLite and on PostgreSQL."""
    opened = await Store.open(database)
    yield opened
    await opened.close()


@pytest.fixture
def referee(store: Store, clock: Clock) -> Referee:
    return Referee(store, clock=clock)


async def started_game(referee: Referee, **settings: object) -> str:
    record = await referee.create(
        "vaults", guild_id="g1", created_by="alice", settings=dict(settings) or None
    )
    await referee.join(record.id, "alice", "north")
    await referee.join(record.id, "bob", "south")
    await referee.start(record.id, "alice")
    return record.id


async def dump(store: Store) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, to prove a refused order wrote nothing at all."""
    return await store.table_rows()
