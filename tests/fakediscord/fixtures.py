"""Pytest fixtures for the fake Discord. Use them from a conftest.py or a test module with

    pytest_plugins = ("tests.fakediscord.fixtures",)

(or import the fixture functions into a conftest.py).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from .server import FakeDiscord
from .world import FakeWorld, make_world


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord, patched into discord.py (Route.BASE, gateway URL) for the test."""
    async with FakeDiscord() as fake:
        yield fake


@pytest_asyncio.fixture
async def fake_world(fake_discord: FakeDiscord) -> FakeWorld:
    """``fake_discord`` populated by :func:`tests.fakediscord.world.make_world`."""
    return make_world(fake_discord)
