"""The map workers' priority (bot/maps.py): by default a process pool's workers run at nice
5, below the event loop's process, which keeps its own; read back from the workers."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest

from bot.maps import MapPool
from bot.settings import Settings

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux priorities")


def _nice() -> int:
    return os.getpriority(os.PRIO_PROCESS, 0)


async def _workers_nice(pool: MapPool) -> int:
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(pool._executor(), _nice)
    finally:
        pool.close()


async def test_map_workers_run_below_the_event_loop_by_default() -> None:
    here = _nice()
    default = Settings.model_fields["map_nice"].default
    assert default == 5
    assert await _workers_nice(MapPool("process", 1, default)) == max(here, default)
    assert _nice() == here  # the bot's own process is left as it was


async def test_map_workers_at_nice_0_keep_the_processs_priority() -> None:
    assert await _workers_nice(MapPool("process", 1, 0)) == _nice()
