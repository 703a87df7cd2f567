"""Fixtures of the end-to-end tests: a running production bot against the fake Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

import tests.vaults  # noqa: F401  (registers the Vaults ruleset and its catalogs)
from tests.e2e.harness import Env
from tests.fakediscord import FakeWorld


@pytest_asyncio.fixture
async def env(fake_world: FakeWorld, tmp_path: Path) -> AsyncIterator[Env]:
    environment = Env(fake_world, tmp_path / "referee.sqlite3")
    await environment.start_bot()
    try:
        yield environment
    finally:
        await environment.stop_bot()
