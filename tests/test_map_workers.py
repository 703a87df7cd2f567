"""The map workers' scheduling (bot/maps.py): a process pool's workers lower their own
priority (nice) and, as batch work, run under SCHED_BATCH; the event loop's process keeps its
own. Read back from the workers themselves."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest

from bot.maps import MapPool

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux scheduling")


def _scheduling() -> tuple[int, int]:
    return os.sched_getscheduler(0), os.getpriority(os.PRIO_PROCESS, 0)


async def _ask(pool: MapPool) -> tuple[int, int]:
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(pool._executor(), _scheduling)
    finally:
        pool.close()


async def test_batch_workers_run_as_batch_work_at_their_nice() -> None:
    here = _scheduling()
    policy, nice = await _ask(MapPool("process", 1, nice=3, batch=True))
    assert policy == os.SCHED_BATCH
    assert nice == here[1] + 3 or nice == 19
    assert _scheduling() == here  # the bot's own process is left as it was


async def test_workers_left_alone_by_default() -> None:
    here = _scheduling()
    assert await _ask(MapPool("process", 1)) == here
