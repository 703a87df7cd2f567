"""Maps drawn off the event loop, several at once.

Drawing a War at Sea map is ~150 ms of Pillow work (half of it PNG encoding). In threads, the
drawing holds the GIL except while Pillow encodes; in processes, every core draws and the event
loop keeps its own. ``python -m bot bench delivery`` measures both on the machine at hand; the
setting ``REFEREE_MAP_POOL`` picks one: processes by default (on the busy 2-core machine the
bench ran on: 4.9x the old serial loop's orders per second, against 3.6x for threads).
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import hashlib
import multiprocessing
import os
from collections.abc import Mapping
from typing import Any, Literal

from rendering.registry import importable, render_view, renders

PoolKind = Literal["process", "thread"]


def _warm() -> None:
    """Load fonts and board data once per worker (the first map otherwise pays for it)."""
    import rendering.war_at_sea  # noqa: F401  (registers the renderer)


class MapPool:
    def __init__(self, kind: PoolKind = "process", workers: int | None = None) -> None:
        self.kind = kind
        self.workers = workers or max(1, min(4, os.cpu_count() or 1))
        self._pool: cf.Executor | None = None

    def _executor(self) -> cf.Executor:
        if self._pool is None:
            if self.kind == "process":
                # spawn, not fork: the bot's threads (SQLite, discord.py) must not be forked.
                context = multiprocessing.get_context("spawn")
                self._pool = cf.ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=_warm
                )
            else:
                self._pool = cf.ThreadPoolExecutor(self.workers, thread_name_prefix="maps")
        return self._pool

    async def draw(self, view: Mapping[str, Any] | None) -> bytes | None:
        """PNG bytes of this view's map, or None (no view, or a game without a map)."""
        ruleset = str((view or {}).get("ruleset", ""))
        if not view or not renders(ruleset):
            return None
        loop = asyncio.get_running_loop()
        if self.kind == "process" and not importable(ruleset):
            # Registered at run time in this process (a plug-in, a test): its workers lack it.
            return await asyncio.to_thread(render_view, dict(view))
        try:
            return await loop.run_in_executor(self._executor(), render_view, dict(view))
        except cf.BrokenExecutor:
            # A worker died (killed, out of memory): start a fresh pool, draw once more.
            self._pool = None
            return await loop.run_in_executor(self._executor(), render_view, dict(view))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def digest(png: bytes | None) -> str:
    """What a thread or DM was last shown of the map: the same bytes mean the same picture (the
    PNG encoding is deterministic, rendering/png.py)."""
    return hashlib.sha256(png).hexdigest()[:32] if png else ""
