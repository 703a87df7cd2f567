"""Fixtures of the end-to-end tests: a running production bot against the fake Discord.

Game ids and dice seeds are made deterministic per test (from the test's name), so every
run of a test plays the same game: a failure reproduces.
"""

from __future__ import annotations

import hashlib
import itertools
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

import tests.vaults  # noqa: F401  (registers the Vaults ruleset and its catalogs)
from bot.referee import service
from tests.e2e.harness import Env
from tests.fakediscord import FakeWorld

ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


@pytest.fixture(autouse=True)
def deterministic_games(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    counter = itertools.count()

    def digest(kind: str) -> bytes:
        return hashlib.sha256(f"{request.node.nodeid}:{kind}:{next(counter)}".encode()).digest()

    monkeypatch.setattr(service, "new_seed", lambda: digest("seed"))
    monkeypatch.setattr(
        service, "_new_id", lambda: "".join(ALPHABET[b % 31] for b in digest("id")[:8])
    )
    yield


@pytest_asyncio.fixture
async def env(
    fake_world: FakeWorld, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[Env]:
    """The bot on a SQLite file; with REFEREE_TEST_DATABASE=postgres, on a new PostgreSQL
    database of the session's throwaway cluster (the e2e suite on PostgreSQL)."""
    database: Any = tmp_path / "referee.sqlite3"
    if os.environ.get("REFEREE_TEST_DATABASE") == "postgres":
        database = request.getfixturevalue("pg_cluster").new_database()
    environment = Env(fake_world, database)
    await environment.start_bot()
    if not isinstance(database, Path):
        assert environment.running.store.dialect == "postgres"
    try:
        yield environment
        if environment.bot is not None:
            await environment.assert_no_leaks_anywhere()
    finally:
        await environment.stop_bot()
